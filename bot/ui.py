"""Buttons and selects: persistent DynamicItems whose custom_id holds game, sequence and choice.

They carry no game state: a click after a restart, or on an old message, is parsed from its
custom_id and checked against the database like any command. The sequence number is the game's
number as the table knows it (`GameRow.shown`), never the store's seq: anyone can read a
custom_id, and seq counts the private answers of a secret window too.
"""

from __future__ import annotations

import io
import logging
import re
import types
from collections.abc import Callable, Coroutine, Mapping, Sequence
from typing import Any, ClassVar, Protocol, Self, cast

import discord

from bot.adapter import GameAdapter
from bot.gateway import Click
from bot.i18n import t

log = logging.getLogger(__name__)

MAX_OPTIONS = 25  # Discord: options in one select, buttons in one message
MAX_ROWS = 5  # Discord: rows of components in one message
MAX_BUTTONS = 25  # Discord: five rows of five buttons
CUSTOM_ID_MAX = 100  # Discord: characters of a custom_id
STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def components() -> discord.ui.View:
    """An empty view for this bot's buttons and selects, finished from the start.

    Every item here is a DynamicItem, which the bot routes by its custom_id pattern
    (`route_click`), never through the view it was sent with. A
    live view would only be kept by discord.py after sending (with a 15-minute timeout task
    for an ephemeral one): memory and garbage-collector work per message, for nothing."""
    view = discord.ui.View(timeout=None)
    view.stop()
    return view


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


Interaction = discord.Interaction[Any]


class Routes(Protocol):
    """Where the bot's buttons and selects hand their clicks (the interaction handlers)."""

    def too_late(self, interaction: Interaction) -> bool:
        """True for a click the bot, running behind, reads too late to answer."""
        ...

    async def turn_button(
        self, interaction: Interaction, game_id: int, seq: int, mode: str, payload: str
    ) -> None:
        """A turn-message button."""
        ...

    async def turn_select(
        self, interaction: Interaction, game_id: int, seq: int, verb: str, value: str
    ) -> None:
        """A choice in a turn message's select."""
        ...

    async def picked(
        self, interaction: Interaction, game_id: int, seq: int, verb: str, value: str
    ) -> None:
        """A choice in a private picker."""
        ...

    async def lobby_button(self, interaction: Interaction, game_id: int, op: str) -> None:
        """A lobby button."""
        ...

    async def vote(self, interaction: Interaction, request_id: int, agree: bool) -> None:
        """An Agree / Refuse button."""
        ...

    async def rematch(self, interaction: Interaction, game_id: int) -> None:
        """The Rematch button."""
        ...

    async def stall_choice(
        self, interaction: Interaction, game_id: int, seq: int, choice: str
    ) -> None:
        """A button of a stalled game's notice."""
        ...

    async def abandon_choice(
        self, interaction: Interaction, game_id: int, user_id: int, confirm: bool
    ) -> None:
        """Confirm or Cancel of /game abandon."""
        ...


class InTime:
    """For the bot's buttons and selects: a click read too late to be answered (the bot is
    behind) is dropped before any work is done on it (see bot.backlog). `routes` is set on
    the classes a bot registers (`bound_items`): they hand their clicks there."""

    routes: ClassVar[Routes]
    # The component types a click on this kind of item may carry (a select's id passed off
    # as a button's is still routed, and told it carries no choice).
    kinds: ClassVar[frozenset[int]] = frozenset({discord.ComponentType.button.value})

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        """False for a click too old to answer."""
        return not self.routes.too_late(interaction)

    @classmethod
    def clicked(cls, interaction: Interaction, match: re.Match[str]) -> Coroutine[Any, Any, None]:
        """The handler's work for a click whose custom_id is `match`, handed to the bot's
        handlers without building an item (`route_click`). Reading the id may raise
        (ValueError: a forged id), before anything is done."""
        raise NotImplementedError

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Hand the click to the bot's handlers, as `clicked` does (for an item rebuilt by
        `from_custom_id`, as discord.py's own dispatch of dynamic items would)."""
        item = cast("discord.ui.DynamicItem[Any]", self)
        match = item.__discord_ui_compiled_template__.fullmatch(item.custom_id)
        if match is not None:
            await self.clicked(interaction, match)


