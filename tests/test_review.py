"""Reviewing a finished round: every position, the verdicts, and bad record files."""

import copy
import json

import pygame
import pytest
from client_helpers import centre, frames, mouse_click, press

from game.core import computer as ai
from game.core.match import Match
from game.core.record import match_to_record
from game.core.review import RoundReview
from game.core.tiles import derived_rng
from scenes.screens.menu import MenuScene
from scenes.screens.review import ReviewScene
from scenes.services.settings import Settings
from scenes.shell.app import App

SEATS = ("human", "greedy", "greedy", "greedy")


def finished_match(game, seed=3, rounds=2):
    match = Match(game, SEATS, seed, deals=rounds if game == "tiengow" else None)
    for number in range(rounds):
        while not match.round.is_over:
            match.push(match.computer_decision() if match.computer_to_act else match.legal_moves()[0])
        if number < rounds - 1 and match.phase.value != "match_over":
            match.next_round()
    return match


def write_record(tmp_path, record, name="r.jsonl"):
    path = tmp_path / name
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("game", ["chiva", "dekabes", "tiengow"])
def test_review_of_a_record_reaches_every_position_and_back(game, tmp_path):
    match = finished_match(game)
    app = App((1280, 720), settings=Settings(level="easy"))
    menu = app.show("menu")
    frames(app, 2)
    menu.windows.open_record(write_record(tmp_path, match_to_record(match)))
    frames(app, 2)
    review = app.manager.scene
    assert isinstance(review, ReviewScene)
    steps = len(review.review)
    assert steps == len(match.replay_states(0))
    for expected in range(1, steps):
        press(app, pygame.K_RIGHT)
        assert review.at == expected
    press(app, pygame.K_RIGHT)
    assert review.at == steps - 1
    for expected in range(steps - 2, -1, -1):
        mouse_click(app, centre(review.widgets["back"]))
        assert review.at == expected
    mouse_click(app, centre(review.widgets["last"]))
    assert review.at == steps - 1
    press(app, pygame.K_HOME)
    assert review.at == 0


def test_review_positions_end_in_the_round_result():
    match = finished_match("chiva")
    review = RoundReview(match, 0, "easy")
    assert review.positions[-1].state.result == match.round_state(0).result
    assert review.positions[0].step is None and all(p.step is not None for p in review.positions[1:])


def test_swipes_step_the_review():
    match = finished_match("chiva")
    app = App((1280, 720), settings=Settings(level="easy"))
    scene = app.show("review", match=match, round_index=0, back=MenuScene(app))
    frames(app, 2)
    for start, end, expected in (((700, 300), (500, 300), 1), ((500, 300), (700, 300), 0)):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(1, 1), buttons=(1, 0, 0), touch=False))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1, touch=False))
        frames(app, 2)
        assert scene.at == expected


@pytest.mark.parametrize(
    "content, words",
    [
        ("{broken", "not a valid match record"),
        ("", "not a valid match record"),
        (
            '{"format": "domino-record/1", "game": "chiva", "seed": 1, "seats": [], "rounds": []}',
            "not a valid match record",
        ),
    ],
)
def test_malformed_record_files_are_refused_with_a_message(tmp_path, content, words):
    path = tmp_path / "bad.jsonl"
    path.write_text(content, encoding="utf-8")
    app = App((1280, 720), settings=Settings())
    menu = app.show("menu")
    frames(app, 2)
    menu.windows.open_record(str(path))
    frames(app, 2)
    assert app.manager.scene is menu and words in menu.error


def test_illegal_record_file_is_refused_with_its_first_fault(tmp_path):
    record = match_to_record(finished_match("chiva"))
    bad = copy.deepcopy(record)
    bad["rounds"][0]["turns"][1]["seat"] = bad["rounds"][0]["turns"][1]["seat"] % 4 + 1
    app = App((1280, 720), settings=Settings())
    menu = app.show("menu")
    frames(app, 2)
    menu.windows.open_record(write_record(tmp_path, bad))
    assert app.manager.scene is menu and "round 1, turn 2" in menu.error
    menu.windows.open_record(str(tmp_path / "missing.jsonl"))
    assert "could not be read" in menu.error


@pytest.mark.parametrize("game", ["chiva", "tiengow"])
def test_verdict_is_identical_when_the_hidden_hands_are_redealt(game):
    """Two hidden tiles of seats 2 and 3 swapped (keeping every pass seen consistent): the
    person's view and the verdict are the same, though the states differ."""
    match = Match(game, ("human", "greedy", "greedy", "greedy"), seed=11)
    for _ in range(60):
        match.run_computers()
        assert not match.round.is_over, "seed 11 gives the person a choice before the round ends"
        if len(match.legal_moves()) > 1 and len(match.view_for(1).hand) < 7:
            break
        match.push(match.legal_moves()[0])
    state = match.round
    other = state.copy()
    if game == "chiva":
        two, three = other.play.hands[1], other.play.hands[2]
        passed2, passed3 = match.view_for(1).passed_on[1], match.view_for(1).passed_on[2]
        a, b = next(
            (a, b) for a in two for b in three if not ({a.low, a.high} & passed3) and not ({b.low, b.high} & passed2)
        )
        i, j = two.index(a), three.index(b)
        two[i], three[j] = b, a
        assert other.play.hands != state.play.hands
    else:
        hands = other.deal._hands
        two, three = list(hands[1]), list(hands[2])
        two[0], three[0] = three[0], two[0]
        hands[1], hands[2] = type(hands[1])(two), type(hands[2])(three)
        assert other.deal._hands != state.deal._hands
    view_a = match.game.view(state, 1, match.seats)
    view_b = match.game.view(other, 1, match.seats)
    assert view_a == view_b
    first = ai.evaluate(view_a, "easy", derived_rng("t", 1), include=(match.legal_moves()[-1],))
    second = ai.evaluate(view_b, "easy", derived_rng("t", 1), include=(match.legal_moves()[-1],))
    assert first == second and first is not None
