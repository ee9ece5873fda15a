"""Block games, shared mechanics 1-6 (Chiva and Dékabès)."""

import pytest

from game.blocks.line import Line
from game.blocks.moves import PASS, End, Play
from game.blocks.play import BlockRound, Termination, team_of
from game.core.errors import IllegalMove
from game.core.match import Match
from game.core.tiles import DOUBLE_SIX_SET, Tile, deal, derived_rng, pips

T = Tile.from_str


def tiles(text):
    return [T(t) for t in text.split()]


@pytest.mark.parametrize("seed", range(20))
def test_block_rule1_double_six_set_dealt_seven_each(seed):
    hands = deal(DOUBLE_SIX_SET, derived_rng("t", seed))
    assert [len(h) for h in hands] == [7, 7, 7, 7]
    assert sorted(t for h in hands for t in h) == sorted(DOUBLE_SIX_SET)
    assert len(DOUBLE_SIX_SET) == 28 and str(DOUBLE_SIX_SET[0]) == "0-0" and str(DOUBLE_SIX_SET[-1]) == "6-6"


def test_block_rule1_same_seed_same_deal_and_fresh_seed_is_recorded():
    assert deal(DOUBLE_SIX_SET, derived_rng("x", 5)) == deal(DOUBLE_SIX_SET, derived_rng("x", 5))
    match = Match("chiva", ("random",) * 4)
    again = Match("chiva", ("random",) * 4, seed=match.seed)
    assert match.round.hands == again.round.hands


def test_block_rule2_partners_sit_opposite():
    assert [team_of(s) for s in (1, 2, 3, 4)] == ["A", "B", "A", "B"]


def test_block_rule3_line_two_ends_doubles_open_no_branch():
    line = Line()
    assert line.ends is None
    line.place(T("6-6"), None)
    assert line.ends == (6, 6)
    line.place(T("5-6"), End.LEFT)
    placed = line.place(T("2-6"), End.RIGHT)
    assert (placed.left, placed.right) == (6, 2)
    assert line.ends == (5, 2)
    assert [(p.left, p.right) for p in line.tiles] == [(5, 6), (6, 6), (6, 2)]
    assert line.fits(T("3-6")) == ()  # the double opened no third end


def test_block_rule3_first_tile_lies_as_written_and_left_goes_before_leftmost():
    line = Line()
    line.place(T("2-5"), None)
    assert line.ends == (2, 5)
    placed = line.place(T("1-2"), End.LEFT)
    assert (placed.left, placed.right) == (1, 2) and line.tiles[0] is placed


def test_block_rule4_must_play_when_a_tile_fits_and_choose_the_end():
    rnd = BlockRound([tiles("3-3 3-4"), tiles("0-3 6-6"), tiles("1-1"), tiles("2-2")], opener=1)
    rnd.push(Play(T("3-3")))
    with pytest.raises(IllegalMove) as refused:
        rnd.push(PASS)
    assert refused.value.code == "must_play"
    assert set(rnd.legal_moves()) == {Play(T("0-3"), End.LEFT), Play(T("0-3"), End.RIGHT)}
    with pytest.raises(IllegalMove):
        rnd.push(Play(T("0-3")))  # the end must be named
    rnd.push(Play(T("0-3"), End.RIGHT))
    assert rnd.legal_moves() == [PASS]
    rnd.push(PASS)
    assert rnd.turns[-1].ends == (3, 0)


def test_block_rule4_no_drawing_a_seat_without_a_fit_only_passes():
    rnd = BlockRound([tiles("5-5 5-6"), tiles("0-1"), tiles("1-1"), tiles("6-6")], opener=1)
    rnd.push(Play(T("5-5")))
    assert rnd.legal_moves() == [PASS]
    with pytest.raises(IllegalMove) as refused:
        rnd.push(Play(T("0-1"), End.LEFT))
    assert refused.value.code == "does_not_fit"


def test_block_rule5_domino_ends_the_round():
    rnd = BlockRound([tiles("3-3 3-5"), tiles("0-0 6-6"), tiles("1-1"), tiles("2-2")], opener=1)
    for move in (Play(T("3-3")), PASS, PASS, PASS, Play(T("3-5"), End.LEFT)):
        rnd.push(move)
    assert rnd.end.termination is Termination.DOMINO and rnd.end.seat == 1
    assert rnd.legal_moves() == []


def test_block_rule5_block_ends_at_once_without_recorded_passes():
    rnd = BlockRound([tiles("3-3 0-0"), tiles("3-4 6-6"), tiles("1-1"), tiles("2-2")], opener=1)
    rnd.push(Play(T("3-3")))
    rnd.push(Play(T("3-4"), End.RIGHT))
    # ends 3 and 4: nobody holds a 3 or a 4 any more
    assert rnd.end.termination is Termination.BLOCK
    assert len(rnd.turns) == 2 and rnd.to_act == 2


def test_block_rule6_pips_are_the_sum_of_both_numbers():
    assert T("3-5").pips == 8 and pips(tiles("0-0 6-6 1-2")) == 15
    rnd = BlockRound([tiles("3-3 0-0"), tiles("3-4 6-6"), tiles("1-1"), tiles("2-2 2-5")], opener=1)
    rnd.push(Play(T("3-3")))
    rnd.push(Play(T("3-4"), End.RIGHT))
    assert rnd.end.pips == (0, 12, 2, 11)


def test_block_copy_is_independent_of_its_original():
    hands = deal(DOUBLE_SIX_SET, derived_rng("copy", 1))
    rnd = BlockRound(hands, opener=2)
    rng = derived_rng("copy-moves", 1)
    while not rnd.is_over:
        before = ([list(h) for h in rnd.hands], list(rnd.line.tiles), rnd.to_act, list(rnd._count), list(rnd.turns))
        twin = rnd.copy()
        twin.push(rng.choice(twin.legal_moves()))
        assert (
            [list(h) for h in rnd.hands],
            list(rnd.line.tiles),
            rnd.to_act,
            list(rnd._count),
            list(rnd.turns),
        ) == before
        rnd.push(twin.turns[-1].move)
        assert rnd.hands == twin.hands and rnd.line.tiles == twin.line.tiles and rnd.end == twin.end
