"""Scene smoke tests: the menu, the table and main.py run headless for hundreds of updates."""

import pathlib
import subprocess
import sys

import pygame
import pytest
from client_helpers import centre, frames, mouse_click

from scenes.blocks.board import BlockBoard
from scenes.screens.table import TableScene
from scenes.services.settings import Settings
from scenes.shell.app import App

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_menu_runs_and_start_opens_the_chosen_table():
    app = App((1280, 720), settings=Settings())
    menu = app.show("menu")
    frames(app, 300)
    mouse_click(app, centre(menu.widgets["start"]), settle=3)
    assert isinstance(app.manager.scene, TableScene) and isinstance(app.manager.scene.board, BlockBoard)
    assert app.manager.scene.match.name == "chiva"
    assert app.manager.scene.match.seats[0] == "human"


def test_menu_reads_the_seed_and_seats():
    app = App((1280, 720), settings=Settings())
    menu = app.show("menu")
    frames(app, 2)
    menu.widgets["seed"].set_text("42")
    press_enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    menu.handle_event(press_enter)
    frames(app, 2)
    table = app.manager.scene
    assert isinstance(table, TableScene) and isinstance(table.board, BlockBoard) and table.match.seed == 42


@pytest.mark.slow
def test_demo_table_plays_computer_matches_for_many_updates():
    app = App((1280, 720), settings=Settings(seats=["computer"] * 4, speed="fast", demo=True))
    from scenes.screens.menu import start_match

    app.show("table", match=start_match(app.settings))
    frames(app, 1500)
    match = app.manager.scene.match if hasattr(app.manager.scene, "match") else None
    assert match is not None and (len(match.decisions) > 0 or match.finished)


@pytest.mark.slow
def test_main_demo_renders_frames_to_a_png(tmp_path):
    out = tmp_path / "shot.png"
    home = tmp_path / "home"  # the player's own settings (a fullscreen window, say) stay out of it
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin", "HOME": str(home)}
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--demo", "--seed", "3", "--frames", "120", "--screenshot", str(out)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    image = pygame.image.load(str(out))
    assert image.get_size() == (1280, 720)


def test_start_up_shows_the_menu_without_the_computer_player_or_the_tables(tmp_path):
    """They load later: the tables in the time the menu's frames leave, the computer player
    when it is first asked (in the thinking worker)."""
    later = [
        "game.blocks.ai.player",
        "game.tiengow.ai.player",
        "scenes.screens.table",
        "scenes.screens.summary",
        "multiprocessing",
    ]
    code = f"import main, sys; main.main(['--frames', '1']); print([m for m in {later!r} if m in sys.modules])"
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, env=env, timeout=120, check=True
    )
    assert done.stdout.splitlines()[-1] == "[]"


def test_main_help_lists_every_option():
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--help"], capture_output=True, text=True, timeout=60, check=True
    )
    for option in ("--game", "--seed", "--lang", "--demo", "--frames", "--screenshot", "--size"):
        assert option in done.stdout
