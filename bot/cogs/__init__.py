"""Slash command groups: /game (common to every game) and one group per game."""
