"""What the computer players give besides a decision: the levels, hints and the estimates
a review shows. Each game's computer player fills these in from one seat's view."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core.errors import IllegalMove

LEVELS = ("easy", "normal", "hard")


@dataclass(frozen=True, slots=True)
class Hint:
    """The suggested decision, why (a code with its parameters) and the English sentence."""

    decision: Any
    reason: str
    params: dict[str, Any] = field(default_factory=dict)
    text: str = ""


@dataclass(frozen=True, slots=True)
class Evaluation:
    """The best decision, every alternative weighed with its estimate (best first), the
    unit of the estimates ("win_chance" or "points"), and the hint that explains the best one."""

    best: Any
    estimates: tuple[tuple[Any, float], ...]
    unit: str
    hint: Hint | None


def check_level(level: str) -> None:
    """Raise IllegalMove unless ``level`` is one of ``LEVELS``."""
    if level not in LEVELS:
        raise IllegalMove("unknown_level", "Unknown level {level}: choose easy, normal or hard.", level=level)


def check_request(view: Any, level: str) -> None:
    """Raise IllegalMove unless the seat of ``view`` is to act now and ``level`` is known."""
    check_level(level)
    if view.to_act != view.seat or not view.legal:
        raise IllegalMove("not_your_turn", "It is not your turn.")
