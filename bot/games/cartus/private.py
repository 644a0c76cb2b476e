"""What only one Rattus Cartus seat knows, in words: its hand, its face-down cards, its rats,
the nun cards it looked at and its secret supply choice, for `/game hand` and its DMs.

Everything here reads the seat's own view and reaches that seat only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict

from bot.games.cartus.offers import describe
from bot.games.cartus.words import building, cards_text, character, t
from engine.cartus.view_types import CardView, CartusSeatView, CartusView, MySupplyView


def _own_placed(view: CartusView, seat: int) -> list[tuple[str, list[str]]]:
    """(building id, cards) of the seat's face-down cards not yet revealed."""
    out = []
    for b in view["row"]:
        for v in b["visits"]:
            cards = v["cards"]
            if v["seat"] == seat and cards and not v["revealed"]:
                out.append((b["id"], list(cards)))
    return out


def hand_line(view: CartusSeatView, lang: str) -> str:
    """The seat's hand."""
    hand = [c["card"] for c in view["hand"]]
    if not hand:
        return t("hand.empty", lang)
    return t("hand.cards", lang, count=len(hand), cards=cards_text(hand, lang))


def placed_lines(view: CartusView, seat: int, lang: str) -> list[str]:
    """The seat's own face-down cards."""
    return [
        t("hand.placed", lang, building=building(bid, lang, "in"), cards=cards_text(cards, lang))
        for bid, cards in _own_placed(view, seat)
    ]


def rats_line(view: CartusSeatView, lang: str) -> str:
    """The seat's rat total (its own view only)."""
    return t("hand.rats", lang, count=view["rats"])


def nuns_line(view: CartusSeatView, lang: str) -> str:
    """The nun cards the seat looked at."""
    known = view["nuns_known"]
    seen = [(i, k) for i, k in enumerate(known) if k is not None]
    if not seen:
        return t("hand.no_nuns", lang)
    cards = t("sep", lang).join(
        t(
            "hand.nun",
            lang,
            position=i + 1,
            nuns=k["nuns"],
            card=character(k["card"], lang),
        )
        for i, k in seen
    )
    return t(
        "hand.nuns",
        lang,
        cards=cards,
        total=sum(k["nuns"] for _, k in seen),
        unseen=len(known) - len(seen),
    )


def supply_line(view: CartusSeatView, lang: str) -> str | None:
    """The seat's secret answer in a simultaneous supply, while the others choose."""
    mine = view["my_supply"]
    if not mine or view["phase"] != "supply":
        return None
    text = "supply " + str(mine["building"] + 1)
    if mine["look"] is not None:
        text += f" look {mine['look'] + 1}"
    return t("hand.my_supply", lang, choice=describe(text, lang, view))


def private_lines(view: CartusSeatView, seat: int, lang: str) -> list[str]:
    """Everything only this seat knows."""
    lines = [hand_line(view, lang), *placed_lines(view, seat, lang), rats_line(view, lang)]
    lines.append(nuns_line(view, lang))
    mine = supply_line(view, lang)
    if mine:
        lines.append(mine)
    return lines


class Secret(TypedDict):
    """What only a seat knows (when it changes, the seat is told)."""

    hand: list[str]  # card ids
    placed: list[tuple[str, list[str]]]  # its face-down cards: (building id, cards)
    rats: int
    nuns: list[CardView | None]
    supply: MySupplyView | None


def secret(view: CartusSeatView) -> Secret | None:
    """What only the seat knows: its hand, face-down cards, rats, nun cards, secret supply."""
    seat = view["seat"]
    if seat is None:
        return None
    return {
        "hand": [c["card"] for c in view["hand"]],
        "placed": _own_placed(view, seat),
        "rats": view["rats"],
        "nuns": view["nuns_known"],
        "supply": view["my_supply"],
    }


def private_update(
    lines: Sequence[str],
    before: CartusSeatView | None,
    after: CartusSeatView,
    seat: int,
    lang: str,
) -> list[str]:
    """A seat's DM lines after some actions: its private events' lines, then a line for each
    part of its secret that changed."""
    out = list(lines)
    if before is None:
        return out
    old, new = secret(before), secret(after)
    if old is None or new is None:  # a seat's own views always have their seat
        return out
    if old["hand"] != new["hand"]:
        out.append(hand_line(after, lang))
    if old["placed"] != new["placed"]:
        out.extend(placed_lines(after, seat, lang))
    if old["rats"] != new["rats"]:
        out.append(rats_line(after, lang))
    if old["nuns"] != new["nuns"]:
        out.append(nuns_line(after, lang))
    if old["supply"] != new["supply"]:
        mine = supply_line(after, lang)
        if mine:
            out.append(mine)
    return out
