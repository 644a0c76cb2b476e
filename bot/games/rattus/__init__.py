"""Rattus (and its Africanus expansion) on Discord: the adapter, the /rattus commands, the AI."""

from bot.games.rattus.adapter import ADAPTER

__all__ = ["ADAPTER"]
