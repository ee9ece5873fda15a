"""The hosted table without sockets: seats and tokens, decisions checked by the engine,
agreements asked of the other people, pauses, reconnecting waits, hand-over, ready for the
next round, and saves that reopen the same table (issue 26)."""

from __future__ import annotations

import json

import pytest

from game.core.errors import MalformedRecord
from game.core.player import GREEDY, STAND_IN, Player
from game.core.session import Acted, Jumped
from online.codes import CODE_ALPHABET, is_code, seat_token, table_code
from online.protocol import Settled, encode
from online.table import HostedTable, Refusal, Seating, seating_of


def table_of(game="chiva", people=2, seed=9, deals=None) -> tuple[HostedTable, list[str]]:
    seats = [Seating() for _ in range(people)] + [Seating(GREEDY) for _ in range(4 - people)]
    table = HostedTable(game, seats, seed, deals)
    tokens = []
    for seat in range(1, people + 1):
        number, token = table.join(table.code, None, seat, f"P{seat}", "en")
        assert number == seat
        table.connect(seat)
        tokens.append(token)
    return table, tokens


def run_computers(table: HostedTable) -> None:
    while (turn := table.computer_turn()) is not None:
        position, question = turn
        assert table.computer_decided(position, question.answer()) is not None


def decide_first(table: HostedTable, seat: int):
    view = table.match.view_for(seat)
    return table.decide(seat, table.position, table.spec.decision_to_json(seat, view.legal[0]))


def until_turn_of(table: HostedTable, seat: int) -> None:
    """Let the computers and the other people (their first legal decision) play until ``seat`` is to act."""
    for _ in range(200):
        run_computers(table)
        if table.match.to_act == seat:
            return
        decide_first(table, table.match.to_act)
    raise AssertionError("never the seat's turn")


def test_codes_have_no_look_alikes_and_tokens_are_long():
    assert not set(CODE_ALPHABET) & set("0O1IL2Z5S8BUVDQJ")
    codes = {table_code() for _ in range(200)}
    assert all(is_code(code) for code in codes) and len(codes) > 190
    assert len(seat_token()) >= 32  # 24 bytes: 192 bits


def test_seats_fill_in_order_the_match_starts_full_and_a_token_returns_to_its_seat():
    table = HostedTable("dekabes", [Seating(), Seating(), seating_of("ai:easy"), seating_of("greedy")])
    first = table.join(table.code, None, None, "Ann", "fr")
    assert first[0] == 1 and not table.connect(1).events
    second = table.join(table.code.lower(), None, None, "Bea", "it")
    assert second[0] == 2
    change = table.connect(2)
    assert change.events == [Jumped("started")] and table.started
    with pytest.raises(Refusal) as full:
        table.join(table.code, None, None, "Cy", "en")
    assert full.value.code == "table_full"
    with pytest.raises(Refusal) as wrong:
        table.join(table.code, "x" * 32, None, "Cy", "en")
    assert wrong.value.code == "wrong_token"
    with pytest.raises(Refusal) as code:
        table.join("AAAAAA", first[1], None, "Ann", "fr")
    assert code.value.code == "wrong_code"
    table.disconnect(1)
    assert table.chair_info()[0].reconnecting
    assert table.join(table.code, first[1], None, "Ann", "fr") == first
    assert [c.kind for c in table.chair_info()] == ["person", "person", "computer", "computer"]


def test_a_decision_is_checked_and_a_refusal_changes_nothing():
    table, _ = table_of(people=2)
    until_turn_of(table, 1)
    saved = json.dumps(table.to_save())
    view = table.match.view_for(1)
    legal = table.spec.decision_to_json(1, view.legal[0])
    cases = [
        (2, table.position, {**legal, "seat": 2}, {"not_your_turn", "not_your_seat"}),
        (1, table.position, {**legal, "seat": 2}, {"not_your_seat"}),
        (1, table.position - 1, legal, {"stale"}),
        (1, table.position, {"seat": 1, "tile": "9-9", "end": "left"}, {"bad_decision"}),
        (1, table.position, [], {"bad_decision"}),
    ]
    for seat, position, wire, codes in cases:
        with pytest.raises(Refusal) as refused:
            table.decide(seat, position, wire)
        assert refused.value.code in codes
        assert json.dumps(table.to_save()) == saved
    change = table.decide(1, table.position, legal)
    assert change.events == [Acted(1, view.legal[0])]


def test_undo_is_asked_of_the_other_person_and_takes_back_the_computers_answers_too():
    seats = [Seating(), seating_of("greedy"), seating_of("greedy"), Seating()]
    table = HostedTable("chiva", seats, 9)
    for seat in (1, 4):
        table.join(table.code, None, seat, f"P{seat}", "en")
        table.connect(seat)
    until_turn_of(table, 1)
    before = table.match.view_for(1)
    decide_first(table, 1)
    run_computers(table)
    assert table.match.to_act == 4 and len(table.match.decisions) >= 3
    with pytest.raises(Refusal) as not_yours:
        table.ask(4, "undo")
    assert not_yours.value.code == "nothing_to_undo"
    asked = table.ask(1, "undo")
    assert not asked.events and table.asking is not None
    with pytest.raises(Refusal) as pending:
        table.ask(4, "restart")
    assert pending.value.code == "agreement_pending"
    with pytest.raises(Refusal):
        decide_first(table, 4)
    position = table.position
    agreed = table.answer(4, True)
    assert agreed.events == [Jumped("undo")] and Settled("undo", 1, True) in agreed.notices
    assert table.position == position + 1 and table.match.view_for(1) == before
    assert table.computer_turn() is None and table.match.to_act == 1


