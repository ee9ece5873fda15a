"""A match in progress as a JSON object: its record plus the undo and redo history.

The record holds every decision taken (so undo works after a resume); the redo groups
are the decisions an undo took back. Reading checks everything the record reader
checks, and raises RecordError for anything else that is wrong.
"""

from __future__ import annotations

from game.core.advice import LEVELS
from game.core.errors import IllegalMove, MalformedRecord, RecordError, shown
from game.core.match import Decided, Match
from game.core.record import match_from_record, match_to_record
from game.core.spec import Record

SAVE_VERSION = 1


def match_to_save(match: Match) -> Record:
    return {
        "save_version": SAVE_VERSION,
        "level": match.level,
        "record": match_to_record(match),
        "redo": [
            [match.game.decision_to_json(step.seat, step.decision) for step in group] for group in match.redo_groups
        ],
    }


def match_from_save(obj: object) -> Match:
    """The saved match, exactly as it was; raises RecordError when the save is not valid."""
    if not isinstance(obj, dict):
        raise MalformedRecord("a save must be a JSON object")
    version = obj.get("save_version")
    if type(version) is not int or version != SAVE_VERSION:
        raise MalformedRecord(f"unknown save version {shown(version)}")
    level = obj.get("level")
    if not isinstance(level, str) or level not in LEVELS:
        raise MalformedRecord(f"level must be one of {', '.join(LEVELS)}, not {shown(level)}")
    redo = obj.get("redo")
    if not isinstance(redo, list) or not all(isinstance(group, list) for group in redo):
        raise MalformedRecord("redo must be a list of lists of decisions")
    match = match_from_record(obj.get("record"))
    try:
        match.level = level
        groups = [[Decided(*match.game.decision_from_json(step)) for step in group] for group in redo]
        match.restore_redo(groups)
    except IllegalMove as error:
        raise RecordError(f"redo: {error}") from None
    return match
