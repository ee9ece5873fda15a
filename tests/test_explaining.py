"""Issue 17, the table explains itself and never misleads: one test (or a few) per item."""

# Item 1 (tiles never overlap on the line) is tests/test_line_layout.py; the sounds and banners
# of issue 19 are tests/test_feedback.py and the guided deal tests/test_guide.py.

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

import numpy
import pygame
import pygame_gui
import pytest
from client_helpers import (
    FRAME_LIMIT,
    Drawn,
    advance,
    centre,
    draw_recorded,
    frames,
    make_table,
    mouse_click,
    press,
    texts,
    wait_for_hint,
    wait_for_person,
)
from helpers import BLOCKED_TIE, FEW_DOUBLES, blocked_round, choosing_round, match_on, play_the_line
from test_client_block import FIVE_DOUBLES
from test_client_tiengow import LEAD_HAND, indices_for
from test_tiengow_examples import BIG_SIX_CAPTURE
from tiengow_helpers import build_hands, last_to_follow, parse_trick, played_deal, tiles

from game.blocks.moves import ACCEPT, PASS, End, Pass, Play
from game.blocks.play import Termination
from game.core.match import Decided, Match
from game.core.phases import Phase
from game.core.player import Player
from game.core.record import dumps, match_to_record
from game.core.review import RoundReview
from game.core.tiles import Tile
from game.tiengow.deal import TrickPlay
from game.tiengow.explain import trick_story
from game.tiengow.payments import Settlement
from game.tiengow.round import TienGowStart
from scenes.blocks.summary_page import explanation
from scenes.blocks.text import by_ends
from scenes.screens.menu import MenuScene
from scenes.screens.review import ReviewScene
from scenes.screens.summary import SummaryScene
from scenes.services import persist
from scenes.services.settings import Settings
from scenes.services.translation import LANGUAGES
from scenes.shell.app import App
from scenes.tiengow.text import immediate_line, settlement_text, tile_key, trick_line
from scenes.ui.dialog import Dialog
from scenes.ui.drawing import READABLE_TEXT
from scenes.ui.naming import Names
from scenes.ui.seat_plate import Plate, draw_still_plate
from scenes.ui.seating import seat_position

SEATS = ("human", "greedy", "greedy", "greedy")


def state(match: Match) -> str:
    return dumps(match_to_record(match))


def summary_of(match: Match, lang: str = "en", size=(1280, 720)):
    """The round summary of ``match`` (its round just ended) at a one-person table."""
    app, table, _ = make_table(match.name, match=match, lang=lang, size=size, speed="instant")
    summary = app.show("summary", table=table)
    frames(app, 2)
    return app, table, summary


def summary_drawing(summary: SummaryScene) -> list[Drawn]:
    """What the game's own summary draws in its panel (not the table beneath it)."""
    return draw_recorded(
        summary.app, lambda surface: summary.screens.draw_summary(summary, surface, summary.panel_rect())
    )


def summary_says(summary: SummaryScene) -> str:
    """The summary's texts as one, a sentence wrapped over lines joined again."""
    return " ".join(texts(summary_drawing(summary)))


def round_over(match: Match) -> bool:
    return match.round.is_over and match.phase is not Phase.MATCH_OVER


def broken_streak(match: Match) -> bool:
    result = match.round.result
    return (
        round_over(match) and result.winner is not None and result.score_after == (0, 0) and match.start.score != (0, 0)
    )


def blocked_win(match: Match) -> bool:
    return (
        round_over(match)
        and match.round.result.winner is not None
        and match.round.result.termination is Termination.BLOCK
    )


def tie(match: Match) -> bool:
    return round_over(match) and match.round.result.winner is None


# --- 2. Start with a saved match asks first; Continue is the default --------------------------


def saved_match() -> Match:
    match = advance(Match("chiva", SEATS, 9), lambda m: m.start.number == 2 and m.to_act == 1)
    persist.save_match(match)
    return match


def open_menu(size=(1280, 720)) -> tuple[App, MenuScene]:
    app = App(size, settings=Settings(speed="instant"))
    menu = app.show("menu")
    frames(app, 2)
    return app, menu


def test_item_2_start_with_a_saved_match_asks_first_and_keeps_the_match():
    saved = saved_match()
    before = persist.save_path().read_bytes()
    app, menu = open_menu()
    mouse_click(app, centre(menu.widgets["start"]), settle=3)
    assert app.manager.scene is menu and isinstance(menu.windows.dialog, Dialog), "one click on Start replaces nothing"
    assert persist.save_path().read_bytes() == before
    assert [choice.name for choice in menu.windows.dialog.choices if choice.primary] == ["continue"]
    press(app, pygame.K_RETURN, settle=3)
    table = app.manager.scene
    assert table is not menu and state(table.match) == state(saved), "Enter in the question continues"


def test_item_2_continue_comes_first_as_the_primary_button_and_enter_takes_it():
    saved = saved_match()
    app, menu = open_menu()
    continue_, start = menu.widgets["continue"], menu.widgets["start"]
    assert "@primary" in continue_.class_ids and "@primary" not in start.class_ids
    assert continue_.rect.x < start.rect.x
    press(app, pygame.K_RETURN, settle=3)
    assert state(app.manager.scene.match) == state(saved)


# --- 3. The leave question tells the truth ------------------------------------------------------

