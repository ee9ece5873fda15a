"""A ribbon banner with a title and a line ("Streak broken", "Dékabès!", "Match won"...):
the ribbon is painted once per text, width and colour; ``progress`` (0..1, advanced by the
caller with ``dt``) unfurls it from the middle as it settles, holds it, then fades it.
With reduced motion it only fades in and out, never moves."""

from __future__ import annotations

from collections.abc import Generator, Iterator

import numpy as np
import pygame

from sprites.fonts import text
from sprites.raster import Canvas, Colour, box, cover, mix
from sprites.steps import finished
from sprites.surface_cache import SurfaceCache
from sprites.tween import ease_out_cubic

IVORY = (248, 240, 220)
SHADOW = (6, 10, 8)
UNFURL = 0.16  # the first part of the effect unfurls the ribbon
SETTLE = 0.3  # how far the ribbon settles into place, as a fraction of its height
BAND_PIXELS = 16_000  # pixels of the ribbon painted at once (a band of rows)

_cache = SurfaceCache(limit=64, limit_bytes=6 << 20)


def shade(colour: Colour, amount: float) -> Colour:
    """``colour`` darker (amount < 0) or lighter (amount > 0)."""
    if amount < 0:
        return tuple(round(v * (1 + amount)) for v in colour[:3])
    return tuple(round(v + (255 - v) * amount) for v in colour[:3])


def fitted(words: str, size: int, width: int, colour: Colour, bold: bool) -> pygame.Surface:
    """``words`` at ``size`` px, or smaller until they fit ``width``."""
    image = text(words, size, colour, bold)
    while image.get_width() > width and size > 8:
        size -= 1
        image = text(words, size, colour, bold)
    return image


def ribbon(canvas: Canvas, height: int, tail: int, fold: int, colour: Colour) -> None:
    """Paint the ribbon: a soft shadow, a notched tail folded behind each end, then the band
    with a light line along each edge."""
    x, y, w = canvas.x, canvas.y, canvas.w
    band = box(x, y, (tail, 0, w - tail, height), 2.0)
    shadow = box(x, y, (tail * 0.6, fold, w - tail * 0.6, height + fold + 2), 4.0)
    canvas.paint(np.clip(0.5 - shadow / 5.0, 0.0, 1.0), SHADOW, 0.35)
    mid, half = height / 2 + fold, height / 2
    for end in (x, w - x):
        notch = tail * 0.4 * (1 - np.abs(y - mid) / half)
        piece = np.maximum(np.maximum(fold - y, y - height - fold), np.maximum(notch - end, end - tail - fold))
        canvas.paint(cover(piece), mix(shade(colour, -0.3), shade(colour, -0.5), (y - fold) / height))
        crease = np.maximum(np.maximum(tail - end, height - y), (end - tail) + (y - height) - fold)
        canvas.paint(cover(crease), shade(colour, -0.72))
    canvas.paint(cover(band), mix(shade(colour, 0.14), shade(colour, -0.22), y / height))
    for line_y in (height * 0.1, height * 0.9):
        edge = np.maximum(np.abs(y - line_y) - 0.6, band + height * 0.12)
        canvas.paint(cover(edge), shade(colour, 0.6), 0.85)


def painting_banner(title: str, line: str, width: int, colour: Colour) -> Generator[None, None, pygame.Surface]:
    """Paint the banner a band of rows at a time (what numpy works on at once stays small),
    yielding between bands; returns it."""
    height = max(24, round(width * 0.16))
    tail, fold = round(height * 0.55), max(3, round(height * 0.18))
    canvas = Canvas(width, height + fold + 4)
    rows = max(1, BAND_PIXELS // width)
    for top in range(0, canvas.h, rows):
        ribbon(canvas.window(0, top, width, top + rows), height, tail, fold, colour)
        yield
    surface = canvas.surface()
    room = width - 2 * tail - round(height * 0.4)
    heading = fitted(title, round(height * (0.4 if line else 0.5)), room, IVORY, True)
    below = fitted(line, round(height * 0.21), room, shade(IVORY, -0.1), False) if line else None
    overlap = round(height * 0.07)
    total = heading.get_height() + (below.get_height() - overlap if below else 0)
    top = (height - total) // 2
    drop = max(1, height // 40)
    shadow = fitted(title, round(height * (0.4 if line else 0.5)), room, shade(colour, -0.75), True)
    shadow.set_alpha(150)
    surface.blit(shadow, shadow.get_rect(midtop=(width // 2 + drop, top + drop)))
    surface.blit(heading, heading.get_rect(midtop=(width // 2, top)))
    if below is not None:
        surface.blit(below, below.get_rect(midtop=(width // 2, top + heading.get_height() - overlap)))
    return surface


def banner_image(title: str, line: str, width: int, colour: Colour) -> pygame.Surface:
    """The ribbon ``width`` px wide in ``colour`` (gold for a win, a warm red for a broken
    streak...) with ``title`` and, under it, ``line`` (may be empty), both shrunk to fit."""
    key = ("banner", title, line, width, colour)
    return _cache.get(key, lambda: finished(painting_banner(title, line, width, colour)))


def preparing_banner(title: str, line: str, width: int, colour: Colour) -> Iterator[None]:
    """Paint ``banner_image(title, line, width, colour)`` ahead, a band at a time, yielding
    between bands."""
    key = ("banner", title, line, width, colour)
    if key not in _cache:
        surface = yield from painting_banner(title, line, width, colour)
        _cache.put(key, surface)


def banner_motion(progress: float, reduced_motion: bool = False) -> tuple[float, float, float]:
    """How much of the ribbon shows (0..1, from the middle), how far above its place it is
    (a fraction of its height) and its opacity, at ``progress``."""
    if progress <= 0.0 or progress >= 1.0:
        return (1.0, 0.0, 0.0)
    fade = min(1.0, progress / 0.06, (1.0 - progress) / 0.14)
    if reduced_motion:
        return (1.0, 0.0, fade)
    opened = ease_out_cubic(min(1.0, progress / UNFURL))
    return (opened, SETTLE * (1.0 - opened), fade)


def draw_banner(
    target: pygame.Surface,
    centre: tuple[int, int],
    image: pygame.Surface,
    progress: float,
    reduced_motion: bool = False,
) -> pygame.Rect:
    """``image`` (from ``banner_image``) at ``progress``, centred on ``centre``; returns the
    area it may cover."""
    reveal, rise, opacity = banner_motion(progress, reduced_motion)
    place = image.get_rect(center=centre)
    if opacity <= 0.0:
        return place
    shown = round(image.get_width() * reveal)
    area = pygame.Rect((image.get_width() - shown) // 2, 0, shown, image.get_height())
    picture = image.subsurface(area).copy()
    picture.set_alpha(round(255 * opacity))
    target.blit(picture, (place.x + area.x, place.y - round(rise * image.get_height())))
    return place.inflate(0, 2 * round(SETTLE * image.get_height()))
