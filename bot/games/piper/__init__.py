"""The Pied Piper (Le Joueur de Flûte) on Discord: the adapter, the /piper commands, the AI."""

from bot.games.piper.adapter import ADAPTER

__all__ = ["ADAPTER"]
