"""How the bot speaks Rattus Cartus: action labels, event lines, prompts, private lines, the
ranking and the rules summary.

Everything works on action texts, event dicts and views (what the store keeps and what the
engine shows), never on a full state. Public lines never name a card of a hidden hand, a card
lying face down or a rat total: the engine's public events carry none (only rat changes), and
the lines here only say what their event says. What a hand holds reaches its owner only:
private events and `private_lines` go by DM or in `/game hand`, and every action drawn from a
hand is chosen in a private picker.
"""

from __future__ import annotations

import logging
import random
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict

from bot.adapter import MEDALS, GameAdapter, OptionError, mark, who
from bot.i18n import BOT, LANGUAGES, Catalog
from engine.cartus import GAME
from engine.cartus.data import (
    CLASSES,
    JOKER,
    SPECIALS,
    BuildingType,
    Effect,
    buildings,
    card_index,
)
from engine.cartus.view_types import (
    CardView,
    CartusSeatView,
    CartusView,
    MySupplyView,
    RowBuildingView,
    SupplyView,
)
from engine.core.contract import Decision

if TYPE_CHECKING:
    from discord.ext import commands

log = logging.getLogger(__name__)

CATALOG = Catalog("bot.games.cartus", BOT, errors=GAME.messages.templates)

# Verbs (how actions are grouped into buttons) in the order the turn message shows them.
# "enter" gathers the Pass and "cards" every action drawn from the hand (and its "done"), so
# that no button's presence tells what a hidden hand holds.
VERBS = ("supply", "enter", "cards", "target", "take", "decline", "look", "give")
_VERB_OF = {"pass": "enter", "play": "cards", "withdraw": "cards", "discard": "cards"}
_VERB_OF["done"] = "cards"
# First words of the actions whose text names a card of the hand or a secret choice.
PRIVATE_WORDS = frozenset({"supply", "pass", "play", "withdraw", "discard", "give", "done"})

CHARACTERS = ("peasant", "merchant", "monk", "knight", "witch", "king")
SPECIAL_CARDS = ("joker", "sword", "flute", "pass", "gold")
CLASS_IDS = ("peasantry", "bourgeoisie", "church", "chivalry", "magic", "royalty")
SCORE_LINES = (*CLASS_IDS, "hand", "sword", "flute", "pass", "gold", "vp_tokens")
VARIANTS = ("simultaneous", "fewest_rats")


def t(key: str, lang: str, /, **params: Any) -> str:
    """A Cartus text (or the bot's)."""
    return CATALOG.t(key, lang, **params)


def _has(key: str) -> bool:
    return CATALOG.has(key)


# ---------------------------------------------------------------- names


def split_card(card: str) -> tuple[str, int | None]:
    """A card id as its character (or special kind) and its nuns (None for a special)."""
    kind = card.rstrip("0123456789")
    digits = card[len(kind) :]
    return kind, int(digits) if digits else None


def card_name(card: str, lang: str) -> str:
    """A card in a list: "Monk (3 nuns)", "Joker"."""
    kind, nuns = split_card(card)
    if not _has(f"card.{kind}"):
        return card
    if nuns is None:
        return t(f"card.{kind}", lang)
    return t("card.nuns", lang, card=t(f"card.{kind}", lang), nuns=nuns)


def character(card: str, lang: str) -> str:
    """The character (or special kind) of a card, without its nuns: "Monk"."""
    kind, _ = split_card(card)
    return t(f"card.{kind}", lang) if _has(f"card.{kind}") else card


def card_phrase(card: str, lang: str) -> str:
    """A card in a sentence: "a Monk with 3 nuns", "a Joker"."""
    kind, nuns = split_card(card)
    if not _has(f"card.a.{kind}"):
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
    return t(f"class.{klass}", lang) if _has(f"class.{klass}") else klass


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


def _row_entry(view: CartusView | None, position: int) -> RowBuildingView | None:
    row = view["row"] if view is not None else []
    return row[position] if 0 <= position < len(row) else None


def _effect_words(effect: Effect, lang: str) -> str:
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


