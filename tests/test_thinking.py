"""The computer thinks without holding the table up: the worker process answers exactly as
this process would, frames go on while it thinks, and an answer that no longer applies
(undo, restart, leaving the table, closing the window) is dropped.

These tests use the real worker (the other tests answer in their own process). They never
depend on how fast it is: ``Thinker.wait`` blocks until the answers have come, and
``held`` stops the worker outright (SIGSTOP), so no answer can come while frames run.
"""

from __future__ import annotations

import contextlib
import os
import signal

import pygame
import pytest
from client_helpers import FRAME_LIMIT, centre, draw_recorded, frames, make_table, mouse_click, press, texts

from game.blocks.moves import Play
from game.core.advice import advice_rng
from game.core.errors import IllegalMove
from game.core.match import Match
from game.core.record import dumps, match_to_record
from game.core.review import RoundReview
from game.core.thinking import Question
from game.tiengow.deal import TrickPlay
from scenes.blocks.text import hint_text as block_hint_text
from scenes.screens.menu import MenuScene
from scenes.services.settings import Settings
from scenes.services.thinker import SWITCH, Thinker
from scenes.services.translation import continuing, hint_line
from scenes.shell.app import App
from scenes.shell.manager import FIXED_DT
from scenes.tiengow.text import hint_text as tiengow_hint_text

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="holds the worker with SIGSTOP")


@pytest.fixture
def worker(monkeypatch):
    """Apps that think in the real worker process; each is closed after the test."""
    monkeypatch.setenv(SWITCH, "worker")
    made: list[App] = []

    def table(match: Match, speed: str = "fast"):
        app, table, match = make_table(match=match, speed=speed)
        made.append(app)
        return app, table, match

    yield table
    for app in made:
        app.close()


@contextlib.contextmanager
def held(app: App):
    """The worker stopped: however many frames run, no answer comes until the block ends."""
    pid = app.thinker.worker_pid
    assert pid is not None
    os.kill(pid, signal.SIGSTOP)
    try:
        yield
    finally:
        os.kill(pid, signal.SIGCONT)


def state(match: Match) -> str:
    return dumps(match_to_record(match))


def play_until_person(app: App, table) -> bool:
    """Frames until a person must act (True) or the round is over (False), every answer
    waited for before each frame."""
    for _ in range(FRAME_LIMIT):
        match = table.match
        if match.round.is_over:
            return False
        if match.to_act is not None and match.is_human(match.to_act) and not table.animating:
            return True
        app.thinker.wait()
        frames(app)
    raise AssertionError("no person's turn came")


def person_with_a_choice(app: App, table) -> None:
    """Play the person's first legal decision until they face a real choice."""
    while play_until_person(app, table):
        if len(table.match.legal_moves()) > 1:
            return
        table.commit(table.match.legal_moves()[0])
    pytest.skip("the round ended before the person had a choice")


@pytest.mark.slow
def test_the_worker_answers_every_kind_of_question_exactly_as_this_process():
    asked = []
    for game in ("chiva", "dekabes", "tiengow"):
        match = Match(game, ("ai", "ai", "ai", "ai"), seed=4)
        while len(match.legal_moves()) < 2:
            match.play_computer()
        view = match.view_for(match.to_act)
        for level in ("easy", "hard"):
            asked += [
                match.computer_question(),
                Question("decide", view, level, ("test", 1)),
                Question("hint", view, level, ("test", 2)),
                Question("evaluate", view, level, ("test", 3), include=(match.legal_moves()[-1],)),
            ]
    thinker = Thinker(inline=False)
    try:
        tickets = [thinker.ask(question) for question in asked]
        thinker.wait()
        assert [ticket.result() for ticket in tickets] == [question.answer() for question in asked]
    finally:
        thinker.close()


def test_a_refused_question_comes_back_as_the_same_refusal():
    match = Match("chiva", ("ai", "ai", "ai", "ai"), seed=4)
    not_to_act = match.to_act % 4 + 1
    thinker = Thinker(inline=False)
    try:
        ticket = thinker.ask(Question("hint", match.view_for(not_to_act), "normal", ("test",)))
        thinker.wait()
        with pytest.raises(IllegalMove) as refused:
            ticket.result()
        assert refused.value.code == "not_your_turn"
    finally:
        thinker.close()


def test_a_cancelled_question_not_yet_sent_is_never_answered():
    match = Match("chiva", ("ai", "ai", "ai", "ai"), seed=4, level="hard")
    thinker = Thinker(inline=False)
    try:
        first = thinker.ask(match.computer_question())
        second = thinker.ask(match.computer_question())
        thinker.cancel(second)
        thinker.wait()
        assert first.done and not second.done and not thinker.busy
    finally:
        thinker.close()


