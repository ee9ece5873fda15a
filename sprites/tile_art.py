"""Western domino tiles painted at the exact size they are shown (crisp: scaled only for
the few frames before a new size is painted): an ivory face with a bevel, a soft shadow
and a brass pin, or a lacquered back."""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterator
from functools import partial

import numpy as np
import pygame

from game.core.tiles import Tile
from sprites.raster import Canvas, Colour, box, capsule, cover, diamond, disc, mix, snap
from sprites.surface_cache import OWED, SurfaceCache
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


def pip_reach(short: int) -> int:
    """How far a pip's picture reaches from the pixel its centre is in."""
    diameter = whole(short * 0.17)
    return math.ceil(diameter / 2 + 0.1) + 1


def draw_pip(short: int) -> pygame.Surface:
    """One pip of a face ``short`` px across, on a clear square: every pip of a face sits on
    the same fraction of a pixel, so one picture serves them all."""
    diameter = whole(short * 0.17)
    reach = pip_reach(short)
    centre = reach + (0.5 if round(diameter) % 2 else 0.0)
    canvas = Canvas(2 * reach + 1, 2 * reach + 1)
    paint_pips(canvas, [(centre, centre)], diameter, PIP, PIP_WALL)
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


def turn(same_first: bool, lying: bool, vertical: bool) -> int:
    """Degrees (counter-clockwise) that turn a face lying ``lying`` to ``vertical``, with its
    first number where the other face had it (``same_first``) or at the other end."""
    if lying == vertical:
        return 0 if same_first else 180
    quarter = 90 if lying else -90  # upright to lying puts the top on the left
    return quarter if same_first else -quarter


Piece = tuple[Hashable, int, Callable[[], pygame.Surface], tuple[int, int]]  # what, its tiles' size, painter, px


def drop_piece(short: int, vertical: bool) -> Piece:
    """A tile's drop shadow, as ``TileArt.sized`` keeps it."""
    (w, h), pad = tile_size(short, vertical), drop_geometry(short)[0]
    paint = partial(draw_drop_shadow, (w, h), short, corner_radius(short))
    return ("drop", vertical), short, paint, (w + 2 * pad, h + 2 * pad)


def glow_piece(short: int, vertical: bool, colour: tuple[int, ...]) -> Piece:
    """A tile's glow in ``colour``, as ``TileArt.sized`` keeps it."""
    (w, h), pad = tile_size(short, vertical), glow_pad(short)
    paint = partial(draw_glow, (w, h), short, corner_radius(short), colour)
    return ("glow", vertical, colour), short, paint, (w + 2 * pad, h + 2 * pad)


ART_BYTES = 6 << 20  # what the faces and their pieces kept may weigh: a frame at 1920x1080 draws
# under 1 MB of them, and the sizes a long session's lines went through are let go first


