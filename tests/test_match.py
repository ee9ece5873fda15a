"""The match controller: previews, undo/redo, restart, new match, refusals, views."""

import pytest

from game.blocks.moves import ACCEPT, PASS, Choose, End, Play
from game.core.errors import IllegalMove
from game.core.match import Match, NewMatch, NextRound, Redo, RestartRound, Undo
from game.core.phases import Phase
from game.core.record import dumps, match_to_record
from game.core.tiles import DOUBLE_SIX, Tile

T = Tile.from_str


def snapshot(match):
    return dumps(match_to_record(match)), [match.view_for(s) for s in range(1, 5)]


def human_to_act(match):
    match.run_computers()
    return match


def test_preview_shows_the_line_after_and_changes_nothing():
    match = Match("chiva", ("human", "greedy", "greedy", "greedy"), seed=4)
    match.run_computers()
    before = snapshot(match)
    move = match.legal_moves()[0]
    preview = match.preview(move)
    assert snapshot(match) == before
    assert len(preview.view.line) == len(match.view_for(1).line) + 1
    assert any(p.tile == move.tile for p in preview.view.line)


def test_preview_of_an_illegal_command_raises_and_changes_nothing():
    match = human_to_act(Match("chiva", ("human", "greedy", "greedy", "greedy"), seed=4))
    before = snapshot(match)
    held = set(match.round.play.hands[0])
    stranger = next(t for t in match.round.play.hands[1] if t not in held)
    with pytest.raises(IllegalMove):
        match.preview(Play(stranger, End.LEFT))
    assert snapshot(match) == before


def test_legal_moves_of_a_tile_are_the_ends_it_fits():
    match = human_to_act(Match("chiva", ("human", "greedy", "greedy", "greedy"), seed=9))
    play = match.round.play
    for tile in play.hands[0]:
        ends = [m.end for m in match.legal_moves() if isinstance(m, Play) and m.tile is tile]
        fits = (
            [] if play.line.ends is None else [e for e, n in zip((End.LEFT, End.RIGHT), play.line.ends) if tile.has(n)]
        )
        assert ends == (fits if play.line.ends is not None else ends)
        if not ends:
            assert not any(match.is_legal(Play(tile, e)) for e in (End.LEFT, End.RIGHT, None))


def test_undo_takes_back_the_person_and_the_computers_after_and_redo_restores():
    match = human_to_act(Match("chiva", ("human", "random", "random", "random"), seed=21))
    if match.round.is_over:
        pytest.skip("round ended before the person acted")
    before = snapshot(match)
    match.push(match.legal_moves()[-1])
    match.run_computers()
    after = snapshot(match)
    match.undo()
    assert snapshot(match) == before and match.to_act == 1
    match.redo()
    assert snapshot(match) == after
    with pytest.raises(IllegalMove):
        match.redo()


def test_undo_with_nothing_to_undo_is_refused_and_changes_nothing():
    match = Match("chiva", ("random",) * 4, seed=2)
    match.run_computers()
    before = snapshot(match)
    with pytest.raises(IllegalMove) as refused:
        match.undo()
    assert refused.value.code == "nothing_to_undo" and snapshot(match) == before


def test_new_decision_clears_redo():
    match = human_to_act(Match("chiva", ("human", "random", "random", "random"), seed=21))
    match.push(match.legal_moves()[0])
    match.run_computers()
    match.undo()
    assert match.can_redo
    match.push(match.legal_moves()[0])
    assert not match.can_redo


def test_restart_round_keeps_the_deal_and_the_score_from_before():
    match = Match("chiva", ("random",) * 4, seed=8)
    match.run_computers()
    match.next_round()
    start, hands = match.start, match.round.hands
    match.push(match.computer_decision())
    match.run_computers()
    match.restart_round()
    assert match.start == start and match.round.hands == hands
    assert match.decisions == [] and match.round.play.turns == []


def test_new_match_starts_from_zero_with_the_double_six():
    match = Match("dekabes", ("random",) * 4, seed=8)
    match.run_computers()
    match.next_round()
    match.new_match(seed=99)
    assert match.seed == 99 and match.start.number == 1 and match.start.score == (0, 0)
    assert match.finished == []
    while match.phase is Phase.ACCEPTING:
        match.push(ACCEPT)
    assert match.legal_moves() == [Play(DOUBLE_SIX)]


def test_next_round_refused_while_round_in_play_and_after_match_end():
    match = Match("chiva", ("human",) * 4, seed=1)
    with pytest.raises(IllegalMove):
        match.next_round()
    match = Match("chiva", ("random",) * 4, seed=1)
    while match.phase is not Phase.MATCH_OVER:
        match.run_computers()
        if match.phase is not Phase.MATCH_OVER:
            match.next_round()
    before = snapshot(match)
    with pytest.raises(IllegalMove):
        match.next_round()
    assert snapshot(match) == before


def test_commands_as_values_execute_and_preview():
    match = Match("chiva", ("random",) * 4, seed=5)
    match.run_computers()
    preview = match.preview(NextRound())
    assert preview.view.round_number == 2 and match.start.number == 1
    match.execute(NextRound())
    assert match.start.number == 2
    match.execute(RestartRound())
    match.execute(NewMatch(7))
    assert match.seed == 7
    for command in (Undo(), Redo()):
        with pytest.raises(IllegalMove):
            match.execute(command)


def test_not_your_turn_refused():
    match = Match("chiva", ("human",) * 4, seed=1)
    wrong = match.to_act % 4 + 1
    with pytest.raises(IllegalMove) as refused:
        match.push(match.legal_moves()[0], seat=wrong)
    assert refused.value.code == "not_your_turn"


def test_wrong_decision_kind_refused_in_each_phase():
    match = Match("dekabes", ("human",) * 4, seed=1)
    for wrong in (PASS, Choose(1), Play(T("0-0"))):
        with pytest.raises(IllegalMove):
            match.push(wrong)


def test_view_hides_other_hands_and_is_unchanged_when_they_are_redealt():
    match = Match("chiva", ("human", "random", "random", "random"), seed=30)
    match.run_computers()
    view = match.view_for(1)
    assert view.revealed_hands is None and view.hand == tuple(match.round.play.hands[0])
    assert "seed" not in type(view).__dataclass_fields__
    # swap two hidden tiles between seats 2 and 3: seat 1's view must not change
    play = match.round.play
    if play.hands[1] and play.hands[2]:
        play.hands[1][0], play.hands[2][0] = play.hands[2][0], play.hands[1][0]
        assert match.view_for(1) == view


def test_view_reports_passes_and_the_numbers_passed_on():
    match = Match("chiva", ("random",) * 4, seed=12)
    match.run_computers()
    view = match.view_for(1)
    for turn in view.turns:
        if turn.move == PASS:
            assert set(turn.ends) <= view.passed_on[turn.seat - 1]
    assert view.revealed_hands is not None and view.result is not None
