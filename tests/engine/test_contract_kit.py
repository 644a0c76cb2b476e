"""The contract test kit's own tests: it must catch a game that breaks the contract."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from engine.cartus import GAME as CARTUS
from engine.cartus.events import CardsDrawn
from engine.core.contract import Step
from engine.core.testing import ContractViolation, check_playout


@dataclass(frozen=True, slots=True)
class PublicDraw(CardsDrawn):
    """The Cartus card draw, wrongly shown to everybody."""

    kind: ClassVar[str] = "cards_drawn"

    @property
    def visible_to(self) -> frozenset[int] | None:
        """Everybody (the bug)."""
        return None


class LeakyCartus:
    """Rattus Cartus, but the cards a seat draws are told to the whole table."""

    def __init__(self) -> None:
        self.name = CARTUS.name
        self.messages = CARTUS.messages

    def __getattr__(self, name: str) -> Any:
        return getattr(CARTUS, name)

    def apply(self, state: Any, seat: int, action: Any) -> Step[Any]:
        """The real step, with its private draws made public."""
        step = CARTUS.apply(state, seat, action)
        events = tuple(
            PublicDraw(e.seat, e.cards, e.reason) if isinstance(e, CardsDrawn) else e
            for e in step.events
        )
        return Step(step.state, events)


@pytest.mark.slow
def test_the_kit_passes_the_real_game_and_compares_events() -> None:
    report = check_playout(CARTUS, 3, 7, redeal_every=1)
    assert report.compared > 0


def test_the_kit_catches_a_private_event_made_public() -> None:
    """The views stay right (the hand is still shown to its seat only), so only the events
    give the leak away: the public must not be told which cards someone drew."""
    with pytest.raises(ContractViolation, match="events None may see depend") as err:
        check_playout(LeakyCartus(), 3, 7, redeal_every=1)  # type: ignore[arg-type]
    assert "cards_drawn" in str(err.value)
