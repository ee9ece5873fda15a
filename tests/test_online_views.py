"""Views across a network: every seat's view from real play goes to JSON and back equal,
and what a seat learns of another's decision hides face-down plays (issue 26)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.errors import MalformedRecord
from game.core.match import Match
from game.core.phases import Phase
from game.core.spec import view_from_json, view_to_json
from game.registry import GAME_NAMES, game_named


def views_of_a_match(game: str, seed: int, rounds: int = 2):
    """Every seat's view at every position of the first ``rounds`` rounds of a random match."""
    match = Match(game, ("random", "random", "greedy", "random"), seed, deals=rounds)
    for _ in range(rounds):
        while True:
            for seat in (1, 2, 3, 4):
                yield match.view_for(seat)
            if not match.computer_to_act:
                break
            match.play_computer()
        if match.phase is Phase.MATCH_OVER:
            return
        match.next_round()


@pytest.mark.slow
@settings(max_examples=40)
@given(st.sampled_from(GAME_NAMES), st.integers(0, 2**31))
def test_every_view_from_real_play_comes_back_equal_from_json(game, seed):
    spec = game_named(game)
    for view in views_of_a_match(game, seed):
        text = json.dumps(view_to_json(spec, view))
        assert view_from_json(spec, json.loads(text)) == view


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_view_of_another_game_or_a_damaged_view_is_refused(game):
    spec = game_named(game)
    view = next(views_of_a_match(game, 5))
    obj = view_to_json(spec, view)
    other = next(name for name in GAME_NAMES if name != game)
    for damaged in ({**obj, "game": other}, {**obj, "seat": "1"}, {**obj, "hand": [7]}, [], None, {}):
        with pytest.raises(MalformedRecord):
            view_from_json(spec, damaged)


def test_block_decisions_are_seen_by_everyone_and_tiengow_face_down_plays_by_their_seat_only():
    chiva, tiengow = game_named("chiva"), game_named("tiengow")
    match = Match("chiva", ("greedy",) * 4, 3)
    decision = match.computer_decision()
    assert all(chiva.seen_by(match.to_act, decision, viewer) == decision for viewer in (1, 2, 3, 4))
    match = Match("tiengow", ("greedy",) * 4, 3, deals=1)
    seen_face_down = 0
    while match.computer_to_act:
        actor, decision = match.to_act, match.play_computer()
        for viewer in (1, 2, 3, 4):
            seen = tiengow.seen_by(actor, decision, viewer)
            if decision.face_down and viewer != actor:
                assert seen is None
                seen_face_down += 1
            else:
                assert seen == decision
    assert seen_face_down > 0
