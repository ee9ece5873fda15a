"""The table: felt with a subtle woven noise and a soft vignette, and the board, a felt panel
framed by a rounded walnut rim. Painted once per size and colour, kept in small LRU caches,
so drawing them is one blit per frame."""

from __future__ import annotations

from collections.abc import Generator, Iterator
from functools import lru_cache

import numpy as np
import numpy.random  # numpy loads it on first use: here, at start-up, not in a frame
import pygame
from numpy.typing import NDArray

from sprites.raster import Colour, Floats, box, cover
from sprites.steps import finished
from sprites.surface_cache import SurfaceCache
from sprites.tile_body import TO_LIGHT

TILE = 256  # the felt's noise repeats every TILE px, seamlessly
WOOD_LIGHT = (170, 112, 66)
WOOD_DARK = (96, 56, 32)
WOOD_EDGE = (46, 26, 14)
SHADE = (4, 14, 10)
GRAIN_WIDTHS = (0.025, 0.35)  # the mottle's and the fibre's widths of frequency
RIM_PIECE = 8_000  # pixels of the rim painted in one piece (a few milliseconds)
FELT_BAND = 240  # columns of the felt's shading painted in one piece

_felts = SurfaceCache(limit=2, limit_bytes=24 << 20)
_boards = SurfaceCache(limit=2, limit_bytes=16 << 20)


@lru_cache(maxsize=1)
def white_noise() -> tuple[Floats, Floats]:
    """The felt's two seeded fields of noise, ``TILE`` x ``TILE``."""
    rng = np.random.default_rng(11)
    return rng.standard_normal((TILE, TILE)), rng.standard_normal((TILE, TILE))


_smoothed: dict[int, Floats] = {}  # the noise fields, smoothed, by their index in GRAIN_WIDTHS


def smoothing(which: int) -> Generator[None, None, None]:
    """Work out noise field ``which`` with its frequencies above ``GRAIN_WIDTHS[which]``
    faded out (seamless), in two pieces."""
    if which in _smoothed:
        return
    freq = np.fft.fftfreq(TILE)
    k = np.hypot(freq[:, None], freq[None, :])
    spectrum = np.fft.fft2(white_noise()[which]) * np.exp(-((k / GRAIN_WIDTHS[which]) ** 2))
    yield
    _smoothed[which] = np.real(np.fft.ifft2(spectrum)).copy()  # not a view keeping the complex result
    yield


def smoothed(which: int) -> Floats:
    """Noise field ``which``, smoothed (``smoothing``)."""
    finished(smoothing(which))
    return _smoothed[which]


def grain_steps(colour: Colour) -> Iterator[None]:
    """Work out the felt's noise and its patch in ``colour`` in pieces, yielding between them."""
    if not white_noise.cache_info().currsize:
        white_noise()
        yield
    for which in range(len(GRAIN_WIDTHS)):
        yield from smoothing(which)
    felt_pixels(colour)
    yield
    felt_patch(colour)
    yield


@lru_cache(maxsize=8)
def felt_pixels(colour: Colour) -> Floats:
    """One seamless ``TILE`` x ``TILE`` patch of felt, float RGB (rows, columns, 3): a slow
    mottle and a fine fibre over ``colour``."""
    mottle, fibre = (smoothed(which) for which in range(len(GRAIN_WIDTHS)))
    grain = 0.012 * mottle / (np.std(mottle) + 1e-9) + 0.028 * fibre / (np.std(fibre) + 1e-9)
    return np.asarray(colour[:3], np.float32) * (1.0 + grain[..., None]).astype(np.float32)


@lru_cache(maxsize=8)
def felt_patch(colour: Colour) -> pygame.Surface:
    pixels = np.clip(felt_pixels(colour) + 0.5, 0, 255).astype(np.uint8)
    return pygame.surfarray.make_surface(np.ascontiguousarray(pixels.transpose(1, 0, 2)))


def tile_felt(target: pygame.Surface, colour: Colour, area: pygame.Rect) -> None:
    """Cover ``area`` of ``target`` with felt, the patch repeated from the target's corner."""
    patch = felt_patch(colour)
    clip = target.get_clip()
    target.set_clip(area.clip(clip))
    for y in range(area.top - area.top % TILE, area.bottom, TILE):
        for x in range(area.left - area.left % TILE, area.right, TILE):
            target.blit(patch, (x, y))
    target.set_clip(clip)


def painting_felt(size: tuple[int, int], colour: Colour) -> Generator[None, None, pygame.Surface]:
    """Paint felt ``size`` px in pieces of a few milliseconds, yielding between them; returns it."""
    yield from grain_steps(colour)
    w, h = size
    screen = pygame.display.get_surface()
    surface = pygame.Surface(size, 0, screen) if screen is not None else pygame.Surface(size)  # as the screen's
    tile_felt(surface, colour, surface.get_rect())
    yield
    vignette = shading(size)
    across = pygame.transform.smoothscale(vignette, (w, vignette.get_height()))  # widened first, then heightened
    yield
    for left in range(0, w, FELT_BAND):  # heightened a band of columns at a time: the same pixels
        band = across.subsurface((left, 0, min(FELT_BAND, w - left), vignette.get_height()))
        surface.blit(
            pygame.transform.smoothscale(band, (band.get_width(), h)), (left, 0), special_flags=pygame.BLEND_MULT
        )
        yield
    return surface


