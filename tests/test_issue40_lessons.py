"""Issue 40, items 4 and 5: the lessons. Ending a lesson asks (the safe answer the default),
no coach button comes up under the pointer where another was a moment before, and Skip leaves
only the pages; the Tien Gow lesson's deal shows Supreme and a beaten group, its pages teach
the settlement's figures, its coach says only what happened and names tiles as the board does,
one line at a time says how to go on, the top bar numbers the trick shown, no toast covers the
summary's top; every picture's words fit their place in every language, and Chiva and
Dékabès have pictures too. Through the real client (pygame events posted, frames run)."""

from __future__ import annotations

import pathlib

import pygame
import pytest
from client_helpers import centre, draw_recorded, frames, mouse_click, press, texts

from game.core.player import AI, PERSON
from game.core.tiles import Tile
from game.registry import GAME_NAMES
from game.tiengow.groups import GroupKind, classify
from game.tiengow.view import SeenPlay
from scenes.screens.guide import CoachButton
from scenes.screens.summary import SummaryScene
from scenes.services.settings import Settings
from scenes.services.translation import LANGUAGES
from scenes.shell.app import App
from scenes.tiengow.board_drawing import LINGER
from scenes.tiengow.lesson import face_down_lines
from scenes.tiengow.text import immediate_line, tiles_text
from scenes.ui.lesson import TALL, Sheet
from scenes.ui.naming import Names

SIZES = [(800, 600), (1280, 720)]
FRAMES = 6000
SUPREME = {Tile.from_str("1-2"), Tile.from_str("2-4")}


def open_lesson(game: str, size=(800, 600), lang: str = "en") -> tuple[App, object]:
    """The menu, then a click on the game card's Learn button."""
    app = App(size, settings=Settings(lang=lang, speed="fast"))
    menu = app.show("menu")
    frames(app, 2)
    mouse_click(app, centre(menu.widgets[f"learn_{game}"]), settle=3)
    table = app.manager.scene
    assert table.coach is not None
    return app, table


def buttons_at(table, pos: tuple[int, int]) -> list[str]:
    """Every button of the coach, the table and a question that lies under ``pos``."""
    found = [str(name) for name, widget in table.coach.widgets.items() if widget.rect.collidepoint(pos)]
    for group in (table.buttons, table.decision_buttons):
        found += [name for name, widget in group.items() if widget.visible and widget.rect.collidepoint(pos)]
    if table.dialog is not None:
        found += [f"dialog_{name}" for name, widget in table.dialog.buttons.items() if widget.rect.collidepoint(pos)]
    return found


def wait_for_advice(app: App, table) -> None:
    """Frames until the coach advises the person (a finished trick is moved on from)."""
    for _ in range(FRAMES):
        if table.coach.hinted == table.turn_key and not table.animating:
            return
        held = getattr(table.board, "lingering", None)
        if held is not None and held.held:
            press(app, pygame.K_RETURN)
            continue
        frames(app)
    raise AssertionError("the coach never advised")


