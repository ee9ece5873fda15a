"""The Chiva and Dékabès computer player and hints: honesty, legality, throw-ins, the CLI."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from helpers import hands, match_on
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from redeal import redealt_block_record

from game import cli
from game.blocks.ai import player as block_player
from game.blocks.ai.equity import outcome_values
from game.blocks.ai.knowledge import Knowledge
from game.blocks.ai.playout import LOSS, LOSS_DEKABES, TIE, WIN, WIN_DEKABES
from game.blocks.chiva import ChivaRules
from game.blocks.codec import decision_to_json
from game.blocks.dekabes import DekabesRules
from game.blocks.moves import ACCEPT, PASS, THROW_IN, Accept, Choose, Pass, Play, ThrowIn
from game.core import computer as ai
from game.core.errors import IllegalMove
from game.core.match import Match
from game.core.phases import Phase
from game.core.record import dumps, match_from_record, match_to_record
from game.core.tiles import derived_rng

ROOT = Path(__file__).resolve().parent.parent
FIVE_DOUBLES = hands(
    "0-0 1-1 2-2 3-3 4-4 0-1 0-2",
    "5-5 6-6 0-3 0-4 0-5 0-6 1-2",
    "1-3 1-4 1-5 1-6 2-3 2-4 2-5",
    "2-6 3-4 3-5 3-6 4-5 4-6 5-6",
)


def walk(game: str, seed: int, steps: int) -> Match:
    """A match between people taking random legal decisions, ``steps`` decisions in
    (stopping early at the end of the match), never stopped on a finished round."""
    match = Match(game, ("human",) * 4, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if match.phase is Phase.MATCH_OVER:
            break
        if match.round.is_over:
            match.next_round()
        match.push(rng.choice(match.legal_moves()))
    if match.round.is_over and match.phase is not Phase.MATCH_OVER:
        match.next_round()
    return match


def kind_of(decision) -> str:
    return type(decision).__name__


def positions(game: str, seeds: range, stride: int = 3, limit: int = 10_000):
    """Unfinished positions: every ``stride``-th decision of random matches, at most ``limit``."""
    found = 0
    for seed in seeds:
        match = Match(game, ("human",) * 4, seed=seed)
        rng = random.Random(seed)
        step = 0
        while match.phase is not Phase.MATCH_OVER:
            if match.round.is_over:
                match.next_round()
                continue
            if step % stride == 0:
                if found == limit:
                    return
                found += 1
                yield match
            match.push(rng.choice(match.legal_moves()))
            step += 1


# --- honesty ---------------------------------------------------------------------------


@pytest.mark.slow
@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(["chiva", "dekabes"]),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 60),
    level=st.sampled_from(["easy", "normal"]),
    k=st.integers(0, 99),
)
def test_ai_honesty_redealing_what_the_seat_cannot_see_changes_nothing(game, seed, steps, level, k):
    match = walk(game, seed, steps)
    if match.phase is Phase.MATCH_OVER:
        return
    seat = match.to_act
    record = match_to_record(match)
    other = match_from_record(redealt_block_record(record, seat, random.Random(seed)))
    view, other_view = match.view_for(seat), other.view_for(seat)
    assert other_view == view
    assert ai.decide(view, level, random.Random(k)) == ai.decide(other_view, level, random.Random(k))


def test_ai_honesty_covers_every_decision_type():
    seen: dict[str, int] = {}
    same = 0
    for game in ("chiva", "dekabes"):
        for match in positions(game, range(6), stride=2, limit=60):
            seat = match.to_act
            view = match.view_for(seat)
            decision = ai.decide(view, "easy", random.Random(seat))
            seen[kind_of(decision)] = seen.get(kind_of(decision), 0) + 1
            if len(view.legal) > 1 or isinstance(decision, (Choose, Pass)):
                other = match_from_record(redealt_block_record(match_to_record(match), seat, random.Random(seat)))
                assert ai.decide(other.view_for(seat), "easy", random.Random(seat)) == decision
                same += 1
    throw = match_on("dekabes", {(1, 0): FIVE_DOUBLES})
    assert ai.decide(throw.view_for(1), "easy", random.Random(0)) is THROW_IN
    assert {"Play", "Pass", "Accept", "Choose"} <= set(seen) and same > 50


# --- legality --------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("game", ["chiva", "dekabes"])
def test_ai_decisions_are_legal_in_thousands_of_positions(game):
    count = 0
    for match in positions(game, range(40), stride=1, limit=1000):
        level = "hard" if count % 500 == 0 else "normal" if count % 50 == 0 else "easy"
        decision = ai.decide(match.view_for(match.to_act), level, random.Random(count))
        assert match.is_legal(decision, match.to_act), (game, count, decision)
        count += 1
    assert count == 1000


@pytest.mark.slow
@pytest.mark.parametrize("game", ["chiva", "dekabes"])
def test_ai_seats_play_whole_matches(game):
    match = Match(game, ("ai", "random", "ai", "greedy"), seed=11, level="easy")
    while match.phase is not Phase.MATCH_OVER:
        match.run_computers()
        if match.phase is not Phase.MATCH_OVER:
            match.next_round()
    assert match.winner in ("A", "B")
    assert match_from_record(json.loads(dumps(match_to_record(match)))).winner == match.winner


def test_ai_refuses_a_view_of_a_seat_not_to_act_and_an_unknown_level():
    match = walk("chiva", 3, 2)
    idle = next(s for s in range(1, 5) if s != match.to_act)
    with pytest.raises(IllegalMove) as refused:
        ai.decide(match.view_for(idle), "normal", random.Random(0))
    assert refused.value.code == "not_your_turn"
    with pytest.raises(IllegalMove) as refused:
        ai.decide(match.view_for(match.to_act), "expert", random.Random(0))
    assert refused.value.code == "unknown_level"


# --- deal acceptance -------------------------------------------------------------------


@pytest.mark.parametrize("level", ai.LEVELS)
@pytest.mark.parametrize("thrower", [1, 2, 3, 4])
def test_dekabes_rule1_the_ai_always_throws_in_when_allowed(thrower, level):
    dealt = list(FIVE_DOUBLES)
    dealt[0], dealt[thrower - 1] = dealt[thrower - 1], dealt[0]
    match = match_on("dekabes", {(1, 0): tuple(dealt)}, seats=("ai",) * 4)
    match.level = level
    for _seat in range(1, thrower):
        assert match.play_computer() is ACCEPT
    assert ai.decide(match.view_for(thrower), level, random.Random(0)) is THROW_IN
    assert match.play_computer() is THROW_IN
    assert match.round.deals[0].redeal_by == thrower


def test_dekabes_rule1_the_ai_accepts_when_it_may_not_throw_in():
    for match in positions("dekabes", range(10), stride=1):
        view = match.view_for(match.to_act)
        if view.phase is Phase.ACCEPTING:
            expected = THROW_IN if view.may_throw_in else ACCEPT
            assert ai.decide(view, "normal", random.Random(1)) is expected


# --- what a round's outcome is worth ---------------------------------------------------


@pytest.mark.parametrize("game", ["chiva", "dekabes"])
def test_ai_weighs_a_dekabes_finish_above_a_plain_win_but_below_its_full_worth(game):
    match = next(
        m
        for m in positions(game, range(20), stride=3)
        if m.view_for(m.to_act).phase is Phase.PLAYING and len(m.legal_moves()) > 1
    )
    view = match.view_for(match.to_act)
    team_score = view.score if (view.seat - 1) % 2 == 0 else view.score[::-1]
    full = outcome_values(view.rules, *team_score, view.base)
    counted = block_player.analyse(view, block_player.LEVEL_SETTINGS["normal"], random.Random(0)).values
    assert counted[WIN] == full[WIN] and counted[LOSS] == full[LOSS] and counted[TIE] == full[TIE]
    if game == "chiva":
        assert counted == full
    else:
        assert full[WIN] < counted[WIN_DEKABES] < full[WIN_DEKABES]
        assert full[LOSS_DEKABES] < counted[LOSS_DEKABES] < full[LOSS]
        bonus = block_player.BONUS_COUNTED * (full[WIN_DEKABES] - full[WIN])
        assert counted[WIN_DEKABES] == pytest.approx(full[WIN] + bonus)


# --- how long it weighs -----------------------------------------------------------------


def test_ai_expected_loss_is_nil_when_every_deal_treats_the_candidates_alike():
    values = outcome_values(ChivaRules(), 0, 0, 1)
    same = [WIN, LOSS, TIE, WIN] * 5
    assert block_player.expected_loss(block_player.gaps_to_best([same, list(same)], values)) == 0.0
    worse = [LOSS if outcome == WIN else outcome for outcome in same]
    assert block_player.expected_loss(block_player.gaps_to_best([same, worse], values)) < 1e-6


def test_ai_expected_loss_of_a_close_choice_shrinks_as_deals_are_added():
    values = outcome_values(ChivaRules(), 0, 0, 1)
    spread = values[WIN] - values[LOSS]
    few = block_player.expected_loss(
        block_player.gaps_to_best([[WIN, LOSS] * 10, [LOSS, WIN] * 9 + [WIN, WIN]], values)
    )
    many = block_player.expected_loss(
        block_player.gaps_to_best([[WIN, LOSS] * 1000, [LOSS, WIN] * 999 + [WIN, WIN]], values)
    )
    assert 0.05 * spread < few and many < few / 5


@pytest.mark.parametrize("doubt, deals", [(1.0, "first"), (0.0, "most")])
def test_ai_deals_more_while_in_doubt_and_never_past_its_cap(doubt, deals):
    match = next(
        m
        for m in positions("dekabes", range(20), stride=3)
        if m.view_for(m.to_act).phase is Phase.PLAYING and len(m.legal_moves()) > 2
    )
    view = match.view_for(match.to_act)
    level = replace(block_player.LEVEL_SETTINGS["hard"], doubt=doubt)
    know = Knowledge.of(view)
    source = block_player.PlausibleDeals(know, view, level, random.Random(1))
    drawn = []

    def draw(count):
        drawn.append(count)
        return source.draw(count)

    candidates = block_player.candidates_of(view)
    analysis = block_player.weigh(view, know, candidates, draw, level, random.Random(0))
    first = block_player.first_deals(level, len(candidates))
    tried = [sum(tally) for tally in analysis.tallies]
    assert drawn[0] == first <= min(tried)
    if deals == "first":
        assert drawn == [first] and tried == [first] * len(candidates)
    else:
        assert max(tried) == sum(drawn) > first
        assert level.most_playouts - level.more_deals * len(candidates) < sum(tried) <= level.most_playouts


# --- hints -----------------------------------------------------------------------------


@pytest.mark.slow
def test_hint_gives_the_decide_decision_with_a_reason_and_changes_nothing():
    reasons = set()
    for game in ("chiva", "dekabes"):
        for match in positions(game, range(4), stride=3, limit=40):
            seat = match.to_act
            before = (dumps(match_to_record(match)), [match.view_for(s) for s in range(1, 5)])
            view = match.view_for(seat)
            hint = ai.hint(view, "normal", random.Random(7))
            assert hint.decision == ai.decide(view, "normal", random.Random(7))
            assert hint.reason and hint.text.strip() and hint.text.endswith(".")
            assert "{" not in hint.text
            assert (dumps(match_to_record(match)), [match.view_for(s) for s in range(1, 5)]) == before
            reasons.add(hint.reason)
    assert {"accept", "must_pass"} <= reasons and len(reasons) >= 6


def test_hint_for_a_throw_in_and_a_forced_pass():
    match = match_on("dekabes", {(1, 0): FIVE_DOUBLES})
    hint = ai.hint(match.view_for(1), "normal", random.Random(0))
    assert hint.decision is THROW_IN and hint.reason == "throw_in"
    for match in positions("chiva", range(3), stride=1, limit=200):
        view = match.view_for(match.to_act)
        if view.legal == (PASS,):
            assert ai.hint(view, "easy", random.Random(0)).reason == "must_pass"


# --- the decide command ----------------------------------------------------------------


def unfinished(game: str, want) -> dict:
    """The record of the first random position whose decision (for the normal ai) satisfies ``want``."""
    for match in positions(game, range(30), stride=1):
        view = match.view_for(match.to_act)
        if want(view):
            return match_to_record(match)
    raise AssertionError("no such position")


def run_decide(tmp_path, record: dict, k: int, name: str = "one.jsonl"):
    path = tmp_path / name
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    return cli.main(["decide", "--record", str(path), "--seed", str(k)])


CASES = {
    "play": ("chiva", lambda v: v.phase is Phase.PLAYING and len(v.legal) > 1 and v.ends is not None),
    "first": ("chiva", lambda v: v.phase is Phase.PLAYING and v.ends is None),
    "pass": ("chiva", lambda v: v.legal == (PASS,)),
    "accept": ("dekabes", lambda v: v.phase is Phase.ACCEPTING),
    "choose": ("dekabes", lambda v: v.phase is Phase.CHOOSING),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_cli_decide_prints_the_decision_as_one_json_line(case, tmp_path, capsys):
    game, want = CASES[case]
    record = unfinished(game, want)
    match = match_from_record(record)
    seat = match.to_act
    assert run_decide(tmp_path, record, 5) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    printed = json.loads(out)
    expected = ai.decide(match.view_for(seat), "hard", derived_rng("decide", 5))
    assert printed["seat"] == seat and printed == decision_to_json(seat, expected)
    if isinstance(expected, Play):
        assert set(printed) == {"seat", "tile", "end"} and (printed["end"] is None) == (case == "first")
    elif isinstance(expected, Pass):
        assert printed == {"seat": seat, "pass": True}
    elif isinstance(expected, (Accept, ThrowIn)):
        assert printed == {"seat": seat, "redeal": False}
    else:
        assert printed["choose"] in (seat, (seat + 1) % 4 + 1)
    assert run_decide(tmp_path, record, 5) == 0
    assert capsys.readouterr().out == out
    assert run_decide(tmp_path, redealt_block_record(record, seat, random.Random(9)), 5, "other.jsonl") == 0
    assert capsys.readouterr().out == out


def test_cli_decide_redeal_true_with_five_doubles(tmp_path, capsys):
    match = match_on("dekabes", {(1, 0): FIVE_DOUBLES})
    assert run_decide(tmp_path, match_to_record(match), 1) == 0
    assert json.loads(capsys.readouterr().out) == {"seat": 1, "redeal": True}


def test_cli_decide_is_the_same_in_another_process(tmp_path):
    record = unfinished("chiva", CASES["play"][1])
    path = tmp_path / "one.jsonl"
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    outs = {
        subprocess.run(
            [sys.executable, "-m", "game.cli", "decide", "--record", str(path), "--seed", "3"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
            env={"PYTHONHASHSEED": str(h), "PATH": ""},
        ).stdout
        for h in (1, 2)
    }
    assert len(outs) == 1


def test_cli_decide_refuses_a_finished_round_and_malformed_input(tmp_path, capsys):
    match = Match("chiva", ("greedy",) * 4, seed=2)
    match.run_computers()
    assert run_decide(tmp_path, match_to_record(match), 1) == 2
    assert "finished" in capsys.readouterr().err
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not json\n", encoding="utf-8")
    assert cli.main(["decide", "--record", str(bad), "--seed", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    two = tmp_path / "two.jsonl"
    record = json.dumps(match_to_record(walk("chiva", 1, 3)))
    two.write_text(record + "\n" + record + "\n", encoding="utf-8")
    assert cli.main(["decide", "--record", str(two), "--seed", "1"]) == 2
    assert cli.main(["decide", "--record", str(tmp_path / "missing.jsonl"), "--seed", "1"]) == 2


# --- record with ai seats --------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("game", ["chiva", "dekabes"])
def test_cli_record_with_ai_seats_replays(game, tmp_path, capsys):
    out = tmp_path / "ai.jsonl"
    args = ["record", "--game", game, "--seed", "4", "--seats", "ai,greedy,ai,greedy"]
    assert cli.main(args + ["--out", str(out)]) == 0
    assert cli.main(["replay", str(out)]) == 0
    assert capsys.readouterr().out.strip() == "ok: 1 records"
    again = tmp_path / "again.jsonl"
    assert cli.main(args + ["--out", str(again)]) == 0
    assert again.read_bytes() == out.read_bytes()
    assert all(json.loads(line)["seats"] == ["ai", "greedy", "ai", "greedy"] for line in out.read_text().splitlines())


def test_ai_worth_follows_the_rules_behaviour_not_a_scoring_code():
    chiva, dekabes = ChivaRules(), DekabesRules()
    assert not chiva.both_ends_bonus and not chiva.block_to_lightest_hand
    assert dekabes.both_ends_bonus and dekabes.block_to_lightest_hand
    streaks = outcome_values(chiva, 0, 0, 1)
    points = outcome_values(dekabes, 0, 0, 1)
    assert streaks[WIN] == streaks[WIN_DEKABES]
    assert points[WIN] < points[WIN_DEKABES]
    assert outcome_values(replace(chiva, both_ends_bonus=True), 0, 0, 1) == points
