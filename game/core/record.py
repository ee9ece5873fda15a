"""Match records (``domino-record/1``): export a match, load one back, replay and check."""

from __future__ import annotations

import codecs
import json
import os
import re
from array import array
from collections.abc import Iterator, Sequence
from typing import overload

from game.core.errors import BadJson, IllegalMove, MalformedRecord, RecordError, shown
from game.core.files import MB, read_utf8
from game.core.jsonfile import Outline, check_nesting, outline, parse_json
from game.core.match import Match
from game.core.player import RECORD_WORDS, Player
from game.core.spec import Hands, JsonValue, Record
from game.registry import GAME_NAMES, game_named

FORMAT = "domino-record/1"
RECORD_LIMIT = 64 * MB  # the largest record file read
SHORT_LINE = 1 << 16  # a line not beginning with "{" is parsed (for its exact error) up to this many bytes
_NOT_SPACE = re.compile(rb"[^\t\n\x0b\x0c\r\x1c-\x1f ]")  # the ASCII characters str.isspace takes for spaces
_JSON_SPACE = re.compile(rb"[ \t\r]*")  # the spaces JSON takes (a line holds no newline)
FIELDS = ("format", "game", "seed", "seats", "winner")  # the fields besides rounds match_from_record reads
ROUND_FIELDS = ("number", "banker", "deals", "hands", "chooser", "opener", "turns", "tricks", "result", "score_after")
# the fields of a round the games read (``replay_round``, ``recorded_deals``, ``recorded_start``)
SHORTEST_ROUND = 100  # bytes: a round lists 28 tiles or more, each a string of 3 bytes or more, and commas
MOST_COMMAS = 1 << 16  # in one field read from a long line: a Tien Gow round's tricks hold about 150, a
# thrown-in Dékabès round's deals 29 a deal; a field with more is refused before it is built (a list of
# N values costs Python 8 to 60 bytes a value: built whole, a 60 MB field would take 6 times its size)


def match_to_record(match: Match) -> Record:
    """The record of everything played so far, the current round included."""
    return record_of(match, [match.game.round_to_json(state) for state in match.round_states()])


def record_of(match: Match, rounds: Sequence[JsonValue]) -> Record:
    """The record of ``match`` holding the round entries ``rounds``."""
    record: Record = {
        "format": FORMAT,
        "game": match.name,
        "seed": match.seed,
        "seats": list(match.seats),
        "rounds": rounds,
    }
    record.update(match.game.record_fields(match.winner))
    return record


def dumps(record: JsonValue) -> str:
    """One JSON line, the same bytes for the same record."""
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def match_from_record(record: object) -> Match:
    """Rebuild a match by re-applying every decision of ``record``, checking every field.

    The result can be played on (an unfinished last round continues). Raises
    MalformedRecord for a record that is not of the format, RecordError for one that
    the rules reject, naming the first round and turn at fault.
    """
    if isinstance(record, RecordLine):
        record = record.fields()  # FIELDS and rounds: every field read here and in check_record_end
    if not isinstance(record, dict):
        raise MalformedRecord("a record must be a JSON object")
    if record.get("format") != FORMAT:
        raise MalformedRecord(f"format must be {FORMAT!r}, not {shown(record.get('format'))}")
    game = record.get("game")
    if game not in GAME_NAMES:
        raise MalformedRecord(f"game must be one of {', '.join(GAME_NAMES)}, not {shown(game)}")
    seed = record.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise MalformedRecord(f"seed must be an integer, not {shown(seed)}")
    seats = record.get("seats")
    try:
        players = [Player.from_record(word) for word in seats] if isinstance(seats, list) else []
    except ValueError:
        players = []
    if len(players) != 4:
        raise MalformedRecord(f"seats must list four kinds among {', '.join(RECORD_WORDS)}")
    rounds = record.get("rounds")
    if not isinstance(rounds, (list, Rounds)) or not rounds:
        raise MalformedRecord("rounds must be a non-empty list")
    match = replayed(game, players, seed, rounds)
    match.game.check_record_end(match, record)
    return match


