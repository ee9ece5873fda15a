"""Comparing a value read from a record with the value the rules give, type for type."""

from __future__ import annotations

from game.core.errors import MalformedRecord, RecordError, shown


def check_same(recorded: object, expected: object, where: str) -> None:
    """Raise unless ``recorded`` is exactly ``expected``: ``true`` is not ``1`` and ``1.0`` is
    not ``1``; objects must hold every expected key (extra keys are allowed, as the record
    spec says), lists must match item by item.

    A value of another shape (another JSON type, a list of another length, a key missing)
    raises MalformedRecord; a value of the right shape that differs raises RecordError.
    ``null`` stands for a field that may be empty: it differs from a value, it is no other shape.
    """
    if isinstance(expected, dict):
        if not isinstance(recorded, dict):
            raise MalformedRecord(f"{where}: must be an object, not {shown(recorded)}")
        for key, value in expected.items():
            if key not in recorded:
                raise MalformedRecord(f"{where}: {key} is missing")
            check_same(recorded[key], value, f"{where}, {key}")
    elif isinstance(expected, (list, tuple)):
        if not isinstance(recorded, list) or len(recorded) != len(expected):
            raise MalformedRecord(f"{where}: must be a list of {len(expected)}, not {shown(recorded)}")
        for index, (r, e) in enumerate(zip(recorded, expected)):
            check_same(r, e, f"{where}[{index}]")
    elif isinstance(recorded, (dict, list)) or (
        recorded is not None and expected is not None and type(recorded) is not type(expected)
    ):
        raise MalformedRecord(f"{where}: {shown(recorded)} is not of the type of {shown(expected)}")
    elif type(recorded) is not type(expected) or recorded != expected:
        raise RecordError(f"{where}: recorded {shown(recorded)}, the rules give {shown(expected)}")
