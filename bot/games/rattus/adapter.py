"""How the bot speaks Rattus: action labels, event lines, prompts, the ranking, the rules summary.

Everything works on action texts, event dicts and views (what the store keeps and what the
engine shows), never on a full state, so nothing here can leak a hidden face.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from bot.adapter import GameAdapter, OptionError, who
from bot.i18n import BOT, LANGUAGES, Catalog
from engine.core.contract import Decision
from engine.rattus import GAME
from engine.rattus.data import BASE_CARDS, ClassCard
from engine.rattus.view_types import RattusSeatView, RattusView

if TYPE_CHECKING:
    from discord.ext import commands

    from bot.interactions import Interactions

log = logging.getLogger(__name__)

CATALOG = Catalog("bot.games.rattus", BOT, errors=GAME.messages.templates)

_REGION_KEYS = {"region", "source", "target", "via", "first", "second", "region2"}
_CARD_KEYS = {"card", "protected", "class_card"}


def name_of(kind: str, ident: str, lang: str) -> str:
    """The display name of a region or class card in a language."""
    key = f"{kind}.{ident}"
    return CATALOG.t(key, lang) if CATALOG.has(key) else ident


def t(key: str, lang: str, /, **params: Any) -> str:
    """A Rattus text; parameters named like regions and cards are ids, named here."""
    named: dict[str, Any] = {}
    for name, value in params.items():
        if name in _REGION_KEYS and isinstance(value, str):
            value = name_of("region", value, lang)
        elif name in _CARD_KEYS and isinstance(value, str):
            value = name_of("card", value, lang)
        elif name in ("phase", "what") and isinstance(value, str):
            named_key = f"{name}.{value}"
            value = CATALOG.t(named_key, lang) if CATALOG.has(named_key) else value
        elif name == "region_card" and isinstance(value, str) and "-" in value:
            value = region_card(value, lang)
        named[name] = value
    return CATALOG.t(key, lang, **named)


# Verbs in the order the turn message shows them.
VERBS = (
    "open",
    "caravan",
    "take",
    "place",
    "king",
    "monk",
    "merchant",
    "peek",
    "swap",
    "keep",
    "astronomer",
    "choose",
    "explorer",
    "explore",
    "sultan",
    "plague",
    "rats",
    "protect",
    "pass",
    "ravage",
    "done",
)


# The subcommands only Africanus uses (its caravan, region cards, new classes and final
# ravage order): a base game's `/game help` leaves them out.
AFRICANUS_COMMANDS = frozenset(
    {"caravan", "astronomer", "choose", "explorer", "explore", "sultan", "protect", "pass"}
    | {"ravage", "standing"}
)


def symbols(syms: Sequence[str], lang: str) -> str:
    """Token symbols in words: "Majority, Bourgeoisie, Church"."""
    return ", ".join(t(f"symbol.{s}", lang) for s in syms)


def face(token: Mapping[str, Any], lang: str) -> str:
    """A token face in words."""
    return t("token.face", lang, limit=token["limit"], symbols=symbols(token["symbols"], lang))


def region_card(card_id: str, lang: str) -> str:
    """A region card in words: its region and what it protects."""
    from engine.rattus.data import region_cards

    for card in region_cards():
        if card.id == card_id:
            syms = t("symbol.wild", lang) if card.wild else symbols(card.symbols, lang)
            return f"{name_of('region', card.region.value, lang)} ({syms})"
    return card_id


def region_cards_text(card_ids: Sequence[str], lang: str) -> str:
    """Several region cards in words."""
    return "; ".join(region_card(c, lang) for c in card_ids) or t("hand.none", lang)


def verb_of(action_text: str) -> str:
    """The verb of an action text ("keep" is the no-swap end of the Witch's spell)."""
    verb = action_text.split()[0]
    return "swap" if verb == "keep" else verb


def verb_label(verb: str, lang: str) -> str:
    """The button label of a verb."""
    return t(f"verb.{verb}", lang)


def describe(action_text: str, lang: str, view: RattusSeatView | None = None) -> str:
    """A player-facing description of one action, from its text form.

    `view` is the deciding seat's own view, used only in private pickers (to name the
    region cards an Astronomer drew); public buttons never pass one.
    """
    words = action_text.split()
    verb, args = words[0], words[1:]

    def region(i: int) -> str:
        return name_of("region", args[i], lang)

    if verb == "open":
        if len(args) == 2:
            return t("action.open2", lang, region=args[0], second=args[1])
        return t("action.open", lang, region=args[0])
    if verb == "take":
        return t("action.take", lang, card=args[0])
    if verb == "place":
        return t("action.place", lang, region=args[0], count=int(args[1]))
    if verb == "king":
        return t("action.king", lang, region=args[0])
    if verb == "monk":
        return t("action.monk", lang, source=args[0], position=args[1], target=args[2])
    if verb == "merchant":
        return t("action.merchant", lang, source=args[0], target=args[1], count=int(args[2]))
    if verb == "peek":
        return t("action.peek", lang, region=args[0], position=args[1])
    if verb in ("swap", "keep", "done"):
        return t(f"action.{verb}", lang)
    if verb == "plague":
        key = "action.plague_plus2" if len(args) == 2 else "action.plague"
        return t(key, lang, region=args[0])
    if verb == "rats":
        return t("action.rats", lang, regions=" + ".join(region(i) for i in range(len(args))))
    if verb == "caravan":
        if len(args) == 1:
            return t("action.caravan_place", lang, region=args[0])
        return t("action.caravan_move", lang, region=args[0], second=args[1])
    if verb == "choose":
        astronomer = view.get("astronomer") if view is not None else None
        drawn = (astronomer["cards"] if astronomer is not None else None) or []
        n = int(args[0])
        if 0 < n <= len(drawn) and drawn[n - 1]:
            return t("action.choose_card", lang, card=region_card(drawn[n - 1]["id"], lang))
        return t("action.choose", lang, n=n)
    if verb == "explore":
        if args[0] == "none":
            return t("action.explore_none", lang)
        return t("action.explore", lang, region=args[0])
    if verb == "sultan":
        return t("action.sultan", lang, region=args[0])
    if verb == "merchant" and len(args) == 4:
        return t(
            "action.merchant_diplomat", lang, source=args[0], target=args[1], count=int(args[2])
        )
    if verb == "protect":
        return t("action.protect", lang, region_card=region_card(args[0], lang), card=args[1])
    if verb == "ravage":
        return t("action.ravage", lang, region=args[0])
    if verb == "standing":
        return t("action.standing", lang, standing=t(f"standing.{args[0]}", lang))
    if verb in ("astronomer", "explorer", "pass"):
        return t(f"action.{verb}", lang)
    key = f"action.{verb}"
    return t(key, lang, text=" ".join(args)) if _has(key) else action_text


def _has(key: str) -> bool:
    return CATALOG.has(key)


def group_key(action_text: str, depth: int) -> str:
    """The first `depth` words after the verb: how long option lists are split up."""
    words = action_text.split()
    return " ".join(words[: 1 + depth])


def group_label(prefix: str, lang: str) -> str:
    """A label for a group of actions sharing a prefix (e.g. "monk gallia" -> "Gallia")."""
    words = prefix.split()
    last = words[-1]
    if last.isdigit():
        return t("pick.token", lang, position=last)
    return name_of("region", last, lang) if len(words) > 1 else verb_label(words[0], lang)


def narrate(event: Mapping[str, Any], names: Sequence[str], lang: str) -> str | None:
    """One line for an event, or None for events that need no line."""
    kind = event["type"]
    seat = event.get("seat")
    p = who(names, seat) if seat is not None else ""
    if kind == "game_set_up":
        return t(
            "event.game_set_up",
            lang,
            plague=name_of("region", event["plague"], lang),
            supply=event["rat_supply"],
            removed=event["removed_unseen"],
        )
    if kind == "cubes_placed":
        key = "event.cubes_placed_opening" if event.get("opening") else "event.cubes_placed"
        return t(key, lang, player=p, count=event["count"], region=event["region"])
    if kind == "class_card_taken":
        if event.get("previous") is None:
            return t("event.card_taken", lang, player=p, card=event["card"])
        return t(
            "event.card_taken_from",
            lang,
            player=p,
            card=event["card"],
            other=who(names, event["previous"]),
        )
    if kind == "cube_to_palace":
        return t("event.cube_to_palace", lang, player=p, region=event["region"])
    if kind == "rat_token_moved":
        return t(
            "event.rat_token_moved",
            lang,
            player=p,
            source=event["source"],
            position=event["position"] + 1,
            target=event["target"],
        )
    if kind == "cubes_moved":
        return t(
            "event.cubes_moved",
            lang,
            player=p,
            count=event["count"],
            source=event["source"],
            target=event["target"],
        )
    if kind == "rat_token_peeked":
        return t(
            "event.rat_token_peeked",
            lang,
            player=p,
            region=event["region"],
            position=event["position"] + 1,
        )
    if kind == "rat_token_seen":
        return t(
            "event.rat_token_seen",
            lang,
            region=event["region"],
            position=event["position"] + 1,
            face=face(event, lang),
        )
    if kind == "rat_tokens_swapped":
        return t(
            "event.rat_tokens_swapped",
            lang,
            player=p,
            first=event["first"],
            a=event["first_position"] + 1,
            second=event["second"],
            b=event["second_position"] + 1,
        )
    if kind == "plague_moved":
        key = "event.plague_moved_plus2" if event.get("neutral") else "event.plague_moved"
        return t(key, lang, player=p, source=event["source"], target=event["target"])
    if kind == "rat_tokens_added":
        return t("event.rat_tokens_added", lang, count=event["count"], region=event["region"])
    if kind == "rat_token_revealed":
        losses = [f"{who(names, s)} −{n}" for s, n in enumerate(event["losses"]) if n]
        key = "event.revealed_outbreak" if event["outbreak"] else "event.revealed_nothing"
        return t(
            key,
            lang,
            region=event["region"],
            face=face(event, lang),
            cubes=event["cubes"],
            losses=", ".join(losses) if losses else t("event.no_loss", lang),
        )
    if kind == "turn_began":
        return None
    if kind == "game_end_triggered":
        return t(f"event.end_{event['reason']}", lang, player=who(names, event["last_seat"]))
    if kind == "final_turn_began":
        return t("event.final_turn_began", lang, player=p)
    if kind == "final_ravage_began":
        return t("event.final_ravage_began", lang)
    if kind == "game_ended":
        return None
    if kind in ("region_cards_dealt", "region_cards_drawn"):
        return t(f"event.{kind}", lang, cards=region_cards_text(event["cards"], lang))
    if kind == "region_card_kept":
        return t("event.region_card_kept", lang, region_card=region_card(event["card"], lang))
    if kind == "explorer_revealed":
        return t(
            "event.explorer_revealed", lang, player=p, cards=region_cards_text(event["cards"], lang)
        )
    if kind == "explorer_placed":
        if event.get("region") is None:
            return t("event.explorer_placed_none", lang, player=p)
        return t("event.explorer_placed", lang, player=p, region=event["region"])
    if kind == "reaction_window_opened":
        # Who was asked is nobody's business but theirs (an old record's "asked" is ignored).
        return t(
            "event.reaction_window_opened", lang, region=event["region"], face=face(event, lang)
        )
    if kind == "protection_declined" and "visible_to" not in event:
        return None  # a decline stored public before declines became private: never told
    if kind in ("region_card_played", "region_card_committed"):
        key = f"event.{kind}" + ("_standing" if event.get("standing") else "")
        return t(
            key,
            lang,
            player=p,
            region_card=region_card(event["card"], lang),
            card=event["class_card"],
            region=event["region"],
        )
    if kind == "region_cards_discarded":
        return t(
            "event.region_cards_discarded", lang, region=event["region"], count=len(event["cards"])
        )
    if kind == "standing_order_set":
        return t(
            "event.standing_order_set", lang, standing=t(f"standing.{event['standing']}", lang)
        )
    if kind == "hands_revealed":
        shown = [
            t("hand.of_player", lang, player=who(names, seat), cards=region_cards_text(cards, lang))
            for seat, cards in enumerate(event["hands"])
        ]
        return t("event.hands_revealed", lang, hands=" · ".join(shown))
    if kind == "diplomat_returned":
        return t(
            f"event.diplomat_returned_{event['reason']}", lang, player=p, region=event["region"]
        )
    key = f"event.{kind}"
    if _has(key):
        params = {k: v for k, v in event.items() if k != "type"}
        params["player"] = p
        return t(key, lang, **params)
    return None


def region_cards_line(view: RattusSeatView, lang: str) -> str | None:
    """The seat's hand of region cards, if the game has them."""
    hand = view.get("hand")
    if not hand:
        return None
    cards = []
    for card in hand:
        syms = t("symbol.wild", lang) if card["wild"] else symbols(card["symbols"], lang)
        cards.append(f"{name_of('region', card['region'], lang)} ({syms})")
    return t("hand.region_cards", lang, cards="; ".join(cards))


def known_tokens_lines(view: RattusSeatView, lang: str) -> list[str]:
    """The faces this seat has looked at, by region and position."""
    lines = []
    for region in view["regions"]:
        for pos, known in enumerate(region.get("known") or []):
            if known:
                lines.append(
                    t(
                        "hand.known_token",
                        lang,
                        region=region["id"],
                        position=pos + 1,
                        face=face(known, lang),
                    )
                )
    return lines


# Decisions that cannot be skipped when a turn clock runs out with the "skip" policy: the
# player still has to answer them, so the AI answers; everything else (cards, cubes,
# abilities) is left undone.
MANDATORY_VERBS = (
    "done",
    "keep",
    "open",
    "caravan",
    "plague",
    "rats",
    "ravage",
    "choose",
    "explore",
    "pass",
)


def skip_choice(view: RattusSeatView, legal: Sequence[Any], rnd: random.Random) -> Any:
    """What a player whose clock ran out does under the "skip" policy: end what can be
    ended, and let the AI make only the decisions that cannot be skipped."""
    texts = {str(a): a for a in legal}
    for verb in ("done", "keep", "explore none", "pass"):
        if verb in texts:
            return texts[verb]
    forced = [a for a in legal if verb_of(str(a)) in MANDATORY_VERBS]
    return ADAPTER.decide(view, forced or list(legal), rnd)


def parse_cards(text: str) -> list[str]:
    """Class card ids from a comma-separated list of names (English or French) or ids."""
    names: dict[str, str] = {}
    for card in ClassCard:
        names[card.value] = card.value
        for lang in LANGUAGES:
            names[name_of("card", card.value, lang).casefold()] = card.value
    chosen, unknown = [], []
    for word in (w.strip().casefold() for w in text.replace(";", ",").split(",")):
        if not word:
            continue
        if word in names:
            chosen.append(names[word])
        else:
            unknown.append(word)
    if unknown:
        raise OptionError("bad_cards", cards=", ".join(unknown), count=len(unknown))
    return chosen


class RattusAdapter(GameAdapter[RattusView, RattusSeatView]):
    """Rattus and its Africanus expansion on Discord."""

    name = "rattus"
    command = "rattus"
    verbs = VERBS
    styles: ClassVar[Mapping[str, str]] = {
        "plague": "danger",
        "done": "secondary",
        "keep": "secondary",
        "swap": "secondary",
    }
    # An Astronomer's drawn cards and a hand of region cards are only their owner's.
    private_verbs = frozenset({"choose", "protect", "pass"})
    # Africanus's own subcommands: not in a base game's /game help.
    option_commands: ClassVar[Mapping[str, frozenset[str]]] = {"expansion": AFRICANUS_COMMANDS}
    # What the board shows decides these (regions, cubes, the role cards, the face-up
    # tokens); the region cards an Astronomer or an Explorer draws do not go in a list.
    listed_verbs = frozenset(
        {"open", "caravan", "take", "place", "king", "monk", "merchant", "peek", "swap"}
        | {"plague", "rats", "done"}
    )

    def t(self, key: str, lang: str, /, **params: Any) -> str:
        """A Rattus text, naming regions and cards given by id."""
        return t(key, lang, **params)

    def record_private(self, action: str) -> bool:
        """Private choices, and a standing order (set off-turn, seen by its seat only)."""
        return self.is_private(action) or self.verb(action) == "standing"

    def variants(self, lang: str) -> list[tuple[str, str]]:
        """The Africanus expansion."""
        return [("africanus", t("variant.africanus", lang))]

    def options(self, variant: str | None, setup: str | None) -> dict[str, Any]:
        """expansion=africanus, and the class cards chosen in the set-up text."""
        options: dict[str, Any] = {}
        if variant:
            if variant != "africanus":
                raise OptionError("bad_variant", variant=variant)
            options["expansion"] = variant
        if setup:
            options["classes"] = parse_cards(setup)
        return options

    def option_lines(self, options: Mapping[str, Any], lang: str) -> list[str]:
        """The expansion and the chosen class cards."""
        lines = []
        if options.get("expansion"):
            lines.append(t("lobby.expansion", lang, expansion=str(options["expansion"]).title()))
        if options.get("classes"):
            chosen = ", ".join(name_of("card", c, lang) for c in options["classes"])
            lines.append(t("lobby.cards", lang, cards=chosen))
        return lines

    def narrate(self, event: Mapping[str, Any], names: Sequence[str], lang: str) -> str | None:
        """One line for an event."""
        return narrate(event, names, lang)

    def describe(self, action: str, lang: str, view: RattusSeatView | None = None) -> str:
        """An action in words."""
        return describe(action, lang, view)

    def prompt(self, view: RattusView, decision: Decision, seat: int, lang: str) -> str:
        """What the seat must decide now."""
        key = f"prompt.{decision.phase}"
        return t(key, lang) if _has(key) else t("prompt.main", lang)

    def verb(self, action: str) -> str:
        """The verb ("keep" is the no-swap end of the Witch's spell, shown with "swap")."""
        return verb_of(action)

    def verb_label(self, verb: str, lang: str) -> str:
        """The label of a verb's button."""
        return verb_label(verb, lang)

    def group_label(self, prefix: str, lang: str) -> str:
        """A region, a token position, or the verb."""
        return group_label(prefix, lang)

    def choice_label(self, verb: str, index: int, value: str, lang: str) -> str:
        """A region, a class card, a region card, or the Explorer's "none"."""
        if _has(f"region.{value}"):
            return name_of("region", value, lang)
        if _has(f"card.{value}"):
            return name_of("card", value, lang)
        if "-" in value:
            return region_card(value, lang)
        if value == "none":
            return t("action.explore_none", lang)
        return value

    def rules(self, options: Mapping[str, Any], lang: str) -> str:
        """The rules in short."""
        return t("rules", lang)

    def rules_detail(
        self, options: Mapping[str, Any], view: RattusView | None, lang: str
    ) -> list[str]:
        """The class cards of this game, one by one (those drawn with Africanus, or every
        card a lobby may still draw), and what Africanus adds."""
        cards: list[str]
        lines = [t("rules.cards_title", lang)]
        if view is not None and view["cards"]:
            cards = [c["card"] for c in view["cards"]]
        elif options.get("classes"):
            cards = [str(c) for c in options["classes"]]
        elif options.get("expansion"):
            lines.append(t("rules.cards_random", lang))
            cards = [c.value for c in ClassCard]
        else:
            cards = [c.value for c in BASE_CARDS]
        for card in cards:
            key = f"rules.card.{card}"
            if _has(key):
                lines.append(
                    t("rules.card_line", lang, card=name_of("card", card, lang), power=t(key, lang))
                )
        if options.get("expansion"):
            lines += ["", t("rules.africanus", lang)]
        return lines

    def digest(
        self, events: Sequence[Mapping[str, Any]], seat: int, names: Sequence[str], lang: str
    ) -> str | None:
        """Since the seat's last turn: cubes lost by region (its own among them), and the
        class cards taken."""
        lost: dict[str, int] = {}
        mine = 0
        taken = []
        for event in events:
            if event.get("type") == "rat_token_revealed":
                losses = event.get("losses") or []
                total = sum(losses)
                if total:
                    lost[event["region"]] = lost.get(event["region"], 0) + total
                    mine += losses[seat] if seat < len(losses) else 0
            elif event.get("type") == "class_card_taken" and event.get("seat") != seat:
                taken.append(
                    t("digest.took", lang, player=who(names, event["seat"]), card=event["card"])
                )
        if not lost and not taken:
            return None
        parts = []
        if lost:
            regions = ", ".join(
                t("digest.region", lang, region=region, count=count)
                for region, count in sorted(lost.items(), key=lambda kv: -kv[1])[:4]
            )
            parts.append(t("digest.lost", lang, regions=regions, mine=mine))
        parts.extend(taken[-3:])
        return t("digest.line", lang, parts="; ".join(parts))

    def private_lines(
        self, view: RattusSeatView, seat: int, names: Sequence[str], lang: str
    ) -> list[str]:
        """Class cards, cubes left, region cards, standing order, tokens looked at."""
        lines = []
        held = [c["card"] for c in view["cards"] if c["holder"] == seat]
        lines.append(
            t("hand.cards", lang, cards=", ".join(name_of("card", c, lang) for c in held))
            if held
            else t("hand.no_cards", lang)
        )
        lines.append(t("hand.reserve", lang, count=view["reserve"][seat]))
        cards_line = region_cards_line(view, lang)
        if cards_line:
            lines.append(cards_line)
        if view.get("standing"):
            lines.append(t("hand.standing", lang, standing=t(f"standing.{view['standing']}", lang)))
        known = known_tokens_lines(view, lang)
        lines.extend(known or [t("hand.nothing_known", lang)])
        return lines

    def secret(self, view: RattusSeatView) -> Any:
        """The hand of region cards (what a seat looked at comes with its own event)."""
        return view.get("hand")

    def private_update(
        self,
        lines: Sequence[str],
        before: RattusSeatView | None,
        after: RattusSeatView,
        seat: int,
        names: Sequence[str],
        lang: str,
    ) -> list[str]:
        """Private event lines, and the hand of region cards when it changed silently."""
        out = list(lines)
        hand = after.get("hand")
        changed = before is not None and hand is not None and before.get("hand") != hand
        if changed and not any("🃏" in x for x in out):
            out.append(region_cards_line(after, lang) or t("hand.empty", lang))
        return out

    def private_image(self, private_events: Sequence[Mapping[str, Any]], changed: bool) -> bool:
        """The Witch's look comes with the picture of what she knows."""
        return any(e.get("type") == "rat_token_seen" for e in private_events)

    def secret_prompt(self, view: RattusView, decision: Decision, lang: str) -> str:
        """A region-card window: the token waiting in its region, naming nobody."""
        reaction = view.get("reaction")
        if decision.phase != "reaction" or reaction is None:
            return super().secret_prompt(view, decision, lang)
        return t(
            "secret.reaction", lang, region=reaction["region"], face=face(reaction["token"], lang)
        )

    def window_lines(
        self, view: RattusSeatView, seat: int, game_id: int, minutes: float, lang: str
    ) -> list[str]:
        """A region-card reaction: which token was revealed where."""
        reaction = view.get("reaction")
        return [
            t(
                "window.dm",
                lang,
                id=game_id,
                region=reaction["region"] if reaction is not None else "?",
                face=face(reaction["token"], lang) if reaction is not None else "?",
                minutes=f"{minutes:g}",
            )
        ]

    def decide(self, view: RattusSeatView, legal: Sequence[Any], rnd: random.Random) -> Any:
        """The strong AI (bot.ai guards it: a random legal action when it fails)."""
        from bot.games.rattus.ai import decide

        return decide(view, list(legal), rnd)

    def skip(self, view: RattusSeatView, legal: Sequence[Any], rnd: random.Random) -> Any:
        """End what can be ended; the AI answers what cannot be skipped."""
        return skip_choice(view, legal, rnd)

    def cog(self, rooms: Interactions) -> commands.Cog:
        """/rattus …"""
        from bot.games.rattus.cog import RattusCog

        return RattusCog(rooms)


ADAPTER = RattusAdapter()
