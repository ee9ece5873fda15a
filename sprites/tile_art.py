"""Western domino tiles painted at the exact size they are shown (crisp: scaled only for
the few frames before a new size is painted): an ivory face with a bevel, a soft shadow
and a brass pin, or a lacquered back."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import partial

import numpy as np
import pygame

from game.core.tiles import Tile
from sprites.raster import Canvas, Colour, box, capsule, cover, diamond, disc, mix, snap
from sprites.surface_cache import SurfaceCache
from sprites.tile_body import (
    TO_LIGHT,
    body,
    draw_drop_shadow,
    draw_glow,
    draw_shadow,
    drop_geometry,
    glow_pad,
    paint_pips,
    thickness,
    whole,
)

# Pip centres in a half, as fractions of its side, per number.
PIP_SPOTS = {
    0: (),
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.24), (0.27, 0.5), (0.27, 0.76), (0.73, 0.24), (0.73, 0.5), (0.73, 0.76)),
}

FACE_TOP = (250, 245, 232)
FACE_BOTTOM = (231, 219, 193)
FACE_SIDE = (196, 180, 148)
PIP = (30, 26, 24)
PIP_WALL = (104, 92, 80)
GROOVE = (158, 142, 116)
BRASS_LIGHT = (250, 226, 150)
BRASS_DARK = (128, 92, 36)
BACK_TOP = (128, 40, 46)
BACK_BOTTOM = (88, 24, 32)
BACK_SIDE = (62, 16, 22)
BACK_LINE = (214, 178, 108)

Tint = tuple[int, int, int, int] | None
OWED_LIMIT = 64  # pieces owed at most (a line's two orientations at one size need about 30)


def tile_size(short: int, vertical: bool) -> tuple[int, int]:
    """Width and height of a tile ``short`` px across."""
    return (short, short * 2) if vertical else (short * 2, short)


def corner_radius(short: int) -> float:
    return max(1.5, short * 0.13)


def pip_spots(
    number: int, half: tuple[float, float, float, float], short: int, diameter: float, turned: bool
) -> list[tuple[float, float]]:
    """Pip centres in a half ``(left, top, right, bottom)``, placed symmetrically on whole pixels."""
    left, top, right, bottom = half
    cx, cy = snap((left + right) / 2, diameter), snap((top + bottom) / 2, diameter)
    spots = []
    for fx, fy in PIP_SPOTS[number]:
        across, along = (fy, fx) if turned else (fx, fy)
        spots.append((cx + round((across - 0.5) * short), cy + round((along - 0.5) * short)))
    return spots


def paint_divider(canvas: Canvas, short: int, vertical: bool) -> None:
    """An engraved line between the halves, with a brass pin in its middle."""
    w, h = canvas.w, canvas.h - thickness(short)
    thick = max(1, round(short * 0.035))
    inset = max(1.5, short * 0.14)
    if vertical:
        mid = snap(h / 2, thick)
        groove = capsule(canvas.x, canvas.y, (inset, mid), (w - inset, mid), thick / 2)
        lit = capsule(canvas.x, canvas.y, (inset, mid + thick), (w - inset, mid + thick), thick / 2)
    else:
        mid = snap(w / 2, thick)
        groove = capsule(canvas.x, canvas.y, (mid, inset), (mid, h - inset), thick / 2)
        lit = capsule(canvas.x, canvas.y, (mid + thick, inset), (mid + thick, h - inset), thick / 2)
    if short >= 16:
        canvas.paint(cover(lit), (255, 252, 240), 0.7)
    canvas.paint(cover(groove), GROOVE)
    pin = float(max(2, round(short * 0.15)))
    px, py = snap(w / 2, pin), snap(h / 2, pin)
    dx, dy = (canvas.x - px) / pin, (canvas.y - py) / pin
    shine = np.clip(0.5 - (dx * TO_LIGHT[0] + dy * TO_LIGHT[1]) * 1.4, 0.0, 1.0)
    if short >= 20:
        canvas.paint(cover(disc(canvas.x, canvas.y, px, py, pin / 2 + 0.6)), BRASS_DARK, 0.8)
    canvas.paint(cover(disc(canvas.x, canvas.y, px, py, pin / 2)), mix(BRASS_LIGHT, BRASS_DARK, shine))
    if short >= 28:
        glint = disc(canvas.x, canvas.y, px - pin * 0.16, py - pin * 0.16, pin * 0.14)
        canvas.paint(cover(glint), (255, 250, 226), 0.9)


def face_halves(short: int, vertical: bool) -> tuple[tuple[float, float, float, float], ...]:
    """The two halves of a face ``(left, top, right, bottom)``: top then bottom, or left then right."""
    w, h = tile_size(short, vertical)
    h -= thickness(short)
    return ((0, 0, w, h / 2), (0, h / 2, w, h)) if vertical else ((0, 0, w / 2, h), (w / 2, 0, w, h))


def draw_blank(short: int, vertical: bool) -> pygame.Surface:
    """A face without pips: the body, its bevel and the divider with its pin."""
    canvas = Canvas(*tile_size(short, vertical))
    body(canvas, (FACE_TOP, FACE_BOTTOM, FACE_SIDE), short, corner_radius(short))
    paint_divider(canvas, short, vertical)
    return canvas.surface()


def draw_pips(number: int, half: int, short: int, vertical: bool) -> pygame.Surface:
    """The pips of ``number`` in half ``half`` (0 = top or left) on a clear picture the tile's size."""
    canvas = Canvas(*tile_size(short, vertical))
    diameter = whole(short * 0.17)
    spots = pip_spots(number, face_halves(short, vertical)[half], short, diameter, not vertical)
    paint_pips(canvas, spots, diameter, PIP, PIP_WALL)
    return canvas.surface()


