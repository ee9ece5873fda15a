"""The table's seam (issue 25): a seat's session shows that seat's view and nothing of another
seat's hidden tiles, previews from the view alone, and every value crossing it has a JSON
round trip."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.blocks.moves import Pass, Play
from game.core.errors import IllegalMove, MalformedRecord
from game.core.local_session import LocalSession
from game.core.match import Match
from game.core.session import Acted, Jumped, event_from_json, event_to_json
from game.core.spec import view_from_json, view_to_json
from game.core.tiles import Tile
from game.registry import GAME_NAMES, game_named

SEATS = ("human", "greedy", "greedy", "greedy")


def match_at(game: str, seed: int, steps: int, seats: tuple[str, ...] = SEATS) -> Match:
    """A match of ``game`` after up to ``steps`` decisions, random ones for the people."""
    match = Match(game, seats, seed, deals=2)
    rng = random.Random(seed)
    for _ in range(steps):
        if match.round.is_over:
            break
        if match.computer_to_act:
            match.play_computer()
        else:
            match.push(rng.choice(match.legal_moves()))
    return match


READS = ("view", "legal", "events")
"""The session's questions without an argument: the walk asks them, and previews every legal
decision (it calls no other method: the session's commands change the match)."""


def reachable(root: object) -> list[object]:
    """Every object reachable from ``root`` through public attributes, properties and items,
    and the answers of the session's questions."""
    seen: dict[int, object] = {}
    todo = [root]
    if isinstance(root, LocalSession):
        todo += [getattr(root, name)() for name in READS]
        todo += [root.preview(decision) for decision in root.legal()]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, (str, int, float, bool, type(None), type)):
            continue
        seen[id(obj)] = obj
        if isinstance(obj, dict):
            todo.extend(obj.keys())
            todo.extend(obj.values())
            continue
        if isinstance(obj, (list, tuple, set, frozenset)):
            todo.extend(obj)
            continue
        for name in dir(obj):
            if name.startswith("_"):
                continue
            try:
                value = getattr(obj, name)
            except Exception:  # a property that refuses in this state shows nothing
                continue
            if not callable(value):
                todo.append(value)
    return list(seen.values())


def tiles_in(root: object) -> set[Tile]:
    return {obj for obj in reachable(root) if isinstance(obj, Tile)}


def hidden_from(match: Match, seat: int) -> set[Tile]:
    """The tiles in other seats' hands that ``seat``'s own view does not show at all."""
    own = tiles_in(match.view_for(seat))
    others = {tile for other in (1, 2, 3, 4) if other != seat for tile in match.view_for(other).hand}
    return others - own


def drive(session: LocalSession, rng: random.Random) -> None:
    """Play through the session: the computers, then one of the seat's decisions, then the computers."""
    while session.computers.play_computer():
        pass
    if session.legal():
        choice = rng.choice(session.legal())
        session.preview(choice)
        session.commit(choice)
    while session.computers.play_computer():
        pass


@settings(max_examples=30)
@given(st.sampled_from(GAME_NAMES), st.integers(0, 2**31), st.integers(0, 40), st.integers(1, 4))
def test_nothing_of_another_seats_hidden_tiles_is_reachable_from_a_session(game, seed, steps, seat):
    seats = tuple("human" if s == seat else "greedy" for s in (1, 2, 3, 4))
    match = match_at(game, seed, steps, seats)
    session = LocalSession(match, seat)
    drive(session, random.Random(seed))
    hidden = hidden_from(match, seat)
    found = reachable(session)
    assert not any(isinstance(obj, Match) or hasattr(obj, "legal_moves") for obj in found)
    assert not {obj for obj in found if isinstance(obj, Tile)} & hidden
    assert all(obj.seat == seat for obj in found if hasattr(obj, "hand") and hasattr(obj, "seat"))


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_walk_finds_hidden_tiles_when_the_match_itself_is_reachable(game):
    """The walk is strong enough: through the match, another seat's hand is reached."""
    match = match_at(game, 11, 3)
    hidden = hidden_from(match, 1)
    assert hidden
    assert tiles_in(match) & hidden


@settings(max_examples=30)
@given(st.sampled_from(GAME_NAMES), st.integers(0, 2**31), st.integers(0, 60))
def test_every_seats_view_comes_back_equal_and_previews_the_same_from_json(game, seed, steps):
    spec = game_named(game)
    match = match_at(game, seed, steps, ("human",) * 4)
    for seat in (1, 2, 3, 4):
        view = match.view_for(seat)
        back = view_from_json(spec, json.loads(json.dumps(view_to_json(spec, view))))
        assert back == view
        for decision in view.legal:
            assert spec.preview(back, decision) == spec.preview(view, decision)
            seat_back, decision_back = spec.decision_from_json(
                json.loads(json.dumps(spec.decision_to_json(seat, decision)))
            )
            assert (seat_back, decision_back) == (seat, decision)


