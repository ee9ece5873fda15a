"""Match records (``domino-record/1``): export a match, load one back, replay and check."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Sequence

from game.core.errors import BadJson, IllegalMove, MalformedRecord, RecordError, shown
from game.core.files import MB, read_text
from game.core.jsonfile import parse_json
from game.core.match import Match
from game.core.seats import SEAT_KINDS
from game.core.spec import Hands, JsonValue, Record
from game.registry import GAME_NAMES, game_named

FORMAT = "domino-record/1"
RECORD_LIMIT = 64 * MB  # the largest record file read


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
    if not isinstance(seats, list) or len(seats) != 4 or any(k not in SEAT_KINDS for k in seats):
        raise MalformedRecord(f"seats must list four kinds among {', '.join(SEAT_KINDS)}")
    rounds = record.get("rounds")
    if not isinstance(rounds, list) or not rounds:
        raise MalformedRecord("rounds must be a non-empty list")
    match = replayed(game, seats, seed, rounds)
    match.game.check_record_end(match, record)
    return match


def replayed(game: str, seats: list[str], seed: int, rounds: list[object]) -> Match:
    """The match that plays the record entries ``rounds`` of ``game`` again, from their recorded
    deals (``seed``'s for a round that records none); raises as ``match_from_record``. A device
    at a hosted table rebuilds the finished rounds it was sent this way, for its Log and review."""
    return Replaying(game, seats, seed).extend(rounds)


class Replaying:
    """``replayed`` kept up to date as record entries come one by one (a hosted table sends each
    finished round): each ``extend`` plays again only the entries it has not played yet."""

    def __init__(self, game: str, seats: list[str], seed: int) -> None:
        self.game, self.seats, self.seed = game, seats, seed
        self.adapter = game_named(game)
        self.recorded: dict[tuple[int, int], Hands] = {}
        self.match: Match | None = None
        self.played = 0  # how many entries the match has played

    def extend(self, rounds: list[object]) -> Match:
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


def read_records(text: str) -> Iterator[object]:
    """The records of a JSON Lines text; blank lines are skipped. Raises MalformedRecord
    naming the line that is not JSON within the reader's limits."""
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            yield parse_json(line)
        except BadJson as error:
            raise MalformedRecord(f"line {number}: {error}") from None


def records_in_file(path: str | os.PathLike[str]) -> Iterator[object]:
    """The records of a JSON Lines file of at most RECORD_LIMIT bytes; raises UnreadableFile
    (MissingFile when there is none) before yielding when the file cannot be read."""
    return read_records(read_text(path, RECORD_LIMIT))
