"""What the painted art costs: the first render of each piece per size, and a frame's worth
of hands drawn from the caches.

Prints figures; asserts nothing. Run from the project root: python bench/art.py
"""

from __future__ import annotations

import os
import pathlib
import statistics
import sys
import time
from collections.abc import Callable

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from game.core.tiles import DOUBLE_SIX_SET, Tile
from game.tiengow.chinese import KINDS
from sprites.banner import banner_image
from sprites.chinese_art import ChineseArt
from sprites.plate_pieces import avatar
from sprites.table_surface import board, felt
from sprites.tile_art import TileArt

FELT = (22, 84, 60)


def best_ms(work: Callable[[], object], runs: int = 5) -> float:
    """The fastest of ``runs`` timings of ``work``, in milliseconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times) * 1000


def first_renders() -> None:
    print("first render (ms), each piece on its own at a fresh size:")
    for short in (10, 16, 24, 40, 64, 90):
        western = best_ms(lambda short=short: TileArt().face(Tile.of(6, 5), short, True, 6))
        back = best_ms(lambda short=short: TileArt().back(short, True))
        shadow = best_ms(lambda short=short: TileArt().drop_shadow(short, True))
        chinese = best_ms(lambda short=short: ChineseArt().face(Tile.of(6, 6), short))
        print(
            f"  short {short:3d} px: western face {western:5.2f}  back {back:5.2f}  "
            f"drop shadow {shadow:5.2f}  chinese face {chinese:5.2f}"
        )
    hand = best_ms(lambda: [TileArt().face(tile, 54, True) for tile in DOUBLE_SIX_SET[:7]], runs=3)
    whole = best_ms(lambda: [ChineseArt().face(tile, 54) for tile in KINDS[:8]], runs=3)
    print(f"  a new size for a whole hand: western 7 tiles {hand:.1f}, chinese 8 tiles {whole:.1f}")
    for size in ((800, 600), (1280, 720), (1920, 1080)):
        w, h = size
        felt_ms = best_ms(lambda size=size: felt(size, FELT), runs=1)
        board_ms = best_ms(lambda w=w, h=h: board((w - 260, h - 350), FELT, max(10, h // 32)), runs=1)
        print(f"  {w}x{h}: felt {felt_ms:.1f}  board {board_ms:.1f}")
    print(f"  banner 420 px {best_ms(lambda: banner_image('Match won', 'Us: 4', 420, (176, 128, 52)), 1):.1f}")
    print(f"  avatar 48 px {best_ms(lambda: avatar('C3', 48, (52, 96, 132)), 1):.2f}")


def cached_frames() -> None:
    screen = pygame.display.set_mode((1280, 720))
    art, chinese = TileArt(), ChineseArt()
    western_hand = DOUBLE_SIX_SET[:7]
    chinese_hand = KINDS[:8]

    def draw_western() -> None:
        for i, tile in enumerate(western_hand):
            image, (dx, dy) = art.drop_shadow(54, True)
            screen.blit(image, (200 + i * 64 + dx, 500 + dy))
            screen.blit(art.face(tile, 54, True), (200 + i * 64, 500))

    def draw_chinese() -> None:
        for i, tile in enumerate(chinese_hand):
            image, (dx, dy) = chinese.drop_shadow(48)
            screen.blit(image, (200 + i * 58 + dx, 500 + dy))
            screen.blit(chinese.face(tile, 48), (200 + i * 58, 500))

    def draw_table() -> None:
        screen.blit(felt((1280, 720), FELT), (0, 0))
        screen.blit(board((1020, 370), FELT, 22), (130, 138))

    for work in (draw_western, draw_chinese, draw_table):
        work()
    print("from the caches, per frame (ms, median of 200):")
    for name, work in (
        ("western hand, 7 tiles with shadows", draw_western),
        ("chinese hand, 8 tiles with shadows", draw_chinese),
        ("felt and board, 1280x720", draw_table),
    ):
        times = []
        for _ in range(200):
            start = time.perf_counter()
            work()
            times.append(time.perf_counter() - start)
        print(f"  {name}: {statistics.median(times) * 1000:.3f}")


def main() -> None:
    pygame.init()
    pygame.display.set_mode((1, 1))
    first_renders()
    cached_frames()


if __name__ == "__main__":
    main()
