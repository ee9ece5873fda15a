"""The Tien Gow deal summary: who won the last trick and why, every hand by trick (the
face-down tiles revealed and tinted), columns, what each trick paid at once, the
settlement with each multiplier named, and the running totals."""

from __future__ import annotations

import pygame

from game.tiengow.explain import doubling_rules, trick_story
from game.tiengow.match import TienGowMatch, ended, is_tiengow_match
from game.tiengow.view import TienGowView
from scenes.services.translation import Tr
from scenes.tiengow.text import immediate_line, settlement_text, trick_line
from scenes.ui.drawing import fit_text, wrap_text
from scenes.ui.game_screens import SummaryPage
from scenes.ui.naming import Names
from scenes.ui.theme import COLOURS

DOWN_TINT = (44, 70, 110, 150)  # face-down tiles, revealed at the end, in the colour of the backs


def viewer_won(match: TienGowMatch, viewer: int) -> bool:
    """Whether the viewer won the last trick of the deal just ended."""
    return bool(ended(match).last_winner == viewer)


def multipliers(view: TienGowView, tr: Tr) -> list[str]:
    """What doubled the settlements, and Big Six's capture, each in a sentence of its own."""
    result = view.result
    assert result is not None
    doubled = [tr(f"tg.mult.{result.last_trick_bonus}")] if result.last_trick_bonus else []
    if result.sweep:
        doubled.append(tr("tg.mult.sweep"))
    found = [tr("tg.summary.doubled", reasons=", ".join(doubled))] if doubled else []
    if result.big_six_capture:
        found.append(tr("tg.summary.captured", what=tr("tg.big_six")))
    return found


def payment_lines(view: TienGowView, names: Names, tr: Tr) -> list[str]:
    """What was paid at once, trick by trick, then each settlement line."""
    result = view.result
    assert result is not None
    lines = [
        tr("tg.summary.at_once", number=number, line=immediate_line(trick, names, tr))
        for number, trick in enumerate(view.tricks, start=1)
        if trick.bonus is not None
    ]
    return lines + [settlement_text(line, names, tr) for line in result.settlements if line.amount]


LAST_TRICK_COLOUR = (52, 112, 104)


def banner(match: TienGowMatch, names: Names, tr: Tr) -> tuple[str, str, tuple[int, int, int]] | None:
    """The last trick decides the deal: its winner gets a banner."""
    winner = ended(match).last_winner
    return tr("banner.last_trick"), names.says("banner.wins_the_deal", winner), LAST_TRICK_COLOUR


def why(match: TienGowMatch, names: Names, tr: Tr) -> tuple[str, list[str], list[str]]:
    """The deal's "why": the last trick decides; then every payment and its reason."""
    view = match.view_for(names.viewer)
    result = view.result
    assert result is not None
    lines = [names.says("tg.summary.title", result.last_winner), trick_line(trick_story(view.tricks[-1]), names, tr)]
    lines += payment_lines(view, names, tr)
    rules = ["tiengow.10", "tiengow.12", *doubling_rules(result)]
    if any(trick.bonus for trick in view.tricks):
        rules.insert(1, "tiengow.11")
    if result.big_six_capture:
        rules.append("tiengow.14")
    return tr("why.title"), lines, [tr(f"rule.{rule}") for rule in rules]


