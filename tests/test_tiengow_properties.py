"""Random-simulation invariants of the Tien Gow engine, its undo and its records."""

from __future__ import annotations

import contextlib
import copy
import json
import random
from collections import Counter
from itertools import combinations
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from game.core.errors import RecordError
from game.tiengow.chinese import CHINESE_SET
from game.tiengow.deal import TienGowDeal, TrickPlay, new_deal
from game.tiengow.groups import beats, classify
from game.tiengow.record import record_round, replay_round

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(0, 2**32 - 1)


def random_deal(seed: int, steps: int = 10**6) -> TienGowDeal:
    """A deal played ``steps`` uniformly random legal moves from a seeded deal (or to its end)."""
    rng = random.Random(seed)
    deal = new_deal(rng, rng.randint(1, 4))
    while steps and not deal.is_over:
        deal.push(rng.choice(deal.legal_moves()))
        steps -= 1
    return deal


def state(deal: TienGowDeal) -> tuple[Any, ...]:
    return (
        deal.hands,
        deal.leader,
        deal.to_act,
        deal.trick_size,
        deal.current_plays,
        deal.tricks,
        deal.columns,
        deal.immediate,
        deal.best_play(),
        deal.result(),
        deal.legal_moves(),
    )


def reference_moves(deal: TienGowDeal) -> set[TrickPlay]:
    """Every legal move by brute force over the hand's sub-multisets, from the rules alone."""
    seat = deal.to_act
    assert seat is not None
    hand = deal.hand(seat)
    if deal.trick_size is None:
        return {TrickPlay(c, False) for k in range(1, 5) for c in combinations(hand, k) if classify(c)}
    k = deal.trick_size
    best = deal.best_play()
    assert best is not None
    best_group = classify(best[1].tiles)
    assert best_group is not None
    dead = k == 1 and len(hand) == 1 and deal.columns[seat - 1] == 0
    moves = {TrickPlay(c, True) for c in combinations(hand, k)}
    for tiles in combinations(hand, k):
        group = classify(tiles)
        if not dead and group is not None and beats(group, best_group):
            moves.add(TrickPlay(tiles, False))
    return moves


@SETTINGS
@given(seeds)
def test_tiengow_property_all_32_tiles_accounted_for_after_every_move(seed: int) -> None:
    rng = random.Random(seed)
    deal = new_deal(rng, rng.randint(1, 4))
    while True:
        played = [t for trick in deal.tricks for _, p in trick.plays for t in p.tiles]
        played += [t for _, p in deal.current_plays for t in p.tiles]
        assert Counter(t for hand in deal.hands for t in hand) + Counter(played) == Counter(CHINESE_SET)
        if not deal.current_plays:
            assert len(set(deal.hand_sizes)) == 1
        if deal.is_over:
            break
        deal.push(rng.choice(deal.legal_moves()))


@SETTINGS
@given(seeds)
def test_tiengow_property_payments_of_a_finished_deal_sum_to_zero(seed: int) -> None:
    deal = random_deal(seed)
    result = deal.result()
    assert result is not None
    assert all(sum(trick.immediate) == 0 for trick in deal.tricks)
    assert sum(result.immediate) == sum(result.settlement) == sum(result.total) == 0
    assert sum(result.columns) == 8 and result.columns == deal.columns
    assert result.total == tuple(a + b for a, b in zip(result.immediate, result.settlement))
    assert all(line.amount >= 0 for line in result.settlements)
    assert result.last_winner == deal.tricks[-1].winner


@SETTINGS
@given(seeds)
def test_tiengow_property_a_copy_is_independent_and_plays_alike(seed: int) -> None:
    rng = random.Random(seed)
    deal = new_deal(rng, rng.randint(1, 4))
    while not deal.is_over:
        before = state(deal)
        move = rng.choice(deal.legal_moves())
        twin = deal.copy()
        twin.push(move)
        assert state(deal) == before  # the original is untouched
        deal.push(move)
        assert state(deal) == state(twin)


