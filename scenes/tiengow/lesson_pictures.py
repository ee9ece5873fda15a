"""The pictures of the Tien Gow lesson's pages, drawn with the game's own tile art: the two
suits in rank order, a pair and groups, and the columns a trick makes. Each is written to
a PNG the coach's text box can show (``<img src=…>``), once per language and width."""

from __future__ import annotations

import pathlib
from collections.abc import Callable

import platformdirs
import pygame

from game.core.tiles import Tile
from game.tiengow.chinese import KINDS, Suit, rank, suit
from game.tiengow.groups import classify
from scenes.tiengow.text import capital, group_text
from scenes.ui.app_services import AppServices
from scenes.ui.drawing import wrap_text
from scenes.ui.theme import COLOURS
from sprites.chinese_art import ChineseArt

GAP = 6  # px between tiles side by side
PICTURES = ("chart", "groups", "columns")
ART = ChineseArt(200)


def lesson_picture(app: AppServices, name: str, width: int) -> pathlib.Path:
    """The page picture ``name`` (one of ``PICTURES``) at ``width`` px for the current
    language; returns the PNG's path."""
    folder = platformdirs.user_cache_path("domino-table", appauthor=False)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"lesson-{name}-{app.text.lang}-{width}.png"
    if not path.exists():
        draw: Callable[[AppServices, int], pygame.Surface] = {"chart": chart, "groups": groups, "columns": columns}[
            name
        ]
        pygame.image.save(draw(app, width), str(path))
    return path


def _canvas(width: int, height: int) -> pygame.Surface:
    surface = pygame.Surface((width, height))
    surface.fill(COLOURS.felt_dark)
    return surface


def _row(tiles: list[Tile], width: int, most: int) -> int:
    """The short side of tiles standing in a row of ``tiles`` across ``width`` px."""
    return max(12, min(most, (width - 16 - GAP * (len(tiles) - 1)) // len(tiles)))


def chart(app: AppServices, width: int) -> pygame.Surface:
    """Each suit on one row, highest first, its rank under each tile (military tiles of one
    rank side by side, their total under them)."""
    tr = app.tr
    civil = [t for t in KINDS if suit(t) is Suit.CIVIL]
    military = [t for t in KINDS if suit(t) is Suit.MILITARY]
    short = _row(civil, width, 34)
    tile_w, tile_h = ART.size(short)
    heading, label = app.font(16, bold=True), app.font(13)
    row_h = heading.get_linesize() + tile_h + label.get_linesize() + 14
    note = app.font(14)
    lines = wrap_text(note, tr("tg.chart.note"), width - 16)
    headings = [
        wrap_text(heading, tr(key), width - 16) for key in ("learn.tg.picture.civil", "learn.tg.picture.military")
    ]
    extra = sum(len(heads) - 1 for heads in headings) * heading.get_linesize()
    surface = _canvas(width, 2 * row_h + extra + len(lines) * note.get_linesize() + 8)
    y = 6
    for heads, tiles in zip(headings, (civil, military)):
        for line in heads:
            surface.blit(heading.render(line, True, COLOURS.gold), (8, y))
            y += heading.get_linesize()
        top = y + 2
        y -= heading.get_linesize()
        x = 8
        for index, tile in enumerate(tiles):
            surface.blit(ART.face(tile, short), (x, top))
            same = index > 0 and rank(tiles[index - 1]) == rank(tile)
            if not same:
                text = str(rank(tile)) if suit(tile) is Suit.CIVIL else str(tile.pips)
                image = label.render(text, True, COLOURS.ink)
                next_same = index + 1 < len(tiles) and rank(tiles[index + 1]) == rank(tile)
                centre = x + (tile_w + (tile_w + GAP if next_same else 0)) // 2
                surface.blit(image, image.get_rect(midtop=(centre, top + tile_h + 2)))
            x += tile_w + GAP
        y += row_h
    for line in lines:
        surface.blit(note.render(line, True, COLOURS.muted), (8, y))
        y += note.get_linesize()
    return surface


EXAMPLES = (("6-6", "6-6"), ("3-6", "4-5"), ("6-6", "4-5"), ("1-2", "2-4"))


def groups(app: AppServices, width: int) -> pygame.Surface:
    """A civil pair, a military pair, a mixed group and Supreme, each named under it."""
    tr = app.tr
    examples = [tuple(Tile.from_str(t) for t in pair) for pair in EXAMPLES]
    per_row = 2
    cell = width // per_row
    short = max(12, min(30, (cell - 24 - GAP) // 2))
    tile_w, tile_h = ART.size(short)
    label = app.font(14)
    cell_h = tile_h + 2 * label.get_linesize() + 16
    surface = _canvas(width, cell_h * ((len(examples) + per_row - 1) // per_row) + 4)
    for index, tiles in enumerate(examples):
        left, top = (index % per_row) * cell, (index // per_row) * cell_h + 8
        x = left + (cell - 2 * tile_w - GAP) // 2
        for tile in tiles:
            surface.blit(ART.face(tile, short), (x, top))
            x += tile_w + GAP
        group = classify(tiles)
        assert group is not None, "each example is a group"
        y = top + tile_h + 4
        for line in wrap_text(label, capital(group_text(group, tr)), cell - 8):
            image = label.render(line, True, COLOURS.ink)
            surface.blit(image, image.get_rect(midtop=(left + cell // 2, y)))
            y += label.get_linesize()
    return surface


def columns(app: AppServices, width: int) -> pygame.Surface:
    """A two-tile trick as it is gathered: the winner's pair on top of the three others'
    face-down tiles, in two columns of four (the page says what that means)."""
    short = max(14, min(30, (width - 32 - GAP) // 4))
    tile_w, tile_h = ART.size(short, vertical=False)
    step = short + 3
    label = app.font(14, bold=True)
    surface = _canvas(width, 3 * step + tile_h + label.get_linesize() + 20)
    x = (width - 2 * tile_w - 3 * GAP) // 2
    for number, tile in enumerate((Tile.from_str("5-6"), Tile.from_str("5-6")), 1):
        y = 8
        for _ in range(3):
            surface.blit(ART.back(short, vertical=False), (x, y))
            y += step
        surface.blit(ART.face(tile, short, vertical=False), (x, y))
        image = label.render(app.tr("learn.tg.picture.column", number=number), True, COLOURS.gold)
        surface.blit(image, image.get_rect(midtop=(x + tile_w // 2, y + tile_h + 6)))
        x += tile_w + 3 * GAP
    return surface


CAPTIONS = {"columns": "learn.tg.picture.columns"}  # what a picture shows, said under it
