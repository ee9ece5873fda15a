"""What the other seats' plays suggest about their hands.

A thoughtful player sheds doubles early and opens numbers it holds more of. Taking
that as a soft model of the other seats (the chance of a play grows with
``exp(score)`` among the plays that fit, scored on the same features the partner's
own choices show), a sampled deal in which a seat's earlier plays would have been
likely choices is more plausible than one in which they would not. ``PlayEvidence``
gives each sampled deal that relative likelihood.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from ..block import Turn
from ..moves import End, Play
from ..tiles import DOUBLE_SIX
from .bits import BIT, DOUBLES, HIGH, LOW, NUMBER, PIPS


@dataclass(frozen=True, slots=True)
class Model:
    """Weights of a seat's choice model: per pip, for a double, per held tile of the
    number it opens, and for leaving both ends on one number."""

    pip: float
    double: float
    holding: float
    pair: float


@dataclass(frozen=True, slots=True)
class _Choice:
    seat: int           # 0-based
    left: int
    right: int
    played: int         # the tiles the seat played from this turn on
    chosen: tuple[int, int, int]   # the tile bit and the ends it left


def scores(model: Model, hand: int, left: int, right: int) -> list[tuple[tuple[int, int, int], float]]:
    """Every fitting play of ``hand`` as (tile bit, new left, new right) with the model's score."""
    found = []
    on_left, on_right = hand & NUMBER[left], hand & NUMBER[right]
    fits = on_left | on_right
    while fits:
        bit = fits & -fits
        fits ^= bit
        i = bit.bit_length() - 1
        rest = hand ^ bit
        base = model.pip * PIPS[i] + (model.double if DOUBLES & bit else 0.0)
        if on_left & bit:
            new = HIGH[i] if LOW[i] == left else LOW[i]
            found.append(((bit, new, right), base + model.holding * (rest & NUMBER[new]).bit_count()
                          + (model.pair if new == right else 0.0)))
        if on_right & bit and not (left == right and on_left & bit):
            new = HIGH[i] if LOW[i] == right else LOW[i]
            found.append(((bit, left, new), base + model.holding * (rest & NUMBER[new]).bit_count()
                          + (model.pair if new == left else 0.0)))
    return found


class PlayEvidence:
    """The other seats' past plays (not the first tile), ready to weigh sampled deals."""

    def __init__(self, me: int, turns: Sequence[Turn], partner: Model, opponent: Model) -> None:
        self.models = [opponent if (s - me) & 1 else partner for s in range(4)]
        played: list[int] = [0, 0, 0, 0]
        choices: list[_Choice] = []
        for turn in reversed(turns):
            move = turn.move
            if not isinstance(move, Play):
                continue
            seat = turn.seat - 1
            bit = BIT[move.tile]
            played[seat] |= bit
            if seat == me or turn.ends is None:
                continue
            left, right = turn.ends
            if move.end is End.LEFT:
                chosen = (bit, move.tile.other(left), right)
            else:
                chosen = (bit, left, move.tile.other(right))
            if left == right:
                chosen = (bit, chosen[1], chosen[2]) if move.end is End.LEFT else (bit, chosen[2], chosen[1])
            choices.append(_Choice(seat, left, right, played[seat], chosen))
        self.choices = tuple(c for c in choices if self.models[c.seat] is not None)

    def likelihood(self, hands: Sequence[int]) -> float:
        """Relative chance of the other seats' past plays if they held ``hands`` now."""
        chance = 1.0
        for choice in self.choices:
            scored = scores(self.models[choice.seat], hands[choice.seat] | choice.played,
                             choice.left, choice.right)
            if len(scored) < 2:
                continue
            top = max(s for _, s in scored)
            total = 0.0
            mine = 0.0
            for play, score in scored:
                weight = math.exp(score - top)
                total += weight
                if play == choice.chosen:
                    mine = weight
            chance *= mine / total
        return chance
