"""Issue 24, the flow between screens: never skip, drop or hide a result. Items 1-5, 13 and
19, through the real client (pygame events posted, frames run)."""

from __future__ import annotations

import json

import numpy
import pygame
import pytest
from client_helpers import advance, centre, finger_tap, frames, make_table, mouse_click, press, wait_for_person

from game.core.errors import IllegalMove
from game.core.match import Match, Redo, Undo
from game.core.phases import Phase
from game.core.record import dumps, match_from_record, match_to_record, records_in_file
from game.core.savegame import match_from_save, match_to_save
from scenes.screens.menu import MenuScene
from scenes.screens.review import ReviewScene
from scenes.screens.summary import SummaryScene
from scenes.screens.table import TableScene
from scenes.services import persist
from scenes.services.settings import Settings
from scenes.services.translation import LANGUAGES
from scenes.shell.app import App
from scenes.ui.theme import COLOURS

SEATS = ("human", "greedy", "greedy", "greedy")
PASS_AND_PLAY = ("human", "greedy", "human", "greedy")
SETTLED = 40  # frames (two thirds of a second) after which a summary takes keys
LIMIT = 3000


def state(match: Match) -> str:
    return dumps(match_to_record(match))


def key_down(app: App, key: int, settle: int = 1) -> None:
    """A key pressed and not let go (SDL repeats it as more of these)."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    frames(app, settle)


def key_up(app: App, key: int, settle: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
    frames(app, settle)


def round_over(game: str = "chiva", seed: int = 4) -> Match:
    return advance(Match(game, SEATS, seed), lambda m: m.round.is_over and m.phase is not Phase.MATCH_OVER)


def match_over(seed: int = 5) -> Match:
    return advance(Match("chiva", SEATS, seed), lambda m: m.phase is Phase.MATCH_OVER)


def open_summary(match: Match, size=(1280, 720), lang: str = "en"):
    """The table of ``match`` (its round just ended), then its summary through an Enter on the
    banner, settled (it takes keys)."""
    app, table, _ = make_table(match.name, match=match, size=size, lang=lang)
    press(app, pygame.K_RETURN, settle=2)
    summary = app.manager.scene
    assert isinstance(summary, SummaryScene)
    frames(app, SETTLED)
    return app, table, summary


def open_menu(size=(1280, 720), lang: str = "en") -> tuple[App, MenuScene]:
    app = App(size, settings=Settings(lang=lang))
    if app.size != size:
        pygame.display.set_mode(size, pygame.RESIZABLE)
        app.manager.resize()
    menu = app.show("menu")
    frames(app, 2)
    return app, menu


def saved_tiengow() -> Match:
    saved = Match("tiengow", SEATS, 9)
    saved.run_computers()
    saved.push(saved.legal_moves()[0])
    persist.save_match(saved)
    return saved


# --- 1. Enter on the banner opens the summary; the match-end screen is always shown -----------


def test_item1_enter_on_banner_opens_the_summary():
    match = round_over()
    app, _, _ = make_table(match=match)
    number = match.start.number
    press(app, pygame.K_RETURN, settle=2)
    assert isinstance(app.manager.scene, SummaryScene)
    assert match.round.is_over and match.start.number == number


def test_item1_an_enter_held_from_the_banner_never_skips_the_summary():
    match = round_over()
    app, table, _ = make_table(match=match)
    number = match.start.number
    key_down(app, pygame.K_RETURN, settle=2)
    summary = app.manager.scene
    assert isinstance(summary, SummaryScene)
    for _ in range(SETTLED + 20):  # the key repeats as long as it is held
        key_down(app, pygame.K_RETURN)
    assert app.manager.scene is summary and match.round.is_over and match.start.number == number
    key_up(app, pygame.K_RETURN)
    press(app, pygame.K_RETURN, settle=2)
    assert app.manager.scene is table and match.start.number == number + 1, "a new press goes on"


def test_item1_an_enter_pressed_as_the_summary_opens_does_not_start_the_next_round():
    match = round_over()
    app, _, _ = make_table(match=match)
    number = match.start.number
    for _ in range(LIMIT):
        if isinstance(app.manager.scene, SummaryScene):
            break
        frames(app)
    summary = app.manager.scene
    assert isinstance(summary, SummaryScene), "the final board's hold opens the summary"
    press(app, pygame.K_RETURN)  # meant for the banner: it landed as the summary opened
    press(app, pygame.K_SPACE)
    assert app.manager.scene is summary and match.start.number == number


def test_item1_the_last_round_shows_the_match_result_and_keeps_the_finished_match():
    match = match_over()
    finished = state(match)
    app, table, summary = open_summary(match)
    assert summary.match_over and match.phase is Phase.MATCH_OVER
    assert persist.has_finished_match() and not persist.has_saved_match()
    press(app, pygame.K_RETURN, settle=2)
    assert app.manager.scene is summary and summary.dialog is not None, "Enter asks before a new match"
    assert state(match) == finished
    press(app, pygame.K_ESCAPE, settle=2)
    assert summary.dialog is None and app.manager.scene is summary and state(match) == finished
    mouse_click(app, centre(summary.buttons["new_match"]), settle=2)
    mouse_click(app, centre(summary.dialog.buttons["ok"]), settle=3)
    assert app.manager.scene is table and match.phase is not Phase.MATCH_OVER
    assert state(persist.load_finished()) == finished, "the finished match stays until the next one ends"


def test_item1_new_match_on_the_match_end_screen_is_away_from_where_next_round_sat():
    _, _, before = open_summary(round_over())
    next_round = before.buttons["next_round"].rect
    _, _, end = open_summary(match_over())
    new_match = end.buttons["new_match"]
    assert "next_round" not in end.buttons
    assert not new_match.rect.colliderect(next_round)
    assert "@primary" not in new_match.class_ids
    assert end.focus.focused == "new_match", "Enter's default at the end of a match is the question"


def test_item1_the_last_finished_match_is_reviewed_and_exported_from_the_menu():
    match = match_over()
    persist.keep_finished(match)
    app, menu = open_menu()
    mouse_click(app, centre(menu.widgets["last"]), settle=2)
    assert menu.windows.dialog is not None and set(menu.windows.dialog.buttons) == {"close", "export", "review"}
    mouse_click(app, centre(menu.windows.dialog.buttons["export"]), settle=2)
    written = list(persist.records_dir().glob("*.json"))
    assert len(written) == 1 and str(written[0]) in app.toast.text
    assert dumps(next(records_in_file(str(written[0])))) == state(match)
    mouse_click(app, centre(menu.widgets["last"]), settle=2)
    mouse_click(app, centre(menu.windows.dialog.buttons["review"]), settle=3)
    review = app.manager.scene
    assert isinstance(review, ReviewScene) and state(review.match) == state(match)


# --- 2. Every command that throws play away asks first --------------------------------------------


@pytest.mark.parametrize("name", ["restart", "new_match"])
def test_item2_restart_and_new_match_on_the_summary_ask_and_cancel_keeps_the_round(name):
    match = round_over()
    played = state(match)
    app, table, summary = open_summary(match)
    mouse_click(app, centre(summary.buttons[name]), settle=2)
    assert summary.dialog is not None and app.manager.scene is summary
    assert state(match) == played and match.round.is_over
    mouse_click(app, centre(summary.dialog.buttons["cancel"]), settle=2)
    assert summary.dialog is None and state(match) == played
    mouse_click(app, centre(summary.buttons[name]), settle=2)
    mouse_click(app, centre(summary.dialog.buttons["ok"]), settle=3)
    assert app.manager.scene is table and not match.round.is_over and not match.decisions


@pytest.mark.parametrize("how", ["restart", "new_match", "menu", "escape"])
def test_item2_the_table_asks_before_restart_new_match_or_leaving(how):
    app, table, match = make_table(seed=3)
    assert wait_for_person(app, table)
    before = state(match)
    if how == "escape":
        press(app, pygame.K_ESCAPE)
    else:
        mouse_click(app, centre(table.buttons[how]))
    assert table.dialog is not None and app.manager.scene is table and state(match) == before


def test_item2_start_from_the_menu_with_a_saved_match_asks():
    saved_tiengow()
    before = persist.save_path().read_bytes()
    app, menu = open_menu()
    mouse_click(app, centre(menu.widgets["start"]), settle=2)
    assert menu.windows.dialog is not None and app.manager.scene is menu
    assert persist.save_path().read_bytes() == before


# --- 3. Truly modal dialogs; a lesson never touches the saved match ------------------------------


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
def test_item3_the_menus_question_is_drawn_over_its_buttons_on_a_dimmed_screen(size):
    saved_tiengow()
    app, menu = open_menu(size)
    plain = pygame.surfarray.array3d(app.screen).astype(int)
    mouse_click(app, centre(menu.widgets["start"]), settle=2)
    dialog = menu.windows.dialog
    assert dialog is not None
    frames(app)
    shown = pygame.surfarray.array3d(app.screen).astype(int)
    for widget in menu.widgets.values():
        widget.hide()
    frames(app)
    alone = pygame.surfarray.array3d(app.screen).astype(int)
    panel = dialog.panel.inflate(-2 * dialog.px(18), -2 * dialog.px(18))  # within its round corners
    inside = (slice(panel.left, panel.right), slice(panel.top, panel.bottom))
    assert (shown[inside] == alone[inside]).all(), "no menu widget shows through the question"
    for name, widget in menu.widgets.items():
        if not widget.rect.colliderect(panel.inflate(20, 20)):
            x, y = widget.rect.center
            assert shown[x, y].sum() < plain[x, y].sum() * 0.75, f"{name} is dimmed"


def test_item3_nothing_under_a_question_reacts_to_pointer_touch_or_keys():
    saved_tiengow()
    app, menu = open_menu()
    settings = app.settings
    mouse_click(app, centre(menu.widgets["start"]), settle=2)
    dialog = menu.windows.dialog
    before = (list(settings.seats), settings.level, settings.speed, settings.game, app.text.lang)
    for name in ("seat1:computer", "level:hard", "speed:instant", "settings", "quit", "open_record", "learn_chiva"):
        widget = menu.widgets[name]
        if not dialog.panel.colliderect(widget.rect):
            mouse_click(app, centre(widget), settle=2)
            finger_tap(app, centre(widget), settle=2)
    card = dict(menu.cards)["dekabes"]
    mouse_click(app, (card.centerx, card.y + 10), settle=2)
    finger_tap(app, (card.centerx, card.y + 10), settle=2)
    press(app, pygame.K_LEFT)
    assert (list(settings.seats), settings.level, settings.speed, settings.game, app.text.lang) == before
    assert menu.windows.dialog is dialog and dialog.open and app.manager.scene is menu and app.manager.running
    assert menu.windows.settings_panel is None and menu.windows.picker is None
    assert dialog.focus.shown and not menu.focus.shown, "the arrow went to the question, not to the menu"
    press(app, pygame.K_LEFT)
    assert dialog.focus.focused == "new" and menu.focus.focused == "start", "where the click left it"


@pytest.mark.slow
def test_item3_learn_never_touches_the_saved_match():
    saved = saved_tiengow()
    before = persist.save_path().read_bytes()
    app, menu = open_menu()
    mouse_click(app, centre(menu.widgets["learn_chiva"]), settle=3)
    table = app.manager.scene
    assert isinstance(table, TableScene) and table.coach is not None, "Learn asks nothing: it replaces nothing"
    mouse_click(app, centre(table.coach.widgets["skip"]), settle=2)
    for _ in range(4):
        if wait_for_person(app, table):
            press(app, pygame.K_RETURN)
            press(app, pygame.K_RETURN)
    assert len(table.match.decisions) > 1
    assert persist.save_path().read_bytes() == before, "the lesson's match is not saved over it"
    mouse_click(app, centre(table.buttons["menu"]))
    assert table.dialog.body == app.tr("confirm.leave_lesson.question")
    mouse_click(app, centre(table.dialog.buttons["ok"]), settle=3)
    menu = app.manager.scene
    assert isinstance(menu, MenuScene)
    mouse_click(app, centre(menu.widgets["continue"]), settle=3)
    assert state(app.manager.scene.match) == state(saved), "Continue brings back the match, as the question said"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_item3_what_a_lesson_table_says_about_saving_is_true(lang):
    app, menu = open_menu(lang=lang)
    mouse_click(app, centre(menu.widgets["learn_dekabes"]), settle=3)
    table = app.manager.scene
    press(app, pygame.K_ESCAPE)
    assert table.dialog is not None and table.dialog.body == app.tr("confirm.leave_lesson.question")
    assert table.dialog.body != app.tr("confirm.menu.question"), "not the saved match's words"
    press(app, pygame.K_ESCAPE)
    assert not persist.has_saved_match() and not app.text.missing


# --- 4. Pass-and-play: undo never goes through another person's decision --------------------------


def person_plays(app: App, table) -> None:
    """The person to act takes a decision by keyboard: the hint's choice, confirmed."""
    mouse_click(app, centre(table.buttons["hint"]))
    for _ in range(600):
        if table.last_hint is not None and table.last_hint[0] == table.turn_key:
            break
        frames(app)
    press(app, pygame.K_RETURN)
    press(app, pygame.K_RETURN)


