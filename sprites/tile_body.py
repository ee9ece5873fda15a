"""What every painted tile shares: a body with a side, a bevel lit from the top left and a
sheen; pips drilled into it; the shadows laid under it."""

from __future__ import annotations

import numpy as np
import pygame

from sprites.raster import Canvas, Colour, Floats, box, cover, disc, mix, outward

TO_LIGHT = (-0.55, -0.835)  # unit vector toward the light: up and to the left
SHADOW = (10, 16, 12)
SHADOW_ALPHA = 0.42
WHOLE_BELOW = 4.5  # pips smaller than this are whole pixels across


def thickness(short: int) -> int:
    """How much of a tile's side shows below its face, in px."""
    return max(1, round(short * 0.07))


def body(canvas: Canvas, colours: tuple[Colour, Colour, Colour], short: int, radius: float) -> Floats:
    """Paint a tile over the whole canvas: its side along the bottom, and its face (colours
    ``top`` to ``bottom``) with a bevel, a faint sheen and a darker rim. Returns its coverage."""
    top, bottom, side = colours
    w, h = canvas.w, canvas.h
    slab = box(canvas.x, canvas.y, (0, 0, w, h), radius)
    shape = cover(slab)
    canvas.paint(shape, side)
    face_h = h - thickness(short)
    distance = box(canvas.x, canvas.y, (0, 0, w, face_h), radius)
    face = cover(distance)
    canvas.paint(face, mix(top, bottom, canvas.y / face_h))
    nx, ny = outward(distance)
    bevel = max(1.0, short * 0.09)
    edge = np.clip(1.0 + distance / bevel, 0.0, 1.0) ** 1.5
    facing = nx * TO_LIGHT[0] + ny * TO_LIGHT[1]
    sheen = np.exp(-(((canvas.x / w - 0.22) / 0.45) ** 2) - ((canvas.y / face_h - 0.08) / 0.3) ** 2)
    rim = np.clip(1.0 + slab, 0.0, 1.0)
    below = np.clip((canvas.y - face_h) / thickness(short), 0.0, 1.0)
    canvas.light(face * (edge * facing * 0.42 + sheen * 0.12) - (1 - face) * below * 0.3 - rim * 0.22)
    return shape


def whole(diameter: float) -> float:
    """A small diameter rounded to whole pixels, so the shape stays sharp."""
    return float(max(1, round(diameter))) if diameter < WHOLE_BELOW else diameter


def paint_pips(canvas: Canvas, spots: list[tuple[float, float]], diameter: float, colour: Colour, wall: Colour) -> None:
    """Round holes at ``spots``; from 5 px across, the far wall catches the light (``wall``)."""
    r = diameter / 2 + (0.1 if diameter < WHOLE_BELOW else 0.0)
    for cx, cy in spots:
        part = canvas.window(cx - r - 1, cy - r - 1, cx + r + 1, cy + r + 1)
        distance = disc(part.x, part.y, cx, cy, r)
        if diameter >= 5:
            dx, dy = (part.x - cx) / r, (part.y - cy) / r
            lit = np.clip(-(dx * TO_LIGHT[0] + dy * TO_LIGHT[1]), 0.0, 1.0) * np.clip(dx * dx + dy * dy, 0.0, 1.0)
            part.paint(cover(distance), mix(colour, wall, lit * 0.8))
        else:
            part.paint(cover(distance), colour)


def draw_shadow(size: tuple[int, int], short: int, radius: float) -> pygame.Surface:
    """A dark shape ``size`` px whose edge fades out, to lay under a tile slightly offset."""
    canvas = Canvas(*size)
    distance = box(canvas.x, canvas.y, (0, 0, *size), radius)
    canvas.paint(np.clip(-distance / max(1.5, short * 0.12), 0.0, 1.0), SHADOW, SHADOW_ALPHA)
    return canvas.surface()


def drop_geometry(short: int) -> tuple[int, tuple[int, int]]:
    """How far a drop shadow spreads past the tile, and how far down and right it falls."""
    return max(2, round(short * 0.22)), (max(1, round(short * 0.06)), max(1, round(short * 0.1)))


def draw_drop_shadow(size: tuple[int, int], short: int, radius: float) -> pygame.Surface:
    """A blurred shadow of a tile ``size`` px, ``pad`` px larger on every side."""
    w, h = size
    pad, _ = drop_geometry(short)
    canvas = Canvas(w + 2 * pad, h + 2 * pad)
    distance = box(canvas.x, canvas.y, (pad + 0.5, pad + 0.5, pad + w - 0.5, pad + h - 0.5), radius)
    fall = np.clip(0.5 - distance / (pad * 0.9), 0.0, 1.0)
    canvas.paint(fall * fall * (3 - 2 * fall), SHADOW, SHADOW_ALPHA)
    return canvas.surface()


def glow_pad(short: int) -> int:
    """How far a glow spreads past the tile."""
    return max(3, round(short * 0.35))


def draw_glow(size: tuple[int, int], short: int, radius: float, colour: Colour) -> pygame.Surface:
    """A soft halo in ``colour`` around a tile ``size`` px, ``glow_pad`` px larger on every side."""
    w, h = size
    pad = glow_pad(short)
    canvas = Canvas(w + 2 * pad, h + 2 * pad)
    distance = box(canvas.x, canvas.y, (pad, pad, pad + w, pad + h), radius)
    halo = np.exp(-np.maximum(distance, 0.0) / (pad * 0.38)) * np.clip(0.5 + distance + 1.0, 0.0, 1.0)
    canvas.paint(halo, colour, 0.9)
    return canvas.surface()
