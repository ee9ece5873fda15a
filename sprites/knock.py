"""A pass shown as a knock on the table: two raps at a point, each flashing short strokes
around it and sending a ring outward that fades. Driven by a ``progress`` (0..1) that the
caller advances with ``dt``; with reduced motion, one still ring and still strokes that
fade in and out."""

from __future__ import annotations

import math
from collections.abc import Generator
from functools import partial

import numpy as np
import pygame

from sprites.raster import Canvas, Colour, capsule, cover, disc
from sprites.steps import finished
from sprites.surface_cache import OWED, SurfaceCache
from sprites.tween import ease_out_cubic

RAPS = (0.0, 0.24)  # when each rap starts, as a fraction of the effect
RING_LIFE = 0.62  # how long each ring spreads, as a fraction of the effect
SPARK_LIFE = 0.2  # how long the strokes of a rap show
SPARKS = 6
RING_START = 0.18  # a ring's radius as it appears, a fraction of the largest
IVORY = (246, 238, 218)

_cache = SurfaceCache(limit=48, limit_bytes=6 << 20)
_scaled = SurfaceCache(limit=96, limit_bytes=4 << 20)  # pieces scaled, by steps of SCALE_STEP of their size
SCALE_STEP = 1 / 16  # coarse enough that both knocks' rings stay in the cache together


def envelope(progress: float, rise: float = 0.08, fall: float = 0.2) -> float:
    """0 before the start and from the end, 1 in between, with a short fade at each side."""
    if progress <= 0.0 or progress >= 1.0:
        return 0.0
    return min(1.0, progress / rise, (1.0 - progress) / fall)


def knock_rings(progress: float, reduced_motion: bool = False) -> list[tuple[float, float]]:
    """Each ring as (radius, opacity), the radius a fraction of the largest; none outside 0..1."""
    if not 0.0 < progress < 1.0:
        return []
    if reduced_motion:
        return [(0.62, 0.9 * envelope(progress))]
    rings = []
    for start in RAPS:
        local = (progress - start) / RING_LIFE
        if 0.0 <= local < 1.0:
            rings.append((RING_START + (1.0 - RING_START) * ease_out_cubic(local), math.pow(1.0 - local, 1.5)))
    return rings


def knock_sparks(progress: float, reduced_motion: bool = False) -> list[tuple[float, float, float]]:
    """Short strokes around the point at each rap, as (inner radius, outer radius, opacity)."""
    if not 0.0 < progress < 1.0:
        return []
    if reduced_motion:
        return [(0.2, 0.32, 0.9 * envelope(progress))]
    sparks = []
    for start in RAPS:
        local = (progress - start) / SPARK_LIFE
        if 0.0 <= local < 1.0:
            spread = ease_out_cubic(local)
            sparks.append((0.16 + 0.08 * spread, 0.24 + 0.14 * spread, 1.0 - local))
    return sparks


def knuckle_opacity(progress: float) -> float:
    """The opacity of the mark at the centre, the same with or without motion."""
    return envelope(progress, 0.04, 0.3)


SPARK_SPAN = (0.2, 0.31)  # where the painted strokes lie; each frame scales them to its own span
PIECE_BAND = 96  # rows of a piece painted at a time


def paint_ring(canvas: Canvas, diameter: int, colour: Colour) -> None:
    """One ring at the picture's edge, its stroke a thirtieth of the diameter."""
    c = diameter / 2
    stroke = max(1.5, diameter * 0.03)
    canvas.paint(cover(np.abs(disc(canvas.x, canvas.y, c, c, c - stroke)) - stroke / 2), colour)


def paint_sparks(canvas: Canvas, diameter: int, colour: Colour) -> None:
    """The short strokes around the point, between the radii of ``SPARK_SPAN``."""
    c = diameter / 2
    stroke = max(1.5, diameter * 0.03)
    inner, outer = SPARK_SPAN
    for k in range(SPARKS):
        angle = 2 * math.pi * (k + 0.5) / SPARKS
        dx, dy = math.cos(angle) * c, math.sin(angle) * c
        spark = capsule(
            canvas.x, canvas.y, (c + dx * inner, c + dy * inner), (c + dx * outer, c + dy * outer), stroke / 2
        )
        canvas.paint(cover(spark), colour)


