"""The pictures of the Tien Gow lesson's pages, drawn with the game's own tile art: the two
suits in rank order, a pair and groups, the columns a trick makes and what the columns pay
at the end. Each is drawn on a ``Sheet`` (its words wrapped inside their boxes, the sheet as
tall as they need) and written to a PNG the coach's text box can show (``<img src=…>``),
once per language and width."""

from __future__ import annotations

import pathlib
from collections.abc import Callable

import pygame

from game.core.tiles import Tile
from game.tiengow.chinese import KINDS, Suit, rank, suit
from game.tiengow.groups import classify
from game.tiengow.payments import settle
from scenes.tiengow.text import capital, group_text
from scenes.ui.app_services import AppServices
from scenes.ui.lesson import Sheet, picture_file
from scenes.ui.theme import COLOURS
from sprites.chinese_art import ChineseArt

GAP = 6  # px between tiles side by side
ART = ChineseArt(200)
Drawing = Callable[[Sheet], None]


def lesson_picture(app: AppServices, name: str, width: int) -> pathlib.Path:
    """The page picture ``name`` (one of ``DRAWINGS``) at ``width`` px for the current
    language; returns the PNG's path."""
    return picture_file(app, "tiengow", name, width, DRAWINGS[name])


def _row(count: int, width: int, most: int) -> int:
    """The short side of ``count`` tiles standing in a row across ``width`` px."""
    return max(12, min(most, (width - 16 - GAP * (count - 1)) // count))


def chart(sheet: Sheet) -> None:
    """Each suit on one row, highest first, its rank under each tile (military tiles of one
    rank side by side, their total under them)."""
    tr, width = sheet.app.tr, sheet.width
    civil = [t for t in KINDS if suit(t) is Suit.CIVIL]
    military = [t for t in KINDS if suit(t) is Suit.MILITARY]
    short = _row(len(civil), width, 34)
    tile_w, tile_h = ART.size(short)
    label = sheet.app.font(13)
    y = 6
    for key, tiles in (("learn.tg.picture.civil", civil), ("learn.tg.picture.military", military)):
        y = sheet.words_in(tr(key), pygame.Rect(8, y, width - 16, 0), 16, COLOURS.gold, bold=True) + 2
        x = 8
        for index, tile in enumerate(tiles):
            sheet.put(ART.face(tile, short), (x, y))
            if index == 0 or rank(tiles[index - 1]) != rank(tile):
                text = str(rank(tile)) if suit(tile) is Suit.CIVIL else str(tile.pips)
                pair = index + 1 < len(tiles) and rank(tiles[index + 1]) == rank(tile)
                box = pygame.Rect(x, y + tile_h + 2, tile_w + (tile_w + GAP if pair else 0), label.get_linesize())
                sheet.words_in(text, box, 13, centred=True)
            x += tile_w + GAP
        y += tile_h + label.get_linesize() + 12
    sheet.words_in(tr("tg.chart.note"), pygame.Rect(8, y, width - 16, 0), 14, COLOURS.muted)


EXAMPLES = (("6-6", "6-6"), ("3-6", "4-5"), ("6-6", "4-5"), ("1-2", "2-4"))


def groups(sheet: Sheet) -> None:
    """A civil pair, a military pair, a mixed group and Supreme, each named under it: four
    across a wide sheet, two across a narrow one, each name wrapped inside its cell."""
    tr, width = sheet.app.tr, sheet.width
    per_row = 4 if width >= 440 else 2
    cell = width // per_row
    short = max(12, min(30, (cell - 20 - GAP) // 2))
    tile_w, tile_h = ART.size(short)
    top = 8
    for start in range(0, len(EXAMPLES), per_row):
        bottom = top
        for place, pair in enumerate(EXAMPLES[start : start + per_row]):
            tiles = tuple(Tile.from_str(t) for t in pair)
            left = place * cell
            x = left + (cell - 2 * tile_w - GAP) // 2
            for tile in tiles:
                sheet.put(ART.face(tile, short), (x, top))
                x += tile_w + GAP
            group = classify(tiles)
            assert group is not None, "each example is a group"
            box = pygame.Rect(left + 4, top + tile_h + 4, cell - 8, 0)
            bottom = max(bottom, sheet.words_in(capital(group_text(group, tr)), box, 14, centred=True))
        top = bottom + 12


def columns(sheet: Sheet) -> None:
    """A two-tile trick as it is gathered: the winner's pair on top of the three others'
    face-down tiles, in two columns of four (the page says what that means)."""
    width = sheet.width
    short = max(14, min(30, (width - 32 - GAP) // 4))
    tile_w, tile_h = ART.size(short, vertical=False)
    step = short + 3
    x = (width - 2 * tile_w - 3 * GAP) // 2
    for number, tile in enumerate((Tile.from_str("5-6"), Tile.from_str("5-6")), 1):
        y = 8
        for _ in range(3):
            sheet.put(ART.back(short, vertical=False), (x, y))
            y += step
        sheet.put(ART.face(tile, short, vertical=False), (x, y))
        box = pygame.Rect(x - GAP, y + tile_h + 6, tile_w + 2 * GAP, 0)
        sheet.words_in(sheet.app.tr("learn.tg.picture.column", number=number), box, 14, COLOURS.gold, True, True)
        x += tile_w + 3 * GAP


SETTLED = range(7)  # the column counts shown: every amount of rule 12 up to 6 columns


def settlement(sheet: Sheet) -> None:
    """Rule 12's figures: for a player holding 0 to 6 columns at the end, that many columns
    drawn and what the player pays the last trick's winner (or is paid)."""
    tr, width = sheet.app.tr, sheet.width
    y = sheet.words_in(tr("learn.tg.picture.settle_title"), pygame.Rect(8, 6, width - 16, 0), 15, COLOURS.gold, True)
    per_row = len(SETTLED) if width >= 440 else 4
    cell = (width - 16) // per_row
    short = 9
    back_w, back_h = ART.size(short)
    top = y + 8
    for start in range(0, len(SETTLED), per_row):
        bottom = top
        for place, count in enumerate(SETTLED[start : start + per_row]):
            left = 8 + place * cell
            box = pygame.Rect(left + 2, top, cell - 4, 0)
            y = sheet.words_in(str(count), box, 18, COLOURS.ink, bold=True, centred=True) + 2
            across = min(4, max(1, count))
            x0 = left + (cell - across * back_w - (across - 1) * 2) // 2
            for index in range(count):
                sheet.put(ART.back(short), (x0 + (index % 4) * (back_w + 2), y + (index // 4) * (back_h + 2)))
            y += 2 * (back_h + 2) + 4
            base = settled(count)
            if base > 0:
                text, colour = tr("learn.tg.picture.pays", amount=base), COLOURS.gold
            elif base < 0:
                text, colour = tr("learn.tg.picture.gets", amount=-base), COLOURS.ink
            else:
                text, colour = tr("learn.tg.picture.pays_nothing"), COLOURS.muted
            bottom = max(bottom, sheet.words_in(text, pygame.Rect(left + 2, y, cell - 4, 0), 14, colour, True, True))
        top = bottom + 10


def settled(count: int) -> int:
    """What a plain settlement (no banker, no bonus, no sweep) has a player holding ``count``
    columns pay the winner; negative: what the winner pays that player (the engine's rule 12)."""
    line = settle((count, 1, 0, 7 - count), 4, 3, None, None)[0]
    return line.base if line.payer == 1 else -line.base


DRAWINGS: dict[str, Drawing] = {"chart": chart, "groups": groups, "columns": columns, "settlement": settlement}
PICTURES = tuple(DRAWINGS)
CAPTIONS = {"columns": "learn.tg.picture.columns"}  # what a picture shows, said under it