class TurnButton(
    InTime,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rt:(?P<game>\d+):(?P<seq>\d+):(?P<mode>[ak]):(?P<payload>[^\n]+)",
):
    """A button of a turn message: one action ('a') or a kind of action to pick from ('k')."""

    def __init__(
        self,
        game: int,
        seq: int,
        mode: str,
        payload: str,
        *,
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=_clip(label, 80), style=style, custom_id=f"rt:{game}:{seq}:{mode}:{payload}"
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> TurnButton:
        """Rebuild the button from a click (also after a restart)."""
        assert isinstance(item, discord.ui.Button)
        return cls(
            int(match["game"]),
            int(match["seq"]),
            match["mode"],
            match["payload"],
            label=item.label or "…",
            style=item.style,
        )

    @classmethod
    def clicked(cls, interaction: Interaction, match: re.Match[str]) -> Coroutine[Any, Any, None]:
        """See InTime.clicked."""
        game, seq = int(match["game"]), int(match["seq"])
        return cls.routes.turn_button(interaction, game, seq, match["mode"], match["payload"])


class VerbSelect(
    InTime,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"(?!)",  # matches nothing: each kind below has its own
):
    """A select of one verb's choices, its custom_id "<prefix>:<game>:<seq>:<verb>"."""

    prefix: ClassVar[str]
    kinds = frozenset({discord.ComponentType.select.value, discord.ComponentType.button.value})

    def __init__(
        self,
        game: int,
        seq: int,
        verb: str,
        options: Sequence[discord.SelectOption] = (),
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"{self.prefix}:{game}:{seq}:{verb}",
                options=list(options) or [discord.SelectOption(label="…", value="-")],
                placeholder=placeholder,
                min_values=1,
                max_values=1,
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> Self:
        """Rebuild the select from a choice (also after a restart). A forged click that
        passes the id off as a button's is rebuilt too: it carries no choice, and is told so."""
        options = item.options if isinstance(item, discord.ui.Select) else []
        return cls(int(match["game"]), int(match["seq"]), match["verb"], options)

    @staticmethod
    def choice(interaction: discord.Interaction[Any]) -> str:
        """The value chosen: "" unless exactly one text was, and one that is not blank (no
        option of this bot's is: a blank one is forged or mangled, and refused as no choice)."""
        data = cast("dict[str, Any]", interaction.data or {})
        values = data.get("values")
        if not isinstance(values, list) or len(values) != 1:
            return ""
        value = values[0]
        return value if isinstance(value, str) and value.strip() else ""


class PickSelect(VerbSelect, template=r"rp:(?P<game>\d+):(?P<seq>\d+):(?P<verb>\w+)"):
    """The ephemeral picker: values are "a:<action text>" or "g:<prefix>" (a narrower list)."""

    prefix = "rp"

    @classmethod
    def clicked(cls, interaction: Interaction, match: re.Match[str]) -> Coroutine[Any, Any, None]:
        """See InTime.clicked."""
        game, seq = int(match["game"]), int(match["seq"])
        return cls.routes.picked(interaction, game, seq, match["verb"], cls.choice(interaction))


class PickButton(
    InTime,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rb:(?P<game>\d+):(?P<seq>\d+):(?P<verb>\w+):(?P<action>[^\n]+)",
):
    """A private picker's button: one of the seat's own actions, taken in one tap (the
    picker is then edited in place: what was done, and the next choices)."""

    def __init__(self, game: int, seq: int, verb: str, action: str, *, label: str = "…") -> None:
        super().__init__(
            discord.ui.Button(
                label=_clip(label, 80),
                style=discord.ButtonStyle.secondary,
                custom_id=f"rb:{game}:{seq}:{verb}:{action}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> PickButton:
        """Rebuild the button from a click (also after a restart)."""
        label = item.label if isinstance(item, discord.ui.Button) else None
        return cls(
            int(match["game"]),
            int(match["seq"]),
            match["verb"],
            match["action"],
            label=label or "…",
        )

    @classmethod
    def clicked(cls, interaction: Interaction, match: re.Match[str]) -> Coroutine[Any, Any, None]:
        """See InTime.clicked."""
        game, seq = int(match["game"]), int(match["seq"])
        return cls.routes.picked(interaction, game, seq, match["verb"], f"a:{match['action']}")


class TurnSelect(VerbSelect, template=r"rc:(?P<game>\d+):(?P<seq>\d+):(?P<verb>\w+)"):
    """A select of a turn message: the public actions of one verb, applied when chosen."""

    prefix = "rc"

    @classmethod
    def clicked(cls, interaction: Interaction, match: re.Match[str]) -> Coroutine[Any, Any, None]:
        """See InTime.clicked."""
        game, seq = int(match["game"]), int(match["seq"])
        return cls.routes.turn_select(
            interaction, game, seq, match["verb"], cls.choice(interaction)
        )


class LobbyButton(
    InTime,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rl:(?P<game>\d+):(?P<op>join|leave|ai|start)",
):
    """Join, leave, add an AI seat, or start: the buttons of a lobby message."""

    def __init__(self, game: int, op: str, *, label: str = "…") -> None:
        style = {
            "join": discord.ButtonStyle.success,
            "start": discord.ButtonStyle.primary,
        }.get(op, discord.ButtonStyle.secondary)
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"rl:{game}:{op}"))

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> LobbyButton:
        """Rebuild the button from a click."""
        assert isinstance(item, discord.ui.Button)
        return cls(int(match["game"]), match["op"], label=item.label or "…")

    @classmethod
    def clicked(cls, interaction: Interaction, match: re.Match[str]) -> Coroutine[Any, Any, None]:
        """See InTime.clicked."""
        return cls.routes.lobby_button(interaction, int(match["game"]), match["op"])


class RequestButton(
    InTime,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rq:(?P<id>\d+):(?P<vote>yes|no)",
):
    """Agree to or refuse an undo or takeover request."""

    def __init__(self, request_id: int, vote: str, *, label: str = "…") -> None:
        style = discord.ButtonStyle.success if vote == "yes" else discord.ButtonStyle.danger
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=f"rq:{request_id}:{vote}")
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> RequestButton:
        """Rebuild the button from a click."""
        assert isinstance(item, discord.ui.Button)
        return cls(int(match["id"]), match["vote"], label=item.label or "…")

    @classmethod
    def clicked(cls, interaction: Interaction, match: re.Match[str]) -> Coroutine[Any, Any, None]:
        """See InTime.clicked."""
        return cls.routes.vote(interaction, int(match["id"]), match["vote"] == "yes")


class RematchButton(
    InTime,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rr:(?P<game>\d+)",
):
    """On a game-over message: a new lobby here with the same players and options."""

    def __init__(self, game: int, *, label: str = "…") -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.success, custom_id=f"rr:{game}"
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> RematchButton:
        """Rebuild the button from a click."""
        assert isinstance(item, discord.ui.Button)
        return cls(int(match["game"]), label=item.label or "…")

    @classmethod
    def clicked(cls, interaction: Interaction, match: re.Match[str]) -> Coroutine[Any, Any, None]:
        """See InTime.clicked."""
        return cls.routes.rematch(interaction, int(match["game"]))


def rematch_view(game_id: int, lang: str) -> discord.ui.View:
    """The button of a game-over message."""
    view = components()
    view.add_item(RematchButton(game_id, label=t("rematch.button", lang)))
    return view


def rematch_rows(game_id: int, lang: str) -> list[list[discord.ui.Item[Any]]]:
    """The row of a game-over message: its rematch button."""
    return [[RematchButton(game_id, label=t("rematch.button", lang))]]


# ---------------------------------------------------------------------- Components V2


def layout(
    head: str,
    story: str = "",
    *,
    boards: Sequence[tuple[str, str]] = (),
    rows: Sequence[Sequence[discord.ui.Item[Any]]] = (),
    accent: tuple[int, int, int] | None = None,
    link: tuple[str, str] | None = None,
) -> discord.ui.LayoutView:
    """A game message as one Components V2 layout: a container with its first line, its
    story and its board (`boards`: the attached images, each a file name and its
    description), then its rows of controls. Finished from the start, as `components()`.
    `link` (address, label): a link button beside the first line (the game's web page).

    Each image of a board is a media gallery of its own: Discord lays out one gallery of
    two images side by side, at half the width on a phone; one after the other, each keeps
    the whole width."""
    view = discord.ui.LayoutView(timeout=None)
    colour = discord.Colour.from_rgb(*accent) if accent is not None else None
    container: discord.ui.Container[Any] = discord.ui.Container(accent_colour=colour)
    if link is not None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            style=discord.ButtonStyle.link, url=link[0], label=_clip(link[1], 80)
        )
        container.add_item(discord.ui.Section(discord.ui.TextDisplay(head), accessory=button))
    else:
        container.add_item(discord.ui.TextDisplay(head))
    if story:
        container.add_item(discord.ui.TextDisplay(story))
    for name, alt in boards:
        item = discord.MediaGalleryItem(f"attachment://{name}", description=alt[:1024] or None)
        container.add_item(discord.ui.MediaGallery(item))
    view.add_item(container)
    for items in rows:
        row: discord.ui.ActionRow[Any] = discord.ui.ActionRow()
        for control in items:
            row.add_item(control)
        view.add_item(row)
    view.stop()
    return view