def draw_tiengow_summary(summary: SummaryPage, surface: pygame.Surface, panel: pygame.Rect) -> None:
    from sprites.chinese_art import ChineseArt  # not at start-up (scenes.shell.routes)

    table, app = summary.table, summary.app
    tr, lay, art, names = app.tr, table.layout, app.art_of(ChineseArt), table.names
    match = summary.match
    assert is_tiengow_match(match), "Tien Gow's summary is of its match"
    view = match.view_for(table.viewer)
    result = view.result
    assert result is not None, "a deal's summary follows its end"
    width = panel.width - lay.px(48)
    y = summary.content_top(panel)
    if summary.ribbon is None:  # the banner says who won the deal
        title = fit_text(app, names.says("tg.summary.title", result.last_winner), lay.px(26), width, True, COLOURS.gold)
        surface.blit(title, title.get_rect(midtop=(panel.centerx, y)))
        y += title.get_height()
    for sentence in (trick_line(trick_story(view.tricks[-1]), names, tr), *multipliers(view, tr)):
        for part in wrap_text(app.font(lay.px(16)), sentence, width):
            image = fit_text(app, part, lay.px(16), width, colour=COLOURS.ink)
            surface.blit(image, image.get_rect(midtop=(panel.centerx, y)))
            y += image.get_height()
    y += lay.px(8)
    figures_x = [panel.right - lay.px(x) for x in (330, 245, 150, 58)]
    headers = ("tg.summary.columns", "tg.summary.immediate", "tg.summary.settlement", "tg.summary.total")
    for x, key in zip(figures_x, headers):
        header = fit_text(app, tr(key), lay.px(14), lay.px(88), colour=COLOURS.muted)
        surface.blit(header, header.get_rect(midtop=(x, y)))
    y += lay.px(20)
    small = app.font(lay.px(15))
    lines = [part for line in payment_lines(view, names, tr) for part in wrap_text(small, line, width)]
    totals = " · ".join(
        f"{names.label(seat)} {before + gain:+d}"
        for seat, (before, gain) in enumerate(zip(view.totals, result.total), start=1)
    )
    running = wrap_text(small, tr("tg.summary.running", totals=totals), width)
    line_h = small.get_linesize()
    rows_bottom = summary.buttons_top() - lay.px(12) - (len(lines) + len(running)) * line_h
    labels = [names.label(seat) + (" · " + tr("tg.banker") if seat == view.banker else "") for seat in range(1, 5)]
    name_w = max(app.font(lay.px(16), bold=True).size(label)[0] for label in labels)
    first_x = panel.x + min(panel.width // 3, max(lay.px(190), lay.px(48) + name_w))
    room = figures_x[0] - lay.px(50) - first_x
    row_h = max(1, (rows_bottom - y) // 4)
    short = max(9, min(lay.px(26), room * 10 // 105, (row_h - lay.px(8)) * 10 // 23))
    tile_w, tile_h = art.size(short)
    for seat in range(1, 5):
        centre_y = y + row_h // 2
        name = fit_text(app, labels[seat - 1], lay.px(16), first_x - panel.x - lay.px(44), True, COLOURS.ink)
        pygame.draw.circle(surface, COLOURS.seat(seat), (panel.x + lay.px(24), centre_y), max(4, lay.px(6)))
        surface.blit(name, name.get_rect(midleft=(panel.x + lay.px(36), centre_y)))
        x = first_x
        top = centre_y - tile_h // 2
        for trick in view.tricks:
            play = next(p for p in trick.plays if p.seat == seat)
            for tile in play.tiles or ():
                image = art.face(tile, short)
                if play.face_down:
                    image = image.copy()
                    image.fill(DOWN_TINT, special_flags=pygame.BLEND_RGBA_MULT)
                surface.blit(image, (x, top))
                if trick.winner == seat:
                    pygame.draw.line(surface, COLOURS.gold, (x, top + tile_h + 2), (x + tile_w, top + tile_h + 2), 2)
                x += tile_w + 2
            x += max(2, short // 3)
        values = (result.columns[seat - 1], result.immediate[seat - 1], result.settlement[seat - 1])
        figures = (str(values[0]), f"{values[1]:+d}", f"{values[2]:+d}", f"{result.total[seat - 1]:+d}")
        for index, (fx, text) in enumerate(zip(figures_x, figures)):
            image = app.text_image(text, lay.px(17), True, COLOURS.gold if index == 3 else COLOURS.ink)
            surface.blit(image, image.get_rect(center=(fx, centre_y)))
        y += row_h
    y += lay.px(4)
    for index, line in enumerate(lines + running):
        colour = COLOURS.ink if index < len(lines) else COLOURS.gold
        image = fit_text(app, line, lay.px(15), width, colour=colour)
        surface.blit(image, (panel.x + lay.px(24), y))
        y += line_h
