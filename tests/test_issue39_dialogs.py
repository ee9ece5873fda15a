"""Issue 39, items 12 and 13 (and issue 40, item 7): every question over a table leaves the
table in sight, dimmed (the line or the trick, the hand, the plates), an undo question names
the move it takes back and lights it on the line, and people who gave a name at a shared table
are called by it. Through the real client, headless; a shared table is served in-process on
loopback, and a second seat (Bo) plays and asks from the same process."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator

import pygame
import pytest
from client_helpers import advance, frames, make_table, press

from game.blocks.moves import Play
from game.blocks.view import BlockView
from game.core.errors import IllegalMove
from game.core.match import Match
from game.core.player import AI, GREEDY, PERSON
from game.tiengow.view import SeenPlay
from online.client import device_loop
from online.hosting import HostingServer
from online.remote_session import RemoteSession
from online.seat_group import SeatGroup
from online.table import Seating
from scenes.blocks import board_drawing
from scenes.blocks.text import block_log_lines
from scenes.screens.shared_table import SharedTable
from scenes.screens.table import TableScene
from scenes.services.settings import Settings
from scenes.services.translation import Catalogue
from scenes.shell.app import App
from scenes.tiengow.text import describe_seen
from scenes.ui.dialog import Choice, Dialog, Sight, clear_spot
from scenes.ui.drawing import wrap_text
from scenes.ui.naming import Names
from scenes.ui.theme import COLOURS

SEATS = ("human", "greedy", "greedy", "greedy")
SIZES = [(800, 600), (1280, 720)]
WAIT = 30.0  # seconds any one wait for the table server may take
TICK = 0.004  # seconds a step waits at most for the table's next message
Colour = tuple[float, float, float]


# --- what a frame shows ---------------------------------------------------------------------------


def frame(app: App) -> pygame.Surface:
    return app.screen.copy()


def mean(picture: pygame.Surface, rect: pygame.Rect) -> Colour:
    """The mean colour of ``rect`` in ``picture``."""
    area = picture.subsurface(rect.clip(picture.get_rect()))
    r, g, b = (sum(channel) / len(channel) for channel in zip(*(area.get_at((x, y))[:3] for x, y in points(area))))
    return r, g, b


def points(area: pygame.Surface) -> Iterator[tuple[int, int]]:
    w, h = area.get_size()
    return ((x, y) for y in range(0, h, 2) for x in range(0, w, 2))


def brightness(colour: Colour) -> float:
    return sum(colour) / 3


def line_rects(table: TableScene) -> list[pygame.Rect]:
    return [board_drawing.slot_rect(slot) for slot in table.board.slots]


def hand_rects(table: TableScene) -> list[pygame.Rect]:
    return [rect for _, rect in table.board.row.rects]


def felt_spot(table: TableScene, panel: pygame.Rect) -> pygame.Rect:
    """A patch of empty felt on the board, clear of the panel and of every tile."""
    board = table.layout.board.inflate(-table.layout.px(60), -table.layout.px(60))
    taken = [*line_rects(table), panel]
    for y in range(board.y, board.bottom - 12, 12):
        for x in range(board.x, board.right - 12, 12):
            spot = pygame.Rect(x, y, 12, 12)
            if spot.collidelist(taken) < 0:
                return spot
    raise AssertionError("no empty felt on the board")


def assert_table_in_sight(table: TableScene, before: pygame.Surface, after: pygame.Surface, hand: bool = True) -> None:
    """Under the question the line and the ``hand`` are those of the frame before it, dimmed:
    no tile hidden by its panel, each (but a lit one) darker than before and brighter than the
    dimmed felt."""
    panel = table.dialog.panel
    tiles = line_rects(table) + (hand_rects(table) if hand else [])
    assert len(line_rects(table)) >= 4
    assert [rect for rect in tiles if rect.colliderect(panel)] == [], "the panel hides tiles of the table"
    felt = brightness(mean(after, felt_spot(table, panel)))
    lit = [place for place, _ in table.dialog.lit]
    for rect in (rect for rect in tiles if rect not in lit):
        shown, was = brightness(mean(after, rect)), brightness(mean(before, rect))
        assert shown < was - 20, "the table under the question is dimmed"
        assert shown > felt + 20, "a tile, not the empty felt, under the dim"


def at_a_turn(game: str, line: int = 6) -> Match:
    """A match at the person's turn with ``line`` tiles or more on the line."""
    return advance(Match(game, SEATS, 3), lambda m: m.to_act == 1 and len(m.view_for(1).line) >= line)


