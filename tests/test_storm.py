"""Issue 16: storms of random input against every game and scene never crash the client
and never leave a match its own record would not rebuild."""

from __future__ import annotations

import random

import pygame
import pygame_gui
import pytest
from storm import storm

from game.core.match import Match
from game.core.record import match_from_record, match_to_record
from game.registry import GAME_NAMES
from scenes.services.settings import Settings
from scenes.shell.app import App
from scenes.shell.manager import FLOOR

EVENTS = 10_000
SEATS = ("human", "greedy", "greedy", "greedy")
START_SCENES = ("menu", "table", "summary", "review")


def played_round(game: str, seed: int) -> Match:
    """A match whose first round is over, people taking their first legal decision."""
    match = Match(game, SEATS, seed)
    while not match.round.is_over:
        match.push(match.computer_decision() if match.computer_to_act else match.legal_moves()[0])
    return match


def open_scene(app: App, game: str, scene: str, seed: int) -> None:
    if scene == "menu":
        app.show("menu")
    elif scene == "table":
        app.show("table", match=Match(game, SEATS, seed))
    else:
        match = played_round(game, seed)
        table = app.show("table", match=match)
        app.manager.run_frames(1)
        if scene == "summary":
            app.show("summary", table=table)
        else:
            app.show("review", match=match, round_index=0, back=table)
    app.manager.run_frames(1)


def assert_consistent(match: Match) -> None:
    """Replaying the match's record gives the same record and what every seat sees."""
    record = match_to_record(match)
    again = match_from_record(record)
    assert match_to_record(again) == record
    for seat in range(1, 5):
        assert again.view_for(seat) == match.view_for(seat)


def run_storm(game: str, scene: str, seed: int) -> tuple[int, list[Match]]:
    """``EVENTS`` random events sent while ``scene`` is on screen (opened again whenever the
    storm leaves it); how many times it was opened, and every match met on the way."""
    app = App((1280, 720), settings=Settings(game=game, speed="fast", level="easy"))
    open_scene(app, game, scene, seed)
    kind = type(app.manager.scene)
    rng = random.Random(f"{game}/{scene}/{seed}")
    bursts = storm(rng, app.ui.get_sprite_group())
    matches: dict[int, Match] = {}
    opened, sent = 1, 0
    while sent < EVENTS:
        if type(app.manager.scene) is not kind:
            opened += 1
            open_scene(app, game, scene, seed + opened)
        for _ in range(rng.randint(1, 24)):
            for event in next(bursts):
                pygame.event.post(event)
                sent += 1
        app.manager.run_frames(1)
        app.manager.running = True  # Quit and Esc on the menu would end the game: play on
        match = getattr(app.manager.scene, "match", None)
        if isinstance(match, Match):
            matches[id(match)] = match
    pygame.display.set_mode((1024, 768), pygame.RESIZABLE)
    app.manager.run_frames(2)
    assert not app.manager.too_small
    return opened, list(matches.values())


@pytest.mark.parametrize("scene", START_SCENES)
@pytest.mark.parametrize("game", GAME_NAMES)
def test_issue16_a_storm_of_random_input_crashes_nothing_and_keeps_the_match_whole(game, scene):
    _opened, matches = run_storm(game, scene, seed=7)
    assert matches, "the storm reached a table"
    for match in matches:
        assert_consistent(match)


def buttons(app: App) -> list[pygame_gui.elements.UIButton]:
    return [w for w in app.ui.get_sprite_group().sprites() if isinstance(w, pygame_gui.elements.UIButton)]


def test_a_window_below_the_floor_puts_the_scene_away_and_brings_it_back():
    app = App((1280, 720), settings=Settings(game="chiva", speed="fast"))
    table = app.show("table", match=Match("chiva", ("greedy",) * 4, 3))
    app.manager.run_frames(2)
    assert buttons(app)
    pygame.display.set_mode((FLOOR[0] - 1, FLOOR[1]), pygame.RESIZABLE)
    app.manager.run_frames(2)
    assert app.manager.too_small and not buttons(app)
    decided = len(table.match.decisions)
    pygame.display.set_mode((1, 1), pygame.RESIZABLE)
    app.manager.run_frames(120)
    assert len(table.match.decisions) == decided, "the match waits while the window is too small"
    pygame.display.set_mode((900, 650), pygame.RESIZABLE)
    app.manager.run_frames(2)
    assert not app.manager.too_small and app.manager.scene is table
    assert buttons(app), "the table's buttons are back"
    app.manager.run_frames(120)
    assert len(table.match.decisions) > decided, "and plays on once the window is large again"


def resize(app: App, size: tuple[int, int], frames: int = 2) -> None:
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.manager.run_frames(frames)


@pytest.mark.parametrize("game", GAME_NAMES)
@pytest.mark.parametrize("width", [149, 60, 1])
def test_issue16_case_1_a_window_narrower_than_150_px_asks_to_be_larger(game, width):
    app = App((1280, 720), settings=Settings(game=game, speed="fast"))
    table = app.show("table", match=Match(game, SEATS, 5))
    app.manager.run_frames(2)
    resize(app, (width, 720), frames=10)
    assert app.manager.too_small and app.manager.scene is table
    resize(app, (1280, 720))
    assert not app.manager.too_small and buttons(app)


def test_issue16_case_2_the_rules_panel_and_a_window_80_px_tall():
    app = App((1280, 720), settings=Settings(game="chiva", speed="fast"))
    table = app.show("table", match=Match("chiva", SEATS, 5))
    app.manager.run_frames(2)
    table.control("rules")
    app.manager.run_frames(2)
    assert table.rules_panel is not None and table.rules_panel.alive
    resize(app, (1280, 80))
    assert app.manager.too_small
    resize(app, (1280, 720))
    table.control("rules")
    app.manager.run_frames(2)
    assert table.rules_panel is not None and table.rules_panel.alive
    resize(app, (900, 80))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    app.manager.run_frames(2)
    assert app.manager.scene is table
