"""How the bot plays the Pied Piper: its AI (the adapter comes with the bot package)."""
