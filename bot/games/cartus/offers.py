"""What a Rattus Cartus player is offered and asked: the verbs that group actions into
buttons, each action in words, the prompt of each decision and the DM of a window.

Public labels and prompts come from action texts and the public view only; a seat's own view
is passed only to its private pickers and confirmations (to name the row's buildings, the
pending gain and the nun cards it already saw).
"""

from __future__ import annotations

from typing import TypedDict

from bot.adapter import mark
from bot.games.cartus.words import (
    building,
    card_phrase,
    class_name,
    effect_text,
    has,
    seat_label,
    supply_text,
    t,
    tier,
)
from engine.cartus.view_types import CartusSeatView, CartusView, RowBuildingView
from engine.core.contract import Decision

# Verbs (how actions are grouped into buttons) in the order the turn message shows them.
# "enter" gathers the Pass and "cards" every action drawn from the hand (and its "done"), so
# that no button's presence tells what a hidden hand holds.
VERBS = ("supply", "enter", "cards", "target", "take", "decline", "look", "give")
_VERB_OF = {"pass": "enter", "play": "cards", "withdraw": "cards", "discard": "cards"}
_VERB_OF["done"] = "cards"
# First words of the actions whose text names a card of the hand or a secret choice.
PRIVATE_WORDS = frozenset({"supply", "pass", "play", "withdraw", "discard", "give", "done"})


def _row_entry(view: CartusView | None, position: int) -> RowBuildingView | None:
    row = view["row"] if view is not None else []
    return row[position] if 0 <= position < len(row) else None


def verb_of(action: str) -> str:
    """The button group of an action text."""
    words = action.split()
    if not words:
        return action
    return _VERB_OF.get(words[0], words[0])


def _number(word: str) -> int:
    return int(word) if word.isdigit() else 0


def _nun_hint(view: CartusSeatView | None, position: int, lang: str) -> str:
    """ " (seen: 3 nuns)" for a nun card the seat already looked at (its own view only)."""
    known = view["nuns_known"] if view is not None else []
    card = known[position] if 0 <= position < len(known) else None
    if card is not None:
        return " " + t("nun.seen_hint", lang, nuns=card["nuns"])
    return ""


def describe(action: str, lang: str, view: CartusSeatView | None = None) -> str:
    """A player-facing description of one action, from its text form.

    `view` is the deciding seat's own view, passed only in private pickers and confirmations
    (to name the buildings of the row, the pending gain, the nun cards it already saw).
    """
    words = action.split()
    if not words:
        return action
    verb, args = words[0], words[1:]
    if verb == "supply" and args:
        b = _number(args[0])
        entry = _row_entry(view, b - 1)
        look = _number(args[2]) if len(args) == 3 else 0
        if entry is not None:
            text = t(
                "action.supply_known",
                lang,
                building=building(entry["id"], lang),
                number=b,
                supply=supply_text(entry["supply"], lang),
            )
        else:
            text = t("action.supply", lang, number=b)
        if look:
            text += t("action.supply_look", lang, position=look) + _nun_hint(view, look - 1, lang)
        return text
    if verb == "enter" and args:
        b = _number(args[0])
        entry = _row_entry(view, b - 1)
        if entry is not None:
            return t(
                "action.enter_known",
                lang,
                building=building(entry["id"], lang, "into"),
                klass=class_name(entry["class"], lang),
                number=b,
            )
        return t("action.enter", lang, number=b)
    if verb in ("play", "withdraw", "give", "discard") and args:
        return t(f"action.{verb}", lang, card=card_phrase(args[0], lang))
    if verb == "done":
        phase = view["phase"] if view is not None else None
        return t("action.done_hospital" if phase == "hospital" else "action.done", lang)
    if verb == "target" and args:
        seat = _number(args[0]) - 1
        pending = view["pending"] if view is not None else None
        card = pending["effect"] if pending is not None else None
        key = "action.target_sword" if card == "sword" else "action.target"
        return t(key, lang, seat=seat_label(seat, lang))
    if verb == "take":
        pending = view["pending"] if view is not None else None
        if pending is not None and pending["effect"]:
            return t(
                "action.take_known",
                lang,
                what=effect_text(pending["effect"], pending["amount"], pending["card"], lang),
            )
        return t("action.take", lang)
    if verb == "look" and args:
        first = _number(args[0])
        if len(args) == 2:
            second = _number(args[1])
            return t(
                "action.look2",
                lang,
                first=f"{first}{_nun_hint(view, first - 1, lang)}",
                second=f"{second}{_nun_hint(view, second - 1, lang)}",
            )
        return t("action.look", lang, position=first) + _nun_hint(view, first - 1, lang)
    key = f"action.{verb}"
    return t(key, lang) if has(key) and not args else action


