"""The plate every seat shows at every table: an avatar in the seat's colour, its name,
a line about it and its count, a ring that turns while it is that seat's turn, and a
badge (PASS, Banker...) beside the count so it never hides it."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

import pygame

from scenes.ui.app_services import AppServices
from scenes.ui.drawing import fit_text, shade
from scenes.ui.naming import initials
from scenes.ui.theme import COLOURS, Colour
from sprites.plate_pieces import IVORY, avatar, draw_thinking, owe_dots, turn_ring
from sprites.surface_cache import SurfaceCache

_pictures = SurfaceCache(limit=24, limit_bytes=2 << 20)  # plates without their ring and dots


@dataclass(frozen=True, slots=True)
class Plate:
    """What one seat's plate says."""

    name: str
    detail: str
    count: str
    colour: Colour
    active: bool = False
    badge: str = ""
    thinking: bool = False
    letters: str = ""  # the avatar's letters, as the catalogue gives them (else from ``name``)


def plate_size(unit: float, vertical: bool) -> tuple[int, int]:
    """The plate's size at this scale: tall and narrow at the sides, wide elsewhere."""
    if vertical:
        return round(118 * unit), round(128 * unit)
    return round(250 * unit), round(62 * unit)


def draw_motion(
    app: AppServices, surface: pygame.Surface, centre: tuple[int, int], radius: int, plate: Plate, phase: float
) -> None:
    """Round the avatar: the ring turning while the seat is to act, and dots under it
    while a computer thinks."""
    reduced = bool(app.settings.reduced_motion)
    if plate.active:
        ring = turn_ring(ring_diameter(radius), COLOURS.ring, phase, reduced)
        surface.blit(ring, ring.get_rect(center=centre))
    if plate.thinking:
        at = (centre[0], centre[1] + radius + max(5, radius // 3))
        draw_thinking(surface, at, dots_height(radius), phase, reduced_motion=reduced)


def ring_diameter(radius: int) -> int:
    """How wide the turning ring round an avatar of ``radius`` px is."""
    return 2 * radius + max(6, radius // 2)


def dots_height(radius: int) -> int:
    """How tall the thinking dots under an avatar of ``radius`` px are."""
    return max(3, radius // 4)


def prepare_motion(app: AppServices, unit: float) -> None:
    """Paint the turning ring's first position for plates at this scale, and owe the rest of
    it and the thinking dots (``OWED``): a table opens."""
    radius = spacing(unit)[0]
    turn_ring(ring_diameter(radius), COLOURS.ring, 0.0, bool(app.settings.reduced_motion))
    owe_dots(max(2, dots_height(radius)), IVORY)


def spacing(unit: float) -> tuple[int, int]:
    """The avatar's radius and the padding round it, at this scale."""
    return max(8, round(18 * unit)), max(3, round(8 * unit))


def avatar_at(rect: pygame.Rect, unit: float, vertical: bool) -> tuple[tuple[int, int], int]:
    """Where the avatar sits on a plate covering ``rect``, and its radius."""
    radius, pad = spacing(unit)
    if vertical:
        return (rect.centerx, rect.y + pad + radius), radius
    return (rect.x + pad + radius, rect.centery), radius


def badge_room(unit: float) -> int:
    """How far a plate's badge may reach above the plate."""
    return max(8, round(40 * unit))


def draw_still_plate(
    app: AppServices, surface: pygame.Surface, rect: pygame.Rect, plate: Plate, unit: float, vertical: bool
) -> tuple[tuple[int, int], int]:
    """``plate`` inside ``rect`` (avatar above the lines when ``vertical``, else beside them)
    without its ring and dots (``draw_motion``): painted once per look, then only copied.
    Where its avatar is, and its radius."""
    shown = still_plate(app, surface, rect, replace(plate, thinking=False), unit, vertical)
    return avatar_at(shown, unit, vertical)


def still_plate(
    app: AppServices, surface: pygame.Surface, rect: pygame.Rect, plate: Plate, unit: float, vertical: bool
) -> pygame.Rect:
    """Copy the plate's still picture onto ``surface``; the rectangle the plate covers."""
    room = badge_room(unit)
    picture = plate_picture(app, rect, plate, unit, vertical)
    surface.blit(picture, (rect.x, rect.y - room))
    return pygame.Rect(rect.x, rect.y, rect.width, picture.get_height() - room)


def plate_picture(app: AppServices, rect: pygame.Rect, plate: Plate, unit: float, vertical: bool) -> pygame.Surface:
    """The plate's still picture, painted once per look."""
    key = picture_key(app, rect, plate, unit, vertical)
    return _pictures.get(key, lambda: still_picture(app, rect.size, plate, unit, vertical, badge_room(unit)))


def picture_key(app: AppServices, rect: pygame.Rect, plate: Plate, unit: float, vertical: bool) -> tuple:
    return (id(app), rect.size, plate, unit, vertical, app.settings.lang)


def preparing_plate(app: AppServices, rect: pygame.Rect, plate: Plate, unit: float, vertical: bool) -> Iterator[None]:
    """Paint ``plate``'s still picture ahead (a table opens): its avatar, its lines, then the
    whole, yielding between them."""
    plate = replace(plate, thinking=False)
    if picture_key(app, rect, plate, unit, vertical) in _pictures:
        return
    radius = spacing(unit)[0]
    avatar(plate.letters or initials(plate.name), 2 * radius, plate.colour)
    yield
    plate_lines(app, pygame.Rect((0, badge_room(unit)), rect.size), plate, unit, vertical)
    yield
    plate_picture(app, rect, plate, unit, vertical)
    yield


def still_picture(
    app: AppServices, dimensions: tuple[int, int], plate: Plate, unit: float, vertical: bool, room: int
) -> pygame.Surface:
    """The still plate on a clear picture ``room`` px taller, for the badge above it."""
    lines, rect = plate_lines(app, pygame.Rect((0, room), dimensions), plate, unit, vertical)
    picture = pygame.Surface((rect.width, rect.bottom), pygame.SRCALPHA)
    paint_laid_out(app, picture, rect, lines, plate, unit, vertical)
    return picture


def plate_lines(
    app: AppServices, rect: pygame.Rect, plate: Plate, unit: float, vertical: bool
) -> tuple[list[pygame.Surface | None], pygame.Rect]:
    """The plate's lines of text, and its rectangle grown downward if a wide plate's lines
    need more height than ``rect`` has."""
    radius, pad = spacing(unit)
    if vertical:
        text_w = rect.width - 2 * pad
    else:
        text_w = rect.right - pad - (rect.x + 2 * pad + 2 * radius)
    size, small = max(12, round(16 * unit)), max(12, round(13 * unit))
    name = fit_text(app, plate.name, size, text_w, bold=True, colour=COLOURS.gold if plate.active else COLOURS.ink)
    lines: list[pygame.Surface | None]
    if vertical:
        lines = [
            name,
            fit_text(app, plate.detail, small, text_w, colour=COLOURS.muted) if plate.detail else None,
            fit_text(app, plate.count, small, text_w, colour=COLOURS.ink) if plate.count else None,
        ]
        return lines, rect
    facts = " · ".join(fact for fact in (plate.detail, plate.count) if fact)
    if facts and app.font(small).size(facts)[0] > text_w and plate.detail and plate.count:
        lines = [
            name,
            *(fit_text(app, fact, small, text_w, colour=COLOURS.muted) for fact in (plate.detail, plate.count)),
        ]
    else:
        lines = [name, fit_text(app, facts, small, text_w, colour=COLOURS.muted) if facts else None]
    needed = sum(line.get_height() for line in lines if line is not None) + pad
    return lines, pygame.Rect(rect.x, rect.y, rect.width, max(rect.height, needed))


def paint_still(
    app: AppServices, surface: pygame.Surface, rect: pygame.Rect, plate: Plate, unit: float, vertical: bool
) -> pygame.Rect:
    """Paint all of the plate but its motion: the plate, its avatar, its lines and its badge;
    the rectangle it covers."""
    lines, rect = plate_lines(app, rect, plate, unit, vertical)
    paint_laid_out(app, surface, rect, lines, plate, unit, vertical)
    return rect


def paint_laid_out(
    app: AppServices,
    surface: pygame.Surface,
    rect: pygame.Rect,
    lines: list[pygame.Surface | None],
    plate: Plate,
    unit: float,
    vertical: bool,
) -> None:
    """Paint the still plate covering ``rect`` with its ``lines`` (from ``plate_lines``)."""
    shade(surface, rect, COLOURS.plate, max(4, round(12 * unit)))
    if plate.active:
        pygame.draw.rect(surface, COLOURS.ring, rect, width=max(1, round(2 * unit)), border_radius=round(12 * unit))
    centre, radius = avatar_at(rect, unit, vertical)
    face = avatar(plate.letters or initials(plate.name), 2 * radius, plate.colour)
    surface.blit(face, face.get_rect(center=centre))
    pad = spacing(unit)[1]
    if vertical:
        text_x, y = rect.centerx, centre[1] + radius + pad
    else:
        text_x = centre[0] + radius + pad
        y = rect.centery - sum(line.get_height() for line in lines if line is not None) // 2
    for image in lines:
        if image is None:
            continue
        where = image.get_rect(midtop=(text_x, y)) if vertical else image.get_rect(topleft=(text_x, y))
        surface.blit(image, where)
        y += image.get_height()
    if plate.badge:
        draw_badge(app, surface, plate.badge, rect, unit, vertical)


def badge_overhang(app: AppServices, unit: float) -> int:
    """How far a badge reaches above the top edge of its plate."""
    return app.font(max(12, round(14 * unit)), True).get_linesize() + round(6 * unit) - round(2 * unit)


def draw_badge(
    app: AppServices, surface: pygame.Surface, text: str, rect: pygame.Rect, unit: float, vertical: bool
) -> None:
    """A chip over the plate's top edge, clear of its lines: centred above the avatar of a
    tall plate, above the outer corner of a wide one (whose lines may fill its height)."""
    image = app.text_image(text, max(12, round(14 * unit)), True, COLOURS.badge_text)
    chip = image.get_rect().inflate(round(14 * unit), round(6 * unit))
    if vertical:
        chip.midbottom = (rect.centerx, rect.y + round(4 * unit))
    else:
        chip.bottomright = (rect.right - round(8 * unit), rect.y + round(2 * unit))
    pygame.draw.rect(surface, COLOURS.badge, chip, border_radius=chip.height // 2)
    surface.blit(image, image.get_rect(center=chip.center))
