"""Issue 40, items 1-3: nothing a player does loses a round's result or a saved match. Through
the real client (pygame events posted, frames run)."""

from __future__ import annotations

import pathlib
import subprocess
import sys

import pygame
from client_helpers import centre, frames, make_table, mouse_click, press, to_the_last_decision
from helpers import blocked_round

from game.core.match import Match
from game.core.phases import Phase
from scenes.screens.menu import MenuScene
from scenes.screens.summary import SETTLE, SummaryScene
from scenes.screens.table import TableScene
from scenes.services import persist
from scenes.services.settings import Settings
from scenes.shell.app import App
from scenes.shell.manager import FIXED_DT

ROOT = pathlib.Path(__file__).resolve().parent.parent
SEATS = ("human", "greedy", "greedy", "greedy")
SETTLED = round(SETTLE / FIXED_DT) + 10  # frames after which a summary takes keys
LIMIT = 600


def key(kind: int, code: int = pygame.K_RETURN) -> None:
    pygame.event.post(pygame.event.Event(kind, key=code, mod=0, unicode="", scancode=0))


def round_over() -> Match:
    """A Chiva round just over (a block team A wins), the match going on."""
    return blocked_round("chiva", seats=SEATS)


# --- 1. A key pressed before a screen is shown never acts on it ------------------------------


def test_item1_an_enter_held_from_before_the_summary_was_drawn_never_skips_it():
    match = round_over()
    app, table, _ = make_table(match=match)
    number = match.start.number
    app.manager.real_time = True  # the summary is prepared a piece a frame, under the banner's picture
    key(pygame.KEYDOWN)
    key(pygame.KEYUP)
    for _ in range(LIMIT):
        frames(app)
        if isinstance(app.manager.scene, SummaryScene):
            break
    summary = app.manager.scene
    assert isinstance(summary, SummaryScene) and not app.manager.drawn, "entered, not drawn yet"
    for _ in range(SETTLED + 20):  # pressed while the banner still showed, held: it repeats
        key(pygame.KEYDOWN)
        frames(app)
    assert app.manager.scene is summary and match.start.number == number
    key(pygame.KEYUP)
    app.manager.real_time = False  # the table comes back at once
    press(app, pygame.K_RETURN, settle=2)
    assert app.manager.scene is table and match.start.number == number + 1, "a new press goes on"


def test_item1_an_enter_held_from_before_the_round_ended_does_not_pass_the_banner():
    match = to_the_last_decision(Match("chiva", ("greedy",) * 4, 4))
    app, table, _ = make_table(match=match, speed="slow")
    key(pygame.KEYDOWN)  # held as the last tile is played: it repeats
    for _ in range(LIMIT):
        frames(app)
        if match.round.is_over and not table.animating:
            break
        key(pygame.KEYDOWN)
    for _ in range(5):
        key(pygame.KEYDOWN)
        frames(app)
    assert match.round.is_over and app.manager.scene is table, "the result stays on the table"
    key(pygame.KEYUP)
    press(app, pygame.K_RETURN, settle=2)
    assert isinstance(app.manager.scene, SummaryScene), "a new press opens the summary"


def test_item1_enter_enter_enter_at_the_match_end_keeps_the_finished_match():
    match = blocked_round("chiva", score=(3, 0), number=4, seats=SEATS)  # a fourth won round in a row
    assert match.phase is Phase.MATCH_OVER
    app, _, _ = make_table(match=match)
    number = match.start.number
    press(app, pygame.K_RETURN, settle=SETTLED)  # the banner: the result
    summary = app.manager.scene
    assert isinstance(summary, SummaryScene)
    press(app, pygame.K_RETURN, settle=2)  # New match, which asks
    assert summary.dialog is not None
    press(app, pygame.K_RETURN, settle=2)  # the question's default: keep the finished match
    assert app.manager.scene is summary and summary.dialog is None
    assert match.phase is Phase.MATCH_OVER and match.start.number == number


def test_item1_every_question_that_throws_play_away_defaults_to_the_safe_answer():
    match = round_over()
    app, table, _ = make_table(match=match)
    mouse_click(app, centre(table.buttons["restart"]))
    assert table.dialog is not None and table.dialog.focus.focused == "cancel"
    press(app, pygame.K_RETURN)
    assert table.dialog is None and match.round.is_over


# --- 2. A start from the command line never replaces a saved match without asking -------------


def test_item2_a_start_from_the_command_line_keeps_the_saved_match():
    saved = Match("chiva", ("human", "greedy", "human", "greedy"), 3)
    saved.run_computers()
    saved.push(saved.legal_moves()[0])
    persist.save_match(saved)
    before = persist.save_path().read_bytes()
    command = [sys.executable, str(ROOT / "main.py"), "--game", "dekabes", "--seed", "7", "--frames", "30"]
    subprocess.run(command, cwd=ROOT, capture_output=True, timeout=120, check=True)  # its own pygame: it quits it
    assert persist.save_path().read_bytes() == before


def test_item2_the_command_lines_start_asks_and_continue_is_the_default():
    saved = Match("chiva", SEATS, 3)
    saved.run_computers()
    saved.push(saved.legal_moves()[0])
    persist.save_match(saved)
    before = persist.save_path().read_bytes()
    app = App((1280, 720), settings=Settings(game="dekabes", lang="en"))
    menu = app.show("menu", starting=True)
    frames(app, 2)
    assert app.manager.scene is menu and isinstance(menu, MenuScene) and menu.windows.dialog is not None
    assert persist.save_path().read_bytes() == before
    press(app, pygame.K_RETURN, settle=2)
    table = app.manager.scene
    assert isinstance(table, TableScene) and table.match is not None and table.match.name == "chiva"


# --- 3. Lessons are not counted in the statistics ---------------------------------------------


def test_item3_a_lessons_round_is_not_counted():
    match = round_over()
    app, table, _ = make_table(match=match)
    table.practice = True  # as a lesson's table is (``local_table(..., lesson=True)``)
    press(app, pygame.K_RETURN, settle=2)
    assert isinstance(app.manager.scene, SummaryScene)
    assert not (persist.data_dir() / "stats.json").exists()
