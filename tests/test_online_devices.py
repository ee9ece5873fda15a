"""Play across devices from the menus (issue 26): a device hosts a table from its lobby and
others join it from theirs, each a real client driven headless by real pygame events (one
display per process: one device in the test's own process, the others as
``tests/headless_device.py`` subprocesses or bots), over real sockets on loopback. Whole
matches end with the record replaying; a host killed with SIGKILL continues its table from
the menu and the guest comes back by itself; a guest that leaves comes back with Continue;
the lobby's seats follow the host's clicks; the join screen says what is wrong and changes
nothing; a damaged seats file is set aside."""

from __future__ import annotations

import asyncio
import contextlib
import json
import pathlib
import random
import signal
import socket
import subprocess
import threading

import headless_device as device
import msgspec
import pygame
import pytest
from hostile import hostile_contents
from hypothesis import given, settings
from hypothesis import strategies as st
from online_helpers import WAIT, WHOLE_MATCH, Device, bot, finished, first_line, headless, kill, replay, run, server
from storm import storm
from websockets.sync.client import connect
from websockets.sync.server import serve

from game.blocks.moves import Play
from game.core.match import Match
from game.core.phases import Phase
from game.core.record import dumps, match_from_record, match_to_record
from game.core.savegame import match_from_save
from game.core.session import Acted
from game.core.session import Refused as RefusedEvent
from game.core.spec import view_from_json, view_to_json
from game.core.tiles import Tile
from game.registry import game_named
from online.bot import Bot
from online.client import Connection, LookFailed, device_loop, look, url_of
from online.codes import spaced
from online.protocol import (
    CLOSE_FREED,
    PROTOCOL,
    Chair,
    Finished,
    Refused,
    Said,
    State,
    Welcome,
    encode,
    server_decoder,
)
from online.remote_session import RemoteSession
from online.seat_group import SeatGroup
from online.seats_file import new_seats, seats_to_text
from online.table import HostedTable, Seating
from scenes.screens import join as join_screen
from scenes.screens import lobby as lobby_screen
from scenes.screens.join import JoinScene, Stage
from scenes.screens.lobby import LobbyScene
from scenes.screens.menu import MenuScene
from scenes.screens.review import ReviewScene
from scenes.screens.summary import SummaryScene
from scenes.services import persist


def replays(saved_match: pathlib.Path, tmp_path: pathlib.Path) -> None:
    """The finished match kept on a device, written as a record, passes ``game.cli replay``."""
    match = match_from_save(json.loads(saved_match.read_text(encoding="utf-8")))
    assert match.phase is Phase.MATCH_OVER
    record = tmp_path / "kept.jsonl"
    record.write_text(dumps(match_to_record(match)) + "\n", encoding="utf-8")
    done = replay(record)
    assert done.returncode == 0, done.stderr


@pytest.mark.slow
def test_issue26_two_headless_devices_host_and_join_from_the_menus_and_play_a_whole_dekabes_match(tmp_path):
    app = device.new_app("en", "Ana", "dekabes")
    guest_base = tmp_path / "guest"
    guest = None
    try:
        lobby = device.host_through_menu(app, {1: "device", 2: "computer", 3: "friend", 4: "computer"})
        assert lobby.hosting is not None
        address, code = f"127.0.0.1:{lobby.hosting.port}", spaced(lobby.hosting.code).lower()
        guest = headless("join", guest_base, "--address", address, "--code", code, "--seat", "3", "--lang", "fr")
        device.wait_for(app, lambda: lobby.chairs[2].kind == "person", 60, "the guest at seat 3")
        assert lobby.chairs[2].name == "Guest"
        device.click(app, lobby.widgets["start"])
        device.wait_for(app, lambda: isinstance(device.scene(app), device.TableScene), 60, "the table")
        table = device.scene(app)
        assert isinstance(table.mode, device.SharedTable) and table.mode.group.local_seats == (1,)
        assert table.board.plate_for(3).name == "Guest"  # the guest's name on its plate
        seen = device.play_match(app, WHOLE_MATCH)
        result = finished(guest_base, guest)
        device.wait_for(app, lambda: isinstance(device.scene(app), SummaryScene), 30, "the match's summary")
        summary = device.scene(app)
        device.click(app, summary.buttons["review"], settle=3)
        review = device.scene(app)
        assert isinstance(review, ReviewScene)  # the last round with every hand, as locally
        assert review.match.phase is Phase.MATCH_OVER and review.match.seats[2] == "human"
    finally:
        if guest is not None:
            kill(guest)
        app.close()
    assert seen["decisions"] > 0 and result["decisions"] > 0
    assert result["seat"] == 3 and result["last_match"] is True
    assert not persist.table_seats_path().exists() and not persist.hosted_table_path().exists()
    replays(persist.finished_path(), tmp_path)  # the host's Last match
    replays(guest_base / "xdg_data_home" / "domino-table" / "finished.json", tmp_path)


