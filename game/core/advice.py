"""What the computer players give besides a decision: the levels, hints and the estimates
a review shows. Each game's computer player fills these in from one seat's view."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Generic, Protocol

from typing_extensions import TypeVar  # type parameters with defaults (in ``typing`` from 3.13)

from game.core.errors import IllegalMove
from game.core.tiles import derived_rng

DecisionT = TypeVar("DecisionT", default=object)
"""A game's decision type (``game.core.spec.GameSpec``'s; defined here, where advice on one
is, for ``spec`` to import). ``object`` by default: a game found by name is some game, whose
decision type only it knows, so a game-neutral caller may only pass on what it was given
(a family's code names its own type, ``game.blocks.spec.BlockGame``...)."""


class Difficulty(StrEnum):
    """How hard a computer player thinks (each member is the string records and settings use)."""

    EASY = "easy"  # beatable: a human-like player
    NORMAL = "normal"
    HARD = "hard"


LEVELS = tuple(Difficulty)


HintParams = dict[str, str | int]
"""A hint's reason's parameters: the numbers and names its sentence is filled with."""


@dataclass(frozen=True, slots=True)
class Hint(Generic[DecisionT]):
    """The suggested decision, why (a code with its parameters), the English sentence of the
    reason (short, in the player's words, without the numbers) and, when the weighing found
    numbers behind it, the English sentence that gives and explains them (``detail``)."""

    decision: DecisionT
    reason: str
    params: HintParams = field(default_factory=dict)
    text: str = ""
    detail: str = ""


NOISE = 2.0
"""Differences within this many standard errors of the estimate are ties, not preferences."""


@dataclass(frozen=True, slots=True)
class Estimate(Generic[DecisionT]):
    """One alternative as the computer weighed it: its worth in the evaluation's unit and
    the standard error of its gap to the computer's own choice (0 for that choice)."""

    decision: DecisionT
    value: float
    error: float = 0.0


@dataclass(frozen=True, slots=True)
class Evaluation(Generic[DecisionT]):
    """The computer's own choice (``best``, what its hint suggests), every alternative
    weighed (best value first), the unit of the values ("match_chance" or "points"), the
    gap in that unit from which a decision is clearly worse, and the hint for ``best``."""

    best: DecisionT
    estimates: tuple[Estimate[DecisionT], ...]
    unit: str
    clearly_worse: float
    hint: Hint[DecisionT] | None

    def estimate(self, decision: DecisionT) -> Estimate[DecisionT]:
        return next(found for found in self.estimates if found.decision == decision)

    def gap(self, decision: DecisionT) -> float:
        """How much less ``decision`` is worth than the computer's choice (negative: more)."""
        return self.estimate(self.best).value - self.estimate(decision).value

    def as_good(self, decision: DecisionT) -> bool:
        """Whether ``decision`` is, within the noise of the estimate, as good as the computer's choice."""
        return self.gap(decision) <= NOISE * self.estimate(decision).error + 1e-9

    def is_clearly_worse(self, decision: DecisionT) -> bool:
        """Worse than the computer's choice by a margin that matters and beyond the noise."""
        return not self.as_good(decision) and self.gap(decision) >= self.clearly_worse


def advice_rng(round_number: int, decisions_before: int) -> random.Random:
    """The generator every piece of advice on one position uses (hints at the table and
    reviews afterwards), so that they always give the same answer."""
    return derived_rng("advice", round_number, decisions_before)


def check_level(level: str) -> None:
    """Raise IllegalMove unless ``level`` is one of ``LEVELS``."""
    if level not in LEVELS:
        raise IllegalMove("unknown_level", "Unknown level {level}: choose easy, normal or hard.", level=level)


class Turn(Protocol):
    """What ``check_request`` reads of a seat's view (``game.core.spec.SeatView`` has it all)."""

    @property
    def seat(self) -> int: ...

    @property
    def to_act(self) -> int | None: ...

    @property
    def legal(self) -> Sequence[object]: ...


def check_request(view: Turn, level: str) -> None:
    """Raise IllegalMove unless the seat of ``view`` is to act now and ``level`` is known."""
    check_level(level)
    if view.to_act != view.seat or not view.legal:
        raise IllegalMove("not_your_turn", "It is not your turn.")
