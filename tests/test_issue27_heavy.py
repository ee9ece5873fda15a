"""Issue 27: the heavy-first reading of the opponents' plays, true of greedy seats and never
leaving the sampler without a deal."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from test_ai_block import positions

from game.blocks.ai.bits import mask_of
from game.blocks.ai.knowledge import Knowledge
from game.blocks.greedy import greedy_decision
from game.blocks.view import BlockView
from game.core.match import Match
from game.core.phases import Phase
from game.core.player import random_decision


def true_hands(match: Match) -> list[int]:
    state = match.round
    return [mask_of(h) for h in (state.play.hands if state.play is not None else state.hands)]


def played_through(seats: tuple[str, ...], seeds: range) -> Iterator[tuple[Match, BlockView]]:
    """Every decision of whole Chiva and Dékabès matches (of ``seeds``) with ``seats`` as
    "greedy" or "random" players ("human" seats play greedy), as the match and the view of the
    seat to act; the seat's decision is pushed once the caller is done with the view."""
    for game in ("chiva", "dekabes"):
        for seed in seeds:
            match = Match(game, ("human",) * 4, seed=seed)
            rng = random.Random(seed)
            while match.phase is not Phase.MATCH_OVER:
                if match.round.is_over:
                    match.next_round()
                    continue
                view = match.view_for(match.to_act)
                yield match, view
                kind = seats[match.to_act - 1]
                match.push(random_decision(view, rng) if kind == "random" else greedy_decision(view, rng))


def test_heavy_first_bans_hold_for_greedy_opponents_and_add_to_the_passes():
    added = 0
    for match, view in played_through(("greedy",) * 4, range(4)):
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
    assert added > 1000


def test_heavy_first_reads_only_opponents_whose_plays_bear_it_out():
    """Greedy opponents always shed their heaviest fitting tile; a random seat often plays a tile
    lighter than one it plays later that fitted then, and from then on is not read that way."""
    kept = dropped = 0
    for seats, seeds in (
        (("human", "random", "human", "greedy"), range(0, 4, 2)),
        (("human", "greedy", "human", "random"), range(1, 4, 2)),
    ):
        for _, view in played_through(seats, seeds):
            know = Knowledge.of(view)
            shedders = know.shedders(view)
            for seat in range(4):
                if (seat - know.me) & 1 == 0:
                    assert not shedders >> seat & 1, "only opponents are read heavy-first"
                elif seats[seat] == "greedy":
                    assert shedders >> seat & 1, "a greedy seat's plays always bear the habit out"
                elif seats[seat] == "random":
                    kept += shedders >> seat & 1
                    dropped += not shedders >> seat & 1
    assert dropped > 200 and kept > 0


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