@pytest.mark.slow
def test_issue26_a_host_killed_with_sigkill_continues_its_table_from_the_menu_and_the_guest_comes_back(tmp_path):
    base = tmp_path / "host"
    with socket.socket() as probe:  # a port of its own: no other test's table takes it while the host is down
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    seats = "device,computer,friend,computer"
    host = headless("host", base, "--game", "dekabes", "--seats", seats, "--port", str(port))
    started: list[subprocess.Popen] = [host]

    async def body() -> dict:
        line = ""
        while not line.startswith("{"):  # the address, once the lobby is open
            line = await asyncio.to_thread(first_line, host, WHOLE_MATCH)
        table = json.loads(line)
        guest = Bot(Connection(f"ws://127.0.0.1:{table['port']}", table["code"], "Guest", 3, patience=120.0))
        guest.think = 0.02
        going = asyncio.Event()
        guest.on_state = lambda s: s.position >= 12 and going.set()
        playing = asyncio.get_running_loop().create_task(guest.run())
        await asyncio.wait_for(going.wait(), WHOLE_MATCH)
        host.send_signal(signal.SIGKILL)
        await asyncio.to_thread(host.wait, 10)
        started.append(headless("continue", base))
        result = await asyncio.to_thread(finished, base, started[-1])
        assert await asyncio.wait_for(playing, WAIT) == 0
        return result

    try:
        result = run(body(), 3 * WHOLE_MATCH)
    finally:
        for process in started:
            kill(process)
    assert result["last_match"] is True and result["seat"] == 1
    replays(base / "xdg_data_home" / "domino-table" / "finished.json", tmp_path)


@pytest.mark.slow
def test_issue26_a_guest_that_leaves_mid_match_comes_back_with_continue_and_the_record_replays(tmp_path):
    record = tmp_path / "match.jsonl"
    with server("--game", "dekabes", "--seats", "remote,ai:easy,remote,greedy", "--record", str(record)) as running:
        owner = bot(running.url, running.code, "--seat", "1", "--patience", "120")
        app = device.new_app("en", "Bea", "dekabes")
        try:
            host, port = running.url.removeprefix("ws://").split(":")
            device.join_through_menu(app, f"{host}:{port}", running.code, 3)
            device.wait_for(app, lambda: isinstance(device.scene(app), device.TableScene), 60, "the table")
            seen = {"decisions": 0, "answers": 0}
            while seen["decisions"] < 3:
                device.play_step(app, seen)
            table = device.scene(app)
            device.click(app, table.buttons["menu"])  # Menu asks first; its OK leaves the table
            device.click(app, table.dialog.buttons["ok"], settle=3)
            assert isinstance(device.scene(app), MenuScene)
            kept = persist.load_table_seats()
            assert kept is not None and not kept.hosting and 3 in kept.seats
            device.open_friends(app, "back")
            device.wait_for(app, lambda: isinstance(device.scene(app), device.TableScene), 60, "back at the table")
            assert device.scene(app).mode.group.seat == 3
            device.play_match(app, WHOLE_MATCH)
            assert owner.wait(60) == 0
            assert running.process.wait(60) == 0
        finally:
            kill(owner)
            app.close()
    assert not persist.table_seats_path().exists()
    done = replay(record)
    assert done.returncode == 0, done.stderr


