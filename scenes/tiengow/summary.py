"""The Tien Gow deal summary: every hand by trick (face-down tiles revealed), columns,
immediate payments, the settlement with each multiplier named, and totals."""

from __future__ import annotations

from typing import Any

import pygame

from scenes.theme import COLOURS
from scenes.tiengow.text import settlement_text


def viewer_won(match: Any, viewer: int) -> bool:
    """Whether the viewer won the last trick of the deal just ended."""
    return bool(match.round.result.last_winner == viewer)


def draw_tiengow_summary(summary: Any, surface: pygame.Surface, panel: pygame.Rect) -> None:
    table, tr = summary.table, summary.app.tr
    lay, art = table.layout, table.art
    view = summary.match.view_for(table.viewer)
    result = view.result
    y = panel.y + lay.px(16)
    bonus = [tr(f"tg.mult.{result.last_trick_bonus}")] if result.last_trick_bonus else []
    if result.sweep:
        bonus.append(tr("tg.mult.sweep"))
    if result.big_six_capture:
        bonus.append(tr("tg.big_six"))
    title = tr("tg.summary.title", name=table.seat_name(result.last_winner))
    big = summary.app.font(lay.px(26), bold=True).render(title, True, COLOURS.gold)
    surface.blit(big, big.get_rect(midtop=(panel.centerx, y)))
    y += big.get_height()
    if bonus:
        extra = summary.app.font(lay.px(17), bold=True).render(" · ".join(bonus), True, COLOURS.ink)
        surface.blit(extra, extra.get_rect(midtop=(panel.centerx, y)))
        y += extra.get_height()
    y += lay.px(8)
    font = summary.app.font(lay.px(15), bold=True)
    small = summary.app.font(lay.px(14))
    headers = [
        tr("tg.summary.columns"),
        tr("tg.summary.immediate"),
        tr("tg.summary.settlement"),
        tr("tg.summary.total"),
    ]
    figures_x = [panel.right - lay.px(x) for x in (330, 250, 160, 60)]
    for x, text in zip(figures_x, headers):
        image = small.render(text, True, COLOURS.muted)
        surface.blit(image, image.get_rect(midtop=(x, y)))
    y += lay.px(20)
    first_x = panel.x + lay.px(218)
    short = max(7, min(lay.px(19), (figures_x[0] - lay.px(50) - first_x) * 10 // 118))
    tile_w, tile_h = art.size(short)
    row_h = tile_h + lay.px(10)
    for seat in range(1, 5):
        name = font.render(
            table.seat_name(seat) + (" · " + tr("tg.banker") if seat == view.banker else ""), True, COLOURS.ink
        )
        surface.blit(name, name.get_rect(midleft=(panel.x + lay.px(20), y + row_h // 2)))
        x = first_x
        for trick in view.tricks:
            play = next(p for p in trick.plays if p.seat == seat)
            for tile in play.tiles:
                image = art.face(tile, short)
                if play.face_down:
                    image = image.copy()
                    image.set_alpha(150)
                surface.blit(image, (x, y + lay.px(5)))
                if trick.winner == seat:
                    pygame.draw.line(
                        surface,
                        COLOURS.gold,
                        (x, y + lay.px(5) + tile_h + 2),
                        (x + tile_w, y + lay.px(5) + tile_h + 2),
                        2,
                    )
                x += tile_w + 2
            x += max(2, short // 3)
        figures = (
            result.columns[seat - 1],
            result.immediate[seat - 1],
            result.settlement[seat - 1],
            result.total[seat - 1],
        )
        for index, (fx, value) in enumerate(zip(figures_x, figures)):
            text = str(value) if index == 0 else f"{value:+d}"
            image = font.render(text, True, COLOURS.gold if index == 3 else COLOURS.ink)
            surface.blit(image, image.get_rect(center=(fx, y + row_h // 2)))
        y += row_h
    y += lay.px(6)
    for line in result.settlements:
        if line.amount == 0:
            continue
        image = small.render(settlement_text(line, tr, table.seat_name), True, COLOURS.ink)
        surface.blit(image, (panel.x + lay.px(24), y))
        y += image.get_height()
    totals = tr(
        "tg.summary.running",
        totals=" · ".join(
            f"{table.seat_name(seat)} {total:+d}"
            for seat, total in enumerate((a + b for a, b in zip(view.totals, result.total)), start=1)
        ),
    )
    image = small.render(totals, True, COLOURS.gold)
    surface.blit(image, (panel.x + lay.px(24), y + lay.px(4)))
