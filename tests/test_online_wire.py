"""No peeking on the wire: every frame a seat's device receives before a round ends holds no
tile of another hand (nor another seat's face-down play), and no frame holds the deal seed
before the match is over. The checker is shown to catch a deliberate leak (issue 26). A
watcher (issue 42) is sent no hand and no face-down tile before a round's end (its checker is
shown to catch a leak in ``test_web_seat_protocol``; the web seat's pages are checked in
``test_web_seat_browser``)."""

from __future__ import annotations

import asyncio
import json

import msgspec
import pytest
from online_helpers import ENDED, leaks, plain_view, run, server
from web_helpers import watcher_leaks
from websockets.asyncio.client import connect

from game.core.player import GREEDY
from online.bot import Bot
from online.client import Connection
from online.protocol import PROTOCOL, Finished, State


async def _play(url: str, code: str) -> list[Bot]:
    players = [Bot(Connection(url, code, f"P{n}", patience=10.0), GREEDY) for n in range(4)]
    for player in players:
        player.keep_frames = True
    codes = await asyncio.gather(*(player.run() for player in players))
    assert codes == [0, 0, 0, 0]
    return players


@pytest.mark.parametrize(("game", "extra"), [("chiva", []), ("dekabes", []), ("tiengow", ["--deals", "2"])])
def test_no_frame_shows_a_seat_what_it_may_not_see_and_the_checker_catches_a_leak(game, extra):
    with server("--game", game, "--seed", "14", *extra) as table:
        players = run(_play(table.url, table.code))
    for player in players:
        seat = player.connection.seat
        assert player.record is not None
        assert leaks(seat, player.frames, player.record) == []
        states = [
            n for n, f in enumerate(player.frames) if isinstance(f, State) and f.view and f.view.phase not in ENDED
        ]
        assert states
        for doctored in _deliberate_leaks(seat, player.frames, player.record, states):
            assert leaks(seat, doctored, player.record), "the checker missed a deliberate leak"


def _deliberate_leaks(seat: int, frames: list, record: dict, states: list[int]):
    """The same frames with one leak put in: another hand's tile, a face-down play shown, the seed."""
    last = states[-1]
    frame = frames[last]
    view = plain_view(frame)
    round_record = record["rounds"][view["round_number"] - 1]
    other = round_record["hands"][seat % 4]
    if "tricks" in round_record:
        yield _with(
            frames, last, msgspec.structs.replace(frame, view={**view, "revealed_hands": round_record["hands"]})
        )
        yield _with(frames, last, msgspec.structs.replace(frame, view={**view, "hand": view["hand"] + other[:1]}))
    else:
        on_line = {placed[0] for placed in view["line"]}
        hidden = next(t for t in other if t not in on_line)
        yield _with(frames, last, msgspec.structs.replace(frame, view={**view, "hand": view["hand"] + [hidden]}))
    finished = [n for n, f in enumerate(frames) if isinstance(f, Finished)]
    over = frames[finished[-1]].over
    if len(finished) > 1:
        yield _with(frames, finished[0], msgspec.structs.replace(frames[finished[0]], over=over))
    yield _with(frames, last, msgspec.structs.replace(frame, view={**view, "seed": over.seed}))


def _with(frames: list, index: int, frame) -> list:
    return frames[:index] + [frame] + frames[index + 1 :]


async def _watched(url: str, code: str) -> tuple[list[str], dict]:
    """Every frame a watcher receives through a whole match of four bots, and the match's record."""
    async with connect(url, max_queue=None) as ws:  # frames wait unread while the bots play
        await ws.send(json.dumps({"type": "watch", "protocol": PROTOCOL, "code": code}))
        frames = [await ws.recv(), await ws.recv()]  # welcome, then the table before the start
        players = await _play(url, code)
        frames += [text async for text in ws]  # until the server closes at the match's end
    return frames, players[0].record


@pytest.mark.parametrize(("game", "extra"), [("chiva", []), ("dekabes", []), ("tiengow", ["--deals", "2"])])
def test_issue42_no_frame_shows_a_watcher_a_hand_or_a_face_down_tile(game, extra):
    with server("--game", game, "--seed", "14", *extra) as table:
        frames, record = run(_watched(table.url, table.code))
    assert json.loads(frames[0])["type"] == "welcome"
    assert sum('"type":"state"' in text for text in frames) > 20
    assert watcher_leaks(frames, record) == []
