"""Work done in pieces: a generator yields between pieces and returns what it made, so the
same code runs at once or spread over frames."""

from __future__ import annotations

from collections.abc import Generator
from typing import TypeVar

T = TypeVar("T")


def finished(steps: Generator[None, None, T]) -> T:
    """Run every piece of ``steps`` now; what it returns."""
    while True:
        made = step(steps)
        if made is not None:
            return made[0]


def step(steps: Generator[None, None, T]) -> tuple[T] | None:
    """Run the next piece of ``steps``: what it returns once it is done (None before)."""
    try:
        next(steps)
    except StopIteration as done:
        made: T = done.value  # Any (typeshed): what ``steps`` returns, a T by its type
        return (made,)
    return None
