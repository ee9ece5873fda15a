"""No peeking on the wire: every frame a seat's device receives before a round ends holds no
tile of another hand (nor another seat's face-down play), and no frame holds the deal seed
before the match is over. The checker is shown to catch a deliberate leak (issue 26)."""

from __future__ import annotations

import asyncio
from collections import Counter

import msgspec
import pytest
from online_helpers import run, server

from online.bot import Bot
from online.client import Connection
from online.protocol import Finished, State, encode

ENDED = ("round_over", "match_over")


def leaks(seat: int, frames: list, record: dict) -> list[str]:
    """What ``frames`` (received by ``seat``) show that the seat may not see, given the record."""
    found = []
    finished = [f for f in frames if isinstance(f, Finished)]
    found += [f"round {f.index + 1}: the seed before the end" for f in finished[:-1] if f.over is not None]
    for number, frame in enumerate(frames):
        if not isinstance(frame, State) or frame.view is None:
            continue
        text = encode(frame).decode()
        if '"seed"' in text:
            found.append(f"frame {number}: a seed")
        view = frame.view
        if view["phase"] in ENDED:
            continue
        round_record = record["rounds"][view["round_number"] - 1]
        if "tricks" in round_record:
            found += [f"frame {number}: {leak}" for leak in _tiengow_leaks(seat, frame, text, round_record)]
        else:
            found += [f"frame {number}: {leak}" for leak in _block_leaks(seat, view, text, round_record)]
    return found


def _block_leaks(seat: int, view: dict, text: str, round_record: dict) -> list[str]:
    deals = [d["hands"] for d in round_record.get("deals", [])] or [round_record["hands"]]
    hands = round_record["hands"]
    if view["phase"] == "accepting":
        hands = next(h for h in deals if sorted(h[seat - 1]) == sorted(view["hand"]))
    on_line = {placed[0] for placed in view["line"]}
    hidden = {t for other, hand in enumerate(hands, start=1) if other != seat for t in hand} - on_line
    return [f"another hand's {tile}" for tile in sorted(hidden) if f'"{tile}"' in text]


def _tiengow_leaks(seat: int, frame: State, text: str, round_record: dict) -> list[str]:
    view = frame.view
    found = []
    if view["revealed_hands"] is not None:
        found.append("every hand before the end")
    if Counter(view["hand"]) - Counter(round_record["hands"][seat - 1]):
        found.append("a hand that is not the seat's")
    plays = list(view["current"]) + [p for trick in view["tricks"] for p in trick["plays"]]
    found += [
        f"seat {p['seat']}'s face-down tiles" for p in plays if p["seat"] != seat and p["face_down"] and p["tiles"]
    ]
    for event in frame.events:
        if event["type"] == "acted" and event["seat"] != seat and event["decision"] and event["decision"]["face_down"]:
            found.append(f"seat {event['seat']}'s face-down play in an event")
    face_up = {t for trick in round_record["tricks"] for p in trick["plays"] if not p["face_down"] for t in p["tiles"]}
    own = set(round_record["hands"][seat - 1])
    only_hidden = {t for hand in round_record["hands"] for t in hand} - face_up - own
    found += [f"hidden {tile}" for tile in sorted(only_hidden) if f'"{tile}"' in text]
    return found


async def _play(url: str, code: str) -> list[Bot]:
    players = [Bot(Connection(url, code, f"P{n}", patience=10.0), "greedy") for n in range(4)]
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
            n for n, f in enumerate(player.frames) if isinstance(f, State) and f.view and f.view["phase"] not in ENDED
        ]
        assert states
        for doctored in _deliberate_leaks(seat, player.frames, player.record, states):
            assert leaks(seat, doctored, player.record), "the checker missed a deliberate leak"


def _deliberate_leaks(seat: int, frames: list, record: dict, states: list[int]):
    """The same frames with one leak put in: another hand's tile, a face-down play shown, the seed."""
    last = states[-1]
    frame = frames[last]
    view = dict(frame.view)
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
