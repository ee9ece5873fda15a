"""A contact sheet of every piece of art drawn by code, to look at: tiles at several sizes
and both orientations, backs, the table, seat-plate pieces, feedback effects at several
moments, Tien Gow columns and the menu's card pictures.

    python tools/art_sheet.py [--out build/art_sheet.png]
"""

from __future__ import annotations

import argparse
import os
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from game.core.tiles import Tile
from scenes.ui.theme import COLOURS
from sprites.banner import banner_image, draw_banner
from sprites.card_pictures import chinese_fan_picture, western_line_picture
from sprites.chinese_art import ChineseArt
from sprites.chips import draw_payment
from sprites.fonts import text
from sprites.knock import draw_knock
from sprites.plate_pieces import avatar, count_badge, draw_thinking, turn_ring
from sprites.stacks import columns
from sprites.table_surface import board, felt
from sprites.tile_art import TileArt

WIDTH = 1800
PAD = 16
TEAMS = ((52, 96, 132), (160, 82, 52))
RIBBONS = {
    "win": (176, 128, 52),
    "broken": (138, 44, 40),
    "dekabes": (112, 36, 62),
    "trick": (36, 94, 84),
    "lost": (74, 82, 90),
}
CHINESE_KINDS = [
    Tile.of(a, b)
    for a, b in (
        (6, 6), (1, 1), (4, 4), (1, 3), (5, 5), (3, 3), (2, 2), (5, 6), (4, 6), (1, 6), (1, 5),
        (3, 6), (4, 5), (2, 6), (3, 5), (2, 5), (3, 4), (2, 4), (1, 4), (2, 3), (1, 2),
    )
]  # fmt: skip


class Sheet:
    """A tall canvas filled from the top, section by section."""

    def __init__(self) -> None:
        self.surface = pygame.Surface((WIDTH, 6000))
        self.surface.blit(felt((WIDTH, 6000), COLOURS.felt), (0, 0))
        self.y = PAD

    def heading(self, words: str) -> None:
        image = text(words, 26, COLOURS.gold)
        self.surface.blit(image, (PAD, self.y))
        self.y += image.get_height() + 6

    def label(self, words: str, at: tuple[int, int]) -> None:
        self.surface.blit(text(words, 14, COLOURS.muted, bold=False), at)

    def row(self, images: list[pygame.Surface], note: str, gap: int = 8) -> None:
        """Images left to right after a note, aligned on their tops."""
        self.label(note, (PAD, self.y))
        x, tallest = PAD + 110, 0
        for image in images:
            if x + image.get_width() > WIDTH - PAD:
                x, self.y = PAD + 110, self.y + tallest + gap
                tallest = 0
            self.surface.blit(image, (x, self.y))
            x += image.get_width() + gap
            tallest = max(tallest, image.get_height())
        self.y += tallest + gap + 4

    def finished(self) -> pygame.Surface:
        return self.surface.subsurface((0, 0, WIDTH, self.y + PAD)).copy()


def with_shadow(face: pygame.Surface, shadow: tuple[pygame.Surface, tuple[int, int]]) -> pygame.Surface:
    """A tile on its drop shadow, on a transparent picture big enough for both."""
    image, (dx, dy) = shadow
    out = pygame.Surface(
        (face.get_width() + image.get_width(), face.get_height() + image.get_height()), pygame.SRCALPHA
    )
    left, top = max(0, -dx), max(0, -dy)
    out.blit(image, (left + dx, top + dy))
    out.blit(face, (left, top))
    return out.subsurface(out.get_bounding_rect()).copy()


def western(sheet: Sheet, art: TileArt) -> None:
    sheet.heading("Western tiles: faces, backs, a dimmed face, a ghost")
    pairs = ((6, 6), (5, 4), (3, 2), (1, 0), (0, 0), (6, 5), (4, 4))
    for short in (8, 10, 12, 16, 20, 24, 40, 64):
        upright = [with_shadow(art.face(Tile.of(a, b), short, True, a), art.drop_shadow(short, True)) for a, b in pairs]
        lying = [
            with_shadow(art.face(Tile.of(a, b), short, False, a), art.drop_shadow(short, False)) for a, b in pairs[:4]
        ]
        extras = [
            art.back(short, True),
            art.back(short, False),
            art.face(Tile.of(2, 5), short, True, 2, (0, 0, 0, 90)),
            art.ghost(short, False, COLOURS.gold[:3]),
        ]
        sheet.row([*upright, *lying, *extras], f"{short} px")


def chinese(sheet: Sheet, art: ChineseArt) -> None:
    sheet.heading("Chinese tiles: the 21 kinds (civil ring, military diamond), backs")
    for short in (10, 12, 14, 16, 20, 24, 40, 64):
        sheet.row([*(art.face(tile, short) for tile in CHINESE_KINDS), art.back(short)], f"{short} px", gap=5)
    for short in (12, 20, 40):
        lying = [with_shadow(art.face(tile, short, False), art.drop_shadow(short, False)) for tile in CHINESE_KINDS[:7]]
        sheet.row([*lying, art.back(short, False)], f"{short} px lying")


