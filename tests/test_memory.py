"""Bounded memory: an endless Tien Gow session (the demo plays one for hours) keeps each
finished deal compactly, and still exports, logs and reviews every deal."""

import gc
import tracemalloc

import pytest

from game.core.match import Match
from game.core.record import dumps, match_from_record, match_to_record

PER_DEAL = 2048  # bytes a finished deal may keep; it kept about 11,600 as whole states


def play_deals(match: Match, count: int) -> None:
    for _ in range(count):
        match.run_computers()
        match.next_round()


@pytest.mark.slow
def test_endless_tiengow_session_keeps_under_2_kb_per_finished_deal():
    match = Match("tiengow", ("greedy",) * 4, seed=1)
    play_deals(match, 20)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        play_deals(match, 200)
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert (after - before) / 200 < PER_DEAL


def test_compact_deals_rebuild_the_same_record_and_review():
    match = Match("tiengow", ("greedy",) * 4, seed=2)
    play_deals(match, 5)
    record = match_to_record(match)
    again = match_from_record(record)
    assert dumps(match_to_record(again)) == dumps(record)
    assert [state.result for state in again.round_states()][:5] == [s.result for s in match.round_states()][:5]
    assert match.replay_states(3)[-1][0].result == match.round_state(3).result


def test_issue24_item30_plates_of_every_width_keep_only_their_corners_and_one_block():
    import pygame

    from scenes.ui import drawing
    from sprites.surface_cache import surface_bytes

    pygame.display.init()
    picture = pygame.Surface((1920, 1080))
    before = drawing._plates.bytes
    for width in range(40, 1840, 3):  # a message's plate is as wide as its words
        drawing.shade(picture, pygame.Rect(10, 10, width, 44), (0, 0, 0, 150), 10)
    kept = drawing._plates.bytes - before
    corners_and_block = surface_bytes(drawing.plate((20, 20), (0, 0, 0, 150), 10)) + surface_bytes(
        drawing.plate((drawing.BLOCK, drawing.BLOCK), (0, 0, 0, 150), 0)
    )
    assert kept <= corners_and_block, "600 widths of plate keep what one keeps"


def test_issue24_item30_the_words_kept_drawn_weigh_at_most_a_window_and_a_half():
    from scenes.services.settings import Settings
    from scenes.shell.app import App, text_bytes

    app = App((1280, 720), settings=Settings(game="tiengow"))
    for number in range(3000):  # an endless Tien Gow session: every trick's sentence is new
        app.text_image(f"Left takes the trick and 1 column: Bench single beats Goose single ({number}).", 19, True)
    assert app._texts.bytes <= text_bytes((1280, 720)) <= 1280 * 720 * 6
    assert app.text_image("Right is playing…", 19) is app.text_image("Right is playing…", 19), "still kept"
