"""Issue 27: play-outs in which the opponents shed their heaviest fitting tile."""

from __future__ import annotations

import random

from test_issue27_search import small_positions

from game.blocks.ai.bits import DOUBLES, NUMBER, OTHER
from game.blocks.ai.playout import (
    LOSS,
    LOSS_DEKABES,
    TIE,
    WIN,
    WIN_DEKABES,
    block_outcome,
    domino_outcome,
    play_out,
)


def heaviest_first(hands: list[int], left: int, right: int, seat: int, team: int, dekabes: bool) -> int:
    """The round's outcome when every seat sheds its heaviest fitting tile, on the lower end if it fits both."""
    while True:
        hand = hands[seat]
        fits = hand & (NUMBER[left] | NUMBER[right])
        if fits:
            i = fits.bit_length() - 1
            bit = 1 << i
            on_left, on_right = bool(bit & NUMBER[left]), bool(bit & NUMBER[right])
            hands[seat] ^= bit
            if not hands[seat]:
                return domino_outcome(seat, not DOUBLES & bit and on_left and on_right, team, dekabes)
            if on_left and not (on_right and right < left):
                left = OTHER[left][i]
            else:
                right = OTHER[right][i]
            if not (hands[0] | hands[1] | hands[2] | hands[3]) & (NUMBER[left] | NUMBER[right]):
                return block_outcome(hands, team, dekabes)
        seat = (seat + 1) & 3


def test_playout_seats_without_a_policy_shed_their_heaviest_fitting_tile():
    rng = random.Random(0)
    for hands, left, right, seat, team, dekabes in small_positions(300, 29):
        found = play_out(list(hands), left, right, seat, team, dekabes, (None,) * 4, (0.0,) * 4, rng)
        assert found == heaviest_first(list(hands), left, right, seat, team, dekabes)


def test_playout_outcome_for_the_other_team_is_its_mirror():
    mirror = {WIN: LOSS, WIN_DEKABES: LOSS_DEKABES, LOSS: WIN, LOSS_DEKABES: WIN_DEKABES, TIE: TIE}
    rng = random.Random(1)
    for hands, left, right, seat, team, dekabes in small_positions(200, 30):
        policies = ((1, 3, 2), None, (1, 3, 2), None)
        first = play_out(list(hands), left, right, seat, team, dekabes, policies, (0.0,) * 4, rng)
        other = play_out(list(hands), left, right, seat, 1 - team, dekabes, policies, (0.0,) * 4, rng)
        assert other == mirror[first]