# ---------------------------------------------------------------- actions


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
    return t(key, lang) if _has(key) and not args else action


def group_label(prefix: str, lang: str) -> str:
    """A label for a group of a long list: the verb, or one action of it."""
    words = prefix.split()
    if len(words) == 1 and _has(f"verb.{verb_of(prefix)}"):
        return describe(prefix, lang) if words[0] == "done" else t(f"verb.{words[0]}", lang)
    return describe(prefix, lang)


# ---------------------------------------------------------------- events


def _supply_taken(e: Mapping[str, Any], p: str, names: Sequence[str], lang: str) -> str:
    # The rats discarded and the nun card looked at have their own lines.
    where = building(str(e["building_id"]), lang, "of")
    if e.get("drawn"):
        return t("event.supply_taken_drew", lang, player=p, building=where, count=int(e["drawn"]))
    return t("event.supply_taken", lang, player=p, building=where)


def _buildings_drawn(e: Mapping[str, Any], p: str, names: Sequence[str], lang: str) -> str:
    row = [
        t("row.entry", lang, number=i + 1, building=building(b, lang), klass=_klass_of(b, lang))
        for i, b in enumerate(e["row"])
    ]
    line = t("event.buildings_drawn", lang, row=t("sep", lang).join(row))
    for r in e.get("replaced") or []:
        line += " " + t(
            "event.building_replaced",
            lang,
            returned=building(str(r["returned"]), lang),
            drawn=building(str(r["drawn"]), lang),
        )
    return line


def _klass_of(building_id: str, lang: str) -> str:
    kind = building_type(building_id)
    for info in buildings():
        if info.type.value == kind:
            return class_name(CLASS_IDS[info.klass], lang)
    return "?"


def _game_set_up(e: Mapping[str, Any], p: str, names: Sequence[str], lang: str) -> str:
    kinds: dict[str, int] = {}
    for b in e["buildings"]:
        kinds[building_type(b)] = kinds.get(building_type(b), 0) + 1
    listed = ", ".join(
        f"{building(k, lang)} ×{n}" for k, n in sorted(kinds.items(), key=lambda kv: _order(kv[0]))
    )
    return t(
        "event.game_set_up",
        lang,
        players=int(e["players"]),
        rounds=int(e["rounds"]),
        per_round=int(e["buildings_per_round"]),
        hand=int(e["hand_size"]),
        buildings=listed,
        supply=t(f"supply_mode.{e['supply']}", lang),
    )


def _order(kind: str) -> int:
    values = [b.value for b in BuildingType]
    return values.index(kind) if kind in values else len(values)


def _visit_entries(e: Mapping[str, Any], names: Sequence[str], lang: str) -> str:
    return t("sep", lang).join(
        t(
            "reveal.visit",
            lang,
            player=who(names, int(v["seat"])),
            cards=cards_text(v["cards"], lang),
        )
        for v in e["visits"]
    )


def _special_compared(e: Mapping[str, Any], p: str, names: Sequence[str], lang: str) -> str:
    card = str(e["card"])
    played = ", ".join(f"{who(names, int(x['seat']))} {int(x['count'])}" for x in e["played"])
    head = t(f"compare.{card}", lang, played=played)
    if e.get("winner") is None:
        return head + " " + t("compare.tie", lang)
    winner = who(names, int(e["winner"]))
    if e.get("target") is None:
        return (
            head
            + " "
            + t(
                f"compare.choose_{card}",
                lang,
                winner=winner,
                candidates=players_text(names, e["candidates"], lang),
            )
        )
    target = who(names, int(e["target"]))
    if card == "sword":
        count = int(e.get("cards") or 0)
        key = "compare.sword_wins" if count else "compare.sword_nothing"
        return head + " " + t(key, lang, winner=winner, target=target, count=count)
    return head + " " + t("compare.flute_wins", lang, winner=winner, target=target)


