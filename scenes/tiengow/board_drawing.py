"""How the Tien Gow board is drawn: the trick and its captions, your hand and the name of a
tile, the other seats with their columns, what a trick paid and the top bar
(``scenes.tiengow.board.TienGowBoard``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import pygame

from game.core.tiles import Tile
from game.tiengow.chinese import rank, suit
from game.tiengow.deal import TrickPlay
from game.tiengow.view import SeenPlay, SeenTrick, TienGowView
from scenes.tiengow.text import tile_key
from scenes.ui.app_services import AppServices
from scenes.ui.board import BoardHost, status_area
from scenes.ui.drawing import READABLE_TEXT, fit_text, row_of_rects, shade, wrap_text
from scenes.ui.hand_row import HandRow, draw_ring, draw_turn_glow
from scenes.ui.seat_plate import Plate, plate_lines
from scenes.ui.seating import seat_position
from scenes.ui.still_layer import rim_width
from scenes.ui.table_layout import TableLayout
from scenes.ui.theme import COLOURS
from sprites.chinese_art import ChineseArt
from sprites.stacks import columns
from sprites.tween import Tween, lerp

TRICK_SPOTS = {"bottom": (0, 0.28), "top": (0, -0.28), "left": (-0.3, 0), "right": (0.3, 0)}
TRICK_SHORT = 30  # design px across a tile played to the trick
LINGER = 1.1  # seconds a finished trick stays in view
SWEEP = 0.35  # seconds its tiles take to slide to the winner


@dataclass
class Flight:
    """A play travelling from its seat to its place in the trick."""

    seat: int
    tween: Tween


@dataclass
class Lingering:
    """A finished trick held in view with why it was won, then swept to its winner. With a
    person at the table it stays until they move on (``held``)."""

    trick: SeenTrick
    time: float = 0.0
    held: bool = True


class TienGowPicture(Protocol):
    """What is drawn of the board (``scenes.tiengow.board.TienGowBoard``)."""

    host: BoardHost[TienGowView, TrickPlay]
    app: AppServices
    art: ChineseArt
    view: TienGowView
    selection: list[int]
    cursor: int
    face_down: bool
    flight: Flight | None
    lingering: Lingering | None
    peek: SeenTrick | None
    popup: str
    popup_time: float
    row: HandRow

    def lifted(self, rect: pygame.Rect, index: int) -> pygame.Rect: ...

    def tile_at(self, pos: tuple[int, int]) -> int | None: ...

    def named_tile(self) -> Tile | None: ...

    def trick_lines(self, trick: SeenTrick) -> list[str]: ...

    def plate_for(self, seat: int) -> Plate: ...

    def plate_rect(self, seat: int) -> pygame.Rect: ...

    def own_plate_rect(self) -> pygame.Rect: ...


def backs_size(lay: TableLayout) -> int:
    return max(7, lay.px(12))


def spot(board: TienGowPicture, seat: int) -> tuple[int, int]:
    """Where ``seat``'s play lies in the trick: round the middle of the board above the
    status line's strip (which a play never covers); the top and bottom plays as far apart
    as the board lets them (a small window), so a trick's reason box fits between them."""
    lay = board.host.layout
    felt = pygame.Rect(lay.board.x, lay.board.y, lay.board.width, status_area(lay).y - lay.board.y)
    position = seat_position(seat, board.host.viewer)
    dx, dy = TRICK_SPOTS[position]
    if dy:
        half = ChineseArt.size(lay.px(TRICK_SHORT))[1] // 2
        reach = max(abs(dy) * felt.height, felt.height / 2 - half - rim_width(lay) - lay.px(8))
        return felt.centerx, round(felt.centery + (reach if dy > 0 else -reach))
    return round(felt.centerx + dx * felt.width), felt.centery


def plays_in_view(board: TienGowPicture) -> tuple[SeenPlay, ...]:
    """The plays the centre shows: a trick looked at again, a finished trick held in view, the
    last trick of a finished deal, or the trick being played."""
    view = board.view
    if board.peek is not None:
        return board.peek.plays
    if board.lingering is not None:
        return board.lingering.trick.plays
    if view.result is not None and view.tricks and board.flight is None:
        return view.tricks[-1].plays
    return view.current


