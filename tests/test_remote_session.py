"""A seat at a hosted table as the seam's roles (issue 26; split by role in issue 41): two
RemoteSessions, driven by a frame loop that polls, play whole matches of every game beside two bot processes through a
real server on loopback; undo is asked and agreed or declined; a refusal of the server comes
back as an event; a connection killed mid-round comes back by itself to the exact view; no
frame a session receives holds another seat's hidden tile. The shared table's events have
JSON round trips, and each role is offered only where it exists."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable

import pytest
from online_helpers import ENDED, WAIT, bot, kill, leaks, replay, server, wait_all

from game.core.errors import IllegalMove, MalformedRecord
from game.core.local_session import LocalSession
from game.core.match import Match
from game.core.phases import Phase
from game.core.session import (
    PHRASES,
    Acted,
    Asked,
    Chair,
    DeviceSession,
    Jumped,
    Paused,
    PublicEvent,
    Refused,
    Said,
    Saving,
    Seated,
    Settled,
    event_from_json,
    event_to_json,
)
from game.registry import GAME_NAMES, game_named
from online.client import Background, Connection
from online.protocol import Message, State
from online.remote_session import RemoteSession


class Kept(Background):
    """The real thread wrapper, keeping every frame it hands over; its poll waits a few
    milliseconds for the first one, as a frame would pass between two polls."""

    def __init__(self, connection: Connection) -> None:
        super().__init__(connection)
        self.frames: list[Message] = []

    def poll(self) -> list[Message]:
        found = self.wait(0.004)
        self.frames += found
        return found


def seated(url: str, code: str, seat: int) -> tuple[RemoteSession, Kept]:
    link = Kept(Connection(url, code, f"Person {seat}", seat, patience=15.0))
    return RemoteSession(link), link


class Loop:
    """A frame loop over some sessions: each frame polls every one and keeps its events."""

    def __init__(self, *sessions: RemoteSession) -> None:
        self.sessions = sessions
        self.seen: dict[int, list[PublicEvent]] = {id(s): [] for s in sessions}

    def frame(self) -> bool:
        """Poll every session and keep its events; whether anything came from the table."""
        came = False
        for session in self.sessions:
            came = session.poll() or came
            self.seen[id(session)] += session.events()
        return came

    def until(self, done: Callable[[], bool], act: Callable[[RemoteSession], None] | None = None, timeout=WAIT):
        """Frames until ``done()``; failing once nothing came from the table for ``timeout`` seconds."""
        last = time.monotonic()
        while True:
            if self.frame():
                last = time.monotonic()
            if done():
                return
            if act is not None:
                for session in self.sessions:
                    if session.has_view:
                        act(session)
            if time.monotonic() - last > timeout:
                raise AssertionError(f"nothing came from the table for {timeout} s")

    def events(self, session: RemoteSession) -> list[PublicEvent]:
        return self.seen[id(session)]


def player(rng: random.Random) -> Callable[[RemoteSession], None]:
    """A person at a device: agrees to every question, is ready after each round, previews
    then commits a random legal decision."""

    def act(session: RemoteSession) -> None:
        asking = session.talk.asking
        if asking is not None and asking.by != session.seat and session.seat not in asking.agreed:
            session.talk.answer(True)
        if session.phase is Phase.ROUND_OVER:
            session.control.next_round()
        legal = session.legal()
        if legal:
            choice = rng.choice(legal)
            assert session.preview(choice).legal == ()
            session.commit(choice)

    return act


def own_turn(session: RemoteSession) -> bool:
    return session.has_view and bool(session.legal())


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "seed", "extra"), [("chiva", "9", []), ("dekabes", "14", []), ("tiengow", "11", ["--deals", "2"])]
)
def test_two_remote_sessions_and_two_bots_play_a_whole_match_and_see_nothing_hidden(tmp_path, game, seed, extra):
    record = tmp_path / "record.jsonl"
    with server("--game", game, "--seed", seed, "--record", str(record), *extra) as table:
        first, first_link = seated(table.url, table.code, 1)
        third, third_link = seated(table.url, table.code, 3)
        bots = [bot(table.url, table.code, "--seat", seat, "--level", "greedy") for seat in ("2", "4")]
        try:
            loop = Loop(first, third)
            act = player(random.Random(int(seed)))
            loop.until(lambda: all(s.record_fields is not None for s in (first, third)), act, timeout=240)
            assert wait_all(bots) == [0, 0], [b.stderr.read() for b in bots]
            loop.until(lambda: first.lost and third.lost)
            assert table.process.wait(WAIT) == 0
        finally:
            first.close()
            third.close()
            for process in bots:
                kill(process)
    checked = replay(record)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    kept = json.loads(record.read_text())
    for session, link in ((first, first_link), (third, third_link)):
        assert session.rounds == kept["rounds"]
        assert session.record_fields == {key: kept[key] for key in session.record_fields}
        assert session.phase is Phase.MATCH_OVER
        assert leaks(session.seat, link.frames, kept) == []
        mine = [e for e in loop.events(session) if isinstance(e, Acted) and e.seat == session.seat]
        assert mine and all(e.decision is not None for e in mine)
        states = [f for f in link.frames if isinstance(f, State) and f.view and f.view.phase not in ENDED]
        assert states and all(f.view.seat == session.seat for f in states)
    assert [c.kind for c in first.chairs] == ["person"] * 4
    assert first.seat_kinds == ("human",) * 4


def test_undo_is_asked_of_the_other_device_agreed_then_declined_and_a_late_refusal_is_an_event():
    seats = "remote,greedy,greedy,remote"
    with server("--game", "chiva", "--seed", "9", "--seats", seats) as table:
        one, _ = seated(table.url, table.code, 1)
        four, _ = seated(table.url, table.code, 4)
        try:
            loop = Loop(one, four)
            act = player(random.Random(2))
            loop.until(lambda: own_turn(four), lambda s: s is one and act(s))
            before = four.view()
            choice = four.legal()[0]
            four.commit(choice)
            with pytest.raises(IllegalMove):
                four.commit(choice)  # one decision on its way at a time
            loop.until(lambda: own_turn(one) and four.control.can_undo)
            assert Acted(4, choice) in loop.events(one)
            four.control.undo()
            loop.until(lambda: one.talk.asking is not None)
            assert (one.talk.asking.kind, one.talk.asking.by) == ("undo", 4)
            assert Asked("undo", 4) in loop.events(one) and not one.legal()
            with pytest.raises(IllegalMove) as refused:
                one.commit(one.view().legal[0])
            assert refused.value.code == "agreement_pending"
            one.talk.answer(True)
            agreed = Settled("undo", 4, True)
            loop.until(lambda: agreed in loop.events(four) and agreed in loop.events(one) and own_turn(four))
            assert Jumped("undo") in loop.events(one)
            assert four.view() == before and four.control.can_redo
            four.control.redo()
            loop.until(lambda: one.talk.asking is not None)
            one.talk.answer(False)
            loop.until(lambda: Settled("redo", 4, False) in loop.events(four))
            assert four.view() == before and four.talk.asking is None
            four.control.restart_round()
            loop.until(lambda: one.talk.asking is not None and four.talk.asking is not None)
            four.talk.withdraw()
            withdrawn = Settled("restart", 4, False)
            loop.until(lambda: withdrawn in loop.events(one) and withdrawn in loop.events(four))
            four.commit(choice)
            loop.until(lambda: own_turn(one) and four.control.can_undo)
            four.control.undo()
            Loop(four).until(lambda: four.talk.asking is not None)  # seat 1 has not looked yet: it decides unaware
            one.commit(one.legal()[0])
            loop.until(lambda: any(isinstance(e, Refused) for e in loop.events(one)))
            late = next(e for e in loop.events(one) if isinstance(e, Refused))
            assert late.code == "agreement_pending" and late.error().code == "agreement_pending"
            assert one.talk.asking is not None and not one.legal()
        finally:
            one.close()
            four.close()


def test_a_killed_connection_comes_back_by_itself_to_the_exact_view_and_the_other_sees_it_away():
    with server("--game", "dekabes", "--seed", "3", "--seats", "remote,remote,greedy,greedy") as table:
        one, one_link = seated(table.url, table.code, 1)
        two, _ = seated(table.url, table.code, 2)
        try:
            loop = Loop(one, two)
            act = player(random.Random(5))
            mid_round = lambda: own_turn(one) and one.position[2] > 3  # noqa: E731
            loop.until(mid_round, lambda s: (s is two or not mid_round()) and act(s))
            view, position, token = one.view(), one.position, one.token
            connects, mark = one_link.connection.connects, len(loop.events(two))
            one_link.drop()
            loop.until(lambda: one.connected and one_link.connection.connects > connects and one.position == position)
            loop.until(lambda: not two.chairs[0].reconnecting)
            assert one.view() == view and one.token == token and one.seat == 1
            away = [e.chair for e in loop.events(two)[mark:] if isinstance(e, Seated) and e.chair.seat == 1]
            assert [c.reconnecting for c in away] == [True, False]
            one.commit(one.legal()[0])
            loop.until(lambda: one.position[2] > position[2])
            assert any(isinstance(e, Acted) and e.seat == 1 for e in loop.events(two))
            loop.until(lambda: own_turn(one), lambda s: s is two and act(s))
            kill(table.process)  # the host is gone: the device keeps trying, and says so
            loop.until(lambda: not one.connected)
            with pytest.raises(IllegalMove) as refused:
                one.commit(one.legal()[0])
            assert refused.value.code == "reconnecting" and one.has_view and not one.lost
        finally:
            one.close()
            two.close()


def test_a_pause_and_a_quick_message_reach_every_device():
    with server("--game", "tiengow", "--seed", "5", "--seats", "remote,remote,greedy,greedy") as table:
        one, _ = seated(table.url, table.code, 1)
        two, _ = seated(table.url, table.code, 2)
        try:
            loop = Loop(one, two)
            loop.until(lambda: one.has_view and two.has_view)
            assert not hasattr(one, "computers"), "the server plays the computers"
            two.talk.pause()
            loop.until(lambda: one.talk.paused_by == (2,))
            assert Paused((2,)) in loop.events(one) and two.talk.paused and not one.talk.paused
            two.talk.resume()
            loop.until(lambda: one.talk.paused_by == ())
            assert Paused(()) in loop.events(one)
            one.talk.say("good_game")
            loop.until(lambda: Said(1, "good_game") in loop.events(two) and Said(1, "good_game") in loop.events(one))
            with pytest.raises(ValueError):
                one.talk.say("you lose")  # type: ignore[arg-type]
        finally:
            one.close()
            two.close()


SAMPLES: list[PublicEvent] = [
    Jumped("started"),
    Asked("undo", 2),
    Settled("new_match", 3, True),
    Settled("restart", 1, False),
    Paused(()),
    Paused((1, 4)),
    *[Said(4, phrase) for phrase in PHRASES],
    Seated(Chair(2, "person", "Ana", reconnecting=True)),
    Seated(Chair(3, "computer", level="hard", handed_over=False)),
    Seated(Chair(1, "open")),
    Refused("stale", {"position": 7}, "The table has moved on: look again."),
    Refused("not_host", text="Only the host may do this."),
    Saving("disk_full", "the disk is full"),
    Saving(""),
]


@pytest.mark.parametrize("event", SAMPLES, ids=repr)
def test_every_shared_table_event_comes_back_equal_from_json(event):
    for game in GAME_NAMES:
        spec = game_named(game)
        assert event_from_json(spec, json.loads(json.dumps(event_to_json(spec, event)))) == event


@pytest.mark.parametrize(
    "damaged",
    [
        {"type": "asked", "kind": "cheat", "by": 1},
        {"type": "settled", "kind": "undo", "by": 1, "agreed": "yes"},
        {"type": "paused", "by": 2},
        {"type": "paused", "by": [5]},
        {"type": "said", "seat": 1, "phrase": "you lose"},
        {"type": "seated", "seat": 1, "kind": "ghost", "name": "", "level": "", "reconnecting": False},
        {"type": "seated", "seat": 1, "kind": "open", "name": 3, "level": "", "reconnecting": False},
        {"type": "refused", "code": "stale", "text": "", "params": {"position": [1]}},
        {"type": "refused", "code": 7, "text": "", "params": {}},
        {"type": "saving", "problem": None, "text": ""},
    ],
)
def test_a_damaged_shared_table_event_is_refused(damaged):
    with pytest.raises(MalformedRecord):
        event_from_json(game_named("chiva"), damaged)


def test_a_local_session_has_no_talk_and_a_remote_one_plays_no_computer():
    """Each role is offered only where it exists: a table on one device has nobody elsewhere to
    ask, hold the game for or speak to; a seat at a hosted table plays no computer seat."""
    session: DeviceSession = LocalSession(Match("dekabes", ("human", "greedy", "greedy", "greedy"), 5), 1)
    assert not session.poll() and not hasattr(session, "talk")
    assert [(c.kind, c.level) for c in session.chairs] == [("person", ""), *[("computer", "normal")] * 3]
    assert not {"computers", "computer_seat", "play_computer", "think_ahead"} & set(dir(RemoteSession))
