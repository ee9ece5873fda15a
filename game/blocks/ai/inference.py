"""What the other seats' plays suggest about their hands.

Players have habits: they shed doubles early and open numbers they hold more of (the
computer player itself, among plays it rates alike, takes the one its partner would
expect, so its own plays carry that signal). A seat's choice is modelled as a soft
preference, ``exp(score)`` among the plays that fitted, with the score a weighted sum
of such features. A sampled deal in which the seats' earlier plays would have been
likely choices is then more plausible than one in which they would not; the
``PlayEvidence`` of a view gives every sampled deal that relative likelihood.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from game.blocks.ai.bits import BIT, DOUBLES, NUMBER, OTHER, PIPS
from game.blocks.moves import End, Play
from game.blocks.play import Turn


@dataclass(frozen=True, slots=True)
class Model:
    """Weights of a seat's choice model: per pip, for a double, per held tile of the
    number it opens, and for leaving both ends on one number."""

    pip: float
    double: float
    holding: float
    pair: float


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
            new = OTHER[left][i]
            found.append(
                (
                    (bit, new, right),
                    base + model.holding * (rest & NUMBER[new]).bit_count() + (model.pair if new == right else 0.0),
                )
            )
        if on_right & bit and not (left == right and on_left & bit):
            new = OTHER[right][i]
            found.append(
                (
                    (bit, left, new),
                    base + model.holding * (rest & NUMBER[new]).bit_count() + (model.pair if new == left else 0.0),
                )
            )
    return found


OtherTable = tuple[int, ...]
ExpTable = tuple[float, ...]
Plan = tuple[int, int, int, OtherTable, OtherTable, int, int, ExpTable, ExpTable, float, int, int, float]
"""One past choice of a seat: the tiles it played from that turn on, the fitting masks,
other-number tables and numbers of both ends, the seat's exp tables, the chosen tile's
bit, the mask of the number it opened, and its pair factor."""


class PlayEvidence:
    """The other seats' past plays (not the first tile), ready to weigh sampled deals."""

    def __init__(self, me: int, turns: Sequence[Turn], partner: Model, opponent: Model) -> None:
        tables = [_Tables(opponent if (s - me) & 1 else partner) for s in range(4)]
        played: list[int] = [0, 0, 0, 0]
        plans: list[tuple[int, Plan]] = []  # (0-based seat, plan), latest first
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
            opened, kept = (move.tile.other(left), right) if move.end is End.LEFT else (move.tile.other(right), left)
            table = tables[seat]
            plans.append(
                (
                    seat,
                    (
                        played[seat],
                        NUMBER[left],
                        NUMBER[right],
                        OTHER[left],
                        OTHER[right],
                        left,
                        right,
                        table.tile,
                        table.holding,
                        table.pair,
                        bit,
                        NUMBER[opened],
                        table.pair if opened == kept else 1.0,
                    ),
                )
            )
        by_seat: dict[int, list[Plan]] = {}
        for seat, plan in plans:
            by_seat.setdefault(seat, []).append(plan)
        self._by_seat = tuple((seat, tuple(seat_plans)) for seat, seat_plans in sorted(by_seat.items()))
        self.plays = len(plans)
        """How many past plays of the other seats the evidence holds."""
        self._known: list[dict[int, float]] = [{}, {}, {}, {}]  # per seat, the chance already found for a hand

    def likelihood(self, hands: Sequence[int]) -> float:
        """Relative chance of the other seats' past plays if they held ``hands`` now."""
        chance = 1.0
        for seat, plans in self._by_seat:
            known = self._known[seat]
            hand = hands[seat]
            factor = known.get(hand)
            if factor is None:
                factor = known[hand] = _chance_of(plans, hand)
            chance *= factor
        return chance


def _chance_of(plans: Sequence[Plan], hand: int) -> float:
    """The chance of one seat's past plays (``plans``) if it holds ``hand`` now."""
    chance = 1.0
    number = NUMBER
    for (
        played,
        on_left_mask,
        on_right_mask,
        other_left,
        other_right,
        left,
        right,
        tile,
        holding,
        pair,
        chosen,
        chosen_opens,
        chosen_pair,
    ) in plans:
        held = hand | played
        on_left, on_right = held & on_left_mask, held & on_right_mask
        if left == right:
            on_right = 0
        fits = on_left | on_right
        total = 0.0
        while fits:
            bit = fits & -fits
            fits ^= bit
            i = bit.bit_length() - 1
            rest = held ^ bit
            if on_left & bit:
                new = other_left[i]
                total += tile[i] * holding[(rest & number[new]).bit_count()] * (pair if new == right else 1.0)
            if on_right & bit:
                new = other_right[i]
                total += tile[i] * holding[(rest & number[new]).bit_count()] * (pair if new == left else 1.0)
        chance *= (
            tile[chosen.bit_length() - 1] * holding[((held ^ chosen) & chosen_opens).bit_count()] * chosen_pair / total
        )
    return chance


class _Tables:
    """``exp`` of a model's score, split by feature so a likelihood needs no ``exp``."""

    __slots__ = ("tile", "holding", "pair")

    def __init__(self, model: Model) -> None:
        self.tile = tuple(
            math.exp(model.pip * PIPS[i] + (model.double if DOUBLES >> i & 1 else 0.0)) for i in range(len(PIPS))
        )
        self.holding = tuple(math.exp(model.holding * k) for k in range(8))
        self.pair = math.exp(model.pair)
