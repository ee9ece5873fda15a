"""Drawing helpers every scene shares: text shrunk to fit, rows of tiles, outlines."""

from __future__ import annotations

from typing import Any

import pygame

from scenes.theme import COLOURS, Colour
from sprites.surface_cache import SurfaceCache

SMALLEST_TEXT = 9
READABLE_TEXT = 12


def fit_text(
    app: Any, text: str, size: int, width: int, bold: bool = False, colour: Colour = COLOURS.ink
) -> pygame.Surface:
    """``text`` rendered at ``size`` (never below the readable 12 px unless it must shrink to
    fit), or smaller until it fits ``width``."""
    size = max(size, READABLE_TEXT)
    while True:
        image: pygame.Surface = app.text_image(text, size, bold, colour, smallest=SMALLEST_TEXT)
        if image.get_width() <= width or size <= SMALLEST_TEXT:
            return image
        size -= 1


def row_of_rects(count: int, size: tuple[int, int], gap: int, centre_x: int, top: int) -> list[pygame.Rect]:
    """``count`` rectangles of ``size`` side by side, ``gap`` apart, centred on ``centre_x``."""
    width, height = size
    total = count * width + max(0, count - 1) * gap
    x = centre_x - total // 2
    return [pygame.Rect(x + i * (width + gap), top, width, height) for i in range(count)]


def outline(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, width: int, radius: int) -> None:
    pygame.draw.rect(surface, colour, rect, width=width, border_radius=radius)


_plates = SurfaceCache(limit=256, limit_bytes=24 << 20)


def shade(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, radius: int = 0) -> None:
    """A translucent plate (``colour`` with alpha) over ``rect``; each plate is drawn once
    per size, colour and corner radius. A square black one on an opaque picture (a window
    dimmed under a panel) darkens it in place: no plate is kept."""
    if rect.width <= 0 or rect.height <= 0:
        return
    if radius == 0 and len(colour) > 3 and tuple(colour[:3]) == (0, 0, 0) and not surface.get_flags() & pygame.SRCALPHA:
        kept = 255 - colour[3]
        surface.fill((kept, kept, kept), rect, special_flags=pygame.BLEND_RGB_MULT)
        return
    surface.blit(_plates.get((rect.size, tuple(colour), radius), lambda: plate(rect.size, colour, radius)), rect)


def plate(size: tuple[int, int], colour: Colour, radius: int) -> pygame.Surface:
    picture = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(picture, colour, picture.get_rect(), border_radius=radius)
    return picture


def wrap_text(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """``text`` cut into lines no wider than ``width`` in ``font`` (a word too long for a
    line gets one of its own); lines break at plain spaces only, never at a no-break space
    (French "brisée : l’équipe" keeps its colon)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in filter(None, paragraph.split(" ")):
            trial = f"{line} {word}" if line else word
            if line and font.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines
