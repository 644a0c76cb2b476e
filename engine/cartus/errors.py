"""Rattus Cartus's rules errors: its codes, their English templates, and its error classes."""

from __future__ import annotations

from engine.core.errors import Messages, error_kinds

TEMPLATES: dict[str, str] = {
    # Codes that Rattus also has keep its exact words: the bot's catalogue is shared.
    "bad_option": "Unknown game option {option}.",
    "bad_players": "This game takes {low} to {high} players, not {players}.",
    "bad_number": "{value} is not a valid {what}.",
    "wrong_phase": "You cannot do that now: {phase}.",
    "no_card": "You do not hold the {card}.",
    # Cartus's own codes.
    "bad_buildings": (
        "Choose the buildings as one_type, random, or a list of six building types, one per "
        "class ({detail})."
    ),
    "unknown_card_id": "There is no card called {card}.",
    "no_building": "There is no building number {position} in this round's row.",
    "no_nun_card": "There is no nun card number {position}: the Nun row has 5 cards.",
    "look_needed": (
        "The supply action of building {position} looks at a nun card: say which one "
        "(supply {position} look 1-5)."
    ),
    "no_look": "The supply action of building {position} does not look at a nun card.",
    "no_pass": "You hold no Pass card.",
    "not_placeable": (
        "{card} cannot be placed in a building: only Population cards, Jokers, Swords and "
        "Flutes can."
    ),
    "not_placed": "You have not placed {card} in this building.",
    "not_candidate": "Seat {seat} is not one of the players you may choose here.",
    "look_count": "Look at {count} nun card(s) here.",
    "same_nun_card": "Look at two different nun cards.",
}

PHASE_TEXT: dict[str, str] = {
    "supply": "every player takes a supply action first",
    "visit": "it is time to enter a building (or play a Pass)",
    "place": "finish placing your cards first (done)",
    "sword_target": "the player with the most Swords is choosing who gives cards",
    "sword_give": "a player is giving cards for a Sword",
    "flute_target": "the player with the most Flutes is choosing who gets a rat",
    "gain": "a building action is waiting: take or decline",
    "look": "the Fortune-teller's tent is waiting for the nun cards to look at",
    "hospital": "the Hospital is waiting for cards to discard (or done)",
    "guard_give": "players are giving cards to the Guard Tower",
    "over": "the game is over",
}


def _english_name(key: str, value: object) -> str:
    if key == "phase" and isinstance(value, str):
        return PHASE_TEXT.get(value, value)
    if key == "card" and isinstance(value, str):
        from engine.cartus.data import card_index, english_card

        found = card_index().get(value)
        return english_card(found) if found is not None else value
    return ""


MESSAGES = Messages("cartus", TEMPLATES, _english_name)

# Subclasses of the core kinds (`except engine.core.errors.IllegalAction` catches them) that
# speak with this game's messages.
MalformedAction, IllegalAction, NotYourTurn, GameFinished = error_kinds(MESSAGES, __name__)