def draw_tint(short: int, vertical: bool, tint: Colour) -> pygame.Surface:
    """``tint`` over the tile's whole shape, to lay over a face (a greyed tile)."""
    canvas = Canvas(*tile_size(short, vertical))
    w, h = canvas.w, canvas.h
    canvas.paint(
        cover(box(canvas.x, canvas.y, (0, 0, w, h), corner_radius(short))),
        tint,
        tint[3] / 255 if len(tint) > 3 else 1.0,
    )
    return canvas.surface()


def draw_back(short: int, vertical: bool) -> pygame.Surface:
    """A lacquered back: a gold line inset along the edge and a lozenge in the middle."""
    w, h = tile_size(short, vertical)
    canvas = Canvas(w, h)
    body(canvas, (BACK_TOP, BACK_BOTTOM, BACK_SIDE), short, corner_radius(short))
    h -= thickness(short)
    cx, cy = w / 2, h / 2
    if short >= 12:
        inset = max(2.5, short * 0.17)
        thick = max(1.0, round(short * 0.045))
        ring = np.abs(box(canvas.x, canvas.y, (inset, inset, w - inset, h - inset), corner_radius(short) * 0.6))
        canvas.paint(cover(ring - thick / 2), BACK_LINE, 0.85)
    size = max(1.8, short * 0.2)
    canvas.paint(cover(diamond(canvas.x, canvas.y, cx, cy, size)), BACK_LINE)
    if short >= 16:
        canvas.paint(cover(diamond(canvas.x, canvas.y, cx, cy, size * 0.45)), BACK_BOTTOM)
    return canvas.surface()


