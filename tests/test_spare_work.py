"""Spare work: pictures owed by the sprites are painted in the time a frame leaves, never
inside a frame, and a redrawn face stands in (turned and scaled) until its size is painted;
a Chinese face too, and a table owes the whole set at its sizes."""

from __future__ import annotations

import pygame
from art_helpers import blobs, pip_mask

from game.core.tiles import Tile
from scenes.shell.manager import SceneManager
from scenes.tiengow.board import tiengow_layout
from scenes.tiengow.board_drawing import TRICK_SHORT
from sprites import chinese_art
from sprites.chinese_art import FACES, ChineseArt
from sprites.surface_cache import OWED, Owed, SurfaceCache
from sprites.tile_art import TileArt


def test_spare_work_runs_while_time_lasts_and_not_without_time():
    manager = SceneManager(ui=None)  # type: ignore[arg-type]
    left = [5]

    def piece() -> bool:
        if not left[0]:
            return False
        left[0] -= 1
        return True

    manager.spare_work.append(piece)
    manager.do_spare_work(0.0)
    assert left[0] == 5
    manager.do_spare_work(10.0)
    assert left[0] == 0


def test_owed_pictures_are_painted_once_oldest_first_and_stay_few():
    cache, owed, painted = SurfaceCache(), Owed(limit=3), []

    def painter(name: str):
        def paint() -> pygame.Surface:
            painted.append(name)
            return pygame.Surface((1, 1))

        return paint

    for name in "abcd":
        owed.owe(cache, name, painter(name))
    owed.owe(cache, "b", painter("again"))
    assert len(owed) == 3
    while owed.paint_one():
        pass
    assert painted == ["b", "c", "d"]
    owed.owe(cache, "c", painter("c"))
    assert not len(owed), "what is painted already is not owed"


def test_a_stand_in_turned_from_the_other_way_shows_the_same_pips():
    art = TileArt()
    art.face(Tile.of(1, 5), 40, True, 5)  # upright, the 5 on top
    stand_in = art.face(Tile.of(1, 5), 40, False, 1, redrawn=True)  # lying, the 1 on the left
    exact = TileArt().face(Tile.of(1, 5), 40, False, 1)
    assert stand_in.get_size() == exact.get_size()
    width = stand_in.get_width()
    for image in (stand_in, exact):
        left, right = image.subsurface((0, 0, width // 2, 40)), image.subsurface((width // 2, 0, width // 2, 40))
        assert (blobs(pip_mask(left)), blobs(pip_mask(right))) == (1, 5)
    while OWED.paint_one():
        pass


def test_modules_loaded_in_spare_time_exist_and_come_after_their_own_imports():
    import importlib
    import sys

    from scenes.shell.routes import LATER

    for name in LATER:
        importlib.import_module(name)
    later = {name: index for index, name in enumerate(LATER)}
    for name, index in later.items():
        module = sys.modules[name]
        imported = {getattr(value, "__module__", None) for value in vars(module).values()} | {
            value.__name__ for value in vars(module).values() if type(value) is type(sys)
        }
        before = [other for other in imported if other in later and other != name]
        assert all(later[other] < index for other in before), f"{name} is listed before what it imports"


class FakeClock:
    """``time.perf_counter`` for the manager: it moves only when a piece of work moves it."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def timed_piece(clock: FakeClock, seconds: float, done: list[str], name: str):
    def piece() -> bool:
        clock.now += seconds
        done.append(name)
        return True

    return piece


def test_issue24_item34_spare_work_starts_a_piece_only_if_the_last_of_its_kind_still_ends_in_time(monkeypatch):
    import scenes.shell.manager

    clock = FakeClock()
    monkeypatch.setattr(scenes.shell.manager.time, "perf_counter", clock)
    manager = SceneManager(ui=None)  # type: ignore[arg-type]
    done: list[str] = []
    manager.spare_work += [timed_piece(clock, 0.005, done, "slow"), timed_piece(clock, 0.001, done, "quick")]
    start = clock.now
    manager.do_spare_work(0.012)
    assert clock.now - start <= 0.012 + 1e-9, "no piece makes the next frame late"
    assert done[:2] == ["slow", "slow"], "a slow kind runs while it fits"
    assert done[2:] and set(done[2:]) == {"quick"}, "then quicker kinds fill the time left"
    for _ in range(50):
        begin = clock.now
        manager.do_spare_work(0.0125)
        assert clock.now - begin <= 0.0125 + 1e-9


def test_issue24_item34_a_kind_slower_than_any_frame_still_runs_when_a_frame_leaves_enough(monkeypatch):
    import scenes.shell.manager

    clock = FakeClock()
    monkeypatch.setattr(scenes.shell.manager.time, "perf_counter", clock)
    manager = SceneManager(ui=None)  # type: ignore[arg-type]
    done: list[str] = []
    manager.spare_work.append(timed_piece(clock, 0.030, done, "huge"))
    manager.do_spare_work(0.016)
    manager.do_spare_work(0.004)
    assert done == ["huge"], "timed once; then it waits for a frame leaving time"
    manager.do_spare_work(0.016)
    assert done == ["huge", "huge"], "never starved"


def test_issue39_a_chinese_face_drawn_at_every_frame_stands_in_while_it_is_owed(monkeypatch):
    painted: list[tuple[Tile, int]] = []
    painting = chinese_art.draw_face

    def counted(tile: Tile, short: int, vertical: bool) -> pygame.Surface:
        painted.append((tile, short))
        return painting(tile, short, vertical)

    monkeypatch.setattr(chinese_art, "draw_face", counted)
    while OWED.paint_one():
        pass
    art, heaven = ChineseArt(), Tile.of(6, 6)
    first = art.face(heaven, 40, redrawn=True)
    assert painted == [] and first.get_size() == ChineseArt.size(40)
    assert not pip_mask(first).any(), "a face never painted stands in as the bare tile"
    while OWED.paint_one():
        pass
    assert painted == [(heaven, 40)]
    assert blobs(pip_mask(art.face(heaven, 40, redrawn=True))) == 12, "the next frame shows the face painted"
    larger = art.face(heaven, 60, redrawn=True)  # the window grew
    assert painted == [(heaven, 40)] and larger.get_size() == ChineseArt.size(60)
    assert blobs(pip_mask(larger)) == 12, "the face shown at another size stands in, scaled, with its pips"
    while OWED.paint_one():
        pass
    assert painted == [(heaven, 40), (heaven, 60)]
    assert art.face(heaven, 60, redrawn=True) is art.face(heaven, 60)


def test_issue39_every_chinese_face_owed_at_a_tables_sizes_is_painted_once_and_weighs_little():
    while OWED.paint_one():
        pass
    art = ChineseArt()
    lay = tiengow_layout((7680, 4320))  # the largest tiles a window gives
    sizes = (lay.hand_short, lay.px(TRICK_SHORT))
    for short in sizes:
        art.owe_faces(short)
        art.owe_faces(short)
    assert len(OWED) == 2 * (len(FACES) + 1) and len(FACES) == 21, "each face and the bare tile, once a size"
    while OWED.paint_one():
        pass
    assert all(("face", tile, short, True) in art.cache for tile in FACES for short in sizes)
    assert art.cache.bytes < art.cache.limit_bytes / 3, "the whole set at both sizes leaves the cache room"