LOST = {"en": "lost", "fr": "perdu", "it": "pers", "id": "hilang"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_item_3_leaving_says_the_match_stays_saved_and_it_does_in_every_language(lang):
    app, table, match = make_table(seed=3, lang=lang)
    assert wait_for_person(app, table)
    mouse_click(app, centre(table.buttons["menu"]))
    question = table.dialog.body
    assert question == app.tr("confirm.menu.question")
    assert LOST[lang] not in question.lower() and app.tr("menu.continue") in question
    mouse_click(app, centre(table.dialog.buttons["ok"]), settle=3)
    menu = app.manager.scene
    assert isinstance(menu, MenuScene) and "continue" in menu.widgets, "Continue is offered, as the question said"
    mouse_click(app, centre(menu.widgets["continue"]), settle=3)
    assert state(app.manager.scene.match) == state(match)
    assert not app.text.missing


# --- 4. Throwing the deal in and naming the opener: preview, then confirm ----------------------


def test_item_4_throw_in_is_a_preview_until_confirmed_and_esc_drops_it():
    match = match_on("dekabes", {(1, 0): FIVE_DOUBLES}, seats=SEATS)
    app, table, _ = make_table(match=match)
    before = state(match)
    mouse_click(app, centre(table.decision_buttons["throw_in"]))
    assert state(match) == before and table.board.pending == "throw_in"
    assert table.board.status_text() == app.tr("preview.throw_in")
    mouse_click(app, centre(table.decision_buttons["accept"]))
    assert state(match) == before and table.board.pending == "accept", "another click only changes the preview"
    press(app, pygame.K_ESCAPE)
    assert state(match) == before and table.board.pending is None and table.dialog is None
    press(app, pygame.K_TAB)
    press(app, pygame.K_TAB)
    assert table.board.pending == "throw_in" and state(match) == before
    press(app, pygame.K_RETURN)
    assert match.round.deals[0].redeal_by == 1


def opener_to_choose() -> Match:
    """A Dékabès match whose round the person's team opens, the person choosing who: every
    hand kept."""
    match = choosing_round(SEATS)
    for seat in range(1, 5):
        match.push(ACCEPT, seat=seat)
    assert match.phase is Phase.CHOOSING
    return match


def test_item_4_choosing_the_opener_is_a_preview_until_confirmed():
    match = opener_to_choose()
    app, table, _ = make_table(match=match)
    before = state(match)
    mouse_click(app, centre(table.decision_buttons["choose_self"]))
    assert state(match) == before and table.board.status_text() == app.tr("preview.choose_self")
    assert set(table.decision_buttons) == {"choose_self", "choose_partner", "confirm"}
    assert "@primary" in table.decision_buttons["confirm"].class_ids
    mouse_click(app, centre(table.decision_buttons["confirm"]))
    assert match.round.opener == 1


# --- 5. A broken streak says why ----------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_item_5_a_broken_streak_says_why_in_every_language(lang):
    match = blocked_round("chiva", score=(0, 2), number=3, seats=SEATS)
    assert broken_streak(match)
    app, table, summary = summary_of(match, lang)
    names, tr = table.names, app.tr
    loser = "A" if match.start.score[0] else "B"
    had = max(match.start.score)
    said = summary_says(summary)
    assert tr("why.streak_broken", team=names.team_name(loser), count=had) in said
    assert summary.ribbon[0] == tr("banner.streak_broken") and summary.ribbon[1] == tr("banner.back_to_zero")
    assert not app.text.missing
    if lang == "en":
        assert re.search(r"Streak broken: [^.]*\. Both teams go back to 0", said)


# --- 6. Block and tie summaries give their reasons and who opens next ------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_item_6_a_chiva_block_shows_both_team_pip_totals_and_who_opens_next(lang):
    match = blocked_round("chiva", seats=SEATS)
    assert blocked_win(match)
    app, table, summary = summary_of(match, lang)
    names, tr, result = table.names, app.tr, match.round.result
    ours, theirs = result.pips[0] + result.pips[2], result.pips[1] + result.pips[3]
    said = summary_says(summary)
    assert tr("why.team_pips", team=tr("team.yours"), pips=ours, other=tr("team.theirs"), other_pips=theirs) in said
    assert tr("why.chiva_block", team=names.team(result.winner)) in said
    assert names.says("next.opens", result.next_opening.seat) in said
    assert not app.text.missing


@pytest.mark.parametrize("lang", LANGUAGES)
def test_item_6_a_dekabes_block_marks_the_lowest_hand_and_names_who_chooses_next(lang):
    match = blocked_round("dekabes", seats=SEATS)
    assert blocked_win(match)
    app, table, summary = summary_of(match, lang)
    names, tr, result = table.names, app.tr, match.round.result
    lowest = min(result.pips)
    holders = [seat for seat in range(1, 5) if result.pips[seat - 1] == lowest]
    shown = texts(summary_drawing(summary))
    assert shown.count(tr("summary.pips_lowest", count=lowest)) == len(holders)
    said = " ".join(shown)
    assert tr("why.lowest_hand", count=lowest, who=", ".join(names.name(seat) for seat in holders)) in said
    assert names.says("next.chooses", result.next_opening.seat) in said
    assert not app.text.missing


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    ("game", "why", "then"),
    [("chiva", "why.chiva_tie", "next.double_six"), ("dekabes", "why.dekabes_tie", "next.chooses")],
)
def test_item_6_a_tie_says_why_and_who_opens_next(lang, game, why, then):
    match = blocked_round(game, BLOCKED_TIE, seats=SEATS)
    assert tie(match)
    app, table, summary = summary_of(match, lang)
    said = summary_says(summary)
    assert app.tr("result.tie") in said and app.tr(why) in said
    seat = match.round.result.next_opening.seat
    assert (table.names.says(then, seat) if seat else app.tr(then)) in said
    assert not app.text.missing


# --- 7. The final board can be seen --------------------------------------------------------------


def test_item_7_the_final_board_stays_a_while_with_why_it_ended_before_the_summary():
    match = blocked_round("chiva", seats=SEATS)
    assert blocked_win(match)
    app, table, _ = make_table(match=match, speed="instant")
    frames(app, 60)
    assert app.manager.scene is table, "the final board is shown before the summary, even at the instant speed"
    shown = texts(draw_recorded(app, table.draw))
    ends = table.view.ends
    assert set(table.board.round_end_caption()) <= set(shown)
    key, numbers = by_ends("why.blocked", *ends)
    assert app.tr(key, **numbers) in shown
    press(app, pygame.K_RETURN, settle=3)
    assert isinstance(app.manager.scene, SummaryScene)


