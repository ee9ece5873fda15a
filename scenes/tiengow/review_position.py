"""A Tien Gow position in the review: every hand face up and the trick in play."""

from __future__ import annotations

import pygame

from game.tiengow.round import TienGowRoundState
from scenes.tiengow.board_drawing import TRICK_SPOTS
from scenes.ui.drawing import fit_text
from scenes.ui.game_screens import ReviewPage
from scenes.ui.theme import COLOURS
from sprites.chinese_art import ChineseArt


def draw_tiengow_position(
    review: ReviewPage, surface: pygame.Surface, state: TienGowRoundState, board: pygame.Rect
) -> None:
    deal = state.deal
    art = review.app.art_of(ChineseArt)
    for seat in range(1, 5):
        review.draw_hand(surface, seat, deal.hand(seat), board, art.face)
    plays = deal.current_plays or (deal.tricks[-1].plays if deal.tricks else ())
    short = review.layout.px(22)
    w, h = ChineseArt.size(short)
    for seat, play in plays:
        position = review.seat_position(seat)
        dx, dy = TRICK_SPOTS[position]
        cx, cy = board.centerx + dx * board.width, board.centery + dy * board.height
        total = len(play.tiles) * (w + 3)
        x = round(cx - total / 2)
        for tile in play.tiles:
            image = art.face(tile, short)
            if play.face_down:
                image = image.copy()
                image.set_alpha(140)
            surface.blit(image, (x, round(cy - h / 2)))
            x += w + 3
        if play.face_down:
            mark = fit_text(
                review.app, review.app.tr("review.face_down"), review.layout.px(12), 200, colour=COLOURS.muted
            )
            surface.blit(mark, mark.get_rect(midtop=(round(cx), round(cy + h / 2 + 2))))
