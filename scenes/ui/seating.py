"""Where the seats sit round a table and where their plates lie, and the plates themselves:
each drawn still once per change, its turning ring and thinking dots every frame."""

from __future__ import annotations

from dataclasses import replace

import pygame

from scenes.ui.app_services import AppServices
from scenes.ui.seat_plate import Plate, badge_overhang, draw_motion, draw_still_plate, plate_size
from scenes.ui.table_layout import TableLayout

SEAT_POSITIONS = ("bottom", "right", "top", "left")
SMALL_UNIT = 0.8  # below this scale (a small window) your plate may grow into the room beside your hand
BADGE_ROOM = 30  # design px kept above a side seat's plate for its PASS or Banker badge


def seat_position(seat: int, viewer: int) -> str:
    """Where ``seat`` sits on screen, the ``viewer`` at the bottom."""
    return SEAT_POSITIONS[(seat - viewer) % 4]


def own_plate_rect(app: AppServices, lay: TableLayout, span: tuple[int, int]) -> pygame.Rect:
    """Your plate: in the hand's frame, on the side away from the buttons you reach for, beside
    the hand's tiles (their left and right edges, ``span``)."""
    width, height = plate_size(lay.unit, vertical=False)
    if app.settings.handed == "right":
        room = span[0] - lay.hand.x - lay.px(20)
        x = lay.hand.x + lay.px(10)
    else:
        x = span[1] + lay.px(16)
        room = lay.hand.right - x - lay.px(10)
    if lay.unit < SMALL_UNIT:  # its small text would wrap: it takes the room the row leaves it
        width = round(width * 1.4)
    top = lay.hand.y + max(lay.px(10), badge_overhang(app, lay.unit) + lay.px(4))  # its badge in the frame
    return pygame.Rect(x, top, max(lay.px(60), min(width, room)), height)


def other_plate_rect(lay: TableLayout, position: str, backs_width: int) -> pygame.Rect:
    """Another seat's plate: above a side seat's tiles, left of the top seat's tiles (a full
    hand face down is ``backs_width`` across). It never moves while tiles are played."""
    area = lay.seats[position]
    vertical = position != "top"
    width, height = plate_size(lay.unit, vertical)
    if vertical:
        rect = pygame.Rect(0, 0, min(width, area.width - lay.px(6)), height)
        rect.midtop = (area.centerx, area.y + lay.px(BADGE_ROOM))  # room for a badge over its top edge
        return rect
    rect = pygame.Rect(0, 0, width, height)
    rect.midright = (area.centerx - backs_width // 2 - lay.px(14), area.centery)
    rect.x = max(rect.x, area.x + lay.px(6))
    return rect


class SeatPlates:
    """The plates of one still picture: each drawn still, and where its avatar is, so its
    ring and dots are drawn over it in every frame."""

    def __init__(self, app: AppServices) -> None:
        self.app = app
        self.motion: dict[int, tuple[tuple[int, int], int, Plate]] = {}  # each plate's avatar and what it says
        self.notes: dict[int, str] = {}  # what the table adds to a seat's plate: its device is away...

    def clear(self) -> None:
        """A new still picture: no plate drawn on it yet."""
        self.motion = {}

    def draw(
        self, surface: pygame.Surface, rect: pygame.Rect, seat: int, plate: Plate, unit: float, vertical: bool
    ) -> None:
        """``seat``'s plate, still (with the table's note as its badge); its turning ring and
        thinking dots are drawn every frame."""
        note = self.notes.get(seat, "")
        if note:
            plate = replace(plate, badge=note)
        self.motion[seat] = (*draw_still_plate(self.app, surface, rect, plate, unit, vertical), plate)

    def draw_motions(self, surface: pygame.Surface, thinking: int | None, pulse: float) -> None:
        """The rings turning round the avatar of the seat to act, and the dots of the seat
        ``thinking``."""
        for seat, (centre, radius, plate) in self.motion.items():
            shown = replace(plate, thinking=thinking == seat)
            draw_motion(self.app, surface, centre, radius, shown, pulse)
