"""A record file the player opens from the menu, read for review."""

from __future__ import annotations

from game.core.errors import MalformedRecord, RecordError
from game.core.match import Match
from game.core.record import match_from_record, read_records


def read_record_file(path: str) -> Match:
    """The match of the first record in a record file, checked move by move.

    Raises OSError or UnicodeDecodeError when the file cannot be read, RecordError when
    it is malformed or illegal, or holds no finished round to review.
    """
    with open(path, encoding="utf-8") as source:
        records = list(read_records(source.read()))
    if not records:
        raise MalformedRecord("the file holds no record")
    match = match_from_record(records[0])
    if not match.finished and not match.round.is_over:
        raise RecordError("the record has no finished round to review")
    return match
