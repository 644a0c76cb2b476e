"""Rattus's rules errors: its codes, their English templates, and its error classes."""

from __future__ import annotations

from engine.core.errors import Messages, error_kinds
from engine.rattus.data import ClassCard, Region, card_info, region_names

TEMPLATES: dict[str, str] = {
    "unknown_region": "There is no region called {region}.",
    "unknown_card": "There is no class card called {card}.",
    "bad_number": "{value} is not a valid {what}.",
    "bad_option": "Unknown game option {option}.",
    "bad_players": "This game takes {low} to {high} players, not {players}.",
    "region_not_in_play": "{region} is not in play in this game.",
    "card_not_in_play": "The {card} is not in play in this game.",
    "wrong_phase": "You cannot do that now: {phase}.",
    "opening_one_region": "Place both opening cubes in the same region.",
    "already_took_card": "You have already taken a class card this turn.",
    "already_hold_card": "You already hold the {card}.",
    "already_placed": "You have already placed cubes this turn.",
    "no_rats_to_place": (
        "{region} has no rat tokens, so you cannot place cubes there (only the Peasant can)."
    ),
    "wrong_cube_count": "In {region} you may place {allowed} cube(s), not {count}.",
    "no_cubes_left": "You have no cubes left in your supply.",
    "no_card": "You do not hold the {card}.",
    "ability_used": "You have already used the {card} this turn.",
    "region_has_rats": (
        "The King only takes a cube from a region without rat tokens, and {region} has some."
    ),
    "no_cube_there": "You have no cube in {region}.",
    "not_enough_cubes": "You have only {have} cube(s) in {region}.",
    "merchant_count": "The Merchant moves 1 to 3 cubes, not {count}.",
    "not_neighbour": "{target} is not a neighbour of {source}.",
    "region_full": "{region} already holds 3 rat tokens.",
    "no_such_token": "{region} has no rat token number {position}.",
    "same_token": "Look at a different rat token the second time.",
    "witch_decide": "You have looked at two rat tokens: swap them or keep them where they are.",
    "swap_needs_two": "You can only swap two rat tokens you looked at in different regions.",
    "plague_must_move": "The plague piece must leave {region}.",
    "plague_too_far": "The plague piece cannot reach {region} from {source} in {steps} step(s).",
    "knight_needed": "Only the Knight makes the plague piece count as two cubes.",
    "final_knight_counts": (
        "In the final round the plague piece moved by the Knight counts as two cubes: add +2."
    ),
    "spread_count": "Place exactly {count} rat token(s).",
    # Africanus
    "not_africanus": "That belongs to the Africanus expansion, which this game does not use.",
    "unknown_region_card": "There is no region card called {region_card}.",
    "bad_standing": "{value} is not a standing order: use always, never or ask.",
    "no_region_cards_left": "There are no region cards left to draw.",
    "no_such_card": "Choose one of the {count} card(s) you drew.",
    "not_explored": "{region} is not one of the regions the Explorer revealed.",
    "no_diplomat_left": "There is no diplomat left in the supply.",
    "diplomat_already_there": "You already have a diplomat in {region}.",
    "no_diplomat_there": "You have no diplomat in {region}.",
    "diplomat_must_move": (
        "All your cubes leave {region}, so the cube with your diplomat goes too: move it"
        " with the diplomat."
    ),
    "caravan_return": "The caravan may not come back to {region} in the same move.",
    "final_no_cubes": (
        "No cube may be added in the final round (only the Peasant adds one): the {card}"
        " cannot be used now."
    ),
    "not_in_hand": "You do not hold the region card {region_card}.",
    "card_does_not_fit": "The region card {region_card} cannot protect the {card}.",
    "already_protected": "Your {card} is already protected in this region.",
    "nothing_to_ravage": "{region} has nothing left for the plague to ravage.",
}

PHASE_TEXT: dict[str, str] = {
    "opening": "the players are placing their opening cubes",
    "main": "take a card, place cubes, use your cards or move the plague",
    "witch": "finish the Witch's spell first",
    "spread": "place the new rat tokens first",
    "final": "in the final round you may only use your class cards",
    "over": "the game is over",
    "caravan": "the caravan is being placed",
    "astronomer": "keep one of the region cards you drew first",
    "explorer": "place a cube in a revealed region, or none, first",
    "reaction": "the plague waits for players to protect their class cards",
    "ravage_order": "the last player is choosing which region the plague ravages next",
}


def _english_name(key: str, value: object) -> str:
    if key in ("region", "source", "target") and isinstance(value, str):
        try:
            return region_names()[Region(value)]
        except ValueError:
            return value
    if key == "card" and isinstance(value, str):
        try:
            return card_info()[ClassCard(value)]["name"]
        except ValueError:
            return value
    if key == "phase" and isinstance(value, str):
        return PHASE_TEXT.get(value, value)
    return ""


MESSAGES = Messages("rattus", TEMPLATES, _english_name)

# Subclasses of the core kinds (`except engine.core.errors.IllegalAction` catches them) that
# speak with this game's messages.
MalformedAction, IllegalAction, NotYourTurn, GameFinished = error_kinds(MESSAGES, __name__)