# --- 4. Ending a lesson asks; no button comes up under the pointer; Skip leaves the pages ---------


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", GAME_NAMES)
def test_item4_no_coach_button_comes_up_under_the_pointer_and_ending_asks(game, size):
    app, table = open_lesson(game, size)
    coach = table.coach
    pages = len(coach.lesson.pages)
    # Next, Back, Next again: whatever lies under the pointer after a click is the same button
    for _ in range(pages - 1):
        where = centre(coach.widgets[CoachButton.NEXT])
        mouse_click(app, where)
        assert buttons_at(table, where) == [CoachButton.NEXT], "Next stays Next (greyed on the last page)"
    assert not coach.widgets[CoachButton.NEXT].is_enabled and not coach.widgets[CoachButton.SKIP].is_enabled
    where = centre(coach.widgets[CoachButton.BACK])
    for _ in range(pages - 1):
        mouse_click(app, where)
        assert buttons_at(table, where) == [CoachButton.BACK]
    assert coach.page == 0 and not coach.widgets[CoachButton.BACK].is_enabled, "Back greyed on the first page"
    for _ in range(pages - 1):
        mouse_click(app, centre(coach.widgets[CoachButton.NEXT]))
    where = centre(coach.widgets[CoachButton.DEAL])
    assert buttons_at(table, where) == [CoachButton.DEAL]
    mouse_click(app, where)
    assert not coach.reading and table.coach is coach
    assert buttons_at(table, where) == [], "nothing comes up where Deal the tiles was"
    wait_for_advice(app, table)
    if not coach.docked:  # a card over the board: See the table, then Coach, each where nothing was
        where = centre(coach.widgets[CoachButton.FOLD])
        mouse_click(app, where)
        assert coach.folded and buttons_at(table, where) == []
        where = centre(coach.widgets[CoachButton.UNFOLD])
        mouse_click(app, where)
        assert not coach.folded and buttons_at(table, where) == []
    end = centre(coach.widgets[CoachButton.END])
    before = list(table.match.decisions)
    mouse_click(app, end)
    assert table.dialog is not None and table.coach is coach, "End the lesson asks first"
    assert buttons_at(table, end) == [CoachButton.END], "no answer of the question lies under the pointer"
    press(app, pygame.K_RETURN, settle=2)
    assert table.dialog is None and table.coach is coach, "Enter keeps the lesson (Keep learning)"
    mouse_click(app, end)
    press(app, pygame.K_ESCAPE, settle=2)
    assert table.dialog is None and table.coach is coach, "Esc keeps the lesson"
    assert table.match.decisions == before
    mouse_click(app, end)
    mouse_click(app, centre(table.dialog.buttons["end"]))
    assert table.coach is None and table.match.decisions == before, "the coach leaves; the deal goes on"
    assert table.layout.size == app.size


@pytest.mark.parametrize("size", SIZES)
def test_item4_skip_leaves_the_pages_and_the_coach_stays_for_the_deal(size):
    app, table = open_lesson("chiva", size)
    coach = table.coach
    mouse_click(app, centre(coach.widgets[CoachButton.NEXT]))
    where = centre(coach.widgets[CoachButton.SKIP])
    mouse_click(app, where)
    assert table.coach is coach and not coach.reading and not table.paused, "the pages are left, not the coach"
    assert buttons_at(table, where) == [], "nothing comes up where Skip was"
    wait_for_advice(app, table)
    assert app.tr("learn.your_turn") in coach.text.html_text, "the coach coaches the deal"


# --- 5. The Tien Gow lesson -----------------------------------------------------------------------


def read_pages(app: App, table) -> list[str]:
    """Every page read with clicks (Next, then Deal the tiles); the text of each."""
    coach, said = table.coach, []
    while coach.reading:
        said.append(coach.text.html_text)
        last = not coach.widgets[CoachButton.NEXT].is_enabled
        mouse_click(app, centre(coach.widgets[CoachButton.DEAL if last else CoachButton.NEXT]))
    return said


def test_item5_the_tiengow_lesson_shows_supreme_and_a_beaten_group_and_tells_it_truly():
    app, table = open_lesson("tiengow", (1280, 720))
    pages = read_pages(app, table)
    figures = app.tr("learn.tg.page.settlement")
    assert any(figures in page for page in pages), "a page teaches the settlement"
    for amount in ("5", "3", "2", "1"):
        assert amount in figures
    tr, coach, board = app.tr, table.coach, table.board
    said: list[str] = []
    held_seen = 0
    for _ in range(FRAMES):
        if table.match.round.is_over:
            break
        held = board.lingering
        if held is not None and held.held:
            drawn = texts(draw_recorded(app, table.draw))
            header = tr("tg.trick", number=len(table.view.tricks))
            assert any(text.startswith(header + " ·") for text in drawn), "the top bar numbers the trick shown"
            telling = [text for text in drawn if text in (tr("tg.status.trick_held"), tr("tg.status.tap_to_go_on"))]
            assert len(telling) <= 1, f"one line at a time says how to go on: {telling}"
            if held.time >= LINGER * app.settings.pace:
                held_seen += 1
                press(app, pygame.K_RETURN)
            else:
                frames(app)
            continue
        if table.is_viewer_turn and not table.animating and coach.hinted == table.turn_key:
            said.append(coach.text.html_text)
            before = len(table.match.decisions)
            for _ in range(3):
                press(app, pygame.K_RETURN)
                if len(table.match.decisions) > before:
                    break
            continue
        frames(app)
    assert table.match.round.is_over and held_seen >= 3
    frames(app, 2)
    said.append(coach.text.html_text)
    view = table.match.view_for(1)
    led = [trick.plays[0] for trick in view.tricks]
    assert any(play.tiles is not None and set(play.tiles) == SUPREME for play in led), "Supreme is led"
    beaten = [
        trick
        for trick in view.tricks
        if trick.plays[0].count > 1 and sum(not play.face_down for play in trick.plays) > 1
    ]
    assert any(classify(trick.plays[0].tiles).kind is GroupKind.MIXED for trick in beaten), "a group is beaten"
    told = " ".join(said).replace("&amp;", "&")
    for trick in view.tricks:
        for play in trick.plays:
            if not play.face_down:
                assert tiles_text(play.tiles, tr) in told, "plays named as the board names their tiles"
    for trick in view.tricks:
        if trick.bonus is not None:
            assert immediate_line(trick, table.names, tr) in told, "what Supreme paid at once is told"
    for _ in range(400):
        if isinstance(app.manager.scene, SummaryScene):
            break
        press(app, pygame.K_RETURN)
    assert isinstance(app.manager.scene, SummaryScene)
    assert tr("learn.finished") not in app.toast.text, "no toast runs over the summary's top"


