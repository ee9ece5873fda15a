"""The headless command line: ``python -m game.cli record|replay|decide``.

Exit codes: 0 done; 1 a record that is illegal or disagrees with the rules; 2 anything
malformed: arguments, a file that cannot be read, is not JSON or has unknown field
values, and an output file that cannot be written. Errors are one short line on
standard error, never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from game.core.advice import LEVELS, Difficulty
from game.core.errors import IllegalMove, MalformedRecord, RecordError, UnreadableFile, UnwritableFile, capped, shown
from game.core.files import write_atomic
from game.core.jsonfile import MAX_NUMBER
from game.core.match import Match
from game.core.phases import Phase
from game.core.player import COMPUTERS, Player
from game.core.record import dumps, match_from_record, match_to_record, records_in_file
from game.core.tiles import derived_rng
from game.registry import GAME_NAMES, game_named


def play_match(game: str, seed: int, seats: Sequence[Player | str], deals: int) -> Match:
    """Play one whole match between computer seats (``ai`` at the strongest level, hard)."""
    match = Match(game, seats, seed, deals=deals, level=Difficulty.HARD)
    while True:
        match.run_computers()
        if match.phase is Phase.MATCH_OVER:
            return match
        match.next_round()


class Options(argparse.Namespace):
    """The command line read, typed: argparse fills the fields of the command given by their names."""

    command: str
    game: str
    seed: int
    seats: str
    matches: int
    deals: int
    out: str | None
    file: str
    record: str
    level: str


def _record(args: Options) -> int:
    try:
        seats = [Player.parse(word) for word in args.seats.split(",")]
    except ValueError:
        seats = []
    if len(seats) != 4 or any(player not in COMPUTERS for player in seats):
        kinds = ", ".join(map(str, COMPUTERS))
        return _fail(f"--seats needs four kinds among {kinds}, e.g. random,greedy,random,greedy", 2)
    try:
        game_named(args.game)
    except IllegalMove as error:
        return _fail(str(error), 2)
    lines = [
        dumps(match_to_record(play_match(args.game, args.seed + i, seats, args.deals))) for i in range(args.matches)
    ]
    text = "".join(line + "\n" for line in lines)
    if args.out:
        try:
            write_atomic(args.out, text)
        except UnwritableFile as error:
            return _fail(f"cannot write {args.out}: {error}", 2)
        return 0
    return _say(text, "the records")


def _say(text: str, what: str) -> int:
    """Write ``text`` on standard output: 0, or 2 (said on one line) when it cannot be
    written there (a full disk, a closed output)."""
    out = sys.stdout
    try:
        if out is None:
            raise OSError("standard output is closed")
        out.write(text)
        out.flush()
    except (OSError, ValueError) as error:
        _quiet_stdout()
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        return _fail(f"cannot write {what}: {reason}", 2)
    return 0


def _quiet_stdout() -> None:
    """Point standard output at nothing, so the interpreter's last flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.close(devnull)
    except OSError:
        pass
    sys.stdout = None  # nothing is written there any more


def _replay(args: Options) -> int:
    count = 0
    try:
        for index, record in enumerate(records_in_file(args.file), start=1):
            try:
                match_from_record(record)
            except RecordError as error:
                raise type(error)(f"record {index}, {error}") from None
            count += 1
    except UnreadableFile as error:
        return _fail(f"cannot read {args.file}: {error}", 2)
    except MalformedRecord as error:
        return _fail(f"malformed: {error}", 2)
    except RecordError as error:
        return _fail(f"rejected: {error}", 1)
    return _say(f"ok: {count} records\n", "the result")


def _decide(args: Options) -> int:
    try:
        records = list(records_in_file(args.record))
        if len(records) != 1:
            raise MalformedRecord(f"expected one record, found {len(records)}")
        match = match_from_record(records[0])
    except UnreadableFile as error:
        return _fail(f"cannot read {args.record}: {error}", 2)
    except RecordError as error:
        return _fail(f"bad record: {error}", 2)
    seat = match.to_act
    if seat is None:
        return _fail("the last round of the record is finished: there is no decision to take", 2)
    try:
        decision = match.game.decide(match.view_for(seat), args.level, derived_rng("decide", args.seed))
    except IllegalMove as error:
        return _fail(str(error), 2)
    return _say(dumps(match.game.decision_to_json(seat, decision)) + "\n", "the decision")


def _fail(message: str, code: int) -> int:
    """Say ``message`` on one short line of standard error; returns ``code``."""
    if sys.stderr is not None:
        with contextlib.suppress(OSError, ValueError):  # nowhere to say it: the exit code says it
            print(capped(message), file=sys.stderr, flush=True)
    return code


def _count(text: str) -> int:
    """A count of at least 1 (``--matches``, ``--deals``)."""
    value = _integer(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {value}")
    return value


def _integer(text: str) -> int:
    """A whole number as long as a record may hold one (``--seed``)."""
    digits = text.strip().removeprefix("-")
    if not digits.isdecimal() or len(digits) > MAX_NUMBER:
        raise argparse.ArgumentTypeError(f"not a whole number of at most {MAX_NUMBER} digits: {shown(text)}")
    return int(text)


class Arguments(argparse.ArgumentParser):
    """A command line (its commands' too) whose mistakes are said in one line, ending with 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {capped(message)} (see --help)\n")


def main(argv: Sequence[str] | None = None) -> int:
    parser = Arguments(prog="python -m game.cli", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    record = commands.add_parser("record", help="play matches between computer seats and write their records")
    record.add_argument("--game", required=True, choices=GAME_NAMES)
    record.add_argument("--seed", required=True, type=_integer)
    record.add_argument("--seats", required=True, help="four kinds among ai, random, greedy, comma-separated")
    record.add_argument("--matches", type=_count, default=1)
    record.add_argument(
        "--deals", type=_count, default=1, help="deals per match, in games whose match is a number of deals (Tien Gow)"
    )
    record.add_argument(
        "--out", help="write to this file instead of standard output (replaced at once; exit 2 when it cannot be)"
    )
    replay = commands.add_parser("replay", help="check every decision and result of a records file")
    replay.add_argument("file")
    decide = commands.add_parser("decide", help="print the computer player's decision for an unfinished record")
    decide.add_argument("--record", required=True, help="a file holding one record whose last round is unfinished")
    decide.add_argument("--seed", required=True, type=_integer, help="seeds the computer player's generator")
    decide.add_argument("--level", default=Difficulty.HARD.value, choices=LEVELS)
    args = parser.parse_args(argv, Options())
    if args.command == "record":
        return _record(args)
    if args.command == "decide":
        return _decide(args)
    return _replay(args)


if __name__ == "__main__":
    sys.exit(main())