def shading(size: tuple[int, int]) -> pygame.Surface:
    """The felt's darkening toward the edges, at a sixteenth of ``size`` (grey, multiplied in)."""
    w, h = size
    small_w, small_h = max(2, w // 16), max(2, h // 16)
    x = (np.arange(small_w) + 0.5)[:, None] / small_w - 0.5
    y = (np.arange(small_h) + 0.5)[None, :] / small_h - 0.5
    light = 1.0 - 0.34 * np.clip(np.hypot(x * 1.1, y * 1.35) - 0.18, 0.0, 1.0) ** 1.6
    return pygame.surfarray.make_surface(np.repeat((light * 255)[..., None], 3, axis=2).astype(np.uint8))


def felt(size: tuple[int, int], colour: Colour) -> pygame.Surface:
    """Felt ``size`` px in ``colour`` (the palette's felt), darker toward the edges."""
    return _felts.get(("felt", size, colour[:3]), lambda: finished(painting_felt(size, colour)))


def take_felt(size: tuple[int, int], colour: Colour) -> pygame.Surface:
    """``felt(size, colour)`` for the caller to paint over and keep (a table's background): the
    cache lets go of it, so a window's worth of felt is not held twice."""
    taken = _felts.take(("felt", size, colour[:3]))
    return taken if taken is not None else finished(painting_felt(size, colour))


def prepare_felt(size: tuple[int, int], colour: Colour) -> Iterator[None]:
    """Paint ``felt(size, colour)`` ahead, in pieces, yielding between them."""
    key = ("felt", size, colour[:3])
    if key not in _felts:
        surface = yield from painting_felt(size, colour)
        _felts.put(key, surface)


def wave(u: Floats, seed: int) -> Floats:
    """A smooth, irregular wobble along ``u``: a few sines with seeded phases."""
    rng = np.random.default_rng(seed)
    total = np.zeros_like(u)
    for period, weight in ((173.0, 1.0), (61.0, 0.5), (23.0, 0.22)):
        total = total + weight * np.sin(u * (2 * np.pi / period) + rng.uniform(0, 2 * np.pi))
    return total


def frame_pixels(x: Floats, y: Floats, size: tuple[int, int], rim: int, colour: Colour) -> tuple[Floats, Floats]:
    """Colour and alpha of the board at pixel centres ``x``, ``y``: the rim where it lies,
    mitred at the corners, and the felt with the rim's shadow on it elsewhere."""
    w, h = size
    outer = box(x, y, (0, 0, w, h), rim * 0.9)
    inner = box(x, y, (rim, rim, w - rim, h - rim), rim * 0.35)
    sides = np.stack(np.broadcast_arrays(y, h - y, x, w - x))
    owner: NDArray[np.intp] = np.argmin(sides, axis=0)  # numpy types a reduction along an axis Any
    across: Floats = np.min(sides, axis=0)  # as owner

    def along(scale: float, seed: int) -> Floats:
        """A wobble along each side's length (worked out once per row or column)."""
        per_side = [wave((u + 97.0 * k) * scale, seed) for k, u in enumerate((x, x, y, y))]
        return np.choose(owner, [np.broadcast_to(side, owner.shape) for side in per_side])

    bend = across + 1.8 * along(0.4, 3)
    rings = 0.5 + 0.5 * np.sin(bend * 0.5 + 0.8 * along(0.25, 5))
    fibres = np.interp(bend, np.arange(-16, 240), np.random.default_rng(7).random(256))
    grain = np.clip(0.55 * rings**1.5 + 0.3 * fibres + 0.08 * along(0.06, 9), 0.0, 1.0)
    wood = np.asarray(WOOD_DARK, np.float32) + (
        np.asarray(WOOD_LIGHT, np.float32) - np.asarray(WOOD_DARK, np.float32)
    ) * grain[..., None].astype(np.float32)
    outward = np.array(((0, -1), (0, 1), (-1, 0), (1, 0)), np.float32)[owner]
    facing = outward[..., 0] * TO_LIGHT[0] + outward[..., 1] * TO_LIGHT[1]
    slope = np.cos(np.pi * np.clip(across / rim, 0.0, 1.0))
    gloss = np.exp(-(((across - rim * 0.3) / (rim * 0.1)) ** 2)) * np.maximum(facing, 0.0)
    lift = 0.3 * slope * facing + 0.22 * gloss
    wood = np.where(lift[..., None] > 0, wood + (255.0 - wood) * lift[..., None], wood * (1.0 + lift[..., None]))
    edge = np.clip(1.0 + outer, 0.0, 1.0) + np.clip(1.0 - np.abs(inner), 0.0, 1.0)
    wood = wood + (np.asarray(WOOD_EDGE, np.float32) - wood) * np.clip(edge, 0.0, 1.0)[..., None] * 0.8
    patch = felt_pixels(colour)
    cloth = patch[y.astype(np.int64) % TILE, x.astype(np.int64) % TILE]
    drop = box(x - rim * 0.12, y - rim * 0.18, (rim, rim, w - rim, h - rim), rim * 0.35)
    shade = 0.55 * np.exp(np.minimum(drop, 0.0) / max(2.0, rim * 0.3)) + 0.25 * np.exp(np.minimum(inner, 0.0) / 2.0)
    cloth = cloth + (np.asarray(SHADE, np.float32) - cloth) * np.clip(shade, 0.0, 1.0)[..., None]
    on_rim = cover(-inner)[..., None]
    rgb = cloth * (1.0 - on_rim) + wood * on_rim
    return rgb, cover(outer)


def painting_board(size: tuple[int, int], colour: Colour, rim: int) -> Generator[None, None, pygame.Surface]:
    """Paint a board in pieces of a few milliseconds (the rim a strip at a time), yielding
    between them; returns it."""
    yield from grain_steps(colour)
    surface = pygame.Surface(size, pygame.SRCALPHA)
    cloth, regions = board_regions(size, rim)
    tile_felt(surface, colour, cloth)
    yield
    for region in regions:
        for strip in strips(region):
            paint_rim(surface, strip, size, rim, colour)
            yield
    return surface


def board_regions(size: tuple[int, int], rim: int) -> tuple[pygame.Rect, tuple[pygame.Rect, ...]]:
    """The plain cloth in the middle of a board, and the four bands round it painted pixel by
    pixel (the rim, its shadow and its rounded corners)."""
    w, h = size
    band = min(rim + max(6, rim), w // 2, h // 2)
    regions = (
        pygame.Rect(0, 0, w, band),
        pygame.Rect(0, h - band, w, band),
        pygame.Rect(0, band, band, h - 2 * band),
        pygame.Rect(w - band, band, band, h - 2 * band),
    )
    return pygame.Rect(band, band, w - 2 * band, h - 2 * band), regions


def strips(region: pygame.Rect) -> list[pygame.Rect]:
    """``region`` cut across its length into strips of at most ``RIM_PIECE`` pixels."""
    if region.w <= 0 or region.h <= 0:
        return []
    if region.w >= region.h:
        step = max(1, RIM_PIECE // region.h)
        return [
            pygame.Rect(x, region.y, min(step, region.right - x), region.h) for x in range(region.x, region.right, step)
        ]
    step = max(1, RIM_PIECE // region.w)
    return [
        pygame.Rect(region.x, y, region.w, min(step, region.bottom - y)) for y in range(region.y, region.bottom, step)
    ]


def paint_rim(surface: pygame.Surface, region: pygame.Rect, size: tuple[int, int], rim: int, colour: Colour) -> None:
    """The board's pixels inside ``region`` of ``surface`` (colour and alpha)."""
    x = (np.arange(region.left, region.right, dtype=np.float32) + 0.5)[:, None]
    y = (np.arange(region.top, region.bottom, dtype=np.float32) + 0.5)[None, :]
    rgb, alpha = frame_pixels(x, y, size, rim, colour)
    rgb_view = pygame.surfarray.pixels3d(surface)
    alpha_view = pygame.surfarray.pixels_alpha(surface)
    rgb_view[region.left : region.right, region.top : region.bottom] = np.clip(rgb + 0.5, 0, 255).astype(np.uint8)
    alpha_view[region.left : region.right, region.top : region.bottom] = np.clip(alpha * 255 + 0.5, 0, 255).astype(
        np.uint8
    )
    del rgb_view, alpha_view


def board(size: tuple[int, int], colour: Colour, rim: int) -> pygame.Surface:
    """A board ``size`` px: felt in ``colour`` (the palette's board) framed by a walnut rim
    ``rim`` px wide with rounded corners; transparent outside the corners."""
    return _boards.get(("board", size, colour[:3], rim), lambda: finished(painting_board(size, colour, rim)))


def take_board(size: tuple[int, int], colour: Colour, rim: int) -> pygame.Surface:
    """``board(size, colour, rim)`` for a caller that paints it into a picture it keeps (a table's
    background): the cache lets go of it, so its pixels (3 MB at 1920x1080) are not held twice."""
    taken = _boards.take(("board", size, colour[:3], rim))
    return taken if taken is not None else finished(painting_board(size, colour, rim))


def prepare_board(size: tuple[int, int], colour: Colour, rim: int) -> Iterator[None]:
    """Paint ``board(size, colour, rim)`` ahead, in pieces, yielding between them."""
    key = ("board", size, colour[:3], rim)
    if key not in _boards:
        surface = yield from painting_board(size, colour, rim)
        _boards.put(key, surface)
