"""Spare work: pictures owed by the sprites are painted in the time a frame leaves, never
inside a frame, and a redrawn face stands in (turned and scaled) until its size is painted."""

from __future__ import annotations

import pygame
from art_helpers import blobs, pip_mask

from game.core.tiles import Tile
from scenes.manager import SceneManager
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
