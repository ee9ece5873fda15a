"""record.md's `greedy` Tien Gow seat, and what it (and any bot) may see."""

from __future__ import annotations

import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st
from test_tiengow_examples import EARLY_DEATH
from tiengow_helpers import build_hands, play, scripted

from game.tiengow.deal import TienGowDeal, TrickPlay, new_deal
from game.tiengow.greedy import greedy_move


def test_tiengow_greedy_leads_the_first_single_in_the_standard_order() -> None:
    deal = TienGowDeal(build_hands([], known={1: "1-5 3-6 2-2 1-2 4-4 5-6 2-4 1-4"}), 1)
    assert greedy_move(deal) == play("4-4")


def test_tiengow_greedy_follows_with_the_lowest_group_that_beats() -> None:
    deal = scripted(1, ["1:1-5"], known={2: "6-6 4-6 5-5 1-2 1-4"})
    assert greedy_move(deal) == play("4-6")
    deal = scripted(1, ["1:1-3 1-4"], known={2: "6-6 3-6 4-5 1-1 2-6"})
    assert greedy_move(deal) == play("1-1 2-6")


def test_tiengow_greedy_breaks_equal_ranks_by_the_standard_order() -> None:
    deal = scripted(1, ["1:2-4"], known={2: "4-5 3-6 1-2"})
    assert greedy_move(deal) == play("3-6")
    deal = scripted(1, ["1:1-3 2-3"], known={2: "6-6 4-5 3-6"})
    assert greedy_move(deal) == play("6-6 3-6")


def test_tiengow_greedy_discards_the_last_tiles_in_the_standard_order() -> None:
    deal = scripted(1, ["1:6-6 6-6"], known={2: "1-1 1-1 4-4 3-6 4-5 2-6 1-4 2-3"})
    assert greedy_move(deal) == play("~1-4 2-3")


def test_tiengow_greedy_obeys_early_death() -> None:
    deal = scripted(1, EARLY_DEATH + ["2:1-6"], known={3: "6-6", 4: "5-5", 1: "4-6"})
    assert greedy_move(deal) == play("~6-6")


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_tiengow_greedy_plays_legal_deterministic_deals(seed: int) -> None:
    deal = new_deal(random.Random(seed), seed % 4 + 1)
    twin = deal.copy()
    while not deal.is_over:
        move = greedy_move(deal)
        assert deal.is_legal(move) and greedy_move(twin) == move
        deal.push(move)
        twin.push(move)


def _redeal_hidden(deal: TienGowDeal, seat: int, rng: random.Random) -> TienGowDeal:
    """The same public history and hand for ``seat``; the other hands and the other
    seats' face-down discards re-dealt at random."""
    history = [entry for trick in deal.tricks for entry in trick.plays] + list(deal.current_plays)
    secret = [(s, move) for s, move in history if s != seat and move.face_down]
    hidden = [t for s, move in secret for t in move.tiles]
    hidden += [t for s in range(1, 5) if s != seat for t in deal.hand(s)]
    rng.shuffle(hidden)

    def take(count: int) -> list:
        taken = hidden[:count]
        del hidden[:count]
        return taken

    new_history = [
        (s, TrickPlay(tuple(take(len(move.tiles))), True) if s != seat and move.face_down else move)
        for s, move in history
    ]
    hands = {s: list(deal.hand(s)) if s == seat else take(len(deal.hand(s))) for s in range(1, 5)}
    for s, move in new_history:
        hands[s] += move.tiles
    other = TienGowDeal([hands[s] for s in range(1, 5)], deal.banker)
    for _, move in new_history:
        other.push(move)
    return other


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 30))
def test_tiengow_decisions_ignore_hidden_tiles(seed: int, steps: int) -> None:
    rng = random.Random(seed)
    deal = new_deal(rng, rng.randint(1, 4))
    for _ in range(steps):
        if deal.is_over:
            break
        deal.push(rng.choice(deal.legal_moves()))
    assume(deal.to_act is not None)
    other = _redeal_hidden(deal, deal.to_act, rng)
    assert other.legal_moves() == deal.legal_moves()
    assert greedy_move(other) == greedy_move(deal)
