"""How the board of Chiva and Dékabès is drawn: the line, its open numbers, ghosts, tiles in
flight, your hand, the other seats and the top bar (``scenes.blocks.board.BlockBoard``)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol

import pygame

from game.blocks.moves import BlockDecision, Pass, Play
from game.blocks.view import BlockView
from game.core.phases import Phase
from game.core.tiles import Tile
from scenes.blocks.score_words import score_words
from scenes.ui.app_services import AppServices
from scenes.ui.board import BoardHost
from scenes.ui.drawing import row_of_rects
from scenes.ui.hand_row import HandRow, draw_ring, draw_turn_glow
from scenes.ui.message_line import fitted_lines
from scenes.ui.seat_plate import Plate
from scenes.ui.seating import seat_position
from scenes.ui.table_layout import TableLayout
from scenes.ui.theme import COLOURS
from sprites.line_layout import Slot
from sprites.tile_art import TileArt
from sprites.tween import Tween, lerp


@dataclass
class Flight:
    """A tile travelling from a hand to its place on the line."""

    tile: Tile
    start: tuple[float, float]
    slot: Slot
    tween: Tween


@dataclass
class Dragged:
    """A tile of the hand held under the pointer (or finger): where it is now, and where on
    the tile it was taken."""

    tile: Tile
    pos: tuple[int, int]
    grip: tuple[int, int]


@dataclass(frozen=True)
class Ghost:
    """Where the selected tile would go on one end, and the decision that puts it there."""

    decision: Play
    slot: Slot
    rect: pygame.Rect
    side: int  # the end it goes on: 0 the left one, 1 the right one


class BlockPicture(Protocol):
    """What is drawn of the board (``scenes.blocks.board.BlockBoard``)."""

    host: BoardHost[BlockView, BlockDecision]
    app: AppServices
    view: BlockView
    short: int  # the short side of the line's tiles
    slots: list[Slot]
    ghosts: list[Ghost]
    end_focus: int
    focus: int
    flight: Flight | None
    dragged: Dragged | None
    row: HandRow

    @property
    def in_air(self) -> Tile | None: ...

    @property
    def ghost_sides(self) -> frozenset[int]: ...

    def lifted(self, rect: pygame.Rect, tile: Tile) -> pygame.Rect: ...

    def plate_for(self, seat: int) -> Plate: ...

    def plate_rect(self, seat: int) -> pygame.Rect: ...

    def own_plate_rect(self) -> pygame.Rect: ...


def backs_size(lay: TableLayout) -> int:
    return max(8, lay.px(15))


def backs_width(lay: TableLayout) -> int:
    """How wide a full hand of tiles face down is across the top seat."""
    small = backs_size(lay)
    return 7 * small + 6 * max(2, small // 5)


def draw_dragged(board: BlockPicture, surface: pygame.Surface) -> None:
    """The tile held under the pointer, over everything on the table."""
    dragged = board.dragged
    if dragged is None:
        return
    art, short = board.app.art_of(TileArt), board.host.layout.hand_short
    face = art.face(dragged.tile, short, True, dragged.tile.low, redrawn=True)
    where = face.get_rect(center=(dragged.pos[0] - dragged.grip[0], dragged.pos[1] - dragged.grip[1]))
    shadow, (dx, dy) = art.drop_shadow(short, True, redrawn=True)
    surface.blit(shadow, where.move(dx * 2, dy * 2))
    surface.blit(face, where)


def draw_line(board: BlockPicture, surface: pygame.Surface) -> None:
    """The line as the still picture keeps it: every face painted at its size, never a scaled
    stand-in (the still picture is made between frames, and kept until the table changes)."""
    art, short, view = board.app.art_of(TileArt), board.short, board.view
    flying = board.in_air
    line = view.line
    ends = (line[0], line[-1]) if line and view.result is None and board.in_air is None else None
    last = last_tile(board)
    for placed, slot in zip(view.line, board.slots):
        if placed.tile is flying:
            continue
        at = (round(slot.x), round(slot.y))
        shadow, (dx, dy) = art.drop_shadow(short, slot.vertical, redrawn=False)
        surface.blit(shadow, (at[0] + dx, at[1] + dy))
        if ends is not None and placed in ends:
            glow, (gx, gy) = art.glow(short, slot.vertical, COLOURS.ring, redrawn=False)
            surface.blit(glow, (at[0] + gx, at[1] + gy))
        surface.blit(art.face(placed.tile, short, slot.vertical, slot.first, redrawn=False), at)
        if placed.tile is last and view.result is not None:
            rect = pygame.Rect(at, (round(slot.w), round(slot.h))).inflate(max(4, short // 5), max(4, short // 5))
            pygame.draw.rect(surface, COLOURS.ring, rect, width=max(2, short // 10), border_radius=max(3, short // 5))


def last_tile(board: BlockPicture) -> Tile | None:
    """The tile played last on the line."""
    for turn in reversed(board.view.turns):
        if isinstance(turn.move, Play):
            return turn.move.tile
    return None


def draw_ends(board: BlockPicture, surface: pygame.Surface) -> None:
    """The two open numbers, in chips just beyond the tiles at the ends of the line; not
    beyond an end where a previewed tile (a ghost) lies, whose pips it would cover."""
    view, slots = board.view, board.slots
    if view.ends is None or not slots or board.in_air is not None:
        return
    size = max(12, round(board.short * 0.55))
    covered = board.ghost_sides
    for side, number, end, inner, fallback in (
        (0, view.ends[0], slots[0], slots[1] if len(slots) > 1 else None, (-1.0, 0.0)),
        (1, view.ends[1], slots[-1], slots[-2] if len(slots) > 1 else None, (1.0, 0.0)),
    ):
        if side in covered:
            continue
        dx, dy = fallback
        if inner is not None:
            dx, dy = end.center[0] - inner.center[0], end.center[1] - inner.center[1]
            length = max(1e-6, math.pow(dx * dx + dy * dy, 0.5))
            dx, dy = dx / length, dy / length
        image = board.app.text_image(str(number), size, True, COLOURS.badge_text)
        side = max(image.get_width(), image.get_height()) + size // 3
        reach = abs(dx) * end.w / 2 + abs(dy) * end.h / 2 + side * 0.7
        chip = pygame.Rect(0, 0, side, side)
        chip.center = (round(end.center[0] + dx * reach), round(end.center[1] + dy * reach))
        pygame.draw.ellipse(surface, COLOURS.badge, chip)
        surface.blit(image, image.get_rect(center=chip.center))


def draw_ghosts(board: BlockPicture, surface: pygame.Surface) -> None:
    art = board.app.art_of(TileArt)
    for index, ghost in enumerate(board.ghosts):
        slot = ghost.slot
        face = art.face(ghost.decision.tile, board.short, slot.vertical, slot.first, redrawn=True)
        faint = face.copy()
        faint.set_alpha(150)
        surface.blit(faint, (round(slot.x), round(slot.y)))
        focused = index == board.end_focus
        outline = art.ghost(board.short, slot.vertical, COLOURS.gold if focused else COLOURS.ink)
        surface.blit(outline, (round(slot.x), round(slot.y)))


def draw_flight(board: BlockPicture, surface: pygame.Surface) -> None:
    flight = board.flight
    if flight is None:
        return
    t = 1.0 if board.app.settings.reduced_motion else flight.tween.progress  # in place at once, in time
    slot = flight.slot
    end = slot.center
    x, y = lerp(flight.start[0], end[0], t), lerp(flight.start[1], end[1], t)
    face = board.app.art_of(TileArt).face(flight.tile, board.short, slot.vertical, slot.first, redrawn=True)
    surface.blit(face, face.get_rect(center=(round(x), round(y))))


def draw_hand(board: BlockPicture, surface: pygame.Surface) -> None:
    host, art, view = board.host, board.app.art_of(TileArt), board.view
    lay = host.layout
    playable = {m.tile for m in view.legal if isinstance(m, Play)}
    my_turn = host.is_viewer_turn and view.phase is Phase.PLAYING
    if host.session.to_act == host.viewer:
        draw_turn_glow(surface, lay, COLOURS.gold)
    for index, (tile, rect) in enumerate(board.row.rects):
        if board.flight is not None and tile is board.flight.tile:
            continue
        if board.dragged is not None and tile is board.dragged.tile:
            continue  # it is under the pointer
        shown = board.row.shaken(tile, board.lifted(rect, tile))
        dim = (0, 0, 0, 90) if my_turn and tile not in playable else None
        shadow, (dx, dy) = art.drop_shadow(lay.hand_short, True, redrawn=True)
        surface.blit(shadow, shown.move(dx, dy))
        surface.blit(art.face(tile, lay.hand_short, True, tile.low, dim, redrawn=True), shown)
        if index == board.focus and host.is_viewer_turn:
            draw_ring(surface, shown, COLOURS.gold, lay.px(8), max(2, lay.px(3)), lay.px(9))


def draw_plate(board: BlockPicture, surface: pygame.Surface, rect: pygame.Rect, seat: int, vertical: bool) -> None:
    board.host.plates.draw(surface, rect, seat, board.plate_for(seat), board.host.layout.unit, vertical)


def draw_own_plate(board: BlockPicture, surface: pygame.Surface) -> None:
    draw_plate(board, surface, board.own_plate_rect(), board.host.viewer, False)


def draw_seat(board: BlockPicture, surface: pygame.Surface, seat: int) -> None:
    """Another seat: its plate, and its tiles face down beside it."""
    lay, art, view = board.host.layout, board.app.art_of(TileArt), board.view
    position = seat_position(seat, board.host.viewer)
    area = lay.seats[position]
    count = view.tile_counts[seat - 1]
    small = backs_size(lay)
    gap = max(2, small // 5)
    plate = board.plate_rect(seat)
    if view.revealed_hands is not None:  # the round has ended: every hand is shown
        draw_revealed(board, surface, seat, view.revealed_hands[seat - 1])
    elif position == "top":
        row = row_of_rects(count, (small, 2 * small), gap, area.centerx, area.y + (area.height - 2 * small) // 2)
        for rect in row:
            surface.blit(art.back(small, True), rect)
    else:
        top = plate.bottom + lay.px(12)
        for index in range(count):
            surface.blit(art.back(small, False), (area.centerx - small, top + index * (small + gap)))
    draw_plate(board, surface, plate, seat, position != "top")


def revealed_size(lay: TableLayout) -> int:
    """The short side of another seat's tiles shown face up once the round has ended."""
    return max(10, min(lay.px(26), (lay.seats["top"].height - lay.px(8)) // 2))


def draw_revealed(board: BlockPicture, surface: pygame.Surface, seat: int, tiles: tuple[Tile, ...]) -> None:
    """Another seat's tiles left, face up, where its tiles face down lay."""
    lay, art = board.host.layout, board.app.art_of(TileArt)
    position = seat_position(seat, board.host.viewer)
    area = lay.seats[position]
    short = revealed_size(lay)
    gap = max(2, short // 6)
    if position == "top":  # beside its plate, as its tiles face down
        width = len(tiles) * short + (len(tiles) - 1) * gap
        centre = max(area.centerx, board.plate_rect(seat).right + lay.px(14) + width // 2)
        row = row_of_rects(len(tiles), (short, 2 * short), gap, centre, area.y + (area.height - 2 * short) // 2)
        for tile, rect in zip(tiles, row):
            surface.blit(art.face(tile, short, True, tile.low), rect)
        return
    top = board.plate_rect(seat).bottom + lay.px(12)
    for index, tile in enumerate(tiles):
        surface.blit(art.face(tile, short, False, tile.low), (area.centerx - short, top + index * (short + gap)))


def slot_rect(slot: Slot) -> pygame.Rect:
    """Where a tile of the line lies, in whole pixels."""
    return pygame.Rect(round(slot.x), round(slot.y), round(slot.w), round(slot.h))


def board_taken(board: BlockPicture) -> list[pygame.Rect]:
    """The tiles of the line, with room for the ring round the last one and the end chips."""
    reach = board.short // 3
    rects = [slot_rect(s).inflate(reach, reach) for s in board.slots]
    if len(rects) > 0:
        side = 2 * board.short
        rects += [rects[0].inflate(side, 0), rects[-1].inflate(side, 0)]  # the numbers at the ends
    return rects


def passed_last(board: BlockPicture, seat: int) -> bool:
    """Whether ``seat``'s latest turn in this round was a pass."""
    for turn in reversed(board.view.turns):
        if turn.seat == seat:
            return isinstance(turn.move, Pass)
    return False


def draw_top_bar(board: BlockPicture, surface: pygame.Surface) -> None:
    """The game's name and round, and the score between them and the top bar's buttons."""
    host, view, tr = board.host, board.view, board.app.tr
    lay = host.layout
    title = board.app.text_image(
        tr("table.title", game=tr(f"game.{view.game}"), round=view.round_number), lay.px(20), True, COLOURS.ink
    )
    surface.blit(title, title.get_rect(midleft=(lay.px(16), lay.top_bar.centery)))
    text = score_words(view.rules).score(view.score, view.base, host.names, tr)
    left_edge = lay.px(16) + title.get_width() + lay.px(24)
    right_edge = host.top_edge if host.top_edge is not None else lay.size[0]
    room = (right_edge - left_edge - lay.px(16), lay.top_bar.height - lay.px(6))
    lines = fitted_lines(board.app, text, lay.px(18), room, COLOURS.gold)  # in two lines rather than unreadable
    width = max(line.get_width() for line in lines)
    centre = max(left_edge + width // 2, min(lay.size[0] // 2, right_edge - width // 2 - 8))
    y = lay.top_bar.centery - sum(line.get_height() for line in lines) // 2
    for line in lines:
        surface.blit(line, line.get_rect(midtop=(centre, y)))
        y += line.get_height()
