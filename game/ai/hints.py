"""Hints: the computer player's decision with a reason code and an English sentence."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Hint:
    decision: Any
    reason: str
    params: dict[str, Any] = field(default_factory=dict)
    text: str = ""


def explain(view, analysis) -> Hint:
    return Hint(analysis.decision, "best_chance", {}, "Best chance.")
