"""A new scene is prepared a piece at a time while the scene on screen goes on: pictures are
painted ahead in pieces (the same pixels as at once), no input reaches a scene being left,
and the frame a scene is entered in shows the last picture once more."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pygame_gui
import pytest
from client_helpers import frames, make_table

from scenes.services.settings import Settings
from scenes.shell.app import App
from scenes.shell.manager import SceneManager
from scenes.ui.scene import Scene
from scenes.ui.still_layer import rim_width
from scenes.ui.theme import COLOURS
from sprites import knock, table_surface
from sprites.raster import Canvas


class Recorder(Scene):
    """A scene that counts what the manager does with it."""

    def __init__(self, pieces: int = 0) -> None:
        super().__init__(app=None)
        self.pieces, self.prepared, self.entered = pieces, 0, 0
        self.updates, self.draws, self.events = 0, 0, 0

    def preparation(self) -> Iterator[None]:
        for _ in range(self.pieces):
            self.prepared += 1
            yield

    def enter(self) -> None:
        self.entered += 1

    def update(self, dt: float) -> None:
        self.updates += 1

    def draw(self, surface: pygame.Surface) -> None:
        self.draws += 1

    def handle_event(self, event: pygame.event.Event) -> None:
        self.events += 1


@pytest.fixture
def manager():
    pygame.init()
    pygame.display.set_mode((800, 600))
    made = SceneManager(pygame_gui.UIManager((800, 600)))
    old, new = Recorder(), Recorder(pieces=3)
    made.register("old", lambda: old)
    made.register("new", lambda: new)
    made.switch("old")
    made.frame(1 / 60, 0.0)
    return made, old, new


def tick(made: SceneManager) -> None:
    """A frame, then no time to spare: a piece of preparation at most."""
    made.frame(1 / 60, 0.0)
    made.do_spare_work(0.0)


def test_in_real_time_the_next_scene_is_prepared_in_spare_time_under_the_last_picture(manager):
    made, old, new = manager
    made.real_time = True
    made.switch("new")
    updates, draws, events = old.updates, old.draws, old.events
    for expected in (1, 2, 3):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0))
        tick(made)
        assert new.prepared == expected and not new.entered and made.scene is old
    assert (old.updates, old.draws) == (updates, draws), "the scene being left holds still: its match may move on"
    assert old.events == events, "a scene being left takes no input"
    tick(made)
    assert made.scene is old and not new.entered
    tick(made)
    assert made.scene is new and new.entered == 1
    assert new.draws == 0 and new.updates == 0, "the frame of the switch shows the last picture again"
    tick(made)
    assert new.draws == 1 and new.updates == 1
    assert new.events == 0, "taps made before the new scene was seen are not taken for it"


def test_without_a_budget_a_scene_is_prepared_and_entered_in_one_frame(manager):
    made, _, new = manager
    made.switch("new")
    made.frame(1 / 60, 0.0)
    assert (new.prepared, new.entered, new.draws) == (3, 1, 1) and made.scene is new


def test_nothing_is_drawn_of_a_scene_before_the_first_is_ready():
    pygame.init()
    screen = pygame.display.set_mode((800, 600))
    waited = []
    made = SceneManager(pygame_gui.UIManager((800, 600)), draw_waiting=waited.append)
    first = Recorder(pieces=2)
    made.register("first", lambda: first)
    made.real_time = True
    made.switch("first")
    tick(made)
    assert waited == [screen] and not first.entered and not first.updates
    assert first.prepared == 2, "under the waiting screen a preparation takes more than a piece a frame"
    tick(made)
    assert first.entered and made.scene is first and waited == [screen]


def pieces_of(steps: Iterator[None]) -> int:
    return sum(1 for _ in steps)


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return a.get_size() == b.get_size() and pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")


def felt_at_once(size: tuple[int, int]) -> pygame.Surface:
    """The felt with its shading heightened in one go, not a band of columns at a time."""
    surface = pygame.Surface(size)
    table_surface.tile_felt(surface, COLOURS.felt, surface.get_rect())
    darkening = pygame.transform.smoothscale(table_surface.shading(size), size)
    surface.blit(darkening, (0, 0), special_flags=pygame.BLEND_MULT)
    return surface


def board_at_once(size: tuple[int, int], rim: int) -> pygame.Surface:
    """The board with each band of its rim painted whole, not a strip at a time."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    cloth, regions = table_surface.board_regions(size, rim)
    table_surface.tile_felt(surface, COLOURS.board, cloth)
    for region in regions:
        if region.w > 0 and region.h > 0:
            table_surface.paint_rim(surface, region, size, rim, COLOURS.board)
    return surface


def knock_at_once(kind: str, diameter: int) -> pygame.Surface:
    """A piece of the knock painted on its whole canvas, not a band of rows at a time."""
    canvas = Canvas(diameter, diameter)
    knock.PAINTERS[kind](canvas, diameter, knock.IVORY)
    return canvas.surface()


