"""The line of play on the block-game table: tiles never overlap and never leave the
board, for any line of legal plays and any window from 800x600 to 2560x1440."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.blocks.line import Line, Placed
from game.blocks.moves import End
from game.core.tiles import DOUBLE_SIX_SET, Tile
from scenes.blocks.line_view import line_area, line_slots, line_tile_size
from scenes.screens.table_layout import TableLayout
from sprites.line_layout import Slot

EPSILON = 0.01


def random_line(seed: int, length: int) -> tuple[list[Placed], int]:
    """A line of up to ``length`` tiles played legally on either end, and where its first tile lies."""
    rng = random.Random(seed)
    pool = list(DOUBLE_SIX_SET)
    rng.shuffle(pool)
    line = Line()
    first = pool.pop()
    line.place(first, None)
    while len(line) < length:
        fitting = [(t, e) for t in pool for e, n in ((End.LEFT, line.left), (End.RIGHT, line.right)) if t.has(n)]
        if not fitting:
            break
        tile, end = rng.choice(fitting)
        pool.remove(tile)
        line.place(tile, end)
    anchor = next(i for i, p in enumerate(line.tiles) if p.tile is first)
    return list(line.tiles), anchor


def overlap(a: Slot, b: Slot) -> bool:
    return (
        a.x + EPSILON < b.x + b.w
        and b.x + EPSILON < a.x + a.w
        and a.y + EPSILON < b.y + b.h
        and b.y + EPSILON < a.y + a.h
    )


def check(placed: list[Placed], anchor: int, size: tuple[int, int]) -> None:
    layout = TableLayout.for_size(size)
    short = line_tile_size(placed, anchor, layout)
    slots = line_slots(placed, anchor, layout, short)
    bx, by, bw, bh = line_area(layout)
    for i, slot in enumerate(slots):
        assert bx - 0.5 <= slot.x and slot.x + slot.w <= bx + bw + 0.5, (size, i, slot)
        assert by - 0.5 <= slot.y and slot.y + slot.h <= by + bh + 0.5, (size, i, slot)
        for j in range(i):
            assert not overlap(slot, slots[j]), (size, len(placed), j, i, slots[j], slot)


@settings(max_examples=400, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    length=st.integers(1, 28),
    width=st.integers(800, 2560),
    height=st.integers(600, 1440),
)
def test_chiva_rule3_line_tiles_never_overlap_and_stay_on_the_board(seed, length, width, height):
    check(*random_line(seed, length), (width, height))


def test_a_double_after_a_turn_does_not_cover_the_turned_tile():
    """At 1280x720 this line turns its left arm at 3-1 and then lays 2-2 crosswise: the
    double used to cover half of the turned tile, as in the game a player reported."""
    line = "2-2 2-5 5-0 0-3 3-1 1-6 6-6 6-0 0-2 2-4 4-6 6-3 3-5 5-6 6-2 2-3".split()
    placed = [Placed(Tile.of(int(t[0]), int(t[2])), int(t[0]), int(t[2])) for t in line]
    for size in ((800, 600), (1280, 720), (1920, 1080)):
        check(placed, line.index("6-6"), size)