def test_item4_pass_and_play_undo_never_takes_back_another_persons_move():
    app, table, match = make_table("chiva", seats=PASS_AND_PLAY, seed=6)
    for _ in range(LIMIT):
        if table.handover:
            mouse_click(app, (app.size[0] // 2, app.size[1] // 2))
            continue
        people = [d.seat for d in match.decisions if match.is_human(d.seat)]
        if table.is_viewer_turn and not table.animating:
            if people and people[-1] != table.viewer and table.viewer in people:
                break
            person_plays(app, table)
            continue
        frames(app)
    else:
        raise AssertionError("no person's turn after the other person's move came")
    before = state(match)
    assert not table.buttons["undo"].is_enabled
    press(app, pygame.K_z, mod=pygame.KMOD_LCTRL)
    assert state(match) == before, "the other person's move stands"
    assert table.messages.text == app.tr("error.undo_not_yours")


def decide(match: Match) -> None:
    if match.computer_to_act:
        match.play_computer()
    else:
        match.push(match.legal_moves()[0])


def test_item4_undo_for_a_seat_goes_back_to_its_own_decision_and_redo_is_exact():
    match = Match("chiva", PASS_AND_PLAY, 6)
    while not [d for d in match.decisions if d.seat == 1] or not [d for d in match.decisions if d.seat == 3]:
        decide(match)
    while match.to_act not in (1, 3):
        assert not match.round.is_over
        decide(match)
    last = [d.seat for d in match.decisions if match.is_human(d.seat)][-1]
    other = 4 - last
    played = state(match)
    assert not match.can_undo_for(other) and match.can_undo_for(last)
    with pytest.raises(IllegalMove) as refused:
        match.execute(Undo(other))
    assert refused.value.code == "undo_not_yours" and state(match) == played
    cut = max(i for i, d in enumerate(match.decisions) if d.seat == last)
    match.execute(Undo(last))
    assert len(match.decisions) == cut and match.to_act == last, "its own decision, with the computers' after it"
    with pytest.raises(IllegalMove):
        match.execute(Redo(other))
    match.execute(Redo(last))
    assert state(match) == played


def test_item4_saves_and_records_stay_byte_identical():
    match = Match("chiva", PASS_AND_PLAY, 6)
    for _ in range(12):
        decide(match)
    match.undo()
    saved = json.dumps(match_to_save(match))
    again = json.dumps(match_to_save(match_from_save(json.loads(saved))))
    assert again == saved
    record = state(match)
    assert dumps(match_to_record(match_from_record(json.loads(record)))) == record


# --- 5. Menu → Open record… opens the review, themed, translated, by touch and by keyboard ---------


def export_a_record() -> tuple[App, MenuScene, str]:
    """A finished round exported from its table's Log, as a player does it, then the menu;
    the record's file."""
    app, table, _ = make_table(match=round_over(seed=7))
    mouse_click(app, centre(table.buttons["log"]), settle=2)
    mouse_click(app, centre(table.panels.log.buttons["export"]), settle=2)
    (written,) = persist.records_dir().glob("*.json")
    menu = app.show("menu")
    frames(app, 2)
    return app, menu, str(written)


def test_item5_open_record_opens_the_review_of_the_picked_record():
    app, menu, path = export_a_record()
    mouse_click(app, centre(menu.widgets["open_record"]), settle=2)
    picker = menu.windows.picker
    assert picker is not None and picker.folder == persist.records_dir(), "it opens where Export writes"
    row = next(name for name, entry in picker.rows.items() if str(entry.path) == path)
    finger_tap(app, centre(picker.buttons[row]), settle=2)
    assert app.manager.scene is menu and str(picker.chosen) == path
    mouse_click(app, centre(picker.buttons["open"]), settle=3)
    review = app.manager.scene
    assert isinstance(review, ReviewScene)
    assert dumps(match_to_record(review.match)) == dumps(next(records_in_file(path)))


def test_item5_open_record_works_by_keyboard():
    app, menu, path = export_a_record()
    focus_on(app, menu, "open_record")
    press(app, pygame.K_RETURN, settle=2)
    picker = menu.windows.picker
    assert picker is not None
    for _ in range(10):
        if picker.focus.focused in picker.rows and str(picker.rows[picker.focus.focused].path) == path:
            break
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN, settle=3)
    assert isinstance(app.manager.scene, ReviewScene)


@pytest.mark.parametrize("content", ["{not json", "unfinished"])
def test_item5_a_record_that_cannot_be_reviewed_says_why_and_the_picker_stays(content):
    folder = persist.records_dir()
    folder.mkdir(parents=True)
    if content == "unfinished":
        content = dumps(match_to_record(Match("chiva", SEATS, 1)))
    (folder / "bad.json").write_text(content, encoding="utf-8")
    app, menu = open_menu()
    mouse_click(app, centre(menu.widgets["open_record"]), settle=2)
    picker = menu.windows.picker
    row = next(name for name, entry in picker.rows.items() if entry.path.name == "bad.json")
    mouse_click(app, centre(picker.buttons[row]), settle=2)
    mouse_click(app, centre(picker.buttons["open"]), settle=2)
    assert app.manager.scene is menu and menu.windows.picker is picker and picker.open
    assert picker.message and picker.message == menu.error
    assert picker.message.startswith(app.tr("menu.record_bad", reason="").rstrip())


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_item5_the_picker_speaks_the_menus_language_and_is_large_enough_to_touch(size, lang):
    persist.records_dir().mkdir(parents=True)
    (persist.records_dir() / "chiva-7.json").write_text(state(round_over(seed=7)) + "\n", encoding="utf-8")
    app, menu = open_menu(size, lang)
    mouse_click(app, centre(menu.widgets["open_record"]), settle=2)
    picker = menu.windows.picker
    assert picker.buttons["open"].text == app.tr("picker.open")
    assert picker.buttons["cancel"].text == app.tr("confirm.cancel")
    assert picker.buttons["up"].text == app.tr("picker.up")
    assert all(widget.rect.height >= 44 for widget in picker.buttons.values())
    assert all(app.screen.get_rect().contains(widget.rect) for widget in picker.buttons.values())
    assert not app.text.missing
    press(app, pygame.K_ESCAPE)
    assert menu.windows.picker is None and not picker.open


# --- 13. The export message is readable over the Log window and stays in it ----------------------


def test_item13_the_export_message_shows_over_the_log_and_stays_in_it():
    app, table, _ = make_table(seed=3)
    assert wait_for_person(app, table)
    mouse_click(app, centre(table.buttons["log"]), settle=2)
    mouse_click(app, centre(table.panels.log.buttons["export"]), settle=2)
    (written,) = persist.records_dir().glob("*.json")
    note = app.tr("log.exported", path=str(written))
    assert app.toast.text == note and app.toast.left > 0, "drawn over every window"
    assert note in table.panels.log.text.html_text
    press(app, pygame.K_ESCAPE, settle=2)
    assert table.panels.log is None
    frames(app, 400)
    mouse_click(app, centre(table.buttons["log"]), settle=2)
    assert note in table.panels.log.text.html_text, "found again in the Log"


# --- 19. Keyboard play through the summary and the menu; quitting asks ----------------------------


def ring_drawn(app: App, scene, thickness: int = 3) -> bool:
    """Whether the focus ring's gold shows just outside the focused target on the screen (at
    1280x720 the ring is 3 px thick)."""
    frames(app)
    ring = scene.focus.rect().inflate(4 * thickness, 4 * thickness)
    edge = pygame.surfarray.array3d(app.screen)[ring.centerx - 10 : ring.centerx + 10, ring.top + 1]
    return bool((edge == numpy.array(COLOURS.ring[:3])).all())


def focus_on(app: App, scene, name: str, key: int = pygame.K_TAB) -> None:
    """Press ``key`` until ``name`` has the focus."""
    for _ in range(60):
        if scene.focus.focused == name:
            return
        press(app, key)
    raise AssertionError(f"{name} never got the focus")


def test_item19_tab_and_arrows_reach_every_summary_button_with_a_visible_ring():
    app, _, summary = open_summary(round_over())
    reached = set()
    for _ in range(len(summary.buttons) + 1):
        press(app, pygame.K_TAB)
        reached.add(summary.focus.focused)
        assert summary.focus.shown and ring_drawn(app, summary)
    assert reached == set(summary.buttons)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_DOWN)
    assert summary.focus.focused in summary.buttons
    for name in ("why", "peek"):
        focus_on(app, summary, name)
        press(app, pygame.K_RETURN, settle=2)
        if name == "why":
            assert summary.why_panel is not None and summary.why_panel.alive
            press(app, pygame.K_ESCAPE)
            assert summary.why_panel is None
        else:
            assert summary.peeking and summary.focus.focused == "back"
            press(app, pygame.K_RETURN, settle=2)
            assert not summary.peeking