def draw_ghost(short: int, vertical: bool, colour: Colour) -> pygame.Surface:
    w, h = tile_size(short, vertical)
    canvas = Canvas(w, h)
    distance = box(canvas.x, canvas.y, (0, 0, w, h), corner_radius(short))
    canvas.paint(cover(distance), colour, 90 / 255)
    line = max(2, short // 16)
    canvas.paint(cover(np.abs(distance + line / 2) - line / 2), colour)
    return canvas.surface()


class TileArt:
    """Paints and caches tile faces, backs and shadows by tile, size and orientation."""

    def __init__(self, limit: int = 3000) -> None:
        self.cache = SurfaceCache(limit)
        self.owed: dict[Hashable, Callable[[], pygame.Surface]] = {}  # pieces to paint, oldest first
        self.last_short: dict[tuple[int, int, bool, Tint], int] = {}  # each face's latest size

    def paint_owed(self) -> bool:
        """Paint one piece a face was drawn without (see ``face``); whether there was one."""
        while self.owed:
            key = next(iter(self.owed))
            paint = self.owed.pop(key)
            if key not in self.cache:
                self.cache.get(key, paint)
                return True
        return False

    def face(
        self,
        tile: Tile,
        short: int,
        vertical: bool,
        first: int | None = None,
        tint: tuple[int, int, int, int] | None = None,
        redrawn: bool = False,
    ) -> pygame.Surface:
        """A face ``short`` px across; ``first`` is the number on the top (vertical) or left half.
        A face ``redrawn`` at every frame may come as a stand-in while its size is painted."""
        first = tile.low if first is None else first
        second = tile.other(first)
        key = ("face", first, second, short, vertical, tint)
        if key in self.cache:
            return self.cache.get(key, lambda: self.compose_face(first, second, short, vertical, tint))
        missing = {
            piece: paint
            for piece, paint in self.pieces(first, second, short, vertical, tint)
            if piece not in self.cache
        }
        former = self.former_face(first, second, vertical, tint) if redrawn and missing else None
        if former is not None:
            for piece, paint in missing.items():
                self.owed.setdefault(piece, paint)
            while len(self.owed) > OWED_LIMIT:  # sizes a storm of resizes left behind go first
                del self.owed[next(iter(self.owed))]
            return pygame.transform.smoothscale(former, tile_size(short, vertical))
        self.last_short[(first, second, vertical, tint)] = short
        return self.cache.get(key, lambda: self.compose_face(first, second, short, vertical, tint))

    def former_face(self, first: int, second: int, vertical: bool, tint: Tint) -> pygame.Surface | None:
        """The face drawn last at another size, turned to ``vertical`` if it lay the other way
        (``first`` stays on the top or left half), or None."""
        for lying in (vertical, not vertical):
            short = self.last_short.get((first, second, lying, tint))
            key = ("face", first, second, short, lying, tint)
            if short is not None and key in self.cache:
                face = self.cache.get(key, partial(self.compose_face, first, second, short, lying, tint))
                return face if lying == vertical else pygame.transform.rotate(face, 90 if lying else -90)
        return None

    def pieces(
        self, first: int, second: int, short: int, vertical: bool, tint: Tint
    ) -> list[tuple[Hashable, Callable[[], pygame.Surface]]]:
        """What a face is laid from, each piece painted once per size: the blank, each half's
        pips and the tint."""
        pieces: list[tuple[Hashable, Callable[[], pygame.Surface]]] = [
            (("blank", short, vertical), partial(draw_blank, short, vertical))
        ]
        for half, number in enumerate((first, second)):
            if number:
                pieces.append(
                    (("pips", number, half, short, vertical), partial(draw_pips, number, half, short, vertical))
                )
        if tint is not None:
            pieces.append((("tint", short, vertical, tint), partial(draw_tint, short, vertical, tint)))
        return pieces

    def compose_face(self, first: int, second: int, short: int, vertical: bool, tint: Tint) -> pygame.Surface:
        """A face laid from its pieces: a new tile costs a few blits instead of a painting.
        A face redrawn at every frame at a size whose pieces are not all painted yet is shown
        meanwhile as the same face at its former size, scaled, and the pieces are owed
        (``paint_owed``), so a line that shrinks never stops the frame to paint every tile."""
        layers = [self.cache.get(piece, paint) for piece, paint in self.pieces(first, second, short, vertical, tint)]
        face = layers[0].copy()
        for layer in layers[1:]:
            face.blit(layer, (0, 0))
        return face

    def back(self, short: int, vertical: bool) -> pygame.Surface:
        return self.cache.get(("back", short, vertical), lambda: draw_back(short, vertical))

    def shadow(self, short: int, vertical: bool) -> pygame.Surface:
        """A soft dark shape the tile's size, to lay under it a few pixels down and right."""
        return self.cache.get(
            ("shadow", short, vertical), lambda: draw_shadow(tile_size(short, vertical), short, corner_radius(short))
        )

    def drop_shadow(self, short: int, vertical: bool) -> tuple[pygame.Surface, tuple[int, int]]:
        """A padded, blurred shadow and its offset from the tile's top-left corner."""
        image = self.cache.get(
            ("drop", short, vertical), lambda: draw_drop_shadow(tile_size(short, vertical), short, corner_radius(short))
        )
        pad, (dx, dy) = drop_geometry(short)
        return image, (dx - pad, dy - pad)

    def ghost(self, short: int, vertical: bool, colour: tuple[int, int, int]) -> pygame.Surface:
        """A translucent outline showing where a tile may go."""
        return self.cache.get(("ghost", short, vertical, colour), lambda: draw_ghost(short, vertical, colour))

    def glow(self, short: int, vertical: bool, colour: tuple[int, int, int]) -> tuple[pygame.Surface, tuple[int, int]]:
        """A soft halo in ``colour`` to lay under a tile (an open end of the line), and its
        offset from the tile's top-left corner."""
        size = tile_size(short, vertical)
        key = ("glow", short, vertical, colour)
        image = self.cache.get(key, lambda: draw_glow(size, short, corner_radius(short), colour))
        return image, (-glow_pad(short), -glow_pad(short))
