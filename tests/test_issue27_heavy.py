"""Issue 27: the heavy-first reading of the opponents' plays, true of greedy seats and never
leaving the sampler without a deal."""

from __future__ import annotations

import random

import pytest
from test_ai_block import positions

from game.blocks.ai.bits import mask_of
from game.blocks.ai.knowledge import Knowledge
from game.blocks.greedy import greedy_decision
from game.core.match import Match
from game.core.phases import Phase


def true_hands(match: Match) -> list[int]:
    state = match.round
    return [mask_of(h) for h in (state.play.hands if state.play is not None else state.hands)]


def test_heavy_first_bans_hold_for_greedy_opponents_and_add_to_the_passes():
    added = 0
    for game in ("chiva", "dekabes"):
        for seed in range(4):
            match = Match(game, ("human",) * 4, seed=seed)
            rng = random.Random(seed)
            while match.phase is not Phase.MATCH_OVER:
                if match.round.is_over:
                    match.next_round()
                    continue
                view = match.view_for(match.to_act)
                know = Knowledge.of(view)
                heavy = know.heavy_first(view)
                truth = true_hands(match)
                for seat in range(4):
                    assert heavy.banned[seat] & know.banned[seat] == know.banned[seat]
                    if (seat - know.me) & 1:
                        assert not truth[seat] & heavy.banned[seat], "a greedy seat holds a tile banned to it"
                    else:
                        assert heavy.banned[seat] == know.banned[seat], "only the opponents are read heavy-first"
                added += sum((h ^ k).bit_count() for h, k in zip(heavy.banned, know.banned))
                match.push(greedy_decision(view, rng))
    assert added > 1000


@pytest.mark.slow
def test_heavy_first_bans_of_random_seats_always_leave_a_deal():
    read = 0
    for game in ("chiva", "dekabes"):
        for match in positions(game, range(30), stride=2):
            view = match.view_for(match.to_act)
            know = Knowledge.of(view)
            heavy = know.heavy_first(view)
            assert heavy.deals().consistent
            read += heavy.banned != know.banned
    assert read > 100
