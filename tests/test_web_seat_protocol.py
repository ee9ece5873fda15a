"""Issue 42, the protocol's side of the web seat: watchers see the public view only (every
frame of whole matches of each game checked, and the checker shown to catch a leak), the
host turns them off or caps them, and a hint asked of the server is the very hint a device
works out itself from the same view."""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from collections.abc import Iterator

import msgspec
import pytest
from online_helpers import WAIT
from web_helpers import watcher_leaks
from websockets.sync.client import connect

from game.core import player
from game.core.thinking import Question
from game.registry import game_named
from online.protocol import PROTOCOL, Finished, State, encode, server_decoder
from online.server import Slot, TableServer
from online.table import HostedTable, Seating

GREEDY = Seating(player.GREEDY)


def _watched_match(game: str, seed: int, deals: int | None) -> tuple[list[str], dict]:
    """Every frame a watcher gets through a whole match of four greedy computers, and its record."""
    table = HostedTable(game, [GREEDY] * 4, seed, deals)
    frames = [encode(table.watch_state()).decode()]
    change = table.start()
    while True:
        frames.append(encode(table.watch_state(change.events)).decode())
        frames += [encode(table.finished_rounds()[index]).decode() for index in change.finished]
        if table.is_over:
            break
        moved = table.advance()
        if moved is not None:
            change = moved
            continue
        turn = table.computer_turn()
        assert turn is not None
        position, question = turn
        decided = table.computer_decided(position, question.answer())
        assert decided is not None
        change = decided
    record = table.record()
    assert record is not None
    return frames, record


