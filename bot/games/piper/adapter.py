"""How the bot speaks the Pied Piper: action labels, event lines, prompts, the ranking, the rules.

Everything works on action texts, event dicts and views (what the store keeps and what the
engine shows), never on a full state. A card placed face down is named only where its owner
alone reads it: its private event, its own view (pickers, confirmations, `/game hand`, DMs).
Every `play` action names a card of the player's hand, so it is a private verb: never a public
button, always chosen in a private picker or typed in a command.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from bot.adapter import MEDALS, GameAdapter, OptionError, tie_lines, who
from bot.i18n import BOT, Catalog
from engine.core.contract import Decision
from engine.piper import GAME
from engine.piper.components import Card, Variant
from engine.piper.view_types import CharacterView, PiperSeatView, PiperView

if TYPE_CHECKING:
    from discord.ext import commands

    from bot.interactions import Interactions

log = logging.getLogger(__name__)

CATALOG = Catalog("bot.games.piper", BOT, errors=GAME.messages.templates)

VERBS = ("play", "activate")
VARIANTS = (Variant.PTITS_RATS.value, Variant.HIDDEN.value)
# Private DM events: each changes what only its seat knows, so its DM shows the hand's picture.
PRIVATE_EVENTS = frozenset({"hand_dealt", "hidden_card_played", "cards_drawn"})


def t(key: str, lang: str, /, **params: Any) -> str:
    """A Pied Piper text (or the bot's) in `lang`."""
    return CATALOG.t(key, lang, **params)


def _has(key: str) -> bool:
    return CATALOG.has(key)


def card_name(card: str | None, lang: str) -> str:
    """An action card type in words ("Forward 2", "Mélodie")."""
    key = f"card.{card}"
    return t(key, lang) if card and _has(key) else str(card)


def cards_text(cards: Sequence[str], lang: str) -> str:
    """Several action cards in words, in the given order."""
    return ", ".join(card_name(c, lang) for c in cards) if cards else t("hand.none", lang)


def figure_name(figure: str | None, lang: str) -> str:
    """A figure without its article ("yellow rat", "Joueur de flûte")."""
    key = f"figure.{figure}"
    return t(key, lang) if figure and _has(key) else str(figure)


def the(figure: str | None, lang: str) -> str:
    """A figure with its article ("the yellow rat", "le Joueur de flûte")."""
    return t("figure.the", lang, name=figure_name(figure, lang))


def capital(text: str) -> str:
    """A sentence's first letter in upper case."""
    return text[:1].upper() + text[1:]


def join_and(items: Sequence[str], lang: str) -> str:
    """Joined with "and": "a, b and c" / "a, b et c"."""
    if len(items) <= 1:
        return "".join(items)
    return t("list.and", lang, head=", ".join(items[:-1]), last=items[-1])


def join_or(items: Sequence[str], lang: str) -> str:
    """Joined with "or": "a, b or c" / "a, b ou c"."""
    if len(items) <= 1:
        return "".join(items)
    return t("list.or", lang, head=", ".join(items[:-1]), last=items[-1])


def character_at(view: PiperView | None, slot: int) -> CharacterView | None:
    """The character in place `slot` (1-4) of a view, if the view has it."""
    for char in view["characters"] if view is not None else []:
        if char["slot"] == slot:
            return char
    return None


def place(view: PiperView | None, slot: int, lang: str) -> str:
    """A place of the row in words: "the yellow rat (place 3)", or without a view "the
    character in place 3"."""
    char = character_at(view, slot)
    if char is None:
        return t("where.slot", lang, slot=slot)
    return t("where.character", lang, character=figure_name(char["figure"], lang), slot=slot)


def _under(view: PiperView | None, slot: int, lang: str) -> str:
    """What already lies under a character, as the deciding seat sees it (" with Back 1")."""
    char = character_at(view, slot)
    if view is None or char is None or not char["cards"]:
        return ""
    seat = view["seat"]
    parts = []
    for entry in char["cards"]:
        card = entry.get("card")
        if not entry["hidden"]:
            parts.append(card_name(card, lang))
        elif entry["seat"] == seat and card:
            parts.append(t("card.own_hidden", lang, card=card_name(card, lang)))
        else:
            parts.append(t("card.hidden", lang))
    return t("where.with", lang, cards=join_and(parts, lang))


def describe(action_text: str, lang: str, view: PiperSeatView | None = None) -> str:
    """A player-facing description of one action, from its text form.

    `view` is the deciding seat's own view (private pickers and confirmations): with it the
    character is named and what lies under it is said; public buttons never pass one.
    """
    words = action_text.split()
    verb, args = (words[0], words[1:]) if words else ("", [])
    if verb == "play" and len(args) >= 2 and args[1].isdigit():
        slot = int(args[1])
        key = "action.play_hidden" if len(args) > 2 and args[2] == "hidden" else "action.play"
        return t(
            key,
            lang,
            card=card_name(args[0], lang),
            where=place(view, slot, lang),
            under=_under(view, slot, lang),
        )
    if verb == "activate" and len(args) == 1 and args[0].isdigit():
        return t("action.activate", lang, where=place(view, int(args[0]), lang))
    return action_text


# ------------------------------------------------------------------ events


def _crossing(crossing: Mapping[str, Any], names: Sequence[str], lang: str) -> str:
    """One house crossed by a move, and what became of its counter."""
    owner = crossing.get("owner")
    if owner is None:
        return t("crossing.neutral", lang)
    player = who(names, owner)
    level = crossing.get("level")
    change = int(crossing.get("change") or 0)
    before = (level or 0) - change
    if crossing.get("under"):
        return t("crossing.under", lang, player=player, level=level)
    if crossing.get("roof"):
        return t("crossing.roof", lang, player=player, before=before, level=level)
    if change == 0:
        return t("crossing.same", lang, player=player, level=level)
    return t("crossing.change", lang, player=player, before=before, level=level)


def _moved(event: Mapping[str, Any], names: Sequence[str], lang: str) -> str:
    figures = list(event.get("figures") or [event["figure"]])
    group = join_and([the(f, lang) for f in figures], lang)
    if event.get("melody"):
        subject = t("move.melody", lang, figures=group)
    else:
        subject = capital(the(event["figure"], lang))
    card = card_name(event["card"], lang)
    if event.get("plus"):
        card = t("move.with", lang, card=card, special=card_name(Card.PLUS1.value, lang))
    elif event.get("melody"):
        card = t("move.with", lang, card=card, special=card_name(Card.MELODY.value, lang))
    way = "sewer" if event.get("sewer") else event.get("direction", "forward")
    crossed = ", ".join(_crossing(c, names, lang) for c in event.get("crossings") or [])
    icon = "🎶" if "piper" in figures else "🐀"
    text = t(
        f"event.moved_{way}",
        lang,
        subject=subject,
        count=len(figures),
        houses=int(event.get("houses") or 0),
        card=card,
        crossed=crossed or t("crossing.none", lang),
    )
    line = f"{icon} {text}"
    if event.get("interrupted"):
        line += " " + t("event.move_interrupted", lang)
    return line


def _activated(event: Mapping[str, Any], names: Sequence[str], lang: str) -> str:
    cards = [card_name(c, lang) for c in event.get("cards") or []]
    effect = event.get("effect")
    if effect == "two_moves" and len(cards) == 2:
        shown = t("list.then", lang, first=cards[0], second=cards[1])
    else:
        shown = join_and(cards, lang)
    params = {
        "character": figure_name(event["character"], lang),
        "slot": event["slot"],
        "cards": shown,
        "player": who(names, event.get("seat")),
    }
    if effect == "nothing":
        return t("event.activated_nothing", lang, **params)
    if event.get("chosen"):
        return t("event.activated_first", lang, **params)
    return t("event.activated", lang, **params)


def _set_up(event: Mapping[str, Any], names: Sequence[str], lang: str) -> str:
    houses = list(event.get("houses") or [])
    gaps = list(event.get("gaps") or [])
    first_owner = None
    for i, gap in enumerate(gaps):
        if "piper" in gap and houses:
            first_owner = houses[(i + 1) % len(houses)]
    first = who(names, first_owner) if first_owner is not None else t("crossing.neutral", lang)
    neutral = sum(1 for h in houses if h is None)
    key = "event.game_set_up_neutral" if neutral else "event.game_set_up"
    line = t(key, lang, houses=len(houses), neutral=neutral, first=first, roof=event["roof"])
    variant = event.get("variant")
    if variant in VARIANTS:
        line += " " + t(f"event.variant_{variant}", lang)
    return line


def _eliminated(event: Mapping[str, Any], names: Sequence[str], lang: str) -> str:
    player = who(names, event["seat"])
    line = t("event.player_eliminated", lang, player=player)
    by = event.get("by")
    counters = list(event.get("counters") or [])
    if by is not None:
        line += " " + t(
            "event.counters_taken",
            lang,
            by=who(names, by),
            player=player,
            count=len(counters),
            extra=max(0, len(counters) - 1),
        )
    elif int(event.get("players_left") or 0) > 2:
        line += " " + t("event.counter_not_taken", lang, player=player)
    left = int(event.get("players_left") or 0)
    if left > 2:
        line += " " + t("event.players_left", lang, count=left)
    return line


def _ended(event: Mapping[str, Any], names: Sequence[str], lang: str) -> str:
    ranking = list(event.get("ranking") or [])
    levels = list(event.get("levels") or [])
    winner = event.get("winner")
    if event.get("draw"):
        return t("event.game_ended_draw", lang, level=levels[0] if levels else 0)
    if event.get("reason") == "roof" or len(ranking) < 2 or len(levels) < 2:
        return t("event.game_ended_roof", lang, winner=who(names, winner))
    if levels[0] == levels[1]:
        return t("event.game_ended_counters", lang, winner=who(names, winner), level=levels[0])
    return t(
        "event.game_ended",
        lang,
        winner=who(names, winner),
        level=levels[0],
        other=levels[1],
        loser=who(names, ranking[1]),
    )


def narrate(event: Mapping[str, Any], names: Sequence[str], lang: str) -> str | None:
    """One line for an event, public or private (every kind the engine has)."""
    kind = event["type"]
    seat = event.get("seat")
    p = who(names, seat) if seat is not None else ""
    if kind == "game_set_up":
        return _set_up(event, names, lang)
    if kind == "display_dealt":
        row = " · ".join(
            f"{n}. {figure_name(f, lang)}" for n, f in enumerate(event["figures"], start=1)
        )
        line = t("event.display_dealt", lang, characters=row)
        if event.get("set_aside"):
            line += " " + t("event.pipers_set_aside", lang, count=event["set_aside"])
        return line
    if kind == "hand_dealt":
        return t("event.hand_dealt", lang, cards=cards_text(event["cards"], lang))
    if kind == "turn_began":
        return t("event.turn_began", lang, player=p, turn=event["turn"], cards=event["cards"])
    if kind == "card_played":
        params = {
            "player": p,
            "character": figure_name(event["character"], lang),
            "slot": event["slot"],
            "count": event.get("count", 1),
        }
        if event.get("hidden") or event.get("card") is None:
            return t("event.card_played_hidden", lang, **params)
        return t("event.card_played", lang, card=card_name(event["card"], lang), **params)
    if kind == "hidden_card_played":
        return t(
            "event.hidden_card_played",
            lang,
            card=card_name(event["card"], lang),
            character=figure_name(event["character"], lang),
            slot=event["slot"],
        )
    if kind == "card_revealed":
        return t(
            "event.card_revealed",
            lang,
            player=p,
            card=card_name(event["card"], lang),
            character=figure_name(event["character"], lang),
            slot=event["slot"],
        )
    if kind == "order_asked":
        slots = [t("where.slot_short", lang, slot=s) for s in event.get("slots") or []]
        return t("event.order_asked", lang, player=p, places=join_or(slots, lang))
    if kind == "character_activated":
        return _activated(event, names, lang)
    if kind == "figures_moved":
        return _moved(event, names, lang)
    if kind == "player_eliminated":
        return _eliminated(event, names, lang)
    if kind == "hand_discarded":
        return t("event.hand_discarded", lang, player=p, cards=cards_text(event["cards"], lang))
    if kind == "character_replaced":
        return t(
            "event.character_replaced",
            lang,
            slot=event["slot"],
            old=figure_name(event["old"], lang),
            new=figure_name(event["new"], lang),
        )
    if kind == "character_deck_reshuffled":
        return t("event.character_deck_reshuffled", lang, count=event["cards"])
    if kind == "action_deck_reshuffled":
        return t("event.action_deck_reshuffled", lang, count=event["cards"])
    if kind == "hand_refilled":
        return t("event.hand_refilled", lang, player=p, count=event["count"])
    if kind == "cards_drawn":
        return t("event.cards_drawn", lang, cards=cards_text(event["cards"], lang))
    if kind == "game_ended":
        return _ended(event, names, lang)
    log.warning("no words for the Pied Piper event %r", kind)
    return None


# ------------------------------------------------------------------ private information


def own_hidden(view: PiperView) -> list[tuple[int, str, str]]:
    """The seat's own face-down cards: (place, figure, card)."""
    seat = view["seat"]
    out = []
    for char in view["characters"]:
        for entry in char["cards"]:
            card = entry.get("card")
            if entry["hidden"] and entry["seat"] == seat and card:
                out.append((char["slot"], char["figure"], card))
    return out


def private_lines(view: PiperSeatView, seat: int, lang: str) -> list[str]:
    """The hand, the seat's face-down cards (hidden variant) and its counter."""
    lines = []
    out = seat in (view.get("eliminated") or [])
    hand = list(view.get("hand") or [])
    if hand:
        lines.append(t("hand.cards", lang, cards=cards_text(hand, lang), count=len(hand)))
    elif not out:
        lines.append(t("hand.empty", lang))
    hidden = own_hidden(view)
    for slot, figure, card in hidden:
        lines.append(
            t(
                "hand.hidden",
                lang,
                card=card_name(card, lang),
                character=figure_name(figure, lang),
                slot=slot,
            )
        )
    level = None
    for house in view.get("houses") or []:
        if house.get("owner") == seat:
            level = house.get("level")
    collected = view.get("collected") or []
    taken = len(collected[seat]) if seat < len(collected) else 0
    if out:
        lines.append(t("hand.fled", lang, count=taken))
    else:
        lines.append(t("hand.level", lang, level=level, roof=view.get("roof", 7), count=taken))
    return lines


def ranking_lines(result: Mapping[str, Any], names: Sequence[str], lang: str) -> list[str]:
    """The final ranking: the lowest counter first; those who fled below, last out first."""
    lines = [t("ranking.how", lang)]
    for row in result.get("ranking") or []:
        breakdown = row.get("breakdown") or {}
        taken = int(breakdown.get("counters_collected") or 0)
        params = {
            "medal": MEDALS.get(row["rank"], f"{row['rank']}."),
            "player": who(names, row["seat"]),
            "level": breakdown.get("level", row.get("score")),
            "count": taken,
        }
        if breakdown.get("eliminated") is not None:
            lines.append(t("ranking.fled", lang, **params))
        else:
            lines.append(t("ranking.row", lang, **params))
    return lines


def variant_of(options: Mapping[str, Any]) -> str | None:
    """The variant in play, if any."""
    value = options.get("variant")
    return str(value) if value in VARIANTS else None


def _variant_value(text: str) -> str | None:
    """A variant from what /game new got: its value, or a label close to it."""
    folded = text.strip().casefold().replace("’", "'")
    for value in VARIANTS:
        plain = folded.replace("'", "").replace("-", "_").replace(" ", "_")
        if plain == value or folded in (
            t(f"variant.{value}", lang).casefold().replace("’", "'") for lang in ("en", "fr")
        ):
            return value
    return None


class PiperAdapter(GameAdapter[PiperView, PiperSeatView]):
    """Le Joueur de Flûte (The Pied Piper) on Discord."""

    name = "piper"
    command = "piper"
    verbs = VERBS
    styles: ClassVar[Mapping[str, str]] = {"play": "primary", "activate": "success"}
    # A card to place comes from the player's own hand (and may go face down).
    private_verbs = frozenset({"play"})

    def record_private(self, action: str) -> bool:
        """Only a face-down card is a private choice: a face-up one is shown to everybody."""
        words = action.split()
        return bool(words) and words[0] == "play" and words[-1] == "hidden"

    # ------------------------------------------------------------------ lobby

    def variants(self, lang: str) -> list[tuple[str, str]]:
        """The "p'tits rats" and hidden-cards variants (they cannot be combined)."""
        return [(v, t(f"variant.{v}", lang)) for v in VARIANTS]

    def options(self, variant: str | None, setup: str | None) -> dict[str, Any]:
        """variant=ptits_rats or hidden; the game has no other set-up choice."""
        options: dict[str, Any] = {}
        if variant:
            value = _variant_value(variant)
            if value is None:
                raise OptionError("bad_variant", variant=variant[:40])
            options["variant"] = value
        if setup:
            raise OptionError("bad_setup", setup=setup[:80])
        return options

    def option_lines(self, options: Mapping[str, Any], lang: str) -> list[str]:
        """The variant in play."""
        variant = variant_of(options)
        if variant is None:
            return []
        return [t("lobby.variant", lang, variant=t(f"variant.{variant}", lang))]

    def rules(self, options: Mapping[str, Any], lang: str) -> str:
        """The rules in short, with the variant in play."""
        text = t("rules", lang)
        variant = variant_of(options)
        if variant is not None:
            text += "\n" + t(f"rules.{variant}", lang)
        return text + "\n" + t("rules.commands", lang)

    # ------------------------------------------------------------------ events and actions

    def narrate(self, event: Mapping[str, Any], names: Sequence[str], lang: str) -> str | None:
        """One line for an event."""
        return narrate(event, names, lang)

    def describe(self, action: str, lang: str, view: PiperSeatView | None = None) -> str:
        """An action in words."""
        return describe(action, lang, view)

    def prompt(self, view: PiperView, decision: Decision, seat: int, lang: str) -> str:
        """Cards left to place this turn, or the characters to order."""
        turn = view["this_turn"]
        if decision.phase == "order":
            places = [place(view, s, lang) for s in turn["pending"]]
            return t("prompt.order", lang, places=join_or(places, lang))
        if decision.phase == "play":
            hide = "_hidden" if turn["may_hide"] else ""
            if turn["placed"]:
                return t(f"prompt.second{hide}", lang)
            return t(f"prompt.play{hide}", lang, count=turn["cards_left"] or 1)
        return t("prompt.over", lang)

    def group_label(self, prefix: str, lang: str) -> str:
        """A card type, a place, or the verb."""
        words = prefix.split()
        if len(words) == 1:
            return self.verb_label(words[0], lang)
        return self.choice_label(words[0], len(words) - 2, words[-1], lang)

    def choice_label(self, verb: str, index: int, value: str, lang: str) -> str:
        """A card of one's hand, a place of the row, or "face down"."""
        if verb == "play" and index == 0:
            return card_name(value, lang)
        if verb == "play" and index == 2 and value == "hidden":
            return t("pick.hidden", lang)
        if value.isdigit():
            return t("where.slot_short", lang, slot=value)
        return value

    # ------------------------------------------------------------------ private information

    def private_lines(
        self, view: PiperSeatView, seat: int, names: Sequence[str], lang: str
    ) -> list[str]:
        """The hand, one's face-down cards (hidden variant) and one's counter."""
        return private_lines(view, seat, lang)

    def secret(self, view: PiperSeatView) -> Any:
        """The hand and the seat's own face-down cards."""
        return {"hand": list(view.get("hand") or []), "hidden": own_hidden(view)}

    def private_image(self, private_events: Sequence[Mapping[str, Any]], changed: bool) -> bool:
        """The picture of the hand whenever it (or a face-down card) changed."""
        return changed or any(e.get("type") in PRIVATE_EVENTS for e in private_events)

    # ------------------------------------------------------------------ the end

    def ranking_lines(
        self, result: Mapping[str, Any], names: Sequence[str], lang: str
    ) -> list[str]:
        """Levels, counters collected, and who fled; a tie on the level, broken by the
        counters collected, is named."""
        still_in = [
            row
            for row in result.get("ranking") or []
            if (row.get("breakdown") or {}).get("eliminated") is None
        ]
        return ranking_lines(result, names, lang) + tie_lines(self, still_in, names, lang)

    # ------------------------------------------------------------------ AI seats

    def decide(self, view: PiperSeatView, legal: Sequence[Any], rnd: random.Random) -> Any:
        """The greedy whole-turn AI (bot.ai guards it: a random legal action when it fails)."""
        from bot.games.piper.ai import decide

        return decide(view, list(legal), rnd)

    def skip(self, view: PiperSeatView, legal: Sequence[Any], rnd: random.Random) -> Any:
        """Nothing in a Pied Piper turn can be skipped (the cards must be placed, the order
        chosen): the AI plays it."""
        return self.decide(view, legal, rnd)

    # ------------------------------------------------------------------ Discord

    def cog(self, rooms: Interactions) -> commands.Cog:
        """/piper …"""
        from bot.games.piper.cog import PiperCog

        return PiperCog(rooms)


ADAPTER = PiperAdapter()