# --- a local table --------------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("question", ["menu", "restart", "new_match"])
def test_issue39_item12_a_local_tables_questions_leave_the_line_and_the_hand_in_sight(size, question):
    app, table, _ = make_table("chiva", size=size, match=at_a_turn("chiva"))
    frames(app, 3)
    before = frame(app)
    table.control(question)
    frames(app, 2)
    assert table.dialog is not None
    assert_table_in_sight(table, before, frame(app))


def test_issue39_item12_leave_by_esc_at_a_dekabes_table_leaves_the_line_in_sight():
    app, table, _ = make_table("dekabes", size=(800, 600), match=at_a_turn("dekabes"))
    frames(app, 3)
    before = frame(app)
    press(app, pygame.K_ESCAPE, settle=2)
    assert table.dialog is not None
    assert_table_in_sight(table, before, frame(app))


def test_issue39_item12_leave_at_a_tiengow_table_hides_no_play_of_the_trick():
    match = advance(Match("tiengow", SEATS, 3), lambda m: m.to_act == 1 and len(m.view_for(1).current) >= 2)
    app, table, _ = make_table("tiengow", size=(800, 600), match=match)
    frames(app, 3)
    table.control("menu")
    frames(app, 2)
    trick, hand, _ = table.board.in_sight()
    assert len(trick) >= 2
    assert [rect for rect in (*trick, *hand) if rect.colliderect(table.dialog.panel)] == []


def test_issue39_item12_a_question_composes_no_still_picture_while_it_is_open(monkeypatch):
    app, table, _ = make_table("chiva", size=(800, 600), match=at_a_turn("chiva"))
    frames(app, 3)
    table.control("menu")
    frames(app, 2)
    painted: list[int] = []
    paint = table.paint_still
    monkeypatch.setattr(table, "paint_still", lambda surface: (painted.append(1), paint(surface)))
    frames(app, 30)
    assert painted == [], "the frames under a question copy the still picture, never paint it again"


# --- where a panel goes ---------------------------------------------------------------------------


def test_issue39_a_panel_goes_where_it_hides_least_of_the_table_and_what_it_lights_first():
    window, size = (800, 600), (400, 160)
    assert clear_spot(size, window, Sight(), 8) == pygame.Rect(200, 220, 400, 160)
    line = pygame.Rect(100, 250, 600, 50)
    hand = pygame.Rect(200, 460, 400, 90)
    spot = clear_spot(size, window, Sight(((line,), (hand,))), 8)
    assert not spot.colliderect(line) and not spot.colliderect(hand)
    everywhere = pygame.Rect(0, 0, 800, 600)
    lit = pygame.Rect(380, 40, 40, 40)
    spot = clear_spot(size, window, Sight(((everywhere,),), (lit,)), 8)
    assert not spot.colliderect(lit), "what the question is about comes first"


def test_issue39_the_quick_messages_lie_in_columns_and_cancel_stays_last():
    app, table, _ = make_table("chiva", size=(1280, 720))
    phrases = [Choice(name, name.replace("_", " ").title()) for name in ("good", "well", "hurry", "thanks", "oops")]
    choices = (*phrases, Choice("cancel", "Cancel"))
    column = Dialog(app, table.layout.unit, "Say", "", choices, lambda choice: None, "cancel")
    column.close()
    grid = Dialog(app, table.layout.unit, "Say", "", choices, lambda choice: None, "cancel", columns=3)
    rows = grid.rows(table.layout.px(640), table.layout.px(14))
    grid.close()
    assert [len(row) for row in rows] == [3, 3]
    assert grid.panel.height < column.panel.height
    assert rows[-1][-1].name == "cancel"


# --- a shared table --------------------------------------------------------------------------------


def until(done: Callable[[], bool], step: Callable[[], object], what: str) -> None:
    """Run ``step`` (a frame, a poll) until ``done()``, each time waiting a moment for the
    table's next message (at once when one came meanwhile)."""
    deadline = time.monotonic() + WAIT
    seen = device_loop().arrivals
    while not done():
        assert time.monotonic() < deadline, f"gave up waiting for {what}"
        step()
        seen = device_loop().wait_arrival(seen, TICK)


