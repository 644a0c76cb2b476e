"""Rat Race on Discord: the adapter and the /toy commands of the throwaway seam game."""

from bot.games.toy.adapter import ADAPTER

__all__ = ["ADAPTER"]
