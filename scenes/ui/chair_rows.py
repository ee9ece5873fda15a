"""The four chairs of a hosted table before its match, as the lobby and the join screen show
them: each a seat plate (an avatar with the person's initials, their name, and what the seat
is: this device's, a friend's, open, a computer's, away) in the seat's team colour."""

from __future__ import annotations

import pygame

from game.core.session import Chair
from scenes.ui.app_services import AppServices
from scenes.ui.naming import initials
from scenes.ui.seat_plate import Plate, still_plate
from scenes.ui.table_layout import TableLayout
from scenes.ui.theme import COLOURS

TEAMS = {1: "A", 2: "B", 3: "A", 4: "B"}  # partners sit across: seats 1 and 3, 2 and 4
LEAST_PLATE = 52  # px: a chair's plate, given room, is never lower (a name, a detail, a finger)
GAP = 10  # design px between two chairs' plates


def chair_name(app: AppServices, chair: Chair) -> str:
    """What a chair is called: its person's name, else its seat's; a computer by its kind."""
    if chair.is_computer:
        return app.tr("lobby.computer")
    if chair.is_open:
        return app.tr("lobby.open_seat")
    return chair.name or app.tr("lobby.player", seat=chair.seat)


def chair_detail(app: AppServices, chair: Chair, mine: bool, partners: bool) -> str:
    """The seat's number (and team), then what it is now."""
    seat = app.tr("lobby.seat_team", seat=chair.seat, team=TEAMS[chair.seat]) if partners else ""
    seat = seat or app.tr("lobby.seat", seat=chair.seat)
    if chair.is_open:
        state = app.tr("lobby.waiting_friend")
    elif chair.player is not None and chair.player.is_computer:
        player = chair.player
        key = f"level.{player.level}" if player.level is not None else f"lobby.kind.{player.kind}"
        state = app.tr(key) if app.text.knows(key) else chair.level
    elif mine:
        state = app.tr("lobby.this_device")
    elif chair.reconnecting:
        state = app.tr("online.plate.away")
    else:
        state = app.tr("lobby.joined")
    return app.tr("lobby.detail", seat=seat, state=state)


def chair_plate(app: AppServices, chair: Chair, mine: bool, partners: bool) -> Plate:
    name = chair_name(app, chair)
    colour = COLOURS.team(TEAMS[chair.seat]) if partners else COLOURS.seat(chair.seat)
    letters = "+" if chair.is_open else initials(name)
    return Plate(name, chair_detail(app, chair, mine, partners), "", colour, letters=letters)


def chair_rects(lay: TableLayout, area: pygame.Rect, plate_width: int) -> list[pygame.Rect]:
    """Where the four chairs' plates lie in ``area``, one under the other."""
    gap = lay.px(GAP)
    height = min((area.height - 3 * gap) // 4, max(LEAST_PLATE, lay.px(62)))
    return [pygame.Rect(area.x, area.y + i * (height + gap), plate_width, height) for i in range(4)]


def least_plate(lay: TableLayout) -> int:
    """The least height of a chair's plate that still reads well at ``lay``'s scale."""
    return max(LEAST_PLATE, lay.px(54))


def chairs_height(lay: TableLayout) -> int:
    """The least height the four chairs' plates take, one under the other."""
    return 4 * least_plate(lay) + 3 * lay.px(GAP)


def draw_chairs(
    app: AppServices,
    surface: pygame.Surface,
    lay: TableLayout,
    rects: list[pygame.Rect],
    chairs: tuple[Chair, ...],
    mine: tuple[int, ...],
    partners: bool,
) -> None:
    """The chairs' plates in ``rects`` (the seats of this device outlined in gold)."""
    for rect, chair in zip(rects, chairs):
        plate = chair_plate(app, chair, chair.seat in mine, partners)
        shown = still_plate(app, surface, rect, plate, lay.unit, vertical=False)
        if chair.seat in mine:
            pygame.draw.rect(surface, COLOURS.gold, shown, width=max(2, lay.px(2)), border_radius=lay.px(12))