def test_item_7_the_summary_steps_aside_to_show_the_line():
    match = blocked_round("chiva", seats=SEATS)
    assert blocked_win(match)
    app, table, summary = summary_of(match)
    mouse_click(app, centre(summary.buttons["peek"]), settle=2)
    assert summary.peeking and set(summary.buttons) == {"back"}
    drawn = draw_recorded(app, summary.draw)
    line = {placed.tile for placed in table.view.line}
    assert line <= {d.what for d in drawn if d.kind == "face"}, "every tile of the line is drawn"
    assert not set(explanation(match, table.names, app.tr)) & set(texts(drawn)), "no summary over the line"
    mouse_click(app, centre(summary.buttons["back"]), settle=2)
    assert not summary.peeking and "next_round" in summary.buttons


# --- 8. The PASS badge never hides the tile count -------------------------------------------------


def changed(before: numpy.ndarray, after: numpy.ndarray) -> pygame.Rect:
    """The smallest rectangle holding every pixel that differs."""
    xs, ys = numpy.nonzero((before != after).any(axis=2))
    assert xs.size, "nothing changed"
    return pygame.Rect(int(xs.min()), int(ys.min()), int(xs.max() - xs.min()) + 1, int(ys.max() - ys.min()) + 1)


def plate_parts(app: App, table, seat: int) -> tuple[pygame.Rect, pygame.Rect]:
    """Where a PASS badge and the tile count are painted on ``seat``'s plate: what changes
    when the badge is added, and when the count is taken away."""
    rect, vertical = table.board.plate_rect(seat), seat_position(seat, table.viewer) in ("left", "right")
    plate = dataclasses.replace(table.board.plate_for(seat), badge="", active=False)

    def paint(shown: Plate) -> numpy.ndarray:
        surface = pygame.Surface(app.size)
        draw_still_plate(app, surface, rect, shown, table.layout.unit, vertical)
        return pygame.surfarray.array3d(surface)

    plain = paint(plate)
    badge = changed(plain, paint(dataclasses.replace(plate, badge=app.tr("seat.pass"))))
    return badge, changed(plain, paint(dataclasses.replace(plate, count="")))


def someone_passed(match: Match) -> bool:
    turns = match.view_for(1).turns if match.round.play is not None else ()
    return match.to_act == 1 and bool(turns) and isinstance(turns[-1].move, Pass) and turns[-1].seat != 1


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
def test_item_8_the_pass_badge_leaves_every_seat_tile_count_in_view(size):
    match = match_on("chiva", {(1, 0): FEW_DOUBLES}, seats=SEATS)
    match.push(Play(Tile.from_str("6-6")), seat=4)
    match.push(Play(Tile.from_str("0-6"), End.RIGHT), seat=1)
    match.push(Play(Tile.from_str("1-6"), End.LEFT), seat=2)  # ends 1 and 0: seats 3 and 4 hold neither
    match.push(PASS, seat=3)
    match.push(PASS, seat=4)
    assert someone_passed(match)
    app, table, _ = make_table(match=match, size=size)
    passer = match.view_for(1).turns[-1].seat
    assert table.board.plate_for(passer).badge == app.tr("seat.pass")
    for seat in range(1, 5):
        badge, count = plate_parts(app, table, seat)
        assert not badge.colliderect(count), (seat, badge, count)


@pytest.mark.parametrize("game", ["chiva", "tiengow"])
def test_item_8_no_seat_badge_is_hidden_under_a_top_bar_button(game):
    app, table, _ = make_table(game)
    for seat in range(2, 5):
        badge, _count = plate_parts(app, table, seat)
        assert not [name for name, widget in table.buttons.items() if widget.rect.colliderect(badge)], seat


# --- 9. The Log opens at its end, scrolls fast, and reviews any finished round ----------------------


def fourth_round() -> Match:
    """A Chiva match at its fourth round, the person to lead, three blocked rounds finished."""
    match = blocked_round("chiva", seats=SEATS)
    for _ in range(2):
        match.next_round()
        play_the_line(match)
    match.next_round()
    assert match.start.number == 4 and match.to_act == 1
    return match


def test_item_9_the_log_opens_at_the_newest_line_and_a_wheel_notch_moves_it_a_line():
    match = fourth_round()
    app, table, _ = make_table(match=match)
    mouse_click(app, centre(table.buttons["log"]))
    bar = table.panels.log.text.scroll_bar
    assert bar is not None and bar.start_percentage + bar.visible_percentage >= 0.99, "scrolled to the end"
    before = bar.start_percentage
    pygame.mouse.set_pos(table.panels.log.text.rect.center)
    frames(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0))
    frames(app, 30)
    text_height = table.panels.log.text.text_box_layout.layout_rect.height
    line_height = max(row.height for row in table.panels.log.text.text_box_layout.layout_rows)
    moved = (before - bar.start_percentage) * text_height
    assert moved >= 3 * line_height, f"a notch moved the text {moved:.0f} px; pygame-gui's default crawls two lines"


def test_item_9_any_finished_round_can_be_chosen_for_review_from_the_log():
    match = fourth_round()
    app, table, _ = make_table(match=match)
    mouse_click(app, centre(table.buttons["log"]))
    panel = table.panels.log
    assert [value for _, value in panel.choices.options_list] == ["2", "1", "0"], "every finished round, newest first"
    mouse_click(app, panel.choices.rect.center, settle=3)
    options = panel.choices.current_state.options_selection_list.item_list
    first = next(item for item in options if item["text"] == app.tr("word.round", number=1))
    mouse_click(app, first["button_element"].rect.center, settle=3)
    mouse_click(app, centre(panel.buttons["review"]), settle=3)
    review = app.manager.scene
    assert isinstance(review, ReviewScene) and review.review.index == 0
    assert review.review.positions[0].state.start.number == 1


# --- 10. One naming scheme everywhere --------------------------------------------------------------


