"""Rattus Cartus in the bot: its AI (the adapter, cog and catalogue come later)."""
