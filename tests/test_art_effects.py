"""The table, seat plates, feedback effects and card pictures: exact sizes from the
smallest to the very large, bounded caches, reduced-motion forms that never move, helpers
that are pure functions of their progress."""

from __future__ import annotations

import numpy as np
import pygame
import pytest
from art_helpers import blank, drawn

from sprites import banner, card_pictures, chips, knock, plate_pieces, stacks, table_surface
from sprites.banner import banner_image, banner_motion, draw_banner
from sprites.card_pictures import chinese_fan_picture, western_line_picture
from sprites.chips import arc_point, chip, draw_payment, payment_positions
from sprites.knock import draw_knock, knock_rings, knock_sparks, knuckle_opacity
from sprites.plate_pieces import avatar, count_badge, draw_thinking, thinking_levels, turn_ring
from sprites.stacks import columns, pile_size
from sprites.surface_cache import OWED
from sprites.table_surface import board, felt
from sprites.tween import count_up

FELT = (22, 84, 60)
GOLD = (230, 196, 110)
PROGRESS = [i / 40 for i in range(-2, 43)]


def moments(step: float = 0.05) -> list[float]:
    return [round(i * step, 4) for i in range(1, round(1 / step))]


# --- table --------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(1, 1), (40, 30), (800, 600), (2560, 1440)])
def test_felt_has_the_size_asked(size):
    assert felt(size, FELT).get_size() == size