def forbidden_names(app: App) -> list[str]:
    """What a one-person table must never call anyone: teams A and B, Player N, Computer N."""
    tr = app.tr
    found = [tr(f"team.{team}{form}") for team in "AB" for form in ("", ".name")]
    return found + [tr(f"name.{role}.label", seat=seat) for role in ("player", "computer") for seat in range(1, 5)]


def misnamed(app: App, lines: list[str]) -> list[str]:
    wrong = forbidden_names(app)
    pattern = re.compile(r"\b(seat|Seat) \d|\bUs\b|\bThem\b")
    return [line for line in lines if any(name in line for name in wrong) or pattern.search(line)]


def everything_said(app: App, table, summary: SummaryScene) -> list[str]:
    """Every text of the table, its log, the summary, its Why? and the review of the round."""
    match = table.match
    said = texts(draw_recorded(app, table.draw)) + table.screens.log_lines(match, table.names, app.tr)
    said += texts(draw_recorded(app, summary.draw))
    heading, lines, _rules = summary.screens.why(match, table.names, app.tr)
    said += [heading, *lines]
    mouse_click(app, centre(summary.buttons["review"]), settle=2)
    review = app.manager.scene
    assert isinstance(review, ReviewScene)
    for at in range(len(review.review)):
        review.go(at)
        said += texts(draw_recorded(app, review.draw))
    return said


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("game", "seed"), [("chiva", 3), ("dekabes", 10), ("tiengow", 3)])
def test_item_10_a_one_person_table_names_seats_and_teams_one_way_in_every_language(game, seed, lang):
    match = advance(Match(game, SEATS, seed), lambda m: m.round.is_over)
    app, table, summary = summary_of(match, lang)
    said = everything_said(app, table, summary)
    assert not misnamed(app, said)
    labels = {table.names.label(seat) for seat in range(1, 5)}
    assert labels == {app.tr(f"name.{role}.label") for role in ("you", "right", "left", table.names.role(3))}
    assert not app.text.missing


@pytest.mark.parametrize("lang", LANGUAGES)
def test_item_10_the_end_of_a_match_says_your_team_won_or_lost_in_every_language(lang):
    match = blocked_round("chiva", score=(3, 0), number=4, seats=SEATS)  # a fourth won round in a row
    assert match.phase is Phase.MATCH_OVER
    app, _table, summary = summary_of(match, lang)
    won = match.winner == "A"
    said = summary_says(summary)
    assert app.tr("summary.match_won" if won else "summary.match_lost") in said
    assert summary.ribbon[0] == app.tr("banner.match_won" if won else "banner.match_lost")
    assert not misnamed(app, [said, summary.ribbon[1]])


# --- 11. Keyboard focus starts on a playable tile ---------------------------------------------------


def test_item_11_keyboard_focus_starts_on_a_playable_tile_and_enter_previews_it():
    match = match_on("dekabes", {(1, 0): FEW_DOUBLES}, seats=SEATS)
    for seat in range(1, 5):
        match.push(ACCEPT, seat=seat)
    match.push(Play(Tile.from_str("6-6")), seat=4)  # the person holds 0-0 … 0-6: only 0-6 fits
    app, table, _ = make_table(match=match)
    assert wait_for_person(app, table)
    hand = table.view.hand
    playable = {m.tile for m in match.legal_moves() if isinstance(m, Play)}
    assert playable == {Tile.from_str("0-6")} and hand[0] not in playable, "the first tile is dim"
    assert hand[table.board.focus] in playable
    press(app, pygame.K_RETURN)
    assert table.board.selected is hand[table.board.focus] and table.board.ghosts and table.board.row.shake is None
    step = len(match.decisions)
    press(app, pygame.K_RETURN)  # plays the previewed tile
    assert match.decisions[step].seat == 1 and match.decisions[step].decision.tile == Tile.from_str("0-6")


# --- 12. The menu's controls are large and never overlap -------------------------------------------


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
def test_item_12_menu_controls_are_large_apart_and_on_screen(size):
    saved_match()
    app, menu = open_menu(size)
    screen = pygame.Rect((0, 0), app.size)
    widgets = list(menu.widgets.items())
    assert not [n for n, w in widgets if isinstance(w, pygame_gui.elements.UIDropDownMenu) and n != "lang"]
    for index, (name, widget) in enumerate(widgets):
        assert screen.contains(widget.rect) and widget.rect.height >= 44, name
        for other, neighbour in widgets[index + 1 :]:
            assert not widget.rect.colliderect(neighbour.rect), (name, other)
        for caption, rect in menu.captions:
            assert not widget.rect.colliderect(rect), (name, caption)
    mouse_click(app, menu.widgets["lang"].rect.center, settle=3)
    rows = menu.widgets["lang"].current_state.options_selection_list.item_list
    assert len(rows) == len(LANGUAGES)
    assert all(row["button_element"].rect.height >= 44 for row in rows), "no 20 px rows"


# --- 13. The summary's tiles are a readable size at 800x600 ----------------------------------------


@pytest.mark.parametrize("game", ["chiva", "dekabes", "tiengow"])
def test_item_13_summary_tiles_are_at_least_16_px_wide_at_800x600(game):
    match = advance(Match(game, SEATS, 3), lambda m: m.round.is_over)
    *_, summary = summary_of(match, size=(800, 600))
    faces = [d for d in summary_drawing(summary) if d.kind == "face"]
    assert faces and min(min(d.rect.size) for d in faces) >= 16, "the old summaries drew tiles 11 or 12 px wide"


# --- 14. Restart, New match and Leave ask in the table's own dialog with large buttons -------------


