"""The Tien Gow tile chart shown in the Rules: drawn by code to an image the text box can show."""

from __future__ import annotations

import pathlib

import platformdirs
import pygame

from game.tiengow.chinese import KINDS, Suit, rank, suit
from scenes.tiengow.text import tile_text
from scenes.ui.app_services import AppServices
from scenes.ui.theme import COLOURS
from sprites.chinese_art import ChineseArt


def chart_image(app: AppServices, width: int) -> pathlib.Path:
    """Write the chart for the current language and width; returns the PNG's path."""
    folder = platformdirs.user_cache_path("domino-table", appauthor=False)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"tile-chart-{app.text.lang}-{width}.png"
    if path.exists():
        return path
    tr = app.tr
    art = ChineseArt()
    columns = 2
    cell_w = width // columns
    short = max(10, cell_w // 16)
    tile_w, tile_h = art.size(short, vertical=False)
    row_h = tile_h + 10
    rows = (len(KINDS) + columns - 1) // columns
    surface = pygame.Surface((width, rows * row_h + 44))
    surface.fill(COLOURS.felt_dark)
    title = app.font(18, bold=True)
    label = app.font(15)
    for column, heading in enumerate((tr("tg.suit.civil"), tr("tg.suit.military"))):
        image = title.render(heading, True, COLOURS.gold)
        surface.blit(image, (column * cell_w + 8, 8))
    for column, kinds in enumerate(
        ([t for t in KINDS if suit(t) is Suit.CIVIL], [t for t in KINDS if suit(t) is Suit.MILITARY])
    ):
        y = 40
        for tile in kinds:
            x = column * cell_w + 8
            surface.blit(art.face(tile, short, vertical=False), (x, y + 4))
            text = label.render(f"{rank(tile)}. {tile_text(tile, tr)}  ({tile})", True, COLOURS.ink)
            surface.blit(text, (x + tile_w + 10, y + row_h // 2 - text.get_height() // 2))
            y += row_h
    note = label.render(tr("tg.chart.note"), True, COLOURS.muted)
    surface = _with_note(surface, note)
    pygame.image.save(surface, str(path))
    return path


def _with_note(chart: pygame.Surface, note: pygame.Surface) -> pygame.Surface:
    out = pygame.Surface((chart.get_width(), chart.get_height() + note.get_height() + 8))
    out.fill(COLOURS.felt_dark)
    out.blit(chart, (0, 0))
    out.blit(note, (8, chart.get_height()))
    return out
