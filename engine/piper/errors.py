"""The Pied Piper's rules errors: its codes, their English templates, and its error classes."""

from __future__ import annotations

from engine.core.errors import Messages, error_kinds
from engine.piper.components import Card, card_names, figure_names

TEMPLATES: dict[str, str] = {
    "bad_option": "Unknown game option {option}.",
    "bad_variant": "{variant} is not a variant of The Pied Piper: use ptits_rats or hidden.",
    "variants_combined": "The p'tits rats and hidden-cards variants cannot be played together.",
    "bad_players": "This game takes {low} to {high} players, not {players}.",
    "unknown_action_card": "There is no action card called {card}.",
    "bad_slot": "{value} is not a character: give its place in the row, 1 to 4.",
    "wrong_phase": "You cannot do that now: {phase}.",
    "card_not_in_hand": "You have no {card} card in your hand.",
    "character_full": "The {character} in place {slot} already has two action cards.",
    "same_character": (
        "Your two cards of a turn go under two different characters: the {character} in "
        "place {slot} already has your first one."
    ),
    "hidden_not_allowed": "Cards are played face down only in the hidden-cards variant.",
    "one_hidden": "Only one of your two cards may be played face down this turn.",
    "not_activating": "The character in place {slot} is not one of those to activate.",
}

PHASE_TEXT: dict[str, str] = {
    "play": "play an action card under a character",
    "order": "choose which character is activated first",
    "over": "the game is over",
}


def _english_name(key: str, value: object) -> str:
    if key == "card" and isinstance(value, str):
        try:
            return card_names()[Card(value)]
        except ValueError:
            return value
    if key == "character" and isinstance(value, str):
        return figure_names().get(value, value)
    if key == "phase" and isinstance(value, str):
        return PHASE_TEXT.get(value, value)
    return ""


MESSAGES = Messages("piper", TEMPLATES, _english_name)

# Subclasses of the core kinds (`except engine.core.errors.IllegalAction` catches them) that
# speak with this game's messages.
MalformedAction, IllegalAction, NotYourTurn, GameFinished = error_kinds(MESSAGES, __name__)
