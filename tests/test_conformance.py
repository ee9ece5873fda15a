"""One suite every registered game must pass: random legal play to the end, records that
replay and reproduce byte for byte, exact undo and redo, refusals that change nothing,
and views that hide what a seat cannot see."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from redeal import REDEALT_VIEWS

from game import cli
from game.core.errors import IllegalMove, MalformedRecord
from game.core.match import Match
from game.core.phases import Phase
from game.core.record import dumps, match_from_record, match_to_record
from game.registry import GAME_NAMES, GAMES

NAMES = [game.name for game in GAMES]
SEEDS = st.integers(0, 2**31 - 1)


def snapshot(match: Match) -> tuple:
    """Everything a player or a record could tell about the match."""
    return dumps(match_to_record(match)), [match.view_for(seat) for seat in range(1, 5)], match.can_redo


def played(name: str, seed: int, steps: int, seats=("human", "random", "random", "random")) -> Match:
    """A match ``steps`` random legal decisions in (people decide at random too)."""
    match = Match(name, seats, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if match.phase is Phase.MATCH_OVER:
            break
        if match.round.is_over:
            match.next_round()
        elif match.computer_to_act:
            match.play_computer()
        else:
            match.push(rng.choice(match.legal_moves()))
    return match


@pytest.mark.parametrize("name", NAMES)
def test_conformance_random_play_reaches_the_end_of_the_match_legally(name):
    match = Match(name, ("random",) * 4, seed=11, deals=2)
    decisions = 0
    while match.phase is not Phase.MATCH_OVER:
        if match.round.is_over:
            match.next_round()
            continue
        seat = match.to_act
        assert seat in (1, 2, 3, 4)
        legal = match.legal_moves()
        assert legal and tuple(legal) == match.view_for(seat).legal
        assert all(match.view_for(other).legal == () for other in range(1, 5) if other != seat)
        match.play_computer()
        decisions += 1
        assert decisions < 20_000
    assert match.round.is_over and match.to_act is None and not match.legal_moves()


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=12, deadline=None)
@given(seed=SEEDS, steps=st.integers(0, 120))
def test_conformance_record_replays_to_the_same_match(name, seed, steps):
    match = played(name, seed, steps)
    text = dumps(match_to_record(match))
    again = match_from_record(json.loads(text))
    assert dumps(match_to_record(again)) == text
    assert [again.view_for(s) for s in range(1, 5)] == [match.view_for(s) for s in range(1, 5)]


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_conformance_equal_seeds_give_byte_identical_records(name):
    seats = ("ai", "greedy", "random", "greedy")
    first = dumps(match_to_record(cli.play_match(name, 21, seats, 1)))
    second = dumps(match_to_record(cli.play_match(name, 21, seats, 1)))
    assert first == second
    assert dumps(match_to_record(cli.play_match(name, 22, seats, 1))) != first


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=10, deadline=None)
@given(seed=SEEDS)
def test_conformance_undo_and_redo_are_exact(name, seed):
    match = Match(name, ("human", "random", "random", "random"), seed)
    rng = random.Random(seed)
    history = [snapshot(match)]
    while not match.round.is_over and len(history) < 12:
        match.run_computers()
        if match.round.is_over:
            break
        before = snapshot(match)
        match.push(rng.choice(match.legal_moves()))
        match.run_computers()
        after = snapshot(match)
        match.undo()
        assert snapshot(match)[:2] == before[:2]
        match.redo()
        assert snapshot(match) == after
        history.append(after)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=10, deadline=None)
@given(seed=SEEDS, steps=st.integers(0, 80), pick=st.randoms(use_true_random=False))
def test_conformance_refused_commands_change_nothing(name, seed, steps, pick):
    match = played(name, seed, steps)
    if match.round.is_over:
        return
    before = snapshot(match)
    seat = match.to_act
    elsewhere = played(name, seed + 1, steps + 3)
    strangers = [d for d in elsewhere.legal_moves() if not match.is_legal(d)]
    for decision in pick.sample(strangers, min(5, len(strangers))):
        with pytest.raises(IllegalMove):
            match.push(decision)
        assert snapshot(match) == before
    wrong_seat = seat % 4 + 1
    with pytest.raises(IllegalMove):
        match.push(match.legal_moves()[0], seat=wrong_seat)
    for command in ("not a decision", None, 42):
        with pytest.raises(IllegalMove):
            match.push(command)
    assert snapshot(match) == before


@pytest.mark.parametrize("name", NAMES)
def test_conformance_decisions_survive_their_json_codec(name):
    match = played(name, 5, 0)
    game = match.game
    for _ in range(60):
        if match.round.is_over:
            break
        seat = match.to_act
        for decision in match.legal_moves():
            assert game.decision_from_json(json.loads(json.dumps(game.decision_to_json(seat, decision)))) == (
                seat,
                decision,
            )
        match.push(match.legal_moves()[0])
    for garbage in (None, [], "x", {"seat": 9}, {"seat": True}, {}):
        with pytest.raises(MalformedRecord):
            game.decision_from_json(garbage)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=15, deadline=None)
@given(seed=SEEDS, steps=st.integers(0, 60), shuffle=st.integers(0, 2**16))
def test_conformance_views_hide_what_a_seat_cannot_see(name, seed, steps, shuffle):
    match = played(name, seed, steps, seats=("human",) * 4)
    if match.round.is_over:
        return
    for seat in range(1, 5):
        assert REDEALT_VIEWS[name](match, seat, random.Random(shuffle + seat)) == match.view_for(seat)


def test_conformance_covers_every_registered_game():
    assert set(REDEALT_VIEWS) == set(GAME_NAMES)
