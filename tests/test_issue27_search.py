"""Issue 27: the exact search of sampled Chiva and Dékabès deals, its honesty and determinism."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from redeal import redealt_block_record
from test_ai_block import positions

from game.blocks.ai import player
from game.blocks.ai.bits import DOUBLES, HIGH, LOW, NUMBER
from game.blocks.ai.knowledge import Knowledge
from game.blocks.ai.playout import block_outcome, domino_outcome
from game.blocks.ai.search import Solver
from game.blocks.moves import Play
from game.core import computer as ai
from game.core.phases import Phase
from game.core.record import match_from_record, match_to_record

WORTH = (0.7, 0.9, 0.3, 0.1, 0.5)  # WIN, WIN_DEKABES, LOSS, LOSS_DEKABES, TIE


def minimax(
    hands: list[int], left: int, right: int, seat: int, team: int, dekabes: bool, rank, heavy: bool = False
) -> int:
    """The rank of the outcome both teams steer to, by plain minimax (no pruning, no table); with
    ``heavy`` the other team sheds its heaviest fitting tile, on the lower end if it fits both."""
    ends = NUMBER[left] | NUMBER[right]
    while not hands[seat] & ends:
        seat = (seat + 1) & 3
    rest = hands[0] | hands[1] | hands[2] | hands[3]
    found = []
    fits = hands[seat] & ends
    if heavy and seat & 1 != team:
        fits = 1 << fits.bit_length() - 1
    while fits:
        bit = fits & -fits
        fits ^= bit
        i = bit.bit_length() - 1
        placements = []
        if bit & NUMBER[left]:
            placements.append((HIGH[i] if LOW[i] == left else LOW[i], right))
        if bit & NUMBER[right]:
            placements.append((left, HIGH[i] if LOW[i] == right else LOW[i]))
        if heavy and seat & 1 != team:
            placements = placements[1:] if len(placements) == 2 and right < left else placements[:1]
        for new_left, new_right in placements:
            after = list(hands)
            after[seat] ^= bit
            if not after[seat]:
                both = not DOUBLES & bit and bool(bit & NUMBER[left]) and bool(bit & NUMBER[right])
                found.append(rank[domino_outcome(seat, both, team, dekabes)])
            elif not (rest ^ bit) & (NUMBER[new_left] | NUMBER[new_right]):
                found.append(rank[block_outcome(after, team, dekabes)])
            else:
                found.append(minimax(after, new_left, new_right, (seat + 1) & 3, team, dekabes, rank, heavy))
    return max(found) if seat & 1 == team else min(found)


def small_positions(count: int, seed: int):
    """Random positions with one to three tiles a hand after a first tile, some seat to act."""
    rng = random.Random(seed)
    while count:
        tiles = list(range(28))
        rng.shuffle(tiles)
        size = rng.randint(1, 3)
        hands = [sum(1 << t for t in tiles[1 + s * size : 1 + (s + 1) * size]) for s in range(4)]
        left, right = LOW[tiles[0]], HIGH[tiles[0]]
        if (hands[0] | hands[1] | hands[2] | hands[3]) & (NUMBER[left] | NUMBER[right]):
            count -= 1
            yield hands, left, right, rng.randrange(4), rng.randrange(2), rng.random() < 0.5


def test_search_finds_the_minimax_outcome_of_small_deals_in_both_games():
    checked = {False: 0, True: 0}
    for hands, left, right, seat, team, dekabes in small_positions(400, 27):
        solver = Solver(team, dekabes, WORTH, 10**9)
        outcome = solver.outcome(list(hands), left, right, seat)
        assert outcome is not None
        assert solver.rank[outcome] == minimax(hands, left, right, seat, team, dekabes, solver.rank)
        checked[dekabes] += 1
    assert min(checked.values()) > 100


def test_search_with_heavy_opponents_finds_the_outcome_of_shedding_the_heaviest_in_both_games():
    checked = {False: 0, True: 0}
    for hands, left, right, seat, team, dekabes in small_positions(400, 28):
        solver = Solver(team, dekabes, WORTH, 10**9, heavy=0b1010 >> team)
        outcome = solver.outcome(list(hands), left, right, seat)
        assert outcome is not None
        assert solver.rank[outcome] == minimax(hands, left, right, seat, team, dekabes, solver.rank, heavy=True)
        checked[dekabes] += 1
    assert min(checked.values()) > 100


def test_search_shares_its_table_between_calls_and_leaves_the_hands_as_they_were():
    hands, left, right, seat, team, dekabes = next(
        p for p in small_positions(50, 3) if sum(map(int.bit_count, p[0])) > 9
    )
    solver = Solver(team, dekabes, WORTH, 10**9)
    first = solver.outcome(hands, left, right, seat)
    met = solver.nodes
    assert hands == next(p for p in small_positions(50, 3) if sum(map(int.bit_count, p[0])) > 9)[0]
    assert solver.outcome(hands, left, right, seat) == first and solver.nodes == met


def test_search_past_its_limit_says_so_and_the_player_plays_that_deal_out():
    hands, left, right, seat, team, dekabes = next(
        p for p in small_positions(50, 5) if sum(map(int.bit_count, p[0])) > 9
    )
    assert Solver(team, dekabes, WORTH, 1).outcome(hands, left, right, seat) is None
    match = late_positions("chiva", 1)[0]
    view = match.view_for(match.to_act)
    know = Knowledge.of(view)
    plays = [c for c in player.candidates_of(view) if isinstance(c, Play)]
    deals = player.PlausibleDeals(know, view, player.LEVEL_SETTINGS["hard"], random.Random(1)).draw(6)
    level = replace(player.LEVEL_SETTINGS["hard"], search_limit=0)
    policies = player.policies_of(level, know.team, 0)
    found = player.searched_outcomes(
        know, plays, deals, False, WORTH, level, 0, policies, (0.3, 0.9, 0.3, 0.9), random.Random(2)
    )
    assert [len(seen) for seen in found] == [6] * len(plays)


def late_positions(game: str, count: int) -> list:
    """Positions with a choice of plays where the hard level searches exactly."""
    found = []
    for match in positions(game, range(40), stride=1):
        view = match.view_for(match.to_act)
        know = Knowledge.of(view)
        tiles = (know.hand | know.hidden).bit_count()
        if view.phase is Phase.PLAYING and len(view.legal) > 1 and tiles <= player.LEVEL_SETTINGS["hard"].exact_tiles:
            found.append(match)
            if len(found) == count:
                break
    return found


@pytest.mark.parametrize("game", ["chiva", "dekabes"])
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_ai_honesty_the_exact_search_decides_the_same_behind_a_redealt_record(game, level):
    for k, match in enumerate(late_positions(game, 6 if level == "normal" else 2)):
        seat = match.to_act
        other = match_from_record(redealt_block_record(match_to_record(match), seat, random.Random(k)))
        view, other_view = match.view_for(seat), other.view_for(seat)
        assert other_view == view
        assert other.round.play.hands != match.round.play.hands or len(view.hand) == sum(view.tile_counts)
        assert ai.decide(view, level, random.Random(k)) == ai.decide(other_view, level, random.Random(k))


@pytest.mark.parametrize("game", ["chiva", "dekabes"])
def test_ai_exact_search_is_deterministic_under_a_seed_and_its_hint_agrees(game):
    for k, match in enumerate(late_positions(game, 4)):
        view = match.view_for(match.to_act)
        first = ai.decide(view, "hard", random.Random(k))
        assert ai.decide(view, "hard", random.Random(k)) == first
        assert ai.hint(view, "hard", random.Random(k)).decision == first
