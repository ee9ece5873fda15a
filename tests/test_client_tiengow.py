"""The Tien Gow table, headless, driven by real pygame events; at a hosted table, a new hand's
faces are painted between frames."""

import time
from collections.abc import Callable

import pygame
import pytest
from client_helpers import (
    centre,
    finger_tap,
    frames,
    make_table,
    mouse_click,
    press,
    to_the_last_decision,
    wait_for_person,
)
from online_helpers import WAIT
from test_tiengow_examples import EARLY_DEATH
from tiengow_helpers import build_hands, last_to_follow, scripted, tiles

from game.core.errors import IllegalMove
from game.core.match import Match
from game.core.player import GREEDY
from game.core.record import dumps, match_to_record
from game.core.tiles import Tile
from game.tiengow.deal import TrickPlay
from game.tiengow.round import TienGowStart
from online.client import Background, Connection
from online.hosting import HostingServer
from online.protocol import Message
from online.remote_session import RemoteSession
from online.seat_group import SeatGroup
from online.table import Seating
from scenes.screens.summary import SummaryScene
from scenes.services.settings import Settings
from scenes.shell.app import App
from scenes.shell.manager import FIXED_DT
from sprites import chinese_art
from sprites.chinese_art import ChineseArt
from sprites.surface_cache import OWED


def state(match):
    return dumps(match_to_record(match))


def indices_for(table, play: TrickPlay) -> list[int]:
    hand = list(table.view.hand)
    chosen: list[int] = []
    for tile in play.tiles:
        chosen.append(next(i for i, t in enumerate(hand) if t is tile and i not in chosen))
    return chosen


def play_deal(app, table, tap=None, keyboard=False):
    """Play the person's turns until the deal ends, by taps (``tap``) or by keys."""
    match = table.match
    turns = 0
    while wait_for_person(app, table):
        move = match.legal_moves()[-1 if turns % 2 else 0]
        before = len(match.decisions)
        for index in indices_for(table, move):
            if keyboard:
                while table.board.cursor != index:
                    press(app, pygame.K_RIGHT)
                press(app, pygame.K_SPACE)
            else:
                tap(app, table.board.hand_rects[index][1].center)
        assert sorted(table.board.selection) == sorted(indices_for(table, move))
        if table.board.face_down != move.face_down:
            if keyboard:
                press(app, pygame.K_f)
            else:
                tap(app, centre(table.decision_buttons["face_down"]))
        assert table.board.face_down == move.face_down
        if keyboard:
            press(app, pygame.K_RETURN)
        else:
            tap(app, centre(table.decision_buttons["play"]))
        assert len(match.decisions) == before + 1 and match.decisions[-1].decision == move
        turns += 1
    return turns


@pytest.mark.slow
def test_full_deal_by_mouse():
    app, table, match = make_table("tiengow", seed=3)
    assert play_deal(app, table, tap=mouse_click) == len(match.round.deal.tricks)
    assert match.round.is_over


@pytest.mark.slow
def test_full_deal_by_touch():
    app, table, match = make_table("tiengow", seed=4)
    assert play_deal(app, table, tap=finger_tap) == len(match.round.deal.tricks)


@pytest.mark.slow
def test_full_deal_by_keyboard():
    app, table, match = make_table("tiengow", seed=5)
    assert play_deal(app, table, keyboard=True) == len(match.round.deal.tricks)


LEAD_HAND = "6-6 6-6 3-6 4-5 1-2 2-4 1-1 2-6"


def leading_table():
    hands = build_hands([], known={1: LEAD_HAND})
    match = Match(
        "tiengow",
        ("human", "greedy", "greedy", "greedy"),
        seed=1,
        deal_source=lambda number, index: tuple(hands),
        start=TienGowStart(1, 1, (0, 0, 0, 0)),
    )
    return make_table(match=match)