@pytest.mark.parametrize("size", [(1, 1), (333, 201), (1920, 1080)])
def test_the_felt_painted_in_pieces_is_the_felt_painted_at_once(size):
    at_once = felt_at_once(size)
    table_surface._felts.clear()
    count = pieces_of(table_surface.prepare_felt(size, COLOURS.felt))
    assert same(table_surface.felt(size, COLOURS.felt), at_once)
    assert count >= size[0] // table_surface.FELT_BAND
    assert pieces_of(table_surface.prepare_felt(size, COLOURS.felt)) == 0, "what is painted is not painted again"


@pytest.mark.parametrize(("size", "rim"), [((8, 8), 3), ((1500, 700), 15)])
def test_the_board_painted_in_pieces_is_the_board_painted_at_once(size, rim):
    at_once = board_at_once(size, rim)
    table_surface._boards.clear()
    count = pieces_of(table_surface.prepare_board(size, COLOURS.board, rim))
    assert same(table_surface.board(size, COLOURS.board, rim), at_once)
    assert count >= 2 * size[0] * rim // table_surface.RIM_PIECE


@pytest.mark.parametrize("diameter", [6, 97, 342])
def test_the_knock_painted_in_bands_is_the_knock_painted_at_once(diameter):
    pygame.display.init()
    pygame.display.set_mode((10, 10))
    at_once = [knock_at_once(kind, diameter) for kind in knock.PAINTERS]
    knock._cache.clear()
    count = pieces_of(knock.preparing(diameter))
    for kind, picture in zip(knock.PAINTERS, at_once):
        assert same(knock.piece(kind, diameter, knock.IVORY), picture)
    assert count >= len(knock.PAINTERS) * (diameter // knock.PIECE_BAND)
    assert pieces_of(knock.preparing(diameter)) == 0


def test_a_prepared_table_has_its_felt_board_and_knock_painted_before_it_is_entered():
    app = App((1280, 720), settings=Settings(game="chiva", seats=["computer"] * 4, demo=True, seed=1))
    from scenes.screens.menu import start_match

    table_surface._felts.clear()
    table_surface._boards.clear()
    knock._cache.clear()
    app.manager.real_time = True
    table = app.show("table", match=start_match(app.settings))
    tick(app.manager)
    assert app.manager.scene is None
    while app.manager.scene is not table:
        tick(app.manager)
    lay = table.layout
    assert table.still_layer._background is not None, "the felt painted ahead, composed into the background"
    assert ("felt", app.size, COLOURS.felt[:3]) not in table_surface._felts, "the felt held once, not twice"
    board_key = ("board", lay.board.size, COLOURS.board[:3], rim_width(table.layout))
    assert board_key not in table_surface._boards, "the board held once, in the background, not twice"
    assert all(("ring", size, knock.IVORY) in knock._cache for size in table.board.knock_sizes())
    assert set(table.buttons) == {"hint", "undo", "redo", "restart", "new_match", "rules", "log", "menu"}
    assert all(widget.visible for widget in table.buttons.values())
    assert len(app.ui.get_sprite_group().sprites()) > 0
    app.close()


def test_the_summary_prepared_ahead_shows_the_final_table_without_its_caption():
    app, table, _ = make_table(seats=("greedy",) * 4, speed="instant")
    summary = summary_of(app, table)
    assert summary is not table and summary.backdrop is not None
    prepared = summary.backdrop.copy()
    summary.backdrop = None
    frames(app)
    assert same(summary.backdrop, prepared), "painted ahead or in its frame, the same picture"
    app.close()


def summary_of(app, table):
    app.settings.demo = True
    for _ in range(4000):
        if app.manager.scene is not table:
            return app.manager.scene
        frames(app)
    raise AssertionError("the round did not end")


def test_a_table_prepared_under_its_summary_builds_its_buttons_unseen_then_shows_those():
    app, table, _ = make_table(seats=("greedy",) * 4, speed="instant")
    summary = summary_of(app, table)
    app.manager.real_time = True
    summary.choose("next_round")
    built: dict = {}
    while app.manager.scene is not table:
        frames(app)
        if app.manager.scene is summary and len(table.prepared_buttons.buttons) == len(table.button_plan()):
            built = dict(table.prepared_buttons.buttons)
            assert not any(widget.visible for widget in built.values())
            assert all(widget.alive() and widget.visible for widget in summary.buttons.values())
    assert built, "the buttons were built while the summary was on screen"
    assert all(table.buttons[name] is widget and widget.visible for name, widget in built.items())
    assert not any(widget.alive() for widget in summary.buttons.values()), "the summary's buttons are gone"
    app.close()


def test_buttons_built_for_a_scene_that_is_not_shown_after_all_are_removed():
    app, table, _ = make_table(seats=("greedy",) * 4, speed="instant")
    summary = summary_of(app, table)
    app.manager.real_time = True
    summary.choose("next_round")
    while len(table.prepared_buttons.buttons) < len(table.button_plan()):
        frames(app)
    built = list(table.prepared_buttons.buttons.values())
    app.show("menu")
    assert not any(widget.alive() for widget in built)
    while app.manager.scene is summary:
        frames(app)
    assert app.manager.scene is not table
    assert not any(widget.alive() for widget in built)
    app.close()