@pytest.mark.parametrize("action", ["restart", "new_match", "menu"])
def test_item_14_questions_are_themed_dialogs_with_large_buttons(action):
    app, table, match = make_table(seed=3, size=(800, 600))
    assert wait_for_person(app, table)
    before = state(match)
    mouse_click(app, centre(table.buttons[action]))
    dialog = table.dialog
    assert isinstance(dialog, Dialog) and table.paused
    assert not [
        e for e in app.ui.get_sprite_group().sprites() if isinstance(e, pygame_gui.windows.UIConfirmationDialog)
    ]
    assert pygame.Rect((0, 0), app.size).contains(dialog.panel)
    for widget in dialog.buttons.values():
        assert dialog.panel.contains(widget.rect) and widget.rect.height >= table.layout.button_h
    assert dialog.title == app.tr(f"confirm.{action}.title") and dialog.body == app.tr(f"confirm.{action}.question")
    press(app, pygame.K_ESCAPE)
    assert table.dialog is None and state(match) == before and app.manager.scene is table


# --- Tien Gow ------------------------------------------------------------------------------------------


def play_by_clicks(app: App, table, play: TrickPlay) -> None:
    """Tap the play's tiles, set Face down as it says, and tap Play."""
    for index in indices_for(table, play):
        mouse_click(app, table.board.hand_rects[index][1].center)
    if table.board.face_down != play.face_down:
        mouse_click(app, centre(table.decision_buttons["face_down"]))
    mouse_click(app, centre(table.decision_buttons["play"]))


ISSUES_OPENING = (  # issue 17's Tien Gow deal (seed 5) up to trick 4, as the person saw it
    "4:2-5 | 1:3-5 | 2:3-6 | 3:~4-6",
    "2:1-2 | 3:~2-4 | 4:1-4 | 1:3-4",
    "1:6-6 6-6 4-5 | 2:~1-6 1-5 2-6 | 3:~5-6 5-6 2-3 | 4:~4-6 1-6 1-5",
)


def issues_trick_4() -> tuple[App, object, Match]:
    """Issue 17's Tien Gow position, built from known hands and the tricks before it (seat 4
    the banker): the person is to lead trick 4 holding 1-1 1-1 2-2 after a three-tile trick.
    The tiles the person never sees go to the others as ``build_hands`` fills them, so the
    person's view is the one seed 5 gave, whatever the computer seats would play now."""
    dealt = build_hands(list(ISSUES_OPENING), known={1: "1-1 1-1 2-2"})
    match = Match(
        "tiengow", SEATS, seed=1, deal_source=lambda number, index: tuple(dealt), start=TienGowStart(1, 4, (0, 0, 0, 0))
    )
    for trick in ISSUES_OPENING:
        for seat, play in parse_trick(trick):
            match.push(play, seat=seat)
    app, table, _ = make_table(match=match, speed="instant")
    assert wait_for_person(app, table)
    assert sorted(map(str, table.view.hand)) == ["1-1", "1-1", "2-2"]
    return app, table, match


def finish_round(app: App, table) -> None:
    """The person takes their first legal decision until the round ends."""
    while wait_for_person(app, table):
        assert table.commit(table.match.legal_moves()[0])


def following(lead: str, hand: str, lang: str = "en", size=(1280, 720)):
    """A Tien Gow table where seat 4 (the banker) has led ``lead`` and the person, holding
    ``hand`` among their tiles, is to follow."""
    dealt = build_hands([], known={4: lead, 1: hand})
    match = Match(
        "tiengow", SEATS, seed=1, deal_source=lambda number, index: tuple(dealt), start=TienGowStart(1, 4, (0, 0, 0, 0))
    )
    match.push(TrickPlay(tiles(lead), False), seat=4)
    return make_table(match=match, lang=lang, size=size)


# --- 15. "Trick N · k tiles left" is right after a multi-tile trick ------------------------------------


def test_item_15_after_a_three_tile_trick_the_label_counts_tricks_and_tiles_in_every_language():
    app, table, _match = issues_trick_4()
    assert [trick.columns for trick in table.view.tricks] == [1, 1, 3]
    for lang in LANGUAGES:
        app.set_language(lang)
        label = app.tr("tg.trick", number=4) + " · " + app.tr("tg.tiles_left", count=3)
        assert label in texts(draw_recorded(app, table.draw)), lang
    app.set_language("en")
    assert "Trick 4 · 3 tiles left" in texts(draw_recorded(app, table.draw)), "not Trick 4 of 8"


# --- 16. The hint and the review come from one evaluation ---------------------------------------------


def test_item_16_on_the_issues_position_the_review_calls_the_other_single_as_good_as_the_hint():
    app, table, match = issues_trick_4()
    press(app, pygame.K_h)
    hint = wait_for_hint(app, table)
    # since issue 40 item 21 the normal level leads Earth (issue 17's hint kept it for the last
    # trick and led Bench); either way the other single is within the estimate's noise
    assert hint.decision == TrickPlay(tiles("1-1"), False) and hint.reason == "leads_strong"
    step = len(match.decisions) + 1
    play_by_clicks_select(app, table, "1-1")
    assert table.board.selection == [], "a tap on the hinted tile takes the hint's preview back"
    play_by_clicks(app, table, TrickPlay(tiles("2-2"), False))
    assert match.decisions[step - 1] == Decided(1, TrickPlay(tiles("2-2"), False))
    finish_round(app, table)
    press(app, pygame.K_RETURN, settle=3)
    summary = app.manager.scene
    mouse_click(app, centre(summary.buttons["review"]), settle=2)
    review = app.manager.scene
    verdict = review.review.verdict(step)
    assert verdict.best == hint.decision, "the review's choice is the hint's"
    assert verdict.taken != verdict.best and verdict.as_good and not verdict.clearly_worse
    review.go(step)
    said = texts(draw_recorded(app, review.draw))
    assert any(line.startswith("As good as the computer's choice, Earth (1-1)") for line in said)
    assert "Why: you lead Earth to take a column." in said, "the hint's own reason"
    assert not any("prefers" in line for line in said), "a difference inside the noise is no preference"


