"""Issue 16, the command line: hostile record files and arguments get one short line on
standard error and the spec's exit code (2 malformed, 1 illegal), never a traceback or a hang."""

from __future__ import annotations

import contextlib
import io
import json

import pytest
from hostile import LIMIT_BREAKERS, full_disk, hostile_contents, is_short, leftovers, make_fifo, retyped
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import cli
from game.core.match import Match
from game.core.record import match_to_record

HOSTILE = settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
GREEDY = "greedy,greedy,greedy,greedy"


def finished(game: str) -> dict:
    match = Match(game, ("greedy", "random", "greedy", "random"), seed=6, deals=2)
    for _ in range(2):
        match.run_computers()
        if not match.game.is_match_over(match.round):
            match.next_round()
    return match_to_record(match)


def unfinished(game: str) -> dict:
    match = Match(game, ("greedy", "human", "greedy", "greedy"), seed=6)
    match.run_computers()
    match.push(match.legal_moves()[0])
    match.run_computers()
    return match_to_record(match)


RECORDS = {game: finished(game) for game in ("chiva", "dekabes", "tiengow")}
OPEN = {game: unfinished(game) for game in ("chiva", "dekabes", "tiengow")}


def run(*argv: str) -> tuple[int, str, str]:
    """The exit code, standard output and standard error of ``python -m game.cli ARGV``."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main(list(argv))
        except SystemExit as stop:
            code = stop.code
    return code, out.getvalue(), err.getvalue()


def written(tmp_path_factory, content: bytes | str) -> str:
    path = tmp_path_factory.mktemp("cli") / "r.jsonl"
    path.write_bytes(content.encode() if isinstance(content, str) else content)
    return str(path)


def assert_one_short_line(err: str) -> None:
    assert err.endswith("\n") and is_short(err[:-1]) and "Traceback" not in err


# --- generated hostile files -----------------------------------------------------------------------


@pytest.mark.slow
@HOSTILE
@given(st.sampled_from(sorted(RECORDS)).flatmap(lambda game: hostile_contents(RECORDS[game])))
def test_replay_of_any_hostile_file_answers_with_an_exit_code_and_one_line(tmp_path_factory, content):
    code, _out, err = run("replay", written(tmp_path_factory, content))
    assert code in (0, 1, 2)
    if code:
        assert_one_short_line(err)


@pytest.mark.slow
@HOSTILE
@given(st.sampled_from(sorted(RECORDS)).flatmap(lambda game: retyped(RECORDS[game])))
def test_replay_of_a_value_of_the_wrong_type_anywhere_exits_2(tmp_path_factory, record):
    code, _out, err = run("replay", written(tmp_path_factory, json.dumps(record)))
    assert code == 2, err
    assert_one_short_line(err)


@settings(max_examples=30, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.sampled_from(sorted(OPEN)).flatmap(lambda game: hostile_contents(OPEN[game])))
def test_decide_on_any_hostile_file_answers_or_exits_2_with_one_line(tmp_path_factory, content):
    code, out, err = run("decide", "--record", written(tmp_path_factory, content), "--seed", "1", "--level", "easy")
    assert code in (0, 2)
    if code:
        assert_one_short_line(err)
    else:
        assert out.count("\n") == 1


@given(LIMIT_BREAKERS)
def test_issue16_cases_4_5_replay_and_decide_exit_2_beyond_the_limits(tmp_path_factory, content):
    path = written(tmp_path_factory, content)
    for argv in (("replay", path), ("decide", "--record", path, "--seed", "1")):
        code, _out, err = run(*argv)
        assert code == 2
        assert_one_short_line(err)


# --- the numbered cases ----------------------------------------------------------------------------


@pytest.mark.parametrize("content", ["[" * 100_000, '{"a":' * 100_000], ids=["arrays", "objects"])
def test_issue16_case_4_deep_nesting_exits_2_with_one_line(tmp_path_factory, content):
    path = written(tmp_path_factory, content)
    for argv in (("replay", path), ("decide", "--record", path, "--seed", "1")):
        code, _out, err = run(*argv)
        assert code == 2 and "nested" in err
        assert_one_short_line(err)


def test_issue16_case_5_an_integer_of_5000_digits_exits_2_with_one_line(tmp_path_factory):
    record = json.dumps(RECORDS["chiva"]).replace('"seed": 6', '"seed": ' + "9" * 5_000)
    path = written(tmp_path_factory, record)
    for argv in (("replay", path), ("decide", "--record", path, "--seed", "1")):
        code, _out, err = run(*argv)
        assert code == 2 and "digits" in err
        assert_one_short_line(err)


@pytest.mark.parametrize("megabytes", [3, 10])
def test_issue16_case_9_a_huge_bad_tile_gives_one_capped_line(tmp_path_factory, megabytes):
    record = json.loads(json.dumps(RECORDS["chiva"]))
    record["rounds"][0]["hands"][0][0] = "x" * (megabytes << 20)
    path = written(tmp_path_factory, json.dumps(record))
    for argv in (("replay", path), ("decide", "--record", path, "--seed", "1")):
        code, _out, err = run(*argv)
        assert code == 2
        assert_one_short_line(err)


def test_issue16_case_11_a_fifo_or_a_folder_is_refused_without_hanging(tmp_path):
    make_fifo(tmp_path / "pipe.jsonl")
    for path, words in ((tmp_path / "pipe.jsonl", "named pipe"), (tmp_path, "folder")):
        for argv in (("replay", str(path)), ("decide", "--record", str(path), "--seed", "1")):
            code, _out, err = run(*argv)
            assert code == 2 and words in err
            assert_one_short_line(err)


def record_to(out: str) -> tuple[int, str, str]:
    return run("record", "--game", "chiva", "--seed", "1", "--seats", GREEDY, "--out", out)


def test_issue16_case_10_record_out_a_folder_a_missing_folder_or_a_file_as_folder_exits_2(tmp_path):
    (tmp_path / "plain").write_text("x")
    for out, words in (
        (tmp_path, "folder is in the way"),
        (tmp_path / "missing" / "r.jsonl", "folder does not exist"),
        (tmp_path / "plain" / "r.jsonl", "where a folder should be"),
    ):
        code, _out, err = record_to(str(out))
        assert code == 2 and words in err
        assert_one_short_line(err)
    assert leftovers(tmp_path) == []


def test_issue16_case_10_record_out_on_a_full_disk_exits_2_and_keeps_the_old_file(tmp_path, monkeypatch):
    out = tmp_path / "r.jsonl"
    out.write_text("old\n")
    full_disk(monkeypatch)
    code, _out, err = record_to(str(out))
    assert code == 2 and "disk is full" in err
    assert_one_short_line(err)
    assert out.read_text() == "old\n" and leftovers(tmp_path) == []


def test_record_out_writes_the_same_bytes_as_standard_output(tmp_path):
    argv = ("record", "--game", "tiengow", "--seed", "3", "--seats", GREEDY, "--deals", "2")
    code, printed, _err = run(*argv)
    assert code == 0 and run(*argv, "--out", str(tmp_path / "r.jsonl"))[0] == 0
    assert (tmp_path / "r.jsonl").read_text() == printed and leftovers(tmp_path) == []


@pytest.mark.parametrize(
    "extra", [["--matches", "0"], ["--matches", "-5"], ["--deals", "0"], ["--seed", "9" * 5_000]], ids=repr
)
def test_counts_below_one_and_huge_seeds_are_refused_with_exit_2(extra):
    argv = ["record", "--game", "tiengow", "--seed", "1", "--seats", GREEDY, *extra]
    code, out, err = run(*argv)
    assert code == 2 and out == "" and len(err) < 1_000


def test_tiengow_plays_that_are_not_a_list_exit_2(tmp_path_factory):
    record = json.loads(json.dumps(RECORDS["tiengow"]))
    for plays in ("x", 5, {"seat": 1}, ["x"], [5]):
        record["rounds"][0]["tricks"][0]["plays"] = plays
        code, _out, err = run("replay", written(tmp_path_factory, json.dumps(record)))
        assert code == 2, (plays, err)


@pytest.mark.parametrize("game", ["chiva", "tiengow"])
def test_a_tile_written_larger_number_first_is_refused_in_records_and_decide(tmp_path_factory, game):
    for records, argv in ((RECORDS, ("replay",)), (OPEN, ("decide", "--seed", "1", "--record"))):
        record = json.loads(json.dumps(records[game]))
        hand = record["rounds"][0]["hands"][0]
        index = next(i for i, tile in enumerate(hand) if tile[0] != tile[2])
        hand[index] = hand[index][::-1]
        code, _out, err = run(*argv, written(tmp_path_factory, json.dumps(record)))
        assert code == 2 and hand[index] in err