class TileArt:
    """Paints and caches tile faces, backs and shadows by tile, size and orientation."""

    def __init__(self, limit: int = 3000) -> None:
        self.cache = SurfaceCache(limit, ART_BYTES)
        self.last_short: dict[Hashable, int] = {}  # each picture's latest size, by what it shows

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
        missing = (
            {}
            if not redrawn
            else {
                piece: paint
                for piece, paint in self.pieces(first, second, short, vertical, tint).values()
                if piece not in self.cache
            }
        )
        former = self.former_face(first, second, vertical, tint) if missing else None
        if former is not None:
            for piece, paint in missing.items():
                self.owe(piece, paint)
            return pygame.transform.smoothscale(former, tile_size(short, vertical))
        self.last_short[(first, second, vertical, tint)] = short
        return self.cache.get(key, lambda: self.compose_face(first, second, short, vertical, tint))

    def former_face(self, first: int, second: int, vertical: bool, tint: Tint) -> pygame.Surface | None:
        """The face drawn last at another size, turned so ``first`` is on the top (``vertical``)
        or left half whichever way and number first it lay, or None."""
        for a, b, lying in (
            (first, second, vertical),
            (first, second, not vertical),
            (second, first, vertical),
            (second, first, not vertical),
        ):
            short = self.last_short.get((a, b, lying, tint))
            key = ("face", a, b, short, lying, tint)
            if short is not None and key in self.cache:
                face = self.cache.get(key, partial(self.compose_face, a, b, short, lying, tint))
                return pygame.transform.rotate(face, turn(a == first, lying, vertical))
        return None

    def pieces(
        self, first: int, second: int, short: int, vertical: bool, tint: Tint
    ) -> dict[str, tuple[Hashable, Callable[[], pygame.Surface]]]:
        """What a face is laid from, by kind, each piece painted once per size: the blank,
        the pip (every pip of a face is the same picture) and the tint."""
        pieces: dict[str, tuple[Hashable, Callable[[], pygame.Surface]]] = {
            "blank": (("blank", short, vertical), partial(draw_blank, short, vertical))
        }
        if first or second:
            pieces["pip"] = (("pip", short), partial(draw_pip, short))
        if tint is not None:
            pieces["tint"] = (("tint", short, vertical, tint), partial(draw_tint, short, vertical, tint))
        return pieces

    def compose_face(self, first: int, second: int, short: int, vertical: bool, tint: Tint) -> pygame.Surface:
        """A face laid from its pieces: a new tile costs a few blits instead of a painting.
        A face redrawn at every frame at a size whose pieces are not all painted yet is shown
        meanwhile as the same face at its former size, scaled, and the pieces are owed
        (``OWED``), so a line that shrinks never stops the frame to paint every tile."""
        pieces = {
            kind: self.cache.get(key, paint)
            for kind, (key, paint) in self.pieces(first, second, short, vertical, tint).items()
        }
        face = pieces["blank"].copy()
        diameter, reach = whole(short * 0.17), pip_reach(short)
        for number, half in zip((first, second), face_halves(short, vertical)):
            for cx, cy in pip_spots(number, half, short, diameter, not vertical):
                face.blit(pieces["pip"], (math.floor(cx) - reach, math.floor(cy) - reach))
        if "tint" in pieces:
            face.blit(pieces["tint"], (0, 0))
        return face

    def back(self, short: int, vertical: bool) -> pygame.Surface:
        return self.cache.get(("back", short, vertical), lambda: draw_back(short, vertical))

    def shadow(self, short: int, vertical: bool) -> pygame.Surface:
        """A soft dark shape the tile's size, to lay under it a few pixels down and right."""
        return self.cache.get(
            ("shadow", short, vertical), lambda: draw_shadow(tile_size(short, vertical), short, corner_radius(short))
        )

    def drop_shadow(self, short: int, vertical: bool, redrawn: bool = False) -> tuple[pygame.Surface, tuple[int, int]]:
        """A padded, blurred shadow and its offset from the tile's top-left corner."""
        pad, (dx, dy) = drop_geometry(short)
        return self.sized(*drop_piece(short, vertical), redrawn), (dx - pad, dy - pad)

    def sized(
        self, what: Hashable, short: int, paint: Callable[[], pygame.Surface], size: tuple[int, int], redrawn: bool
    ) -> pygame.Surface:
        """The picture of ``what`` for tiles ``short`` px across; one ``redrawn`` at every frame
        comes, while it is owed, as the one of its former size scaled to ``size``."""
        key = (what, short)
        earlier = self.last_short.get(what)
        if redrawn and key not in self.cache and earlier is not None and (what, earlier) in self.cache:
            self.owe(key, paint)
            return pygame.transform.smoothscale(self.cache.get((what, earlier), paint), size)
        self.last_short[what] = short
        return self.cache.get(key, paint)

    def owe_size(self, short: int, glow: tuple[int, ...]) -> None:
        """Owe what tiles ``short`` px across will need whichever way they lie (blanks, the
        pip, shadows and the glow in ``glow``), so they are painted in time to spare."""
        for key, paint in self.size_pieces(short, glow):
            self.owe(key, paint)

    def preparing_size(self, short: int, glow: tuple[int, ...]) -> Iterator[None]:
        """Paint what tiles ``short`` px across need now (a table opens), a piece at a time."""
        for key, paint in self.size_pieces(short, glow):
            if key not in self.cache:
                self.cache.get(key, paint)
                yield

    def size_pieces(self, short: int, glow: tuple[int, ...]) -> list[tuple[Hashable, Callable[[], pygame.Surface]]]:
        """What tiles ``short`` px across need whichever way they lie: the blanks, the pip, the
        shadows and the glow in ``glow``, each with its painter."""
        pieces: list[tuple[Hashable, Callable[[], pygame.Surface]]] = []
        for vertical in (True, False):
            pieces += self.pieces(1, 1, short, vertical, None).values()
            pieces += [
                ((what, size_of), paint)
                for what, size_of, paint, _ in (drop_piece(short, vertical), glow_piece(short, vertical, glow))
            ]
        return pieces

    def owe(self, key: Hashable, paint: Callable[[], pygame.Surface]) -> None:
        """Paint ``key`` when a frame leaves time to spare (``OWED``)."""
        OWED.owe(self.cache, key, paint)

    def ghost(self, short: int, vertical: bool, colour: tuple[int, ...]) -> pygame.Surface:
        """A translucent outline showing where a tile may go."""
        return self.cache.get(("ghost", short, vertical, colour), lambda: draw_ghost(short, vertical, colour))

    def glow(
        self, short: int, vertical: bool, colour: tuple[int, ...], redrawn: bool = False
    ) -> tuple[pygame.Surface, tuple[int, int]]:
        """A soft halo in ``colour`` to lay under a tile (an open end of the line), and its
        offset from the tile's top-left corner."""
        pad = glow_pad(short)
        return self.sized(*glow_piece(short, vertical, colour), redrawn), (-pad, -pad)
