"""A match in progress as a JSON object: its record plus the undo and redo history.

The record holds every decision taken (so undo works after a resume); the redo groups
are the decisions an undo took back. Reading checks everything the record reader
checks, and raises RecordError for anything else that is wrong. ``SaveText`` makes a save's
text after every move at a cost that does not grow with the rounds played.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from game.core.advice import LEVELS
from game.core.errors import IllegalMove, MalformedRecord, RecordError, shown
from game.core.match import Decided, Match
from game.core.record import match_from_record, match_to_record, record_of
from game.core.spec import Record

SAVE_VERSION = 1
_NO_ROUNDS = '"rounds": []'  # where a save's text made without its rounds takes them


def match_to_save(match: Match) -> Record:
    return save_of(match, match_to_record(match))


def save_of(match: Match, record: Record) -> Record:
    """The save of ``match`` holding its record ``record``."""
    return {
        "save_version": SAVE_VERSION,
        "level": match.level,
        "record": record,
        "redo": [
            [match.game.decision_to_json(step.seat, step.decision) for step in group] for group in match.redo_groups
        ],
    }


class SaveText:
    """``json.dumps(match_to_save(match))``, the same text, made with each finished round's
    entry rebuilt and written once and kept (a finished round never changes): a save costs the
    current round, however many rounds came before."""

    def __init__(self) -> None:
        self.kept: list[tuple[object, str]] = []  # a finished round (compared by identity), its entry's text

    def warming(self, match: Match) -> Iterator[None]:
        """Make the entries of ``match``'s finished rounds not yet kept, one a step (a table
        prepares them before it shows a long session, so its first save costs one round)."""
        finished = match.finished
        same = 0
        while same < min(len(self.kept), len(finished)) and self.kept[same][0] is finished[same]:
            same += 1
        del self.kept[same:]  # another match, or this one begun again
        for index in range(same, len(finished)):
            self.kept.append((finished[index], json.dumps(match.game.round_to_json(match.round_state(index)))))
            yield

    def __call__(self, match: Match) -> str:
        """The save's text of ``match``."""
        for _ in self.warming(match):
            pass
        entries = [text for _, text in self.kept]
        entries.append(json.dumps(match.game.round_to_json(match.round)))
        head, tail = json.dumps(save_of(match, record_of(match, []))).split(_NO_ROUNDS, 1)
        return f'{head}"rounds": [{", ".join(entries)}]{tail}'


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
