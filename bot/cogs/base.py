"""What every game's command group shares: `/<game> do`, and arguments completed from the
user's legal actions.

A game's cog subclasses `GameCommands` with its group name, and declares one subcommand per
kind of action; `complete(...)` says which of a subcommand's parameters are completed, each as
an argument of a verb (`Arg("place", 0)`: the first word after "place" in the legal actions'
texts, filtered by the arguments already chosen). The group always has `/<game> do`, which
takes any action by its text, completed with every legal action described. Nothing else is
needed: acting, refusing and answering happen in the interaction handlers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar, cast

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

if TYPE_CHECKING:
    from bot.interactions import Interactions

Interaction = discord.Interaction[Any]
Choices = list[app_commands.Choice[str]]
F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True, slots=True)
class Arg:
    """A parameter completed as argument `index` of `verb`; `previous`: the parameters whose
    chosen values filter it (an earlier argument of the same action)."""

    verb: str
    index: int
    previous: tuple[str, ...] = ()


def complete(**args: Arg) -> Callable[[F], F]:
    """Complete these parameters of a subcommand from the user's legal actions."""

    def decorate(fn: F) -> F:
        fn.__completes__ = {**getattr(fn, "__completes__", {}), **args}  # type: ignore[attr-defined]
        # A function of the class, so discord.py hands it the cog (see complete_argument).
        every = dict.fromkeys(args, GameCommands.complete_argument)
        return app_commands.autocomplete(**every)(fn)

    return decorate


def text(*words: object) -> str:
    """An action text from its words (None words are left out)."""
    return " ".join(str(w).strip().lower() for w in words if w is not None and str(w).strip())


def focused(interaction: Interaction) -> str | None:
    """The name of the option being typed in an autocomplete interaction."""
    data = cast("dict[str, Any]", interaction.data or {})
    options: list[Any] = list(data.get("options") or [])
    while options:
        option = options.pop()
        if not isinstance(option, dict):
            continue
        if option.get("focused"):
            return str(option.get("name"))
        options.extend(option.get("options") or [])
    return None


class GameCommands(commands.GroupCog):
    """A game's slash-command group (`group_name=` of the subclass): its subcommands act
    through the play room, and `/<game> do` takes any action."""

    def __init__(self, rooms: Interactions) -> None:
        self.rooms = rooms
        super().__init__()

    async def act(self, interaction: Interaction, action: str) -> None:
        """Play an action given as text (a subcommand's words)."""
        await self.rooms.play.act_command(interaction, action)

    @app_commands.command(name=_("do"), description=_("Any action, typed or picked from the list"))
    @app_commands.describe(action=_("The action"))
    @app_commands.rename(action=_("action"))
    async def do(self, interaction: Interaction, action: str) -> None:
        """Any action by its text."""
        await self.act(interaction, action.strip().lower())

    @app_commands.command(
        name=_("hint"),
        description=_("What the hard AI would play now, and how it rates the options (only you)"),
    )
    async def hint(self, interaction: Interaction) -> None:
        """The hard AI's advice for the asker's decision, where the game's settings allow it."""
        from bot.interactions.hints import Hints

        await Hints(self.rooms.deps).hint(interaction)

    @app_commands.command(
        name=_("web"),
        description=_("Your private link to this game's web page, with your hand (only you)"),
    )
    async def web(self, interaction: Interaction) -> None:
        """A signed link to the asker's seat page, where the bot's web view is on."""
        from bot.interactions.web import WebLinks

        await WebLinks(self.rooms.deps).web(interaction)

    @do.autocomplete("action")
    async def do_complete(self, interaction: Interaction, current: str) -> Choices:
        """Every legal action of the user, described, filtered by what was typed."""
        pairs = await self.rooms.play.all_actions(interaction, current)
        return [app_commands.Choice(name=label, value=value) for label, value in pairs]

    async def complete_argument(self, interaction: Interaction, current: str) -> Choices:
        """The autocomplete of a parameter declared with `complete`: its legal values."""
        command = interaction.command
        name = focused(interaction)
        if not isinstance(command, app_commands.Command) or name is None:
            return []
        params = {p.display_name: p.name for p in command.parameters}
        specs: dict[str, Arg] = getattr(command.callback, "__completes__", {})
        arg = specs.get(params.get(name, name))
        if arg is None:
            return []
        shown = {p.name: p.display_name for p in command.parameters}
        filled = [
            str(getattr(interaction.namespace, shown.get(p, p), "") or "") for p in arg.previous
        ]
        return await self.argument_choices(interaction, arg, current, filled)

    async def argument_choices(
        self, interaction: Interaction, arg: Arg, current: str, filled: list[str]
    ) -> Choices:
        """The choices of one argument (a game may name them its own way)."""
        pairs = await self.rooms.play.autocomplete(
            interaction, arg.verb, arg.index, current, filled
        )
        return [app_commands.Choice(name=label, value=value) for label, value in pairs]