def table(sheet: Sheet, art: TileArt, chinese_art: ChineseArt) -> None:
    sheet.heading("Table: felt and the board's walnut rim, with tiles (the open ends glowing)")
    size = (880, 300)
    picture = board(size, COLOURS.board, 22).copy()
    x = 260
    line = ((4, 1), (1, 6), (6, 6), (6, 3), (3, 3), (3, 0))
    for index, (a, b) in enumerate(line):
        double = a == b
        face = art.face(Tile.of(a, b), 34, double, a)
        y = 150 - face.get_height() // 2
        if index in (0, len(line) - 1):
            halo, (gx, gy) = art.glow(34, double, COLOURS.gold[:3])
            picture.blit(halo, (x + gx, y + gy))
        shadow, (dx, dy) = art.drop_shadow(34, double)
        picture.blit(shadow, (x + dx, y + dy))
        picture.blit(face, (x, y))
        x += face.get_width() + 1
    small = board((640, 300), COLOURS.board, 18).copy()
    for i, tile in enumerate(CHINESE_KINDS[:4]):
        face = chinese_art.face(tile, 36)
        shadow, (dx, dy) = chinese_art.drop_shadow(36)
        at = (150 + i * 90, 150 - face.get_height() // 2)
        small.blit(shadow, (at[0] + dx, at[1] + dy))
        small.blit(face, at)
    sheet.row([picture, small], "1 : 1", gap=20)


def seats(sheet: Sheet) -> None:
    sheet.heading("Seat plates: avatars, turn ring (phase 0, .25, .5, .75; reduced), badges, thinking")
    images = []
    for diameter in (24, 40, 64):
        for initials, colour in (("Y", TEAMS[0]), ("C2", TEAMS[1]), ("C3", TEAMS[0])):
            images.append(avatar(initials, diameter, colour))
    sheet.row(images, "avatars")
    rings = []
    for phase in (0.0, 0.25, 0.5, 0.75):
        plate = pygame.Surface((76, 76), pygame.SRCALPHA)
        plate.blit(avatar("C2", 56, TEAMS[1]), (10, 10))
        plate.blit(turn_ring(76, COLOURS.gold, phase), (0, 0))
        rings.append(plate)
    steady = pygame.Surface((76, 76), pygame.SRCALPHA)
    steady.blit(avatar("C2", 56, TEAMS[1]), (10, 10))
    steady.blit(turn_ring(76, COLOURS.gold, 0.3, reduced_motion=True), (0, 0))
    badges = [count_badge(7, 20), count_badge(12, 24), count_badge(3, 16, (214, 190, 130))]
    dots = []
    for phase in (0.0, 0.2, 0.4, 0.6):
        picture = pygame.Surface((60, 24), pygame.SRCALPHA)
        draw_thinking(picture, (30, 12), 10, phase)
        dots.append(picture)
    sheet.row([*rings, steady, *badges, *dots], "turn")


def feedback(sheet: Sheet) -> None:
    sheet.heading("Feedback: knock (progress .05 to .9; reduced), banners, payment, Tien Gow columns")
    knocks = []
    for progress, reduced in ((0.05, False), (0.15, False), (0.3, False), (0.45, False), (0.7, False), (0.9, False)):
        picture = pygame.Surface((110, 110), pygame.SRCALPHA)
        draw_knock(picture, (55, 55), 100, progress, reduced_motion=reduced)
        knocks.append(picture)
    for progress in (0.2, 0.6):
        picture = pygame.Surface((110, 110), pygame.SRCALPHA)
        draw_knock(picture, (55, 55), 100, progress, reduced_motion=True)
        knocks.append(picture)
    sheet.row(knocks, "knock")
    banners = [
        banner_image("Streak broken", "Them: back to 0", 420, RIBBONS["broken"]),
        banner_image("Dékabès!", "Worth 4 points", 420, RIBBONS["dekabes"]),
        banner_image("Last trick", "Computer 3 wins the deal", 420, RIBBONS["trick"]),
        banner_image("Match won", "", 420, RIBBONS["win"]),
        banner_image("Match lost", "Them: 4 wins in a row", 420, RIBBONS["lost"]),
        banner_image("Dékabès!", "", 240, RIBBONS["dekabes"]),
    ]
    sheet.row(banners, "banners", gap=14)
    frames = []
    for progress in (0.03, 0.08, 0.12, 0.5, 0.95):
        picture = pygame.Surface((440, 110), pygame.SRCALPHA)
        draw_banner(picture, (220, 55), banners[1], progress)
        frames.append(picture)
    sheet.row(frames, "unfurling", gap=4)
    flight = pygame.Surface((620, 200), pygame.SRCALPHA)
    for progress in (0.04, 0.2, 0.35, 0.5, 0.98):
        draw_payment(flight, (40, 160), (560, 150), "+4", progress, 30)
    reduced = pygame.Surface((200, 200), pygame.SRCALPHA)
    draw_payment(reduced, (40, 160), (100, 150), "+4", 0.5, 30, reduced_motion=True)
    sheet.row([flight, reduced], "payment")
    for short in (10, 14, 20):
        sheet.row([columns(count, short) for count in (1, 2, 4, 8)], f"columns {short}", gap=24)


def cards(sheet: Sheet) -> None:
    sheet.heading("Menu card pictures")
    images = []
    for size in ((320, 140), (200, 90)):
        for paint in (western_line_picture, chinese_fan_picture):
            plate = pygame.Surface(size)
            plate.fill(COLOURS.panel[:3])
            plate.blit(paint(size), (0, 0))
            images.append(plate)
    sheet.row(images, "cards", gap=20)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "build" / "art_sheet.png"))
    out = pathlib.Path(parser.parse_args().out)
    pygame.init()
    pygame.display.set_mode((1, 1))
    sheet = Sheet()
    art, chinese_art = TileArt(), ChineseArt()
    western(sheet, art)
    chinese(sheet, chinese_art)
    table(sheet, art, chinese_art)
    seats(sheet)
    feedback(sheet)
    cards(sheet)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet.finished(), str(out))


if __name__ == "__main__":
    main()