@pytest.mark.slow
@pytest.mark.parametrize(("game", "seed"), [("chiva", 3), ("dekabes", 5), ("tiengow", 3)])
def test_item_16_every_hint_taken_is_what_the_review_would_have_played(game, seed):
    app, table, match = make_table(game, seed=seed, speed="instant")
    hinted = {}
    while wait_for_person(app, table):
        press(app, pygame.K_h)
        hint = wait_for_hint(app, table)
        step = len(match.decisions) + 1
        for _ in range(3):
            if len(match.decisions) == step:
                break
            press(app, pygame.K_RETURN)
        assert match.decisions[step - 1].decision == hint.decision
        hinted[step] = hint.decision
    review = RoundReview(match, 0, app.settings.level)
    judged = {step: review.verdict(step) for step in hinted}
    assert any(judged.values()), "the person had a real choice"
    for step, verdict in judged.items():
        if verdict is not None:
            assert verdict.best == hinted[step] and verdict.taken == verdict.best


# --- 17, 18. Previews are whole sentences that start with a capital ----------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_item_17_a_follow_that_is_not_a_group_reads_as_one_sentence_in_every_language(lang):
    app, table, _match = following("6-6 6-6", "1-1 1-1 3-3 2-6", lang)
    assert wait_for_person(app, table)
    play_by_clicks_select(app, table, "3-3 2-6")
    assert table.board.face_down and table.board.preview_text() == app.tr("tg.preview.no_group", count=2)
    press(app, pygame.K_ESCAPE)
    play_by_clicks_select(app, table, "1-1 1-1")
    group = app.tr("tg.tile.earth.pair")
    assert table.board.preview_text() == app.tr("tg.preview.cannot_beat", group=group[:1].upper() + group[1:])
    assert not app.text.missing
    if lang == "en":
        assert table.board.preview_text() == "Earth pair does not beat the best play: it goes face down."


def play_by_clicks_select(app: App, table, text: str) -> None:
    for index in indices_for(table, TrickPlay(tiles(text), False)):
        mouse_click(app, table.board.hand_rects[index][1].center)


LEADS = ("6-6", "6-6 6-6", "3-6 4-5", "1-2 2-4", "1-1 2-6", "6-6 6-6 3-6 4-5")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_item_18_every_group_preview_starts_with_a_capital_in_every_language(lang):
    dealt = build_hands([], known={1: LEAD_HAND})
    match = Match(
        "tiengow", SEATS, seed=1, deal_source=lambda number, index: tuple(dealt), start=TienGowStart(1, 1, (0, 0, 0, 0))
    )
    app, table, _ = make_table(match=match, lang=lang)
    for lead in LEADS:
        play_by_clicks_select(app, table, lead)
        preview = table.board.preview_text()
        assert preview[0].isupper(), preview
        press(app, pygame.K_ESCAPE)
    assert not app.text.missing


# --- 19. The Log counts columns with plurals and names seats as the table does ------------------------

ONE_COLUMN_WRONG = {"en": r"(?<!\d)1 columns", "fr": r"(?<!\d)1 colonnes", "it": r"(?<!\d)1 colonne\b", "id": None}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_item_19_the_log_says_1_column_and_the_tables_names_in_every_language(lang):
    match = played_deal(BIG_SIX_CAPTURE, seats=SEATS)  # eight one-column tricks
    assert any(trick.columns == 1 for trick in match.view_for(1).tricks)
    app, table, _ = make_table(match=match, lang=lang, speed="instant")
    mouse_click(app, centre(table.buttons["log"]))
    log = table.panels.log.text.html_text
    wrong = ONE_COLUMN_WRONG[lang]
    assert wrong is None or not re.search(wrong, log)
    assert not misnamed(app, [log])
    for seat in range(2, 5):
        assert table.names.subject(seat) in log or table.names.label(seat) in log
    assert not app.text.missing


# --- 20. The tile's name follows the keyboard focus and the hint --------------------------------------


def test_item_20_the_tile_name_follows_the_keys_and_the_hint_not_only_the_mouse():
    app, table, _match = make_table("tiengow", seed=3)
    assert wait_for_person(app, table)
    hand = table.view.hand
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=table.board.hand_rects[0][1].center, rel=(1, 1), buttons=(0, 0, 0), touch=False
        )
    )
    frames(app)
    assert table.board.named_tile() == hand[0], "the pointer names the tile under it"
    while hand[table.board.cursor] == hand[0]:
        press(app, pygame.K_RIGHT)
    assert table.board.named_tile() == hand[table.board.cursor], "then the keys move the name with the focus"
    assert app.tr(tile_key(hand[table.board.cursor])) in " ".join(texts(draw_recorded(app, table.draw)))
    press(app, pygame.K_h)
    hint = wait_for_hint(app, table)
    assert table.board.named_tile() == hint.decision.tiles[0], "and the hint names the tile it suggests"


# --- 21. Immediate payments are broken down in the summary; face-down tiles stand apart -----------------


def supreme_led_by_you(lang: str) -> tuple[App, object, Match]:
    """A deal in which the person, the banker, leads Supreme and takes it."""
    dealt = build_hands([], known={1: "1-2 2-4 6-6 6-6"})
    match = Match(
        "tiengow", SEATS, seed=1, deal_source=lambda number, index: tuple(dealt), start=TienGowStart(1, 1, (0, 0, 0, 0))
    )
    app, table, _ = make_table(match=match, lang=lang, speed="instant")
    play_by_clicks(app, table, TrickPlay(tiles("1-2 2-4"), False))
    finish_round(app, table)
    press(app, pygame.K_RETURN, settle=3)
    return app, app.manager.scene, match


@pytest.mark.parametrize("lang", LANGUAGES)
def test_item_21_a_trick_paid_at_once_is_broken_down_in_the_summary_in_every_language(lang):
    app, summary, match = supreme_led_by_you(lang)
    view = match.view_for(1)
    first = view.tricks[0]
    assert first.bonus == "supreme" and first.winner == 1
    drawn = summary_drawing(summary)
    line = app.tr("tg.summary.at_once", number=1, line=immediate_line(first, summary.table.names, app.tr))
    assert line in " ".join(texts(drawn))
    assert f"{view.result.immediate[0]:+d}" in texts(drawn)
    face_up = sum(len(play.tiles) for trick in view.tricks for play in trick.plays if not play.face_down)
    assert len([d for d in drawn if d.kind == "face"]) == face_up, "face-down tiles are not drawn as plain faces"
    assert not app.text.missing


