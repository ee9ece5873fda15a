"""Pictures painted with numpy at their exact pixel size: signed distances to shapes,
anti-aliased over one pixel, layered with premultiplied alpha, then made a surface."""

from __future__ import annotations

import math
from typing import TypeAlias

import numpy as np
import pygame
from numpy.typing import NDArray

Colour = tuple[int, ...]
Floats: TypeAlias = NDArray[np.float32 | np.float64]  # a picture's planes: float32, float64 where numpy widens
Paint = Floats | Colour

WHITE = np.array((255.0, 255.0, 255.0), np.float32)
BAND_PIXELS = 16_000  # pixels of a picture made a surface at once


def box(x: Floats, y: Floats, rect: tuple[float, float, float, float], radius: float) -> Floats:
    """Signed distance to a rounded rectangle ``(left, top, right, bottom)``: negative inside."""
    left, top, right, bottom = rect
    radius = max(0.0, min(radius, (right - left) / 2, (bottom - top) / 2))
    qx = np.abs(x - (left + right) / 2) - ((right - left) / 2 - radius)
    qy = np.abs(y - (top + bottom) / 2) - ((bottom - top) / 2 - radius)
    outside = np.hypot(np.maximum(qx, 0.0), np.maximum(qy, 0.0))
    inside = np.minimum(np.maximum(qx, qy), 0.0)
    result: Floats = outside + inside - radius
    return result


def disc(x: Floats, y: Floats, cx: float, cy: float, r: float) -> Floats:
    """Signed distance to a disc."""
    result: Floats = np.hypot(x - cx, y - cy) - r
    return result


def capsule(x: Floats, y: Floats, a: tuple[float, float], b: tuple[float, float], r: float) -> Floats:
    """Signed distance to a segment from ``a`` to ``b`` with round caps, ``r`` thick each side."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length = max(1e-6, dx * dx + dy * dy)
    t = np.clip(((x - ax) * dx + (y - ay) * dy) / length, 0.0, 1.0)
    result: Floats = np.hypot(x - ax - t * dx, y - ay - t * dy) - r
    return result


def diamond(x: Floats, y: Floats, cx: float, cy: float, r: float) -> Floats:
    """Distance (approximate, exact on the edges) to a square stood on its corner."""
    result: Floats = (np.abs(x - cx) + np.abs(y - cy) - r) / math.sqrt(2)
    return result


def cover(distance: Floats, soft: float = 1.0) -> Floats:
    """How much of each pixel a shape covers, from its signed distance."""
    result: Floats = np.clip(0.5 - distance / soft, 0.0, 1.0)
    return result


def snap(centre: float, diameter: float) -> float:
    """``centre`` moved so a shape ``diameter`` px across lands on whole pixels."""
    if round(diameter) % 2:
        return math.floor(centre) + 0.5
    return float(round(centre))


def outward(distance: Floats) -> tuple[Floats, Floats]:
    """The unit direction in which ``distance`` grows: the outward normal of a shape's edge."""
    gy, gx = np.gradient(distance)
    length = np.maximum(np.hypot(gx, gy), 1e-6)
    return gx / length, gy / length


def mix(a: Colour, b: Colour, t: Floats | float) -> Floats:
    """Colours from ``a`` (t = 0) to ``b`` (t = 1), per pixel."""
    start = np.asarray(a[:3], np.float32)
    end = np.asarray(b[:3], np.float32)
    result: Floats = start + (end - start) * np.asarray(t, np.float32)[..., None]
    return result


class Canvas:
    """A transparent picture ``w`` x ``h`` px, with pixel-centre coordinates ``x`` and ``y``."""

    def __init__(self, w: int, h: int) -> None:
        self.w, self.h = w, h
        self.x = (np.arange(w, dtype=np.float32) + 0.5)[None, :]
        self.y = (np.arange(h, dtype=np.float32) + 0.5)[:, None]
        self.rgb: Floats = np.zeros((h, w, 3), np.float32)
        self.alpha: Floats = np.zeros((h, w), np.float32)

    def paint(self, coverage: Floats | float, colour: Paint, opacity: float = 1.0) -> None:
        """Lay ``colour`` (one colour or one per pixel) over the picture where ``coverage`` says;
        a shape covering a small part of the picture is laid on that part alone."""
        amount = np.asarray(coverage, np.float32) * np.float32(opacity)
        rgb, alpha, paint = self.rgb, self.alpha, np.asarray(colour, np.float32)[..., :3]
        if amount.shape == (self.h, self.w) and self.h and self.w:
            rows, cols = np.flatnonzero(amount.any(axis=1)), np.flatnonzero(amount.any(axis=0))
            if not rows.size:
                return
            top, bottom, left, right = rows.item(0), rows.item(-1) + 1, cols.item(0), cols.item(-1) + 1
            if (bottom - top) * (right - left) < self.h * self.w * 3 // 4:
                if paint.ndim > 1:
                    paint = np.broadcast_to(paint, (self.h, self.w, 3))[top:bottom, left:right]
                amount = amount[top:bottom, left:right]
                rgb, alpha = rgb[top:bottom, left:right], alpha[top:bottom, left:right]
        keep = 1.0 - amount
        rgb *= keep[..., None] if amount.ndim else keep
        rgb += paint * (amount[..., None] if amount.ndim else amount)
        alpha *= keep
        alpha += amount

    def light(self, amount: Floats) -> None:
        """Lighten toward white where ``amount`` > 0 and darken where it is < 0 (-1..1)."""
        amount = np.broadcast_to(np.asarray(amount, np.float32), (self.h, self.w))[..., None]
        brighter = self.rgb + (WHITE * self.alpha[..., None] - self.rgb) * np.maximum(amount, 0.0)
        self.rgb[...] = brighter * (1.0 + np.minimum(amount, 0.0))

    def window(self, left: float, top: float, right: float, bottom: float) -> Canvas:
        """The part of the picture inside a box, as a canvas: painting it paints the picture."""
        x0, y0 = max(0, math.floor(left)), max(0, math.floor(top))
        x1, y1 = max(x0, min(self.w, math.ceil(right))), max(y0, min(self.h, math.ceil(bottom)))
        part = Canvas(0, 0)
        part.w, part.h = x1 - x0, y1 - y0
        part.x, part.y = self.x[:, x0:x1], self.y[y0:y1, :]
        part.rgb, part.alpha = self.rgb[y0:y1, x0:x1], self.alpha[y0:y1, x0:x1]
        return part

    def surface(self) -> pygame.Surface:
        """The picture as a surface (un-premultiplied), converted a band of rows at a time:
        what numpy works on at once stays a small part of a large picture."""
        if self.w == 0 or self.h == 0:
            return pygame.Surface((self.w, self.h), pygame.SRCALPHA)
        pixels = np.empty((self.h, self.w, 4), np.uint8)
        rows = max(1, BAND_PIXELS // self.w)
        for top in range(0, self.h, rows):
            band = slice(top, top + rows)
            alpha = self.alpha[band][..., None]
            rgb = np.where(alpha > 1e-4, self.rgb[band] / np.maximum(alpha, 1e-4), 0.0)
            pixels[band, :, :3] = np.clip(rgb + 0.5, 0, 255)
            pixels[band, :, 3:] = np.clip(alpha * 255.0 + 0.5, 0, 255)
        surface = pygame.image.frombytes(pixels.tobytes(), (self.w, self.h), "RGBA")
        return surface.convert_alpha() if pygame.display.get_surface() is not None else surface
