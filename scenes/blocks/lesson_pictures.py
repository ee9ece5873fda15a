"""The pictures of the Chiva and Dékabès lessons' pages, drawn with the game's own tile art:
the line with its two ends to match (and a pass), what is counted at a block, the hand of
five doubles that may throw the deal in, and the Dékabès, a last tile fitting both ends.
Each is drawn on a ``Sheet`` (its words wrapped inside their boxes) and written to a PNG
the coach's text box shows under its page, once per language and width."""

from __future__ import annotations

import pathlib
from collections.abc import Callable, Sequence

import pygame

from game.core.tiles import Tile
from scenes.ui.app_services import AppServices
from scenes.ui.lesson import Sheet, picture_file
from scenes.ui.theme import COLOURS
from sprites.tile_art import TileArt, tile_size

GAP = 6  # px between tiles side by side
TALL_ENOUGH = 10_000  # px: no limit downwards for a box kept inside the sheet's sides
ART = TileArt(limit=200)
Drawing = Callable[[Sheet], None]
Laid = tuple[int, int, bool]  # a tile of a line: its left (or top) number, the other, standing up


def tiles(text: str) -> list[Tile]:
    return [Tile.from_str(part) for part in text.split()]


def lay_line(sheet: Sheet, laid: Sequence[Laid], top: int, short: int) -> tuple[pygame.Rect, pygame.Rect]:
    """A line of play centred across the sheet, doubles crosswise; returns the outer halves of
    its first and last tiles (its two open ends)."""
    width = sum(tile_size(short, up)[0] for _, _, up in laid) + GAP * (len(laid) - 1)
    x = (sheet.width - width) // 2
    tall = 2 * short
    rects = []
    for first, second, up in laid:
        w, h = tile_size(short, up)
        face = ART.face(Tile.of(first, second), short, up, first=first)
        rects.append(sheet.put(face, (x, top + (tall - h) // 2)))
        x += w + GAP
    left, right = rects[0], rects[-1]
    return pygame.Rect(left.x, left.y, short, short), pygame.Rect(right.right - short, right.y, short, short)


def hand_row(sheet: Sheet, hand: Sequence[Tile], left: int, width: int, top: int, short: int) -> list[pygame.Rect]:
    """Tiles standing side by side, centred in ``width`` px from ``left``."""
    w, _ = tile_size(short, True)
    x = left + (width - len(hand) * w - GAP * (len(hand) - 1)) // 2
    rects = []
    for tile in hand:
        rects.append(sheet.put(ART.face(tile, short, True), (x, top)))
        x += w + GAP
    return rects


def heading(sheet: Sheet, text: str, top: int) -> int:
    return sheet.words_in(text, pygame.Rect(8, top, sheet.width - 16, 0), 15, COLOURS.gold, bold=True)


def note(sheet: Sheet, text: str, top: int) -> int:
    return sheet.words_in(text, pygame.Rect(8, top, sheet.width - 16, 0), 14, COLOURS.ink)


def line(sheet: Sheet) -> None:
    """The line with its ends 2 and 5 ringed; three tiles of a hand under it, each marked with
    the end it goes on (or none: with only such tiles, you pass)."""
    tr = sheet.app.tr
    short = max(14, min(26, (sheet.width - 16 - 3 * GAP) // 7))
    y = heading(sheet, tr("learn.blocks.picture.line", left=2, right=5), 6) + 6
    ends = lay_line(sheet, ((2, 6, False), (6, 6, True), (6, 3, False), (3, 5, False)), y, short)
    for end in ends:
        sheet.ring(end)
    y += 2 * short + 14
    y = heading(sheet, tr("learn.blocks.picture.hand"), y) + 6
    hand = tiles("1-5 0-2 3-4")
    cell = (sheet.width - 16) // len(hand)
    bottom = y
    for index, (tile, fits) in enumerate(zip(hand, (5, 2, None))):
        left = 8 + index * cell
        (rect,) = hand_row(sheet, [tile], left, cell, y, short)
        if fits is not None:
            sheet.ring(rect)
        words = tr("learn.blocks.picture.fits", number=fits) if fits is not None else tr("learn.blocks.picture.no_fit")
        box = pygame.Rect(left + 2, rect.bottom + 6, cell - 4, 0)
        bottom = max(bottom, sheet.words_in(words, box, 14, COLOURS.gold if fits else COLOURS.muted, True, True))
    note(sheet, tr("learn.blocks.picture.pass"), bottom + 8)


Hands = tuple[tuple[str, str], ...]  # each seat's role and the tiles left in its hand at a block
CHIVA_HANDS: Hands = (("you", "1-2 0-3"), ("right", "2-3 1-4"), ("partner", "4-4"), ("left", "5-6"))
DEKABES_HANDS: Hands = (("you", "1-2 0-3"), ("right", "0-1 0-2"), ("partner", "4-4"), ("left", "5-6"))


def pips_of(hands: Hands, roles: tuple[str, ...]) -> int:
    return sum(tile.pips for role, held in hands if role in roles for tile in tiles(held))


def hands_left(sheet: Sheet, hands: Hands, top: int, lowest: str | None) -> int:
    """The four hands left at a block, each with its pips; ``lowest`` (a role) ringed."""
    tr = sheet.app.tr
    per_row = 4 if sheet.width >= 440 else 2
    cell = (sheet.width - 16) // per_row
    short = max(12, min(22, (cell - 8 - GAP) // 2))
    y = top
    for start in range(0, len(hands), per_row):
        bottom = y
        for place, (role, held) in enumerate(hands[start : start + per_row]):
            left = 8 + place * cell
            hand = tiles(held)
            rects = hand_row(sheet, hand, left, cell, y, short)
            if role == lowest:
                sheet.ring(rects[0].unionall(rects[1:]))
            pips = sum(tile.pips for tile in hand)
            words = tr("learn.blocks.picture.pips", who=tr(f"name.{role}.label"), count=pips)
            box = pygame.Rect(left + 2, rects[0].bottom + 6, cell - 4, 0)
            bottom = max(bottom, sheet.words_in(words, box, 14, COLOURS.ink, role == lowest, True))
        y = bottom + 10
    return y


def teams(sheet: Sheet) -> None:
    """Chiva's block: the tiles left in the four hands, added up by team; the lighter team wins."""
    tr = sheet.app.tr
    y = hands_left(sheet, CHIVA_HANDS, heading(sheet, tr("learn.blocks.picture.blocked"), 6) + 6, None)
    ours, theirs = pips_of(CHIVA_HANDS, ("you", "partner")), pips_of(CHIVA_HANDS, ("left", "right"))
    y = note(sheet, tr("learn.chiva.picture.totals", ours=ours, theirs=theirs), y)
    heading(sheet, tr("learn.chiva.picture.result"), y + 4)


def single(sheet: Sheet) -> None:
    """Dékabès's block: the one hand with the fewest pips wins for its team, whatever the
    teams' totals (here equal)."""
    tr = sheet.app.tr
    y = hands_left(sheet, DEKABES_HANDS, heading(sheet, tr("learn.blocks.picture.blocked"), 6) + 6, "right")
    total = pips_of(DEKABES_HANDS, ("you", "partner"))
    assert total == pips_of(DEKABES_HANDS, ("left", "right")), "the teams' totals are equal"
    heading(sheet, tr("learn.dekabes.picture.result", total=total), y)


def doubles(sheet: Sheet) -> None:
    """A hand of seven holding five doubles, each ringed: it may throw the deal in."""
    tr = sheet.app.tr
    hand = tiles("0-0 1-1 3-3 5-5 6-6 1-4 2-5")
    short = max(12, min(26, (sheet.width - 16 - GAP * 6) // 7))
    rects = hand_row(sheet, hand, 8, sheet.width - 16, 10, short)
    for tile, rect in zip(hand, rects):
        if tile.is_double:
            sheet.ring(rect)
    heading(sheet, tr("learn.dekabes.picture.doubles"), max(rect.bottom for rect in rects) + 10)


def bonus(sheet: Sheet) -> None:
    """A line with ends 3 and 5, and a last tile 3-5 that fits both: a Dékabès."""
    tr = sheet.app.tr
    short = max(14, min(26, (sheet.width - 16 - 2 * GAP) // 6))
    y = heading(sheet, tr("learn.blocks.picture.line", left=3, right=5), 6) + 6
    for end in lay_line(sheet, ((3, 1, False), (1, 6, False), (6, 5, False)), y, short):
        sheet.ring(end)
    y += 2 * short + 14
    last = sheet.put(ART.face(Tile.from_str("3-5"), short, False, first=3), ((sheet.width - 2 * short) // 2, y))
    sheet.ring(last)
    note(sheet, tr("learn.dekabes.picture.bonus"), last.bottom + 10)


def seats(sheet: Sheet) -> None:
    """The four seats round the table, seven tiles each, partners opposite: you and your
    partner named in gold, Left and Right in ink; the order of turns said under it."""
    tr, centre = sheet.app.tr, sheet.width // 2
    short = 8
    up_w, up_h = tile_size(short, True)
    row = 7 * up_w + 6 * 2
    side = min(80, centre - 8 - row // 2)
    y = 8
    y = sheet.words_in(tr("name.partner.label"), pygame.Rect(centre - 60, y, 120, 0), 14, COLOURS.gold, True, True)
    top = y + 2
    for index in range(7):
        sheet.put(ART.back(short, True), (centre - row // 2 + index * (up_w + 2), top))
    middle = top + up_h + 10
    for sign, role in ((-1, "left"), (1, "right")):
        x = centre + sign * side - up_h // 2
        for index in range(7):
            sheet.put(ART.back(short, False), (x, middle + index * (short + 2)))
        box = pygame.Rect(centre + sign * side - 40, middle + 7 * (short + 2) + 2, 80, 0)
        box.clamp_ip(pygame.Rect(4, 0, sheet.width - 8, TALL_ENOUGH))
        sheet.words_in(tr(f"name.{role}.label"), box, 14, COLOURS.ink, True, True)
    bottom = middle + 7 * (short + 2) - up_h
    for index in range(7):
        sheet.put(ART.back(short, True), (centre - row // 2 + index * (up_w + 2), bottom))
    y = sheet.words_in(
        tr("name.you.label"), pygame.Rect(centre - 60, bottom + up_h + 2, 120, 0), 14, COLOURS.gold, True, True
    )
    note(sheet, tr("learn.blocks.picture.seats"), max(y, sheet.bottom) + 8)


STREAK = (
    (2, 0, "learn.chiva.picture.streak_1"),
    (0, 0, "learn.chiva.picture.streak_2"),
    (0, 1, "learn.chiva.picture.streak_3"),
)
WINS = 4  # in a row take the match (Chiva rule 7)


def streak(sheet: Sheet) -> None:
    """Chiva's streaks as marks out of four, a broken streak going back to 0 for both."""
    tr = sheet.app.tr
    radius = 6
    half = (sheet.width - 16) // 2
    y = 6
    for ours, theirs, key in STREAK:
        y = note(sheet, tr(key), y) + 4
        bottom = y
        for place, (team, count) in enumerate((("us", ours), ("them", theirs))):
            left = 8 + place * half
            under = sheet.words_in(tr(f"learn.chiva.picture.{team}"), pygame.Rect(left, y, half - 8, 0), 13) + 2
            for index in range(WINS):
                centre = (left + radius + 2 + index * (2 * radius + 6), under + radius + 2)
                pygame.draw.circle(sheet.surface, COLOURS.gold, centre, radius, 0 if index < count else 2)
            bottom = max(bottom, under + 2 * radius + 6)
        sheet.bottom = max(sheet.bottom, bottom)
        y = bottom + 8
    heading(sheet, tr("learn.chiva.picture.streak_4"), y)


DRAWINGS: dict[str, Drawing] = {
    "seats": seats,
    "line": line,
    "teams": teams,
    "streak": streak,
    "single": single,
    "doubles": doubles,
    "bonus": bonus,
}


def lesson_picture(app: AppServices, game: str, name: str, width: int) -> pathlib.Path:
    """The page picture ``name`` of ``game``'s lesson at ``width`` px in the current language."""
    return picture_file(app, game, name, width, DRAWINGS[name])
