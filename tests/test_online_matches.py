"""Whole matches through a hosted table: a server subprocess, bot subprocesses on loopback,
the server's record replayed by ``game.cli replay`` and equal to what every bot assembled
from the finished rounds it was sent (issue 26)."""

from __future__ import annotations

import json

import pytest
from online_helpers import bot, bots, replay, server, wait_all


def _one_record(path):
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1
    return json.loads(lines[0])


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "seed", "extra"), [("chiva", "9", []), ("dekabes", "14", []), ("tiengow", "11", ["--deals", "2"])]
)
def test_four_bots_play_a_whole_match_and_the_record_replays(tmp_path, game, seed, extra):
    record = tmp_path / "record.jsonl"
    outs = [tmp_path / f"bot{n}.jsonl" for n in range(4)]
    with server("--game", game, "--seed", seed, "--record", str(record), *extra) as table:
        with bots(table.url, table.code, 4, "--level", "greedy", outs=outs) as players:
            assert wait_all(players) == [0, 0, 0, 0], [p.stderr.read() for p in players]
        assert table.process.wait(30) == 0
    checked = replay(record)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.strip() == "ok: 1 records"
    kept = _one_record(record)
    assert kept["game"] == game and kept["seed"] == int(seed) and kept["seats"] == ["human"] * 4
    for out in outs:
        assert _one_record(out) == kept
    if game == "tiengow":
        assert len(kept["rounds"]) == 2


@pytest.mark.slow
def test_computer_seats_on_the_server_play_beside_two_bots(tmp_path):
    """ai seats think in the server's worker process; greedy ones at once."""
    record = tmp_path / "record.jsonl"
    seats = "remote,ai:easy,remote,greedy"
    with server("--game", "tiengow", "--seed", "4", "--seats", seats, "--record", str(record)) as table:
        with bots(table.url, table.code, 2, "--level", "random") as players:
            assert wait_all(players) == [0, 0], [p.stderr.read() for p in players]
        assert table.process.wait(30) == 0
    assert replay(record).returncode == 0
    assert _one_record(record)["seats"] == ["human", "ai", "human", "greedy"]


@pytest.mark.slow
def test_main_serves_and_plays_as_the_bundle_does(tmp_path):
    """``main.py --serve`` and ``main.py --bot`` are the server's and the bot's own command
    lines (what a standalone bundle runs): two computer seats on the server, two bots."""
    record = tmp_path / "record.jsonl"
    seats = "remote,greedy,remote,greedy"
    with server("--game", "chiva", "--seed", "3", "--seats", seats, "--record", str(record), via_main=True) as table:
        players = [bot(table.url, table.code, "--level", "greedy", via_main=True) for _ in range(2)]
        assert wait_all(players) == [0, 0], [p.stderr.read() for p in players]
        assert table.process.wait(30) == 0
    assert replay(record).returncode == 0
    assert _one_record(record)["seats"] == ["human", "greedy", "human", "greedy"]