# --- 22. A deal is a deal everywhere -----------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_item_22_the_table_log_and_review_call_a_tien_gow_deal_the_same_in_every_language(lang):
    match = played_deal(BIG_SIX_CAPTURE, seats=SEATS)  # eight one-column tricks
    app, table, _ = make_table(match=match, lang=lang, speed="instant")
    deal = app.tr("word.deal", number=1)
    assert deal in " ".join(texts(draw_recorded(app, table.draw)))
    mouse_click(app, centre(table.buttons["log"]))
    assert [text for text, _ in table.panels.log.choices.options_list] == [deal]
    mouse_click(app, centre(table.panels.log.buttons["review"]), settle=2)
    review = app.manager.scene
    title = next(text for text in texts(draw_recorded(app, review.draw)) if app.tr("game.tiengow") in text)
    assert deal in title
    if app.tr("word.round", number=1) != deal:
        assert app.tr("word.round", number=1) not in title


def test_item_22_the_reviews_deal_chooser_says_deal_too():
    match = advance(Match("tiengow", SEATS, 3), lambda m: m.start.number == 2 and m.round.is_over)
    app, table, _ = make_table(match=match, speed="instant")
    mouse_click(app, centre(table.buttons["log"]))
    mouse_click(app, centre(table.panels.log.buttons["review"]), settle=2)
    chooser = app.manager.scene.widgets["round"]
    assert [text for text, _ in chooser.options_list] == [app.tr("word.deal", number=n) for n in (1, 2)]


# --- 23. With one tile left, Play plays it ------------------------------------------------------------


def test_item_23_with_one_tile_left_play_plays_the_focused_tile():
    match = advance(Match("tiengow", SEATS, 3), lambda m: m.to_act == 1 and len(m.view_for(1).hand) == 1)
    app, table, _ = make_table(match=match, speed="instant")
    assert wait_for_person(app, table) and table.board.selection == [0]  # issue 24 item 17: chosen for the person
    before = len(match.decisions)
    mouse_click(app, centre(table.decision_buttons["play"]))
    assert len(match.decisions) == before + 1 and match.decisions[-1].seat == 1
    assert table.messages.text != app.tr("tg.status.choose_tiles")


# --- 24. A tile marked face down is drawn face down --------------------------------------------------


def test_item_24_a_tile_marked_face_down_is_drawn_as_a_back_in_the_hand():
    app, table, _match = following("1-3", "4-4")
    assert wait_for_person(app, table)
    index = indices_for(table, TrickPlay(tiles("4-4"), False))[0]
    mouse_click(app, table.board.hand_rects[index][1].center)
    assert not table.board.face_down
    spot = table.board.lifted(table.board.hand_rects[index][1], index)
    short = table.layout.hand_short
    drawn = draw_recorded(app, table.draw)
    assert any(d.kind == "face" and d.rect == spot for d in drawn)
    assert not any(d.kind == "back" and d.rect == spot and d.size == short for d in drawn)
    mouse_click(app, centre(table.decision_buttons["face_down"]))
    assert table.board.face_down
    drawn = draw_recorded(app, table.draw)
    assert any(d.kind == "back" and d.rect == spot and d.size == short for d in drawn), "a back where the tile is"
    assert not any(d.kind == "face" and d.rect == spot for d in drawn)


# --- 25. At 800x600 the buttons stay in the hand's frame and the seat names are readable ---------------


def test_item_25_the_decision_buttons_stay_inside_the_hand_frame_at_800x600():
    from scenes.ui.board import status_area

    app, table, _match = following("6-6 6-6", "1-1 1-1", size=(800, 600))
    assert wait_for_person(app, table)
    lay = table.layout
    assert set(table.decision_buttons) == {"face_down", "play"}
    for widget in table.decision_buttons.values():
        # issue 40 item 10: at 800x600 the hand takes its whole frame (every tile a 9 mm target),
        # and the buttons go over the board's bottom corners, above the status line
        assert lay.board.contains(widget.rect) and widget.rect.bottom <= status_area(lay).y
        assert not any(widget.rect.colliderect(rect) for _, rect in table.board.hand_rects)


@pytest.mark.parametrize("game", ["chiva", "dekabes", "tiengow"])
def test_item_25_seat_names_are_at_least_12_px_at_800x600(game):
    app, table, _ = make_table(game, size=(800, 600))
    labels = {table.names.label(seat) for seat in range(1, 5)}
    drawn = [d for d in draw_recorded(app, table.draw) if d.kind == "text" and d.what in labels]
    assert {d.what for d in drawn} == labels and min(d.size for d in drawn) >= 12


def test_item_25_every_line_on_the_seat_plates_is_at_least_12_px_at_800x600():
    app, table, _ = make_table("tiengow", size=(800, 600))
    plates = [table.board.plate_rect(seat) for seat in range(1, 5)]
    drawn = [d for d in draw_recorded(app, table.draw) if d.kind == "text"]
    on_plates = [d for d in drawn if any(plate.contains(d.rect) for plate in plates)]
    assert on_plates and min(d.size for d in on_plates) >= 12, [(d.what, d.size) for d in on_plates if d.size < 12]


# --- 26. A finished trick waits for the player, with why it was won --------------------------------------


def play_until_a_trick_is_held(app: App, table) -> None:
    """The person, last to follow (``last_to_follow``), takes the hinted play; the trick it
    ends is held."""
    assert wait_for_person(app, table)
    press(app, pygame.K_h)
    wait_for_hint(app, table)
    press(app, pygame.K_RETURN)
    for _ in range(FRAME_LIMIT):
        if table.board.lingering is not None and table.board.lingering.held:
            return
        frames(app)
    raise AssertionError("no trick was held")


