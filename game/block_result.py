"""Values shared by the Chiva and Dékabès scoring rules."""
from __future__ import annotations

from dataclasses import dataclass

from .block import Termination
from .phases import Opening


@dataclass(frozen=True, slots=True)
class RoundStart:
    """Everything a block-game round starts from: the score before it and how it opens."""

    number: int
    score: tuple[int, int]
    base: int
    opening: Opening


@dataclass(frozen=True, slots=True)
class RoundResult:
    """The end of a round: winner (team or None for a tie), gains and what comes next."""

    termination: Termination
    winner: str | None
    pips: tuple[int, int, int, int]
    domino_seat: int | None
    dekabes: bool
    points: int
    base_after: int
    score_after: tuple[int, int]
    next_opening: Opening
    match_winner: str | None

    @property
    def is_tie(self) -> bool:
        return self.winner is None
