"""The Discord bot: discord.py client, store, service, commands, buttons and DMs."""