@settings(max_examples=30)
@given(st.sampled_from(GAME_NAMES), st.integers(0, 2**31), st.integers(0, 60))
def test_the_preview_from_the_view_shows_what_the_match_would_show_the_seat(game, seed, steps):
    """The seat's hand after its own decision, and the line after a play, are those the
    match itself would show; nothing else is asked of the preview."""
    match = match_at(game, seed, steps, ("human",) * 4)
    seat = match.to_act
    if seat is None:
        return
    session = LocalSession(match, seat)
    for decision in session.legal():
        mine, theirs = session.preview(decision), match.preview(decision, seat).view
        assert mine.hand == theirs.hand
        assert mine.to_act is None and mine.legal == ()
        if isinstance(decision, (Play, Pass)):
            assert mine.turns == theirs.turns, "the table lays the line out from its turns"
        if isinstance(decision, Play):
            assert mine.line == theirs.line and mine.ends == theirs.ends
            assert mine.tile_counts == theirs.tile_counts


@settings(max_examples=30)
@given(st.sampled_from(GAME_NAMES), st.integers(0, 2**31), st.integers(1, 4))
def test_every_event_a_seat_sees_comes_back_equal_from_json(game, seed, seat):
    spec = game_named(game)
    seats = tuple("human" if s == seat else "greedy" for s in (1, 2, 3, 4))
    session = LocalSession(Match(game, seats, seed, deals=1), seat)
    rng = random.Random(seed)
    for _ in range(6):
        drive(session, rng)
    if session.control.can_undo:
        session.control.undo()
    events = session.events()
    assert events
    for event in events:
        assert event_from_json(spec, json.loads(json.dumps(event_to_json(spec, event)))) == event


def test_a_face_down_play_of_another_seat_comes_to_the_session_as_an_empty_event():
    match = Match("tiengow", ("human", "greedy", "greedy", "greedy"), 3, deals=1)
    session = LocalSession(match, 1)
    rng = random.Random(3)
    while not match.round.is_over:
        drive(session, rng)
    acted = [e for e in session.events() if isinstance(e, Acted)]
    hidden = [e for e in acted if e.decision is None]
    assert hidden and all(e.seat != 1 for e in hidden)
    assert all(e.decision is not None for e in acted if e.seat == 1)


def test_the_session_takes_this_seats_moves_and_undoes_only_them():
    match = Match("chiva", ("human", "greedy", "human", "greedy"), 7)
    session = LocalSession(match, 1)
    while session.computers.play_computer():
        pass
    assert all(isinstance(e, Acted) and e.seat in (2, 4) for e in session.events())
    if match.to_act != 1:
        session.hand_over(match.to_act)
    mover = session.seat
    decision = session.legal()[0]
    session.commit(decision)
    assert session.events() == [Acted(mover, decision)]
    assert session.control.can_undo
    session.control.undo()
    assert session.events() == [Jumped("undo")]
    assert session.control.can_redo
    session.control.redo()
    assert session.events() == [Jumped("redo")]
    other = 3 if mover == 1 else 1
    with pytest.raises(IllegalMove):
        LocalSession(match, other).commit(decision)
    with pytest.raises(ValueError):
        session.hand_over(2)


def test_a_session_on_one_device_has_no_talk_and_its_computers_play_at_once():
    """Nobody at another device: no questions, pauses or quick messages (the table holds its
    computers itself while a panel is open); the computers play on this device."""
    session = LocalSession(Match("dekabes", ("greedy", "greedy", "greedy", "human"), 5), 4)
    assert not any(hasattr(session, name) for name in ("talk", "asking", "pause", "paused_by", "say"))
    before = session.position
    while session.computers.play_computer():
        pass
    assert session.position != before and session.to_act == 4
    assert session.computers.computer_seat is None and session.computers.play_computer() is None
    session.commit(session.legal()[0])


class Answer:
    """A worker's answer that comes on the second look."""

    def __init__(self, question) -> None:
        self.question = question
        self.looks = 0

    @property
    def done(self) -> bool:
        self.looks += 1
        return self.looks > 1

    def result(self):
        return self.question.answer()


def test_a_computer_seat_waits_for_the_answer_to_its_question():
    asked = []

    def ask(question):
        asked.append(Answer(question))
        return asked[-1]

    session = LocalSession(Match("tiengow", ("greedy", "human", "greedy", "greedy"), 9, deals=1), 2, ask)
    seat = session.computers.computer_seat
    assert seat is not None
    assert not session.computers.play_computer()
    assert session.computers.play_computer()
    assert len(asked) == 1 and asked[0].question.view.seat == seat
    assert session.events()[0].seat == seat


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_damaged_event_is_refused(game):
    spec = game_named(game)
    for damaged in (
        None,
        [],
        {"type": "left"},
        {"type": "jumped", "kind": "fly"},
        {"type": "acted", "seat": 5, "decision": None},
        {"type": "acted", "seat": "1", "decision": None},
        {"type": "acted", "seat": 1, "decision": {"seat": 1}},
    ):
        with pytest.raises(MalformedRecord):
            event_from_json(spec, damaged)