def board_files(
    parts: Sequence[tuple[str, bytes]], summary: str, name: Callable[[str], str]
) -> tuple[list[discord.File], list[tuple[str, str]]]:
    """A board's images as files to attach (`name`: each part's file name) and, for
    `layout`, their names and descriptions (the position told in words, which Discord reads
    out for an image; 1,024 characters at most)."""
    alt = summary[:1024]
    files = [discord.File(io.BytesIO(data), name(part), description=alt) for part, data in parts]
    return files, [(name(part), alt) for part, _ in parts]


def summary_layout(line: str) -> discord.ui.LayoutView:
    """What an earlier turn message shrinks to: one line, no board, no controls."""
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.TextDisplay(line))
    view.stop()
    return view


def without_controls(message: discord.Message | None) -> discord.ui.LayoutView | None:
    """A Components V2 message's layout with its buttons and selects removed (None for a
    message of the older kind: there, no view at all removes them)."""
    if message is None or not message.flags.components_v2:
        return None
    view = discord.ui.LayoutView.from_message(message, timeout=None)
    for item in list(view.children):
        if isinstance(item, discord.ui.ActionRow):
            view.remove_item(item)
    view.stop()
    return view


STALL_CHOICES = ("ai", "skip", "wait", "end")


class StallButton(
    InTime,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rs:(?P<game>\d+):(?P<seq>\d+):(?P<choice>ai|skip|wait|end)",
):
    """On a stalled game's notice: let the AI play this turn, skip, keep waiting, or end."""

    def __init__(self, game: int, seq: int, choice: str, *, label: str = "…") -> None:
        style = discord.ButtonStyle.danger if choice == "end" else discord.ButtonStyle.secondary
        if choice == "ai":
            style = discord.ButtonStyle.primary
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=f"rs:{game}:{seq}:{choice}")
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> StallButton:
        """Rebuild the button from a click."""
        assert isinstance(item, discord.ui.Button)
        return cls(int(match["game"]), int(match["seq"]), match["choice"], label=item.label or "…")

    @classmethod
    def clicked(cls, interaction: Interaction, match: re.Match[str]) -> Coroutine[Any, Any, None]:
        """See InTime.clicked."""
        game, seq = int(match["game"]), int(match["seq"])
        return cls.routes.stall_choice(interaction, game, seq, match["choice"])


