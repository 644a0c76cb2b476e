"""The seam between the generic bot and one game: what the bot says and offers for it.

Every game has a package `bot/games/<game>/` whose `ADAPTER` is a `GameAdapter`: its lobby
options, the words for its events and actions, its prompts, which choices may be public
buttons and which stay in a private picker, the private lines of `/game hand` and DMs, the
ranking, the AI, the rules text, its slash-command cog and its locale catalogue. The generic
modules (app, handlers, service, publisher, ui, scheduler, records, store) only talk to games
through this class and the engine contract; `adapters()` finds every game package, and refuses
one whose catalogue lacks a text every game must have (`REQUIRED_TEXTS`).

Everything here works on action texts, event dicts and views (what the store keeps and what
the engine shows), never on a full state, so nothing can leak what a seat may not know.

`GameAdapter[V, SV]` is generic in the game's view types (engine/<game>/view_types.py): V the
public view (`prompt`, `secret_prompt`, `rules_detail`), SV a seat's own (`describe`, `labels`,
`private_lines`, `secret`, `private_update`, `window_lines`, `decide`, `skip`), so a game's
adapter reads typed views. The generic bot knows no game: it holds `GameAdapter` (views Any)
and passes on the views the engine gave it.
"""

from __future__ import annotations

import importlib
import pkgutil
import random
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from bot.i18n import BOT, LANGUAGES, Catalog, fluent_id
from engine.core.contract import Decision, Game
from engine.core.registry import get_game

if TYPE_CHECKING:
    from discord.ext import commands
    from typing_extensions import TypeVar as DefaultTypeVar

    from bot.interactions import Interactions

    # Defaults (PEP 696, in typing from Python 3.13): a bare GameAdapter takes Any views,
    # GameAdapter[View] takes View for both.
    V = DefaultTypeVar("V", bound=Mapping[str, Any], default=Any)
    SV = DefaultTypeVar("SV", bound=Mapping[str, Any], default=V)
else:
    V = TypeVar("V", bound=Mapping[str, Any])
    SV = TypeVar("SV", bound=Mapping[str, Any])

# A seat's view type for a helper of one adapter (which takes its adapter's, so needs no default).
W = TypeVar("W", bound=Mapping[str, Any])

# One mark per seat, the colours of the board image's seat pieces (render.common).
SEAT_MARKS = ("🟧", "🟦", "🟩", "🟨", "🟪", "⬛")
MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}
LABELS = 20_000  # remembered action labels per game
GAMES = "bot.games"  # the package holding one package per game

REQUIRED_TEXTS = ("game.title", "rules", "help.game")
"""The texts every game's own catalogue must have, in every language: the bot reads them for
any game with no fallback (`title`: the game's name in lobbies, menus and records; `rules`: the
`/game rules` summary; `help_text`: the game's part of `/game help`). `adapters()` refuses a game
package that lacks one."""


def mark(seat: int) -> str:
    """The colour mark of a seat, as in the board image."""
    return SEAT_MARKS[seat % len(SEAT_MARKS)]


def broken_ties(
    ranking: Sequence[Mapping[str, Any]],
    same: Callable[[Mapping[str, Any]], object] = lambda row: row["score"],
) -> list[list[Mapping[str, Any]]]:
    """The groups of ranking rows alike by `same` (their score, by default) that the rules
    still ranked apart: a tie a tie-break decided, which the ranking must name."""
    groups: dict[object, list[Mapping[str, Any]]] = {}
    for row in ranking:
        groups.setdefault(same(row), []).append(row)
    return [g for g in groups.values() if len({int(r["rank"]) for r in g}) > 1]


def who(names: Sequence[str], seat: int | None) -> str:
    """A player's name with their colour mark."""
    if seat is None or not 0 <= seat < len(names):
        return "?"
    return f"{mark(seat)} {names[seat]}"


def game_package(module: str) -> str:
    """The package whose catalogue an adapter defined in `module` speaks: its game package
    `bot.games.<game>`, at whatever depth of it the adapter is defined (an adapter defined
    outside bot.games, as a test's, speaks its own package's)."""
    if module.startswith(f"{GAMES}."):
        return ".".join(module.split(".")[:3])  # bot.games.<game>
    return module.rpartition(".")[0]


