"""Domino tiles drawn by code at the exact size they are shown (crisp, never scaled)."""

from __future__ import annotations

import pygame

from game.core.tiles import Tile

# Pip centres in a unit square, per number.
PIP_SPOTS = {
    0: (),
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)),
    6: ((0.28, 0.22), (0.28, 0.5), (0.28, 0.78), (0.72, 0.22), (0.72, 0.5), (0.72, 0.78)),
}

FACE = (246, 241, 226)
FACE_EDGE = (170, 160, 140)
PIP = (28, 30, 36)
DIVIDER = (120, 112, 98)
BACK = (122, 38, 44)
BACK_EDGE = (72, 18, 24)
BACK_MARK = (170, 82, 78)
SHADOW = (0, 0, 0, 70)


class TileArt:
    """Draws and caches tile faces and backs by tile, size and orientation."""

    def __init__(self) -> None:
        self._cache: dict[tuple, pygame.Surface] = {}

    def face(
        self,
        tile: Tile,
        short: int,
        vertical: bool,
        first: int | None = None,
        tint: tuple[int, int, int, int] | None = None,
    ) -> pygame.Surface:
        """A face ``short`` px across; ``first`` is the number on the top (vertical) or left half."""
        first = tile.low if first is None else first
        second = tile.other(first)
        key = ("face", tile, short, vertical, first, tint)
        surface = self._cache.get(key)
        if surface is None:
            surface = self._draw_face(first, second, short, vertical, tint)
            self._cache[key] = surface
        return surface

    def back(self, short: int, vertical: bool) -> pygame.Surface:
        key = ("back", short, vertical)
        surface = self._cache.get(key)
        if surface is None:
            surface = self._draw_back(short, vertical)
            self._cache[key] = surface
        return surface

    def shadow(self, short: int, vertical: bool) -> pygame.Surface:
        """A soft dark shape to lay under a tile."""
        key = ("shadow", short, vertical)
        surface = self._cache.get(key)
        if surface is None:
            surface = pygame.Surface(_size(short, vertical), pygame.SRCALPHA)
            pygame.draw.rect(surface, SHADOW, surface.get_rect(), border_radius=max(2, short // 7))
            self._cache[key] = surface
        return surface

    def ghost(self, short: int, vertical: bool, colour: tuple[int, int, int]) -> pygame.Surface:
        """A translucent outline showing where a tile may go."""
        key = ("ghost", short, vertical, colour)
        surface = self._cache.get(key)
        if surface is None:
            w, h = _size(short, vertical)
            surface = pygame.Surface((w, h), pygame.SRCALPHA)
            radius = max(2, short // 7)
            pygame.draw.rect(surface, (*colour, 90), surface.get_rect(), border_radius=radius)
            pygame.draw.rect(
                surface, (*colour, 255), surface.get_rect(), width=max(2, short // 16), border_radius=radius
            )
            self._cache[key] = surface
        return surface

    def _draw_face(
        self, first: int, second: int, short: int, vertical: bool, tint: tuple[int, int, int, int] | None
    ) -> pygame.Surface:
        w, h = _size(short, vertical)
        surface = pygame.Surface((w, h), pygame.SRCALPHA)
        rect = surface.get_rect()
        radius = max(2, short // 7)
        pygame.draw.rect(surface, FACE, rect, border_radius=radius)
        pygame.draw.rect(surface, FACE_EDGE, rect, width=max(1, short // 30), border_radius=radius)
        inset = max(2, short // 6)
        if vertical:
            pygame.draw.line(surface, DIVIDER, (inset, h // 2), (w - inset - 1, h // 2), max(1, short // 28))
            halves = (pygame.Rect(0, 0, w, h // 2), pygame.Rect(0, h // 2, w, h - h // 2))
        else:
            pygame.draw.line(surface, DIVIDER, (w // 2, inset), (w // 2, h - inset - 1), max(1, short // 28))
            halves = (pygame.Rect(0, 0, w // 2, h), pygame.Rect(w // 2, 0, w - w // 2, h))
        pip_radius = max(1.5, short * 0.085)
        for number, half in zip((first, second), halves):
            area = half.inflate(-short * 0.16, -short * 0.16)
            for fx, fy in PIP_SPOTS[number]:
                if vertical:
                    centre = (area.x + fx * area.w, area.y + fy * area.h)
                else:
                    centre = (area.x + fy * area.w, area.y + fx * area.h)
                pygame.draw.aacircle(surface, PIP, centre, pip_radius)
        if tint is not None:
            overlay = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(overlay, tint, rect, border_radius=radius)
            surface.blit(overlay, (0, 0))
        return surface

    def _draw_back(self, short: int, vertical: bool) -> pygame.Surface:
        w, h = _size(short, vertical)
        surface = pygame.Surface((w, h), pygame.SRCALPHA)
        rect = surface.get_rect()
        radius = max(2, short // 7)
        pygame.draw.rect(surface, BACK, rect, border_radius=radius)
        pygame.draw.rect(surface, BACK_EDGE, rect, width=max(1, short // 20), border_radius=radius)
        inner = rect.inflate(-max(4, short // 4), -max(4, short // 4))
        pygame.draw.rect(surface, BACK_MARK, inner, width=max(1, short // 24), border_radius=radius)
        return surface


def _size(short: int, vertical: bool) -> tuple[int, int]:
    return (short, short * 2) if vertical else (short * 2, short)