def stall_view(game_id: int, seq: int, lang: str) -> discord.ui.View:
    """The buttons of a stalled game's notice."""
    view = components()
    for choice in STALL_CHOICES:
        view.add_item(StallButton(game_id, seq, choice, label=t(f"stall.{choice}", lang)))
    return view


class AbandonButton(
    InTime,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ra:(?P<game>\d+):(?P<user>\d+):(?P<choice>yes|no)",
):
    """Confirm or cancel `/game abandon`: only the person who asked may answer."""

    def __init__(self, game: int, user: int, choice: str, *, label: str = "…") -> None:
        style = discord.ButtonStyle.danger if choice == "yes" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=f"ra:{game}:{user}:{choice}")
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> AbandonButton:
        """Rebuild the button from a click."""
        assert isinstance(item, discord.ui.Button)
        return cls(int(match["game"]), int(match["user"]), match["choice"], label=item.label or "…")

    @classmethod
    def clicked(cls, interaction: Interaction, match: re.Match[str]) -> Coroutine[Any, Any, None]:
        """See InTime.clicked."""
        game, user = int(match["game"]), int(match["user"])
        return cls.routes.abandon_choice(interaction, game, user, match["choice"] == "yes")


def abandon_view(game_id: int, user_id: int, lang: str) -> discord.ui.View:
    """The Confirm / Cancel buttons of `/game abandon`'s private question."""
    view = components()
    view.add_item(AbandonButton(game_id, user_id, "yes", label=t("abandon.yes", lang)))
    view.add_item(AbandonButton(game_id, user_id, "no", label=t("abandon.no", lang)))
    return view


