"""Rattus Cartus on Discord: the adapter, the /cartus commands, the AI."""

from bot.games.cartus.adapter import ADAPTER

__all__ = ["ADAPTER"]
