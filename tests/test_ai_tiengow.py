"""The Tien Gow computer player and hints: play-outs that follow the rules, honest and
legal decisions, hints, the CLI and ai seats in records."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from redeal import played, redealt_tiengow_state
from tiengow_helpers import scripted

from game import cli
from game.core import computer as ai
from game.core.errors import IllegalMove
from game.core.match import Match
from game.core.phases import Phase
from game.core.record import dumps, match_to_record
from game.core.tiles import Tile, derived_rng
from game.tiengow.ai.player import LEVEL_SETTINGS, analyse, candidate_plays
from game.tiengow.ai.playout import Position, settlement_gain
from game.tiengow.ai.sampling import Knowledge
from game.tiengow.chinese import KINDS, standard_index
from game.tiengow.deal import TrickPlay, new_deal
from game.tiengow.greedy import greedy_decision as greedy_tiengow_decision
from game.tiengow.payments import deal_result
from game.tiengow.round import TienGowRoundState, TienGowStart
from game.tiengow.spec import TienGowSpec as TienGowGame

GAME = TienGowGame()
SEATS = ("human",) * 4


def position(seed: int) -> TienGowRoundState:
    """A deal some random number of moves in (greedy and random seats), not over."""
    rng = random.Random(seed)
    state = TienGowRoundState(TienGowStart(1, rng.randint(1, 4), (0, 0, 0, 0)), new_deal(rng, 1).hands)
    for _ in range(rng.randrange(40)):
        view = GAME.view(state, state.to_act, SEATS)
        move = greedy_tiengow_decision(view, rng) if rng.random() < 0.5 else rng.choice(view.legal)
        state.push(move)
        if state.is_over:
            return position(seed + 10_000)
    return state


# --- play-outs follow the rules -----------------------------------------------------------


def kinds(tiles) -> tuple[int, ...]:
    return tuple(sorted(standard_index(t) for t in tiles))


def test_tiengow_ai_playout_agrees_with_the_engine_move_by_move_and_on_points():
    rng = random.Random(1)
    for _ in range(300):
        deal = new_deal(rng, rng.randint(1, 4))
        table = Position([kinds(hand) for hand in deal.hands], (0, 0, 0, 0), deal.banker - 1, deal.banker - 1)
        gains = [0, 0, 0, 0]
        while not deal.is_over:
            chosen, up = table.policy_move()
            move = TrickPlay(tuple(KINDS[k] for k in chosen), not up)
            assert move in deal.legal_moves()
            deal.push(move)
            gains = [g + table.copy().play(chosen, up, me) for me, g in enumerate(gains)]
            table.play(chosen, up, 0)
            assert table.columns == list(deal.columns) and table.is_over == deal.is_over
        assert tuple(gains) == deal.result().total


def test_tiengow_ai_playout_options_are_exactly_the_engine_legal_moves():
    rng = random.Random(4)
    for _ in range(100):
        deal = new_deal(rng, rng.randint(1, 4))
        table = Position([kinds(hand) for hand in deal.hands], (0, 0, 0, 0), deal.banker - 1, deal.banker - 1)
        while not deal.is_over:
            options = {TrickPlay(tuple(KINDS[k] for k in chosen), not up) for chosen, up in table.options()}
            assert options == set(deal.legal_moves())
            chosen, up = rng.choice(table.options())
            deal.push(TrickPlay(tuple(KINDS[k] for k in chosen), not up))
            table.play(chosen, up, 0)


def test_tiengow_rules_12_to_14_settlement_gain_matches_the_payments_module():
    rng = random.Random(2)
    for _ in range(3000):
        columns = [0, 0, 0, 0]
        for _ in range(8):
            columns[rng.randrange(4)] += 1
        winner, banker = rng.randrange(4), rng.randrange(4)
        bonus = rng.choice([None, "quartet", "supreme", "little_three"])
        victim = rng.choice([-1] + [s for s in range(4) if s != winner])
        result = deal_result(
            tuple(columns), (0, 0, 0, 0), winner + 1, banker + 1, bonus, None if victim < 0 else victim + 1
        )
        for me in range(4):
            assert settlement_gain(me, columns, winner, banker, bonus is not None, victim) == result.settlement[me]


def test_tiengow_ai_samples_hide_the_unseen_tiles_in_the_places_the_view_shows():
    for seed in range(60):
        state = position(seed)
        seat = state.to_act
        know = Knowledge.of(GAME.view(state, seat, SEATS))
        places = know.draw(random.Random(seed))
        assert places[seat - 1] == kinds(state.deal.hand(seat))
        assert [len(places[s]) for s in range(4)] == list(state.deal.hand_sizes)
        hidden = Counter(k for i, place in enumerate(places) if i != seat - 1 for k in place)
        assert hidden == Counter(know.unseen)
        truth = Counter(standard_index(t) for s in range(1, 5) if s != seat for t in state.deal.hand(s))
        truth.update(standard_index(t) for s, p in played(state.deal) if s != seat and p.face_down for t in p.tiles)
        assert hidden == truth


def test_tiengow_ai_doubts_a_face_down_follow_only_when_a_group_could_have_beaten():
    # Seat 2 leads Big Head Six, the lowest civil tile; seats 3 and 4 throw face down.
    # A deal is less likely for each of them it gives a higher civil tile at the time.
    deal = scripted(2, ["2:1-5 | 3:~ | 4:~"])
    state = TienGowRoundState(TienGowStart(1, 2, (0, 0, 0, 0)), deal.dealt_hands)
    for _, play in deal.current_plays:
        state.push(play)
    know = Knowledge.of(GAME.view(state, 1, SEATS))
    assert [(doubt.seat, doubt.event, doubt.best) for doubt in know.doubts] == [(2, 0, (10,)), (3, 0, (10,))]
    big_head_six = standard_index(Tile.of(1, 5))
    for seed in range(50):
        places = know.draw(random.Random(seed))
        expected = 1.0
        for seat in (2, 3):
            held = places[seat] + places[know.histories[seat][0]]
            expected *= 0.5 if any(k < big_head_six for k in held) else 1.0
        assert know.likelihood(places, 0.5) == expected


# --- honesty and legality -----------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("level, count", [("easy", 150), ("normal", 40), ("hard", 6)])
def test_tiengow_ai_honesty_redealing_what_the_seat_cannot_see_changes_nothing(level, count):
    for seed in range(count):
        state = position(seed)
        seat = state.to_act
        view = GAME.view(state, seat, SEATS)
        for k in range(2):
            other = redealt_tiengow_state(state, seat, random.Random(seed * 7 + k))
            other_view = GAME.view(other, seat, SEATS)
            assert other_view == view
            assert ai.decide(other_view, level, random.Random(seed)) == ai.decide(view, level, random.Random(seed))


@pytest.mark.slow
def test_tiengow_ai_decisions_are_legal_in_thousands_of_positions():
    rng = random.Random(3)
    checked = 0
    while checked < 2500:
        state = TienGowRoundState(TienGowStart(1, rng.randint(1, 4), (0, 0, 0, 0)), new_deal(rng, 1).hands)
        while not state.is_over:
            view = GAME.view(state, state.to_act, SEATS)
            level = "normal" if checked % 25 == 0 else "easy"
            decision = ai.decide(view, level, random.Random(checked))
            assert decision in view.legal and state.deal.is_legal(decision)
            state.push(decision)
            checked += 1


def test_tiengow_ai_candidates_are_legal_and_keep_every_face_up_play():
    for seed in range(100):
        state = position(seed)
        view = GAME.view(state, state.to_act, SEATS)
        candidates = candidate_plays(view.legal, 4)
        assert set(candidates) <= set(view.legal)
        assert {p for p in view.legal if not p.face_down} <= set(candidates)
        assert len(candidates) == len(set(candidates))


def test_tiengow_ai_refuses_a_view_of_a_seat_not_to_act():
    state = position(5)
    idle = state.to_act % 4 + 1
    with pytest.raises(IllegalMove):
        ai.decide(GAME.view(state, idle, SEATS), "normal", random.Random(0))


# --- strategy -------------------------------------------------------------------------------


def last_trick(lead: str, follower_keeps: str) -> TienGowRoundState:
    """Seat 3 wins trick 1 (a column), seat 2 wins the next six; seat 2 leads ``lead`` in
    the last trick and seat 3, to act, holds ``follower_keeps``."""
    script = ["2:1-5 | 3:6-6 | 4:~ | 1:~", "3:1-6 | 4:~ | 1:~ | 2:6-6"]
    script += [f"2:{tile} | 3:~ | 4:~ | 1:~" for tile in ("1-1", "4-4", "5-5", "3-3", "2-2")]
    script += [f"2:{lead}"]
    deal = scripted(2, script, {3: follower_keeps})
    state = TienGowRoundState(TienGowStart(1, 2, (0, 0, 0, 0)), deal.dealt_hands)
    for _, play in played(deal):
        state.push(play)
    return state


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_tiengow_rule14_big_six_captures_little_three_in_the_last_trick(level):
    state = last_trick("1-2", "2-4")
    view = GAME.view(state, 3, SEATS)
    hint = ai.hint(view, level, random.Random(1))
    assert hint.decision == TrickPlay.of("2-4") and hint.reason == "big_six"


def test_tiengow_rule12_the_ai_takes_the_last_trick_when_it_can():
    state = last_trick("4-6", "5-6")
    view = GAME.view(state, 3, SEATS)
    hint = ai.hint(view, "normal", random.Random(1))
    assert hint.decision == TrickPlay.of("5-6") and hint.reason == "last_trick"


def test_tiengow_rule11_the_ai_leads_supreme_as_banker_for_the_last_two_tiles():
    deal = scripted(
        1, [f"1:{tile} | 2:~ | 3:~ | 4:~" for tile in ("6-6", "6-6", "1-1", "1-1", "4-4", "4-4")], {1: "1-2 2-4"}
    )
    state = TienGowRoundState(TienGowStart(1, 1, (0, 0, 0, 0)), deal.dealt_hands)
    for _, play in played(deal):
        state.push(play)
    hint = ai.hint(GAME.view(state, 1, SEATS), "normal", random.Random(0))
    assert hint.decision == TrickPlay.of("1-2", "2-4") and hint.reason == "supreme"
    assert hint.text == "You lead Supreme: each other player pays you at once."


# --- hints, the controller, records and the CLI ---------------------------------------------


@pytest.mark.slow
def test_tiengow_hint_gives_the_decide_decision_with_a_reason_and_changes_nothing():
    reasons = set()
    for seed in range(12):
        match = Match("tiengow", ("human", "greedy", "greedy", "greedy"), seed=seed)
        rng = random.Random(seed)
        while match.phase is Phase.PLAYING:
            match.run_computers()
            if match.phase is not Phase.PLAYING:
                break
            seat = match.to_act
            before = (dumps(match_to_record(match)), [match.view_for(s) for s in range(1, 5)])
            view = match.view_for(seat)
            hint = ai.hint(view, "normal", random.Random(seed))
            assert hint.decision == ai.decide(view, "normal", random.Random(seed))
            assert hint.reason and hint.text.endswith(".") and "{" not in hint.text
            assert (dumps(match_to_record(match)), [match.view_for(s) for s in range(1, 5)]) == before
            reasons.add(hint.reason)
            match.push(rng.choice(match.legal_moves()))
    assert len(reasons) >= 8


@pytest.mark.slow
def test_tiengow_ai_seats_play_whole_matches_that_record_and_replay(tmp_path, capsys):
    path = tmp_path / "ai.jsonl"
    assert (
        cli.main(
            [
                "record",
                "--game",
                "tiengow",
                "--seed",
                "3",
                "--seats",
                "ai,greedy,greedy,greedy",
                "--deals",
                "2",
                "--out",
                str(path),
            ]
        )
        == 0
    )
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["seats"][0] == "ai" and len(record["rounds"]) == 2
    assert cli.main(["replay", str(path)]) == 0
    assert capsys.readouterr().out == "ok: 1 records\n"
    again = tmp_path / "again.jsonl"
    cli.main(
        [
            "record",
            "--game",
            "tiengow",
            "--seed",
            "3",
            "--seats",
            "ai,greedy,greedy,greedy",
            "--deals",
            "2",
            "--out",
            str(again),
        ]
    )
    assert again.read_bytes() == path.read_bytes()


def match_at(state: TienGowRoundState) -> Match:
    """A match on the deal of ``state``, seat 4 an ai seat, with the plays of ``state`` taken."""
    match = Match(
        "tiengow",
        ("greedy", "greedy", "greedy", "ai"),
        seed=0,
        deal_source=lambda number, index: state.deal.dealt_hands,
        start=state.start,
    )
    for seat, play in played(state.deal):
        match.push(play, seat)
    return match


def test_tiengow_cli_decide_prints_a_play_and_ignores_what_the_seat_cannot_see(tmp_path, capsys):
    state = next(s for s in map(position, range(100)) if s.to_act == 4 and s.deal.trick_size)
    outputs = []
    for name, match in (
        ("one", match_at(state)),
        ("other", match_at(redealt_tiengow_state(state, 4, random.Random(11)))),
    ):
        path = tmp_path / f"{name}.jsonl"
        path.write_text(dumps(match_to_record(match)) + "\n", encoding="utf-8")
        assert cli.main(["decide", "--record", str(path), "--seed", "5"]) == 0
        outputs.append(capsys.readouterr().out)
    expected = ai.decide(match_at(state).view_for(4), "hard", derived_rng("decide", 5))
    assert json.loads(outputs[0]) == {
        "seat": 4,
        "tiles": [str(t) for t in expected.tiles],
        "face_down": expected.face_down,
    }
    assert outputs[0].count("\n") == 1 and outputs[1] == outputs[0]


def test_tiengow_ai_levels_differ_in_effort():
    assert LEVEL_SETTINGS["easy"].playouts < LEVEL_SETTINGS["normal"].playouts < LEVEL_SETTINGS["hard"].playouts
    state = position(8)
    view = GAME.view(state, state.to_act, SEATS)
    assert analyse(view, LEVEL_SETTINGS["hard"], random.Random(0)).decision in view.legal