def _target_chosen(e: Mapping[str, Any], p: str, names: Sequence[str], lang: str) -> str:
    target = who(names, int(e["target"]))
    if e["card"] == "sword":
        count = int(e.get("cards") or 0)
        key = "event.target_chosen_sword" if count else "event.target_chosen_sword_none"
        return t(key, lang, player=p, target=target, count=count)
    return t("event.target_chosen_flute", lang, player=p, target=target)


def _premium_awarded(e: Mapping[str, Any], p: str, names: Sequence[str], lang: str) -> str:
    where = building(str(e["building_id"]), lang)
    standard = players_text(names, e["standard"], lang)
    premium = e.get("premium")
    if e.get("last_round"):
        if premium is None:
            return t("event.premium_last_none", lang, building=where)
        return t("event.premium_last", lang, building=where, player=who(names, int(premium)))
    if premium is None:
        return t("event.premium_none", lang, building=where, standard=standard)
    key = "event.premium_awarded" if e["standard"] else "event.premium_alone"
    return t(key, lang, building=where, player=who(names, int(premium)), standard=standard)


def _action_taken(e: Mapping[str, Any], p: str, names: Sequence[str], lang: str) -> str:
    effect = str(e["effect"])
    amount = int(e.get("amount") or 0)
    params = {
        "player": p,
        "building": building(str(e["building_id"]), lang, "of"),
        "tier": tier(bool(e.get("premium")), lang),
        "count": amount,
    }
    if effect == "take":
        if e.get("empty"):
            return t("event.taken_empty", lang, pile=pile_text(str(e["card"]), 2, lang), **params)
        return t("event.taken", lang, what=pile_text(str(e["card"]), amount, lang), **params)
    if effect == "draw":
        if e.get("empty") and not amount:
            return t("event.drawn_empty", lang, **params)
        key = "event.drawn_short" if e.get("empty") else "event.drawn"
        return t(key, lang, **params) if amount else t("event.drawn_none", lang, **params)
    if effect == "vp":
        return t("event.vp_short" if e.get("empty") else "event.vp", lang, **params)
    if effect in ("discard_rats", "look", "hospital", "guard_tower", "none"):
        return t(f"event.action_{effect}", lang, **params)
    return t("event.action_other", lang, **params)


def _guard_tower(e: Mapping[str, Any], p: str, names: Sequence[str], lang: str) -> str:
    givers = ", ".join(
        t("guard.giver", lang, player=who(names, int(g["seat"])), count=int(g["count"]))
        for g in e["givers"]
    )
    line = (
        t("event.guard_demanded", lang, player=p, hand=int(e["hand"]), givers=givers)
        if givers
        else t("event.guard_nobody", lang, player=p, hand=int(e["hand"]))
    )
    immune = [s for s in e.get("immune") or [] if s != e["seat"]]
    if immune:
        line += " " + t("event.guard_immune", lang, players=players_text(names, immune, lang))
    return line


def _rats_changed(e: Mapping[str, Any], p: str, names: Sequence[str], lang: str) -> str | None:
    delta = int(e["delta"])
    reason = str(e["reason"])
    if reason.startswith("flute_"):
        # The Flute's comparison (or its winner's choice) already said who gets the rat; and
        # a giver with no rat (a change of 0) must not be told apart.
        return None
    if delta > 0:
        return t(f"rats.gain_{reason}" if _has(f"rats.gain_{reason}") else "rats.gain", lang,
                 player=p, count=delta)  # fmt: skip
    if delta < 0:
        return t(f"rats.lose_{reason}" if _has(f"rats.lose_{reason}") else "rats.lose", lang,
                 player=p, count=-delta)  # fmt: skip
    # A change of 0 (a Flute's giver with no rat): saying so would tell a rat total.
    return None


def _player_score(e: Mapping[str, Any], p: str, names: Sequence[str], lang: str) -> str:
    key = "event.score_dead" if e.get("dead") else "event.score_alive"
    return t(
        key,
        lang,
        player=p,
        rats=int(e["rats"]),
        score=int(e["score"]),
        hand=cards_text(e.get("hand") or [], lang),
    )


