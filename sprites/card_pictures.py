"""Pictures for the menu's game cards, painted at the size asked: a short line of western
tiles, and a fan of Chinese tiles. The scenes decide which game shows which.

In the interactive loop (``OWED.spare_time``) a picture not yet painted at its size is owed
to spare time and meanwhile stands in as the last one of its kind scaled to it (before any
was painted: nothing). So the menu's first frame waits neither for a painting nor for numpy
and the tile art, which load after it (``scenes.shell.routes``), and a resize paints none in
its frame."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

import pygame

from game.core.tiles import Tile
from sprites.surface_cache import OWED, SurfaceCache

if TYPE_CHECKING:
    from sprites.chinese_art import ChineseArt
    from sprites.tile_art import TileArt

# The line: (first, second, crosswise double), left to right.
LINE = ((1, 3), (3, 5), (5, 5), (5, 6), (6, 2))
FAN = ((6, 6), (1, 1), (4, 4), (1, 3), (5, 6))
FAN_SPREAD = 14.0  # degrees between two tiles of the fan

_cache = SurfaceCache(limit=16, limit_bytes=6 << 20)
_last: dict[str, pygame.Surface] = {}  # each kind's picture shown last, to stand in at another size


@cache
def western_art() -> TileArt:
    from sprites.tile_art import TileArt

    return TileArt(limit=64)


@cache
def chinese_art() -> ChineseArt:
    from sprites.chinese_art import ChineseArt

    return ChineseArt(limit=64)


def picture(kind: str, size: tuple[int, int], paint: Callable[[], pygame.Surface]) -> pygame.Surface:
    """The picture of ``kind`` at ``size``: painted by ``paint`` now, or (in the interactive
    loop) in spare time while a stand-in is shown."""
    key = (kind, size)
    if key in _cache or not OWED.spare_time:
        painted = _last[kind] = _cache.get(key, paint)
        return painted
    OWED.owe(_cache, key, paint)
    last = _last.get(kind)
    if last is None:
        return pygame.Surface(size, pygame.SRCALPHA)
    return pygame.transform.smoothscale(last, size)


def paint_line(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    surface = pygame.Surface(size, pygame.SRCALPHA)
    shorts = sum(1 if a == b else 2 for a, b in LINE)
    gap = 0.08
    short = max(4, min(int(w / (shorts + gap * len(LINE) + 0.6)), int(h / 2.5)))
    x = (w - (shorts * short + round(gap * short) * (len(LINE) - 1))) // 2
    mid = h // 2
    for a, b in LINE:
        double = a == b
        face = western_art().face(Tile.of(a, b), short, double, a)
        y = mid - face.get_height() // 2
        shadow, (dx, dy) = western_art().drop_shadow(short, double)
        surface.blit(shadow, (x + dx, y + dy))
        surface.blit(face, (x, y))
        x += face.get_width() + round(gap * short)
    return surface


def western_line_picture(size: tuple[int, int]) -> pygame.Surface:
    """A short line of western tiles, a double across it, centred in ``size`` (transparent)."""
    return picture("line", size, lambda: paint_line(size))


def fan(short: int, faces: bool = True) -> pygame.Surface:
    """The fan at ``short`` px, trimmed to what it covers; without ``faces``, of bare outlines
    (what it covers is the same: enough to find its size)."""
    from sprites.chinese_art import ChineseArt, draw_outline

    tile_h = ChineseArt.size(short)[1]
    outline = None if faces else draw_outline(short)
    room = 3 * tile_h
    surface = pygame.Surface((room, room), pygame.SRCALPHA)
    pivot = pygame.math.Vector2(room / 2, room * 0.7)
    middle = (len(FAN) - 1) / 2
    shadow, (dx, dy) = chinese_art().drop_shadow(short)
    drop = (dx + (shadow.get_width() - short) / 2, dy + (shadow.get_height() - tile_h) / 2)
    for index, (a, b) in enumerate(FAN):
        angle = (middle - index) * FAN_SPREAD
        centre = pivot + pygame.math.Vector2(0, -tile_h * 0.72).rotate(-angle)
        face = chinese_art().face(Tile.of(a, b), short) if outline is None else outline
        for image, shift in ((shadow, drop), (face, (0.0, 0.0))):
            turned = pygame.transform.rotozoom(image, angle, 1.0)
            surface.blit(turned, turned.get_rect(center=(round(centre.x + shift[0]), round(centre.y + shift[1]))))
    return surface.subsurface(surface.get_bounding_rect()).copy()


def paint_fan(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    short = max(4, min(int(w / 4.2), int(h / 2.6)))
    outline = fan(short, faces=False)
    while short > 4 and (outline.get_width() > w or outline.get_height() > h):
        short = max(4, min(short - 1, int(short * min(w / outline.get_width(), h / outline.get_height()))))
        outline = fan(short, faces=False)
    picture = fan(short)
    surface = pygame.Surface(size, pygame.SRCALPHA)
    surface.blit(picture, picture.get_rect(center=(w // 2, h // 2)))
    return surface


def chinese_fan_picture(size: tuple[int, int]) -> pygame.Surface:
    """Five Chinese tiles (Heaven, Earth, Man, Harmony, Hatchet) fanned out, centred in
    ``size`` (transparent)."""
    return picture("fan", size, lambda: paint_fan(size))
