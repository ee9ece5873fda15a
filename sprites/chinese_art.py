"""Chinese dominoes drawn by code: long ebony tiles, white pips, the 1 and 4 spots red,
the 6-6 half red; civil tiles carry a ring and military tiles a diamond, so the suit
never rests on colour alone."""

from __future__ import annotations

import pygame

from game.core.tiles import Tile
from game.tiengow.chinese import Suit, suit

RATIO = 2.3  # long side / short side
BODY = (28, 26, 30)
EDGE = (92, 84, 74)
WHITE = (244, 240, 230)
RED = (214, 46, 46)
MARK = (214, 178, 92)
BACK = (44, 70, 110)
BACK_EDGE = (20, 34, 60)
BACK_MARK = (118, 150, 196)

# Pip centres in a unit half (x across, y along), per number.
SPOTS = {
    1: ((0.5, 0.5),),
    2: ((0.5, 0.28), (0.5, 0.72)),
    3: ((0.25, 0.22), (0.5, 0.5), (0.75, 0.78)),
    4: ((0.3, 0.3), (0.7, 0.3), (0.3, 0.7), (0.7, 0.7)),
    5: ((0.27, 0.25), (0.73, 0.25), (0.5, 0.5), (0.27, 0.75), (0.73, 0.75)),
    6: ((0.3, 0.2), (0.3, 0.5), (0.3, 0.8), (0.7, 0.2), (0.7, 0.5), (0.7, 0.8)),
}


def pip_colour(number: int, index: int, tile: Tile) -> tuple[int, int, int]:
    """Red for every spot of 1 and 4, and for one column of each 6 on Heaven (6-6)."""
    if number in (1, 4):
        return RED
    if number == 6 and tile.low == tile.high == 6 and index < 3:
        return RED
    return WHITE


class ChineseArt:
    """Draws and caches Chinese tile faces and backs by tile and size."""

    def __init__(self) -> None:
        self._cache: dict[tuple, pygame.Surface] = {}

    @staticmethod
    def size(short: int, vertical: bool = True) -> tuple[int, int]:
        long = round(short * RATIO)
        return (short, long) if vertical else (long, short)

    def face(self, tile: Tile, short: int, vertical: bool = True) -> pygame.Surface:
        key = ("face", tile, short, vertical)
        surface = self._cache.get(key)
        if surface is None:
            surface = self._draw_face(tile, short, vertical)
            self._cache[key] = surface
        return surface

    def back(self, short: int, vertical: bool = True) -> pygame.Surface:
        key = ("back", short, vertical)
        surface = self._cache.get(key)
        if surface is None:
            surface = pygame.Surface(self.size(short, vertical), pygame.SRCALPHA)
            rect = surface.get_rect()
            radius = max(2, short // 6)
            pygame.draw.rect(surface, BACK, rect, border_radius=radius)
            pygame.draw.rect(surface, BACK_EDGE, rect, width=max(1, short // 14), border_radius=radius)
            inner = rect.inflate(-max(4, short // 3), -max(4, short // 3))
            pygame.draw.rect(surface, BACK_MARK, inner, width=max(1, short // 16), border_radius=radius)
            self._cache[key] = surface
        return surface

    def _draw_face(self, tile: Tile, short: int, vertical: bool) -> pygame.Surface:
        upright = pygame.Surface(self.size(short, True), pygame.SRCALPHA)
        w, h = upright.get_size()
        rect = upright.get_rect()
        radius = max(2, short // 6)
        pygame.draw.rect(upright, BODY, rect, border_radius=radius)
        pygame.draw.rect(upright, EDGE, rect, width=max(1, short // 18), border_radius=radius)
        half_h = h / 2
        pad = short * 0.12
        radius_pip = max(1.5, short * 0.1)
        for half, number in enumerate((tile.high, tile.low)):
            area = pygame.Rect(pad, half * half_h + pad, w - 2 * pad, half_h - 2 * pad)
            for index, (fx, fy) in enumerate(SPOTS[number]):
                centre = (area.x + fx * area.w, area.y + fy * area.h)
                pygame.draw.aacircle(upright, pip_colour(number, index, tile), centre, radius_pip)
        mid = (w // 2, h // 2)
        mark = max(2, short // 9)
        if suit(tile) is Suit.CIVIL:
            pygame.draw.circle(upright, MARK, mid, mark, width=max(1, mark // 2))
        else:
            points = [
                (mid[0], mid[1] - mark),
                (mid[0] + mark, mid[1]),
                (mid[0], mid[1] + mark),
                (mid[0] - mark, mid[1]),
            ]
            pygame.draw.polygon(upright, MARK, points)
        return upright if vertical else pygame.transform.rotate(upright, 90)
