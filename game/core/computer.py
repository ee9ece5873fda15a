"""The computer player of any game, asked by a seat's view: ``decide``, ``hint`` and
``evaluate`` find the view's game in the registry and ask its player.

Each takes only the deciding seat's view (its hand and public information), a level
among ``LEVELS`` and a seeded generator, and is deterministic in those.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.core.advice import LEVELS, Evaluation, Hint
from game.core.spec import SeatView
from game.registry import game_named

__all__ = ["LEVELS", "decide", "evaluate", "hint"]


def decide(view: SeatView, level: str = "normal", rng: random.Random | None = None) -> object:
    """The decision the computer player takes for the seat of ``view``."""
    return game_named(view.game).decide(view, level, rng if rng is not None else random.Random(0))


def hint(view: SeatView, level: str = "normal", rng: random.Random | None = None) -> Hint:
    """The decision ``decide`` would take with the same generator, and why, in plain words."""
    return game_named(view.game).hint(view, level, rng if rng is not None else random.Random(0))


def evaluate(
    view: SeatView, level: str = "normal", rng: random.Random | None = None, include: Sequence[object] = ()
) -> Evaluation | None:
    """Every alternative of the seat's decision with the computer's estimate, best first."""
    return game_named(view.game).evaluate(view, level, rng if rng is not None else random.Random(0), include)
