"""Issue 40 item 20: a lean start. The menu's first frame goes without numpy, the tile art, the
tables' modules and PyYAML (they load in the time its frames leave, ``scenes.shell.routes``); a
game card's picture stands in until spare time paints it; and spare work of a kind slower than
what a menu frame leaves still gets done in the menu."""

from __future__ import annotations

import itertools
import json
import pathlib
import subprocess
import sys

import pygame
import pytest

from scenes.shell.manager import FRAME_RATE, SceneManager
from sprites import card_pictures
from sprites.surface_cache import OWED, SurfaceCache

ROOT = pathlib.Path(__file__).resolve().parent.parent

LATER_THAN_THE_MENU = (
    "numpy",
    "yaml",
    "scenes.ui.dialog",
    "scenes.screens.settings_panel",
    "scenes.screens.about",
    "scenes.screens.record_picker",
    "scenes.screens.guide",
    "sprites.raster",
    "sprites.tile_art",
    "sprites.chinese_art",
    "scenes.ui.board",
    "scenes.blocks.review_position",
    "scenes.screens.table",
)

FIRST_MENU_FRAME = """
import importlib, json, sys
import main

seen = {}


def after_frame(manager):
    if manager.scene is not None and manager.drawn:
        if "scene" in seen:  # the frames after the first
            seen["frames"] += 1
            if not manager.scene.unbuilt or seen["frames"] > 100:
                seen["whole"] = sorted(manager.scene.widgets)
                seen["captions_then"] = len(manager.scene.captions)
                manager.running = False
            return
        seen["scene"] = type(manager.scene).__name__
        seen["loaded"] = [name for name in %r if name in sys.modules]
        seen["first"] = sorted(manager.scene.widgets)
        seen["captions"] = len(manager.scene.captions)
        seen["frames"] = 1


code = main.main(["--size", "1280x720"], after_frame)
importlib.import_module("yaml")  # kept out of the start, not out of reach
print(json.dumps(dict(seen, code=code)))
"""