class CommandMentions:
    """Slash commands as clickable mentions (</game hand:id>), which Discord shows in each
    reader's language; plain `/game hand` until the commands are synced."""

    def __init__(self) -> None:
        self.ids: dict[str, int] = {}

    def learn(self, commands: Sequence[Any]) -> None:
        """Remember the ids of synced top-level commands (app_commands.AppCommand)."""
        for command in commands:
            self.ids[str(command.name)] = int(command.id)

    def mention(self, path: str) -> str:
        """`path` ("game hand") as a mention, or in code style when its id is unknown."""
        found = self.ids.get(path.split()[0])
        return f"</{path}:{found}>" if found else f"`/{path}`"


def request_view(request_id: int, lang: str) -> discord.ui.View:
    """Agree / refuse buttons of a request message."""
    view = components()
    view.add_item(RequestButton(request_id, "yes", label=t("request.agree", lang)))
    view.add_item(RequestButton(request_id, "no", label=t("request.refuse", lang)))
    return view


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    TurnButton,
    TurnSelect,
    PickSelect,
    PickButton,
    LobbyButton,
    RequestButton,
    RematchButton,
    StallButton,
    AbandonButton,
)


def bound_items(routes: Routes) -> list[type[discord.ui.DynamicItem[Any]]]:
    """The bot's buttons and selects as one bot registers them: each class handing its clicks
    to `routes` (what a message is sent with needs no routes: only its custom_id counts)."""
    out: list[type[discord.ui.DynamicItem[Any]]] = []
    for cls in DYNAMIC_ITEMS:
        template = cls.__discord_ui_compiled_template__.pattern
        out.append(
            types.new_class(
                cls.__name__,
                (cls,),
                {"template": template},
                lambda ns: ns.update({"routes": routes, "__module__": __name__}),
            )
        )
    return out


def _raw_component(components: Any, kind: int, custom_id: str) -> dict[str, Any] | None:
    """The payload of the component of that type and custom_id in a message's payload."""
    stack = list(components) if isinstance(components, list) else []
    while stack:
        raw = stack.pop()
        if not isinstance(raw, dict):
            continue
        if raw.get("type") == kind and raw.get("custom_id") == custom_id:
            return raw
        children = raw.get("components")
        if isinstance(children, list):
            stack.extend(children)
        if "accessory" in raw:
            stack.append(raw["accessory"])
    return None


def _carried(interaction: Interaction, kind: int, custom_id: str) -> bool:
    """Whether the clicked message's payload carries that button or select (a click on a
    component the message does not have is forged, or read from another message). Clicks
    reach the bot as `bot.gateway.Click`s."""
    data = interaction.message_data() if isinstance(interaction, Click) else None
    return _raw_component(data.get("components") if data else None, kind, custom_id) is not None


