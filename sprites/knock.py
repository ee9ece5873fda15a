"""A pass shown as a knock on the table: two raps at a point, each flashing short strokes
around it and sending a ring outward that fades. Driven by a ``progress`` (0..1) that the
caller advances with ``dt``; with reduced motion, one still ring and still strokes that
fade in and out."""

from __future__ import annotations

import math

import numpy as np
import pygame

from sprites.raster import Canvas, Colour, capsule, cover, disc
from sprites.surface_cache import SurfaceCache
from sprites.tween import ease_out_cubic

RAPS = (0.0, 0.24)  # when each rap starts, as a fraction of the effect
RING_LIFE = 0.62  # how long each ring spreads, as a fraction of the effect
SPARK_LIFE = 0.2  # how long the strokes of a rap show
SPARKS = 6
STEPS = 60  # frames drawn per size and colour
IVORY = (246, 238, 218)

_cache = SurfaceCache(limit=600, limit_bytes=6 << 20)


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
            rings.append((0.18 + 0.82 * ease_out_cubic(local), (1.0 - local) ** 1.5))
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


def draw_frame(diameter: int, colour: Colour, progress: float, reduced_motion: bool) -> pygame.Surface:
    canvas = Canvas(diameter, diameter)
    c = diameter / 2
    stroke = max(1.5, diameter * 0.03)
    for radius, opacity in knock_rings(progress, reduced_motion):
        ring = np.abs(disc(canvas.x, canvas.y, c, c, radius * (c - stroke))) - stroke / 2
        canvas.paint(cover(ring), colour, opacity)
    for inner, outer, opacity in knock_sparks(progress, reduced_motion):
        for k in range(SPARKS):
            angle = 2 * math.pi * (k + 0.5) / SPARKS
            dx, dy = math.cos(angle) * c, math.sin(angle) * c
            spark = capsule(
                canvas.x, canvas.y, (c + dx * inner, c + dy * inner), (c + dx * outer, c + dy * outer), stroke / 2
            )
            canvas.paint(cover(spark), colour, opacity)
    mark = knuckle_opacity(progress)
    if mark > 0.0:
        dot = disc(canvas.x, canvas.y, c, c, max(2.0, diameter * 0.08))
        canvas.paint(cover(dot - stroke), (30, 22, 16), 0.5 * mark)
        canvas.paint(cover(dot), colour, mark)
    return canvas.surface()


def draw_knock(
    target: pygame.Surface,
    centre: tuple[int, int],
    diameter: int,
    progress: float,
    colour: Colour = IVORY,
    reduced_motion: bool = False,
) -> pygame.Rect:
    """The knock at ``progress`` (nothing before 0 or from 1), ``diameter`` px at its widest,
    centred on ``centre``; returns the area it may cover."""
    step = min(STEPS, max(0, round(progress * STEPS)))
    area = pygame.Rect(0, 0, diameter, diameter)
    area.center = centre
    if 0 < step < STEPS:
        key = ("knock", diameter, colour, step, reduced_motion)
        image = _cache.get(key, lambda: draw_frame(diameter, colour, step / STEPS, reduced_motion))
        target.blit(image, area)
    return area
