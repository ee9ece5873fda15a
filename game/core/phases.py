"""Where a match stands."""

from __future__ import annotations

from enum import Enum


class Phase(str, Enum):
    ACCEPTING = "accepting"
    CHOOSING = "choosing"
    PLAYING = "playing"
    ROUND_OVER = "round_over"
    MATCH_OVER = "match_over"