def missing_texts(catalog: Catalog) -> list[str]:
    """The `REQUIRED_TEXTS` a game's own catalogue lacks, as "<language>: <Fluent id>"."""
    return [
        f"{lang}: {fluent_id(key)}"
        for lang in LANGUAGES
        for key in REQUIRED_TEXTS
        if fluent_id(key) not in catalog.own_ids(lang)
    ]


class OptionError(ValueError):
    """Lobby options a game refuses; `code` is a key error.<code> of the game's catalogue."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


class GameAdapter(Generic[V, SV]):
    """Everything game-specific the bot needs; subclasses override what their game has. V is
    the game's public view type, SV a seat's view type."""

    name: ClassVar[str]  # the engine's name of the game
    command: ClassVar[str]  # its slash-command group: /<command> …
    # Verbs (first words of action texts) in the order the turn message shows them.
    verbs: ClassVar[tuple[str, ...]] = ()
    # Button style of a verb: "primary" (default), "secondary", "success" or "danger".
    styles: ClassVar[Mapping[str, str]] = {}
    # Verbs whose options may carry private information (drawn from a hidden hand, a card
    # only its owner saw): always chosen in a private picker, never a public button.
    private_verbs: ClassVar[frozenset[str]] = frozenset()
    # Verbs whose several actions the turn message may list in a select anyone can see, so
    # that one tap acts. Only verbs whose legal actions follow from public information alone:
    # which options are listed must never tell anything about a hand (a game opts in per verb).
    listed_verbs: ClassVar[frozenset[str]] = frozenset()
    # Private verbs a seat often takes several times in a row (cards placed face down one by
    # one): their picker shows one button per action, and stays open with the next choices.
    tap_verbs: ClassVar[frozenset[str]] = frozenset()
    # Subcommands of the game's group that only a game with this option set uses (an
    # expansion's own actions): `/game help` leaves them out of a game without it.
    option_commands: ClassVar[Mapping[str, frozenset[str]]] = {}

    def __init__(self) -> None:
        self.engine: Game[Any, Any, V] = get_game(self.name)
        package = game_package(type(self).__module__)
        self.catalog = Catalog(package, BOT, errors=self.engine.messages.templates)
        self.labels: Labels[SV] = Labels(self)

    # ------------------------------------------------------------------ words

    def t(self, key: str, lang: str, /, **params: Any) -> str:
        """A text of this game (or of the bot) in `lang`."""
        return self.catalog.t(key, lang, **params)

    def error(self, code: str, params: Mapping[str, Any], lang: str) -> str:
        """A rules error in words: its parameters are ids (regions, cards), named here as in
        every other message of the game."""
        return self.t(f"error.{code}", lang, **params)

    def title(self, lang: str) -> str:
        """The game's name."""
        return self.t("game.title", lang)

    # ------------------------------------------------------------------ lobby

    def variants(self, lang: str) -> list[tuple[str, str]]:
        """(value, label) of each variant or expansion `/game new` offers (none by default)."""
        return []

    def options(self, variant: str | None, setup: str | None) -> dict[str, Any]:
        """Engine options from `/game new`'s variant and free-text set-up; OptionError when the
        game does not know them."""
        if variant:
            raise OptionError("bad_variant", variant=variant)
        if setup:
            raise OptionError("bad_setup", setup=setup)
        return {}

    def option_lines(self, options: Mapping[str, Any], lang: str) -> list[str]:
        """Lines of the lobby message that say which options are in play."""
        return []

    def rules(self, options: Mapping[str, Any], lang: str) -> str:
        """A summary of the rules in play (its variant or expansion included)."""
        return self.t("rules", lang)

    def rules_detail(self, options: Mapping[str, Any], view: V | None, lang: str) -> list[str]:
        """`/game rules` after the summary: the expansion, variant and cards in play, one by
        one. `view` is the public view of a started game (None for a lobby or no game)."""
        return []

    # ------------------------------------------------------------------ events and actions

    def narrate(self, event: Mapping[str, Any], names: Sequence[str], lang: str) -> str | None:
        """One line for an event (public or private), or None for events that need none."""
        key = f"event.{event['type']}"
        if not self.catalog.has(key):
            return None
        params = {k: v for k, v in event.items() if k not in ("type", "visible_to")}
        if "seat" in event:
            params["player"] = who(names, event["seat"])
        return self.t(key, lang, **params)

    def describe(self, action: str, lang: str, view: SV | None = None) -> str:
        """A player-facing description of one action, from its text form. `view` is the
        deciding seat's own view, passed only in private pickers and confirmations."""
        key = f"action.{self.verb(action)}"
        return self.t(key, lang, text=action) if self.catalog.has(key) else action

    def prompt(self, view: V, decision: Decision, seat: int, lang: str) -> str:
        """What `seat` must decide now, in one short sentence."""
        key = f"prompt.{decision.phase}"
        if self.catalog.has(key):
            return self.t(key, lang)
        return self.t("prompt.window" if decision.window else "prompt.main", lang)

    def secret_prompt(self, view: V, decision: Decision, lang: str) -> str:
        """The turn message's first line while a secret window is open: that a decision may
        be made privately, naming nobody (the asked seats were asked by DM)."""
        key = f"secret.{decision.phase}"
        return self.t(key, lang) if self.catalog.has(key) else BOT.t("turn.secret", lang)

    def verb(self, action: str) -> str:
        """The verb of an action text (how buttons group actions)."""
        return action.split()[0] if action.split() else action

    def verb_label(self, verb: str, lang: str) -> str:
        """The label of a button that stands for every action of a verb."""
        key = f"verb.{verb}"
        return self.t(key, lang) if self.catalog.has(key) else verb

    def is_private(self, action: str) -> bool:
        """True when an action must only be offered in a private picker."""
        return self.verb(action) in self.private_verbs

    def record_private(self, action: str) -> bool:
        """True when an action's text is a private choice: a mid-game record shows it only to
        the seat that made it."""
        return self.is_private(action)

    def group_key(self, action: str, depth: int) -> str:
        """The first `depth` words after the verb: how long option lists are split up."""
        return " ".join(action.split()[: 1 + depth])

    def group_label(self, prefix: str, lang: str) -> str:
        """A label for a group of actions sharing a prefix."""
        words = prefix.split()
        return self.verb_label(words[0], lang) if len(words) == 1 else words[-1]

    def choice_label(self, verb: str, index: int, value: str, lang: str) -> str:
        """The autocomplete label of argument `index` of `verb` with value `value`."""
        return value

    # ------------------------------------------------------------------ private information

    def private_lines(self, view: SV, seat: int, names: Sequence[str], lang: str) -> list[str]:
        """What `/game hand` shows a seat (its own view), title excluded."""
        return []

    def secret(self, view: SV) -> Any:
        """The part of a seat's view only that seat knows; when it changes, the seat is told."""
        return None

    def private_update(
        self,
        lines: Sequence[str],
        before: SV | None,
        after: SV,
        seat: int,
        names: Sequence[str],
        lang: str,
    ) -> list[str]:
        """The DM lines of one seat after some actions: its private events' lines, plus what
        else changed in what only it knows."""
        out = list(lines)
        if before is not None and self.secret(before) != self.secret(after):
            out.extend(self.private_lines(after, seat, names, lang))
        return out

    def private_image(self, private_events: Sequence[Mapping[str, Any]], changed: bool) -> bool:
        """True when a DM should carry the seat's private image (a look, a new hand)."""
        return changed

    def digest(
        self, events: Sequence[Mapping[str, Any]], seat: int, names: Sequence[str], lang: str
    ) -> str | None:
        """One short line of what mattered to `seat` in these events (everything since its
        last turn), or None. Only public events are given."""
        return None

    def window_lines(
        self, view: SV, seat: int, game_id: int, minutes: float, lang: str
    ) -> list[str]:
        """The DM asking a seat to answer a window, with how long it has."""
        return [self.t("window.ask", lang, id=game_id, minutes=f"{minutes:g}")]

    # ------------------------------------------------------------------ the end

    def ranking_lines(
        self, result: Mapping[str, Any], names: Sequence[str], lang: str
    ) -> list[str]:
        """The final ranking with each player's breakdown."""
        lines = []
        for row in result["ranking"]:
            parts = [
                self.t(f"score.{k}", lang, n=v) if self.catalog.has(f"score.{k}") else f"{k} {v}"
                for k, v in row["breakdown"].items()
            ]
            lines.append(
                self.t(
                    "ranking.line",
                    lang,
                    medal=MEDALS.get(row["rank"], f"{row['rank']}."),
                    player=who(names, row["seat"]),
                    score=row["score"],
                    detail=", ".join(parts),
                )
            )
        return lines + tie_lines(self, result["ranking"], names, lang)

    # ------------------------------------------------------------------ AI seats

    def decide(self, view: SV, legal: Sequence[Any], rnd: random.Random) -> Any:
        """The AI's choice among `legal`, from the seat's own view only."""
        return rnd.choice(list(legal))

    def skip(self, view: SV, legal: Sequence[Any], rnd: random.Random) -> Any:
        """What a player whose turn clock ran out does under the "skip" policy: end what can
        be ended, and let the AI make only the decisions that cannot be skipped."""
        return self.decide(view, legal, rnd)

    # ------------------------------------------------------------------ Discord

    def cog(self, rooms: Interactions) -> commands.Cog:
        """The game's slash-command group (/<command> …), acting through the bot's rooms."""
        raise NotImplementedError


