"""What a refused action needs for a helpful answer: whose turn it is and since when (for
"It is not your turn"), and the refused seat's legal actions (for the closest suggestions).

The service attaches a `Refusal` to the engine's `RulesError` before it propagates; the reply
(bot/errors.py) reads it back with `refusal_of`, in the reader's language.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.store import GameRow

ATTRIBUTE = "refusal"
SUGGESTIONS = 3  # closest legal actions offered at most
CUTOFF = 0.4  # how alike (difflib ratio) a suggestion must be to what was typed


@dataclass(frozen=True, slots=True)
class Refusal:
    """The game as the refused action found it."""

    game: GameRow
    seat: int
    typed: str  # the action as the player gave it
    legal: tuple[str, ...]  # the seat's legal actions now (empty off turn)
    movers: tuple[int, ...]  # the seats the game waits for, as this seat may know them
    since: float | None  # when their turn began (None: unknown, or a secret window)


def attach(exc: BaseException, refusal: Refusal) -> None:
    """Keep `refusal` with the error it explains."""
    vars(exc)[ATTRIBUTE] = refusal


def refusal_of(exc: BaseException) -> Refusal | None:
    """The refusal attached to an error, if any."""
    found: Any = vars(exc).get(ATTRIBUTE)
    return found if isinstance(found, Refusal) else None


def closest(typed: str, legal: Sequence[str], describe: Callable[[str], str]) -> list[str]:
    """The legal actions most like `typed` (at most SUGGESTIONS), as their action texts: what
    was typed is compared with each action's description (in the reader's language) and with
    its text, and the better match counts."""
    key = " ".join(typed.casefold().split())
    if not key:
        return []
    by_form: dict[str, str] = {}
    for text in legal:
        by_form.setdefault(" ".join(describe(text).casefold().split()), text)
        by_form.setdefault(text.casefold(), text)
    found = difflib.get_close_matches(key, list(by_form), n=len(by_form), cutoff=CUTOFF)
    return list(dict.fromkeys(by_form[f] for f in found))[:SUGGESTIONS]
