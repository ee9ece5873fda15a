"""Issue 40, items 6 and 10: the status line (a hint, a message, whose turn it is) and the
toasts have a strip of their own at the foot of the board: inside its rim, over no score
line, button or tile, in one or two lines of 12 px at the least, never cut; the table's
button labels keep the theme's full size in every language; a hand tile takes a tap at
least 9 mm across on the densest screen the table is meant for (``FINGER``)."""

from __future__ import annotations

from functools import partial

import pygame
import pytest
from client_helpers import Canvas, advance, draw_recorded, make_table, mouse_click, press

from game.core.match import Match
from scenes.blocks.score_words import score_words
from scenes.screens.table import draw_status
from scenes.services.translation import LANGUAGES, Catalogue, hint_line, hint_words, load_catalogue
from scenes.ui.board import status_area
from scenes.ui.hand_row import FINGER
from scenes.ui.still_layer import rim_width

SEATS = ("human", "greedy", "greedy", "greedy")
SIZES = ((800, 600), (1280, 720))
SAMPLE = {"tile": "6-6", "tiles": "6-6 5-5", "name": "Heaven", "who": "Partner", "number": 6, "numbers": "sixes",
          "count": 12, "pips": 12, "seat": 3, "left": 6, "right": 6, "total": "+12", "end": "left"}  # fmt: skip


def longest_lines(lang: str) -> list[str]:
    """The three longest hint lines (choice, then reason) and status lines of ``lang``."""
    text = Catalogue(lang)
    keys = [k for k in load_catalogue("en") if k.startswith(("hint.", "status.", "tg.status.", "error."))]
    keys = [k for k in keys if not k.startswith(("hint.why.", "hint.says", "hint.line"))]
    lines = []
    for key in keys:
        said = text.tr(key, **SAMPLE)
        if key.startswith("hint."):
            said = hint_line(text, hint_words(text, text.tr("decision.play", tile="6-6", end="left"), said))
        lines.append(said)
    return sorted(lines, key=len)[-3:]


def table_at(game: str, size, lang: str):
    match = advance(Match(game, SEATS, 3), lambda m: m.to_act == 1 and len(m.decisions) >= 3)
    return make_table(match=match, size=size, lang=lang)


def others(table) -> list[pygame.Rect]:
    """What the status strip must leave uncovered: the top bar (score line, top buttons), every button, the hand."""
    rects = [table.layout.top_bar, table.layout.hand, table.layout.button_bar]
    rects += [w.rect for w in [*table.buttons.values(), *table.decision_buttons.values()]]
    return rects