def paint_mark(canvas: Canvas, diameter: int, colour: Colour) -> None:
    """The knuckle's mark at the centre, with a dark edge."""
    c = diameter / 2
    stroke = max(1.5, diameter * 0.03)
    dot = disc(canvas.x, canvas.y, c, c, max(2.0, diameter * 0.08))
    canvas.paint(cover(dot - stroke), (30, 22, 16), 0.5)
    canvas.paint(cover(dot), colour)


PAINTERS = {"ring": paint_ring, "sparks": paint_sparks, "mark": paint_mark}


def painting(kind: str, diameter: int, colour: Colour) -> Generator[None, None, pygame.Surface]:
    """Paint piece ``kind`` a band of rows at a time, yielding between bands; returns it."""
    canvas = Canvas(diameter, diameter)
    for top in range(0, diameter, PIECE_BAND):
        PAINTERS[kind](canvas.window(0, top, diameter, top + PIECE_BAND), diameter, colour)
        yield
    return canvas.surface()


def piece(kind: str, diameter: int, colour: Colour) -> pygame.Surface:
    return _cache.get((kind, diameter, colour), lambda: finished(painting(kind, diameter, colour)))


def prepare(diameter: int, colour: Colour = IVORY) -> None:
    """Paint the knock's pieces for ``diameter`` now and owe their scaled steps."""
    finished(preparing(diameter, colour))


def preparing(diameter: int, colour: Colour = IVORY) -> Generator[None, None, None]:
    """Paint the knock's pieces for ``diameter`` a band at a time, yielding between bands (a
    table opens), and owe their scaled steps (``OWED``), so its first frames cost no more
    than the rest."""
    for kind in PAINTERS:
        key = (kind, diameter, colour)
        if key not in _cache:
            surface = yield from painting(kind, diameter, colour)
            _cache.put(key, surface)
            yield
    step = scale_step(diameter)
    for size in range(round(diameter * RING_START / step) * step, diameter, step):  # the rings as they spread
        OWED.owe(_scaled, ("ring", diameter, colour, size), partial(scaled_piece, "ring", diameter, colour, size))


def scale_step(width: int) -> int:
    """The px between the sizes a piece ``width`` px across is scaled to."""
    return max(1, round(width * SCALE_STEP))


def scaled_piece(kind: str, diameter: int, colour: Colour, size: int) -> pygame.Surface:
    return pygame.transform.smoothscale(piece(kind, diameter, colour), (size, size))


def blit_scaled(
    target: pygame.Surface,
    kind: str,
    diameter: int,
    colour: Colour,
    centre: tuple[int, int],
    scale: float,
    opacity: float,
) -> None:
    """Piece ``kind`` scaled by ``scale`` (in steps, each scaled picture kept) and faded to
    ``opacity``, centred on ``centre``."""
    image = piece(kind, diameter, colour)
    step = scale_step(image.get_width())
    size = round(image.get_width() * scale / step) * step
    if opacity <= 0.0 or size < 2:
        return
    shown = (
        image
        if size == image.get_width()
        else _scaled.get((kind, diameter, colour, size), partial(scaled_piece, kind, diameter, colour, size))
    )
    shown.set_alpha(round(255 * min(1.0, opacity)))
    target.blit(shown, shown.get_rect(center=centre))
    shown.set_alpha(None)


def draw_knock(
    target: pygame.Surface,
    centre: tuple[int, int],
    diameter: int,
    progress: float,
    colour: Colour = IVORY,
    reduced_motion: bool = False,
) -> pygame.Rect:
    """The knock at ``progress`` (nothing before 0 or from 1), ``diameter`` px at its widest,
    centred on ``centre``; returns the area it may cover. Its three pieces are painted once
    per size and colour; each frame only scales and fades them."""
    area = pygame.Rect(0, 0, diameter, diameter)
    area.center = centre
    if not 0.0 < progress < 1.0:
        return area
    for radius, opacity in knock_rings(progress, reduced_motion):
        blit_scaled(target, "ring", diameter, colour, area.center, radius, opacity)
    middle = sum(SPARK_SPAN) / 2
    for inner, outer, opacity in knock_sparks(progress, reduced_motion):
        blit_scaled(target, "sparks", diameter, colour, area.center, (inner + outer) / 2 / middle, opacity)
    mark = knuckle_opacity(progress)
    if mark > 0.0:
        blit_scaled(target, "mark", diameter, colour, area.center, 1.0, mark)
    return area