def group_label(prefix: str, lang: str) -> str:
    """A label for a group of a long list: the verb, or one action of it."""
    words = prefix.split()
    if len(words) == 1 and has(f"verb.{verb_of(prefix)}"):
        return describe(prefix, lang) if words[0] == "done" else t(f"verb.{words[0]}", lang)
    return describe(prefix, lang)


# ---------------------------------------------------------------- prompts and windows


def _placing(view: CartusView, seat: int) -> RowBuildingView | None:
    """The building a seat is placing cards in (phase C), from the row."""
    for b in view["row"]:
        for v in b["visits"]:
            if v["seat"] == seat and not v["done"]:
                return b
    return None


class PendingWords(TypedDict):
    """The open decision inside a building, in words for the prompts."""

    building: str
    tier: str
    receiver: str
    count: int
    owed: int


def _pending_words(view: CartusView, lang: str) -> PendingWords:
    pending = view["pending"]
    if pending is None:
        return {"building": "?", "tier": tier(False, lang), "receiver": "?", "count": 0, "owed": 0}
    receiver = pending["receiver"]
    return {
        "building": building(pending["building_id"], lang, "of"),
        "tier": tier(pending["premium"], lang),
        "receiver": mark(receiver) if receiver is not None else "?",
        "count": pending["amount"],
        "owed": sum(pending["owed"].values()),
    }


def prompt(view: CartusView, decision: Decision, seat: int, lang: str) -> str:
    """What `seat` must decide now (from the public view: never a hidden card)."""
    phase = decision.phase
    if phase == "supply":
        return t("prompt.supply_window" if decision.window else "prompt.supply", lang)
    if phase == "visit":
        passes = "pass" in view["specials_in_play"]
        return t("prompt.visit_pass" if passes else "prompt.visit", lang)
    if phase == "place":
        entry = _placing(view, seat)
        where = building(entry["id"], lang, "in") if entry else "?"
        return t("prompt.place", lang, building=where)
    words = _pending_words(view, lang)
    pending = view["pending"]
    if phase == "gain":
        effect = str(pending["effect"] if pending is not None else None)
        if effect == "guard_tower":
            return t("prompt.gain_guard", lang, count=words["count"])
        card = pending["card"] if pending is not None else None
        what = effect_text(effect, words["count"], card, lang)
        return t("prompt.gain", lang, what=what, building=words["building"], tier=words["tier"])
    if phase in ("sword_give", "guard_give"):
        owed = pending["owed"].get(str(seat), 0) if pending is not None else 0
        return t(f"prompt.{phase}", lang, count=owed, receiver=words["receiver"])
    key = f"prompt.{phase}"
    if has(key):
        return t(key, lang, count=words["count"], building=words["building"])
    return t("prompt.window" if decision.window else "prompt.main", lang)


def window_lines(
    view: CartusSeatView, seat: int, game_id: int, minutes: float, lang: str
) -> list[str]:
    """The DM asking a seat to answer a window: the secret supply choice, or the cards owed,
    with how long it has."""
    phase = view["phase"]
    time = f"{minutes:g}"
    if phase == "supply":
        return [t("window.supply", lang, id=game_id, minutes=time)]
    pending = view["pending"]
    owed = pending["owed"].get(str(seat), 0) if pending is not None else 0
    receiver = pending["receiver"] if pending is not None else None
    if phase in ("sword_give", "guard_give") and receiver is not None:
        return [
            t(
                f"window.{phase}",
                lang,
                id=game_id,
                minutes=time,
                count=owed,
                receiver=seat_label(receiver, lang),
            )
        ]
    return [t("window.ask", lang, id=game_id, minutes=time)]