@pytest.mark.slow
def test_a_worker_that_dies_is_replaced_and_the_question_asked_again():
    match = Match("tiengow", ("ai", "ai", "ai", "ai"), seed=2, level="hard")
    question = match.computer_question()
    thinker = Thinker(inline=False)
    try:
        thinker.start()
        first = thinker.worker_pid
        os.kill(first, signal.SIGKILL)
        ticket = thinker.ask(question)
        thinker.wait()
        assert ticket.result() == question.answer()
        assert thinker.worker_pid != first and not thinker.inline
    finally:
        thinker.close()


@pytest.mark.parametrize("game", ["chiva", pytest.param("tiengow", marks=pytest.mark.slow)])
def test_frames_go_on_while_a_hard_computer_decides(monkeypatch, game):
    monkeypatch.setenv(SWITCH, "worker")
    match = Match(game, ("ai", "ai", "ai", "ai"), seed=5, level="hard")
    seat = match.to_act
    expected = match.copy().computer_decision()
    app = App((1280, 720), settings=Settings(game=game, speed="normal"))
    try:
        app.thinker.start()
        with held(app):
            table = app.show("table", match=match)
            frames(app)
            assert app.thinker.busy
            phase = table.thinking.phase
            for _ in range(90):  # a second and a half: longer than the computer's pause
                frames(app)
                assert table.thinking.phase == pytest.approx(phase + FIXED_DT)
                phase = table.thinking.phase
            assert match.decisions == [] and table.thinking.seat == seat
        app.thinker.wait()
        frames(app)
        assert [d.decision for d in match.decisions] == [expected]
        assert table.board.flight is not None and table.thinking.seat == match.to_act != seat
        progress = table.board.flight.tween.progress
        with held(app):
            frames(app, 5)
            assert table.board.flight.tween.progress > progress  # the tile flies while the next seat thinks
            frames(app, 120)
            assert table.board.flight is None and len(match.decisions) == 1
    finally:
        app.close()


@pytest.mark.slow
def test_the_table_in_the_worker_plays_the_same_round_as_this_process(worker):
    here = Match("tiengow", ("ai", "ai", "ai", "ai"), seed=8, level="normal")
    app, _table, match = worker(Match("tiengow", ("ai", "ai", "ai", "ai"), seed=8, level="normal"), speed="instant")
    while not here.round.is_over:
        here.play_computer()
    for _ in range(FRAME_LIMIT):
        if match.round.is_over:
            break
        app.thinker.wait()
        frames(app)
    assert match.decisions == here.decisions


@pytest.mark.slow
def test_undo_while_a_computer_thinks_drops_its_answer_and_asks_again(worker):
    app, table, match = worker(Match("chiva", ("human", "ai", "ai", "ai"), seed=3, level="hard"))
    person_with_a_choice(app, table)
    before = state(match)
    table.commit(match.legal_moves()[0])
    frames(app)
    assert match.computer_to_act and app.thinker.busy  # asked, not answered
    press(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert state(match) == before and table.thinking.seat is None
    app.thinker.wait()
    frames(app, 60)
    assert state(match) == before  # the answer came for a position that is gone: dropped
    table.commit(match.legal_moves()[0])
    expected = match.copy().computer_decision()
    count = len(match.decisions)
    while len(match.decisions) == count:
        app.thinker.wait()
        frames(app)
    assert match.decisions[count].decision == expected


@pytest.mark.slow
def test_restart_while_a_computer_thinks_drops_its_answer(worker):
    app, table, match = worker(Match("chiva", ("human", "ai", "ai", "ai"), seed=3, level="hard"))
    person_with_a_choice(app, table)
    table.commit(match.legal_moves()[0])
    frames(app)
    assert match.computer_to_act and app.thinker.busy
    mouse_click(app, centre(table.buttons["restart"]))
    mouse_click(app, centre(table.dialog.buttons["ok"]), settle=3)
    assert match.decisions == []
    play_until_person(app, table)
    restarted = Match("chiva", ("human", "ai", "ai", "ai"), seed=3, level="hard")
    restarted.run_computers()
    assert match.decisions == restarted.decisions


@pytest.mark.slow
def test_leaving_the_table_while_a_computer_thinks_cancels_its_question(worker):
    app, table, match = worker(Match("chiva", ("human", "ai", "ai", "ai"), seed=3, level="hard"))
    person_with_a_choice(app, table)
    table.commit(match.legal_moves()[0])
    frames(app)
    assert app.thinker.busy
    before = state(match)
    mouse_click(app, centre(table.buttons["menu"]))
    mouse_click(app, centre(table.dialog.buttons["ok"]), settle=3)
    assert isinstance(app.manager.scene, MenuScene)
    app.thinker.wait()
    frames(app, 60)
    assert not app.thinker.busy and state(match) == before


def test_rules_pause_the_computer_while_its_answer_waits(worker):
    app, table, match = worker(Match("chiva", ("ai", "ai", "ai", "ai"), seed=5, level="normal"))
    mouse_click(app, centre(table.buttons["rules"]))
    assert table.paused
    app.thinker.wait()
    frames(app, 120)
    assert match.decisions == []
    press(app, pygame.K_ESCAPE)
    frames(app, 60)
    assert len(match.decisions) >= 1


def test_closing_the_window_while_a_computer_thinks_stops_the_worker(worker):
    app, _table, match = worker(Match("chiva", ("ai", "ai", "ai", "ai"), seed=5, level="hard"))
    pid = app.thinker.worker_pid
    assert app.thinker.busy
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app)
    assert not app.manager.running
    app.close()
    assert not app.thinker.busy
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)
    assert match.decisions == []


