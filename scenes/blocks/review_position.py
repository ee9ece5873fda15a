"""A Chiva or Dékabès position in the review: every hand face up and the line so far."""

from __future__ import annotations

import pygame

from game.blocks.moves import Play
from game.blocks.round import BlockRoundState
from scenes.ui.game_screens import ReviewPage
from scenes.ui.theme import COLOURS
from sprites.line_layout import layout_line, tile_size_for
from sprites.tile_art import TileArt


def draw_block_position(
    review: ReviewPage, surface: pygame.Surface, state: BlockRoundState, board: pygame.Rect
) -> None:
    play = state.play
    art = review.app.art_of(TileArt)
    hands = play.hands if play is not None else state.deals[-1].hands
    for seat in range(1, 5):
        review.draw_hand(surface, seat, hands[seat - 1], board, art.face)
    if play is None or not play.line.tiles:
        return
    placed = play.placed
    opening = play.turns[0].move
    assert isinstance(opening, Play), "a line starts with a tile"
    first = opening.tile
    anchor = next(i for i, p in enumerate(placed) if p.tile is first)
    inner = board.inflate(-review.layout.px(16), -review.layout.px(16))
    area = (inner.x, inner.y, inner.width, inner.height)
    short = tile_size_for(placed, anchor, area, review.layout.px(34), smallest=8, reserve=0)
    step = review.review.positions[review.at].step
    last = step.decision.tile if step is not None and isinstance(step.decision, Play) else None
    for p, slot in zip(placed, layout_line(placed, anchor, area, short)):
        at = (round(slot.x), round(slot.y))
        surface.blit(art.face(p.tile, short, slot.vertical, slot.first), at)
        if p.tile is last:
            rect = pygame.Rect(at, (round(slot.w), round(slot.h))).inflate(6, 6)
            pygame.draw.rect(surface, COLOURS.gold, rect, width=3, border_radius=6)
