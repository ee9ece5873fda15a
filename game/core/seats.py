"""The seat kinds of the record spec, and the decision function of each computer kind.

Every computer seat decides from its own view only: ``random`` takes a uniformly random
legal decision, ``greedy`` is each game's fixed baseline and ``ai`` its computer player.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import TypeAlias, TypeVar

from game.core.advice import DecisionT, Difficulty
from game.core.errors import IllegalMove
from game.core.spec import GameSpec, SeatView, StartT, StateT, ViewT


class SeatKind(StrEnum):
    """Who sits at a seat, as the record spec spells it (each member is its record string)."""

    HUMAN = "human"
    AI = "ai"  # the game's computer player, at the match's level
    RANDOM = "random"  # a uniformly random legal decision
    GREEDY = "greedy"  # the game's fixed baseline


SEAT_KINDS = tuple(SeatKind)
COMPUTER_KINDS = (SeatKind.AI, SeatKind.RANDOM, SeatKind.GREEDY)

Decider: TypeAlias = Callable[[ViewT, random.Random], object]
"""A computer seat's decision function: a decision of the game of the seat's view."""

T = TypeVar("T")


def four(values: Sequence[T]) -> tuple[T, T, T, T]:
    """Per-seat values as a tuple of exactly four (index 0 for seat 1)."""
    first, second, third, fourth = values
    return first, second, third, fourth


def random_decision(view: SeatView, rng: random.Random) -> object:
    """A uniformly random legal decision."""
    return rng.choice(view.legal)


def decider_for(
    kind: str, game: GameSpec[StateT, ViewT, DecisionT, StartT], level: str = Difficulty.NORMAL
) -> Decider[ViewT]:
    """The decision function of a computer seat kind in ``game`` (``level`` for ``ai``)."""
    if kind == SeatKind.RANDOM:
        return random_decision
    if kind == SeatKind.GREEDY:
        return game.greedy
    if kind == SeatKind.AI:
        return lambda view, rng: game.decide(view, level, rng)
    raise IllegalMove("not_a_computer", "Seat kind {kind} is not a computer player.", kind=kind)
