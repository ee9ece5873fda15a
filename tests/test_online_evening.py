"""Issue 39: a shared table that survives a real evening. A device comes back after any drop
however long it has sat at the table (its patience runs from the loss, not from its last
join): the host killed with SIGKILL and started again, a device stopped (SIGSTOP) long enough
for the server to drop it, in the bot and through the real join screen."""

from __future__ import annotations

import asyncio
import errno
import json
import os
import pathlib
import signal
import socket
import stat
import subprocess
import sys

import headless_device as device
import loopback_guard
import pytest
from online_helpers import (
    WAIT,
    WHOLE_MATCH,
    Device,
    assert_recorded,
    bot,
    finished,
    headless,
    kill,
    replay,
    restartable,
    run,
    server,
    through_a_crash,
    wait_all,
)

from game.core.match import Match
from game.core.player import GREEDY, Player
from game.core.record import match_from_record
from game.core.session import Acted
from online.bot import Bot
from online.client import Connection
from online.hosting import HostingServer
from online.protocol import Saving, State
from online.saving import SAVE_GAP, TableFiles
from online.seats_file import new_seats
from online.store import read_table
from online.table import HostedTable, Seating
from scenes.services import persist


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
        clocks = {held: Clock() for held in seated}
        players = [
            Bot(Connection(host.url, host.code, f"P{n}", n, patience=seated[held], clock=clocks[held]), GREEDY)
            for n, held in enumerate(seated, start=1)
        ]

        def seated_long() -> None:
            for held, clock in clocks.items():
                clock.now += held

        records = run(through_a_crash(host, players, 20, seated_long))
        assert host.running.process.wait(WAIT) == 0
    assert_recorded(record, records)


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


# --- nothing lost: a full disk --------------------------------------------------------------

SMALL_DISK = "unshare -m --propagation private sh -c".split()
ON_SMALL_DISK = (
    'disk=$1 kept=$2; shift 2; mount -t tmpfs -o size=1m tmpfs "$disk" || exit 97; "$@"; code=$?; '
    'cp "$disk/record.jsonl" "$kept" 2>/dev/null; exit $code'
)


def fill(folder: str) -> str:
    """Fill the disk that holds ``folder`` to its last byte; the file that fills it."""
    path = f"{folder}/filler"
    with open(path, "wb", buffering=0) as out:
        try:
            while True:
                out.write(b"\0" * 4096)
        except OSError as error:
            assert error.errno == errno.ENOSPC, error
    return path


@pytest.mark.skipif(os.geteuid() != 0, reason="a small disk of its own needs root (a tmpfs in a mount namespace)")
@pytest.mark.parametrize("freed", [True, False], ids=["freed_later", "full_to_the_end"])
def test_issue39_a_full_disk_is_told_to_every_device_retried_and_never_reported_as_success(tmp_path, freed):
    disk, kept, key = tmp_path / "disk", tmp_path / "kept.jsonl", tmp_path / "key"
    disk.mkdir()
    within = [*SMALL_DISK, ON_SMALL_DISK, "sh", str(disk), str(kept)]
    args = ("--game", "chiva", "--seed", "21", "--seats", "remote,remote,greedy,greedy", "--pace", "0.01")
    files = ("--save", str(disk / "table.json"), "--record", str(disk / "record.jsonl"), "--key-out", str(key))
    with server(*args, *files, within=within) as table:
        seen_disk = f"/proc/{table.process.pid}/root{disk}"  # the small disk, as the server sees it

        async def body() -> list:
            players = [Bot(Connection(table.url, table.code, f"P{n}", n, patience=30.0), GREEDY) for n in (1, 2)]
            for player in players:
                player.keep_frames = True
            playing = asyncio.gather(*(player.run() for player in players))
            async with Device(table.url, table.code, host_key=key.read_text().strip()) as watcher:
                await watcher.state(lambda s: s.position >= 8)
                filler = await asyncio.to_thread(fill, seen_disk)
                told = await watcher.until(lambda m: isinstance(m, Saving) and m.problem == "disk_full")
                assert told.text == "the disk is full"
                if freed:
                    os.unlink(filler)
                    await watcher.until(lambda m: isinstance(m, Saving) and not m.problem)
                assert await asyncio.wait_for(playing, WHOLE_MATCH) == [0, 0]
            assert all(any(isinstance(f, Saving) and f.problem == "disk_full" for f in p.frames) for p in players)
            return [player.record for player in players]

        records = run(body(), WHOLE_MATCH)
        code = table.process.wait(WAIT)
        said = table.process.stderr.read()
    rounds = len(records[0]["rounds"])
    if freed:
        assert code == 0, said
        checked = replay(kept)
        assert checked.returncode == 0, checked.stderr
        assert json.loads(kept.read_text()) == records[0]
    else:
        assert code == 1, said
        last = said.strip().splitlines()[-1]
        assert last.startswith("online.server: the match ended but is not all written") and "disk is full" in last
        assert not kept.exists() or len(json.loads(kept.read_text())["rounds"]) < rounds