class Labels(Generic[W]):
    """A game's action labels, remembered: buttons and pickers name many actions on every turn,
    and the same public action always reads the same."""

    def __init__(self, adapter: GameAdapter[Any, W], size: int = LABELS) -> None:
        self._adapter = adapter
        self._size = size
        self._known: dict[tuple[str, str], str] = {}

    def __call__(self, action: str, lang: str, view: W | None = None) -> str:
        """The adapter's `describe` of an action; a private one with the deciding seat's
        `view` is described afresh, from that view."""
        adapter = self._adapter
        if view is not None and adapter.is_private(action):
            return adapter.describe(action, lang, view)
        key = (action, lang)
        found = self._known.get(key)
        if found is None:
            if len(self._known) >= self._size:
                self._known.clear()
            found = self._known[key] = adapter.describe(action, lang)
        return found


def help_text(adapter: GameAdapter, lang: str, mention: Callable[[str], str]) -> str:
    """How a game is played on Discord (`/game help`): its turns, its buttons and pickers,
    where a player's private information is, from its `help.game` text. `mention` turns a
    command path ("game hand") into a clickable mention."""
    return adapter.t(
        "help.game",
        lang,
        do=mention(f"{adapter.command} do"),
        hand=mention("game hand"),
        rules=mention("game rules"),
    )