def replayed(game: str, seats: Sequence[Player | str], seed: int, rounds: Sequence[object]) -> Match:
    """The match that plays the record entries ``rounds`` of ``game`` again, from their recorded
    deals (``seed``'s for a round that records none); raises as ``match_from_record``. A device
    at a hosted table rebuilds the finished rounds it was sent this way, for its Log and review."""
    return Replaying(game, seats, seed).extend(rounds)


class Replaying:
    """``replayed`` kept up to date as record entries come one by one (a hosted table sends each
    finished round): each ``extend`` plays again only the entries it has not played yet."""

    def __init__(self, game: str, seats: Sequence[Player | str], seed: int) -> None:
        self.game, self.seats, self.seed = game, seats, seed
        self.adapter = game_named(game)
        self.recorded: dict[tuple[int, int], Hands] = {}
        self.match: Match | None = None
        self.played = 0  # how many entries the match has played

    def extend(self, rounds: Sequence[object]) -> Match:
        """The match of ``rounds``, which begin with the entries given before; raises as
        ``match_from_record`` (the match is then no longer to be extended)."""
        if not rounds and self.match is None:
            raise MalformedRecord("a record needs at least one round")
        self.recorded = {**self.recorded, **self.adapter.recorded_deals(rounds)}
        if self.match is None:
            seeded = self.adapter.seeded_deals(self.seed)

            def deals(number: int, index: int) -> Hands:
                return self.recorded.get((number, index)) or seeded(number, index)

            start = self.adapter.recorded_start(rounds, self.seed)
            self.match = Match(self.game, self.seats, self.seed, deal_source=deals, start=start)
        match = self.match
        for position in range(self.played, len(rounds)):
            if position:
                if not match.round.is_over:
                    raise RecordError(f"round {match.start.number}: unfinished, yet another round follows")
                try:
                    match.next_round()
                except IllegalMove:
                    raise RecordError(f"round {position + 1}: the match was already over") from None
            self.adapter.replay_round(match, rounds[position])
            self.played = position + 1
        return match


class NotAnObject:
    """A line longer than SHORT_LINE whose first character that is not a space is not ``{``, read
    no further than its nesting: whatever it holds, it is no record, and ``match_from_record`` refuses it as it
    refuses every value that is not an object."""

    __slots__ = ()


class RecordLine:
    """A record line longer than SHORT_LINE, checked as JSON (the same messages as ``parse_json``)
    but not built: ``match_from_record`` builds the fields it reads, and the rounds one at a time
    as it replays them, while what it does not read is never built at all."""

    __slots__ = ("data", "outline")

    def __init__(self, data: bytes, outline: Outline) -> None:
        self.data, self.outline = data, outline

    def fields(self) -> dict[str, object]:
        """The record as ``match_from_record`` reads it: its FIELDS (the last of each, as in
        ``json.loads``), ``rounds`` as Rounds, or as NotAnObject when it is no list."""
        values = self.outline.values
        found = {key: _field(self.data, *values[key], key) for key in FIELDS if key in values}
        if "rounds" in values:
            items = self.outline.items
            found["rounds"] = NotAnObject() if items is None else Rounds(self.data, items)
        return found


class Rounds(Sequence[object]):
    """The rounds of a RecordLine: each is built from its text when asked for, and not kept; a
    round longer than SHORT_LINE is checked, not built, but for the ROUND_FIELDS the games read.

    They end at the first one shorter than SHORTEST_ROUND, if any: that one is no round a record
    can hold (every round lists at least 28 tiles), so ``Replaying`` refuses it in
    ``recorded_deals`` before it counts them or asks for a later one."""

    def __init__(self, data: bytes, items: array[int]) -> None:
        self.data, self.items, self.size = data, items, len(items) // 2

    def __len__(self) -> int:
        return self.size

    @overload
    def __getitem__(self, index: int) -> object: ...

    @overload
    def __getitem__(self, index: slice) -> list[object]: ...  # type: ignore[explicit-any]  # Sequence's: any slice

    def __getitem__(self, index: int | slice) -> object:  # type: ignore[explicit-any]  # as above
        if isinstance(index, slice):
            return [self[at] for at in range(*index.indices(self.size))]
        if not -self.size <= index < self.size:
            raise IndexError("round index out of range")
        at = 2 * (index % self.size)
        start, end = self.items[at], self.items[at + 1]
        if end - start <= SHORT_LINE:
            return _value(self.data, start, end)
        if self.data[start] != ord("{"):
            return NotAnObject()  # a round must be an object: the games say so, and show no more of it
        values = outline(self.data, start, end, ROUND_FIELDS).values
        return {
            key: _field(self.data, *values[key], f"round {index % self.size + 1}: {key}")
            for key in ROUND_FIELDS
            if key in values
        }


