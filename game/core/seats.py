"""The seat kinds of the record spec, and the decision function of each computer kind.

Every computer seat decides from its own view only: ``random`` takes a uniformly random
legal decision, ``greedy`` is each game's fixed baseline and ``ai`` its computer player.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from game.core.errors import IllegalMove
from game.core.spec import Decision, GameSpec, SeatView

SEAT_KINDS = ("human", "ai", "random", "greedy")
COMPUTER_KINDS = ("ai", "random", "greedy")

Decider = Callable[[Any, random.Random], Decision]

T = TypeVar("T")


def four(values: Sequence[T]) -> tuple[T, T, T, T]:
    """Per-seat values as a tuple of exactly four (index 0 for seat 1)."""
    first, second, third, fourth = values
    return first, second, third, fourth


def random_decision(view: SeatView, rng: random.Random) -> Decision:
    """A uniformly random legal decision."""
    return rng.choice(view.legal)


def decider_for(kind: str, game: GameSpec, level: str = "normal") -> Decider:
    """The decision function of a computer seat kind in ``game`` (``level`` for ``ai``)."""
    if kind == "random":
        return random_decision
    if kind == "greedy":
        return game.greedy
    if kind == "ai":
        return lambda view, rng: game.decide(view, level, rng)
    raise IllegalMove("not_a_computer", "Seat kind {kind} is not a computer player.", kind=kind)
