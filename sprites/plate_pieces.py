"""Pieces of a seat plate: an avatar (initials in a disc of the team colour), a turn ring
that sweeps round it, a tile-count badge and a "thinking" indicator. Animated pieces take
a ``phase`` in turns (0..1, wrapping) that the caller advances with ``dt``."""

from __future__ import annotations

import math
from functools import partial

import numpy as np
import pygame

from sprites.fonts import text
from sprites.raster import Canvas, Colour, box, cover, disc, mix
from sprites.surface_cache import OWED, SurfaceCache
from sprites.tile_body import TO_LIGHT

IVORY = (246, 238, 218)
INK = (34, 24, 16)
GOLD = (226, 192, 112)
RING_STEPS = 96  # positions of the turn ring's head, each drawn once
DOT_LEVELS = 16  # opacities of a thinking dot, each drawn once

_cache = SurfaceCache(limit=1500, limit_bytes=6 << 20)


def on(colour: Colour) -> Colour:
    """Ink or ivory, whichever reads better on ``colour``."""
    r, g, b = colour[:3]
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else IVORY


def draw_avatar(initials: str, diameter: int, colour: Colour) -> pygame.Surface:
    canvas = Canvas(diameter, diameter)
    c = diameter / 2
    edge = disc(canvas.x, canvas.y, c, c, c - 0.5)
    light = np.clip(0.5 - ((canvas.x - c) * TO_LIGHT[0] + (canvas.y - c) * TO_LIGHT[1]) / diameter, 0.0, 1.0)
    dark = tuple(round(v * 0.62) for v in colour[:3])
    lit = tuple(round(v + (255 - v) * 0.22) for v in colour[:3])
    canvas.paint(cover(edge), mix(lit, dark, light))
    rim = max(1.0, diameter * 0.045)
    canvas.paint(cover(np.abs(edge + rim / 2 + 0.5) - rim / 2), GOLD, 0.9)
    surface = canvas.surface()
    if initials:
        label = text(initials[:2], round(diameter * (0.42 if len(initials) < 2 else 0.36)), on(colour))
        surface.blit(label, label.get_rect(center=(round(c), round(c + diameter * 0.02))))
    return surface


def avatar(initials: str, diameter: int, colour: Colour) -> pygame.Surface:
    """A disc ``diameter`` px in the team ``colour``, lit from the top left, with a gold rim
    and up to two ``initials``."""
    return _cache.get(("avatar", initials, diameter, colour), lambda: draw_avatar(initials, diameter, colour))


def draw_turn_ring(diameter: int, colour: Colour, step: int | None) -> pygame.Surface:
    canvas = Canvas(diameter, diameter)
    c = diameter / 2
    stroke = max(2.0, diameter * 0.06)
    radius = c - stroke / 2 - 1
    ring = cover(np.abs(disc(canvas.x, canvas.y, c, c, radius)) - stroke / 2)
    if step is None:
        canvas.paint(ring, colour, 0.95)
        return canvas.surface()
    head = step / RING_STEPS * 2 * math.pi - math.pi / 2
    behind = np.mod(head - np.arctan2(canvas.y - c, canvas.x - c), 2 * math.pi)
    tail = np.clip(1.0 - behind / (1.6 * math.pi), 0.0, 1.0) ** 2
    canvas.paint(ring * (0.3 + 0.7 * tail), colour)
    hx, hy = c + radius * math.cos(head), c + radius * math.sin(head)
    canvas.paint(cover(disc(canvas.x, canvas.y, hx, hy, stroke * 0.75)), mix(colour, IVORY, 0.55))
    return canvas.surface()


