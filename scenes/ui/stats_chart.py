"""The small chart of the Statistics window: one bar per round of the last ones, drawn by
code to a PNG the window's text can show."""

from __future__ import annotations

import hashlib
import pathlib

import platformdirs
import pygame

from scenes.ui.theme import COLOURS

HEIGHT = 76  # px
GAP = 2  # px between bars
MOST_BAR = 18  # px: a short history keeps narrow bars


def chart_surface(points: list[int], width: int) -> pygame.Surface:
    """Each point as a bar from the middle line, oldest at the left: up in gold for a gain
    (a round won), down in the losing colour for a loss, a tick for nothing."""
    surface = pygame.Surface((width, HEIGHT))
    surface.fill(COLOURS.felt_dark)
    middle = HEIGHT // 2
    pygame.draw.line(surface, COLOURS.muted, (0, middle), (width, middle), 1)
    if not points:
        return surface
    bar = max(2, min(MOST_BAR, (width - 8) // len(points) - GAP))
    scale = (middle - 4) / max(1, *(abs(p) for p in points))
    x = 4
    for point in points:
        height = round(abs(point) * scale)
        if point > 0:
            pygame.draw.rect(surface, COLOURS.gold, (x, middle - height, bar, height), border_radius=2)
        elif point < 0:
            pygame.draw.rect(surface, COLOURS.team_b, (x, middle + 1, bar, height), border_radius=2)
        else:
            pygame.draw.rect(surface, COLOURS.ink, (x, middle - 1, bar, 3))
        x += bar + GAP
    return surface


def chart_file(points: list[int], width: int) -> pathlib.Path:
    """The chart of ``points`` written once to the cache folder; returns the PNG's path."""
    folder = platformdirs.user_cache_path("domino-table", appauthor=False)
    folder.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha1(repr((points, width)).encode()).hexdigest()[:16]
    path = folder / f"stats-chart-{digest}.png"
    if not path.exists():
        pygame.image.save(chart_surface(points, width), str(path))
    return path
