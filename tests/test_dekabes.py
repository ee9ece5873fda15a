"""Dékabès rules 1-9 and the worked examples."""

import pytest
from helpers import hands, match_on

from game.blocks.dekabes import DekabesRules, block_winner
from game.blocks.moves import ACCEPT, PASS, THROW_IN, Choose, End, Play
from game.blocks.play import BlockRound, PlayEnd, Termination
from game.blocks.result import Opening, OpeningKind, RoundStart
from game.core.errors import IllegalMove
from game.core.match import Match
from game.core.phases import Phase
from game.core.tiles import DOUBLE_SIX, Tile

T = Tile.from_str
RULES = DekabesRules()
CHOOSE_1 = Opening(OpeningKind.CHOOSE, 1)
FIVE_DOUBLES = hands(
    "0-0 1-1 2-2 3-3 4-4 0-1 0-2",
    "5-5 6-6 0-3 0-4 0-5 0-6 1-2",
    "1-3 1-4 1-5 1-6 2-3 2-4 2-5",
    "2-6 3-4 3-5 3-6 4-5 4-6 5-6",
)
PLAIN = hands(
    "0-0 1-2 1-3 2-4 3-5 4-6 0-1",
    "1-1 2-3 2-5 3-6 0-2 1-4 5-6",
    "2-2 3-4 0-3 1-5 4-5 0-6 6-6",
    "3-3 4-4 5-5 0-4 0-5 1-6 2-6",
)


def start(score=(0, 0), base=1, opening=CHOOSE_1):
    return RoundStart(2, score, base, opening)


def domino(seat, pips, fits_both=False):
    return PlayEnd(Termination.DOMINO, seat, pips, fits_both)


def block(pips):
    return PlayEnd(Termination.BLOCK, None, pips, False)


def accept_all(match):
    while match.phase is Phase.ACCEPTING:
        match.push(ACCEPT)


def test_dekabes_rule1_each_seat_accepts_in_order_then_play():
    match = match_on("dekabes", {(1, 0): PLAIN})
    seen = []
    while match.phase is Phase.ACCEPTING:
        seen.append(match.to_act)
        assert match.legal_moves() == [ACCEPT]
        match.push(ACCEPT)
    assert seen == [1, 2, 3, 4] and match.phase is Phase.PLAYING


def test_dekabes_rule1_five_doubles_may_throw_in_same_round_scores_and_base():
    match = match_on("dekabes", {(1, 0): FIVE_DOUBLES, (1, 1): PLAIN})
    assert match.view_for(1).may_throw_in and THROW_IN in match.legal_moves()
    match.push(THROW_IN)
    assert match.phase is Phase.ACCEPTING and match.to_act == 1
    assert match.round.hands == PLAIN and match.start.number == 1 and match.start.score == (0, 0)
    assert match.round.deals[0].redeal_by == 1
    with pytest.raises(IllegalMove) as refused:
        match.push(THROW_IN)
    assert refused.value.code == "throw_in_needs_five_doubles"


def test_dekabes_rule1_never_automatic_a_person_may_keep_five_doubles():
    match = match_on("dekabes", {(1, 0): FIVE_DOUBLES})
    match.push(ACCEPT)
    accept_all(match)
    assert match.round.hands == FIVE_DOUBLES and len(match.round.deals) == 1


def test_dekabes_rule1_thrown_in_by_the_third_seat_after_two_accepted():
    rotated = (FIVE_DOUBLES[1], FIVE_DOUBLES[2], FIVE_DOUBLES[0], FIVE_DOUBLES[3])
    match = match_on("dekabes", {(1, 0): rotated, (1, 1): PLAIN})
    match.push(ACCEPT)
    match.push(ACCEPT)
    assert match.to_act == 3
    match.push(THROW_IN)
    deal = match.round.deals[0]
    assert deal.accepted == [1, 2] and deal.redeal_by == 3


def test_dekabes_rule2_first_round_opens_with_double_six():
    match = match_on("dekabes", {(1, 0): PLAIN})
    accept_all(match)
    assert match.round.chooser is None and match.to_act == 3
    assert match.legal_moves() == [Play(DOUBLE_SIX)]


def test_dekabes_rule2_representative_after_domino_is_the_dominoer():
    result = RULES.score(start(), domino(4, (3, 5, 9, 0)), opener=1)
    assert result.next_opening == Opening(OpeningKind.CHOOSE, 4)


def test_dekabes_rule2_representative_after_block_is_lowest_then_lower_seat():
    assert RULES.score(start(), block((9, 8, 3, 12)), 1).next_opening.seat == 3
    assert RULES.score(start(), block((4, 8, 4, 12)), 1).next_opening.seat == 1


def test_dekabes_rule2_representative_chooses_partner_or_self_and_that_seat_leads_any_tile():
    for seed in range(100):
        match = Match("dekabes", ("greedy",) * 4, seed=seed)
        match.run_computers()
        if match.round.result.winner is not None and not match.winner:
            break
    rep = match.round.result.next_opening.seat
    match.next_round()
    accept_all(match)
    assert match.phase is Phase.CHOOSING and match.to_act == rep
    partner = (rep + 1) % 4 + 1
    assert set(match.legal_moves()) == {Choose(rep), Choose(partner)}
    other_team = rep % 4 + 1
    with pytest.raises(IllegalMove):
        match.push(Choose(other_team))
    match.push(Choose(partner))
    assert match.to_act == partner and len(match.legal_moves()) == 7


