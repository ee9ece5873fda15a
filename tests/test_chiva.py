"""Chiva rules 1-9 and the worked example."""

import pytest
from helpers import hands, match_on

from game.blocks.chiva import ChivaRules, streaks_after
from game.blocks.moves import THROW_IN, Play
from game.blocks.play import PlayEnd, Termination
from game.blocks.result import OPEN_WITH_DOUBLE_SIX, Opening, OpeningKind, RoundStart
from game.core.errors import IllegalMove
from game.core.match import Match
from game.core.phases import Phase
from game.core.tiles import DOUBLE_SIX

RULES = ChivaRules()
START = RoundStart(3, (0, 0), 1, Opening(OpeningKind.SEAT, 2))


def domino(seat, pips):
    return PlayEnd(Termination.DOMINO, seat, pips, False)


def block(pips):
    return PlayEnd(Termination.BLOCK, None, pips, False)


def finish_round(match):
    while not match.round.is_over:
        match.push(match.legal_moves()[0])


def test_chiva_rule1_first_round_holder_of_double_six_leads_it():
    match = Match("chiva", ("human",) * 4, seed=11)
    holder = next(s for s in range(1, 5) if DOUBLE_SIX in match.round.hands[s - 1])
    assert match.phase is Phase.PLAYING and match.to_act == holder
    assert match.legal_moves() == [Play(DOUBLE_SIX)]
    other = next(t for t in match.round.hands[holder - 1] if t != DOUBLE_SIX)
    with pytest.raises(IllegalMove) as refused:
        match.push(Play(other))
    assert refused.value.code == "must_lead"


def test_chiva_rule2_domino_wins_and_dominoer_opens_with_any_tile():
    result = RULES.score(START, domino(4, (5, 9, 3, 0)), opener=2)
    assert result.winner == "B" and result.next_opening == Opening(OpeningKind.SEAT, 4)
    for seed in range(50):
        match = Match("chiva", ("greedy",) * 4, seed=seed)
        match.run_computers()
        if match.round.result.termination is Termination.DOMINO:
            break
    dominoer = match.round.result.domino_seat
    match.next_round()
    assert match.to_act == dominoer
    assert {m.tile for m in match.legal_moves()} == set(match.round.hands[dominoer - 1])


def test_chiva_rule3_block_fewer_team_pips_wins_lighter_partner_opens():
    result = RULES.score(START, block((10, 4, 2, 30)), opener=2)
    assert result.winner == "A"  # 12 against 34
    assert result.next_opening == Opening(OpeningKind.SEAT, 3)
    equal = RULES.score(START, block((7, 20, 7, 1)), opener=2)
    assert equal.winner == "A" and equal.next_opening.seat == 1  # equal partners: lower seat


def test_chiva_rule3_block_through_the_match_lighter_partner_opens():
    for seed in range(200):
        match = Match("chiva", ("greedy",) * 4, seed=seed)
        match.run_computers()
        result = match.round.result
        if result.termination is Termination.BLOCK and result.winner is not None:
            break
    seats = (1, 3) if result.winner == "A" else (2, 4)
    lighter = min(seats, key=lambda s: (result.pips[s - 1], s))
    match.next_round()
    assert match.to_act == lighter and len(match.legal_moves()) == 7


def test_chiva_rule4_tie_nobody_wins_streaks_stay_double_six_opens():
    start = RoundStart(4, (2, 0), 1, Opening(OpeningKind.SEAT, 1))
    result = RULES.score(start, block((10, 5, 6, 11)), opener=1)
    assert result.winner is None and result.score_after == (2, 0)
    assert result.next_opening == OPEN_WITH_DOUBLE_SIX
    nxt = RULES.next_start(start, result)
    assert nxt.opening == OPEN_WITH_DOUBLE_SIX and nxt.score == (2, 0)


def test_chiva_rule5_opener_never_hands_the_opening_to_a_partner():
    for seed in range(100):
        match = Match("chiva", ("greedy",) * 4, seed=seed)
        match.run_computers()
        if match.round.result.winner is not None:
            break
    expected = match.round.result.next_opening.seat
    match.next_round()
    assert match.phase is Phase.PLAYING and match.to_act == expected
    assert not any(type(m).__name__ == "Choose" for m in match.legal_moves())


def test_chiva_rule6_only_won_rounds_count_no_pips_no_bonus():
    heavy = RULES.score(START, domino(1, (0, 60, 50, 40)), opener=2)
    light = RULES.score(START, domino(1, (0, 1, 0, 0)), opener=2)
    assert heavy.score_after == light.score_after == (1, 0)
    assert heavy.points == 0 and not heavy.dekabes


def test_chiva_rule7_streak_of_four_against_zero_wins_the_match():
    assert streaks_after((0, 0), "A") == (1, 0)
    assert streaks_after((3, 0), "A") == (4, 0)
    result = RULES.score(RoundStart(9, (3, 0), 1, START.opening), domino(3, (1, 2, 0, 4)), opener=1)
    assert result.match_winner == "A"
    assert RULES.score(RoundStart(9, (2, 0), 1, START.opening), domino(3, (1, 2, 0, 4)), 1).match_winner is None


def test_chiva_rule8_broken_streak_resets_both_and_winner_still_opens():
    assert streaks_after((2, 0), "B") == (0, 0)
    result = RULES.score(RoundStart(5, (0, 3), 1, START.opening), domino(1, (0, 9, 9, 9)), opener=4)
    assert result.score_after == (0, 0)
    assert result.next_opening == Opening(OpeningKind.SEAT, 1)  # not 6-6


def test_chiva_rule8_example_a2_b0_then_b_wins_twice():
    score = streaks_after((2, 0), "B")
    assert score == (0, 0)
    assert streaks_after(score, "B") == (0, 1)


def test_chiva_rule9_five_doubles_do_not_cancel_the_deal():
    deal = hands(
        "0-0 1-1 2-2 3-3 4-4 0-1 0-2",
        "5-5 6-6 0-3 0-4 0-5 0-6 1-2",
        "1-3 1-4 1-5 1-6 2-3 2-4 2-5",
        "2-6 3-4 3-5 3-6 4-5 4-6 5-6",
    )
    match = match_on("chiva", {(1, 0): deal})
    assert match.phase is Phase.PLAYING and match.to_act == 2
    assert THROW_IN not in match.legal_moves()
    with pytest.raises(IllegalMove):
        match.push(THROW_IN)


def test_chiva_full_match_streak_bookkeeping_matches_results():
    match = Match("chiva", ("random", "greedy", "random", "greedy"), seed=3)
    score = (0, 0)
    while True:
        match.run_computers()
        result = match.round.result
        score = streaks_after(score, result.winner)
        assert result.score_after == score and min(score) == 0
        if match.phase is Phase.MATCH_OVER:
            break
        match.next_round()
    assert max(score) == 4 and match.winner == ("A" if score[0] == 4 else "B")