def _game_ended(e: Mapping[str, Any], p: str, names: Sequence[str], lang: str) -> str:
    line = t("event.nun_row_revealed", lang, cards=cards_text(e["nun_row"], lang), nuns=e["nuns"])
    if e.get("winners"):
        winners = players_text(names, e["winners"], lang)
        return line + " " + t("event.winners", lang, players=winners, count=len(e["winners"]))
    return line + " " + t("event.no_winner", lang)


def _simple(key: str, **fields: Callable[[Mapping[str, Any], Sequence[str], str], Any]) -> Any:
    """A narrator whose parameters are computed from the event by `fields`."""

    def narrate_one(e: Mapping[str, Any], p: str, names: Sequence[str], lang: str) -> str:
        return t(key, lang, player=p, **{k: f(e, names, lang) for k, f in fields.items()})

    return narrate_one


def _field(name: str, plus: int = 0) -> Callable[[Mapping[str, Any], Sequence[str], str], Any]:
    return lambda e, names, lang: int(e[name]) + plus


def _seat_field(name: str) -> Callable[[Mapping[str, Any], Sequence[str], str], Any]:
    return lambda e, names, lang: who(names, e.get(name))


def _building_field(form: str) -> Callable[[Mapping[str, Any], Sequence[str], str], Any]:
    return lambda e, names, lang: building(str(e["building_id"]), lang, form)


def _cards_field(e: Mapping[str, Any], names: Sequence[str], lang: str) -> str:
    return cards_text(e["cards"], lang)


def _card_field(e: Mapping[str, Any], names: Sequence[str], lang: str) -> str:
    return card_phrase(str(e["card"]), lang)


def _order_field(e: Mapping[str, Any], names: Sequence[str], lang: str) -> str:
    return players_text(names, e["order"], lang)


def _waiting_field(e: Mapping[str, Any], names: Sequence[str], lang: str) -> str:
    return players_text(names, e["waiting"], lang)


def _positions_field(e: Mapping[str, Any], names: Sequence[str], lang: str) -> str:
    return " & ".join(str(int(x) + 1) for x in e["positions"])


def _reason_field(e: Mapping[str, Any], names: Sequence[str], lang: str) -> str:
    reason = str(e.get("reason"))
    key = f"reason.{reason}"
    return t(key, lang) if _has(key) else building(reason, lang)


def _hand_dealt(e: Mapping[str, Any], p: str, names: Sequence[str], lang: str) -> str:
    return t("event.hand_dealt", lang, cards=cards_text(e["cards"], lang))


def _cards_drawn(e: Mapping[str, Any], p: str, names: Sequence[str], lang: str) -> str:
    return t(
        "event.cards_drawn",
        lang,
        cards=cards_text(e["cards"], lang),
        reason=_reason_field(e, names, lang),
        count=len(e["cards"]),
    )


def _nun_looked(e: Mapping[str, Any], p: str, names: Sequence[str], lang: str) -> str:
    return t(
        "event.nun_looked",
        lang,
        player=p,
        positions=_positions_field(e, names, lang),
        count=len(e["positions"]),
        reason=_reason_field(e, names, lang),
    )


def _nun_seen(e: Mapping[str, Any], p: str, names: Sequence[str], lang: str) -> str:
    return t(
        "event.nun_seen",
        lang,
        position=int(e["position"]) + 1,
        nuns=int(e["nuns"]),
        card=character(str(e["card"]), lang),
    )


def _card_placed(e: Mapping[str, Any], p: str, names: Sequence[str], lang: str) -> str:
    key = "event.card_withdrawn" if e.get("withdrawn") else "event.card_placed"
    return t(key, lang, card=card_phrase(str(e["card"]), lang), count=int(e["placed"]))


def _cards_placed(e: Mapping[str, Any], p: str, names: Sequence[str], lang: str) -> str:
    return t(
        "event.cards_placed",
        lang,
        player=p,
        count=int(e["count"]),
        building=building(str(e["building_id"]), lang, "in"),
    )


def _cards_revealed(e: Mapping[str, Any], p: str, names: Sequence[str], lang: str) -> str:
    return t(
        "event.cards_revealed",
        lang,
        building=building(str(e["building_id"]), lang),
        klass=class_name(str(e["klass"]), lang),
        visits=_visit_entries(e, names, lang),
    )


