"""Bad input from the network, like a bad file: a clear answer, nothing changed, nothing lost.
Hostile frames (random bytes, wrong types, huge numbers, deep nesting), wrong tokens and
codes, another seat's decision, stale positions, a flood, garbage and oversized frames, and
the command lines' exit codes (issue 26). Real sockets on loopback, a real server process."""

from __future__ import annotations

import asyncio
import contextlib
import json
import subprocess
import sys
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from online_helpers import ROOT, Device, bot, kill, replay, run, server, until_pong
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from game.core.player import GREEDY
from online.bot import Bot
from online.client import Connection
from online.protocol import MAX_FRAME, PROTOCOL, Failure, Hello, Pong, Refused, State, Welcome, encode, server_decoder
from online.server import main as server_main

SEATS = ("--seats", "remote,greedy,greedy,greedy")


@pytest.fixture(scope="module")
def table():
    """One table whose seat 1 is taken; the computers have played up to seat 1's turn."""
    with server("--game", "chiva", "--seed", "9", "--hello-timeout", "0.5", *SEATS) as running:
        with connect(running.url, max_size=MAX_FRAME) as ws:
            ws.send(encode(Hello(PROTOCOL, running.code, seat=1, name="Owner")).decode())
            welcome = server_decoder.decode(ws.recv(10))
            assert isinstance(welcome, Welcome)
            running.token = welcome.token
            running.position = _latest_state(ws).position
        yield running


def _latest_state(ws) -> State:
    """The state once seat 1 is to act (the computers before it have played)."""
    while True:
        message = server_decoder.decode(ws.recv(10))
        if isinstance(message, State) and message.view and message.view.to_act == 1:
            return message


@contextlib.contextmanager
def _as_owner(table):
    """Seat 1's device again (by token), after checking that the table is where it was."""
    with connect(table.url, max_size=MAX_FRAME) as ws:
        ws.send(encode(Hello(PROTOCOL, table.code, token=table.token)).decode())
        state = _latest_state(ws)
        assert state.position == table.position, "the table changed"
        yield ws


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
MESSAGE_TYPES = [
    "hello",
    "look",
    "decide",
    "ask",
    "answer",
    "withdraw",
    "ready",
    "pause",
    "say",
    "rename",
    "set_seat",
    "start",
    "hand_over",
    "nope",
]
hostile = st.one_of(
    st.binary(max_size=200),
    st.text(max_size=200),
    json_values.map(json.dumps),
    st.builds(
        lambda kind, body: json.dumps({"type": kind, **body}),
        st.sampled_from(MESSAGE_TYPES),
        st.dictionaries(
            st.sampled_from(["position", "decision", "kind", "yes", "on", "seat", "message", "x"]),
            json_values,
            max_size=3,
        ),
    ),
    st.builds(
        lambda n: json.dumps({"type": "decide", "position": n, "decision": {"seat": n, "tile": "6-6"}}),
        st.integers(min_value=2**31),
    ),
    st.integers(1, 20000).map(
        lambda depth: '{"type":"decide","position":0,"decision":' + "[" * depth + "]" * depth + "}"
    ),
)


@pytest.mark.slow
@settings(max_examples=60)
@given(hostile)
def test_a_hostile_frame_gets_an_answer_and_changes_nothing(table, frame):
    with _as_owner(table) as ws:
        ws.send(frame)
        answers = until_pong(ws, 99)
        assert answers and all(isinstance(a, (Failure, Refused, State)) for a in answers), answers
        for answer in answers:
            if isinstance(answer, Refused):
                assert answer.code and " " not in answer.code
    with _as_owner(table):
        pass


@pytest.mark.parametrize(
    ("decision", "position_offset", "code"),
    [
        ({"seat": 2, "pass": True}, 0, "not_your_seat"),
        ({"seat": 1, "tile": "6-6", "end": None}, -1, "stale"),
        ({"seat": 1, "tile": "0-0", "end": "left"}, 0, None),
        ({"seat": 1, "tile": "7-7", "end": "left"}, 0, "bad_decision"),
    ],
)
def test_another_seats_stale_or_illegal_decision_is_refused_with_its_code(table, decision, position_offset, code):
    with _as_owner(table) as ws:
        frame = {"type": "decide", "position": table.position + position_offset, "decision": decision}
        ws.send(json.dumps(frame))
        answers = until_pong(ws, 5)
        refused = [a for a in answers if isinstance(a, Refused)]
        assert len(refused) == 1
        assert code is None or refused[0].code == code
    with _as_owner(table):
        pass