def play_place(board: TienGowPicture, seat: int, count: int) -> pygame.Rect:
    """Where ``count`` tiles ``seat`` plays to the trick lie."""
    short = board.host.layout.px(TRICK_SHORT)
    w, h = ChineseArt.size(short)
    place = pygame.Rect(0, 0, count * w + (count - 1) * max(2, short // 6), h)
    place.center = spot(board, seat)
    return place


def draw_centre(board: TienGowPicture, surface: pygame.Surface) -> None:
    """The trick: each play in front of its seat, the best one outlined; a finished trick
    with who took it and why."""
    view = board.view
    short = board.host.layout.px(TRICK_SHORT)
    if board.peek is not None:
        for play in board.peek.plays:
            draw_play(board, surface, play, short, play.seat == board.peek.winner, 0.0, None)
        draw_trick_caption(board, surface, board.peek, board.app.tr("tg.status.peek_done"))
        return
    if board.lingering is not None:
        trick = board.lingering.trick
        linger = LINGER * board.app.settings.pace
        sweep = max(0.0, board.lingering.time - linger) / max(1e-6, SWEEP * board.app.settings.pace)
        target = seat_centre(board, trick.winner)
        for play in trick.plays:
            if board.flight is not None and play.seat == board.flight.seat:
                draw_play(
                    board,
                    surface,
                    play,
                    short,
                    False,
                    0.0,
                    None,
                    origin=seat_centre(board, play.seat),
                    progress=board.flight.tween.progress,
                )
            else:
                draw_play(board, surface, play, short, play.seat == trick.winner, sweep, target)
        held = board.lingering.held and board.lingering.time >= linger
        draw_trick_caption(board, surface, trick, board.app.tr("tg.status.tap_to_go_on") if held else "")
        return
    if view.result is not None and view.tricks and board.flight is None:
        last = view.tricks[-1]
        for play in last.plays:
            draw_play(board, surface, play, short, play.seat == last.winner, 0.0, None)
        return
    best = view.best_seat
    flight = board.flight
    for play in view.current:
        if flight is not None and play is view.current[-1] and play.seat == flight.seat:
            draw_play(
                board,
                surface,
                play,
                short,
                play.seat == best,
                0.0,
                None,
                origin=seat_centre(board, play.seat),
                progress=flight.tween.progress,
            )
        else:
            draw_play(board, surface, play, short, play.seat == best, 0.0, None)


def draw_trick_caption(board: TienGowPicture, surface: pygame.Surface, trick: SeenTrick, after: str) -> None:
    """Who took ``trick`` and why, in the middle of the board."""
    draw_caption(board, surface, trick, [*board.trick_lines(trick), after] if after else board.trick_lines(trick))


def draw_caption(
    board: TienGowPicture, surface: pygame.Surface, trick: SeenTrick, lines: list[str], title: str = ""
) -> None:
    """``lines`` (after a ``title``) in the middle of the board, in the room the plays of
    ``trick`` leave between them, so no tile hides a word of them and the box covers no tile:
    long lines are wrapped to that room, and the text made smaller (never below the readable
    size) when it must be to fit its height."""
    lay = board.host.layout
    room = caption_room(board, trick)
    styled = [(line, 16, False, COLOURS.ink) for line in lines]
    if title:
        styled.insert(0, (title, 21, True, COLOURS.gold))
    else:
        styled[0] = (lines[0], 19, True, COLOURS.gold)
    width = max(lay.px(120), room.width - lay.px(24))
    for shrink in range(lay.px(9) + 1):
        wrapped = [
            (part, max(READABLE_TEXT, lay.px(size) - shrink), bold, colour)
            for line, size, bold, colour in styled
            for part in wrap_text(board.app.font(max(READABLE_TEXT, lay.px(size) - shrink), bold), line, width)
        ]
        high = sum(board.app.font(size, bold).get_linesize() for _, size, bold, _ in wrapped) + lay.px(12)
        if high <= room.height:
            break
    images = [fit_text(board.app, part, size, width, bold=bold, colour=colour) for part, size, bold, colour in wrapped]
    plate = pygame.Rect(
        0,
        0,
        max(image.get_width() for image in images) + lay.px(24),
        sum(image.get_height() for image in images) + lay.px(12),
    )
    plate.center = room.center
    shade(surface, plate, COLOURS.shade, lay.px(12))
    y = plate.y + lay.px(6)
    for image in images:
        surface.blit(image, image.get_rect(midtop=(plate.centerx, y)))
        y += image.get_height()


def caption_room(board: TienGowPicture, trick: SeenTrick) -> pygame.Rect:
    """The board's middle left free by the plays of ``trick`` (and their outlines)."""
    lay = board.host.layout
    room = lay.board.inflate(-2 * lay.px(12), -2 * lay.px(12))
    left, top, right, bottom = room.left, room.top, room.right, room.bottom
    clear = lay.px(10)
    for play in trick.plays:
        place = play_place(board, play.seat, play.count)
        position = seat_position(play.seat, board.host.viewer)
        if position == "left":
            left = max(left, place.right + clear)
        elif position == "right":
            right = min(right, place.left - clear)
        elif position == "top":
            top = max(top, place.bottom + clear)
        else:
            bottom = min(bottom, place.top - clear)
    return pygame.Rect(left, top, max(1, right - left), max(1, bottom - top))


def draw_play(
    board: TienGowPicture,
    surface: pygame.Surface,
    play: SeenPlay,
    short: int,
    best: bool,
    sweep: float,
    target: tuple[int, int] | None,
    origin: tuple[int, int] | None = None,
    progress: float = 1.0,
) -> None:
    if board.app.settings.reduced_motion:  # no sliding: a play is in its place, a trick in view, in time
        progress, sweep = 1.0, 0.0
    w, h = ChineseArt.size(short)
    gap = max(2, short // 6)
    total = play.count * w + (play.count - 1) * gap
    cx, cy = spot(board, play.seat)
    if origin is not None:
        cx, cy = round(lerp(origin[0], cx, progress)), round(lerp(origin[1], cy, progress))
    if target is not None and sweep > 0:
        cx, cy = round(lerp(cx, target[0], min(1.0, sweep))), round(lerp(cy, target[1], min(1.0, sweep)))
    x = cx - total // 2
    y = cy - h // 2
    for index in range(play.count):
        image = board.art.back(short) if play.tiles is None else board.art.face(play.tiles[index], short, redrawn=True)
        if play.face_down and play.tiles is not None:
            image = image.copy()
            image.set_alpha(140)
        surface.blit(image, (x, y))
        x += w + gap
    if best:
        box = pygame.Rect(cx - total // 2 - 5, y - 5, total + 10, h + 10)
        pygame.draw.rect(
            surface, COLOURS.gold, box, width=max(2, board.host.layout.px(3)), border_radius=board.host.layout.px(8)
        )


def seat_centre(board: TienGowPicture, seat: int) -> tuple[int, int]:
    position = seat_position(seat, board.host.viewer)
    area = board.host.layout.hand if position == "bottom" else board.host.layout.seats[position]
    return area.center


def draw_hand(board: TienGowPicture, surface: pygame.Surface) -> None:
    lay = board.host.layout
    if board.host.session.to_act == board.host.viewer:
        draw_turn_glow(surface, lay, COLOURS.gold)
    for index, (tile, rect) in enumerate(board.row.rects):
        shown = board.lifted(rect, index)
        if index in board.selection and board.face_down:
            surface.blit(board.art.back(lay.hand_short), shown)
            peek = board.art.face(tile, lay.hand_short, redrawn=True).copy()
            peek.set_alpha(90)
            surface.blit(peek, shown)
        else:
            surface.blit(board.art.face(tile, lay.hand_short, redrawn=True), shown)
        if index in board.selection:
            draw_ring(surface, shown, COLOURS.gold, lay.px(6), max(2, lay.px(3)), lay.px(8))
        if index == board.cursor and board.host.is_viewer_turn:
            draw_ring(surface, shown, COLOURS.ink, lay.px(12), max(1, lay.px(2)), lay.px(10))
    named = board.named_tile()
    if named is not None:
        draw_tile_name(board, surface, named)


def draw_tile_name(board: TienGowPicture, surface: pygame.Surface, tile: Tile) -> None:
    tr, lay = board.app.tr, board.host.layout
    text = tr("tg.tile_name", name=tr(tile_key(tile)), suit=tr(f"tg.suit.{suit(tile).name.lower()}"), rank=rank(tile))
    plate = board.own_plate_rect()
    image = fit_text(board.app, text, lay.px(15), max(40, plate.width), bold=True, colour=COLOURS.gold)
    surface.blit(image, image.get_rect(bottomleft=(plate.x, lay.hand.bottom - lay.px(8))))


def draw_columns(
    board: TienGowPicture, surface: pygame.Surface, seat: int, at: tuple[int, int], sideways: bool
) -> None:
    """The columns ``seat`` has won, stacked in front of it (midtop at ``at``)."""
    count = board.view.columns[seat - 1]
    if not count:
        return
    piles = columns(count, max(6, board.host.layout.px(11)))
    if sideways:
        piles = pygame.transform.rotate(piles, 90)
    surface.blit(piles, piles.get_rect(midtop=at))


def draw_seat(board: TienGowPicture, surface: pygame.Surface, seat: int) -> None:
    """Another seat: its plate, its tiles face down beside it, the columns it has won."""
    lay, view = board.host.layout, board.view
    position = seat_position(seat, board.host.viewer)
    area = lay.seats[position]
    count = view.hand_sizes[seat - 1]
    small = backs_size(board.host.layout)
    gap = max(2, small // 5)
    plate = board.plate_rect(seat)
    if position == "top":
        size = ChineseArt.size(small)
        row = row_of_rects(count, size, gap, area.centerx, area.y + (area.height - size[1]) // 2)
        for rect in row:
            surface.blit(board.art.back(small), rect)
        draw_columns(board, surface, seat, (plate.centerx, plate.bottom + lay.px(4)), False)
    else:
        vw, vh = ChineseArt.size(small, False)
        top = plate.bottom + lay.px(12)
        for index in range(count):
            surface.blit(board.art.back(small, False), (area.centerx - vw // 2, top + index * (vh + gap)))
        draw_columns(board, surface, seat, (area.centerx, top + 8 * (vh + gap) + lay.px(6)), False)
    board.host.plates.draw(surface, plate, seat, board.plate_for(seat), lay.unit, position != "top")


def draw_popup(board: TienGowPicture, surface: pygame.Surface) -> None:
    """What a trick paid at once, when no caption over the trick says it."""
    if board.popup_time <= 0 or board.lingering is not None or board.peek is not None or board.view.result is not None:
        return
    lay = board.host.layout
    image = board.app.text_image(board.popup, lay.px(22), True, COLOURS.badge_text)
    plate = image.get_rect(center=(lay.board.centerx, lay.board.y + lay.px(36))).inflate(lay.px(28), lay.px(12))
    pygame.draw.rect(surface, COLOURS.badge, plate, border_radius=lay.px(14))
    surface.blit(image, image.get_rect(center=plate.center))


def draw_top_bar(board: TienGowPicture, surface: pygame.Surface) -> None:
    lay, view, tr = board.host.layout, board.view, board.app.tr
    title = board.app.text_image(
        tr("tg.title", game=tr("game.tiengow"), deal=view.round_number), lay.px(20), True, COLOURS.ink
    )
    surface.blit(title, title.get_rect(midleft=(lay.px(16), lay.top_bar.centery)))
    if view.result is None:
        shown = len(view.tricks) + (0 if board.lingering is not None else 1)  # a finished trick still shown is its own
        trick = tr("tg.trick", number=shown) + " · " + tr("tg.tiles_left", count=len(view.hand))
    else:
        trick = tr("tg.tricks_played", count=len(view.tricks))
    image = fit_text(board.app, trick, lay.px(17), lay.board.width // 2, True, COLOURS.gold)
    surface.blit(image, (lay.board.x + lay.px(16), lay.board.y + lay.px(10)))


def draw_own_plate(board: TienGowPicture, surface: pygame.Surface) -> None:
    lay = board.host.layout
    plate = board.own_plate_rect()
    own = board.plate_for(board.host.viewer)
    board.host.plates.draw(surface, plate, board.host.viewer, own, lay.unit, False)
    covered = plate_lines(board.app, plate, own, lay.unit, False)[1]  # grown to its lines
    draw_columns(board, surface, board.host.viewer, (plate.centerx, covered.bottom + lay.px(4)), False)


def hovered_tile(board: TienGowPicture) -> Tile | None:
    if board.host.hover is None:
        return None
    index = board.tile_at(board.host.hover)
    return board.view.hand[index] if index is not None else None