def _influence(e: Mapping[str, Any], p: str, names: Sequence[str], lang: str) -> str:
    key = "event.influence_last" if e.get("reason") == "last_round" else "event.influence"
    return t(
        key,
        lang,
        player=p,
        count=int(e["amount"]),
        klass=class_name(str(e["klass"]), lang),
        total=int(e["total"]),
    )


def _card_given(e: Mapping[str, Any], p: str, names: Sequence[str], lang: str) -> str:
    key = "event.card_given_more" if int(e["left"]) else "event.card_given"
    return t(
        key,
        lang,
        giver=who(names, int(e["giver"])),
        receiver=who(names, int(e["receiver"])),
        reason=t(f"reason.{e['reason']}", lang),
        count=int(e["left"]),
    )


def _card_given_shown(e: Mapping[str, Any], p: str, names: Sequence[str], lang: str) -> str:
    return t(
        "event.card_given_shown",
        lang,
        giver=who(names, int(e["giver"])),
        receiver=who(names, int(e["receiver"])),
        card=card_name(str(e["card"]), lang),
        reason=t(f"reason.{e['reason']}", lang),
    )


def _action_declined(e: Mapping[str, Any], p: str, names: Sequence[str], lang: str) -> str:
    return t(
        "event.action_declined",
        lang,
        player=p,
        building=building(str(e["building_id"]), lang, "of"),
        tier=tier(bool(e.get("premium")), lang),
    )


def _card_discarded(e: Mapping[str, Any], p: str, names: Sequence[str], lang: str) -> str:
    return t(
        "event.card_discarded",
        lang,
        player=p,
        card=card_phrase(str(e["card"]), lang),
        count=int(e["left"]),
    )


def _round_began(e: Mapping[str, Any], p: str, names: Sequence[str], lang: str) -> str:
    return t(
        "event.round_last" if e.get("last") else "event.round_began",
        lang,
        round=int(e["round"]),
        rounds=int(e["rounds"]),
        player=who(names, int(e["first_player"])),
    )


def _round_ended(e: Mapping[str, Any], p: str, names: Sequence[str], lang: str) -> str:
    nxt = e.get("next_first_player")
    if nxt is None:
        return t("event.game_round_ended", lang, round=int(e["round"]))
    return t("event.round_ended", lang, round=int(e["round"]), player=who(names, int(nxt)))


def _supply_answered(e: Mapping[str, Any], p: str, names: Sequence[str], lang: str) -> str:
    if e["waiting"]:
        return t("event.supply_answered", lang, player=p, waiting=_waiting_field(e, names, lang))
    return t("event.supply_answered_last", lang, player=p)


def _pass_played(e: Mapping[str, Any], p: str, names: Sequence[str], lang: str) -> str:
    return t("event.pass_played", lang, player=p, order=_order_field(e, names, lang))


def _played_discarded(e: Mapping[str, Any], p: str, names: Sequence[str], lang: str) -> str:
    return t("event.played_cards_discarded", lang, count=len(e["cards"]))


NARRATORS: dict[str, Callable[[Mapping[str, Any], str, Sequence[str], str], str | None]] = {
    "game_set_up": _game_set_up,
    "hand_dealt": _hand_dealt,
    "round_began": _round_began,
    "buildings_drawn": _buildings_drawn,
    "supply_answered": _supply_answered,
    "supply_taken": _supply_taken,
    "cards_drawn": _cards_drawn,
    "population_reshuffled": _simple("event.population_reshuffled", count=_field("cards")),
    "nun_looked": _nun_looked,
    "nun_seen": _nun_seen,
    "visits_began": _simple("event.visits_began", order=_order_field),
    "pass_played": _pass_played,
    "building_entered": _simple(
        "event.building_entered", building=_building_field("into"), slot=_field("slot")
    ),
    "card_placed": _card_placed,
    "cards_placed": _cards_placed,
    "cards_revealed": _cards_revealed,
    "influence_gained": _influence,
    "rats_changed": _rats_changed,
    "special_compared": _special_compared,
    "target_chosen": _target_chosen,
    "card_given": _card_given,
    "card_given_shown": _card_given_shown,
    "premium_awarded": _premium_awarded,
    "action_taken": _action_taken,
    "action_declined": _action_declined,
    "card_discarded": _card_discarded,
    "guard_tower_demanded": _guard_tower,
    "played_cards_discarded": _played_discarded,
    "round_ended": _round_ended,
    "player_score": _player_score,
    "game_ended": _game_ended,
}


