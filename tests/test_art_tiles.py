"""Painted tiles: every tile at every size, exact sizes, readable pips, the Chinese colours
and suit marks, bounded caches."""

from __future__ import annotations

import numpy as np
import pygame
import pytest
from art_helpers import black_mask, blobs, pip_mask, red_mask, rgba

from game.core.tiles import DOUBLE_SIX_SET, Tile
from game.tiengow.chinese import KINDS, Suit, suit
from sprites.chinese_art import FACE_BOTTOM, MARK, ChineseArt, paint_mark
from sprites.raster import Canvas
from sprites.surface_cache import OWED, SurfaceCache, surface_bytes
from sprites.tile_art import TileArt
from sprites.tile_body import thickness

SIZES = (8, 9, 10, 13, 16, 20, 24, 40, 64, 90, 160)


@pytest.fixture(scope="module")
def art() -> TileArt:
    return TileArt()


@pytest.fixture(scope="module")
def chinese() -> ChineseArt:
    return ChineseArt()


@pytest.mark.parametrize("short", SIZES)
@pytest.mark.parametrize("vertical", (True, False))
def test_western_pieces_have_the_size_asked(art, short, vertical):
    w, h = (short, 2 * short) if vertical else (2 * short, short)
    for tile in (Tile.of(6, 6), Tile.of(0, 5), Tile.of(0, 0)):
        assert art.face(tile, short, vertical, tile.high).get_size() == (w, h)
    assert art.face(Tile.of(2, 5), short, vertical, 2, (0, 0, 0, 90)).get_size() == (w, h)
    assert art.back(short, vertical).get_size() == (w, h)
    assert art.shadow(short, vertical).get_size() == (w, h)
    assert art.ghost(short, vertical, (230, 196, 110)).get_size() == (w, h)
    image, (dx, dy) = art.drop_shadow(short, vertical)
    pad_w, pad_h = image.get_width() - w, image.get_height() - h
    assert pad_w == pad_h > 0 and -pad_w // 2 < dx and -pad_h // 2 < dy
    halo, (gx, gy) = art.glow(short, vertical, (230, 196, 110))
    assert halo.get_size() == (w - 2 * gx, h - 2 * gy) and gx == gy < 0