def test_issue26_the_lobby_seats_follow_the_hosts_choices_and_start_waits_for_every_seat(tmp_path):
    app = device.new_app("en", "Ana", "chiva")
    try:
        lobby = device.host_through_menu(app, {1: "device", 2: "friend", 3: "computer", 4: "computer"})
        device.wait_for(app, lambda: lobby.chairs[1].kind == "open", 10, "seat 2 open")
        assert not lobby.widgets["start"].is_enabled and "seat 2" in lobby.blocker()
        assert lobby.chairs[0].name == "Ana" and lobby.chairs[2].kind == "computer"

        async def friend() -> int | None:
            async with Device(lobby.hosting.url, lobby.hosting.code, seat=2, name="Cy") as cy:
                await cy.state(lambda s: s.chairs[1].kind == "person")
                return await cy.gone()  # once the host gives the seat away

        found: list[int | None] = []
        worker = threading.Thread(target=lambda: found.append(run(friend(), 30)), daemon=True)
        worker.start()
        device.wait_for(app, lambda: lobby.chairs[1].kind == "person", 30, "the friend at seat 2")
        assert lobby.chairs[1].name == "Cy"
        device.click(app, lobby.widgets["seat2:computer"], settle=3)
        device.wait_for(app, lambda: lobby.chairs[1].kind == "computer" and not worker.is_alive(), 30)
        assert found == [CLOSE_FREED]  # the friend was told the seat is given away
        device.click(app, lobby.widgets["seat3:device"], settle=3)
        device.wait_for(app, lambda: set(lobby.mine) == {1, 3} and not lobby.blocker(), 10, "both seats here")
        device.frames(app)
        assert lobby.widgets["start"].is_enabled
        device.click(app, lobby.widgets["seat1:friend"], settle=3)
        device.wait_for(app, lambda: lobby.chairs[0].kind == "open" and set(lobby.mine) == {3}, 10, "seat 1 open")
        assert not lobby.widgets["start"].is_enabled
        device.click(app, lobby.widgets["back"], settle=3)
        assert isinstance(device.scene(app), MenuScene)
        assert not persist.table_seats_path().exists()
        device.wait_for(app, lambda: not lobby.hosting.running, 10, "the table server stopped")
    finally:
        app.close()


@pytest.mark.parametrize(
    "address, code, expected",
    [
        ("", "12", "join.bad_code"),
        ("not an address!", "7HK4PX", "join.bad_address"),
        ("127.0.0.1:{closed}", "7HK4PX", "join.failed.unreachable"),
        ("{here}", "7HK4PX", "join.failed.wrong_code"),
    ],
)
def test_issue26_the_join_screen_says_what_is_wrong_and_changes_nothing(address, code, expected):
    with server("--game", "chiva", "--seats", "remote,greedy,greedy,greedy") as running:
        app = device.new_app("en", "Bea")
        try:
            device.open_friends(app, "join")
            join = device.scene(app)
            assert isinstance(join, JoinScene)
            here = running.url.removeprefix("ws://")
            typed = address.format(here=here, closed=_closed_port())
            device.type_into(app, join.widgets["address"], typed)
            device.type_into(app, join.widgets["code"], code)
            device.click(app, join.widgets["look"])
            device.wait_for(app, lambda: join.stage is Stage.FORM and join.message, 30, "the answer")
            assert join.message == app.tr(expected)
            assert join.session is None and not persist.table_seats_path().exists()
            assert join.typed["address"] == typed  # what was typed stays, to be mended
        finally:
            app.close()


def _closed_port() -> int:
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    return port


