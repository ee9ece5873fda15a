"""Values shared by the Chiva and Dékabès rules: how a round opens, what it starts from
and how it ended."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.blocks.play import Termination


class OpeningKind(str, Enum):
    DOUBLE_SIX = "double_six"  # the holder of 6-6 leads it
    SEAT = "seat"  # this seat leads any tile
    CHOOSE = "choose"  # this representative picks the opener (Dékabès)


@dataclass(frozen=True, slots=True)
class Opening:
    kind: OpeningKind
    seat: int | None = None


OPEN_WITH_DOUBLE_SIX = Opening(OpeningKind.DOUBLE_SIX)


@dataclass(frozen=True, slots=True)
class RoundStart:
    """Everything a block-game round starts from: the score before it and how it opens."""

    number: int
    score: tuple[int, int]
    base: int
    opening: Opening


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundResult:
    """The end of a round: winner (team or None for a tie), gains and what comes next; built
    with keywords."""

    termination: Termination
    winner: str | None
    pips: tuple[int, int, int, int]
    domino_seat: int | None
    dekabes: bool = False  # a domino on a tile fitting both ends, worth double (Dékabès rule 6)
    points: int
    base_after: int
    score_after: tuple[int, int]
    next_opening: Opening
    match_winner: str | None

    @property
    def is_tie(self) -> bool:
        return self.winner is None
