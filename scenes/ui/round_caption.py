"""A round's result over the final board, where it hides nothing laid on it."""

from __future__ import annotations

import pygame

from scenes.ui.app_services import AppServices
from scenes.ui.drawing import fit_text, shade
from scenes.ui.still_layer import rim_width
from scenes.ui.table_layout import TableLayout
from scenes.ui.theme import COLOURS

CAPTION_SCALES = (1.0, 0.85, 0.72)  # the sizes a round's result is tried at, to find it room on the board


def draw_round_caption(
    app: AppServices, surface: pygame.Surface, lay: TableLayout, lines: list[str], taken: list[pygame.Rect]
) -> None:
    """``lines`` (the result, then how to go on) on the final board clear of ``taken`` (what
    is laid on it), at the largest of ``CAPTION_SCALES`` that finds room."""
    if not lines:
        return
    images: list[pygame.Surface] = []
    plate: pygame.Rect | None = None
    for scale in CAPTION_SCALES:
        images = caption_images(app, lay, lines, scale)
        size = (
            max(image.get_width() for image in images) + lay.px(40),
            sum(i.get_height() for i in images) + lay.px(16),
        )
        plate = caption_spot(lay, size, taken, last=scale == CAPTION_SCALES[-1])
        if plate is not None:
            break
    assert plate is not None
    shade(surface, plate, COLOURS.shade, lay.px(12))
    y = plate.y + lay.px(8)
    for image in images:
        surface.blit(image, image.get_rect(midtop=(plate.centerx, y)))
        y += image.get_height()


def caption_images(app: AppServices, lay: TableLayout, lines: list[str], scale: float) -> list[pygame.Surface]:
    return [
        fit_text(
            app,
            line,
            max(12, round(lay.px(22 if i == 0 else 17) * scale)),
            lay.board.width - lay.px(40),
            bold=i == 0,
            colour=COLOURS.gold if i == 0 else COLOURS.ink,
        )
        for i, line in enumerate(lines)
    ]


def caption_spot(lay: TableLayout, size: tuple[int, int], taken: list[pygame.Rect], last: bool) -> pygame.Rect | None:
    """Where a caption of ``size`` goes on the final board, clear of ``taken``: at the foot of
    the board (where the message line was), at its head, in the middle, centred or to a side;
    None if nowhere (the foot then, when this is the ``last`` try)."""
    rim = rim_width(lay)
    board = lay.board.inflate(-2 * rim - lay.px(8), -2 * rim - lay.px(8))
    plate = pygame.Rect((0, 0), size)
    for y in (board.bottom - size[1], board.y, board.centery - size[1] // 2):
        for x in (board.centerx - size[0] // 2, board.x, board.right - size[0]):
            plate.topleft = (x, y)
            if plate.collidelist(taken) < 0:
                return plate
    if not last:
        return None
    plate.midbottom = board.midbottom
    return plate