def test_a_declined_or_withdrawn_question_changes_nothing():
    table, _ = table_of(people=2)
    until_turn_of(table, 1)
    saved = table.match.view_for(1)
    table.ask(1, "restart")
    declined = table.answer(2, False)
    assert declined.notices == [Settled("restart", 1, False)] and table.asking is None
    table.ask(1, "new_match")
    withdrawn = table.withdraw(1)
    assert withdrawn.notices == [Settled("new_match", 1, False)]
    assert table.match.view_for(1) == saved
    with pytest.raises(Refusal):
        table.answer(2, True)


def test_alone_with_computers_a_question_is_settled_at_once_and_a_new_match_forgets_the_rounds():
    table, _ = table_of(people=1)
    until_turn_of(table, 1)
    first_seed = table.seed
    change = table.ask(1, "new_match")
    assert change.events == [Jumped("new_match")] and table.seed != first_seed
    assert table.finished_rounds() == []


def test_pauses_and_a_reconnecting_person_stop_the_computers_a_hand_over_plays_for_the_person():
    table, _ = table_of(people=2)
    until_turn_of(table, 2)
    decide_first(table, 2)
    assert table.computer_turn() is not None
    table.pause(1, True)
    assert table.computer_turn() is None
    table.pause(1, False)
    table.disconnect(1)
    assert table.computer_turn() is None
    table.hand_over(1, True, STAND_IN)
    assert table.computer_turn() is not None, "a handed-over seat is not waited for"
    for _ in range(10):
        run_computers(table)
        if table.match.to_act == 2:
            decide_first(table, 2)
    assert any(step.seat == 1 for step in table.match.decisions)
    table.hand_over(1, False, STAND_IN)
    assert table.computer_turn() is None or table.match.to_act != 1


def test_the_next_round_waits_for_every_person_to_be_ready():
    table, _ = table_of(people=2)
    for _ in range(200):
        run_computers(table)
        if table.match.round.is_over:
            break
        decide_first(table, table.match.to_act)
    assert table.finished_rounds()[0].index == 0 and table.finished_rounds()[0].over is None
    assert table.state_for(1).view.revealed_hands is not None
    number = table.match.start.number
    assert not table.mark_ready(1).events
    change = table.mark_ready(2)
    assert change.events == [Jumped("next_round")] and table.match.start.number == number + 1
    with pytest.raises(Refusal):
        table.mark_ready(1)


def test_a_seat_sees_its_own_view_and_others_face_down_plays_hidden():
    table, _ = table_of("tiengow", people=4, deals=1)
    hidden = 0
    for _ in range(40):
        seat = table.match.to_act
        if seat is None:
            break
        view = table.match.view_for(seat)
        decision = next((d for d in view.legal if d.face_down), view.legal[0])
        change = table.decide(seat, table.position, table.spec.decision_to_json(seat, decision))
        for viewer in (1, 2, 3, 4):
            state = table.state_for(viewer, change.events)
            assert state.view.seat == viewer
            acted = state.events[0]
            assert isinstance(acted, Acted) and acted.seat == seat
            if decision.face_down and viewer != seat:
                assert acted.decision is None
                hidden += 1
            else:
                assert acted.decision == table.spec.decision_to_json(seat, decision)
    assert hidden
    assert table.finished_rounds()[-1].over is not None, "the seed comes with the end of the match"
    assert encode(table.state_for(1, [Jumped("started")])).count(b'"events":[{"type":"jumped","kind":"started"}]') == 1


def test_a_saved_table_reopens_with_its_code_tokens_and_match():
    table, tokens = table_of(people=2)
    until_turn_of(table, 1)
    decide_first(table, 1)
    text = json.dumps(table.to_save())
    again = HostedTable.from_save(json.loads(text))
    assert (again.code, again.host_key, again.position) == (table.code, table.host_key, table.position)
    assert again.match.view_for(1) == table.match.view_for(1)
    assert all(info.reconnecting for info in again.chair_info()[:2])
    assert again.join(again.code, tokens[1], None, "", "en")[0] == 2
    for broken in ({}, {"format": "domino-hosted-table/1"}, [], {**json.loads(text), "chairs": [{}]}):
        with pytest.raises(MalformedRecord):
            HostedTable.from_save(broken)


def test_the_host_sets_seats_before_the_start_only():
    table = HostedTable("chiva", [Seating()] * 4, autostart=False)
    table.set_seat(2, Player.from_level("hard"))
    table.set_seat(3, Player.from_level("greedy"))
    table.set_seat(4, Player.from_level("random"))
    with pytest.raises(Refusal) as open_seat:
        table.start()
    assert open_seat.value.code == "seats_open"
    table.join(table.code, None, 1, "Host", "en")
    assert table.connect(1).events == []
    table.start()
    assert table.match.seats == ("human", "ai", "greedy", "random")
    with pytest.raises(Refusal):
        table.set_seat(2, None)


def test_issue26_the_host_frees_a_persons_seat_before_the_start_and_a_person_renames_itself():
    table = HostedTable("chiva", [Seating() for _ in range(4)], autostart=False)
    _, token = table.join(table.code, None, 2, "Cy", "en")
    assert table.rename(2, "Cyril").state and table.chair_info()[1].name == "Cyril"
    change = table.set_seat(2, Player.from_level("easy"))
    assert change.freed == [2] and table.chair_info()[1].kind == "computer"
    with pytest.raises(Refusal) as gone:
        table.join(table.code, token, None, "", "en")
    assert gone.value.code == "wrong_token"  # the token of a seat given away opens nothing
    assert table.set_seat(3, None).freed == []