@pytest.mark.slow
def test_item_26_a_finished_trick_stays_with_why_it_was_won_until_the_player_goes_on():
    app, table, match = make_table(match=last_to_follow())
    play_until_a_trick_is_held(app, table)
    decided = len(match.decisions)
    trick = table.board.lingering.trick
    frames(app, 600)
    assert table.board.lingering is not None and table.board.lingering.trick is trick, "still there ten seconds later"
    assert len(match.decisions) == decided
    assert table.board.status_text() == "", "one line says how to go on: the trick's caption (issue 40 item 5)"
    drawn = draw_recorded(app, table.draw)
    said, line = texts(drawn), trick_line(trick_story(trick), table.names, app.tr)
    assert line in " ".join(said) and app.tr("tg.status.tap_to_go_on") in said, "said whole, maybe over two lines"
    caption = [d.rect for d in drawn if d.kind == "text" and len(d.what) > 12 and d.what in line]
    tiles = [d.rect for d in drawn if d.kind in ("face", "back")]
    assert caption and not any(part.colliderect(tile) for part in caption for tile in tiles), "no tile hides a word"
    press(app, pygame.K_RETURN)
    frames(app, 60)
    assert table.board.lingering is None


def test_item_26_last_trick_shows_the_trick_again_with_why():
    app, table, _match = make_table(match=last_to_follow())
    play_until_a_trick_is_held(app, table)
    trick = table.board.lingering.trick
    press(app, pygame.K_RETURN)
    frames(app, 60)
    mouse_click(app, centre(table.buttons["last_trick"]))
    assert table.board.peek == trick
    said = texts(draw_recorded(app, table.draw))
    line = trick_line(trick_story(trick), table.names, app.tr)
    assert line in " ".join(said) and app.tr("tg.status.peek_done") in said
    press(app, pygame.K_RETURN)
    assert table.board.peek is None


# --- Languages: payment sentences, one name per tile, labels clear of tiles ---------------------------

WRONG_GRAMMAR = {
    "en": [],
    "fr": [r"\b(de|à) (Vous|vous|Ordinateur|Joueur)\b", r"\b(de|à) (le|les)\b", r"\bde [aeiouéèh]"],
    "it": [r"\b(a|da) (Tu|tu|Computer|Giocatore)\b", r"\b(a|da|di) (il|i|lo)\b"],
    "id": [],
}


@pytest.mark.parametrize("seats", [SEATS, ("human", "ai", "human", "ai")], ids=["alone", "shared"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_languages_payment_lines_are_grammatical_sentences(lang, seats):
    app = App((1280, 720), settings=Settings(lang=lang))
    names = Names(app.text, tuple(map(Player.from_record, seats)), 1, partners=False)
    labels = {names.label(seat) for seat in range(1, 5)}
    for payer in range(1, 5):
        for payee in set(range(1, 5)) - {payer}:
            line = Settlement(payee, 2, payer, payee, 2, ("banker",), 4)
            sentence = settlement_text(line, names, app.tr).split(" = ")[0]
            for wrong in WRONG_GRAMMAR[lang]:
                assert not re.search(wrong, sentence), sentence
            if lang != "en":
                assert not [label for label in labels if label in sentence[1:]], f"a table label inside: {sentence}"
    assert not app.text.missing


@pytest.mark.parametrize("lang", LANGUAGES)
def test_languages_the_rules_call_each_tile_by_its_name_at_the_table(lang):
    app = App((1280, 720), settings=Settings(lang=lang))
    rules = app.tr("rules.tiengow.body")
    named = re.findall(r"[A-ZÀ-Ý]\w* (\d-\d)", rules)  # "Heaven 6-6", "Ciel 6-6"...
    assert len(named) >= 4
    for text in named:
        assert f"{app.tr(tile_key(Tile.from_str(text)))} {text}" in rules
    for tile in ("1-2", "2-4"):  # Little Three and Big Six, named in the rules without their pips
        assert app.tr(tile_key(Tile.from_str(tile))) in rules


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
@pytest.mark.parametrize(("game", "seed"), [("chiva", 3), ("dekabes", 10), ("tiengow", 3)])
def test_languages_no_revealed_tile_covers_a_seat_label_in_the_summary(game, seed, size, lang):
    match = advance(Match(game, SEATS, seed), lambda m: m.round.is_over)
    _app, table, summary = summary_of(match, lang, size)
    drawn = summary_drawing(summary)
    faces = [d.rect for d in drawn if d.kind == "face"]
    labels = [d for d in drawn if d.kind == "text" and d.what.split(" · ")[0] in map(table.names.label, range(1, 5))]
    assert len(labels) == 4 and faces
    for label in labels:
        assert label.rect.collidelist(faces) == -1, label.what


# --- 5, 6, 21 at 800x600: the explanations stay readable --------------------------------------------

COLUMN_HEADERS = ("tg.summary.columns", "tg.summary.immediate", "tg.summary.settlement", "tg.summary.total")
ENDINGS: dict[str, Callable[[], Match]] = {
    "broken-streak": lambda: blocked_round("chiva", score=(0, 2), number=3, seats=SEATS),
    "chiva-block": lambda: blocked_round("chiva", seats=SEATS),
    "chiva-tie": lambda: blocked_round("chiva", BLOCKED_TIE, seats=SEATS),
    "dekabes-block": lambda: blocked_round("dekabes", seats=SEATS),
    "dekabes-tie": lambda: blocked_round("dekabes", BLOCKED_TIE, seats=SEATS),
    "tiengow": lambda: played_deal(BIG_SIX_CAPTURE, seats=SEATS),
}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("ending", ENDINGS)
def test_items_5_6_21_summary_sentences_wrap_instead_of_shrinking_at_800x600(ending, lang):
    app, _table, summary = summary_of(ENDINGS[ending](), lang, (800, 600))
    headers = {app.tr(key) for key in COLUMN_HEADERS}  # one word over each figure: squeezed, not a sentence
    small = [(d.what, d.size) for d in summary_drawing(summary) if d.kind == "text" and d.what not in headers]
    assert not [found for found in small if found[1] < READABLE_TEXT]