async def route_click(
    items: Sequence[type[discord.ui.DynamicItem[Any]]], interaction: Interaction
) -> bool:
    """Hand a click on a button or select to the item class whose custom_id pattern it
    matches (`items`, as `bound_items` gives them); False when it is none of this bot's: no
    pattern matches, the message does not carry that component, or its id does not read
    (forged or mangled), for the caller to refuse.

    What discord.py's dynamic items do, without rebuilding the clicked message's whole
    layout as a view to find the one component clicked (`View.from_message`), nor making
    items of the clicked component and of the class (a select's 25 options parsed, then
    copied): the class reads its custom_id (`InTime.clicked`) and hands the click to the
    handlers, as its `callback` would. With bot.gateway, a `Click` builds no `Message`."""
    data = cast("dict[str, Any]", interaction.data or {})
    custom_id = data.get("custom_id")
    kind = data.get("component_type")
    if not isinstance(custom_id, str) or not isinstance(kind, int):
        return False
    for item in items:
        match = item.__discord_ui_compiled_template__.fullmatch(custom_id)
        if match is not None:
            break
    else:
        return False
    cls = cast("type[InTime]", item)
    if kind not in cls.kinds or not _carried(interaction, kind, custom_id):
        return False
    try:
        work = cls.clicked(interaction, match)
    except Exception as exc:
        log.warning("a click's custom_id %r did not read: %r", custom_id[:100], exc)
        return False
    if cls.routes.too_late(interaction):
        work.close()  # never started
        return True
    try:
        await work
    except Exception:
        log.exception("the click on %r failed", custom_id[:100])
    return True


def lobby_view(game_id: int, lang: str) -> discord.ui.View:
    """The buttons of a lobby message."""
    view = components()
    for op in ("join", "leave", "ai", "start"):
        view.add_item(LobbyButton(game_id, op, label=t(f"lobby.button.{op}", lang)))
    return view


def by_verb(adapter: GameAdapter, actions: Sequence[str]) -> dict[str, list[str]]:
    """Action texts grouped by verb, in the game's order of verbs."""
    groups: dict[str, list[str]] = {}
    for text in actions:
        groups.setdefault(adapter.verb(text), []).append(text)
    order = {v: i for i, v in enumerate(adapter.verbs)}
    return dict(sorted(groups.items(), key=lambda kv: order.get(kv[0], len(order))))


def turn_view(
    adapter: GameAdapter,
    game_id: int,
    seq: int,
    legal: Mapping[int, Sequence[str]],
    lang: str,
    *,
    window: bool = False,
) -> discord.ui.View | None:
    """The buttons and selects of a turn message, from the legal actions of the seats to move.

    One tap acts wherever the choice is public: a verb with one action is a button, a verb
    the game lists (`listed_verbs`: its options tell nothing hidden) with several actions,
    up to a select's 25, is a select on the turn message itself. An action the
    game marks private (drawn from a hidden hand) is never shown here: its verb is a button
    that opens a private picker, as is a verb with too many actions for one select (the
    picker narrows them) or one the message has no row left for. In a window (several
    seats, or a seat answering off its turn) one button opens each asked seat's own picker."""
    rows = turn_rows(adapter, game_id, seq, legal, lang, window=window)
    if not rows:
        return None
    view = components()
    for number, items in enumerate(rows):
        for item in items:
            item.row = number
            view.add_item(item)
    return view