def commands_not_in_play(adapter: GameAdapter, options: Mapping[str, Any]) -> frozenset[str]:
    """The subcommands of a game's group that a game with `options` never uses."""
    unused = [names for option, names in adapter.option_commands.items() if not options.get(option)]
    return frozenset().union(*unused)


def tie_lines(
    adapter: GameAdapter,
    ranking: Sequence[Mapping[str, Any]],
    names: Sequence[str],
    lang: str,
    same: Callable[[Mapping[str, Any]], object] = lambda row: row["score"],
) -> list[str]:
    """One line per tie that a tie-break decided, naming the game's rule for it (its
    `ranking.tie_break` text; none when the game has no such rule)."""
    if not adapter.catalog.has("ranking.tie_break"):
        return []
    return [
        adapter.t(
            "ranking.tie_break",
            lang,
            players=", ".join(who(names, int(r["seat"])) for r in group),
            score=group[0]["score"],
        )
        for group in broken_ties(ranking, same)
    ]


@cache
def adapters() -> dict[str, GameAdapter]:
    """Every game adapter, by game name: each package under bot/games with an ADAPTER."""
    games = importlib.import_module(GAMES)
    found: dict[str, GameAdapter] = {}
    for info in pkgutil.iter_modules(games.__path__):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{GAMES}.{info.name}")
        adapter = getattr(module, "ADAPTER", None)
        if isinstance(adapter, GameAdapter):
            missing = missing_texts(adapter.catalog)
            if missing:
                raise RuntimeError(
                    f"{module.__name__}: its catalogue lacks texts every game must have "
                    f"(REQUIRED_TEXTS): {', '.join(missing)}"
                )
            found[adapter.name] = adapter
    return found


def adapter_for(game: str) -> GameAdapter:
    """The adapter of a game; KeyError for a game the bot does not offer."""
    try:
        return adapters()[game]
    except KeyError:
        raise KeyError(f"no bot package for the game {game!r}") from None