def test_issue26_a_look_at_a_table_gives_its_chairs_and_a_wrong_code_or_version_is_refused():
    with server("--game", "tiengow", "--seats", "remote,ai:hard,remote,greedy") as running:
        seats = asyncio.run(look(running.url, running.code.lower()))
        assert seats.game == "tiengow" and not seats.started
        assert [c.kind for c in seats.chairs] == ["open", "computer", "open", "computer"]
        assert [c.level for c in seats.chairs] == ["", "hard", "", "greedy"]
        with pytest.raises(LookFailed) as wrong:
            asyncio.run(look(running.url, "7HK4PX"))
        assert wrong.value.code == "wrong_code"
        with connect(running.url) as ws:  # a device of another version
            ws.send(json.dumps({"type": "look", "protocol": 2, "code": running.code}))
            refused = server_decoder.decode(ws.recv(10))
            assert isinstance(refused, Refused) and refused.code == "protocol"
            assert refused.params["protocol"] == PROTOCOL
        with pytest.raises(LookFailed) as unreachable:
            asyncio.run(look(f"ws://127.0.0.1:{_closed_port()}", running.code))
        assert unreachable.value.code == "unreachable"


def test_issue26_a_table_address_is_read_as_a_person_types_it():
    assert url_of("192.168.1.20") == "ws://192.168.1.20:8765"
    assert url_of(" 192.168.1.20:9000 ") == "ws://192.168.1.20:9000"
    assert url_of("ws://host.local:8765/") == "ws://host.local:8765"
    assert url_of("[::1]:8765") == "ws://[::1]:8765"
    assert url_of("fe80::1") == "ws://[fe80::1]:8765"
    for bad in ("", "not an address", "host:0", "host:99999", "host:port", "-host", "a/b:1", "[::1]x", "[]"):
        with pytest.raises(ValueError):
            url_of(bad)


VALID_SEATS = json.loads(
    seats_to_text(new_seats("guest", "chiva", "ws://127.0.0.1:8765", "7HK4PX", {3: "t" * 32}, "Bea"))
)


@settings(max_examples=60)
@given(contents=hostile_contents(VALID_SEATS))
def test_issue26_a_damaged_seats_file_is_set_aside_with_a_message_and_the_menu_goes_on(contents):
    path = persist.table_seats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    for old in path.parent.glob("table_seats*"):
        old.unlink()
    path.write_bytes(contents)
    try:
        seats = persist.load_table_seats()
    except persist.SaveUnreadable as error:
        assert error.problem.kept is not None and error.problem.kept.exists()
        assert not path.exists()
        return
    assert seats is not None and seats.code == "7HK4PX"  # a mutation that is still a valid file


def test_issue26_the_menus_play_with_friends_offers_the_table_this_device_sits_at():
    persist.save_table_seats(new_seats("guest", "dekabes", "ws://127.0.0.1:1", "7HK4PX", {2: "t" * 32}, "Bea"))
    app = device.new_app("en", "Bea")
    try:
        menu = device.scene(app)
        device.click(app, menu.widgets["friends"])
        names = list(menu.windows.dialog.buttons)
        assert names == ["back", "host", "join", "cancel"]
        assert "7HK 4PX" in menu.windows.dialog.buttons["back"].text
        device.key(app, pygame.K_ESCAPE, 2)  # Esc is Cancel
        assert menu.windows.dialog is None and isinstance(device.scene(app), MenuScene)
        persist.table_seats_path().write_text("{broken", encoding="utf-8")
        device.click(app, menu.widgets["friends"])
        assert "could not be read" in menu.error and menu.windows.dialog is not None
        assert list(menu.windows.dialog.buttons) == ["host", "join", "cancel"]
    finally:
        app.close()


def test_issue26_a_joiners_continue_to_a_table_that_is_gone_says_so_and_forgets_it(monkeypatch):
    monkeypatch.setattr(join_screen, "PATIENCE", 3.0)  # the table does not come back in this test; long enough
    # that the screen is still trying when first looked at, even on a loaded machine
    persist.save_table_seats(
        new_seats("guest", "chiva", f"ws://127.0.0.1:{_closed_port()}", "7HK4PX", {2: "t" * 32}, "Bea")
    )
    app = device.new_app("en", "Bea")
    try:
        device.open_friends(app, "back")
        join = device.scene(app)
        assert isinstance(join, JoinScene) and join.stage is Stage.JOINED
        assert join.session is not None
        device.wait_for(app, lambda: join.stage is Stage.FORM, 30, "the seat given up")
        assert not persist.table_seats_path().exists()
        assert join.typed["code"] == "7HK4PX"
    finally:
        app.close()


