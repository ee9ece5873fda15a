"""Issue 24 item 25: after F11, or while the window is resized from outside, the display's
surface may be one SDL is replacing, with a size like (-2147483648, 1667460464). The size
is taken from the window once per frame, after its events; a size out of sane bounds is
"not ready" (the last layout stays, nothing is drawn), and the table is laid out only for
a sane size at or above the floor."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.match import Match
from game.registry import GAME_NAMES
from scenes.services.settings import Settings
from scenes.shell.app import App
from scenes.shell.manager import FLOOR
from scenes.ui.window import LARGEST_SIDE, sane

SEATS = ("human", "greedy", "greedy", "greedy")
REPLACED = (-2147483648, 1667460464)  # a size read from a surface SDL had replaced


class ReplacedSurface:
    """What ``pygame.display.get_surface`` gave in the crashes: a surface being replaced."""

    def __init__(self, size: tuple[int, int] = REPLACED) -> None:
        self.size = size

    def get_size(self) -> tuple[int, int]:
        return self.size


def table_app(game: str, size: tuple[int, int] = (1280, 720), seats: tuple[str, ...] = SEATS) -> App:
    app = App(size, settings=Settings(game=game, speed="fast"))
    app.show("table", match=Match(game, seats, 7))
    app.manager.run_frames(2)
    return app


def count_relayouts(app: App, monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """The sizes the scene on screen is laid out for from now on."""
    scene = app.manager.current
    sizes: list[tuple[int, int]] = []
    relayout = scene.relayout

    def counted() -> None:
        sizes.append(app.size)
        relayout()

    monkeypatch.setattr(scene, "relayout", counted)
    return sizes


def post_resize(size: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))


@pytest.mark.parametrize("game", GAME_NAMES)
def test_issue24_item25_a_replaced_surface_is_not_ready_and_changes_nothing(game, monkeypatch):
    app = table_app(game)
    relayouts = count_relayouts(app, monkeypatch)
    monkeypatch.setattr(pygame.display, "get_surface", ReplacedSurface)
    post_resize(REPLACED)
    app.manager.run_frames(5)
    assert relayouts == [], "no layout for a size that is not ready"
    assert app.size == (1280, 720) and app.manager.changed == [], "the last layout stays and nothing is drawn"
    assert not app.manager.too_small
    monkeypatch.undo()
    app.manager.run_frames(2)
    assert app.manager.changed != [] and app.size == (1280, 720), "drawn again once the surface is back"


@pytest.mark.parametrize("size", [(1667460464, 900), (900, LARGEST_SIDE + 1), (0, 720), (-5, -5)])
def test_issue24_item25_no_side_out_of_bounds_is_laid_out_for(size, monkeypatch):
    app = table_app("dekabes")
    relayouts = count_relayouts(app, monkeypatch)
    monkeypatch.setattr(pygame.display, "get_surface", lambda: ReplacedSurface(size))
    app.manager.run_frames(3)
    assert relayouts == [] and app.size == (1280, 720)


def test_issue24_item25_many_resize_events_in_a_frame_lay_out_once_for_the_last_size(monkeypatch):
    app = table_app("tiengow")
    relayouts = count_relayouts(app, monkeypatch)
    for width in range(900, 1300, 20):
        post_resize((width, 700))
    pygame.display.set_mode((1200, 700), pygame.RESIZABLE)
    app.manager.run_frames(1)
    assert relayouts == [(1200, 700)], "one layout a frame, for the size the window has after its events"


@pytest.mark.parametrize("game", GAME_NAMES)
def test_issue24_item25_f11_then_a_resize_from_outside_keeps_the_table_playing(game):
    app = table_app(game, seats=("greedy",) * 4)
    table = app.manager.current
    for size in ((1024, 700), (1600, 900), (FLOOR[0] - 1, 500), (1280, 720)):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
        app.manager.run_frames(1)
        pygame.display.set_mode(size, pygame.RESIZABLE)
        post_resize(size)
        app.manager.run_frames(2)
        assert app.manager.too_small == (size[0] < FLOOR[0])
        if not app.manager.too_small:
            assert app.size == size and app.screen.get_size() == size
    app.manager.run_frames(60)
    assert app.manager.scene is table and not app.manager.too_small
    assert len(table.match.decisions) > 0, "the computers play on"


sizes = st.one_of(
    st.tuples(st.integers(-(2**31), 2**31 - 1), st.integers(-(2**31), 2**31 - 1)),
    st.tuples(st.integers(FLOOR[0] - 50, 2000), st.integers(FLOOR[1] - 50, 1200)),
)


@settings(max_examples=25, deadline=None)
@given(steps=st.lists(sizes, min_size=1, max_size=6))
def test_issue24_item25_a_storm_of_replaced_surfaces_and_resizes_never_crashes(steps):
    app = table_app("chiva", (1000, 700))
    for size in steps:
        with pytest.MonkeyPatch.context() as patch:
            if not sane(size):
                patch.setattr(pygame.display, "get_surface", lambda size=size: ReplacedSurface(size))
            elif size[0] <= 2000 and size[1] <= 1200:
                pygame.display.set_mode(size, pygame.RESIZABLE)
            post_resize(size)
            app.manager.run_frames(1)
        laid_out = app.size
        assert sane(laid_out) and laid_out[0] >= FLOOR[0] and laid_out[1] >= FLOOR[1]
    app.manager.run_frames(2)
