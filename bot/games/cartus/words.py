"""The words every Rattus Cartus text is made of: cards, buildings, classes, supplies, seats
and what a building action gives.

Every other module of the package speaks through `t` and `has` here, so that one catalogue
(the game's, over the bot's) names everything the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from bot.adapter import mark, who
from bot.i18n import BOT, Catalog
from engine.cartus import GAME
from engine.cartus.data import JOKER, SPECIALS, Effect
from engine.cartus.view_types import SupplyView

CATALOG = Catalog("bot.games.cartus", BOT, errors=GAME.messages.templates)

CLASS_IDS = ("peasantry", "bourgeoisie", "church", "chivalry", "magic", "royalty")


def t(key: str, lang: str, /, **params: Any) -> str:
    """A Cartus text (or the bot's)."""
    return CATALOG.t(key, lang, **params)


def has(key: str) -> bool:
    """True when the Cartus catalogue (or the bot's) has `key`."""
    return CATALOG.has(key)


def split_card(card: str) -> tuple[str, int | None]:
    """A card id as its character (or special kind) and its nuns (None for a special)."""
    kind = card.rstrip("0123456789")
    digits = card[len(kind) :]
    return kind, int(digits) if digits else None


def card_name(card: str, lang: str) -> str:
    """A card in a list: "Monk (3 nuns)", "Joker"."""
    kind, nuns = split_card(card)
    if not has(f"card.{kind}"):
        return card
    if nuns is None:
        return t(f"card.{kind}", lang)
    return t("card.nuns", lang, card=t(f"card.{kind}", lang), nuns=nuns)


def character(card: str, lang: str) -> str:
    """The character (or special kind) of a card, without its nuns: "Monk"."""
    kind, _ = split_card(card)
    return t(f"card.{kind}", lang) if has(f"card.{kind}") else card


def card_phrase(card: str, lang: str) -> str:
    """A card in a sentence: "a Monk with 3 nuns", "a Joker"."""
    kind, nuns = split_card(card)
    if not has(f"card.a.{kind}"):
        return card
    if nuns is None:
        return t(f"card.a.{kind}", lang)
    return t("card.with_nuns", lang, card=t(f"card.a.{kind}", lang), nuns=nuns)


def cards_text(cards: Iterable[str], lang: str) -> str:
    """Several cards: "2 × Monk (3 nuns), Joker" (or "none")."""
    counts: dict[str, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    if not counts:
        return t("cards.none", lang)
    return ", ".join(
        card_name(c, lang) if n == 1 else f"{n} × {card_name(c, lang)}" for c, n in counts.items()
    )


def pile_text(kind: str, count: int, lang: str) -> str:
    """A number of special cards of one kind: "2 Jokers", "1 Gold card"."""
    return t(f"pile.{kind}", lang, count=count)


def building_type(building_id: str) -> str:
    """The type of a building card id ("monastery-3" -> "monastery")."""
    return building_id.rsplit("-", 1)[0]


def building(building_id: str, lang: str, form: str = "name") -> str:
    """A building card by its type, in one of the forms a sentence needs: name ("Hospital"),
    the ("the Hospital", "l'Hôpital"), of ("of the Hospital", "de l'Hôpital"),
    in ("in the Hospital", "dans l'Hôpital"), into ("the Hospital", "dans l'Hôpital": what
    one enters)."""
    return t(f"building.{form}", lang, type=building_type(building_id))


def class_name(klass: str, lang: str) -> str:
    """A class of the population."""
    return t(f"class.{klass}", lang) if has(f"class.{klass}") else klass


def supply_text(supply: SupplyView, lang: str) -> str:
    """A supply action in words: "draw 2 cards + look at a nun card"."""
    parts = []
    if supply["draw"]:
        parts.append(t("supply.draw", lang, count=supply["draw"]))
    if supply["rats"]:
        parts.append(t("supply.rats", lang, count=supply["rats"]))
    if supply["look"]:
        parts.append(t("supply.look", lang))
    return " + ".join(parts) if parts else t("supply.nothing", lang)


def seat_label(seat: int, lang: str) -> str:
    """A seat where no name is known (pickers and prompts): its colour and number."""
    return t("seat.label", lang, mark=mark(seat), number=seat + 1)


def players_text(names: Sequence[str], seats: Iterable[int], lang: str) -> str:
    """Several players: "🟧 alice, 🟦 bob" (or "nobody")."""
    listed = [who(names, int(s)) for s in seats]
    return ", ".join(listed) if listed else t("players.none", lang)


def tier(premium: bool, lang: str) -> str:
    """ "premium" or "standard" (action)."""
    return t("tier.premium" if premium else "tier.standard", lang)


def effect_words(effect: Effect, lang: str) -> str:
    """A building action from the data file, in words (the rules, card by card)."""
    if effect.effect == "draw_per_influence":
        return t("effect.draw_per_influence", lang, per=effect.per)
    if effect.effect == "hospital":
        return t("effect.hospital_rules", lang, rats=effect.rats, cards=effect.cards)
    card = SPECIALS[effect.card - JOKER].value if effect.effect == "take" else None
    return effect_text(effect.effect, effect.amount, card, lang)


def effect_text(effect: str, amount: int, card: str | None, lang: str) -> str:
    """What a building action gives, in a few words: "2 Jokers", "4 cards"."""
    if effect == "take" and card:
        return pile_text(card, amount, lang)
    if effect == "draw":
        return t("effect.draw", lang, count=amount)
    if effect == "vp":
        return t("effect.vp", lang, count=amount)
    if effect == "look":
        return t("effect.look", lang, count=amount)
    if effect == "discard_rats":
        return t("effect.discard_rats", lang, count=amount)
    if effect == "hospital":
        return t("effect.hospital", lang, count=amount)
    if effect == "guard_tower":
        return t("effect.guard_tower", lang)
    return t("effect.none", lang)