def turn_rows(
    adapter: GameAdapter,
    game_id: int,
    seq: int,
    legal: Mapping[int, Sequence[str]],
    lang: str,
    *,
    window: bool = False,
) -> list[list[discord.ui.Item[Any]]]:
    """The rows of `turn_view` (a select alone in its row, buttons five to a row), to be
    put in a message of either kind; empty when nobody is to move."""
    movers = [seat for seat, acts in legal.items() if acts]
    if not movers:
        return []
    if len(movers) > 1 or window:
        return [[TurnButton(game_id, seq, "k", "any", label=adapter.t("verb.any", lang))]]
    groups = list(by_verb(adapter, legal[movers[0]]).items())[:MAX_OPTIONS]
    listed = {
        verb
        for verb, texts in groups
        if verb in adapter.listed_verbs
        and 1 < len(texts) <= MAX_OPTIONS
        and not any(adapter.is_private(x) for x in texts)
    }
    # A message has 5 rows: buttons fill rows of 5, a select takes a row of its own.
    while listed and len(listed) + -(-(len(groups) - len(listed)) // 5) > MAX_ROWS:
        listed.discard(next(v for v, _ in reversed(groups) if v in listed))
    rows: list[list[discord.ui.Item[Any]]] = []
    for verb, texts in groups:
        if verb in listed:
            options = [
                discord.SelectOption(label=_clip(adapter.labels(x, lang), 100), value=x)
                for x in texts
            ]
            placeholder = _clip(adapter.verb_label(verb, lang), 150)
            rows.append([TurnSelect(game_id, seq, verb, options, placeholder=placeholder)])
    buttons: list[discord.ui.Item[Any]] = []
    for verb, texts in groups:
        if verb in listed:
            continue
        style = STYLES.get(adapter.styles.get(verb, "primary"), discord.ButtonStyle.primary)
        if len(texts) == 1 and not adapter.is_private(texts[0]):
            label = adapter.labels(texts[0], lang)
            buttons.append(TurnButton(game_id, seq, "a", texts[0], label=label, style=style))
        else:
            label = adapter.verb_label(verb, lang)
            buttons.append(TurnButton(game_id, seq, "k", verb, label=label, style=style))
    rows.extend(buttons[i : i + 5] for i in range(0, len(buttons), 5))
    return rows


def picker_title(adapter: GameAdapter, verb: str, prefix: str, lang: str) -> str:
    """The line above a private picker: what is being chosen ("Move cubes (Merchant) ›
    Gallia: choose below."), the narrower step of a long list included."""
    what = adapter.verb_label(verb, lang)
    words = prefix.split()
    if len(words) > 1:
        what += " › " + adapter.group_label(prefix, lang)
    return t("pick.title", lang, what=what)


def picker_view(
    adapter: GameAdapter,
    game_id: int,
    seq: int,
    verb: str,
    actions: Sequence[str],
    prefix: str,
    lang: str,
    view: Mapping[str, Any] | None = None,
) -> discord.ui.View:
    """A private select of actions (ephemeral or by DM); long lists are split by their next
    word. `view` is the deciding seat's own view, to name private cards in the labels.

    The choices of a verb the adapter taps (`tap_verbs`: a card placed face down, say) are
    buttons instead, one per action, when they fit: one tap each, and after each the picker
    is edited in place with the next choices."""
    texts = [a for a in actions if not prefix or a == prefix or a.startswith(prefix + " ")]
    if verb in adapter.tap_verbs and len(texts) <= MAX_BUTTONS:
        taps = [
            PickButton(game_id, seq, verb, text, label=adapter.labels(text, lang, view))
            for text in texts
        ]
        if all(len(tap.custom_id) <= CUSTOM_ID_MAX for tap in taps):
            buttons = components()
            for tap in taps:
                buttons.add_item(tap)
            return buttons
    options: list[discord.SelectOption] = []
    if len(texts) <= MAX_OPTIONS:
        for text in texts:
            options.append(
                discord.SelectOption(
                    label=_clip(adapter.labels(text, lang, view), 100), value=f"a:{text}"
                )
            )
    else:
        depth = len(prefix.split()) if prefix else 1
        seen: dict[str, int] = {}
        for text in texts:
            key = adapter.group_key(text, depth)
            seen[key] = seen.get(key, 0) + 1
        for key, count in list(seen.items())[:MAX_OPTIONS]:
            label = t("pick.group", lang, label=adapter.group_label(key, lang), count=count)
            options.append(discord.SelectOption(label=_clip(label, 100), value=f"g:{key}"))
    picker = components()
    picker.add_item(
        PickSelect(game_id, seq, verb, options, placeholder=t("pick.placeholder", lang))
    )
    return picker
