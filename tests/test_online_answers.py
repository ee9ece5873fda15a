"""Issue 39: bad input answered as ``docs/protocol.md`` says, guesses of a table's secrets
slowed, and names that draw safely. Real servers on loopback, raw frames from websockets'
own client."""

from __future__ import annotations

import contextlib
import json
import unicodedata
from collections.abc import Iterator

import pytest
from online_helpers import server, until_pong
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from game.core.names import NAME_GRAPHEMES, clean_name
from online.guard import LEAK, Guesses
from online.protocol import (
    FINAL_CLOSES,
    MAX_FRAME,
    PROTOCOL,
    Failure,
    Hello,
    Look,
    Pong,
    Refused,
    Welcome,
    encode,
    server_decoder,
)

SEATS = ("--seats", "remote,remote,greedy,greedy")


def answers(ws, frame: str | bytes) -> tuple[list, int | None]:
    """Send ``frame``; what comes back until the server closes, and its close code."""
    ws.send(frame)
    found = []
    try:
        while True:
            found.append(server_decoder.decode(ws.recv(10)))
    except ConnectionClosed as closed:
        return found, closed.rcvd.code if closed.rcvd is not None else None


@contextlib.contextmanager
def seated(url: str, code: str, seat: int = 1, name: str = "Ana") -> Iterator:
    """A raw connection seated at ``seat``, past its welcome."""
    with connect(url, max_size=MAX_FRAME) as ws:
        ws.send(encode(Hello(PROTOCOL, code, seat=seat, name=name)).decode())
        assert isinstance(server_decoder.decode(ws.recv(10)), Welcome)
        yield ws


DEEP = '{"a":' * 5000  # under 64 KiB, deeper than any decoder's recursion


@pytest.mark.parametrize(
    ("first", "failure"),
    [(DEEP, "malformed"), (b'{"type": "ping"}', "binary"), ('{"type": "ping"}', "hello_expected"), ("[", "malformed")],
    ids=["deep", "binary", "another_message", "not_json"],
)
def test_issue39_a_first_frame_that_is_no_hello_gets_its_failure_and_1008(first, failure):
    with server("--game", "chiva", *SEATS) as table, connect(table.url, max_size=MAX_FRAME) as ws:
        found, code = answers(ws, first)
    assert found == [Failure(failure, 1)] and code == 1008


@pytest.mark.parametrize("field", [{"seat": 7}, {"protocol": 2**40}, {"name": "x" * 41}, {"nonsense": 1}])
@pytest.mark.parametrize("kind", ["hello", "look"])
def test_issue39_a_hello_or_look_with_a_wrong_field_is_refused_with_4001(kind, field):
    with server("--game", "chiva", *SEATS) as table, connect(table.url, max_size=MAX_FRAME) as ws:
        found, code = answers(ws, json.dumps({"type": kind, "protocol": PROTOCOL, "code": table.code, **field}))
    assert [(m.code, type(m)) for m in found] == [("bad_hello", Refused)] and code == 4001


def test_issue39_garbage_after_the_hello_is_counted_and_answered_and_the_device_plays_on():
    with server("--game", "chiva", *SEATS) as table, seated(table.url, table.code) as ws:
        failures = []
        for frame in (DEEP, b"\x00binary", "{}", '{"type": "ping", "nonce": -1}'):
            ws.send(frame)
            failures += [m for m in until_pong(ws, len(failures)) if isinstance(m, Failure)]
        assert [(f.code, f.count) for f in failures] == [("malformed", 1), ("binary", 2), ("malformed", 3)] + [
            ("malformed", 4)
        ]


def test_issue39_a_look_with_a_wrong_code_is_refused_and_closed_4001():
    with server("--game", "chiva", *SEATS) as table, connect(table.url) as ws:
        found, code = answers(ws, encode(Look(PROTOCOL, "AAAAAA")).decode())
    assert [m.code for m in found] == ["wrong_code"] and code == 4001


def test_issue39_a_device_far_ahead_of_its_rate_is_read_in_order_until_it_misses_its_pings_then_dropped():
    args = ("--game", "chiva", "--rate", "20", "--burst", "10", "--keepalive", "0.5", *SEATS)
    with server(*args) as table, seated(table.url, table.code) as ws:
        for nonce in range(2000):  # 100 s of frames at its rate, sent at once: its pongs wait behind them
            ws.send(json.dumps({"type": "ping", "nonce": nonce}))
        found, code = answers(ws, json.dumps({"type": "ping", "nonce": 2000}))
    nonces = [m.nonce for m in found if isinstance(m, Pong)]
    assert code == 1011 and code not in FINAL_CLOSES  # dropped: a device comes back after it
    assert nonces == list(range(len(nonces))) and 10 <= len(nonces) < 2000  # none skipped, read at its rate


