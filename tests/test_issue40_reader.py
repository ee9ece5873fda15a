"""Issue 40, item 18: a record file costs its readers (``replay``, ``decide``, the menu's Open
record) less than three times its size, whatever it holds: blank lines cost nothing beyond
their bytes, and a long line that is not a JSON object is refused as before ("a record must be
a JSON object", one line, exit 2) without a list, string or number being built from it. A long
line that is an object is checked as JSON without being built: what the record's fields do not
read (an extra field) is never built, and the rounds are built one at a time as they are
replayed; every answer is the one the reader gave when it built the whole line."""

from __future__ import annotations

import contextlib
import io
import json
import pathlib
import subprocess
import sys
import tracemalloc
from collections.abc import Callable
from typing import TypeVar
from unittest import mock

import pytest
from hostile import mutations
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game import cli
from game.core import record
from game.core.errors import MalformedRecord, RecordError, UnreadableFile
from game.core.files import read_text, read_utf8
from game.core.match import Match
from game.core.record import RECORD_LIMIT, RecordLine, dumps, match_from_record, match_to_record, read_records
from scenes.services.record_file import read_record_file

ROOT = pathlib.Path(__file__).resolve().parent.parent
MB = 1 << 20
SIZE = 16 * MB  # the hostile files' size
BOUND = 3  # times the file's size a reader may hold at most
T = TypeVar("T")


def a_record() -> str:
    match = Match("chiva", ("greedy",) * 4, seed=5)
    match.run_computers()
    return dumps(match_to_record(match))


RECORD = a_record()


def run(*argv: str) -> tuple[int, str, str]:
    """The exit code, standard output and standard error of ``python -m game.cli ARGV``."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(list(argv))
    return code, out.getvalue(), err.getvalue()


def peak_of(read: Callable[[], T]) -> tuple[T, int]:
    """What ``read()`` returns and the most memory it held at once."""
    tracemalloc.start()
    try:
        return read(), tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def opened(path: str) -> Match | OSError | RecordError:
    """The match the menu's Open record reviews, or the refusal it says."""
    try:
        return read_record_file(path)
    except (OSError, RecordError) as error:
        return error


def written(path: pathlib.Path, *pieces: bytes) -> str:
    with path.open("wb") as out:
        for piece in pieces:
            out.write(piece)
    return str(path)


def one_line(err: str, words: str) -> None:
    assert err.count("\n") == 1 and err.endswith("\n") and "Traceback" not in err, err
    assert words in err, err


