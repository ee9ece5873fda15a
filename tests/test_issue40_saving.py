"""Issue 40, item 19: a long Tien Gow session's save costs the same after any number of deals
(each finished round's entry is made once), and is written by a background thread, never the
frame's, the latest state winning; reads and the exit wait for it. No sleeps: events and settle."""

from __future__ import annotations

import json
import threading

import pytest
from client_helpers import make_table

from game.core.match import Match
from game.core.savegame import SaveText, match_to_save
from scenes.services import persist

SEATS = ("human", "greedy", "greedy", "greedy")


def step(match: Match) -> None:
    """The computers play up to the person's turn, who plays the first legal move."""
    match.run_computers()
    if not match.round.is_over:
        match.push(match.legal_moves()[0])


def play_to_deal(match: Match, number: int, save: SaveText) -> None:
    """Play ``match`` to the start of deal ``number``, saved after every move and new round."""
    while match.start.number < number:
        while not match.round.is_over:
            step(match)
            save(match)
        match.next_round()
        save(match)


def entries_made(monkeypatch: pytest.MonkeyPatch, match: Match, save: SaveText) -> int:
    """How many round entries one save of ``match`` makes."""
    made = 0
    round_to_json = match.game.round_to_json

    def counted(state):
        nonlocal made
        made += 1
        return round_to_json(state)

    monkeypatch.setattr(match.game, "round_to_json", counted)
    save(match)
    monkeypatch.undo()
    return made


def test_item19_a_save_makes_the_same_entries_at_deal_2_and_deal_40(monkeypatch):
    match = Match("tiengow", SEATS, 19)
    save = SaveText()
    play_to_deal(match, 2, save)
    step(match)
    at_two = entries_made(monkeypatch, match, save)
    play_to_deal(match, 40, save)
    step(match)
    at_forty = entries_made(monkeypatch, match, save)
    assert at_two == at_forty == 1, "only the current round's entry is made again"
    assert save(match) == json.dumps(match_to_save(match)), "the same text, byte for byte"


@pytest.mark.parametrize("game", ["tiengow", "chiva", "dekabes"])
def test_item19_the_kept_entries_give_the_same_text_through_undo_restart_and_a_new_match(game):
    match = Match(game, SEATS, 5)
    save = SaveText()
    play_to_deal(match, 3, save)
    step(match)
    step(match)
    match.undo()
    assert save(match) == json.dumps(match_to_save(match))
    match.restart_round()
    assert save(match) == json.dumps(match_to_save(match))
    match.new_match(6)
    step(match)
    assert save(match) == json.dumps(match_to_save(match)), "another match's rounds are not kept"


def watched_writes(monkeypatch: pytest.MonkeyPatch, gate: threading.Event | None = None) -> list[tuple[str, str]]:
    """The writes of the saves from now on: (the thread's name, the text); each waits for
    ``gate``, but for one on the test's own thread (which would never be let through)."""
    writes: list[tuple[str, str]] = []
    write = persist.WRITER.write
    caller = threading.current_thread()

    def watched(path, text):
        if gate is not None and threading.current_thread() is not caller:
            gate.wait()
        writes.append((threading.current_thread().name, text))
        write(path, text)

    monkeypatch.setattr(persist.WRITER, "write", watched)
    return writes


def test_item19_saves_are_written_off_the_calling_thread_the_latest_winning(monkeypatch):
    gate = threading.Event()
    writes = watched_writes(monkeypatch, gate)
    match = Match("tiengow", SEATS, 4)
    texts = []
    for _ in range(4):
        step(match)
        persist.save_match(match)
        texts.append(json.dumps(match_to_save(match)))
    gate.set()
    loaded = persist.load_match()  # waits for the writes under way
    assert loaded is not None and json.dumps(match_to_save(loaded)) == texts[-1]
    assert len(writes) <= 2 and writes[-1][1] == texts[-1], "the saves that came while one was written are merged"
    assert all(name != threading.current_thread().name for name, _ in writes)


def test_item19_a_finished_match_is_kept_and_then_the_save_forgotten_in_order(monkeypatch):
    gate = threading.Event()
    writes = watched_writes(monkeypatch, gate)
    match = Match("chiva", ("greedy",) * 4, 8, deals=1)
    match.run_computers()
    persist.save_match(match)
    persist.keep_finished(match)
    gate.set()
    assert not persist.save_path().exists() and persist.finished_path().exists()
    assert len(writes) == 2 and all(name != threading.current_thread().name for name, _ in writes)


def test_item19_closing_the_window_waits_for_the_last_save(monkeypatch):
    app, _table, match = make_table("tiengow", seed=3)
    gate, written = threading.Event(), threading.Event()
    write = persist.WRITER.write
    caller = threading.current_thread()

    def held(path, text):
        if threading.current_thread() is not caller:
            gate.wait()
        write(path, text)
        written.set()

    monkeypatch.setattr(persist.WRITER, "write", held)
    persist.save_match(match)
    close = app.thinker.close
    monkeypatch.setattr(app.thinker, "close", lambda: (gate.set(), close()))
    app.close()
    assert written.is_set(), "the window closed before the last save landed"


def test_item19_a_table_shown_on_a_long_session_makes_its_save_text_before_its_first_frame(monkeypatch):
    """A session continued at deal 12: its eleven finished deals are made into text while the
    table is prepared (spare time, a round a step), not in the frame that shows it."""
    from scenes.screens.table import TableScene

    match = Match("tiengow", SEATS, 19)
    while match.start.number < 12:
        step(match)
        if match.round.is_over:
            match.next_round()
    persist.SAVE_TEXT.kept.clear()
    kept_at_enter: list[int] = []
    enter = TableScene.enter
    monkeypatch.setattr(
        TableScene, "enter", lambda self: (kept_at_enter.append(len(persist.SAVE_TEXT.kept)), enter(self))
    )
    make_table("tiengow", match=match)
    assert kept_at_enter == [11]
    assert entries_made(monkeypatch, match, persist.SAVE_TEXT) == 1
