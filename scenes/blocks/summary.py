"""The Chiva and Dékabès round summary: who won and how, the score, every hand revealed."""

from __future__ import annotations

from typing import Any

import pygame

from game.blocks.play import team_of
from game.blocks.result import Scoring
from scenes.blocks.text import result_line
from scenes.theme import COLOURS


def viewer_won(match: Any, viewer: int) -> bool:
    """Whether the viewer's team won the round just ended."""
    return bool(match.round.result.winner == team_of(viewer))


def draw_block_summary(summary: Any, surface: pygame.Surface, panel: pygame.Rect) -> None:
    app, table = summary.app, summary.table
    tr, lay, art = app.tr, table.layout, app.art
    view = summary.match.view_for(table.viewer)
    result = view.result
    y = panel.y + lay.px(18)
    if summary.match_over:
        mine = team_of(table.viewer)
        key = "summary.match_won" if result.match_winner == mine else "summary.match_lost"
        title = tr(key, team=tr(f"team.{result.match_winner}"))
    else:
        title = result_line(result, tr)
    big = app.font(lay.px(28), bold=True).render(title, True, COLOURS.gold)
    surface.blit(big, big.get_rect(midtop=(panel.centerx, y)))
    y += big.get_height() + lay.px(10)
    if summary.match_over:
        how = app.font(lay.px(19), bold=True).render(result_line(result, tr), True, COLOURS.ink)
        surface.blit(how, how.get_rect(midtop=(panel.centerx, y)))
        y += how.get_height() + lay.px(4)
    score = tr("summary.score", a=result.score_after[0], b=result.score_after[1])
    if view.rules.scoring is Scoring.POINTS:
        score += (
            "   ·   " + tr("summary.points", count=result.points) + "   ·   " + tr("score.base", base=result.base_after)
        )
    line = app.font(lay.px(19)).render(score, True, COLOURS.ink)
    surface.blit(line, line.get_rect(midtop=(panel.centerx, y)))
    y += line.get_height() + lay.px(16)
    short = max(10, min(lay.px(24), (panel.width - lay.px(280)) // 16))
    font = app.font(lay.px(17), bold=True)
    row_h = 2 * short + lay.px(12)
    for seat in range(1, 5):
        hand = view.revealed_hands[seat - 1]
        name = f"{table.seat_name(seat)} ({tr('team.' + team_of(seat))})"
        label = font.render(name, True, COLOURS.ink)
        surface.blit(label, (panel.x + lay.px(24), y + row_h // 2 - label.get_height() // 2))
        x = panel.x + lay.px(250)
        for tile in hand:
            surface.blit(art.face(tile, short, True), (x, y + lay.px(6)))
            x += short + max(3, short // 4)
        pips = font.render(
            tr("summary.pips", count=result.pips[seat - 1]),
            True,
            COLOURS.gold if result.domino_seat == seat else COLOURS.muted,
        )
        surface.blit(pips, pips.get_rect(midright=(panel.right - lay.px(24), y + row_h // 2)))
        y += row_h