@SETTINGS
@given(seeds, st.integers(0, 40))
def test_tiengow_property_legal_moves_are_complete_distinct_and_legal(seed: int, steps: int) -> None:
    deal = random_deal(seed, steps)
    assume(not deal.is_over)
    moves = deal.legal_moves()
    assert len(moves) == len(set(moves))
    assert set(moves) == reference_moves(deal)
    assert all(deal.is_legal(move) for move in moves)
    hand = deal.hand(deal.to_act or 0)
    for k in range(1, 5):
        for tiles in combinations(hand, k):
            for face_down in (False, True):
                candidate = TrickPlay(tiles, face_down)
                assert deal.is_legal(candidate) == (candidate in moves)


@SETTINGS
@given(seeds, st.integers(0, 40) | st.just(10**6))
def test_tiengow_property_replay_accepts_recorded_deals(seed: int, steps: int) -> None:
    deal = random_deal(seed, steps)
    record = json.loads(json.dumps(record_round(deal, 3)))
    replayed = replay_round(record)
    assert state(replayed) == state(deal)
    assert record_round(replayed, 3) == record


def _trick_with(record: dict[str, Any], rng: random.Random, size: int | None = None) -> dict[str, Any]:
    tricks = [t for t in record["tricks"] if size is None or len(t["plays"][0]["tiles"]) == size]
    assume(tricks)
    return rng.choice(tricks)


def _non_beating_face_down(deal: TienGowDeal) -> list[tuple[int, int]]:
    """(trick index, play index) of face-down plays whose tiles face up would not beat."""
    found = []
    for t, trick in enumerate(deal.tricks):
        best = classify(trick.plays[0][1].tiles)
        for p, (_, move) in enumerate(trick.plays[1:], 1):
            group = classify(move.tiles)
            if not move.face_down:
                best = group
            elif group is None or best is None or not beats(group, best):
                found.append((t, p))
    return found


CORRUPTIONS = [
    "winner",
    "swapped_plays",
    "columns",
    "face_up_not_beating",
    "settlement",
    "immediate",
    "total",
    "result_columns",
    "last_winner",
    "banker",
    "hand_tile",
    "extra_trick",
]


@SETTINGS
@given(seeds, st.sampled_from(CORRUPTIONS))
def test_tiengow_property_corrupted_records_are_rejected(seed: int, corruption: str) -> None:
    deal = random_deal(seed)
    record = record_round(deal, 2)
    rng = random.Random(seed)
    if corruption == "winner":
        trick = _trick_with(record, rng)
        trick["winner"] = trick["winner"] % 4 + 1
    elif corruption == "swapped_plays":
        plays = _trick_with(record, rng)["plays"]
        i = rng.randrange(3)
        plays[i], plays[i + 1] = plays[i + 1], plays[i]
    elif corruption == "columns":
        _trick_with(record, rng)["columns"] += 1
    elif corruption == "face_up_not_beating":
        spots = _non_beating_face_down(deal)
        assume(spots)
        t, p = rng.choice(spots)
        record["tricks"][t]["plays"][p]["face_down"] = False
    elif corruption in ("settlement", "immediate", "total", "result_columns"):
        values = record["result"][corruption.removeprefix("result_")]
        values[0], values[1] = values[0] + 1, values[1] - 1
    elif corruption == "last_winner":
        record["result"]["last_winner"] = record["result"]["last_winner"] % 4 + 1
    elif corruption == "banker":
        record["banker"] = record["banker"] % 4 + 1
    elif corruption == "hand_tile":
        record["hands"][0][0] = "0-0"
    elif corruption == "extra_trick":
        record["tricks"].append(copy.deepcopy(record["tricks"][-1]))
    with pytest.raises(RecordError, match=r"^round 2"):
        replay_round(record)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 40) | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=8,
)


DELETE = object()


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, child in value.items():
            found += _paths(child, path + (key,))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            found += _paths(child, path + (i,))
    return found


@pytest.mark.slow
@SETTINGS
@given(seeds, st.integers(0, 40) | st.just(10**6), st.data())
def test_tiengow_property_malformed_records_raise_only_record_error(seed: int, steps: int, data: Any) -> None:
    record = record_round(random_deal(seed, steps), 1)
    path = data.draw(st.sampled_from(_paths(record)))
    replacement = data.draw(json_values | st.just(DELETE))
    if not path:
        record = replacement
    else:
        parent = record
        for key in path[:-1]:
            parent = parent[key]
        if replacement is DELETE:
            del parent[path[-1]]
        else:
            parent[path[-1]] = replacement
    with contextlib.suppress(RecordError):
        replay_round(record)
