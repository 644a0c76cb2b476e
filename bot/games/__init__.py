"""One package per game: its adapter (what the bot says and offers), its cog, its AI and its
locale catalogue. `bot.adapter.adapters()` finds every package here that has an ADAPTER."""
