"""A record file the player opens from the menu, read for review."""

from __future__ import annotations

from game.core.errors import MalformedRecord, RecordError
from game.core.match import Match
from game.core.record import match_from_record, records_in_file


def read_record_file(path: str) -> Match:
    """The match of the first record in a record file, checked move by move.

    Raises UnreadableFile (an OSError) when the file cannot be read, RecordError when it
    is malformed or illegal, or holds no finished round to review; their messages are short.
    """
    record = next(records_in_file(path), None)
    if record is None:
        raise MalformedRecord("the file holds no record")
    match = match_from_record(record)
    if not match.finished and not match.round.is_over:
        raise RecordError("the record has no finished round to review")
    return match
