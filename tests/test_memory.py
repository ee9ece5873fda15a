"""Bounded memory: an endless Tien Gow session (the demo plays one for hours) keeps each
finished deal compactly, and still exports, logs and reviews every deal."""

import gc
import tracemalloc

from game.core.match import Match
from game.core.record import dumps, match_from_record, match_to_record

PER_DEAL = 2048  # bytes a finished deal may keep; it kept about 11,600 as whole states


def play_deals(match: Match, count: int) -> None:
    for _ in range(count):
        match.run_computers()
        match.next_round()


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