@pytest.mark.parametrize(
    "tiles, expected",
    [
        ("6-6", "Heaven single"),
        ("6-6 6-6", "Heaven pair"),
        ("3-6 4-5", "Nines pair"),
        ("1-2 2-4", "Supreme"),
        ("1-1 2-6", "Earth–Eights group (1 civil, 1 military)"),
        ("6-6 6-6 3-6 4-5", "Heaven–Nines group (2 civil, 2 military)"),
        ("6-6 1-1", "Not a group"),
    ],
)
def test_selection_preview_names_each_group_kind(tiles, expected):
    app, table, match = leading_table()
    before = state(match)
    play = TrickPlay(tuple(Tile.from_str(t) for t in tiles.split()), False)
    for index in indices_for(table, play):
        mouse_click(app, table.board.hand_rects[index][1].center)
    assert expected in table.board.preview_text()
    assert state(match) == before


def test_face_up_refused_for_a_group_that_does_not_beat_with_the_message():
    hands = build_hands([], known={1: "1-5 3-6 2-2 1-2 4-4 5-6 2-4 1-4", 2: "6-6 6-6 1-1 1-1 2-6 3-5 4-4 3-3"})
    match = Match(
        "tiengow",
        ("greedy", "human", "greedy", "greedy"),
        seed=1,
        deal_source=lambda number, index: tuple(hands),
        start=TienGowStart(1, 1, (0, 0, 0, 0)),
    )
    app, table, _ = make_table(match=match)
    assert wait_for_person(app, table)
    best = match.round.deal.best_play()[1]
    weak = next(
        i
        for i, t in enumerate(table.view.hand)
        if TrickPlay((t,), False) not in table.view.legal and len(best.tiles) == 1
    )
    mouse_click(app, table.board.hand_rects[weak][1].center)
    assert table.board.face_down and "goes face down" in table.board.preview_text()
    mouse_click(app, centre(table.decision_buttons["face_down"]))
    assert table.board.face_down and "face down" in table.messages.text
    before = state(match)
    with pytest.raises(IllegalMove):
        match.push(TrickPlay(table.board.selected_tiles, False), seat=2)
    assert state(match) == before


def test_early_death_forces_the_last_tile_face_down():
    deal = scripted(1, EARLY_DEATH + ["2:1-6"], known={3: "6-6", 4: "5-5", 1: "4-6"})
    hands = deal.dealt_hands
    match = Match(
        "tiengow",
        ("greedy", "greedy", "human", "greedy"),
        seed=1,
        deal_source=lambda number, index: hands,
        start=TienGowStart(1, 1, (0, 0, 0, 0)),
    )
    for trick in deal.tricks:
        for seat, play in trick.plays:
            match.push(play, seat)
    for seat, play in deal.current_plays:
        match.push(play, seat)
    app, table, _ = make_table(match=match)
    assert match.to_act == 3 and table.view.early_death
    assert table.board.face_down and "no column" in table.board.preview_text()
    mouse_click(app, table.board.hand_rects[0][1].center)
    mouse_click(app, centre(table.decision_buttons["face_down"]))
    assert table.board.face_down
    mouse_click(app, centre(table.decision_buttons["play"]))
    assert match.decisions[-1].decision.face_down


def test_summary_figures_equal_the_engine():
    match = to_the_last_decision(Match("tiengow", ("greedy",) * 4, 7))
    app, table, match = make_table("tiengow", match=match)
    for _ in range(6000):
        if isinstance(app.manager.scene, SummaryScene):
            break
        frames(app)
    summary = app.manager.scene
    assert isinstance(summary, SummaryScene)
    result = match.round.result
    view = match.view_for(table.viewer)
    assert view.result == result and sum(result.total) == 0
    assert all(p.tiles is not None for t in view.tricks for p in t.plays)
    mouse_click(app, centre(summary.buttons["next_round"]), settle=3)
    assert match.start.number == 2 and match.start.banker == result.last_winner
    assert list(match.start.totals) == list(result.total)