@pytest.mark.parametrize(
    ("hello", "code"),
    [
        ({"code": "XXXXXX"}, "wrong_code"),
        ({"token": "not-the-token"}, "wrong_token"),
        ({"seat": 1}, "seat_taken"),
        ({"protocol": 99}, "protocol"),
        ({"host_key": "guess"}, "wrong_key"),
    ],
)
def test_a_wrong_code_token_seat_protocol_or_key_is_refused_and_closed(table, hello, code):
    frame = {"type": "hello", "protocol": PROTOCOL, "code": table.code, **hello}
    with connect(table.url) as ws:
        ws.send(json.dumps(frame))
        refused = server_decoder.decode(ws.recv(10))
        assert isinstance(refused, Refused) and refused.code == code
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(10)
        assert closed.value.rcvd.code == 4001


def test_a_connection_that_keeps_sending_garbage_is_closed_with_1008(table):
    with _as_owner(table) as ws:
        for _ in range(11):
            ws.send("{not json")
        failures = []
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                message = server_decoder.decode(ws.recv(10))
                if isinstance(message, Failure):
                    failures.append(message.count)
        assert closed.value.rcvd.code == 1008
        assert failures[:11] == list(range(1, 12))


def test_an_oversized_frame_closes_the_connection_with_1009(table):
    with _as_owner(table) as ws:
        ws.send("x" * (MAX_FRAME + 1))
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                ws.recv(10)
        assert closed.value.rcvd.code == 1009


def test_a_connection_that_never_says_hello_is_closed(table):
    with connect(table.url) as ws:
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(10)
        assert closed.value.rcvd.code == 1008


@pytest.mark.slow
def test_a_flood_of_ten_thousand_frames_is_read_at_its_rate_while_another_table_plays_on(tmp_path):
    rate, burst, count = 2500.0, 100, 10_000

    async def body(url, flooded, other):
        async with Device(url, flooded, seat=1) as flooder:
            await flooder.until(lambda m: isinstance(m, Welcome))
            player = Bot(Connection(url, other, "Other", patience=10.0), GREEDY)
            playing = asyncio.get_running_loop().create_task(player.run())
            started = time.monotonic()
            frames = [json.dumps({"type": "ping", "nonce": n}) for n in range(count)]
            for frame in frames:
                await flooder.connection.ws.send(frame)
            assert await asyncio.wait_for(playing, 30) == 0
            await flooder.until(lambda m: isinstance(m, Pong) and m.nonce == count - 1, timeout=30)
            elapsed = time.monotonic() - started
            nonces = [m.nonce for m in flooder.received if isinstance(m, Pong)]
            assert nonces == list(range(count)), "a frame of the flood was lost"
            assert elapsed >= (count - burst) / rate * 0.9, "the flood was not slowed to its rate"
            return player.record

    args = ("--game", "tiengow", "--deals", "2", "--tables", "2", "--rate", str(rate), "--burst", str(burst))
    with server(*args, *SEATS, tables=2) as running:
        record = run(body(running.url, running.codes[0], running.codes[1]))
    out = tmp_path / "other.jsonl"
    out.write_text(json.dumps(record) + "\n")
    assert replay(out).returncode == 0
    assert len(record["rounds"]) == 2


def _cli(module: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", module, *args], cwd=ROOT, capture_output=True, text=True, timeout=30, check=False
    )


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["--game", "go"],
        ["--game", "chiva", "--seats", "remote,remote"],
        ["--game", "chiva", "--seats", "remote,ai:expert,remote,remote"],
        ["--game", "chiva", "--port", "70000"],
        ["--game", "chiva", "--deals", "0"],
        ["--game", "chiva", "--tables", "2", "--save", "x.json"],
    ],
)
def test_the_server_exits_2_with_one_line_on_bad_arguments(args, capsys):
    with pytest.raises(SystemExit) as exited:
        server_main(args)
    assert exited.value.code == 2
    out, err = capsys.readouterr()
    assert len(err.strip().splitlines()) == 1 and out == ""


def test_the_server_command_exits_2_on_bad_arguments():
    done = _cli("online.server", "--game", "chiva", "--seats", "remote")
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1 and done.stdout == ""


def test_the_server_exits_2_on_a_save_that_is_not_one(tmp_path):
    save = tmp_path / "table.json"
    save.write_text('{"format": "something else"}')
    done = _cli("online.server", "--game", "chiva", "--port", "0", "--save", str(save))
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1


def test_the_bot_exits_1_with_one_line_when_refused_and_2_on_bad_arguments(table):
    refused = bot(table.url, "XXXXXX", "--level", "greedy")
    try:
        assert refused.wait(30) == 1
        lines = refused.stderr.read().strip().splitlines()
        assert len(lines) == 1 and "wrong_code" in lines[0]
    finally:
        kill(refused)
    done = _cli("online.bot", "--url", table.url, "--code", table.code, "--level", "expert")
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1
    taken = _cli("online.bot", "--url", table.url, "--code", table.code, "--seat", "1")
    assert taken.returncode == 1 and "seat_taken" in taken.stderr