def test_issue26_a_host_whose_port_is_taken_hosts_on_another_and_says_where(monkeypatch):
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))  # the lobby of a test listens on loopback
    taken.listen()
    port = taken.getsockname()[1]
    monkeypatch.setattr(lobby_screen, "DEFAULT_PORT", port)  # the port a table is first hosted on
    app = device.new_app("en", "Ana", "chiva")
    try:
        lobby = device.host_through_menu(app, {1: "device"})
        assert isinstance(lobby, LobbyScene) and lobby.hosting is not None
        assert lobby.hosting.port not in (0, port)
        assert lobby.hosting.address.endswith(f":{lobby.hosting.port}")
    finally:
        taken.close()
        app.close()


def test_issue26_the_host_lets_the_computer_play_an_away_seat_and_gives_it_back_when_its_device_returns():
    app = device.new_app("en", "Ana", "dekabes")
    try:
        lobby = device.host_through_menu(app, {1: "device", 2: "computer", 3: "friend", 4: "computer"})
        url, code = lobby.hosting.url, lobby.hosting.code
        tokens: list[str] = []

        async def sits_then_leaves() -> None:
            async with Device(url, code, seat=3, name="Cy") as cy:
                welcome = await cy.until(lambda m: isinstance(m, Welcome))
                tokens.append(welcome.token)
                await cy.state(lambda s: s.started)

        first = threading.Thread(target=lambda: run(sits_then_leaves(), 60), daemon=True)
        first.start()
        device.wait_for(app, lambda: not lobby.blocker() and lobby.widgets["start"].is_enabled, 30, "Cy seated")
        device.click(app, lobby.widgets["start"])
        device.wait_for(app, lambda: isinstance(device.scene(app), device.TableScene), 30, "the table")
        table = device.scene(app)
        device.wait_for(app, lambda: not first.is_alive() and table.dialog is not None, 30, "the offer")
        assert table.plates.notes[3] == app.tr("online.plate.away")
        device.click(app, table.dialog.buttons["computer"], settle=3)
        group = table.mode.group
        device.wait_for(app, lambda: group.chairs[2].handed_over, 10, "the computer at seat 3")
        device.frames(app, 2)
        assert table.plates.notes[3] == app.tr("online.plate.computer")

        release = threading.Event()
        said: list[Said] = []

        async def comes_back() -> None:
            async with Device(url, code, token=tokens[0]) as cy:
                await cy.state(lambda s: not s.chairs[2].handed_over and not s.chairs[2].reconnecting)
                said.append(await cy.until(lambda m: isinstance(m, Said)))
                await asyncio.to_thread(release.wait)  # stays until the test has looked

        again = threading.Thread(target=lambda: run(comes_back(), 60), daemon=True)
        again.start()
        try:
            device.wait_for(app, lambda: not group.chairs[2].handed_over, 30, "the seat given back")
            assert not group.chairs[2].reconnecting and table.mode.away == set()
            assert table.plates.notes[3] == ""
            device.click(app, table.buttons["say"])  # a quick message to the table
            device.click(app, table.dialog.buttons["well_played"], settle=3)
            device.wait_for(app, lambda: said, 10, "the message at the other device")
            assert said == [Said(1, "well_played")]
        finally:
            release.set()
    finally:
        app.close()


STORM_EVENTS = 3000
TYPED = "abc 7HK4PX:8765./-ü€\u200b%{}"