@pytest.mark.parametrize(("size", "rim"), [((8, 8), 3), ((60, 40), 6), ((1020, 370), 22), ((2200, 900), 40)])
def test_board_has_the_size_asked_and_rounded_corners(size, rim):
    surface = board(size, FELT, rim)
    assert surface.get_size() == size
    assert surface.get_at((0, 0)).a < 64
    assert surface.get_at((size[0] // 2, size[1] // 2)).a == 255


def test_table_caches_keep_only_a_few_sizes():
    for width in range(200, 240, 4):
        felt((width, 100), FELT)
        board((width, 100), FELT, 10)
    assert len(table_surface._felts) <= table_surface._felts.limit
    assert len(table_surface._boards) <= table_surface._boards.limit


def test_felt_is_subtle():
    pixels = pygame.surfarray.array3d(felt((300, 200), FELT)).astype(float)
    middle = pixels[100:200, 50:150].reshape(-1, 3)
    assert np.abs(middle.mean(axis=0) - FELT).max() < 8 and middle.std(axis=0).max() < 6


# --- seat plates --------------------------------------------------------------------------


@pytest.mark.parametrize("diameter", (8, 24, 64, 300))
def test_seat_pieces_have_the_size_asked(diameter):
    assert avatar("C3", diameter, (52, 96, 132)).get_size() == (diameter, diameter)
    assert avatar("", diameter, (200, 200, 160)).get_size() == (diameter, diameter)
    for phase in (0.0, 0.37, 5.5, -0.2):
        assert turn_ring(diameter, GOLD, phase).get_size() == (diameter, diameter)
    assert count_badge(7, diameter).get_height() == diameter
    assert count_badge(12, diameter).get_width() >= count_badge(7, diameter).get_width()


@pytest.mark.slow
def test_the_turn_ring_goes_round_with_its_phase_and_stands_still_when_reduced():
    first = turn_ring(43, GOLD, 0.1)
    assert turn_ring(43, GOLD, 0.6) is first, "a position not painted yet: the last one painted stands in"
    while OWED.paint_one():
        pass
    assert turn_ring(43, GOLD, 0.1) is turn_ring(43, GOLD, 1.1)
    assert turn_ring(43, GOLD, 0.1) is not turn_ring(43, GOLD, 0.6)
    still = turn_ring(40, GOLD, 0.0, reduced_motion=True)
    assert all(turn_ring(40, GOLD, phase, reduced_motion=True) is still for phase in moments())


def test_ring_frames_are_bounded_whatever_the_phase():
    for i in range(2000):
        turn_ring(30, GOLD, i * 0.0137)
    keys = [key for key in plate_pieces._cache._surfaces if key[:2] == ("ring", 30)]
    assert len(keys) <= plate_pieces.RING_STEPS + 1


def test_thinking_dots_wave_and_hold_still_when_reduced():
    assert thinking_levels(0.3) == thinking_levels(0.3) == pytest.approx(thinking_levels(1.3))
    assert len({thinking_levels(phase) for phase in moments()}) > 5
    assert {thinking_levels(phase, reduced_motion=True) for phase in moments()} == {(0.8, 0.8, 0.8)}
    pictures = []
    for phase in moments():
        target = blank((60, 20))
        area = draw_thinking(target, (30, 10), 8, phase, reduced_motion=True)
        assert target.get_rect().contains(area)
        pictures.append(pygame.surfarray.array_alpha(target))
    assert all((picture == pictures[0]).all() for picture in pictures)


# --- knock --------------------------------------------------------------------------------


def test_knock_helpers_are_pure_functions_of_progress():
    before = [(knock_rings(p), knock_sparks(p), knuckle_opacity(p)) for p in PROGRESS]
    after = [(knock_rings(p), knock_sparks(p), knuckle_opacity(p)) for p in reversed(PROGRESS)]
    assert before == list(reversed(after))
    assert knock_rings(0.0) == knock_rings(1.0) == [] and knuckle_opacity(1.0) == 0.0


def test_knock_rings_spread_out():
    radii = [knock_rings(p)[0][0] for p in moments(0.02) if p < knock.RING_LIFE and knock_rings(p)]
    assert radii == sorted(radii) and radii[-1] > radii[0]


@pytest.mark.parametrize("diameter", (8, 40, 400))
def test_knock_draws_within_its_area(diameter):
    for progress in (-0.5, 0.0, 0.1, 0.5, 0.99, 1.0, 3.0):
        target = blank((diameter + 20, diameter + 20))
        area = draw_knock(target, (10 + diameter // 2, 10 + diameter // 2), diameter, progress)
        mask = drawn(target)
        if progress <= 0.0 or progress >= 1.0:
            assert not mask.any()
        ys, xs = np.nonzero(mask.T)
        assert all(area.collidepoint(x, y) for x, y in zip(xs, ys))


def test_reduced_knock_never_moves():
    """Only its opacity changes: the rings and strokes keep their radii, and the picture its
    place and extent (within the pixel an edge loses as it fades)."""
    radii = {tuple(r for r, _ in knock_rings(p, True)) for p in moments(0.1)}
    spans = {tuple((a, b) for a, b, _ in knock_sparks(p, True)) for p in moments(0.1)}
    assert len(radii) == len(spans) == 1
    boxes = []
    for progress in moments(0.1):
        target = blank((120, 120))
        draw_knock(target, (60, 60), 100, progress, reduced_motion=True)
        ys, xs = np.nonzero(drawn(target).T)
        boxes.append((xs.min(), ys.min(), xs.max(), ys.max()))
    assert all(abs(a - b) <= 1 for box in boxes for a, b in zip(box, boxes[0]))


# --- banner -------------------------------------------------------------------------------


@pytest.mark.parametrize("width", (60, 420, 1600))
def test_banner_has_the_width_asked_and_fits_long_titles(width):
    image = banner_image("Streak broken", "Them: back to 0", width, (138, 44, 40))
    assert image.get_width() == width
    long = banner_image("A very long title that cannot possibly fit " * 3, "and a line " * 9, width, (60, 60, 60))
    assert long.get_size() == image.get_size()


def test_banner_motion_unfurls_then_holds_then_fades():
    assert banner_motion(0.0)[2] == banner_motion(1.0)[2] == 0.0
    reveal, rise, opacity = banner_motion(0.5)
    assert (reveal, rise, opacity) == (1.0, 0.0, 1.0)
    early = banner_motion(0.05)
    assert early[0] < 1.0 and early[1] > 0.0
    assert banner_motion(0.3) == banner_motion(0.3)


def test_reduced_banner_never_moves():
    assert {banner_motion(p, reduced_motion=True)[:2] for p in moments()} == {(1.0, 0.0)}
    image = banner_image("Dékabès!", "", 300, (112, 36, 62))
    shapes = []
    for progress in moments(0.1):
        target = blank((400, 200))
        draw_banner(target, (200, 100), image, progress, reduced_motion=True)
        shapes.append(drawn(target))
    assert all((shape == shapes[0]).all() for shape in shapes)


def test_banner_cache_is_bounded():
    for i in range(banner._cache.limit + 20):
        banner_image(f"Title {i}", "", 120, (80, 80, 80))
    assert len(banner._cache) <= banner._cache.limit


# --- payment ------------------------------------------------------------------------------


@pytest.mark.parametrize("diameter", (6, 30, 200))
def test_chips_have_the_size_asked(diameter):
    assert chip(diameter).get_width() == diameter and chip(diameter).get_height() > diameter


def test_chips_fly_from_the_payer_to_the_payee():
    start, end = (0.0, 100.0), (400.0, 100.0)
    assert arc_point(start, end, 0.0) == start and arc_point(start, end, 1.0) == end
    assert arc_point(start, end, 0.5)[1] < 100
    first, _ = payment_positions(start, end, 0.01, 3, 4)
    last, _ = payment_positions(start, end, 0.99, 3, 4)
    assert all(abs(x - start[0]) < 5 for x, _ in first)
    assert [(round(x), round(y)) for x, y in last] == [(400, 100), (400, 96), (400, 92)]
    assert payment_positions(start, end, 1.0, 3, 4) == ([], 0.0)
    assert payment_positions(start, end, 0.4, 3, 4) == payment_positions(start, end, 0.4, 3, 4)


def test_reduced_payment_only_appears_on_the_payee():
    places = {tuple(payment_positions((0, 0), (300, 50), p, 3, 4, reduced_motion=True)[0]) for p in moments()}
    assert places == {((300, 50), (300, 46), (300, 42))}
    shapes = []
    for progress in moments(0.1):
        target = blank((400, 200))
        draw_payment(target, (20, 150), (300, 150), "+4", progress, 24, reduced_motion=True)
        shapes.append(drawn(target))
    assert all((shape == shapes[0]).all() for shape in shapes) and not shapes[0][:200].any()


def test_payment_draws_nothing_outside_its_life():
    for progress in (-1.0, 0.0, 1.0, 2.0):
        target = blank((400, 200))
        draw_payment(target, (20, 150), (300, 150), "+4", progress, 24)
        assert not drawn(target).any()


@pytest.mark.slow
def test_chip_cache_is_bounded():
    for diameter in range(4, 4 + chips._cache.limit + 20):
        chip(diameter)
    assert len(chips._cache) <= chips._cache.limit


# --- Tien Gow columns ---------------------------------------------------------------------


@pytest.mark.parametrize("short", (6, 10, 14, 20, 64))
def test_columns_are_a_row_of_piles(short):
    w, h, _ = pile_size(short)
    assert columns(0, short).get_size() == (0, h)
    one = columns(1, short)
    assert one.get_size() == (w, h)
    eight = columns(8, short)
    gap = (eight.get_width() - 8 * w) / 7
    assert eight.get_height() == h and gap == int(gap) and gap >= 2
    assert columns(3, short) is columns(3, short)


def test_column_cache_is_bounded():
    for short in range(4, 40):
        for count in range(9):
            columns(count, short)
    assert len(stacks._cache) <= stacks._cache.limit


# --- card pictures ------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(24, 12), (200, 90), (320, 140), (1400, 600)])
def test_card_pictures_fill_the_size_asked(size):
    for picture in (western_line_picture(size), chinese_fan_picture(size)):
        assert picture.get_size() == size
        assert drawn(picture).any()


@pytest.mark.parametrize("short", [4, 9, 17, 26, 38])
def test_the_fan_is_sized_from_the_tiles_outlines_alone(short):
    assert card_pictures.fan(short, faces=False).get_size() == card_pictures.fan(short).get_size()


def test_card_picture_cache_is_bounded():
    for width in range(100, 140):
        western_line_picture((width, 60))
    assert len(card_pictures._cache) <= card_pictures._cache.limit


# --- counting up --------------------------------------------------------------------------


def test_scores_count_up_and_land_on_the_end():
    shown = [count_up(0, 40, p) for p in PROGRESS]
    assert shown[0] == 0 and shown[-1] == 40 and shown == sorted(shown)
    assert count_up(3, -5, 1.0) == -5 and count_up(3, -5, 0.0) == 3
    assert count_up(0, 40, 0.3, reduced_motion=True) == 40
    assert [count_up(0, 40, p) for p in PROGRESS] == shown
