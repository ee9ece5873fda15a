"""Issue 39: a shared table that survives a real evening. A device comes back after any drop
however long it has sat at the table (its patience runs from the loss, not from its last
join): the host killed with SIGKILL and started again, a device stopped (SIGSTOP) long enough
for the server to drop it, in the bot and through the real join screen."""

from __future__ import annotations

import asyncio
import json
import signal
import subprocess

import pytest
from online_helpers import (
    WAIT,
    WHOLE_MATCH,
    Device,
    bot,
    finished,
    headless,
    kill,
    replay,
    restartable,
    run,
    server,
    wait_all,
)

from online.bot import Bot
from online.client import Connection
from online.protocol import State


class Clock:
    """A clock a test moves forward: how long a device has sat at the table, without waiting."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_issue39_devices_seated_75_seconds_and_11_minutes_come_back_after_the_host_is_killed_and_restarted(
    tmp_path,
):
    save, record = tmp_path / "table.json", tmp_path / "record.jsonl"
    args = ("--game", "dekabes", "--seed", "14", "--seats", "remote,remote,greedy,greedy", "--pace", "0.01")
    seated = {75.0: 60.0, 660.0: 600.0}  # seconds at the table before the crash: the bot's and a window's patience

    with restartable(*args, "--save", str(save), "--record", str(record)) as host:

        async def body() -> list:
            clocks = {held: Clock() for held in seated}
            players = [
                Bot(Connection(host.url, host.code, f"P{n}", n, patience=seated[held], clock=clocks[held]), "greedy")
                for n, held in enumerate(seated, start=1)
            ]
            reached = asyncio.Event()
            players[0].on_state = lambda s: s.position >= 20 and reached.set()
            playing = asyncio.gather(*(player.run() for player in players))
            await asyncio.wait_for(reached.wait(), WAIT)
            for held, clock in clocks.items():
                clock.now += held
            host.kill()
            await asyncio.to_thread(host.restart)
            assert await asyncio.wait_for(playing, WAIT) == [0, 0]
            assert all(player.connection.connects >= 2 for player in players)
            return [player.record for player in players]

        records = run(body())
        assert host.running.process.wait(WAIT) == 0
    checked = replay(record)
    assert checked.returncode == 0, checked.stderr
    kept = json.loads(record.read_text())
    assert all(found == kept for found in records)


def test_issue39_a_device_gives_up_only_once_its_patience_has_run_since_the_loss():
    with restartable("--game", "chiva", "--seed", "2", "--seats", "remote,remote,greedy,greedy") as host:

        async def body() -> None:
            clock = Clock()
            async with Device(host.url, host.code, seat=1, patience=30.0, clock=clock) as device:
                await device.until(lambda m: isinstance(m, State))
                clock.now += 1000.0  # seated long before the loss: no matter
                host.kill()
                await asyncio.sleep(0)
                while device.connection.ws is not None:
                    await asyncio.sleep(0.01)
                assert not device.ended, "gave up at the loss"
                clock.now += 31.0  # and now the table has been gone longer than the patience
                with pytest.raises(AssertionError, match="ended"):
                    await device.until(lambda m: False)
                assert device.connection.connects == 1

        run(body())


def chair_reconnecting(seat: int, away: bool):
    """A state in which ``seat``'s person is away (``away``) or at the table."""
    return lambda s: (
        s.started and any(c.seat == seat and c.kind == "person" and c.reconnecting == away for c in s.chairs)
    )


async def stopped_until_dropped(watcher: Device, process: subprocess.Popen, seat: int) -> None:
    """Stop ``process`` (SIGSTOP) until the server has dropped its seat, then let it go on."""
    await watcher.state(chair_reconnecting(seat, False))
    mark = len(watcher.received)
    process.send_signal(signal.SIGSTOP)
    try:
        await watcher.state(chair_reconnecting(seat, True), since=mark)
    finally:
        process.send_signal(signal.SIGCONT)
    await watcher.state(chair_reconnecting(seat, False), since=len(watcher.received))


@pytest.mark.slow
def test_issue39_a_bot_stopped_until_the_server_drops_it_comes_back_and_plays_on(tmp_path):
    key, record = tmp_path / "key", tmp_path / "record.jsonl"
    args = ("--game", "chiva", "--seed", "4", "--seats", "remote,remote,greedy,greedy", "--keepalive", "0.5")
    with server(*args, "--key-out", str(key), "--record", str(record)) as table:
        players = [bot(table.url, table.code, "--seat", str(seat), "--patience", "0.5") for seat in (1, 2)]
        try:

            async def body() -> None:
                async with Device(table.url, table.code, host_key=key.read_text().strip()) as watcher:
                    await stopped_until_dropped(watcher, players[0], 1)

            run(body())
            assert wait_all(players, WAIT * 4) == [0, 0], players[0].stderr.read()
        finally:
            for process in players:
                kill(process)
        assert table.process.wait(WAIT) == 0
    checked = replay(record)
    assert checked.returncode == 0, checked.stderr


@pytest.mark.slow
def test_issue39_a_window_at_the_join_screen_stopped_until_the_server_drops_it_comes_back_and_plays_on(tmp_path):
    key = tmp_path / "key"
    args = ("--game", "dekabes", "--seed", "8", "--seats", "remote,greedy,greedy,greedy", "--keepalive", "0.5")
    with server(*args, "--key-out", str(key)) as table:
        address = table.url.removeprefix("ws://")
        window = headless(
            "join", tmp_path, "--address", address, "--code", table.code, "--seat", "1", "--patience", "0.5"
        )
        try:

            async def body() -> None:
                async with Device(table.url, table.code, host_key=key.read_text().strip()) as watcher:
                    await stopped_until_dropped(watcher, window, 1)

            run(body(), WHOLE_MATCH)
            result = finished(tmp_path, window)
        finally:
            kill(window)
        assert table.process.wait(WAIT) == 0
    assert result["seat"] == 1 and result["decisions"] > 0