def test_dekabes_rule3_block_fewest_individual_pips_partners_not_added():
    # team A totals 3 + 20 = 23 > team B 4 + 4 = 8, yet seat 1 holds the minimum
    result = RULES.score(start(), block((3, 4, 20, 4)), 1)
    assert result.winner == "A"
    assert block_winner((5, 9, 5, 7)) == 1  # both partners share the minimum, no opponent does


def test_dekabes_rule4_tie_scores_stay_opener_team_chooses_again():
    result = RULES.score(start((2, 1)), block((5, 9, 7, 5)), opener=3)
    assert result.winner is None and result.score_after == (2, 1) and result.points == 0
    assert result.next_opening == Opening(OpeningKind.CHOOSE, 3)


def test_dekabes_rule5_base_two_after_a_tie_not_higher_back_to_one_after_win():
    tie = RULES.score(start(base=1), block((5, 5, 7, 8)), 1)
    assert tie.base_after == 2
    again = RULES.score(start(base=2), block((5, 5, 7, 8)), 1)
    assert again.base_after == 2
    win = RULES.score(start(base=2), domino(2, (4, 0, 7, 8)), 1)
    assert win.points == 2 and win.base_after == 1


def test_dekabes_rule6_last_tile_fitting_both_ends_is_a_dekabes():
    rnd = BlockRound([[T("3-3"), T("3-5")], [T("0-0"), T("6-6")], [T("1-1")], [T("2-2")]], opener=1)
    for move in (Play(T("3-3")), PASS, PASS, PASS, Play(T("3-5"), End.RIGHT)):
        rnd.push(move)
    assert rnd.end.fits_both  # equal ends count
    result = RULES.score(start(), rnd.end, 1)
    assert result.dekabes and result.points == 2


def test_dekabes_rule6_double_or_one_end_fit_is_not_a_dekabes():
    rnd = BlockRound([[T("3-4"), T("4-4")], [T("0-0"), T("6-6")], [T("1-1")], [T("2-2")]], opener=1)
    for move in (Play(T("3-4")), PASS, PASS, PASS, Play(T("4-4"), End.RIGHT)):
        rnd.push(move)
    assert not rnd.end.fits_both
    rnd = BlockRound([[T("3-4"), T("4-5")], [T("0-0"), T("6-6")], [T("1-1")], [T("2-2")]], opener=1)
    for move in (Play(T("3-4")), PASS, PASS, PASS, Play(T("4-5"), End.RIGHT)):
        rnd.push(move)
    assert not rnd.end.fits_both
    assert not RULES.score(start(), block((0, 3, 4, 5)), 1).dekabes


def test_dekabes_rule6_both_ends_different_numbers_fit():
    rnd = BlockRound([[T("3-4")], [T("4-6"), T("0-0")], [T("3-6"), T("2-2")], [T("1-1")]], opener=2)
    for move in (Play(T("4-6")), Play(T("3-6"), End.RIGHT), PASS):
        rnd.push(move)
    assert rnd.line.ends == (4, 3)
    rnd.push(Play(T("3-4"), End.LEFT))
    assert rnd.end.termination is Termination.DOMINO and rnd.end.fits_both


def test_dekabes_rule6_worth_twice_the_base():
    assert RULES.score(start(base=1), domino(1, (0, 1, 2, 3), True), 1).points == 2
    assert RULES.score(start(base=2), domino(1, (0, 1, 2, 3), True), 1).points == 4


def test_dekabes_rule7_winner_adds_loser_returns_to_zero():
    result = RULES.score(start((2, 3)), domino(1, (0, 9, 9, 9)), 2)
    assert result.score_after == (3, 0)


def test_dekabes_rule8_first_to_four_wins_the_match():
    assert RULES.score(start((3, 0)), domino(1, (0, 9, 9, 9)), 2).match_winner == "A"
    assert RULES.score(start((2, 0)), domino(1, (0, 9, 9, 9)), 2).match_winner is None
    assert RULES.score(start((0, 3), base=2), domino(2, (9, 0, 9, 9), True), 1).score_after == (0, 7)


def test_dekabes_rule9_choosing_self_or_partner_never_changes_a_score():
    for seed in range(100):
        match = Match("dekabes", ("greedy",) * 4, seed=seed)
        match.run_computers()
        if match.round.result.winner is not None and not match.winner:
            break
    match.next_round()
    accept_all(match)
    before = (match.start.score, match.start.base)
    for choice in match.legal_moves():
        trial = match.copy()
        trial.push(choice)
        assert (trial.start.score, trial.start.base) == before
        assert trial.view_for(1).score == before[0]


def test_dekabes_examples():
    assert RULES.score(start((3, 0)), domino(1, (0, 5, 5, 5)), 2).score_after == (4, 0)
    assert RULES.score(start((2, 0)), domino(2, (5, 0, 5, 5), True), 1).score_after == (0, 2)
    tie = RULES.score(start((1, 1)), block((5, 5, 6, 6)), 1)
    after_tie = RULES.next_start(start((1, 1)), tie)
    assert RULES.score(after_tie, domino(1, (0, 5, 5, 5), True), 1).points == 4
