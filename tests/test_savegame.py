"""Save and resume: the match and its undo/redo history survive exactly; bad saves are refused."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.errors import RecordError
from game.core.match import Match
from game.core.phases import Phase
from game.core.record import dumps, match_to_record
from game.core.savegame import match_from_save, match_to_save


def state(match):
    return (
        dumps(match_to_record(match)),
        match.redo_groups,
        match.level,
        match.to_act,
        match.phase,
        [match.view_for(s) for s in range(1, 5)],
    )


def random_point(game, seed, steps):
    rng = random.Random(seed)
    match = Match(game, ("human", "greedy", "random", "greedy"), seed)
    for _ in range(steps):
        match.run_computers()
        if match.round.is_over:
            if match.phase is Phase.MATCH_OVER:
                break
            match.next_round()
            continue
        match.push(rng.choice(match.legal_moves()))
        if rng.random() < 0.3 and match.can_undo:
            match.undo()
    return match


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["chiva", "dekabes", "tiengow"]), st.integers(0, 10**6), st.integers(0, 40))
def test_save_resume_round_trip_at_random_points(game, seed, steps):
    match = random_point(game, seed, steps)
    saved = json.loads(json.dumps(match_to_save(match)))
    resumed = match_from_save(saved)
    assert state(resumed) == state(match)
    if match.can_undo:
        match.undo()
        resumed.undo()
        assert state(resumed) == state(match)
    while match.can_redo:
        match.redo()
        resumed.redo()
        assert state(resumed) == state(match)


@pytest.mark.parametrize(
    "broken",
    [
        None,
        [],
        {"save_version": 99},
        {"save_version": 1, "record": {}, "redo": []},
        {"save_version": 1, "record": "x", "redo": "y"},
    ],
)
def test_bad_saves_are_refused(broken):
    with pytest.raises(RecordError):
        match_from_save(broken)


def test_a_redo_history_that_does_not_fit_is_refused():
    match = random_point("chiva", 3, 6)
    saved = match_to_save(match)
    saved["redo"] = [[{"seat": 1, "tile": "6-6", "end": "left"}]]
    with pytest.raises(RecordError):
        match_from_save(saved)
