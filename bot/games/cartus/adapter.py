"""How the bot speaks Rattus Cartus: the adapter, and the lobby options it parses.

Everything works on action texts, event dicts and views (what the store keeps and what the
engine shows), never on a full state. Public lines never name a card of a hidden hand, a card
lying face down or a rat total: the engine's public events carry none (only rat changes), and
the lines here only say what their event says. What a hand holds reaches its owner only:
private events and `private_lines` go by DM or in `/game hand`, and every action drawn from a
hand is chosen in a private picker.

The words live beside it, one module per concern: `words` (cards, buildings, classes: what
every text is made of), `offers` (the verbs, each action in words, prompts, windows' DMs),
`narration` (one line per event) and `private` (what only a seat knows). The adapter class
delegates to them.
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from bot.adapter import MEDALS, GameAdapter, OptionError, tie_lines, who
from bot.games.cartus.narration import narrate
from bot.games.cartus.offers import (
    PRIVATE_WORDS,
    VERBS,
    describe,
    group_label,
    prompt,
    verb_of,
    window_lines,
)
from bot.games.cartus.private import private_lines, private_update, secret
from bot.games.cartus.words import (
    CLASS_IDS,
    building,
    card_name,
    class_name,
    effect_words,
    has,
    seat_label,
    t,
)
from bot.i18n import LANGUAGES
from engine.cartus.data import CLASSES, buildings, card_index
from engine.cartus.view_types import CartusSeatView, CartusView
from engine.core.contract import Decision

if TYPE_CHECKING:
    from discord.ext import commands

    from bot.interactions import Interactions

SCORE_LINES = (*CLASS_IDS, "hand", "sword", "flute", "pass", "gold", "vp_tokens")


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


def _alive_and_points(row: Mapping[str, Any]) -> tuple[bool, int]:
    """What ranks two seats alike before the tie-break (fewer rats): alive or dead, points."""
    return bool(row.get("dead")), int(row["score"])


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
    # Cards placed face down one after the other: one tap each in a picker that stays open.
    tap_verbs = frozenset({"cards"})

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
        if isinstance(what, str) and has(f"what.{what.replace(' ', '_')}"):
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
        return t(key, lang) if has(key) else verb

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
                    premium=effect_words(info.premium, lang),
                    standard=effect_words(info.standard, lang),
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
        return private_update(lines, before, after, seat, lang)

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
        return window_lines(view, seat, game_id, minutes, lang)

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
        return lines + tie_lines(self, result["ranking"], names, lang, _alive_and_points)

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

    def cog(self, rooms: Interactions) -> commands.Cog:
        """/cartus …"""
        from bot.games.cartus.cog import CartusCog

        return CartusCog(rooms)


ADAPTER = CartusAdapter()
