"""Columns won in Tien Gow: each a pile of four face-down Chinese tiles, seen a little from
above (the bamboo back on top, the layers of bone and bamboo along the front), in a row."""

from __future__ import annotations

import numpy as np
import pygame

from sprites.chinese_art import BACK_SPOT, BAMBOO_BOTTOM, BAMBOO_SIDE, BAMBOO_TOP, FACE_BOTTOM, RED
from sprites.raster import Canvas, box, cover, disc, mix, snap
from sprites.surface_cache import SurfaceCache
from sprites.tile_body import whole

TILES = 4  # tiles in a column

_cache = SurfaceCache(limit=256, limit_bytes=4 << 20)


def pile_size(short: int) -> tuple[int, int, int]:
    """Width and height of one pile, and the height of each tile's edge in it."""
    layer = max(2, round(short * 0.3))
    return short, round(short * 1.15) + TILES * layer, layer


def paint_pile(short: int) -> pygame.Surface:
    """One pile, ``short`` px wide."""
    w, h, layer = pile_size(short)
    canvas = Canvas(w, h)
    top_h = h - TILES * layer
    x, y = canvas.x, canvas.y
    radius = max(1.0, short * 0.14)
    for k in range(TILES):
        bottom = h - k * layer
        slab = box(x, y, (0, bottom - layer - radius, w, bottom), radius)
        split = bottom - layer * 0.55
        canvas.paint(cover(slab), mix(BAMBOO_SIDE, FACE_BOTTOM, np.clip(y - split + 0.5, 0.0, 1.0)))
        canvas.paint(cover(np.maximum(np.abs(y - (bottom - 0.5)) - 0.5, slab)), (60, 40, 22), 0.6)
    face = box(x, y, (0, 0, w, top_h), radius)
    canvas.paint(cover(face), mix(BAMBOO_TOP, BAMBOO_BOTTOM, y / top_h))
    canvas.paint(cover(np.abs(face + 0.5) - 0.5), (255, 236, 200), 0.25)
    size = whole(max(1.0, short * 0.16))
    cx, cy = snap(w / 2, size), snap(top_h / 2, size)
    step = round(short * 0.22)
    for k, colour in ((-1, BACK_SPOT), (0, RED), (1, BACK_SPOT)):
        canvas.paint(cover(disc(x, y, cx + k * step, cy + k * step, size / 2 + 0.1)), colour)
    return canvas.surface()


def pile(short: int) -> pygame.Surface:
    """One column: four face-down tiles ``short`` px wide, stacked."""
    return _cache.get(("pile", short), lambda: paint_pile(short))


def paint_columns(count: int, short: int) -> pygame.Surface:
    w, h, _ = pile_size(short)
    gap = max(2, round(short * 0.3))
    surface = pygame.Surface((max(0, count * w + (count - 1) * gap), h), pygame.SRCALPHA)
    for i in range(count):
        surface.blit(pile(short), (i * (w + gap), 0))
    return surface


def columns(count: int, short: int) -> pygame.Surface:
    """``count`` piles side by side, each ``short`` px wide (the width of a tile's short side);
    an empty surface for no column."""
    return _cache.get(("columns", count, short), lambda: paint_columns(count, short))
