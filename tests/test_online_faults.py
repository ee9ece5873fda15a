"""Faults at a hosted table: a dropped device comes back by itself to the exact same view,
the others see it reconnecting and the computers wait for it; the host hands a seat to the
computer and back; a host killed with SIGKILL reopens the same table from its save and the
devices come back; the thread wrapper a frame loop uses (issue 26)."""

from __future__ import annotations

import pytest
from online_helpers import (
    WAIT,
    Device,
    assert_recorded,
    first_legal,
    my_turn,
    restartable,
    run,
    server,
    through_a_crash,
)

from game.core.player import GREEDY
from game.core.session import Acted
from online.bot import Bot
from online.client import Background, Connection
from online.protocol import HandOver, Ping, Pong, Refused, State, Welcome


def test_a_dropped_device_comes_back_by_itself_to_the_exact_view_it_had():
    async def body(url, code):
        async with Device(url, code, seat=1) as alone:
            state = await alone.state(my_turn(1))
            await alone.send(first_legal(state))
            state = await alone.state(my_turn(1), since=len(alone.received))
            welcomes = sum(isinstance(m, Welcome) for m in alone.received)
            mark = len(alone.received)
            await alone.connection.drop()
            again = await alone.until(lambda m: isinstance(m, Welcome), since=mark)
            assert again.seat == 1 and again.token == alone.connection.token
            after = await alone.state(
                since=next(i for i in range(mark, len(alone.received)) if alone.received[i] is again)
            )
            assert after.position == state.position and after.view == state.view
            assert sum(isinstance(m, Welcome) for m in alone.received) == welcomes + 1
            await alone.send(first_legal(after))
            moved = await alone.state(lambda s: s.position > after.position, since=mark)
            assert any(isinstance(e, Acted) and e.seat == 1 for e in moved.events)

    with server("--game", "chiva", "--seed", "9", "--seats", "remote,greedy,greedy,greedy") as table:
        run(body(table.url, table.code))


def test_the_others_see_a_seat_reconnecting_and_the_computers_wait_for_it():
    async def body(url, code):
        async with Device(url, code, seat=1) as first, Device(url, code, seat=2) as second:
            position = 0
            while True:  # the two people play (the computers answer) until seat 2 is to act again
                state = await second.state(lambda s, p=position: s.started and s.position > p)
                position, to_act = state.position, state.view.to_act
                if to_act == 2 and position >= 5:
                    break
                if to_act == 1:
                    await first.send(first_legal(await first.state(lambda s, p=position: s.position == p)))
                elif to_act == 2:
                    await second.send(first_legal(state))
            token = first.connection.token
            await first.__aexit__(None, None, None)
            away = await second.state(lambda s: s.chairs[0].reconnecting, since=len(second.received) - 1)
            assert away.position == state.position
            await second.send(first_legal(away))
            decided = await second.state(lambda s: s.position == away.position + 1, since=len(second.received) - 1)
            mark = len(second.received)
            await second.send(Ping(7))
            await second.until(lambda m: isinstance(m, Pong) and m.nonce == 7, since=mark)
            assert second.last_state().position == decided.position, "a computer played while seat 1 was away"
            assert decided.view.to_act == 3
            async with Device(url, code, token=token) as back:
                welcome = await back.until(lambda m: isinstance(m, Welcome))
                assert welcome.seat == 1
                moved = await second.state(
                    lambda s: any(isinstance(e, Acted) and e.seat == 3 for e in s.events), since=mark
                )
                assert not moved.chairs[0].reconnecting

    with server("--game", "chiva", "--seed", "9", "--seats", "remote,remote,greedy,greedy") as table:
        run(body(table.url, table.code))


def test_the_host_hands_a_seat_to_the_computer_and_back(tmp_path):
    key_file = tmp_path / "key"

    async def body(url, code, key):
        async with Device(url, code, seat=1) as person, Device(url, code, host_key=key) as host:
            state = await person.state(my_turn(1))
            await host.send(HandOver(1, True, "normal"))
            mark = len(person.received)
            played = await person.state(
                lambda s: any(isinstance(e, Acted) and e.seat == 1 for e in s.events), since=mark
            )
            assert played.chairs[0].handed_over and played.position > state.position
            stale = person.last_state()
            if stale.view.to_act == 1:  # a move sent from a view the hand-over made stale: refused
                mark = len(person.received)
                await person.send(first_legal(stale))
                await person.until(lambda m: isinstance(m, Refused), since=mark)  # before the refusal awaited below
            mark = len(person.received)
            await host.send(HandOver(1, False))
            back = await person.state(lambda s: not s.chairs[0].handed_over and my_turn(1)(s), since=mark)
            await person.send(first_legal(back))
            mine = await person.state(lambda s: s.position == back.position + 1, since=mark)
            assert [e.seat for e in mine.events if isinstance(e, Acted)] == [1]
            await person.send(HandOver(1, True))
            refused = await person.until(lambda m: isinstance(m, Refused), since=mark)
            assert refused.code == "not_host"

    seats = "remote,greedy,greedy,greedy"
    with server(
        "--game", "dekabes", "--seed", "3", "--seats", seats, "--pace", "0.02", "--key-out", str(key_file)
    ) as table:
        run(body(table.url, table.code, key_file.read_text().strip()))


@pytest.mark.slow
def test_a_host_killed_with_sigkill_reopens_the_same_table_and_the_devices_come_back(tmp_path):
    save, record = tmp_path / "table.json", tmp_path / "record.jsonl"
    with restartable("--game", "dekabes", "--seed", "14", "--save", str(save), "--record", str(record)) as host:
        players = [Bot(Connection(host.url, host.code, f"P{n}", patience=20.0), GREEDY) for n in range(4)]
        records = run(through_a_crash(host, players, 30))
        assert host.running.process.wait(WAIT) == 0
    assert_recorded(record, records)


def test_the_thread_wrapper_sends_and_polls_without_waiting():
    with server("--game", "tiengow", "--seed", "2", "--seats", "remote,greedy,greedy,greedy") as table:
        background = Background(Connection(table.url, table.code, "Window", patience=5.0))
        try:
            assert all(isinstance(m, (Welcome, State)) for m in background.poll())
            found: list = []
            while not any(isinstance(m, State) and my_turn(1)(m) for m in found):
                got = background.wait(10)
                assert got, "nothing arrived"
                found += got
            state = next(m for m in reversed(found) if isinstance(m, State))
            background.send(first_legal(state))
            while not any(isinstance(m, State) and m.position > state.position for m in found):
                got = background.wait(10)
                assert got, "the decision was not taken"
                found += got
        finally:
            background.close()
        assert not background.running