# --- guesses --------------------------------------------------------------------------------


def test_issue39_a_peer_that_guesses_codes_is_refused_unread_after_a_few_wrong_tries():
    with server("--game", "chiva", *SEATS) as table:
        codes = []
        for guess in ("AAAAAA", "CCCCCC", "EEEEEE", "FFFFFF", "GGGGGG", "HHHHHH", table.code, table.code):
            with connect(table.url) as ws:
                found, _ = answers(ws, encode(Look(PROTOCOL, guess)).decode())
                codes.append(found[0].code if isinstance(found[0], Refused) else "seats")
        with connect(table.url) as ws:  # a hello with the right code is no way round
            found, close = answers(ws, encode(Hello(PROTOCOL, table.code, seat=1)).decode())
    assert codes == ["wrong_code"] * 5 + ["too_many_tries"] * 3  # the right code too: no oracle
    assert found[0].code == "too_many_tries" and 1 <= found[0].params["seconds"] <= LEAK and close == 4001


def test_issue39_a_wrong_token_or_host_key_counts_as_a_guess():
    with server("--game", "chiva", *SEATS) as table:
        refused = []
        for hello in [Hello(PROTOCOL, table.code, token="x" * 32)] * 3 + [
            Hello(PROTOCOL, table.code, host_key="k")
        ] * 3:
            with connect(table.url) as ws:
                found, _ = answers(ws, encode(hello).decode())
                refused.append(found[0].code)
    assert refused == ["wrong_token"] * 3 + ["wrong_key"] * 2 + ["too_many_tries"]


def test_issue39_each_wrong_guess_leaks_away_so_a_peer_guesses_one_code_a_leak_at_most():
    now = [0.0]
    guesses = Guesses(free=5, leak=30.0, clock=lambda: now[0])
    for _ in range(5):  # five wrong tries are free
        assert guesses.wait_for("10.0.0.9") == 0
        guesses.failed("10.0.0.9")
    assert guesses.wait_for("10.0.0.9") == 30 and guesses.wait_for("10.0.0.8") == 0  # per peer
    now[0] += 29.0
    assert guesses.wait_for("10.0.0.9") == 1
    allowed = 0
    for _ in range(600):  # ten minutes of a guess a second
        now[0] += 1.0
        if not guesses.wait_for("10.0.0.9"):
            allowed += 1
            guesses.failed("10.0.0.9")
    assert allowed <= 600 / 30 + 1


# --- names --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("given", "shown"),
    [
        ("Ana", "Ana"),
        ("\u202eevil", "evil"),  # a right-to-left override
        ("A\u0000B\u001b[31mC", "AB[31mC"),  # NUL and ESC
        ("  line\none\r\n  two\t ", "line one two"),
        ("Zoë\u200b\u2066x\u2069", "Zoëx"),  # zero-width space, an isolate
        ("\ue000host", "host"),  # private use
        ("e\u0301" * 30, "\u00e9" * NAME_GRAPHEMES),  # decomposed accents, composed, counted as letters
        ("👍🏽" * 25, "👍🏽" * NAME_GRAPHEMES),  # an emoji with its skin tone is one
        ("🇭🇹" * 25, "🇭🇹" * NAME_GRAPHEMES),  # a flag is two letters, one sign
        ("👩\u200d👩\u200d👧" * 25, "👩\u200d👩\u200d👧" * NAME_GRAPHEMES),
        ("\u200d\u200dA", "A"),
        ("", ""),
    ],
)
def test_issue39_a_name_is_cleaned_of_what_draws_nothing_or_changes_the_text_around_it(given, shown):
    assert clean_name(given) == shown
    assert clean_name(shown) == shown
    assert not any(unicodedata.category(c) in ("Cc", "Co", "Cs") for c in clean_name(given))


def test_issue39_names_reach_every_device_cleaned_by_the_server():
    with (
        server("--game", "chiva", *SEATS) as table,
        seated(table.url, table.code, 1, "\u202eAna\x00\n") as ana,
        connect(table.url, max_size=MAX_FRAME) as ws,
    ):
        ws.send(encode(Hello(PROTOCOL, table.code, seat=2, name="Bea\x1b")).decode())
        welcome = server_decoder.decode(ws.recv(10))
        ana.send(json.dumps({"type": "rename", "name": "Ana\u2066 \u2067 N."}))
        states = (server_decoder.decode(ws.recv(10)) for _ in range(50))
        renamed = next(m for m in states if m.chairs[0].name != "Ana")
    assert [c.name for c in welcome.chairs[:2]] == ["Ana", "Bea"]
    assert renamed.chairs[0].name == "Ana N."