def test_issue39_saves_are_coalesced_the_latest_state_wins_and_chatter_writes_nothing(tmp_path):
    path = tmp_path / "table.json"
    table = HostedTable("dekabes", [Seating()] + [Seating(Player.parse("ai:normal"))] * 3)
    seat, _ = table.join(table.code, None, 1, "Ana", "en")

    async def body() -> tuple[int, float]:
        files = TableFiles(table, str(path), None)
        started = asyncio.get_running_loop().time()
        for number in range(2000):  # a flood of renames, as fast as a device can send them
            change = table.rename(seat, f"Ana {number}")
            files.owe(change.saved and change.state, False)
            await asyncio.sleep(0)
        elapsed = asyncio.get_running_loop().time() - started
        assert await files.flush()
        written = files.writes
        for on in (True, False) * 500:  # pauses and the same name again change nothing saved
            for change in (table.pause(seat, on), table.rename(seat, "Ana 1999")):
                assert not change.saved
                files.owe(change.saved, False)
        assert await files.flush()
        assert files.writes == written
        return written, elapsed

    written, elapsed = run(body())
    assert 1 <= written <= elapsed / SAVE_GAP + 2  # not one write a rename
    assert read_table(path).chair(1).name == "Ana 1999"  # the latest state won


# --- private: secrets are readable by their owner only ----------------------------------------


def mode_of(path: pathlib.Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_issue39_every_file_holding_a_secret_is_0600_in_a_folder_0700(tmp_path):
    old_mask = os.umask(0o022)  # the usual one, under which files were 0644
    try:
        save, key = tmp_path / "new" / "folder" / "table.json", tmp_path / "key"
        seats = "greedy,greedy,greedy,greedy"  # a table that starts at once: saved before it listens
        with server("--game", "chiva", "--seats", seats, "--save", str(save), "--key-out", str(key)):
            assert save.exists() and key.exists()
        assert (mode_of(save), mode_of(key)) == (0o600, 0o600)
        assert mode_of(save.parent) == mode_of(save.parent.parent) == 0o700

        data = persist.data_dir()
        data.mkdir(parents=True)
        data.chmod(0o755)  # made by an earlier version, or by the statistics
        persist.save_table_seats(new_seats("guest", "chiva", "ws://127.0.0.1:8765", "7HK4PX", {3: "t" * 32}))
        assert mode_of(persist.table_seats_path()) == 0o600 and mode_of(data) == 0o700
        data.chmod(0o755)
        hosting = HostingServer.new("chiva", [Seating()] * 4, persist.hosted_table_path(), (0,), host="127.0.0.1")
        hosting.start()
        try:
            assert mode_of(data) == 0o700
            table_seats = persist.load_table_seats()
            assert table_seats is not None
        finally:
            hosting.stop(5.0)
        written = TableFiles(hosting.table, str(persist.hosted_table_path()), None)
        run(written.write_now())
        assert mode_of(persist.hosted_table_path()) == 0o600
    finally:
        os.umask(old_mask)


# --- one definition of the computer's question ------------------------------------------------


def test_issue39_a_hosted_match_replays_with_the_same_computer_decisions_as_a_local_one(tmp_path):
    record = tmp_path / "record.jsonl"
    args = ("--game", "chiva", "--seed", "33", "--seats", "ai:normal,greedy,random,remote", "--record", str(record))
    with server(*args) as table:
        person = bot(table.url, table.code, "--seat", "4", "--level", "greedy")
        try:
            assert wait_all([person], WHOLE_MATCH) == [0], person.stderr.read()
        finally:
            kill(person)
        assert table.process.wait(WAIT) == 0
    checked = replay(record)
    assert checked.returncode == 0, checked.stderr
    kept = json.loads(record.read_text())
    played = match_from_record(kept)
    local = Match(kept["game"], kept["seats"], kept["seed"])
    asked = 0
    for index in range(len(played.finished) + 1):
        if index:
            local.next_round()
        for _, step in played.replay_states(index)[1:]:
            assert step is not None and step.seat == local.round.to_act
            if local.computer_to_act:  # the hosted computer decided as this match's computer does
                assert local.computer_decision() == step.decision
                asked += 1
            local.push(step.decision)
    assert asked > 0 and local.round.is_over


# --- tests stay on this machine ---------------------------------------------------------------


@pytest.mark.parametrize(
    "leave",
    [
        lambda s: s.bind(("0.0.0.0", 0)),  # refused: every network, as the lobby listened before
        lambda s: s.bind(("", 8765)),
        lambda s: s.connect(("192.0.2.1", 9)),
    ],
    ids=["bind_wildcard", "bind_wildcard_port", "connect_off_machine"],
)
def test_issue39_a_test_that_binds_or_connects_beyond_loopback_is_refused_and_logged(leave, monkeypatch, tmp_path):
    log = tmp_path / "guard.log"
    monkeypatch.setenv(loopback_guard.LOG_VARIABLE, str(log))
    with socket.socket() as sock, pytest.raises(loopback_guard.LeftLoopback):
        leave(sock)
    assert log.read_text(encoding="utf-8")  # the test's fixture would fail it
    log.unlink()  # this test meant it


def test_issue39_multicast_beyond_loopback_is_refused_and_loopbacks_is_allowed(monkeypatch, tmp_path):
    monkeypatch.setenv(loopback_guard.LOG_VARIABLE, str(tmp_path / "guard.log"))
    group = socket.inet_aton("224.0.0.251")
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        with pytest.raises(loopback_guard.LeftLoopback):
            sock.bind(("", loopback_guard.MDNS_PORT))  # every address: what a real network sends too
        with pytest.raises(loopback_guard.LeftLoopback):
            sock.bind(("224.0.0.251", loopback_guard.MDNS_PORT))  # the group, but every member's traffic
        sock.setsockopt(socket.IPPROTO_IP, loopback_guard.IP_MULTICAST_ALL, 0)
        sock.bind(("224.0.0.251", 0))  # the group, only as this socket joins it (a port of its own: no clash)
        with pytest.raises(loopback_guard.LeftLoopback):
            sock.setsockopt(socket.IPPROTO_IP, socket.IP_ADD_MEMBERSHIP, group + socket.inet_aton("0.0.0.0"))
        with pytest.raises(loopback_guard.LeftLoopback):
            sock.sendto(b"query", ("224.0.0.251", loopback_guard.MDNS_PORT))  # no interface chosen: every one
        sock.setsockopt(socket.IPPROTO_IP, socket.IP_ADD_MEMBERSHIP, group + socket.inet_aton("127.0.0.1"))
        sock.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, socket.inet_aton("127.0.0.1"))
        sock.sendto(b"query", ("224.0.0.251", loopback_guard.MDNS_PORT))
    (tmp_path / "guard.log").unlink()


