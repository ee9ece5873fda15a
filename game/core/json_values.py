"""Comparing a value read from a record with the value the rules give, type for type."""

from __future__ import annotations

from typing import Any


def same_json(recorded: Any, expected: Any) -> bool:
    """Whether ``recorded`` is exactly ``expected``: ``true`` is not ``1`` and ``1.0`` is not
    ``1``; objects must hold every expected key with the same value (extra keys are allowed,
    as the record spec says), lists must match item by item."""
    if isinstance(expected, dict):
        return isinstance(recorded, dict) and all(
            key in recorded and same_json(recorded[key], value) for key, value in expected.items()
        )
    if isinstance(expected, (list, tuple)):
        return (
            isinstance(recorded, list)
            and len(recorded) == len(expected)
            and all(same_json(r, e) for r, e in zip(recorded, expected))
        )
    return type(recorded) is type(expected) and recorded == expected