def open_online(app, kind: str) -> None:
    """The lobby of a new table, the join screen, or a hosted table this device plays (its
    seat and three computers), from the menu's own routes."""
    if kind == "join":
        app.show("join")
        device.frames(app, 2)
        return
    lobby = app.show("lobby", game="dekabes")
    device.frames(app, 2)
    if kind == "table":
        for seat in (2, 3, 4):
            lobby.choose(seat, "computer")
        device.wait_for(app, lambda: not lobby.blocker() and lobby.widgets["start"].is_enabled, 30, "the seats")
        device.click(app, lobby.widgets["start"])
        device.wait_for(app, lambda: isinstance(device.scene(app), device.TableScene), 30, "the table")


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["lobby", "join", "table"])
def test_issue26_a_storm_of_random_input_on_the_lobby_join_screen_and_a_hosted_table_crashes_nothing(kind):
    app = device.new_app("en", "Ana", "dekabes")
    rng = random.Random(f"online/{kind}")
    bursts = storm(rng, app.ui.get_sprite_group())
    open_online(app, kind)
    wanted = type(device.scene(app))
    opened, sent = 1, 0
    try:
        while sent < STORM_EVENTS:
            scene = device.scene(app)
            if type(scene) is not wanted and isinstance(scene, (MenuScene, LobbyScene, JoinScene, device.TableScene)):
                scene.close()  # the storm left for the menu or another screen: start again
                opened += 1
                open_online(app, kind)
            for _ in range(rng.randint(1, 12)):
                events = next(bursts)
                if rng.random() < 0.1:
                    events = [pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(TYPED))]
                for event in events:
                    pygame.event.post(event)
                    sent += 1
            device.frames(app)
            app.manager.running = True  # Quit on the menu would end the game: play on
        pygame.display.set_mode((1280, 720), pygame.RESIZABLE)
        device.frames(app, 3)
        assert not app.manager.too_small
        table = device.scene(app)
        if (
            isinstance(table, device.TableScene)
            and isinstance(table.mode, device.SharedTable)
            and table.mode.group.server
        ):
            match = table.mode.group.server.table.match
            assert match is not None and match_from_record(match_to_record(match)).view_for(1) == match.view_for(1)
    finally:
        scene = device.scene(app)
        if scene is not None:
            scene.close()
        app.close()
    assert opened >= 1


VALID_HOSTED = HostedTable("chiva", [Seating() for _ in range(4)], code="7HK4PX", autostart=False).to_save()
HOST_SEATS = new_seats("host", "chiva", "ws://127.0.0.1:8765", "7HK4PX", {1: "t" * 32}, "Ana", 0, "k" * 32)
_apps: list = []


@settings(max_examples=25)
@given(contents=hostile_contents(VALID_HOSTED) | st.just(b""))
def test_issue26_a_damaged_hosted_table_save_is_set_aside_with_a_message_and_nothing_crashes(contents):
    if not _apps:
        _apps.append(device.new_app("en", "Ana", "chiva"))
    app = _apps[0]
    folder = persist.hosted_table_path().parent
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("hosted_table*"):
        old.unlink()
    persist.hosted_table_path().write_bytes(contents)
    persist.save_table_seats(HOST_SEATS)
    lobby = app.show("lobby", game="chiva", reopen=HOST_SEATS)
    device.frames(app, 2)
    try:
        if lobby.hosting is None:  # refused: said, set aside, and this device sits at no table
            assert lobby.problem and not persist.table_seats_path().exists()
            assert not persist.hosted_table_path().exists()
            assert contents == b"" or list(folder.glob("hosted_table.unreadable-*"))
        else:  # a mutation that is still a table: it opens
            assert lobby.hosting.code == "7HK4PX"
    finally:
        lobby.close()
        app.show("menu")
        device.frames(app, 1)


