"""Where a match stands, and how a block-game round opens."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Phase(str, Enum):
    ACCEPTING = "accepting"
    CHOOSING = "choosing"
    PLAYING = "playing"
    ROUND_OVER = "round_over"
    MATCH_OVER = "match_over"


class OpeningKind(str, Enum):
    DOUBLE_SIX = "double_six"   # the holder of 6-6 leads it
    SEAT = "seat"               # this seat leads any tile
    CHOOSE = "choose"           # this representative picks the opener (Dékabès)


@dataclass(frozen=True, slots=True)
class Opening:
    kind: OpeningKind
    seat: int | None = None


OPEN_WITH_DOUBLE_SIX = Opening(OpeningKind.DOUBLE_SIX)
