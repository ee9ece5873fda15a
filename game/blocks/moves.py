"""Decisions a seat can take in the block games, as frozen values."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.core.tiles import Tile


class End(str, Enum):
    LEFT = "left"
    RIGHT = "right"


@dataclass(frozen=True, slots=True)
class Play:
    """Place ``tile`` on ``end`` of the line; ``end`` is None for the first tile."""

    tile: Tile
    end: End | None = None

    def __str__(self) -> str:
        return f"{self.tile}" if self.end is None else f"{self.tile}@{self.end.value}"


@dataclass(frozen=True, slots=True)
class Pass:
    """No tile fits: the seat passes (only when forced)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Accept:
    """Dékabès: keep the deal."""

    def __str__(self) -> str:
        return "accept"


@dataclass(frozen=True, slots=True)
class ThrowIn:
    """Dékabès: throw the deal in (five or more doubles)."""

    def __str__(self) -> str:
        return "throw-in"


@dataclass(frozen=True, slots=True)
class Choose:
    """Dékabès: the representative names the opener (itself or its partner)."""

    seat: int

    def __str__(self) -> str:
        return f"choose {self.seat}"


PASS = Pass()
ACCEPT = Accept()
THROW_IN = ThrowIn()

BlockDecision = Play | Pass | Accept | ThrowIn | Choose