def test_issue26_a_table_that_sends_what_no_table_may_is_refused_by_the_device_and_changes_nothing():
    """A server (here a fake one on loopback) sending frames of the protocol's shape but not of
    a table: the device's session says so as a refusal, keeps what it had, and never raises."""
    spec = game_named("chiva")
    good_view = view_to_json(spec, Match("chiva", ("greedy", "human", "greedy", "greedy"), 4).view_for(2))
    chairs = [Chair(1, "computer", level="greedy"), Chair(2, "person"), *(Chair(n, "computer") for n in (3, 4))]
    base = State(1, True, chairs, good_view, [], [], None, [], False)

    def state(**changes) -> State:
        return msgspec.structs.replace(base, **changes)

    frames = [
        Welcome(PROTOCOL, "7HK4PX", "checkers", 2, "t" * 32, False, chairs),  # no such game
        Welcome(PROTOCOL, "7HK4PX", "chiva", 2, "t" * 32, False, chairs),
        state(view={"garbage": 1}),  # refused by the decoder (issue 41): never reaches the session
        state(chairs=chairs[:3]),
        state(events=[{"type": "nope"}]),  # refused by the decoder (issue 41): never reaches the session
        state(events=[{"type": "acted", "seat": 3, "decision": {"seat": 1, "tile": "6-6", "end": "left"}}]),
        Finished(0, {"not": "a round"}),
        state(),
    ]

    def handler(ws) -> None:
        ws.recv(5)  # the hello
        for frame in frames:
            ws.send(encode(frame).decode())
        with contextlib.suppress(Exception):
            ws.recv(10)

    with serve(handler, "127.0.0.1", 0) as fake:
        threading.Thread(target=fake.serve_forever, daemon=True).start()
        url = f"ws://127.0.0.1:{fake.socket.getsockname()[1]}"
        session = RemoteSession.join(url, "7HK4PX", "Bea", 2, patience=1.0)
        events = []
        while True:
            seen = device_loop().arrivals
            session.poll()
            events += session.events()
            if session.has_view and len(events) >= 3:
                break
            assert device_loop().wait_arrival(seen, WAIT) > seen, events
        session.close()
        fake.shutdown()
    refused = [e for e in events if isinstance(e, RefusedEvent)]
    assert [e.code for e in refused] == ["unreadable_table"] * 3
    assert session.game == "chiva" and session.seat == 2
    assert session.view() == view_from_json(spec, good_view)  # only the good state was taken
    assert SeatGroup([session]).finished_match is None  # a round that does not replay is not shown


@pytest.mark.slow
def test_issue26_a_table_announced_on_the_network_is_listed_by_the_join_screen_and_taken_by_a_tap(monkeypatch):
    args = (
        "--game",
        "tiengow",
        "--host",
        "127.0.0.1",
        "--announce",
        "Kitchen table",
        "--seats",
        "remote,ai:easy,remote,greedy",
    )
    with server(*args) as running:
        app = device.new_app("en", "Bea")
        try:
            device.open_friends(app, "join")
            join = device.scene(app)

            def ours() -> str | None:  # other tests' tables may be announced on loopback too
                found = [n for n, w in join.widgets.items() if n.startswith("found:") and "Kitchen table" in w.text]
                return found[0] if found else None

            device.wait_for(app, lambda: ours() is not None, 30, "the table on the network")
            listed = join.widgets[ours()]
            assert "Tien Gow" in listed.text and "2 seats free" in listed.text
            device.click(app, listed)
            assert join.typed["address"] == running.url.removeprefix("ws://")
            device.type_into(app, join.widgets["code"], running.code)
            device.key(app, pygame.K_RETURN, 3)  # Enter in the code field looks
            device.wait_for(app, lambda: join.stage is Stage.SEATS, 30, "the seats")
            assert {n for n in join.widgets if n.startswith("sit:")} == {"sit:1", "sit:3"}
        finally:
            app.close()


def test_issue26_a_play_the_view_is_already_past_flies_nowhere_and_breaks_nothing():
    """At a shared table a poll may bring a round's last play with the next round's view (every
    person's seat played by the computer): the play's tile is on no line the board shows."""
    app = device.new_app("en", "Ana", "chiva")
    try:
        app.settings.speed = "normal"
        table = app.show("table", match=Match("chiva", ("human", "greedy", "greedy", "greedy"), 3))
        device.frames(app, 2)
        assert not table.board.view.line
        table.board.animate(Acted(2, Play(Tile.from_str("6-6"), "left")))
        assert table.board.flight is None
        device.frames(app, 2)
    finally:
        app.close()
