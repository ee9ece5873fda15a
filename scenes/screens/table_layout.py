"""Where everything goes on the table for a window size: pure rectangles."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

BASE_SIZE = (1280, 720)
MIN_TOUCH = 48
COMFORTABLE_TILE = 44  # px across a hand tile, the least a finger finds comfortable, where the row has room
PLATE_BESIDE = 280  # design px the hand row leaves for your plate beside it


@dataclass(frozen=True)
class TableLayout:
    """Rectangles of the table's regions; ``unit`` scales sizes from the 1280x720 design."""

    size: tuple[int, int]
    unit: float
    top_bar: pygame.Rect
    board: pygame.Rect
    hand: pygame.Rect
    button_bar: pygame.Rect
    seats: dict[str, pygame.Rect]  # "right", "top", "left"
    hand_short: int
    button_h: int

    @staticmethod
    def for_size(
        size: tuple[int, int],
        hand_tiles: int = 7,
        hand_ratio: float = 2.0,
        stacked_buttons: int = 0,
        beside: int = PLATE_BESIDE,
    ) -> TableLayout:
        """``hand_tiles`` tiles of ``hand_ratio`` (long/short) must fit the hand row, and
        ``stacked_buttons`` buttons one above the other beside them; the row leaves ``beside``
        design px of the hand's frame to what lies beside it (your plate, those buttons). In
        a small window the tiles keep a comfortable size for a finger when the row has room."""
        w, h = size
        unit = max(0.6, min(2.2, w / BASE_SIZE[0], h / BASE_SIZE[1]))
        button_h = max(MIN_TOUCH, round(56 * unit))
        top_h = button_h + round(10 * unit)
        bar_h = button_h + round(14 * unit)
        side_w = round(128 * unit)
        top_seat_h = round(70 * unit)
        hand_short = round(54 * unit)
        roomy = int((w - 2 * side_w - beside * unit) / (hand_tiles * 1.2 + 1))
        hand_short = max(hand_short, min(COMFORTABLE_TILE, roomy))
        hand_short = min(hand_short, int((w - 2 * side_w) / (hand_tiles * 1.2 + 1)))
        hand_h = round(hand_short * hand_ratio + 30 * unit)
        hand_h = max(hand_h, stacked_buttons * (button_h + round(6 * unit)) + round(14 * unit))
        top_bar = pygame.Rect(0, 0, w, top_h)
        button_bar = pygame.Rect(0, h - bar_h, w, bar_h)
        hand = pygame.Rect(side_w, button_bar.y - hand_h, w - 2 * side_w, hand_h)
        board_top = top_h + top_seat_h
        board = pygame.Rect(side_w, board_top, w - 2 * side_w, hand.y - board_top)
        seats = {
            "top": pygame.Rect(side_w, top_h, w - 2 * side_w, top_seat_h),
            "left": pygame.Rect(0, top_h, side_w, hand.bottom - top_h),
            "right": pygame.Rect(w - side_w, top_h, side_w, hand.bottom - top_h),
        }
        return TableLayout(size, unit, top_bar, board, hand, button_bar, seats, hand_short, button_h)

    def px(self, design: float) -> int:
        """A design size in pixels at this window size."""
        return max(1, round(design * self.unit))
