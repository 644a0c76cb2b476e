"""Policies that pick an action from a seat's view: the game's greedy AI (normal), the same
with noise (easy). The greedy AI itself lives with the game (the bot's adapter passes it in)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

A = TypeVar("A")

# A game's greedy AI: (the seat's view, its legal actions, a seeded Random) -> one of them.
Decide = Callable[[Mapping[str, Any], Sequence[Any], random.Random], Any]


def random_policy(view: Mapping[str, Any], legal: Sequence[A], rnd: random.Random) -> A:
    """A uniformly random legal action."""
    return legal[rnd.randrange(len(legal))]


def guarded(decide: Decide, view: Mapping[str, Any], legal: Sequence[A], rnd: random.Random) -> A:
    """`decide`'s choice when it is one of `legal`; else, or when it fails, a random legal one:
    a policy's bug must not stop a game."""
    try:
        choice = decide(view, legal, rnd)
    except Exception:
        choice = None
    if choice is not None and choice in legal:
        found: A = choice
        return found
    return random_policy(view, legal, rnd)


def greedy(decide: Decide) -> Decide:
    """The normal level: the game's greedy AI, guarded (always a legal action)."""

    def pick(view: Mapping[str, Any], legal: Sequence[Any], rnd: random.Random) -> Any:
        return guarded(decide, view, legal, rnd)

    return pick


def noisy(decide: Decide, epsilon: float) -> Decide:
    """The easy level: a random legal action with probability `epsilon`, else the greedy AI's."""

    def pick(view: Mapping[str, Any], legal: Sequence[Any], rnd: random.Random) -> Any:
        if len(legal) > 1 and rnd.random() < epsilon:
            return random_policy(view, legal, rnd)
        return guarded(decide, view, legal, rnd)

    return pick
