"""Per-seat values: four of them, index 0 for seat 1 (who sits at a seat is ``game.core.player``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def four(values: Sequence[T]) -> tuple[T, T, T, T]:
    """Per-seat values as a tuple of exactly four (index 0 for seat 1)."""
    first, second, third, fourth = values
    return first, second, third, fourth
