"""How the bot speaks each game: labels, event lines, prompts."""