def test_every_western_tile_paints_both_ways_round(art):
    for tile in DOUBLE_SIX_SET:
        for first in {tile.low, tile.high}:
            for vertical in (True, False):
                face = art.face(tile, 24, vertical, first)
                assert face.get_at((face.get_width() // 2, face.get_height() // 2)).a == 255


@pytest.mark.parametrize("short", (10, 12, 14, 16, 20, 24, 40))
def test_western_pips_stay_separate_and_countable(art, short):
    for tile in DOUBLE_SIX_SET:
        for vertical in (True, False):
            face = art.face(tile, short, vertical, tile.low)
            assert blobs(pip_mask(face)) == tile.low + tile.high, (tile, short, vertical)


def test_first_number_goes_on_top_or_left(art):
    tile = Tile.of(1, 6)
    upright = pip_mask(art.face(tile, 30, True, 6))
    assert blobs(upright[:30]) == 6 and blobs(upright[30:]) == 1
    lying = pip_mask(art.face(tile, 30, False, 1))
    assert blobs(lying[:, :30]) == 1 and blobs(lying[:, 30:]) == 6


def test_back_looks_nothing_like_a_face(art):
    face = rgba(art.face(Tile.of(0, 0), 20, True))[..., :3].reshape(-1, 3).mean(axis=0)
    back = rgba(art.back(20, True))[..., :3].reshape(-1, 3).mean(axis=0)
    assert np.abs(face - back).sum() > 200


def test_a_tint_darkens_the_face(art):
    plain = rgba(art.face(Tile.of(2, 5), 30, True, 2))[..., :3].mean()
    dim = rgba(art.face(Tile.of(2, 5), 30, True, 2, (0, 0, 0, 90)))[..., :3].mean()
    assert dim < plain * 0.8


def test_faces_come_from_the_cache_until_dropped():
    art = TileArt(limit=40)
    first = art.face(Tile.of(3, 4), 30, True, 3)
    assert art.face(Tile.of(3, 4), 30, True, 3) is first
    for short in range(10, 60):
        art.face(Tile.of(3, 4), short, True, 3)
        art.back(short, False)
        assert len(art.cache) <= 40
    assert art.face(Tile.of(3, 4), 30, True, 3) is not first


@pytest.mark.slow
def test_a_redrawn_face_at_a_new_size_stands_in_scaled_until_its_pieces_are_painted():
    while OWED.paint_one():  # what earlier tests left owed
        pass
    art = TileArt()
    exact = TileArt().face(Tile.of(2, 5), 40, False, 2)
    art.face(Tile.of(2, 5), 30, True, 2)
    stand_in = art.face(Tile.of(2, 5), 40, False, 2, redrawn=True)
    assert stand_in.get_size() == exact.get_size() and len(OWED)
    assert art.face(Tile.of(2, 5), 40, False, 2).get_size() == exact.get_size()  # once asked plainly: exact
    fresh = TileArt()
    fresh.face(Tile.of(2, 5), 30, True, 2)
    fresh.face(Tile.of(2, 5), 40, False, 2, redrawn=True)
    painted = 0
    while OWED.paint_one():
        painted += 1
    assert painted >= 1 and not len(OWED) and not OWED.paint_one()
    settled = fresh.face(Tile.of(2, 5), 40, False, 2, redrawn=True)
    assert (rgba(settled) == rgba(exact)).all()


def test_the_cache_is_bounded_by_weight_as_well_as_count():
    cache = SurfaceCache(limit=1000, limit_bytes=200_000)
    for size in range(20, 200):
        cache.get(size, lambda size=size: pygame.Surface((size, size), pygame.SRCALPHA))
        assert cache.bytes <= 200_000 or len(cache) == 1
    assert cache.bytes == sum(surface_bytes(cache.get(key, pygame.Surface)) for key in range(190, 200) if key in cache)


def test_endless_resizes_keep_the_tile_cache_bounded():
    art = TileArt()
    for short in range(8, 91):
        for tile in DOUBLE_SIX_SET[:6]:
            art.face(tile, short, True)
    assert len(art.cache) <= art.cache.limit and art.cache.bytes <= art.cache.limit_bytes


# --- Chinese tiles ------------------------------------------------------------------------


@pytest.mark.parametrize("short", SIZES)
@pytest.mark.parametrize("vertical", (True, False))
def test_chinese_pieces_have_the_size_asked(chinese, short, vertical):
    size = ChineseArt.size(short, vertical)
    for tile in KINDS:
        assert chinese.face(tile, short, vertical).get_size() == size
    assert chinese.back(short, vertical).get_size() == size
    assert chinese.shadow(short, vertical).get_size() == size
    image, _ = chinese.drop_shadow(short, vertical)
    assert image.get_width() > size[0] and image.get_height() > size[1]


@pytest.mark.parametrize("short", (10, 12, 14, 16, 18, 20, 24, 40))
def test_chinese_pips_stay_separate_at_summary_and_review_sizes(chinese, short):
    for tile in KINDS:
        for vertical in (True, False):
            assert blobs(pip_mask(chinese.face(tile, short, vertical))) == tile.low + tile.high, (tile, short)


def test_chinese_ones_and_fours_are_red_and_heaven_is_half_red(chinese):
    def pips(tile):
        face = chinese.face(tile, 40)
        return blobs(red_mask(face)), blobs(black_mask(face))

    assert pips(Tile.of(1, 1)) == (2, 0)
    assert pips(Tile.of(4, 4)) == (8, 0)
    assert pips(Tile.of(1, 4)) == (5, 0)
    assert pips(Tile.of(6, 6)) == (6, 6)
    assert pips(Tile.of(5, 6)) == (0, 11)
    assert pips(Tile.of(2, 3)) == (0, 5)


def test_the_chinese_one_is_larger_than_other_pips(chinese):
    earth = red_mask(chinese.face(Tile.of(1, 1), 40)).sum() / 2
    man = red_mask(chinese.face(Tile.of(4, 4), 40)).sum() / 8
    assert earth > 2.5 * man


def test_the_suit_marks_differ_in_shape_not_only_colour():
    def mark(civil):
        canvas = Canvas(21, 21)
        paint_mark(canvas, (10.5, 10.5), 60, civil)
        return canvas.alpha > 0.5

    ring, diamond = mark(True), mark(False)
    assert not ring[10, 10] and diamond[10, 10]
    assert ring[10, 10 - 5] or ring[10, 10 + 5]


def test_civil_faces_carry_a_ring_and_military_faces_a_diamond(chinese):
    """A ring is hollow and round; a diamond is full and pointed, so off its corners it is empty."""

    def marked(colour) -> bool:
        colour = np.array(colour[:3])
        return np.abs(colour - MARK).sum() < np.abs(colour - FACE_BOTTOM).sum()

    for tile in KINDS:
        face = chinese.face(tile, 30)
        x, y = 15, (face.get_height() - thickness(30)) // 2
        found = [marked(face.get_at((x, y))), marked(face.get_at((x - 2, y - 2)))]
        assert found == ([False, True] if suit(tile) is Suit.CIVIL else [True, False]), tile