def narrate(event: Mapping[str, Any], names: Sequence[str], lang: str) -> str | None:
    """One line for an event (public or private), or None when it needs none."""
    narrator = NARRATORS.get(str(event.get("type")))
    if narrator is None:
        return None
    seat = event.get("seat")
    p = who(names, int(seat)) if isinstance(seat, int) else ""
    return narrator(event, p, names, lang)


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
    if _has(key):
        return t(key, lang, count=words["count"], building=words["building"])
    return t("prompt.window" if decision.window else "prompt.main", lang)


# ---------------------------------------------------------------- private lines


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


# ---------------------------------------------------------------- options


def _normal(text: str) -> str:
    """Lower case, no accents, only letters and digits (to compare building names)."""
    plain = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    return re.sub(r"[^a-z0-9]+", "", plain)


def building_names() -> dict[str, str]:
    """Every way to name a building type (id, English, French) -> its type id."""
    names: dict[str, str] = {}
    for info in buildings():
        kind = info.type.value
        for name in (kind, info.en, info.fr, *(building(kind, lang) for lang in LANGUAGES)):
            names[_normal(name)] = kind
    return names


def parse_buildings(setup: str) -> str | list[str]:
    """The buildings of the free-text set-up: one_type, random, or six names, one per class."""
    words = [w.strip() for w in re.split(r"[,;\n]", setup) if w.strip()]
    if len(words) == 1 and _normal(words[0]) in ("random", "aleatoire", "hasard"):
        return "random"
    if len(words) == 1 and _normal(words[0]) in ("onetype", "untype", "type"):
        return "one_type"
    known = building_names()
    chosen, unknown = [], []
    for word in words:
        kind = known.get(_normal(word))
        if kind is None:
            unknown.append(word)
        else:
            chosen.append(kind)
    if unknown:
        raise OptionError("setup_unknown", names=", ".join(unknown), count=len(unknown))
    classes = {info.type.value: info.klass for info in buildings()}
    if len(chosen) != len(CLASS_IDS) or sorted(classes[k] for k in chosen) != list(range(6)):
        raise OptionError("setup_classes", count=len(chosen))
    return chosen


