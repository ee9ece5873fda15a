"""The table's still picture (background, line, seats, plates, top bar) is composed once per
change and copied in every other frame; it always shows what the table holds now."""

from __future__ import annotations

import contextlib

import pygame
import pytest
from client_helpers import frames, make_table, wait_for_person

from game.core.errors import IllegalMove
from scenes.shell.manager import FIXED_DT


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return a.get_size() == b.get_size() and pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


@pytest.mark.parametrize("game", ["chiva", "dekabes", "tiengow"])
def test_the_still_picture_is_always_what_the_table_holds_now(game):
    """Through plays, tiles in flight, passes, tricks taken, undo and redo, the copied picture
    is the picture painted afresh."""
    app, table, match = make_table(game=game, seats=("greedy",) * 4, speed="fast")
    checked = 0
    for frame in range(360):
        if frame % 45 == 44:
            with contextlib.suppress(IllegalMove):
                table.control("undo" if frame % 90 == 44 else "redo")
        frames(app)
        if app.manager.scene is not table:
            break
        fresh = pygame.Surface(app.size)
        table.paint_still(fresh)
        assert same(table.still(app.size), fresh), f"frame {frame}: the still picture is stale"
        checked += 1
    assert checked > 100 and match.decisions


def test_the_still_picture_is_composed_once_per_change_not_once_per_frame():
    app, table, _ = make_table(seats=("human", "greedy", "greedy", "greedy"), speed="fast")
    assert wait_for_person(app, table)
    frames(app, 2)
    composed = []
    original = table.draw_still
    table.draw_still = lambda surface: (composed.append(table.version), original(surface))
    pulse = table.pulse
    frames(app, 30)
    assert table.pulse > pulse and not composed, "the rings turn, the still picture is only copied"
    assert table.commit(table.view.legal[0])
    table.draw(pygame.Surface(app.size))
    table.draw(pygame.Surface(app.size))
    assert len(composed) == 1, "one change, one composition"
    app.close()


def test_in_real_time_a_change_is_composed_between_frames_and_no_tile_on_the_line_blinks_out():
    app, table, match = make_table(seats=("greedy",) * 4, speed="fast")
    app.manager.real_time = True
    screen = pygame.display.get_surface()
    landings = 0
    for _ in range(600):
        flying = table.flight
        app.manager.frame(FIXED_DT, 0.0)
        if app.manager.scene is not table:
            break
        landings += flying is not None and table.flight is None
        background = table.background(app.size)
        for placed, slot in zip(table.view.line, table.slots):
            if placed.tile is table.in_air:
                continue
            rect = pygame.Rect(round(slot.x), round(slot.y), round(slot.w), round(slot.h))
            spots = [(rect.x + rect.w * i // 5, rect.y + rect.h * j // 5) for i in range(1, 5) for j in range(1, 5)]
            assert any(screen.get_at(spot) != background.get_at(spot) for spot in spots), f"{placed} is not shown"
        app.manager.do_spare_work(0.0)
        assert table.still_is_current(), "the still picture is at most a frame behind"
    assert landings > 5 and len(match.decisions) > 8
    app.close()