def test_item5_face_down_players_are_named_and_a_later_winner_is_not_said_to_have_failed():
    app = App((800, 600), settings=Settings(lang="en"))
    names = Names(app.text, (PERSON, AI, AI, AI), 1, False)
    pair = (Tile.from_str("1-5"), Tile.from_str("1-5"))
    plays = (
        SeenPlay(2, pair, 2, False),  # Right leads the Big Head Six pair
        SeenPlay(3, None, 2, True),
        SeenPlay(4, None, 2, True),
        SeenPlay(1, (Tile.from_str("2-2"), Tile.from_str("2-2")), 2, False),  # you beat it
    )
    lines = face_down_lines(plays, names, app.tr)
    assert lines == [app.tr("learn.tg.down_two", first="Across", second="Left", best="Big Head Six pair")]
    assert "nobody" not in lines[0]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_item5_every_lesson_picture_fits_its_words_in_every_language(lang, size):
    """Each game's lesson open at ``size``: every page's picture drawn at the width the coach
    gives it, each line of its words inside its box and the picture, none cut off."""
    for game in GAME_NAMES:
        app, table = open_lesson(game, size, lang)
        coach = table.coach
        pictures = [name for name in coach.lesson.pictures if name]
        assert len(pictures) >= 3, f"{game}: pictures on most pages"
        module = "scenes.tiengow.lesson_pictures" if game == "tiengow" else "scenes.blocks.lesson_pictures"
        drawings = __import__(module, fromlist=["DRAWINGS"]).DRAWINGS
        for name in pictures:
            sheet = Sheet(app, coach.picture_width)
            drawings[name](sheet)
            picture = sheet.finished()
            assert sheet.bottom + 8 < TALL and sheet.words, f"{game} {name}: drawn whole"
            for line, box in sheet.words:
                assert box.left <= line.left and line.right <= box.right, f"{game} {name} {lang}: a line runs out"
                assert line.left >= 0 and line.right <= picture.get_width() and line.bottom <= picture.get_height()
        assert not app.text.missing, f"{lang} lacks {sorted(app.text.missing)}"


@pytest.mark.parametrize("game", ["chiva", "dekabes"])
def test_item5_block_lessons_show_their_pictures_on_their_pages(game):
    app, table = open_lesson(game, (1280, 720))
    coach, shown = table.coach, []
    while coach.reading:
        html = coach.text.html_text
        if coach.lesson.picture(coach.page):
            src = html.split('<img src="')[1].split('"')[0]
            image = pygame.image.load(src)
            assert image.get_width() == coach.picture_width
            shown.append(pathlib.Path(src).name)
        last = not coach.widgets[CoachButton.NEXT].is_enabled
        mouse_click(app, centre(coach.widgets[CoachButton.DEAL if last else CoachButton.NEXT]))
    assert len(shown) >= 2 and all(name.startswith(f"lesson-{game}-") for name in shown)
