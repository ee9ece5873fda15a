"""Tien Gow through the match controller: sessions, undo/redo, previews, views, records, CLI."""

import copy
import json

import pytest
from helpers import play_out
from hypothesis import given, settings
from hypothesis import strategies as st

from game import cli
from game.core.errors import IllegalMove, RecordError
from game.core.match import Match
from game.core.phases import Phase
from game.core.record import dumps, match_from_record, match_to_record
from game.tiengow.deal import TrickPlay


def snapshot(match):
    return dumps(match_to_record(match)), [match.view_for(s) for s in range(1, 5)]


def test_tiengow_first_banker_comes_from_the_seed_and_leads():
    bankers = {Match("tiengow", ("random",) * 4, seed=s).start.banker for s in range(40)}
    assert bankers == {1, 2, 3, 4}
    match = Match("tiengow", ("random",) * 4, seed=7)
    assert match.to_act == match.start.banker == Match("tiengow", ("random",) * 4, seed=7).start.banker


def test_tiengow_next_deal_banker_is_last_winner_and_totals_run_on():
    match = Match("tiengow", ("random", "greedy", "random", "greedy"), seed=3)
    totals = [0, 0, 0, 0]
    for _ in range(3):
        match.run_computers()
        result = match.round.result
        totals = [a + b for a, b in zip(totals, result.total)]
        assert sum(result.total) == 0
        winner = result.last_winner
        match.next_round()
        assert match.start.banker == winner and list(match.start.totals) == totals


def test_tiengow_session_without_a_deal_limit_never_ends_and_limit_ends_it():
    endless = Match("tiengow", ("greedy",) * 4, seed=1)
    endless.run_computers()
    assert endless.phase is Phase.ROUND_OVER
    bounded = Match("tiengow", ("greedy",) * 4, seed=1, deals=1)
    bounded.run_computers()
    assert bounded.phase is Phase.MATCH_OVER
    with pytest.raises(IllegalMove):
        bounded.next_round()


def test_tiengow_view_hides_other_face_down_tiles_and_hands_until_the_deal_ends():
    match = Match("tiengow", ("human", "greedy", "greedy", "greedy"), seed=11)
    saw_hidden = False
    while not match.round.is_over:
        view = match.view_for(1)
        for trick in view.tricks:
            for play in trick.plays:
                if play.face_down and play.seat != 1:
                    assert play.tiles is None and play.count == len(trick.plays[0].tiles or ())
                    saw_hidden = True
        assert view.revealed_hands is None
        if match.computer_to_act:
            match.play_computer()
        else:
            match.push(match.legal_moves()[-1])
    assert saw_hidden
    final = match.view_for(1)
    assert final.revealed_hands is not None
    assert all(p.tiles is not None for t in final.tricks for p in t.plays)


def test_tiengow_undo_redo_and_preview_through_the_controller():
    match = Match("tiengow", ("human", "random", "random", "random"), seed=5)
    match.run_computers()
    before = snapshot(match)
    move = match.legal_moves()[0]
    preview = match.preview(move)
    assert snapshot(match) == before and len(preview.view.hand) == len(match.view_for(1).hand) - len(move.tiles)
    match.push(move)
    match.run_computers()
    after = snapshot(match)
    match.undo()
    assert snapshot(match) == before
    match.redo()
    assert snapshot(match) == after


def test_tiengow_refused_play_changes_nothing():
    match = Match("tiengow", ("human",) * 4, seed=5)
    before = snapshot(match)
    foreign = match.round.deal.hand(match.to_act % 4 + 1)[0]
    with pytest.raises(IllegalMove):
        match.push(TrickPlay((foreign,), False))
    with pytest.raises(IllegalMove):
        match.push("pass")
    assert snapshot(match) == before


def test_tiengow_restart_deal_same_hands_same_totals():
    match = Match("tiengow", ("random",) * 4, seed=9)
    match.run_computers()
    match.next_round()
    start, hands = match.start, match.round.deal.dealt_hands
    match.play_computer()
    match.restart_round()
    assert match.start == start and match.round.deal.dealt_hands == hands and not match.decisions


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**31 - 1), st.integers(1, 3))
def test_tiengow_property_records_replay_and_are_reproducible(seed, deals):
    one = Match("tiengow", ("random", "greedy", "random", "greedy"), seed, deals=deals)
    two = Match("tiengow", ("random", "greedy", "random", "greedy"), seed, deals=deals)
    play_out(one)
    play_out(two)
    record = match_to_record(one)
    assert dumps(record) == dumps(match_to_record(two)) and "winner" not in record
    assert len(record["rounds"]) == deals
    assert record["rounds"][-1]["score_after"] == [
        sum(r["result"]["total"][i] for r in record["rounds"]) for i in range(4)
    ]
    assert match_to_record(match_from_record(record)) == record


def test_tiengow_replay_rejects_wrong_score_after_and_wrong_banker(tmp_path, capsys):
    match = Match("tiengow", ("random",) * 4, seed=2, deals=2)
    play_out(match)
    record = match_to_record(match)
    bad = copy.deepcopy(record)
    bad["rounds"][0]["score_after"][0] += 1
    with pytest.raises(RecordError):
        match_from_record(bad)
    bad = copy.deepcopy(record)
    bad["rounds"][1]["banker"] = bad["rounds"][1]["banker"] % 4 + 1
    with pytest.raises(RecordError):
        match_from_record(bad)
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(bad) + "\n")
    assert cli.main(["replay", str(path)]) == 1
    assert "record 1, round 2" in capsys.readouterr().err


def test_tiengow_replay_malformed_tile_is_exit_2(tmp_path):
    match = Match("tiengow", ("random",) * 4, seed=2, deals=1)
    play_out(match)
    bad = match_to_record(match)
    bad["rounds"][0]["tricks"][0]["plays"][0]["tiles"] = ["9-9"]
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(bad) + "\n")
    assert cli.main(["replay", str(path)]) == 2


def test_tiengow_cli_record_deals_and_replay(tmp_path, capsys):
    out = tmp_path / "t.jsonl"
    assert (
        cli.main(
            [
                "record",
                "--game",
                "tiengow",
                "--seed",
                "1",
                "--seats",
                "random,greedy,random,greedy",
                "--matches",
                "3",
                "--deals",
                "2",
                "--out",
                str(out),
            ]
        )
        == 0
    )
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [len(r["rounds"]) for r in records] == [2, 2, 2]
    assert cli.main(["replay", str(out)]) == 0
    assert "ok: 3 records" in capsys.readouterr().out


def test_tiengow_unfinished_record_loads_with_the_trick_in_progress():
    match = Match("tiengow", ("human", "greedy", "greedy", "greedy"), seed=4)
    match.run_computers()
    match.push(match.legal_moves()[0])
    match.play_computer()
    loaded = match_from_record(json.loads(dumps(match_to_record(match))))
    assert loaded.to_act == match.to_act and loaded.legal_moves() == match.legal_moves()