def turn_ring(diameter: int, colour: Colour, phase: float, reduced_motion: bool = False) -> pygame.Surface:
    """A ring ``diameter`` px whose bright head goes round once per unit of ``phase``
    (clockwise from the top); with ``reduced_motion``, a steady full ring. The first time a
    ring of this size turns, its other positions are owed (``OWED``); until a position is
    painted, the one painted last before it stands in."""
    step = None if reduced_motion else int(phase % 1.0 * RING_STEPS) % RING_STEPS
    key = ("ring", diameter, colour, step)
    if step is not None and key not in _cache:
        for other in range(1, RING_STEPS):
            ahead = (step + other) % RING_STEPS
            OWED.owe(_cache, ("ring", diameter, colour, ahead), partial(draw_turn_ring, diameter, colour, ahead))
        for behind in range(1, RING_STEPS):
            stand_in = ("ring", diameter, colour, (step - behind) % RING_STEPS)
            if stand_in in _cache:
                return _cache.get(stand_in, lambda: draw_turn_ring(diameter, colour, step))
    return _cache.get(key, lambda: draw_turn_ring(diameter, colour, step))


def draw_badge(count: int, height: int, colour: Colour) -> pygame.Surface:
    label = text(str(count), max(6, round(height * 0.68)), on(colour))
    w = max(height, label.get_width() + round(height * 0.7))
    canvas = Canvas(w, height)
    shape = box(canvas.x, canvas.y, (0.5, 0.5, w - 0.5, height - 0.5), height / 2)
    canvas.paint(cover(shape), colour)
    canvas.paint(cover(np.abs(shape + 0.5) - 0.5), GOLD, 0.8)
    surface = canvas.surface()
    surface.blit(label, label.get_rect(center=(w // 2, height // 2)))
    return surface


def count_badge(count: int, height: int, colour: Colour = (58, 40, 30)) -> pygame.Surface:
    """A pill ``height`` px tall (wider for more digits) showing ``count``."""
    return _cache.get(("badge", count, height, colour), lambda: draw_badge(count, height, colour))


def draw_dot(diameter: int, colour: Colour, level: int) -> pygame.Surface:
    canvas = Canvas(diameter, diameter)
    c = diameter / 2
    canvas.paint(cover(disc(canvas.x, canvas.y, c, c, c - 0.5)), colour, level / (DOT_LEVELS - 1))
    return canvas.surface()


def owe_dots(diameter: int, colour: Colour) -> None:
    """Owe a thinking dot's every opacity (``OWED``): a table opens, its computers will think."""
    for level in range(DOT_LEVELS):
        OWED.owe(_cache, ("dot", diameter, colour, level), partial(draw_dot, diameter, colour, level))


def dot(diameter: int, colour: Colour, opacity: float) -> pygame.Surface:
    level = round(max(0.0, min(1.0, opacity)) * (DOT_LEVELS - 1))
    return _cache.get(("dot", diameter, colour, level), lambda: draw_dot(diameter, colour, level))


def thinking_levels(phase: float, reduced_motion: bool = False) -> tuple[float, float, float]:
    """The opacity (0..1) of each of the three dots at ``phase``: a wave running left to right."""
    if reduced_motion:
        return (0.8, 0.8, 0.8)
    wave = [0.3 + 0.7 * max(0.0, math.sin(2 * math.pi * (phase % 1.0 - i / 6))) for i in range(3)]
    return (wave[0], wave[1], wave[2])


def draw_thinking(
    target: pygame.Surface,
    centre: tuple[int, int],
    height: int,
    phase: float,
    colour: Colour = IVORY,
    reduced_motion: bool = False,
) -> pygame.Rect:
    """Three dots ``height`` px tall centred on ``centre``; returns the area drawn."""
    diameter = max(2, height)
    gap = max(2, round(diameter * 0.6))
    left = centre[0] - (3 * diameter + 2 * gap) // 2
    top = centre[1] - diameter // 2
    for i, opacity in enumerate(thinking_levels(phase, reduced_motion)):
        target.blit(dot(diameter, colour, opacity), (left + i * (diameter + gap), top))
    return pygame.Rect(left, top, 3 * diameter + 2 * gap, diameter)