def test_item19_tab_and_arrows_reach_every_menu_control():
    app, menu = open_menu()
    names = {name for name, _ in menu.focus.targets}
    assert {"card_tiengow", "learn_tiengow", "seat2:human", "level:hard", "lang", "seed", "quit"} <= names
    reached = set()
    for _ in range(len(names) + 1):
        press(app, pygame.K_TAB)
        reached.add(menu.focus.focused)
    assert reached == names and ring_drawn(app, menu)
    focus_on(app, menu, "seat2:human")
    press(app, pygame.K_RETURN, settle=2)
    assert app.settings.seats[1] == "human"
    press(app, pygame.K_RIGHT)
    assert menu.focus.focused == "seat2:computer", "the arrows go to the nearest control that way"
    press(app, pygame.K_RETURN, settle=2)
    assert app.settings.seats[1] == "computer"
    focus_on(app, menu, "card_chiva")
    focus_on(app, menu, "card_tiengow", pygame.K_RIGHT)
    press(app, pygame.K_SPACE)
    assert app.settings.game == "tiengow"


def test_item19_the_language_and_the_seed_are_set_by_keyboard():
    app, menu = open_menu()
    focus_on(app, menu, "lang")
    press(app, pygame.K_RETURN, settle=2)
    assert menu.windows.dialog is not None and set(LANGUAGES) <= set(menu.windows.dialog.buttons)
    focus_on(app, menu.windows.dialog, "it", pygame.K_DOWN)
    press(app, pygame.K_RETURN, settle=2)
    assert app.text.lang == "it" and menu.windows.dialog is None
    focus_on(app, menu, "seed")
    press(app, pygame.K_RETURN)
    for char in "42":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
        frames(app)
    press(app, pygame.K_RETURN)
    press(app, pygame.K_TAB)
    assert menu.widgets["seed"].get_text() == "42" and menu.focus.focused != "seed", "Enter left the seed"