def test_item18_megabytes_of_blank_lines_cost_their_bytes_in_replay_decide_and_open_record(
    tmp_path: pathlib.Path,
) -> None:
    blank = b"\n" * (SIZE // 2) + " \u3000\r\n".encode() + b"\r\n" * (SIZE // 4)
    path = written(tmp_path / "blank.jsonl", blank)
    (code, out, err), peak = peak_of(lambda: run("replay", path))
    assert (code, out, err) == (0, "ok: 0 records\n", "")
    assert peak < BOUND * SIZE, f"replay held {peak / SIZE:.1f} times the file"
    (code, _out, err), peak = peak_of(lambda: run("decide", "--record", path, "--seed", "1"))
    assert code == 2 and peak < BOUND * SIZE
    one_line(err, "bad record: expected one record, found 0")
    refusal, peak = peak_of(lambda: opened(path))
    assert isinstance(refusal, MalformedRecord) and str(refusal) == "the file holds no record"
    assert peak < BOUND * SIZE, f"Open record held {peak / SIZE:.1f} times the file"

    path = written(tmp_path / "records.jsonl", blank, RECORD.encode(), b"\r\n", blank, RECORD.encode())
    (code, out, err), peak = peak_of(lambda: run("replay", path))
    assert (code, out, err) == (0, "ok: 2 records\n", "") and peak < BOUND * 2 * SIZE
    match, peak = peak_of(lambda: opened(path))
    assert isinstance(match, Match) and dumps(match_to_record(match)) == RECORD and peak < BOUND * 2 * SIZE
    lines = blank.count(b"\n") + 1
    path = written(tmp_path / "late.jsonl", blank, RECORD.encode(), b"\n", blank, b"{not json\n")
    (code, _out, err), peak = peak_of(lambda: run("replay", path))
    assert code == 2 and peak < BOUND * 2 * SIZE
    one_line(err, f"malformed: line {2 * lines}: not valid JSON (Expecting property name enclosed in double quotes")


LONG_LINES = {
    "a list": b"[0" + b",0" * (SIZE // 2) + b"]",
    "a string": b'"' + b"x" * SIZE + "\u0100".encode() + b'"',  # its text two bytes a character
    "a number": b"-" + b"9" * SIZE,
    "not JSON": b"<" * SIZE,
    "a list after wide spaces": "\u3000".encode() * 1000 + b"[0" + b",0" * (SIZE // 2) + b"]",
}


@pytest.mark.parametrize("line", LONG_LINES.values(), ids=LONG_LINES.keys())
def test_item18_a_long_line_that_is_no_object_is_refused_without_being_built(
    tmp_path: pathlib.Path, line: bytes
) -> None:
    path = written(tmp_path / "long.jsonl", b"\n \n", line, b"\n")
    size = len(line) + 4
    (code, out, err), peak = peak_of(lambda: run("replay", path))
    assert code == 2 and out == ""
    one_line(err, "malformed: record 1, a record must be a JSON object")
    assert peak < BOUND * size, f"replay held {peak / size:.1f} times the file"
    (code, _out, err), peak = peak_of(lambda: run("decide", "--record", path, "--seed", "1"))
    assert code == 2 and peak < BOUND * size
    one_line(err, "bad record: a record must be a JSON object")
    refusal, peak = peak_of(lambda: opened(path))
    assert isinstance(refusal, MalformedRecord) and str(refusal) == "a record must be a JSON object"
    assert peak < BOUND * size, f"Open record held {peak / size:.1f} times the file"


def test_item18_a_refused_line_still_says_how_deep_it_nests_and_records_before_it_count(tmp_path: pathlib.Path) -> None:
    deep = b"[" * MB  # longer than the lines parsed whole; brackets cost time, not memory
    path = written(tmp_path / "deep.jsonl", RECORD.encode(), b"\n\n", deep, b"\n")
    code, _out, err = run("replay", path)
    assert code == 2
    one_line(err, f"malformed: line 3: nested {MB} levels deep (at most 32)")
    path = written(tmp_path / "second.jsonl", RECORD.encode(), b"\n", b" [0" + b",0" * (SIZE // 2) + b"]\n")
    (code, _out, err), peak = peak_of(lambda: run("replay", path))
    assert code == 2 and peak < BOUND * SIZE
    one_line(err, "malformed: record 2, a record must be a JSON object")
    (code, _out, err), _peak = peak_of(lambda: run("decide", "--record", path, "--seed", "1"))
    one_line(err, "bad record: expected one record, found 2")


@pytest.mark.parametrize("cut", [MB - 1, MB, MB + 1, 2 * MB - 2])
def test_item18_the_file_is_checked_as_utf8_a_megabyte_at_a_time_naming_the_same_byte(
    tmp_path: pathlib.Path, cut: int
) -> None:
    euro = "€".encode()  # three bytes, cut by the megabyte wherever ``cut`` puts it
    good = b"x" * cut + euro + b"x" * 10
    path = written(tmp_path / "good.jsonl", good)
    assert read_utf8(path, 4 * MB) == good
    for bad in (b"x" * cut + euro[:2] + b"x" * 10, b"x" * cut + b"\xff" + b"x" * MB, b"x" * cut + euro[:1]):
        path = written(tmp_path / "bad.jsonl", bad)
        with pytest.raises(UnreadableFile) as whole:
            read_text(path, 4 * MB)
        with pytest.raises(UnreadableFile) as chunked:
            read_utf8(path, 4 * MB)
        assert str(chunked.value) == str(whole.value)


MEASURE = (
    "import resource, subprocess, sys\n"
    "subprocess.run(sys.argv[1:], capture_output=True, check=False)\n"
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
)


def process_peak(path: str) -> int:
    """The peak resident bytes of ``python -m game.cli replay PATH``, run by a measuring child."""
    argv = [sys.executable, "-c", MEASURE, sys.executable, "-m", "game.cli", "replay", path]
    done = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT, timeout=120, check=True)
    return int(done.stdout) * (1024 if sys.platform != "darwin" else 1)


@pytest.mark.skipif(sys.platform == "win32", reason="resource.getrusage")
def test_item18_the_real_replay_process_holds_under_three_times_a_file_of_newlines(tmp_path: pathlib.Path) -> None:
    empty = written(tmp_path / "empty.jsonl")
    newlines = written(tmp_path / "newlines.jsonl", b"\n" * SIZE)
    grown = process_peak(newlines) - process_peak(empty)
    assert grown < BOUND * SIZE, f"the process grew by {grown / SIZE:.1f} times the file"


def built_whole(read: Callable[[], T]) -> T:
    """What ``read()`` gives when the reader builds every line whole, as it did before."""
    with mock.patch.object(record, "SHORT_LINE", RECORD_LIMIT):
        return read()


def said(path: str) -> tuple[object, ...]:
    """What replay, decide and Open record answer for the file at ``path``."""
    found = opened(path)
    review = dumps(match_to_record(found)) if isinstance(found, Match) else (type(found), str(found))
    return run("replay", path), run("decide", "--record", path, "--seed", "1"), review


def said_within(path: str, size: int) -> tuple[object, ...]:
    """``said(path)``, asserting that each reader held less than BOUND times ``size``."""
    answers = []
    for name, read in (
        ("replay", lambda: run("replay", path)),
        ("decide", lambda: run("decide", "--record", path, "--seed", "1")),
        ("Open record", lambda: opened(path)),
    ):
        answer, peak = peak_of(read)
        assert peak < BOUND * size, f"{name} held {peak / size:.1f} times the file"
        answers.append(answer)
    replay, decide, found = answers
    review = dumps(match_to_record(found)) if isinstance(found, Match) else (type(found), str(found))
    return replay, decide, review


def with_extra(value: bytes) -> bytes:
    """RECORD with an extra field ``extra`` (the record spec allows them) holding ``value``."""
    return RECORD.encode()[:-1] + b',"extra":' + value + b"}"


LONG = 4 * MB  # the long fields' size
ZEROS = b"[0" + b",0" * (LONG // 2) + b"]"
IGNORED = {
    "a list": with_extra(ZEROS),
    "an object of many members": with_extra(b"{" + b",".join(b'"k%d":%d' % (i, i) for i in range(LONG // 16)) + b"}"),
    "a string four bytes a character": with_extra(b'"' + b"x" * LONG + "\U0001f600".encode() + b'"'),
    "lists in a list": with_extra(b"[" + b",".join([b"[0" + b",0" * 1000 + b"]"] * (LONG // 2004)) + b"]"),
    "an earlier rounds field": b'{"rounds":[' + b",".join([b"{}"] * (MB // 3)) + b"]," + RECORD.encode()[1:],
    "a field of a round": RECORD.encode().replace(b'"number":1,', b'"number":1,"extra":' + ZEROS + b",", 1),
    "a list cut short": with_extra(ZEROS[:-1] + b",]"),
    "and nothing else": b'{"extra":' + ZEROS + b"}",
    "a round that is a list": dumps({**json.loads(RECORD), "rounds": [0]})
    .encode()
    .replace(b'"rounds":[0]', b'"rounds":[' + ZEROS + b"]"),
}
REFUSED = ("a list cut short", "and nothing else", "a round that is a list")


@pytest.mark.parametrize("name", [n if n == "a list" else pytest.param(n, marks=pytest.mark.slow) for n in IGNORED])
def test_item18_a_long_field_the_reader_ignores_is_checked_but_never_built(tmp_path: pathlib.Path, name: str) -> None:
    line = IGNORED[name]
    path = written(tmp_path / "extra.jsonl", b"\n", line, b"\n")
    answers = said_within(path, len(line) + 2)
    assert answers == built_whole(lambda: said(path))
    if name not in REFUSED:
        assert answers[0] == (0, "ok: 1 records\n", "") and answers[2] == RECORD


DEALS = 150  # a Tien Gow match of 150 deals: a record of about 350 kB on one line


@pytest.fixture(scope="module")
def long_record() -> str:
    return dumps(match_to_record(cli.play_match("tiengow", 1, ("greedy",) * 4, DEALS)))


@pytest.mark.slow
def test_item18_a_long_record_is_replayed_a_round_at_a_time(tmp_path: pathlib.Path, long_record: str) -> None:
    for game in ("chiva", "tiengow"):  # what is built once per process, before measuring
        warm = dumps(match_to_record(cli.play_match(game, 1, ("greedy",) * 4, 1)))
        said(written(tmp_path / "warm.jsonl", warm.encode()))
    line = long_record.encode()
    path = written(tmp_path / "long.jsonl", line, b"\n")
    answers = said_within(path, len(line) + 1)
    assert answers[0] == (0, "ok: 1 records\n", "") and answers[2] == long_record
    assert answers == built_whole(lambda: said(path))
    late = json.loads(long_record)
    late["rounds"][-1]["score_after"][0] += 1  # the last deal disagrees
    line = dumps(late).encode()
    path = written(tmp_path / "late.jsonl", line, b"\n")
    (code, out, err), peak = peak_of(lambda: run("replay", path))
    assert code == 1 and out == "" and peak < BOUND * (len(line) + 1)
    one_line(err, f"rejected: record 1, round {DEALS}, score_after[0]: recorded")
    assert (code, out, err) == built_whole(lambda: run("replay", path))


def a_match(game: str, seed: int, deals: int = 1) -> object:
    return json.loads(dumps(match_to_record(cli.play_match(game, seed, ("greedy",) * 4, deals))))


SMALL = [a_match("chiva", 1), a_match("dekabes", 2), a_match("tiengow", 3, deals=2)]
FIELDS = ["format", "game", "seed", "seats", "rounds", "winner", "extra"]
FIELD_VALUES = ["null", "0", '"tiengow"', '"domino-record/1"', "[]", '["ai","ai","ai","ai"]', '"A"', "{}"]


@st.composite
def damaged_lines(draw: st.DrawFn) -> str:
    """A small record damaged: one value replaced anywhere, a few characters changed, or a field
    given twice (json.loads keeps the last)."""
    valid = draw(st.sampled_from(SMALL))
    text = dumps(valid)
    how = draw(st.sampled_from(["value", "characters", "twice"]))
    if how == "value":
        return dumps(draw(mutations(valid)))
    if how == "characters":
        for _ in range(draw(st.integers(1, 3))):
            at = draw(st.integers(0, len(text) - 1))
            text = text[:at] + draw(st.sampled_from(["", *'{}[]",:01- a\\é'])) + text[at + draw(st.integers(0, 1)) :]
        return text
    field = f'"{draw(st.sampled_from(FIELDS))}":{draw(st.sampled_from(FIELD_VALUES))}'
    return "{" + field + "," + text[1:] if draw(st.booleans()) else text[:-1] + "," + field + "}"


def answers_for(data: bytes) -> list[object]:
    """What the reader and ``match_from_record`` make of each record of ``data``."""
    try:
        records = list(read_records(data))
    except RecordError as error:
        return [type(error), str(error)]
    answers: list[object] = []
    for one in records:
        try:
            answers.append(dumps(match_to_record(match_from_record(one))))
        except RecordError as error:
            answers.append((type(error), str(error)))
    return answers


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(damaged_lines(), st.sampled_from(["", "\n" + dumps(SMALL[0]), "\n{not json"]))
def test_item18_a_record_checked_and_replayed_a_round_at_a_time_gets_the_same_answers(line: str, after: str) -> None:
    assume(line.startswith("{"))  # a long line that does not is no record at all (NotAnObject)
    data = (line + after).encode()
    with mock.patch.object(record, "SHORT_LINE", 0):  # every line read as a long one
        streamed = answers_for(data)
        if streamed[0] is not MalformedRecord:  # the first line's JSON was checked, not built
            assert isinstance(next(read_records(data)), RecordLine)
    assert streamed == built_whole(lambda: answers_for(data))


@pytest.mark.skipif(sys.platform == "win32", reason="resource.getrusage")
def test_item18_the_real_replay_process_holds_under_three_times_a_record_with_a_long_extra_field(
    tmp_path: pathlib.Path,
) -> None:
    empty = written(tmp_path / "empty.jsonl")
    line = with_extra(b"[0" + b",0" * (SIZE // 2) + b"]")
    path = written(tmp_path / "extra.jsonl", line, b"\n")
    grown = process_peak(path) - process_peak(empty)
    assert grown < BOUND * len(line), f"the process grew by {grown / len(line):.1f} times the file"


READ = {  # a long value in a field the reader reads, each in place of the real one
    "seats": RECORD.encode().replace(b'"seats":[', b'"seats":[' + ZEROS + b",", 1),
    "format": RECORD.encode().replace(b'"format":"domino-record/1"', b'"format":' + ZEROS, 1),
    "winner": with_extra(b"0")[:-1] + b',"winner":' + ZEROS + b"}",
    "round 1: turns": RECORD.encode().replace(b'"turns":[', b'"turns":[' + ZEROS + b",", 1),
}


@pytest.mark.parametrize("name", READ)
def test_item18_a_long_value_in_a_field_the_reader_reads_is_refused_unbuilt(tmp_path: pathlib.Path, name: str) -> None:
    line = READ[name]
    path = written(tmp_path / "read.jsonl", line, b"\n")
    (replay, decide, review) = said_within(path, len(line) + 1)
    real = {"seats": json.loads(RECORD)["seats"], "round 1: turns": json.loads(RECORD)["rounds"][0]["turns"]}
    commas = ZEROS.count(b",") + (dumps(real[name]).count(",") + 1 if name in real else 0)  # its own and the one added
    refusal = f"{name} holds {commas:,} commas: no record's field holds over {record.MOST_COMMAS:,}"
    assert replay == (2, "", f"malformed: record 1, {refusal}\n")
    assert decide == (2, "", f"bad record: {refusal}\n")
    assert review == (MalformedRecord, refusal)


def test_item18_a_field_under_the_comma_limit_is_read_as_before() -> None:
    line = RECORD.encode()
    with mock.patch.object(record, "SHORT_LINE", 0):
        streamed = answers_for(line)
    assert streamed == answers_for(line) == [RECORD]
    with mock.patch.object(record, "SHORT_LINE", 0), mock.patch.object(record, "MOST_COMMAS", 2):
        assert answers_for(line) == [(MalformedRecord, "seats holds 3 commas: no record's field holds over 2")]
