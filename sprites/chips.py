"""Payment chips: clay chips that fly in a short arc from a payer to a payee with the
amount on a tag, then stack and fade. ``progress`` (0..1) is advanced by the caller with
``dt``; with reduced motion the chips only appear on the payee, stacked, and fade."""

from __future__ import annotations

import math

import numpy as np
import pygame

from sprites.fonts import text
from sprites.raster import Canvas, Colour, box, cover, disc, mix
from sprites.surface_cache import SurfaceCache
from sprites.tile_body import TO_LIGHT
from sprites.tween import lerp

IVORY = (246, 238, 218)
INK = (34, 24, 16)
CHIP_RED = (150, 38, 36)
LAG = 0.09  # each chip leaves this much later than the one before
FLIGHT = 0.62  # how long one chip flies, as a fraction of the effect
LIFT = 0.28  # how high the arc rises, as a fraction of the distance
INSERTS = 8

_cache = SurfaceCache(limit=200, limit_bytes=4 << 20)


def chip_depth(diameter: int) -> int:
    """How thick a chip looks from the side, in px."""
    return max(1, round(diameter * 0.12))


def paint_chip(diameter: int, colour: Colour) -> pygame.Surface:
    depth = chip_depth(diameter)
    canvas = Canvas(diameter, diameter + depth)
    c = diameter / 2
    radius = c - 0.5
    canvas.paint(cover(disc(canvas.x, canvas.y, c, c + depth, radius)), tuple(round(v * 0.5) for v in colour[:3]))
    top = disc(canvas.x, canvas.y, c, c, radius)
    light = np.clip(0.5 - ((canvas.x - c) * TO_LIGHT[0] + (canvas.y - c) * TO_LIGHT[1]) / diameter, 0.0, 1.0)
    lit = tuple(round(v + (255 - v) * 0.2) for v in colour[:3])
    canvas.paint(cover(top), mix(lit, tuple(round(v * 0.72) for v in colour[:3]), light))
    if diameter >= 10:
        dx, dy = canvas.x - c, canvas.y - c
        reach = np.hypot(dx, dy)
        sector = np.abs(np.mod(np.arctan2(dy, dx) + math.pi / INSERTS, 2 * math.pi / INSERTS) - math.pi / INSERTS)
        across = (sector - 0.2) * reach
        along = np.abs(reach - radius * 0.82) - radius * 0.13
        canvas.paint(cover(np.maximum(across, along)) * cover(top), IVORY, 0.92)
        inner = np.abs(reach - radius * 0.58) - max(0.5, diameter * 0.02)
        canvas.paint(cover(inner), IVORY, 0.55)
    canvas.paint(cover(np.abs(top + 0.5) - 0.5), tuple(round(v * 0.45) for v in colour[:3]), 0.6)
    return canvas.surface()


def chip(diameter: int, colour: Colour = CHIP_RED) -> pygame.Surface:
    """A clay chip ``diameter`` px across (a little taller: its edge shows), lit from the top left."""
    return _cache.get(("chip", diameter, colour), lambda: paint_chip(diameter, colour))


def paint_tag(label: str, height: int) -> pygame.Surface:
    words = text(label, max(6, round(height * 0.7)), INK)
    w = words.get_width() + round(height * 0.8)
    canvas = Canvas(w, height)
    shape = box(canvas.x, canvas.y, (0.5, 0.5, w - 0.5, height - 0.5), height / 2)
    canvas.paint(cover(shape), mix(IVORY, (222, 204, 164), canvas.y / height))
    canvas.paint(cover(np.abs(shape + 0.5) - 0.5), (150, 112, 52), 0.9)
    surface = canvas.surface()
    surface.blit(words, words.get_rect(center=(w // 2, height // 2)))
    return surface


def tag(label: str, height: int) -> pygame.Surface:
    """The amount paid, on an ivory pill ``height`` px tall."""
    return _cache.get(("tag", label, height), lambda: paint_tag(label, height))


def arc_point(start: tuple[float, float], end: tuple[float, float], t: float) -> tuple[float, float]:
    """A point ``t`` (0..1) along a gentle arc from ``start`` to ``end`` that rises above both."""
    distance = math.dist(start, end)
    control = ((start[0] + end[0]) / 2, min(start[1], end[1]) - LIFT * distance)
    x = lerp(lerp(start[0], control[0], t), lerp(control[0], end[0], t), t)
    y = lerp(lerp(start[1], control[1], t), lerp(control[1], end[1], t), t)
    return (x, y)


def smoothstep(t: float) -> float:
    t = max(0.0, min(1.0, t))
    return t * t * (3 - 2 * t)


def payment_positions(
    start: tuple[float, float],
    end: tuple[float, float],
    progress: float,
    count: int,
    lift: float,
    reduced_motion: bool = False,
) -> tuple[list[tuple[float, float]], float]:
    """Where each chip's centre is, first chip first, and the opacity of them all. Landed
    chips stack ``lift`` px above one another; nothing shows before 0 or from 1."""
    if progress <= 0.0 or progress >= 1.0:
        return [], 0.0
    opacity = min(1.0, progress / 0.05, (1.0 - progress) / 0.12)
    places = []
    for i in range(count):
        landed = (end[0], end[1] - i * lift)
        if reduced_motion:
            places.append(landed)
        else:
            places.append(arc_point(start, landed, smoothstep((progress - i * LAG) / FLIGHT)))
    return places, opacity


def draw_payment(
    target: pygame.Surface,
    start: tuple[int, int],
    end: tuple[int, int],
    label: str,
    progress: float,
    diameter: int,
    count: int = 3,
    colour: Colour = CHIP_RED,
    reduced_motion: bool = False,
) -> pygame.Rect:
    """``count`` chips ``diameter`` px paying ``label`` (say "+4") from ``start`` to ``end`` at
    ``progress``; returns the area drawn (empty when nothing shows)."""
    image = chip(diameter, colour)
    places, opacity = payment_positions(start, end, progress, count, chip_depth(diameter) + 1, reduced_motion)
    drawn = pygame.Rect(end, (0, 0))
    if not places:
        return drawn
    pictures = [image, tag(label, max(10, round(diameter * 0.62)))]
    if opacity < 1.0:
        pictures = [picture.copy() for picture in pictures]
        for picture in pictures:
            picture.set_alpha(round(255 * opacity))
    for x, y in places:
        at = pictures[0].get_rect(center=(round(x), round(y + chip_depth(diameter) / 2)))
        target.blit(pictures[0], at)
        drawn.union_ip(at)
    highest = min(y for _, y in places)
    at = pictures[1].get_rect(midbottom=(round(places[0][0]), round(highest - diameter * 0.55)))
    target.blit(pictures[1], at)
    return drawn.union(at)