def test_item19_esc_in_the_menu_asks_before_quitting():
    app, menu = open_menu()
    press(app, pygame.K_ESCAPE)
    assert app.manager.running and menu.windows.dialog is not None
    assert menu.windows.dialog.title == app.tr("confirm.quit.title")
    press(app, pygame.K_ESCAPE)
    assert app.manager.running and menu.windows.dialog is None, "Esc again stays"
    mouse_click(app, centre(menu.widgets["quit"]))
    assert app.manager.running and menu.windows.dialog is not None, "Quit asks too"
    press(app, pygame.K_RETURN)
    assert app.manager.running and menu.windows.dialog is None, "Enter gives the safe answer: the game stays"
    mouse_click(app, centre(menu.widgets["quit"]))
    press(app, pygame.K_RIGHT)  # the ring shows on Cancel
    press(app, pygame.K_RIGHT)  # then moves to Quit
    press(app, pygame.K_RETURN)
    assert not app.manager.running


def test_item19_esc_esc_from_a_summary_does_not_close_the_game():
    app, _, _ = open_summary(round_over())
    press(app, pygame.K_ESCAPE, settle=3)
    menu = app.manager.scene
    assert isinstance(menu, MenuScene)
    press(app, pygame.K_ESCAPE, settle=2)
    assert app.manager.running and menu.windows.dialog is not None