def test_rules_show_the_tile_chart_and_log_hides_face_down_tiles(tmp_path, monkeypatch):
    import platformdirs

    monkeypatch.setattr(platformdirs, "user_cache_path", lambda *a, **k: tmp_path)
    match = last_to_follow()
    match.push(TrickPlay(tiles("5-5"), True), seat=1)  # the first trick, two of its plays face down, is over
    app, table, _ = make_table(match=match)
    mouse_click(app, centre(table.buttons["rules"]), settle=2)
    assert table.paused and list(tmp_path.glob("tile-chart-*.png"))
    press(app, pygame.K_ESCAPE, settle=2)
    hidden = [p for t in match.view_for(1).tricks for p in t.plays if p.face_down and p.seat != 1]
    assert [(p.seat, p.tiles) for p in hidden] == [(3, None), (4, None)], "the person sees no tile of theirs"
    mouse_click(app, centre(table.buttons["log"]), settle=2)
    text = table.panels.log.text.html_text
    assert text.count(app.tr("tg.log.face_down", count=1)) == len(hidden) and table.paused
    assert "(5-5) face down" in text, "the person's own face-down tile is named"
    for trick in match.round.deal.tricks:
        for seat, play in trick.plays:
            if play.face_down and seat != 1:
                assert not any(f"({tile})" in text for tile in play.tiles), f"seat {seat}'s face-down tiles are named"


class Waiting(Background):
    """The real thread wrapper of a connection; its poll waits a few milliseconds for the first
    message (on the connection's inbox), as a frame would pass between two polls."""

    def poll(self) -> list[Message]:
        return self.wait(0.004)


def until(session: RemoteSession, done: Callable[[], bool]) -> None:
    """Take in what the table sends until ``done()``."""
    deadline = time.monotonic() + WAIT
    while not done():
        assert time.monotonic() < deadline, "the hosted table did not answer in time"
        session.poll()


def test_issue39_a_new_hand_at_a_hosted_table_paints_no_face_in_its_frame_and_spare_work_paints_them(monkeypatch):
    """A person at a Tien Gow table this device hosts plays the first deal (its first legal
    play each turn) and goes on from the summary: when the second deal's hand comes from the
    server, the frame that shows it paints no face (each stands in, owed), though no spare work
    has run since the table opened; spare work then paints them, and the next frame paints none."""
    faces: list[tuple[Tile, int]] = []
    painting = chinese_art.draw_face

    def counted(tile: Tile, short: int, vertical: bool) -> pygame.Surface:
        faces.append((tile, short))
        return painting(tile, short, vertical)

    monkeypatch.setattr(chinese_art, "draw_face", counted)
    while OWED.paint_one():  # what other tests left owed
        pass
    seats = [Seating(), *(Seating(GREEDY) for _ in range(3))]
    hosting = HostingServer.new("tiengow", seats, None, (0,), seed=3, host="127.0.0.1")
    hosting.start()
    session = RemoteSession(Waiting(Connection(hosting.url, hosting.code, "Person", 1, None, "en", hosting.host_key)))
    app = App((1280, 720), settings=Settings(game="tiengow", demo=True, speed="instant"))
    try:
        until(session, lambda: session.seated)
        session.hosting.start()
        until(session, lambda: session.started and session.has_view)
        table = app.show("online_table", seats=SeatGroup([session], server=hosting))
        deadline = time.monotonic() + WAIT
        while True:  # frames alone, no spare work between them: the first deal, its summary, the next
            painted = len(faces)
            app.manager.frame(FIXED_DT, 0.0)
            if app.manager.scene is table and table.view.round_number == 2:
                break
            if app.manager.scene is table and table.is_viewer_turn and session.legal():
                table.commit(session.legal()[0])
            assert time.monotonic() < deadline, "the second deal did not come"
        assert faces[painted:] == [], "the frame that shows the new hand paints none of its faces"
        art, short = app.art_of(ChineseArt), table.layout.hand_short
        hand = set(table.view.hand)
        unpainted = {tile for tile in hand if ("face", tile, short, True) not in art.cache}
        assert unpainted, "the new hand has faces never painted at this size"
        while any(work() for work in app.manager.spare_work):
            pass
        assert unpainted <= {tile for tile, size in faces[painted:] if size == short}, "spare work painted them"
        painted = len(faces)
        app.manager.frame(FIXED_DT, 0.0)
        assert faces[painted:] == []
        assert all(art.face(tile, short, redrawn=True) is art.face(tile, short) for tile in hand)
    finally:
        app.close()
        hosting.stop(wait=5.0)