def _field(data: bytes, start: int, end: int, name: str) -> object:
    """The value of the field ``name`` at ``data[start:end]``, which ``outline`` checked; refused
    unbuilt when it holds more than MOST_COMMAS commas (strings' included: no record's field has)."""
    commas = data.count(b",", start, end)
    if commas > MOST_COMMAS:
        raise MalformedRecord(f"{name} holds {commas:,} commas: no record's field holds over {MOST_COMMAS:,}")
    return _value(data, start, end)


def _value(data: bytes, start: int, end: int) -> object:
    """The JSON value ``data[start:end]``, which ``outline`` checked."""
    return parse_json(str(memoryview(data)[start:end], "utf-8"))


def read_records(data: bytes) -> Iterator[object]:
    """The records of a JSON Lines text in UTF-8; blank lines are skipped. Raises MalformedRecord
    naming the line that is not JSON within the reader's limits.

    A line costs no more than its own text and record: a run of blank lines is passed over at
    once, each line is decoded only when it is read, and a line longer than SHORT_LINE that does
    not begin with ``{`` is not parsed (its nesting is checked, then it is a NotAnObject); one
    that does is checked, not built, and comes as a RecordLine."""
    position, number = 0, 1  # where line ``number`` begins
    while found := _NOT_SPACE.search(data, position):
        first = found.start()
        start = max(position, data.rfind(b"\n", position, first) + 1)
        number += data.count(b"\n", position, start)
        end = data.find(b"\n", first)
        end = len(data) if end < 0 else end
        try:
            record = _line_record(data, start, first, end)
        except BadJson as error:
            raise MalformedRecord(f"line {number}: {error}") from None
        if record is not _BLANK:
            yield record
        del record  # not kept while the next line is read
        position, number = end + 1, number + 1


_BLANK = object()


def _line_record(data: bytes, start: int, first: int, end: int) -> object:
    """The value of the line ``data[start:end]``, whose first byte that is not an ASCII space is
    at ``first``; _BLANK when the line holds only spaces (U+3000 too: those str.strip takes)."""
    opening = chr(data[first]) if data[first] < 0x80 else _first_character(data, first, end)
    if not opening:
        return _BLANK
    if opening != "{" and end - start > SHORT_LINE:
        check_nesting(data, first, end)
        return NotAnObject()
    if end - start > SHORT_LINE and _JSON_SPACE.match(data, start, first).end() == first:  # type: ignore[union-attr]
        return RecordLine(data, outline(data, start, end, FIELDS, "rounds", SHORTEST_ROUND))
    return parse_json(str(memoryview(data)[start:end], "utf-8"))


def _first_character(data: bytes, start: int, end: int) -> str:
    """The first character of the UTF-8 text ``data[start:end]`` that is not a space, or "";
    decoded a chunk at a time."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    for at in range(start, end, SHORT_LINE):
        if text := decoder.decode(memoryview(data)[at : min(at + SHORT_LINE, end)]).lstrip():
            return text[0]
    return ""


def records_in_file(path: str | os.PathLike[str]) -> Iterator[object]:
    """The records of a JSON Lines file of at most RECORD_LIMIT bytes; raises UnreadableFile
    (MissingFile when there is none) before yielding when the file cannot be read."""
    return read_records(read_utf8(path, RECORD_LIMIT))