@contextlib.contextmanager
def shared_table(size: tuple[int, int], game: str = "chiva") -> Iterator[tuple[App, TableScene, RemoteSession]]:
    """A table served on loopback from this process: Ana (this device, seat 1, the host) and
    Bo (seat 3, her partner) named, two greedy computers; played until Bo may take back his
    last move and it is Ana's turn with five tiles or more down."""
    app = App(size, settings=Settings(game=game, speed="instant", lang="en", name="Ana"))
    seats = [Seating(), Seating(GREEDY), Seating(), Seating(GREEDY)]
    host = HostingServer.new(game, seats, None, (0,), seed=3, host="127.0.0.1")
    host.start()
    ana = RemoteSession.join(host.url, host.code, name="Ana", seat=1, host_key=host.host_key)
    bo = RemoteSession.join(host.url, host.code, name="Bo", seat=3)
    try:
        both = [ana, bo]

        def poll() -> None:
            for session in both:
                session.poll()

        until(lambda: all(s.seated for s in both) and all(c.name for c in ana.chairs[::2]), poll, "the seats")
        ana.hosting.start()
        until(lambda: ana.has_view and bo.has_view, poll, "the match")
        table = app.show("online_table", seats=SeatGroup([ana], server=host))
        frames(app, 2)
        assert isinstance(table, TableScene)

        def play() -> None:
            frames(app)
            bo.poll()
            if bo.view().to_act == 3 and bo.legal():
                with contextlib.suppress(IllegalMove):  # sent before the table answered the last one
                    bo.commit(bo.legal()[0])
            legal = table.session.legal()
            if table.is_viewer_turn and not table.animating and legal and len(table.view.line) < 5:
                table.commit(legal[0])

        def ready() -> bool:
            return len(table.view.line) >= 5 and bo.control.can_undo and table.is_viewer_turn and not table.animating

        until(ready, play, "Ana's turn with Bo's move to undo")
        frames(app, 3)
        yield app, table, bo
    finally:
        for session in (ana, bo):
            session.close()
        host.stop(5.0)


def bos_last_play(table: TableScene) -> Play:
    view = table.view
    assert isinstance(view, BlockView)
    move = next(turn.move for turn in reversed(view.turns) if turn.seat == 3)
    assert isinstance(move, Play)
    return move


@pytest.mark.parametrize("size", SIZES)
def test_issue39_item12_an_undo_question_names_bos_move_and_lights_it_on_the_line(size):
    with shared_table(size) as (app, table, bo):
        before = frame(app)
        play = bos_last_play(table)
        bo.control.undo()
        until(lambda: table.dialog is not None, lambda: (frames(app), bo.poll()), "the question")
        frames(app, 2)
        after = frame(app)
        dialog = table.dialog
        end = app.tr(f"end.{play.end.value}")
        assert app.tr("online.question.taken_back", move=f"Bo played {play.tile} on the {end} end.") in dialog.body
        assert dialog.body.startswith("Bo asks to take back their last move.")
        assert "Your partner" not in dialog.body and "your partner" not in dialog.body
        assert_table_in_sight(table, before, after)
        line = zip(table.view.line, table.board.slots)
        lit = next(board_drawing.slot_rect(slot) for placed, slot in line if placed.tile is play.tile)
        assert [place for place, _ in dialog.lit] == [lit]
        assert abs(brightness(mean(after, lit)) - brightness(mean(before, lit))) < 3, "the move is lit, not dimmed"
        ring = lit.inflate(table.layout.px(6), table.layout.px(6))
        assert tuple(after.get_at(ring.midtop)[:3]) == tuple(COLOURS.gold[:3]), "a ring round it, over the shade"
        press(app, pygame.K_ESCAPE, settle=1)  # No
        until(lambda: "Bo" in table.messages.text, lambda: (frames(app), bo.poll()), "the refusal said")
        assert table.messages.text == "The undo Bo asked for was declined."


def test_issue39_item12_say_and_the_away_question_leave_the_line_in_sight():
    with shared_table((1280, 720)) as (app, table, bo):
        before = frame(app)
        table.control("say")
        frames(app, 2)
        assert table.dialog is not None and table.dialog.title == app.tr("online.say.title")
        assert_table_in_sight(table, before, frame(app), hand=False)  # six messages and Cancel: no room for both
        press(app, pygame.K_ESCAPE, settle=2)
        assert table.dialog is None
        bo.close()  # Bo's device goes away: the host is asked whether the computer plays his seat
        until(lambda: table.dialog is not None, lambda: frames(app), "the away question")
        frames(app, 2)
        assert table.dialog.body.startswith("Bo lost the connection.")
        assert_table_in_sight(table, before, frame(app))