@pytest.mark.parametrize(("game", "seed", "deals"), [("chiva", 14, None), ("dekabes", 304, 1), ("tiengow", 14, 2)])
def test_issue42_a_watcher_sees_no_hand_and_no_face_down_tile_and_the_checker_catches_a_leak(game, seed, deals):
    frames, record = _watched_match(game, seed, deals)
    assert watcher_leaks(frames, record) == []
    states = [n for n, text in enumerate(frames) if '"type":"state"' in text and '"phase":"playing"' in text]
    assert states
    middle = states[len(states) // 2]
    frame = server_decoder.decode(frames[middle])
    assert isinstance(frame, State) and frame.view is not None
    round_record = record["rounds"][frame.view.round_number - 1]
    hidden = round_record["hands"][1][-1]
    doctored = msgspec.structs.replace(frame, view=msgspec.structs.replace(frame.view, hand=(hidden,)))
    leaky = [*frames[:middle], encode(doctored).decode(), *frames[middle + 1 :]]
    assert watcher_leaks(leaky, record), "the checker missed a hand shown to a watcher"
    reveals = [server_decoder.decode(text) for text in frames if '"revealed_hands":[[' in text]
    assert reveals, "the round's end shows the hands to the watcher as to every seat"
    assert any(isinstance(server_decoder.decode(text), Finished) for text in frames)


def test_issue42_a_watcher_never_sees_a_face_down_tien_gow_play_before_the_deal_ends():
    frames, record = _watched_match("tiengow", 14, 2)
    down = [p for r in record["rounds"] for t in r["tricks"] for p in t["plays"] if p["face_down"]]
    assert down, "the match had face-down plays to hide"
    for text in frames:
        frame = server_decoder.decode(text)
        if isinstance(frame, State) and frame.view is not None and frame.view.result is None:
            plays = [*frame.view.current, *(p for t in frame.view.tricks for p in t.plays)]
            assert all(p.tiles is None for p in plays if p.face_down)


@contextlib.contextmanager
def _hosted(table: HostedTable, **options: int) -> Iterator[str]:
    """``table`` served on loopback on a thread of its own (``TableServer`` options); its URL."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    tables = TableServer([Slot(table)], web=False, **options)
    server = asyncio.run_coroutine_threadsafe(tables.start("127.0.0.1", 0), loop).result(WAIT)
    try:
        yield f"ws://127.0.0.1:{server.sockets[0].getsockname()[1]}"
    finally:

        async def stop() -> None:
            server.close()
            tables.close()

        asyncio.run_coroutine_threadsafe(stop(), loop).result(WAIT)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(WAIT)


def _watch(url: str, code: str) -> list[dict]:
    """What a watch is answered before the first state (or its refusal)."""
    with connect(url) as ws:
        ws.send(json.dumps({"type": "watch", "protocol": PROTOCOL, "code": code}))
        got = []
        while not got or got[-1]["type"] not in ("state", "refused"):
            got.append(json.loads(ws.recv(WAIT)))
        return got


def test_issue42_watchers_are_refused_when_the_host_takes_none():
    table = HostedTable("chiva", [Seating()] + [GREEDY] * 3, seed=5)
    with _hosted(table, watchers=0) as url:
        [refused] = _watch(url, table.code)
    assert (refused["type"], refused["code"]) == ("refused", "watchers_off")


def test_issue42_watchers_beyond_the_cap_are_refused_and_a_watcher_cannot_decide():
    table = HostedTable("chiva", [Seating()] + [GREEDY] * 3, seed=5)
    with _hosted(table, watchers=1) as url, connect(url) as first:
        first.send(json.dumps({"type": "watch", "protocol": PROTOCOL, "code": table.code}))
        welcome = json.loads(first.recv(WAIT))
        assert welcome["type"] == "welcome" and welcome["seat"] is None and welcome["token"] is None
        assert json.loads(first.recv(WAIT))["type"] == "state"
        [refused] = _watch(url, table.code)
        assert (refused["type"], refused["code"], refused["params"]) == ("refused", "watchers_full", {"count": 1})
        first.send(json.dumps({"type": "ask_hint"}))
        assert json.loads(first.recv(WAIT))["code"] == "no_seat"
        first.send(json.dumps({"type": "decide", "position": 1, "decision": {"seat": 1, "pass": True}}))
        assert json.loads(first.recv(WAIT))["code"] == "no_seat"


@pytest.mark.parametrize(("game", "deals"), [("chiva", None), ("tiengow", 1)])
def test_issue42_the_servers_hint_is_the_hint_a_device_works_out_from_the_same_view(game, deals):
    table = HostedTable(game, [Seating()] + [GREEDY] * 3, seed=5, deals=deals)
    spec = game_named(game, deals)
    with _hosted(table) as url, connect(url) as ws:
        ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL, "code": table.code, "seat": 1, "name": "Web"}))
        while True:
            frame = server_decoder.decode(ws.recv(WAIT))
            if isinstance(frame, State) and frame.view is not None and frame.view.to_act == 1 and frame.view.legal:
                break
        ws.send(json.dumps({"type": "ask_hint", "level": "normal"}))
        hint = json.loads(ws.recv(WAIT))
    view = spec.view_from_wire(frame.view)
    expected = Question("hint", view, "normal", ("advice", view.round_number, frame.position)).answer()
    assert hint["type"] == "hint" and hint["position"] == frame.position
    assert hint["decision"] == spec.decision_to_json(1, expected.decision)
    assert (hint["reason"], hint["params"], hint["text"]) == (expected.reason, dict(expected.params), expected.text)


@pytest.mark.parametrize(("cap", "answer"), [("0", "watchers_off"), ("4", "welcome")])
def test_issue42_the_host_chooses_in_settings_how_many_may_watch_a_table_it_hosts(cap, answer):
    """Settings (menu) → Watchers at my tables; the next table hosted from the menu takes that many."""
    import headless_device as device
    from client_helpers import centre, mouse_click

    app = device.new_app("en", "Ana", "chiva")
    try:
        menu = device.scene(app)
        mouse_click(app, centre(menu.widgets["settings"]), settle=2)
        control = menu.windows.settings_panel.controls["watchers"]
        mouse_click(app, centre(control), settle=2)
        [item] = [item for item in control.current_state.options_selection_list.item_list if item["object_id"] == cap]
        mouse_click(app, item["button_element"].rect.center, settle=5)
        assert app.settings.watchers == int(cap) and app.settings.stored_values()["watchers"] == int(cap)
        mouse_click(app, centre(menu.windows.settings_panel.close_button), settle=2)
        lobby = device.host_through_menu(app, {1: "device", 2: "friend", 3: "computer", 4: "computer"})
        first = _watch(lobby.hosting.url, lobby.hosting.code)[0]
        if answer == "welcome":
            assert first["type"] == "welcome" and first["seat"] is None, first
        else:
            assert (first["type"], first["code"]) == ("refused", answer), first
    finally:
        app.close()