def test_issue39_a_process_a_test_starts_is_guarded_too(tmp_path):
    log = tmp_path / "child.log"
    code = "import socket; socket.socket().bind(('0.0.0.0', 0))"  # refused by the guard in the child
    env = {**os.environ, loopback_guard.LOG_VARIABLE: str(log)}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=False)
    assert done.returncode != 0 and "LeftLoopback" in done.stderr
    assert "bind to 0.0.0.0:0" in log.read_text(encoding="utf-8")


def test_issue39_the_lobby_of_a_test_listens_and_announces_on_loopback_only():
    app = device.new_app("en", "Ana", "chiva")
    try:
        lobby = device.host_through_menu(app, {1: "device", 2: "computer", 3: "computer", 4: "computer"})
        hosting = lobby.hosting
        assert hosting is not None, lobby.problem
        assert app.settings.listen_on == "127.0.0.1"
        device.wait_for(app, lambda: hosting.announced, 30, "the announcement")
        with socket.socket() as probe:  # the table is not reachable at this machine's other addresses
            probe.settimeout(5)
            probe.connect(("127.0.0.1", hosting.port))
    finally:
        app.close()


@pytest.mark.slow
def test_issue39_a_window_at_the_join_screen_comes_back_after_the_host_is_killed_and_restarted(tmp_path):
    key, save = tmp_path / "key", tmp_path / "table.json"
    args = ("--game", "chiva", "--seed", "6", "--seats", "remote,greedy,greedy,greedy", "--save", str(save))
    with restartable(*args, "--key-out", str(key)) as host:
        address = host.url.removeprefix("ws://")
        options = ("--address", address, "--code", host.code, "--seat", "1", "--patience", "0.2")
        window = headless("join", tmp_path, *options)
        try:

            async def watch(found) -> None:
                async with Device(host.url, host.code, host_key=key.read_text().strip()) as watcher:
                    await watcher.state(found)

            run(watch(lambda s: any(isinstance(e, Acted) and e.seat == 1 for e in s.events)))  # it plays
            window.send_signal(signal.SIGSTOP)  # stopped for longer than its patience: the old client gave up
            try:
                host.kill()
                host.restart()
            finally:
                window.send_signal(signal.SIGCONT)
            run(watch(chair_reconnecting(1, False)))  # it came back to the restarted host
            result = finished(tmp_path, window)
        finally:
            kill(window)
        assert host.running.process.wait(WAIT) == 0
    assert result["seat"] == 1 and result["decisions"] > 0