@pytest.mark.parametrize("game", ["chiva", "tiengow"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_item6_long_status_lines_wrap_inside_the_board_uncut_and_readable(game, lang):
    for size in SIZES:
        app, table, _ = table_at(game, size, lang)
        inner = table.layout.board.inflate(-2 * rim_width(table.layout), -2 * rim_width(table.layout))
        for line in longest_lines(lang):
            table.say(line)
            drawn = [d for d in draw_recorded(app, partial(draw_status, table)) if d.kind == "text"]
            assert " ".join(d.what for d in drawn) == line, (size, "words lost or cut", line)
            assert len(drawn) <= 2 or all(d.size == 12 for d in drawn)
            for d in drawn:
                assert d.size >= 12 and inner.contains(d.rect), (size, d)
                assert d.rect.collidelist(others(table)) < 0, (size, d)
                assert d.rect.width <= status_area(table.layout).width


def your_play_in_the_trick(match: Match) -> bool:
    return match.to_act == 4 and any(play.seat == 1 for play in match.view_for(1).current)


@pytest.mark.parametrize("game", ["chiva", "tiengow"])
def test_item10_the_status_strip_and_the_decision_buttons_cover_no_tile(game):
    wanted = {"chiva": lambda m: m.to_act == 1 and len(m.decisions) >= 12, "tiengow": your_play_in_the_trick}[game]
    for size in SIZES:
        match = advance(Match(game, SEATS, 3), wanted)
        app, table, _ = make_table(match=match, size=size)
        strip = status_area(table.layout)
        faces = [d.rect for d in draw_recorded(app, table.draw) if d.kind in ("face", "back")]
        assert faces and strip.collidelist(faces) < 0, size
        for shown in table.board.decisions():
            assert shown.rect.collidelist(faces) < 0 and not shown.rect.colliderect(strip), (size, shown)


def record_place(places, drawing, surface, place=None):
    places.append(place)
    drawing(surface, place)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_item10_a_toast_goes_to_the_status_strip_not_over_the_score_line_or_buttons(lang):
    for size in SIZES:
        app, table, _ = table_at("chiva", size, lang)
        mouse_click(app, table.buttons["log"].rect.center)
        mouse_click(app, table.panels.log.buttons["export"].rect.center)
        table.panels.close()
        press(app, 0)
        assert app.toast.text and app.toast.left > 0
        places: list[pygame.Rect | None] = []
        drawing = app.toast.draw
        app.toast.draw = partial(record_place, places, drawing)
        app.manager.draw(pygame.Surface(app.size))
        place = table.toast_place()
        assert places == [place]
        canvas = Canvas(app.size)
        drawing(canvas, place)
        assert place is not None and table.layout.board.contains(place)
        assert place.collidelist(others(table)) < 0
        words = [(source, rect) for source, rect in canvas.blits if rect.colliderect(place) and rect.height < 40]
        assert words and all(table.layout.board.contains(rect) for _, rect in words)


@pytest.mark.parametrize("game", ["chiva", "dekabes", "tiengow"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_item10_button_labels_keep_their_full_size(game, lang):
    for size in SIZES:
        _, table, _ = make_table(game, size=size, lang=lang)
        for name, widget in [*table.buttons.items(), *table.decision_buttons.items()]:
            shrunk = [c for c in widget.class_ids if c and c.endswith(("_small", "_tiny"))]
            assert not shrunk, (size, name, widget.text)


@pytest.mark.parametrize("game", ["chiva", "dekabes", "tiengow"])
def test_item10_a_tap_at_the_edge_of_a_hand_tiles_finger_target_selects_it(game):
    """9 mm on a 10.1-inch 1280x800 tablet (149.4 px per inch) is 52.9 px: every tile's target
    is at least that across and down at 800x600, and a tap just inside its edge, off the
    drawn tile, selects it."""
    assert round(9 / 25.4 * (1280**2 + 800**2) ** 0.5 / 10.1) <= FINGER
    match = advance(Match(game, SEATS, 3), lambda m: m.to_act == 1 and len(m.legal_moves()) > 1)
    app, table, _ = make_table(match=match, size=(800, 600))
    board = table.board
    for index, (tile, rect) in enumerate(board.row.rects):
        target = board.target(rect, tile if game != "tiengow" else index)
        assert target.width >= FINGER and target.height >= FINGER, (tile, target)
        assert target.collidelist([r for _, r in board.row.rects[index + 1 :]]) < 0
    if game == "tiengow":
        index = 2
        rect = board.row.rects[index][1]
        edge = (board.target(rect, index).right - 1, rect.centery)
        assert not rect.collidepoint(edge)  # beyond the drawn tile
        mouse_click(app, edge)
        assert board.selection == [index]
        return
    playable = {m.tile for m in match.legal_moves() if hasattr(m, "tile")}
    tile, rect = next((t, r) for t, r in board.row.rects if t in playable)
    edge = (board.target(rect, tile).right - 1, rect.centery)
    assert not rect.collidepoint(edge)  # beyond the drawn tile
    mouse_click(app, edge)
    assert board.selected is tile


@pytest.mark.parametrize("game", ["chiva", "dekabes"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_item10_the_score_line_is_readable_and_clear_of_the_top_buttons(game, lang):
    for size in SIZES:
        app, table, _ = make_table(game, size=size, lang=lang)
        view = table.board.view
        score = score_words(view.rules).score(view.score, view.base, table.names, app.tr)
        top = table.layout.top_bar
        drawn = [
            d
            for d in draw_recorded(app, table.draw)
            if d.kind == "text" and " ".join(d.what.split()) in " ".join(score.split()) and d.rect.top < top.bottom
        ]
        assert " ".join(d.what for d in drawn).split() == score.split(), (size, "cut", [d.what for d in drawn])
        for d in drawn:
            assert d.size >= 12 and table.layout.top_bar.contains(d.rect), (size, d)
            assert d.rect.collidelist([w.rect for w in table.buttons.values()]) < 0, (size, d)
