"""Computer players over the game contract: levels (easy, normal, hard) and the search behind
hard. Pure: no Discord, no bot; a game's greedy AI comes in as a parameter (`Decide`)."""

from ai.levels import BUDGETS, LEVELS, Level, hard_budget
from ai.policy import Decide, greedy, noisy
from ai.search import Budget, Rating, Settings, Thought, think

__all__ = [
    "BUDGETS",
    "LEVELS",
    "Budget",
    "Decide",
    "Level",
    "Rating",
    "Settings",
    "Thought",
    "greedy",
    "hard_budget",
    "noisy",
    "think",
]