def test_issue39_item13_a_shared_table_calls_bo_by_his_name_on_his_plate_and_in_its_words():
    with shared_table((1280, 720)) as (app, table, _):
        names = table.names
        assert (names.label(3), names.initials(3), names.subject(3)) == ("Bo", "B", "Bo")
        assert names.label(2) == app.tr("name.right.label"), "a computer keeps its place's name"
        assert names.label(1) == app.tr("name.you.label")
        assert table.board.plate_for(3).name == "Bo"


# --- the words of a named seat --------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "fr", "it", "id"])
def test_issue39_item13_a_given_name_takes_the_place_of_partner_in_every_form(lang):
    text = Catalogue(lang)
    kinds = (PERSON, AI, AI, AI)
    plain = Names(text, kinds, 1, True)
    named = Names(text, kinds, 1, True, {3: "Bo", 2: ""})
    for form in (Names.label, Names.subject, Names.name):
        assert form(named, 3) == "Bo"
        assert form(named, 2) == form(plain, 2), "no name given: the place's words"
    assert named.to(3) == text.tr("name.person.to", name="Bo") and "Bo" in named.to(3)
    asked = named.says("online.question.undo", 3)
    assert "Bo" in asked and plain.subject(3) not in asked
    assert named.says("online.question.undo", 1) == plain.says("online.question.undo", 1), "you stay you"


def test_issue39_item13_the_log_calls_a_named_seat_by_its_name():
    match = advance(Match("chiva", ("human", "greedy", "human", "greedy"), 2), lambda m: m.round.is_over)
    text = Catalogue("en")
    kinds = (PERSON, AI, AI, AI)  # as a shared table names them for seat 1
    named = block_log_lines(match, Names(text, kinds, 1, True, {3: "Bo"}), text.tr)
    plain = block_log_lines(match, Names(text, kinds, 1, True), text.tr)
    assert any(line.startswith("Bo ") for line in named)
    assert not any("Your partner" in line for line in named)
    assert any("Your partner" in line for line in plain)


def test_issue39_item12_a_hidden_face_down_play_is_told_by_its_count():
    text = Catalogue("en")
    names = Names(text, (PERSON, AI, AI, AI), 1, False, {3: "Bo"})
    assert describe_seen(names, SeenPlay(3, None, 2, True), text.tr) == "Bo played 2 tiles face down."
    assert describe_seen(names, SeenPlay(3, None, 1, True), text.tr) == "Bo played 1 tile face down."


def test_issue39_a_french_question_mark_stays_on_the_line_of_its_word():
    pygame.font.init()
    font = pygame.font.Font(None, 20)
    text = "Bo demande à reprendre son dernier coup. Êtes-vous d’accord ?"
    for width in range(font.size("Êtes-vous d’accord ?")[0], font.size(text)[0], 7):
        assert all(line.strip() not in ("?", "") for line in wrap_text(font, text, width))
    said = "Bo : « Bien joué ! »"
    for width in range(font.size("Bo :")[0], font.size(said)[0]):
        lines = wrap_text(font, said, width)
        assert not any(line.endswith("«") or line.startswith(("!", "»", ":")) for line in lines), lines


def test_issue39_item3_a_host_that_cannot_save_is_said_at_every_device_and_so_is_its_return(tmp_path):
    in_the_way = tmp_path / "a file"
    in_the_way.write_text("where the save's folder should be")
    with shared_table((1280, 720)) as (app, table, bo):
        shared = table.mode
        assert isinstance(shared, SharedTable)
        group = shared.group
        host = group.server
        host.save_to(in_the_way / "table.json")

        def play() -> None:
            frames(app)
            bo.poll()
            if bo.view().to_act == 3 and bo.legal():
                with contextlib.suppress(IllegalMove):
                    bo.commit(bo.legal()[0])
            legal = table.session.legal()
            if table.is_viewer_turn and not table.animating and legal:
                table.commit(legal[0])

        until(lambda: shared.unsaved == "cannot_write", play, "the host's saving problem")
        told = app.tr("online.cannot_save.cannot_write")
        assert shared.waiting_text() == told and told in table.messages.text
        host.save_to(tmp_path / "table.json")
        until(lambda: not shared.unsaved, lambda: frames(app), "the save again")
        assert table.messages.text == app.tr("online.saves_again")
        assert (tmp_path / "table.json").exists()
