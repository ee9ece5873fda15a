"""Chinese dominoes painted at the exact size they are shown: long bone tiles on a bamboo
back, black pips, every spot of 1 and 4 red (the 1 larger), half of each 6 red on Heaven
(6-6). Civil tiles carry a ring and military tiles a diamond between the halves, so the
suit never rests on colour alone.

A face is a whole painting (a few milliseconds at a large size): a table owes every face of
the set at its sizes when it opens (``OWED``), and a face drawn at every frame before it is
painted stands in, scaled from its former size or as the bare tile, while it is owed, so no
frame pays for a hand of new faces."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from functools import partial

import numpy as np
import pygame

from game.core.tiles import Tile
from game.tiengow.chinese import CHINESE_SET, Suit, suit
from sprites.raster import Canvas, box, cover, diamond, disc, snap
from sprites.surface_cache import OWED, SurfaceCache
from sprites.tile_body import body, draw_drop_shadow, draw_shadow, drop_geometry, paint_pips, thickness, whole

RATIO = 2.3  # long side / short side
FACE_TOP = (250, 243, 224)
FACE_BOTTOM = (234, 220, 188)
FACE_SIDE = (176, 128, 66)  # the bamboo layer under the bone
BLACK = (26, 22, 20)
BLACK_WALL = (98, 86, 74)
RED = (178, 34, 30)
RED_WALL = (232, 120, 96)
MARK = (142, 106, 52)
BAMBOO_TOP = (170, 112, 52)
BAMBOO_BOTTOM = (128, 78, 32)
BAMBOO_SIDE = (92, 54, 22)
BAMBOO_FIBRE = (96, 58, 24)
BACK_SPOT = (246, 236, 212)

# Pip centres in a half, per number: ``across`` (0..1) and ``along`` from the tile's end
# (0) to its middle (1). The lower half is the upper one turned half a turn.
SPOTS = {
    1: ((0.5, 0.5),),
    2: ((0.28, 0.3), (0.72, 0.3)),
    3: ((0.24, 0.2), (0.5, 0.5), (0.76, 0.8)),
    4: ((0.28, 0.27), (0.72, 0.27), (0.28, 0.73), (0.72, 0.73)),
    5: ((0.25, 0.22), (0.75, 0.22), (0.5, 0.5), (0.25, 0.78), (0.75, 0.78)),
    6: ((0.28, 0.18), (0.28, 0.5), (0.28, 0.82), (0.72, 0.18), (0.72, 0.5), (0.72, 0.82)),
}


def pip_colour(number: int, index: int, tile: Tile) -> tuple[int, int, int]:
    """Red for every spot of 1 and 4, and for one column of each 6 on Heaven (6-6)."""
    if number in (1, 4):
        return RED
    if number == 6 and tile.low == tile.high == 6 and index < 3:
        return RED
    return BLACK


def corner_radius(short: int) -> float:
    return max(1.5, short * 0.16)


def half_length(short: int, along: float) -> float:
    """The length of each half of a face ``along`` px long, a gap for the suit mark between them."""
    return (along - max(3.0, short * 0.16)) / 2


def mark_size(short: int) -> float:
    """The radius of the suit mark."""
    return max(2.0, short * 0.1)


def spots_of(
    tile: Tile, short: int, across: float, along: float
) -> list[tuple[float, float, float, tuple[int, int, int]]]:
    """Every pip of a face ``across`` x ``along`` px, the high number at the start: its
    centre (across, along), diameter and colour."""
    half = half_length(short, along)
    diameter = whole(short * 0.19)
    found = []
    for upper, number in ((True, tile.high), (False, tile.low)):
        size = whole(short * 0.36) if number == 1 else diameter
        mid_across, mid_along = snap(across / 2, size), snap(half / 2 if upper else along - half / 2, size)
        for index, (fa, fl) in enumerate(SPOTS[number]):
            da, dl = round((fa - 0.5) * across * 0.8), round((fl - 0.5) * half * 0.84)
            at = (mid_across + da, mid_along + dl) if upper else (mid_across - da, mid_along - dl)
            found.append((*at, size, pip_colour(number, index, tile)))
    return found


def paint_mark(canvas: Canvas, centre: tuple[float, float], short: int, civil: bool) -> None:
    """A ring (civil) or a diamond (military), engraved in bronze."""
    size = mark_size(short)
    cx, cy = centre
    if civil:
        stroke = max(1.0, round(size * 0.45))
        ring = np.abs(disc(canvas.x, canvas.y, cx, cy, size - stroke / 2)) - stroke / 2
        canvas.paint(cover(ring), MARK)
    else:
        canvas.paint(cover(diamond(canvas.x, canvas.y, cx, cy, size * 1.25)), MARK)


def draw_face(tile: Tile, short: int, vertical: bool) -> pygame.Surface:
    """A face, upright with the high number on top, or lying with it on the left."""
    w, h = ChineseArt.size(short, vertical)
    canvas = Canvas(w, h)
    body(canvas, (FACE_TOP, FACE_BOTTOM, FACE_SIDE), short, corner_radius(short))
    across, along = (w, h - thickness(short)) if vertical else (h - thickness(short), w)
    for x, y, size, colour in spots_of(tile, short, across, along):
        at = (x, y) if vertical else (y, across - x)
        paint_pips(canvas, [at], size, colour, RED_WALL if colour == RED else BLACK_WALL)
    x, y = snap(across / 2, 2 * mark_size(short)), snap(along / 2, 2 * mark_size(short))
    paint_mark(canvas, (x, y) if vertical else (y, x), short, suit(tile) is Suit.CIVIL)
    return canvas.surface()


def draw_outline(short: int, vertical: bool = True) -> pygame.Surface:
    """A face without its pips and mark: its outline (every pixel's alpha) is the face's own,
    for a fraction of the painting."""
    w, h = ChineseArt.size(short, vertical)
    canvas = Canvas(w, h)
    body(canvas, (FACE_TOP, FACE_BOTTOM, FACE_SIDE), short, corner_radius(short))
    return canvas.surface()


def draw_back(short: int, vertical: bool) -> pygame.Surface:
    """A bamboo back with fine fibres along the tile and three spots across it, white, red, white."""
    w, h = ChineseArt.size(short, vertical)
    canvas = Canvas(w, h)
    body(canvas, (BAMBOO_TOP, BAMBOO_BOTTOM, BAMBOO_SIDE), short, corner_radius(short))
    face_w, face_h = w, h - thickness(short)
    if short >= 14:
        fibres = np.random.default_rng(short).random(w if vertical else h) ** 6
        lines = fibres[None, :] if vertical else fibres[:, None]
        inside = cover(box(canvas.x, canvas.y, (1, 1, w - 1, face_h - 1), corner_radius(short)))
        canvas.paint(lines * inside, BAMBOO_FIBRE, 0.5)
    size = whole(max(2.0, short * 0.2))
    cx, cy = snap(face_w / 2, size), snap(face_h / 2, size)
    step = (round(face_w * 0.22), round(face_h * 0.2)) if vertical else (round(face_w * 0.2), round(face_h * 0.22))
    for k, colour in ((-1, BACK_SPOT), (0, RED), (1, BACK_SPOT)):
        spot = disc(canvas.x, canvas.y, cx + k * step[0], cy + k * step[1], size / 2 + 0.1)
        canvas.paint(cover(spot), colour)
    return canvas.surface()


FACES = tuple(dict.fromkeys(CHINESE_SET))  # the set's faces, each once (its civil tiles come in pairs)


class ChineseArt:
    """Paints and caches Chinese tile faces, backs and shadows by tile and size."""

    def __init__(self, limit: int = 3000) -> None:
        self.cache = SurfaceCache(limit)
        self.last_short: dict[tuple[Tile, bool], int] = {}  # each face's latest size drawn, by tile and way

    @staticmethod
    def size(short: int, vertical: bool = True) -> tuple[int, int]:
        long = round(short * RATIO)
        return (short, long) if vertical else (long, short)

    def face(self, tile: Tile, short: int, vertical: bool = True, redrawn: bool = False) -> pygame.Surface:
        """A face ``short`` px across. One ``redrawn`` at every frame (a hand, a trick) that is not
        painted yet is owed (``OWED``) and comes meanwhile as a stand-in: the same face at its
        former size, scaled, else the bare tile."""
        key = ("face", tile, short, vertical)
        if redrawn and key not in self.cache:
            self.owe(key, partial(draw_face, tile, short, vertical))
            return self.stand_in(tile, short, vertical)
        self.last_short[(tile, vertical)] = short
        return self.cache.get(key, partial(draw_face, tile, short, vertical))

    def stand_in(self, tile: Tile, short: int, vertical: bool) -> pygame.Surface:
        """What shows for a face while it is owed: the face drawn last at another size, scaled,
        or the bare tile of this size (its outline, painted once per size)."""
        former = self.last_short.get((tile, vertical))
        key = ("face", tile, former, vertical)
        if former is not None and key in self.cache:
            face = self.cache.get(key, partial(draw_face, tile, former, vertical))
            return pygame.transform.smoothscale(face, self.size(short, vertical))
        return self.outline(short, vertical)

    def outline(self, short: int, vertical: bool = True) -> pygame.Surface:
        """The bare tile: a face without its pips and mark."""
        return self.cache.get(("outline", short, vertical), partial(draw_outline, short, vertical))

    def owe_faces(self, short: int, vertical: bool = True) -> None:
        """Owe every face of the set ``short`` px across, and the bare tile first (``OWED``): a
        table opens, and any hand or trick it shows later is painted by then."""
        self.owe(("outline", short, vertical), partial(draw_outline, short, vertical))
        for tile in FACES:
            self.owe(("face", tile, short, vertical), partial(draw_face, tile, short, vertical))

    def preparing_faces(self, tiles: Iterable[Tile], short: int, vertical: bool = True) -> Iterator[None]:
        """Paint the faces of ``tiles`` ``short`` px across now (a table is prepared), a face at a time."""
        for tile in tiles:
            if ("face", tile, short, vertical) not in self.cache:
                self.face(tile, short, vertical)
                yield

    def owe(self, key: Hashable, paint: Callable[[], pygame.Surface]) -> None:
        """Paint ``key`` when a frame leaves time to spare (``OWED``)."""
        OWED.owe(self.cache, key, paint)

    def back(self, short: int, vertical: bool = True) -> pygame.Surface:
        return self.cache.get(("back", short, vertical), lambda: draw_back(short, vertical))

    def shadow(self, short: int, vertical: bool = True) -> pygame.Surface:
        """A soft dark shape the tile's size, to lay under it a few pixels down and right."""
        size = self.size(short, vertical)
        return self.cache.get(("shadow", short, vertical), lambda: draw_shadow(size, short, corner_radius(short)))

    def drop_shadow(self, short: int, vertical: bool = True) -> tuple[pygame.Surface, tuple[int, int]]:
        """A padded, blurred shadow and its offset from the tile's top-left corner."""
        size = self.size(short, vertical)
        image = self.cache.get(("drop", short, vertical), lambda: draw_drop_shadow(size, short, corner_radius(short)))
        pad, (dx, dy) = drop_geometry(short)
        return image, (dx - pad, dy - pad)