def test_the_menus_first_frame_loads_neither_numpy_nor_the_tile_art_nor_the_tables(tmp_path):
    """``python main.py`` in the interactive loop, stopped after the menu is first drawn."""
    done = subprocess.run(
        [sys.executable, "-c", FIRST_MENU_FRAME % (LATER_THAN_THE_MENU,)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["scene"] == "MenuScene" and seen["code"] == 0
    assert seen["loaded"] == [], "loaded before the menu's first frame"
    assert set(seen["first"]) == {"start", "friends"}, "the first frame: the title, the cards and the way on"
    assert seen["captions"] == 0, "a caption comes with its row"
    later = {"learn_chiva", "learn_tiengow", "seat1:human", "seat4:computer", "level:hard", "lang", "seed", "quit"}
    assert later <= set(seen["whole"]) and seen["captions_then"] == 8
    assert seen["frames"] <= 12, "the rows the first frame went without follow it, a few a frame"


def test_a_card_picture_stands_in_until_spare_time_paints_it(monkeypatch):
    monkeypatch.setattr(OWED, "spare_time", True)  # as in the interactive loop
    monkeypatch.setattr(card_pictures, "_cache", SurfaceCache(limit=16, limit_bytes=6 << 20))
    monkeypatch.setattr(card_pictures, "_last", {})
    size = (222, 69)
    first = card_pictures.western_line_picture(size)
    assert first.get_size() == size
    assert first.get_bounding_rect().width == 0, "nothing painted in the frame that asked"
    while OWED.paint_one():
        pass
    painted = card_pictures.western_line_picture(size)
    assert painted.get_bounding_rect().width > size[0] // 2, "painted in spare time"
    wider = card_pictures.western_line_picture((260, 69))
    assert wider.get_size() == (260, 69)
    assert wider.get_bounding_rect().width > 130, "the last one, scaled, stands in at a new size"
    while OWED.paint_one():
        pass
    assert ("line", (260, 69)) in card_pictures._cache


def test_a_card_picture_asked_outside_the_interactive_loop_is_painted_at_once(monkeypatch):
    monkeypatch.setattr(card_pictures, "_cache", SurfaceCache(limit=16, limit_bytes=6 << 20))
    assert not OWED.spare_time
    picture = card_pictures.chinese_fan_picture((200, 90))
    assert picture.get_bounding_rect().width > 50


class FakeClock:
    """``time.perf_counter`` for the manager: it moves only when a piece of work moves it."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_spare_work_slower_than_what_a_menu_frame_leaves_still_runs_every_frame(monkeypatch):
    """At 120 frames a second a menu frame of 1.5 ms leaves under 7 ms: a kind of piece that
    once took 20 ms (a module of the tables, a card picture) must not wait for more."""
    import scenes.shell.manager

    clock = FakeClock()
    monkeypatch.setattr(scenes.shell.manager.time, "perf_counter", clock)
    manager = SceneManager(ui=None)  # type: ignore[arg-type]
    done: list[float] = []

    def slow() -> bool:
        clock.now += 0.020
        done.append(clock.now)
        return True

    manager.spare_work.append(slow)
    for _ in range(4):
        manager.do_spare_work(1.0 / FRAME_RATE - 0.0015)
    assert len(done) == 4, "one slow piece a frame, not one and then none"


def test_the_stand_in_rule_ends_with_the_interactive_loop(monkeypatch):
    app_manager = SceneManager(ui=None)  # type: ignore[arg-type]
    seen: list[bool] = []

    def frame(elapsed: float, accumulator: float) -> float:
        seen.append(OWED.spare_time)
        app_manager.running = False
        return accumulator

    monkeypatch.setattr(app_manager, "frame", frame)
    monkeypatch.setattr(app_manager, "show", lambda: None)
    app_manager.run(pygame.time.Clock())
    assert seen == [True] and not OWED.spare_time


def test_pygame_gui_reads_the_games_fonts_from_one_copy_of_each_file():
    """pygame-gui reads a font's whole file for every size and style it loads and keeps it:
    the game's own fonts come from the one copy ``sprites.fonts`` keeps."""
    import pygame_gui.core.utility

    from scenes.services.settings import Settings
    from scenes.shell.app import App
    from sprites.fonts import font_bytes

    app = App((1280, 720), settings=Settings())
    files = pygame_gui.core.utility.resources
    for style in ("Regular", "Bold", "Italic", "BoldItalic"):
        name = f"NotoSans-{style}.ttf"
        first = (files.files("assets") / f"fonts/{name}").read_bytes()
        again = (files.files("assets") / f"fonts/{name}").read_bytes()
        assert first is again is font_bytes(name)
    assert (files.files("pygame_gui.data") / "NotoSans-Regular.ttf").read_bytes()[:4] == first[:4]
    app.close()


def test_a_kind_of_spare_work_never_waits_longer_than_starved_for_a_frame_leaving_it_time(monkeypatch):
    """A window whose frames always leave under half a frame (slow flips) still gets what the
    menu owes painted, a piece at least every quarter second."""
    import scenes.shell.manager
    from scenes.shell.manager import STARVED

    clock = FakeClock()
    monkeypatch.setattr(scenes.shell.manager.time, "perf_counter", clock)
    manager = SceneManager(ui=None)  # type: ignore[arg-type]
    done: list[float] = []

    def slow() -> bool:
        clock.now += 0.030
        done.append(clock.now)
        return True

    manager.spare_work.append(slow)
    for _ in range(200):
        manager.do_spare_work(0.001)
        clock.now += 1.0 / FRAME_RATE
    assert len(done) >= 5
    assert all(later - earlier <= STARVED + 0.05 for earlier, later in itertools.pairwise(done))


# --- the menu's first frame, its looks, and the memory a 1080p window holds (lean2) --------


@pytest.mark.parametrize("window", [(800, 600), (1280, 720), (1920, 1080)])
def test_a_button_look_made_ahead_is_the_look_pygame_gui_paints_pixel_for_pixel(window):
    """``ButtonLooks`` widens a narrow look pygame-gui painted; a button then built takes it from
    pygame-gui's cache. Its picture (words included) is the one pygame-gui paints itself."""
    import random

    import pygame_gui

    from scenes.services.settings import Settings
    from scenes.shell.app import App
    from scenes.ui.button_looks import NARROW, ButtonLooks

    app = App(window, settings=Settings())
    chance = random.Random(window[0])
    sizes = [(270, 48), (360, 56), (NARROW + 1, 44)] + [
        (chance.randrange(NARROW + 1, 900), chance.randrange(30, 80)) for _ in range(6)
    ]
    made = 0
    for class_id in ("@button", "@primary", "@button_small"):
        for size in sizes:
            pictures = []
            for ahead in (False, True):
                app.ui.clear_and_reset()
                cache = app.ui.get_theme().shape_cache
                cache.cache_short_term_lookup.clear()
                cache.cache_long_term_lookup.clear()
                if ahead:
                    made += ButtonLooks(app.ui).make([(class_id, size)])
                built = pygame_gui.elements.UIButton(
                    pygame.Rect((7, 9), size),
                    "Play with friends",
                    app.ui,
                    object_id=pygame_gui.core.ObjectID(class_id=class_id, object_id="#start"),
                )
                pictures.append(pygame.image.tobytes(built.drawable_shape.states["normal"].surface, "RGBA"))
            assert pictures[0] == pictures[1], f"{class_id} {size}"
    assert made == 3 * len(sizes), "every look was made ahead, and taken"
    app.close()


def test_the_menu_paints_no_wide_button_four_times_larger():
    """pygame-gui paints a look four times larger each way, then shrinks it: the menu's wide
    buttons take looks widened from narrow ones instead (a third of the menu's building)."""
    from pygame_gui.core.drawable_shapes import RoundedRectangleShape

    from scenes.services.settings import Settings
    from scenes.shell.app import App
    from scenes.ui.button_looks import NARROW

    app = App((1280, 720), settings=Settings())
    drafts: list[int] = []
    painting = RoundedRectangleShape.clear_and_create_shape_surface

    def drafted(shape, surface, rect, *rest, **named):
        drafts.append(rect.width)
        return painting(shape, surface, rect, *rest, **named)

    RoundedRectangleShape.clear_and_create_shape_surface = drafted
    try:
        menu = app.show("menu")
        app.manager.run_frames(1)
    finally:
        RoundedRectangleShape.clear_and_create_shape_surface = painting
    assert app.manager.scene is menu and len(menu.widgets) > 20
    wide = [width for width in drafts if width > 4 * NARROW + 8]
    assert len(wide) <= 4, f"wide looks painted at four times their size: {wide}"  # the language list's own
    app.close()


def test_a_summary_at_1080p_paints_no_button_look_four_times_larger():
    """Its buttons are 300 px and more: pygame-gui's drafts of them, 1440 x 264 px of four bytes
    several times over, made the summary's preparation the peak of a long 1080p session."""
    from client_helpers import frames, make_table, to_the_last_decision
    from pygame_gui.core.drawable_shapes import RoundedRectangleShape

    from game.core.match import Match
    from scenes.ui.button_looks import NARROW

    match = to_the_last_decision(Match("chiva", ("greedy",) * 4, 1))
    app, table, _ = make_table(match=match, speed="instant", size=(1920, 1080))
    app.settings.demo = True
    drafts: list[int] = []
    painting = RoundedRectangleShape.clear_and_create_shape_surface

    def drafted(shape, surface, rect, *rest, **named):
        if app.manager.preparing or app.manager.scene is not table:
            drafts.append(rect.width)
        return painting(shape, surface, rect, *rest, **named)

    RoundedRectangleShape.clear_and_create_shape_surface = drafted
    try:
        for _ in range(4000):
            if app.manager.scene is not table:
                break
            frames(app)
    finally:
        RoundedRectangleShape.clear_and_create_shape_surface = painting
    assert type(app.manager.scene).__name__ == "SummaryScene"
    assert drafts and max(drafts) <= 4 * NARROW, "no look of a summary's button drafted at its full width"
    app.close()


BANNER_PEAK = """
import tracemalloc
import pygame
from sprites import banner
from sprites.steps import finished

pygame.init()
pygame.display.set_mode((10, 10))
finished(banner.painting_banner("Warm", "up", 120, (212, 160, 60)))  # numpy's own first allocations aside
tracemalloc.start()
finished(banner.painting_banner("Match won", "Your team: 152 points", 690, (212, 160, 60)))
print(tracemalloc.get_traced_memory()[1])
"""


def test_the_banner_at_1080p_is_painted_in_bands_of_little_memory():
    """The summary's banner at 1920x1080 (690 px wide): numpy worked on the whole ribbon at
    once, 6.7 MB at its peak; a band of rows at a time, under 3 MB, the same picture. (The peak
    is measured in a process of its own: tracemalloc started and stopped again beside numpy
    can crash a process.)"""
    from sprites import banner
    from sprites.raster import Canvas
    from sprites.steps import finished

    done = subprocess.run(
        [sys.executable, "-c", BANNER_PEAK], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    peak = int(done.stdout.strip().splitlines()[-1])
    assert peak < 3 << 20, f"{peak / 2**20:.1f} MB"
    pygame.init()
    pygame.display.set_mode((10, 10))
    width, colour = 690, (212, 160, 60)
    ribbon_only = finished(banner.painting_banner("", "", width, colour))
    height = max(24, round(width * 0.16))
    whole = Canvas(width, ribbon_only.get_height())
    banner.ribbon(whole, height, round(height * 0.55), max(3, round(height * 0.18)), colour)
    assert pygame.image.tobytes(whole.surface(), "RGBA") == pygame.image.tobytes(ribbon_only, "RGBA")


def test_a_tables_background_holds_the_window_of_felt_the_cache_lets_go_of():
    """At 1920x1080 the felt is 8 MB: the table's background is made on it, and the cache of
    felts no longer holds a second copy of it."""
    from client_helpers import make_table

    from scenes.ui.theme import COLOURS
    from sprites import table_surface

    app, table, _ = make_table(seats=("greedy",) * 4, size=(1280, 720))
    assert app.manager.scene is table
    assert table.still_layer._background is not None
    assert ("felt", app.size, COLOURS.felt[:3]) not in table_surface._felts
    assert table_surface._felts.bytes == sum(
        surface.get_height() * surface.get_pitch() for surface in table_surface._felts._surfaces.values()
    )
    app.close()


def test_the_menu_scene_has_at_most_40_methods_counting_the_functions_inside_them():
    """Issue 41 item 5: the game cards (layout, words, drawing, hit-testing) are their own class."""
    import ast

    tree = ast.parse((ROOT / "scenes" / "screens" / "menu.py").read_text(encoding="utf-8"))
    menu = next(node for node in ast.walk(tree) if isinstance(node, ast.ClassDef) and node.name == "MenuScene")
    functions = [
        node for node in ast.walk(menu) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
    ]
    assert len(functions) <= 40


def test_the_cards_say_which_game_a_point_is_on_and_a_tap_chooses_it():
    from client_helpers import finger_tap, mouse_click

    from scenes.services.settings import Settings
    from scenes.shell.app import App

    app = App((1280, 720), settings=Settings(game="chiva"))
    menu = app.show("menu")
    app.manager.run_frames(1)
    cards = dict(menu.cards)
    assert menu.cards.at(cards["tiengow"].center) == "tiengow" and menu.cards.at((1, 1)) is None
    mouse_click(app, cards["dekabes"].center)
    assert app.settings.game == "dekabes"
    finger_tap(app, cards["tiengow"].center)
    assert app.settings.game == "tiengow"
    app.close()


def test_a_table_prepared_again_under_its_summary_paints_no_felt_and_holds_none():
    """The summary's Next round prepares the same table again: its background is composed for
    that layout already, so no window of felt is painted for nothing and kept in the cache."""
    from client_helpers import frames, make_table, to_the_last_decision

    from game.core.match import Match
    from scenes.ui.theme import COLOURS
    from sprites import table_surface

    app, table, match = make_table(match=to_the_last_decision(Match("chiva", ("greedy",) * 4, 1)), speed="instant")
    app.settings.demo = True  # the summary goes on by itself
    painted: list[tuple[int, int]] = []
    painting = table_surface.painting_felt

    def counted(size, colour):
        painted.append(size)
        return painting(size, colour)

    table_surface.painting_felt = counted
    try:
        rounds = len(match.finished)
        for _ in range(6000):
            if len(match.finished) > rounds and app.manager.scene is table:
                break
            frames(app)
    finally:
        table_surface.painting_felt = painting
    assert len(match.finished) > rounds and app.manager.scene is table, "the next round, at the same table"
    assert painted == [], "no felt painted again"
    assert ("felt", app.size, COLOURS.felt[:3]) not in table_surface._felts
    app.close()


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_the_menu_built_over_its_first_frames_is_the_menu_built_at_once_pixel_for_pixel(size):
    """In the interactive loop the first frame shows the title, the cards and the way on; the
    rest follows a few rows a frame: once built, the picture is the one built at once."""
    from scenes.services.settings import Settings
    from scenes.shell.app import App
    from scenes.shell.manager import FIXED_DT

    app = App(size, settings=Settings())
    app.manager.real_time = True  # as in the interactive loop
    menu = app.show("menu")
    drawn = []
    for _ in range(60):
        app.manager.frame(FIXED_DT, 0.0)
        if menu.drawn:
            drawn.append(len(menu.widgets))
            if not menu.unbuilt:
                break
        app.manager.do_spare_work(0.0)
    app.manager.frame(FIXED_DT, 0.0)
    over_frames = pygame.image.tobytes(pygame.display.get_surface(), "RGB")
    app.close()
    assert drawn[0] == 2 and drawn[-1] > 20 and len(drawn) <= 12, drawn
    app = App(size, settings=Settings())
    app.show("menu")
    app.manager.run_frames(2)
    assert pygame.image.tobytes(pygame.display.get_surface(), "RGB") == over_frames
    app.close()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's allocator")
def test_after_the_first_frame_a_large_block_comes_from_a_mapping_given_back_when_freed():
    """glibc serves a block from a mapping of its own (given back to the system when freed)
    only above a threshold it raises to the largest block freed so far: after a window-sized
    picture is freed, a 1 MB block would come from the heap and stay resident once freed."""
    code = """
import ctypes
from scenes.shell.app import LargeBlocks

blocks = LargeBlocks()
assert blocks.give_back() and not blocks.give_back(), "a piece of spare work, once"
libc = ctypes.CDLL(None)
libc.malloc.restype = ctypes.c_void_p
libc.malloc.argtypes = [ctypes.c_size_t]
libc.free.argtypes = [ctypes.c_void_p]
libc.free(libc.malloc(8 << 20))  # a window-sized picture at 1920x1080, freed
block = libc.malloc(1 << 20)
size_field = ctypes.c_size_t.from_address(block - ctypes.sizeof(ctypes.c_size_t)).value
libc.free(block)
assert size_field & 2, "the 1 MB block has a mapping of its own (glibc's IS_MMAPPED bit)"
"""
    # a fresh process: the allocator's thresholds are the whole process's, moved by every test before
    done = subprocess.run(
        [sys.executable, "-c", code], check=False, cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr


PRELOADS = """
import json, sys
import main
from scenes.shell.routes import LATER, ONLINE

frames, after = 0, 0


def after_frame(manager):
    global frames, after
    frames += 1
    if all(name in sys.modules for name in (ONLINE if sys.argv[1] == "menu" else LATER)):
        after += 1  # frames on, in which the other list could still load
    if after > 120 or frames > 6000:
        manager.running = False


code = main.main(sys.argv[2:], after_frame)
missing = [name for name in LATER if name not in sys.modules]
online = [name for name in ONLINE if name in sys.modules]
print(json.dumps({"code": code, "frames": frames, "missing": missing, "online": online}))
"""


def preloaded(where: str, *argv: str) -> dict[str, object]:
    """What spare time loaded in ``python main.py ARGV`` run in the interactive loop."""
    done = subprocess.run(
        [sys.executable, "-c", PRELOADS, where, "--size", "1280x720", *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["code"] == 0 and seen["frames"] <= 6000, seen
    return seen


def test_a_local_table_never_loads_the_network_modules_the_menu_loads_them_ahead():
    """The modules of the tables across devices (10 MB) load ahead only while the menu is up."""
    from scenes.shell.routes import ONLINE

    local = preloaded("table", "--demo", "--game", "chiva", "--seed", "1")
    assert local["missing"] == [] and local["online"] == []
    assert preloaded("menu")["online"] == list(ONLINE)