def test_item19_closing_the_window_quits_at_once_with_the_match_saved():
    """The window manager's close button: the match in progress is on disk after every move,
    so the game closes without a question."""
    app, table, match = make_table(seed=3)
    assert wait_for_person(app, table)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app)
    assert not app.manager.running
    assert state(persist.load_match()) == state(match)


def chosen(widget) -> bool:
    """Whether a menu segment is drawn as the chosen one (the primary look)."""
    return any(cls and cls.startswith("@primary") for cls in widget.class_ids)


def test_a_segment_pressed_redraws_its_own_row_only_and_keeps_the_rest_of_the_menu():
    app, menu = open_menu()
    app.settings.seats[1] = "human"
    menu.relayout()
    frames(app, 1)
    menu.widgets["seed"].set_text("42")
    others = {name: widget for name, widget in menu.widgets.items() if not name.startswith("seat2:")}
    mouse_click(app, centre(menu.widgets["seat2:computer"]), settle=2)
    assert app.settings.seats[1] == "computer"
    assert chosen(menu.widgets["seat2:computer"]) and not chosen(menu.widgets["seat2:human"])
    assert all(menu.widgets[name] is widget for name, widget in others.items()), "the other controls stay"
    assert menu.widgets["seed"].get_text() == "42" and app.settings.seed == 42
    assert dict(menu.focus.targets)["seat2:computer"] is menu.widgets["seat2:computer"]
    press(app, pygame.K_RETURN, settle=2)
    assert app.settings.seats[1] == "computer" and chosen(menu.widgets["seat2:computer"])