class CartusAdapter(GameAdapter[CartusView, CartusSeatView]):
    """Rattus Cartus on Discord."""

    name = "cartus"
    command = "cartus"
    verbs = VERBS
    styles: ClassVar[Mapping[str, str]] = {
        "take": "success",
        "decline": "secondary",
        "cards": "primary",
        "look": "primary",
    }
    # Options drawn from the hand (the cards to place, take back, give or discard, a Pass)
    # and a secret choice (the simultaneous supply): always in a private picker.
    private_verbs = frozenset({"supply", "cards", "give", "play", "withdraw", "discard", "pass"})

    def t(self, key: str, lang: str, /, **params: Any) -> str:
        """A Cartus text."""
        return t(key, lang, **params)

    def error(self, code: str, params: Mapping[str, Any], lang: str) -> str:
        """A rules error with its card named ("Monk (3 nuns)", not "monk3") and the kind of
        number it wanted in words."""
        named = dict(params)
        card = named.get("card")
        if isinstance(card, str) and card in card_index():
            named["card"] = card_name(card, lang)
        what = named.get("what")
        if isinstance(what, str) and _has(f"what.{what.replace(' ', '_')}"):
            named["what"] = t(f"what.{what.replace(' ', '_')}", lang)
        return t(f"error.{code}", lang, **named)

    def is_private(self, action: str) -> bool:
        """Actions naming a hand's card or a secret choice, and everything grouped with them."""
        words = action.split()
        return bool(words) and (
            words[0] in PRIVATE_WORDS or self.verb(action) in self.private_verbs
        )

    def verb(self, action: str) -> str:
        """The Pass goes with entering, every hand action (and its done) with the cards."""
        return verb_of(action)

    def verb_label(self, verb: str, lang: str) -> str:
        """The label of a verb's button."""
        key = f"verb.{verb}"
        return t(key, lang) if _has(key) else verb

    # ------------------------------------------------------------ lobby

    def variants(self, lang: str) -> list[tuple[str, str]]:
        """Simultaneous supply, fewest-rats survivors, or both."""
        return [
            ("simultaneous", t("variant.simultaneous", lang)),
            ("fewest_rats", t("variant.fewest_rats", lang)),
            ("simultaneous,fewest_rats", t("variant.both", lang)),
        ]

    def options(self, variant: str | None, setup: str | None) -> dict[str, Any]:
        """supply / everyone_dead from the variant, buildings from the set-up text."""
        options: dict[str, Any] = {}
        for word in re.split(r"[,+ ]+", (variant or "").strip()):
            if not word:
                continue
            key = word.casefold().replace("-", "_")
            if key == "simultaneous":
                options["supply"] = "simultaneous"
            elif key == "fewest_rats":
                options["everyone_dead"] = "fewest_rats"
            else:
                raise OptionError("bad_variant", variant=variant)
        if setup and setup.strip():
            options["buildings"] = parse_buildings(setup)
        return options

    def option_lines(self, options: Mapping[str, Any], lang: str) -> list[str]:
        """Which buildings, supply and end rule are in play."""
        return [
            self._buildings_line(options, lang),
            t(f"lobby.supply_{options.get('supply', 'clockwise')}", lang),
            t(f"lobby.dead_{options.get('everyone_dead', 'no_winner')}", lang),
        ]

    def _buildings_line(self, options: Mapping[str, Any], lang: str) -> str:
        chosen = options.get("buildings", "one_type")
        if isinstance(chosen, list):
            return t(
                "lobby.buildings_chosen",
                lang,
                buildings=", ".join(building(str(k), lang) for k in chosen),
            )
        return t(f"lobby.buildings_{chosen}", lang)

    def rules(self, options: Mapping[str, Any], lang: str) -> str:
        """The rules in short, with the options in play."""
        return "\n".join([t("rules", lang), "", *self.option_lines(options, lang)])

    def rules_detail(
        self, options: Mapping[str, Any], view: CartusView | None, lang: str
    ) -> list[str]:
        """The buildings of this game one by one, each with its class and its premium and
        standard actions (a lobby: those it was set up with, or all twelve it may draw)."""
        if view is not None and view["buildings_in_play"]:
            kinds = set(view["buildings_in_play"])
        elif isinstance(options.get("buildings"), list):
            kinds = {str(k) for k in options["buildings"]}
        else:
            kinds = {b.type.value for b in buildings()}
        lines = [t("rules.buildings_title", lang)]
        if view is None and not isinstance(options.get("buildings"), list):
            lines.append(t("rules.buildings_drawn", lang))
        for info in buildings():
            if info.type.value not in kinds:
                continue
            lines.append(
                t(
                    "rules.building",
                    lang,
                    building=building(info.type.value, lang),
                    klass=class_name(CLASSES[info.klass].value, lang),
                    premium=_effect_words(info.premium, lang),
                    standard=_effect_words(info.standard, lang),
                )
            )
        return lines

    # ------------------------------------------------------------ words

    def narrate(self, event: Mapping[str, Any], names: Sequence[str], lang: str) -> str | None:
        """One line for an event."""
        return narrate(event, names, lang)

    def describe(self, action: str, lang: str, view: CartusSeatView | None = None) -> str:
        """An action in words."""
        return describe(action, lang, view)

    def prompt(self, view: CartusView, decision: Decision, seat: int, lang: str) -> str:
        """What the seat must decide now."""
        return prompt(view, decision, seat, lang)

    def group_key(self, action: str, depth: int) -> str:
        """The first `depth` words after the verb (a card action is one group per card)."""
        return " ".join(action.split()[: 1 + depth])

    def group_label(self, prefix: str, lang: str) -> str:
        """The verb, or the action the group stands for."""
        return group_label(prefix, lang)

    def choice_label(self, verb: str, index: int, value: str, lang: str) -> str:
        """A card, a building number, a nun card, a seat."""
        if value in card_index():
            return card_name(value, lang)
        if not value.isdigit():
            return value
        if verb in ("supply", "enter") and index == 0:
            return t("choice.building", lang, number=int(value))
        if verb == "target":
            return seat_label(int(value) - 1, lang)
        return t("choice.nun", lang, number=int(value))

    # ------------------------------------------------------------ private information

    def private_lines(
        self, view: CartusSeatView, seat: int, names: Sequence[str], lang: str
    ) -> list[str]:
        """Hand, own face-down cards, rats, nun cards looked at, secret supply choice."""
        return private_lines(view, seat, lang)

    def secret(self, view: CartusSeatView) -> Any:
        """Hand, face-down cards, rats, nun looks, secret supply answer."""
        return secret(view)

    def private_update(
        self,
        lines: Sequence[str],
        before: CartusSeatView | None,
        after: CartusSeatView,
        seat: int,
        names: Sequence[str],
        lang: str,
    ) -> list[str]:
        """Private event lines, then a line for each part of the secret that changed."""
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

    def private_image(self, private_events: Sequence[Mapping[str, Any]], changed: bool) -> bool:
        """The picture of the hand when it changed, unless the seat only moved a card into or
        out of a building itself."""
        if not changed:
            return False
        return not private_events or any(e.get("type") != "card_placed" for e in private_events)

    def window_lines(
        self, view: CartusSeatView, seat: int, game_id: int, minutes: float, lang: str
    ) -> list[str]:
        """What the window asks: the secret supply choice, or the cards owed."""
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

    # ------------------------------------------------------------ the end

    def ranking_lines(
        self, result: Mapping[str, Any], names: Sequence[str], lang: str
    ) -> list[str]:
        """Rank, points line by line, rats against the nuns, fate."""
        lines = []
        for row in result["ranking"]:
            breakdown = row["breakdown"]
            parts = [
                t(f"score.{k}", lang, n=int(breakdown[k])) for k in SCORE_LINES if breakdown.get(k)
            ]
            fate = (
                t("ranking.dead", lang)
                if row.get("dead")
                else t("ranking.winner", lang)
                if row.get("winner")
                else ""
            )
            lines.append(
                t(
                    "ranking.row",
                    lang,
                    medal=MEDALS.get(int(row["rank"]), f"{row['rank']}."),
                    player=who(names, int(row["seat"])),
                    score=int(row["score"]),
                    detail=", ".join(parts) if parts else t("score.nothing", lang),
                    rats=int(row["rats"]) if row.get("rats") is not None else "?",
                    fate=fate,
                ).rstrip()
            )
        return lines

    # ------------------------------------------------------------ AI seats

    def decide(self, view: CartusSeatView, legal: Sequence[Any], rnd: random.Random) -> Any:
        """The Cartus AI (bot.ai guards it: a random legal action when it fails)."""
        from bot.games.cartus.ai import decide

        return decide(view, list(legal), rnd)

    def skip(self, view: CartusSeatView, legal: Sequence[Any], rnd: random.Random) -> Any:
        """Place no more cards, discard no more, decline a gain; the AI answers the rest
        (a supply action, a building to enter, a target, nun cards, cards owed)."""
        texts = {str(a): a for a in legal}
        for text in ("done", "decline"):
            if text in texts:
                return texts[text]
        return self.decide(view, legal, rnd)

    # ------------------------------------------------------------ Discord

    def cog(self, bot: Any) -> commands.Cog:
        """/cartus …"""
        from bot.games.cartus.cog import CartusCog

        return CartusCog(bot)


ADAPTER = CartusAdapter()
