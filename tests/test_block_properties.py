"""Hypothesis properties of the block games over seeds and seat kinds."""

import random

import pytest
from helpers import play_out
from hypothesis import given, settings
from hypothesis import strategies as st

from game.blocks.moves import ACCEPT, PASS, THROW_IN, Choose, End, Play
from game.core.errors import IllegalMove
from game.core.match import Match
from game.core.phases import Phase
from game.core.record import dumps, match_from_record, match_to_record
from game.core.tiles import DOUBLE_SIX_SET

games = st.sampled_from(["chiva", "dekabes"])
seeds = st.integers(min_value=0, max_value=2**31 - 1)
computer = st.sampled_from(["random", "greedy"])
seat_kinds = st.tuples(computer, computer, computer, computer)
FAST = settings(max_examples=100, deadline=None)


def tiles_accounted_for(match):
    play = match.round.play
    if play is None:
        assert sorted(t for h in match.round.hands for t in h) == sorted(DOUBLE_SIX_SET)
        return
    held = [t for h in play.hands for t in h]
    placed = [p.tile for p in play.line.tiles]
    assert sorted(held + placed) == sorted(DOUBLE_SIX_SET)
    for left, right in zip(play.line.tiles, play.line.tiles[1:]):
        assert left.right == right.left


@pytest.mark.slow
@FAST
@given(games, seeds, seat_kinds)
def test_property_all_28_tiles_accounted_for_after_every_decision(game, seed, kinds):
    match = Match(game, kinds, seed)
    while True:
        tiles_accounted_for(match)
        if match.computer_to_act:
            match.play_computer()
        elif match.phase is Phase.MATCH_OVER:
            break
        else:
            match.next_round()


@pytest.mark.slow
@FAST
@given(games, seeds, seat_kinds)
def test_property_replay_accepts_every_record_and_same_seed_same_bytes(game, seed, kinds):
    first, second = Match(game, kinds, seed), Match(game, kinds, seed)
    play_out(first)
    play_out(second)
    text = dumps(match_to_record(first))
    assert text == dumps(match_to_record(second))
    assert dumps(match_to_record(match_from_record(match_to_record(first)))) == text


def state_of(match):
    return dumps(match_to_record(match)), match.view_for(1), match.to_act, match.phase


def random_command(rng):
    tile = rng.choice(DOUBLE_SIX_SET)
    return rng.choice(
        [
            PASS,
            ACCEPT,
            THROW_IN,
            Choose(rng.randint(0, 5)),
            Play(tile, None),
            Play(tile, End.LEFT),
            Play(tile, End.RIGHT),
        ]
    )


@settings(max_examples=80, deadline=None)
@given(games, seeds, st.integers(min_value=1, max_value=30))
def test_property_undo_returns_to_previous_human_point_and_redo_restores(game, seed, steps):
    rng = random.Random(seed)
    match = Match(game, ("human", "random", "human", "random"), seed)
    points = []
    for _ in range(steps):
        match.run_computers()
        if match.round.is_over:
            break
        points.append(state_of(match))
        match.push(rng.choice(match.legal_moves()))
    match.run_computers()
    after = state_of(match)
    if not points:
        return
    match.undo()
    assert state_of(match) == points[-1]
    match.redo()
    assert state_of(match) == after
    while match.can_undo:
        match.undo()
    assert state_of(match) == points[0]


@settings(max_examples=80, deadline=None)
@given(games, seeds, st.integers(min_value=0, max_value=60))
def test_property_rejected_commands_change_nothing(game, seed, steps):
    rng = random.Random(seed)
    match = Match(game, ("human",) * 4, seed)
    for _ in range(steps):
        if match.round.is_over:
            break
        match.push(rng.choice(match.legal_moves()))
    before = state_of(match)
    for _ in range(25):
        command = random_command(rng)
        legal = match.is_legal(command)
        assert legal == (command in match.legal_moves())
        if legal:
            continue
        try:
            match.push(command)
        except IllegalMove as error:
            assert str(error) and error.code
        else:
            raise AssertionError(f"{command} was accepted")
        assert state_of(match) == before