@pytest.mark.parametrize("game", ["chiva", "tiengow"])
def test_a_hint_shows_when_the_worker_has_it(worker, game):
    app, table, match = worker(Match(game, ("human", "ai", "ai", "ai"), seed=6, level="easy"))
    person_with_a_choice(app, table)
    rng = advice_rng(match.start.number, len(match.decisions))
    expected = match.game.hint(match.view_for(1), app.settings.level, rng)
    with held(app):
        press(app, pygame.K_h, settle=3)
        assert table.messages.text == app.tr("thinking.hint") and not table.hint_reason
    app.thinker.wait()
    frames(app)
    hint_text = block_hint_text if game == "chiva" else tiengow_hint_text
    assert table.hint_reason.endswith(continuing(hint_text(expected, table.names, app.tr), app.text))
    assert table.messages.text == hint_line(app.text, table.hint_reason)


def test_the_review_thinks_about_a_verdict_while_it_draws(worker):
    match = Match("chiva", ("human", "greedy", "greedy", "greedy"), seed=3)
    while not match.round.is_over:
        match.push(match.computer_decision() if match.computer_to_act else match.legal_moves()[-1])
    here = RoundReview(match, 0, "normal")
    judged = [at for at in range(len(here)) if here.question(at) is not None]
    app = App((1280, 720), settings=Settings(level="normal"))
    try:
        review = app.show("review", match=match, round_index=0, back=MenuScene(app))
        frames(app)
        with held(app):
            review.go(judged[0])
            frames(app, 10)
            assert not review.review.is_known(judged[0]) and judged[0] in review.asked
        app.thinker.wait()
        frames(app)
        assert review.review.verdict(judged[0]) == here.verdict(judged[0])
        review.go(0)
        press(app, pygame.K_RETURN)  # next mark: verdicts are asked one after the other
        for _ in range(len(here)):
            if review.seeking is None:
                break
            assert review.message == app.tr("thinking.marks")
            app.thinker.wait()
            frames(app)
        marked = [at for at in judged if here.verdict(at).clearly_worse]
        assert review.at == (marked[0] if marked else 0)
    finally:
        app.close()


@pytest.mark.parametrize("game", ["chiva", "tiengow"])
def test_a_hint_the_person_turns_from_leaves_the_status_line_at_once(worker, game):
    """The hint's line goes as soon as the person chooses another tile, not seconds later."""
    app, table, match = worker(Match(game, ("human", "ai", "ai", "ai"), seed=6, level="easy"))
    person_with_a_choice(app, table)
    press(app, pygame.K_h, settle=3)
    app.thinker.wait()
    frames(app)
    said = hint_line(app.text, table.hint_reason)
    assert said in texts(draw_recorded(app, table.draw)) or any(
        said.startswith(line) for line in texts(draw_recorded(app, table.draw))
    ), "the hint is on the status line"
    hinted = tiles_of(match.game.hint(match.view_for(1), app.settings.level, advice_rng(*table.turn_key)).decision)
    legal = {tile for decision in match.legal_moves() for tile in tiles_of(decision)}
    others = [rect for tile, rect in table.board.hand_rects if tile not in hinted and tile in legal]
    other = others[0] if others else next(rect for tile, rect in table.board.hand_rects if tile in hinted)  # put back
    mouse_click(app, other.center, settle=2)
    assert table.hint_reason == ""
    drawn = texts(draw_recorded(app, table.draw))
    assert not any(line.startswith(said[:12]) for line in drawn), drawn


def tiles_of(decision: object) -> set[object]:
    """The tiles a decision plays (a Tien Gow play's, a block game's tile; none for a pass)."""
    if isinstance(decision, TrickPlay):
        return set(decision.tiles)
    return {decision.tile} if isinstance(decision, Play) else set()
