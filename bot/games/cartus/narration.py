"""Rattus Cartus events in words: one narrator per event kind, public or private.

A line only says what its event says: the engine's public events name no card of a hidden
hand, no card lying face down and no rat total (only rat changes), so neither do these lines.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.adapter import who
from bot.games.cartus.words import (
    CLASS_IDS,
    building,
    building_type,
    card_name,
    card_phrase,
    cards_text,
    character,
    class_name,
    has,
    pile_text,
    players_text,
    t,
    tier,
)
from engine.cartus.data import BuildingType, buildings


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
        return t(f"rats.gain_{reason}" if has(f"rats.gain_{reason}") else "rats.gain", lang,
                 player=p, count=delta)  # fmt: skip
    if delta < 0:
        return t(f"rats.lose_{reason}" if has(f"rats.lose_{reason}") else "rats.lose", lang,
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
    return t(key, lang) if has(key) else building(reason, lang)


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
