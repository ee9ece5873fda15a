"""The Chiva/Dékabès table, headless, driven by real pygame events."""

import pygame
import pytest
from client_helpers import (
    FRAME_LIMIT,
    centre,
    finger_tap,
    frames,
    make_table,
    mouse_click,
    press,
    to_the_last_decision,
    wait_for_person,
)
from helpers import FEW_DOUBLES, choosing_round, hands, match_on

from game.blocks.moves import PASS, End, Play
from game.core.match import Match
from game.core.phases import Phase
from game.core.record import dumps, match_to_record
from game.core.tiles import Tile
from scenes.screens.summary import SummaryScene
from scenes.screens.table import TableScene
from scenes.screens.table_mode import LocalTable
from scenes.ui.input import Action, Command, Drag, EventTranslator, Hover, Press, Tap


def state(match):
    return dumps(match_to_record(match))


def human_decisions(match):
    return sum(1 for d in match.decisions if match.is_human(d.seat))


# --- the translator ---------------------------------------------------------------------


def test_translator_mouse_click_is_a_tap_and_motion_a_hover():
    make_table()
    tr = EventTranslator()
    assert tr.translate(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 20), button=1, touch=False)) == [
        Press((10, 20))
    ]
    assert tr.translate(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(12, 21), button=1, touch=False)) == [
        Tap((10, 20), False)
    ]
    assert tr.translate(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0), touch=False)
    ) == [Hover((5, 5))]


def test_translator_touch_is_a_tap_and_synthesised_mouse_is_ignored():
    app, _, _ = make_table()
    tr = EventTranslator()
    w, h = app.size
    common = {"touch_id": 1, "finger_id": 0, "dx": 0.0, "dy": 0.0, "pressure": 1.0}
    assert tr.translate(pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.5, **common)) == [Press((w // 2, h // 2))]
    assert tr.translate(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(w // 2, h // 2), button=1, touch=True)) == []
    assert tr.translate(pygame.event.Event(pygame.FINGERUP, x=0.5, y=0.5, **common)) == [Tap((w // 2, h // 2), True)]
    assert tr.translate(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(w // 2, h // 2), button=1, touch=True)) == []


def test_translator_drag_and_keys():
    make_table()
    tr = EventTranslator()
    assert tr.translate(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(100, 100), button=1, touch=False)) == [
        Press((100, 100))
    ]
    moved = tr.translate(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(200, 150), rel=(100, 50), buttons=(1, 0, 0), touch=False)
    )
    assert moved == [Drag((100, 100), (200, 150), False)]
    assert tr.translate(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(210, 150), button=1, touch=False)) == [
        Drag((100, 100), (210, 150), True)
    ]

    def key(k, mod=0):
        return tr.translate(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))

    assert key(pygame.K_z, pygame.KMOD_LCTRL) == [Action("undo")]
    assert key(pygame.K_y, pygame.KMOD_LCTRL) == [Action("redo")]
    assert key(pygame.K_TAB) == [Action("next")] and key(pygame.K_TAB, pygame.KMOD_LSHIFT) == [Action("prev")]
    assert key(pygame.K_RETURN) == [Action("confirm")] and key(pygame.K_SPACE) == [Action("space")]
    assert key(pygame.K_h) == [Action("hint")] and key(pygame.K_ESCAPE) == [Action("back")]
    assert key(pygame.K_UP) == [Action("end_prev")] and key(pygame.K_DOWN) == [Action("end_next")]
    assert all(isinstance(a.name, Command) for a in (*key(pygame.K_z, pygame.KMOD_LCTRL), *key(pygame.K_h)))


def test_issue25_commands_are_members_whose_values_stay_the_button_and_catalogue_names():
    """The table's buttons are ``Command`` members, as its keys are; a member is its old string
    (button names, themed ids, ``button.<name>`` and ``done.<name>`` keys are unchanged)."""
    assert Command.NEW_MATCH == "new_match" and f"button.{Command.LAST_TRICK}" == "button.last_trick"
    app, _, _ = make_table()
    for name in (*TableScene.BOTTOM_BUTTONS, Command.RULES, Command.LOG, Command.MENU, Command.LAST_TRICK):
        assert app.tr(f"button.{name}") != f"button.{name}", name


# --- whole rounds by each kind of input ---------------------------------------------------


def play_round(app, table, tap):
    """Play the person's turns with ``tap`` until the round ends; returns the turns taken."""
    match = table.match
    taken = 0
    while wait_for_person(app, table):
        legal = match.legal_moves()
        before = human_decisions(match)
        if legal == [PASS]:
            tap(app, centre(table.decision_buttons["pass"]))
        elif match.phase is Phase.ACCEPTING:
            tap(app, centre(table.decision_buttons["accept"]))
        else:
            move = legal[-1]
            rect = next(r for t, r in table.board.hand_rects if t is move.tile)
            tap(app, rect.center)
            ghost = next(g for g in table.board.ghosts if g.decision == move)
            tap(app, ghost.rect.center)
        assert human_decisions(match) == before + 1
        taken += 1
    return taken


@pytest.mark.parametrize("game", ["chiva", pytest.param("dekabes", marks=pytest.mark.slow)])
def test_full_round_by_mouse(game):
    app, table, match = make_table(game, seed=3)
    taken = play_round(app, table, mouse_click)
    assert match.round.is_over and taken >= 1
    assert taken == sum(1 for d in match.decisions if d.seat == 1)


@pytest.mark.slow
def test_full_round_by_touch():
    app, table, match = make_table("chiva", seed=8)
    taken = play_round(app, table, finger_tap)
    assert match.round.is_over and taken == sum(1 for d in match.decisions if d.seat == 1)


@pytest.mark.slow
def test_full_round_by_keyboard():
    app, table, match = make_table("dekabes", seed=5)
    while wait_for_person(app, table):
        before = human_decisions(match)
        if match.phase is Phase.PLAYING and match.legal_moves() != [PASS]:
            for _ in range(8):
                if table.board.selected is not None:
                    break
                press(app, pygame.K_RIGHT)
            assert table.board.selected is not None and table.board.ghosts
            press(app, pygame.K_DOWN)
        press(app, pygame.K_RETURN)
        assert human_decisions(match) == before + 1
    assert match.round.is_over


def test_drag_a_tile_onto_its_ghost_plays_it():
    app, table, match = make_table("chiva", seed=3)
    assert wait_for_person(app, table)
    move = next(m for m in match.legal_moves() if isinstance(m, Play))
    rect = next(r for t, r in table.board.hand_rects if t is move.tile)
    table.board.select(move.tile)
    target = next(g for g in table.board.ghosts if g.decision == move).rect.center
    table.board.clear_selection()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1, touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(1, 1), buttons=(1, 0, 0), touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1, touch=False))
    frames(app, 2)
    assert any(d.decision == move for d in match.decisions)


# --- previews and refusals -------------------------------------------------------------------


def test_preview_never_changes_the_state():
    app, table, match = make_table("chiva", seed=3)
    assert wait_for_person(app, table)
    before = state(match)
    for tile, rect in list(table.board.hand_rects):
        mouse_click(app, rect.center)
        assert state(match) == before
        if table.board.ghosts:
            assert all(isinstance(g.decision, Play) and g.decision.tile is tile for g in table.board.ghosts)
        mouse_click(app, (5, app.size[1] // 2))


def test_tapping_a_tile_that_fits_nowhere_shakes_and_changes_nothing():
    match = match_on("chiva", {(1, 0): FEW_DOUBLES}, seats=("human", "greedy", "greedy", "greedy"))
    match.push(Play(Tile.from_str("6-6")), seat=4)  # the person holds 0-0 … 0-6: only 0-6 fits
    app, table, _ = make_table(match=match)
    assert wait_for_person(app, table)
    playable = {m.tile for m in match.legal_moves() if isinstance(m, Play)}
    stuck = [(t, r) for t, r in table.board.hand_rects if t not in playable]
    assert playable == {Tile.from_str("0-6")} and len(stuck) == 6
    tile, rect = stuck[0]
    before = state(match)
    mouse_click(app, rect.center)
    assert state(match) == before and table.board.selected is None and not table.board.ghosts
    assert table.board.row.shake is not None and table.board.row.shake[0] is tile
    assert str(tile) in table.messages.text


def test_hint_previews_without_playing():
    app, table, match = make_table("chiva", seed=3)
    assert wait_for_person(app, table)
    before = state(match)
    mouse_click(app, centre(table.buttons["hint"]), settle=3)
    assert state(match) == before
    assert table.hint_reason and (table.board.ghosts or match.legal_moves() == [PASS])


# --- buttons -----------------------------------------------------------------------------------


def test_undo_redo_and_restart_through_the_buttons():
    app, table, match = make_table("chiva", seed=3)
    assert wait_for_person(app, table)
    before = state(match)
    mouse_click(app, centre(table.buttons["hint"]), settle=2)
    press(app, pygame.K_RETURN, settle=2)
    wait_for_person(app, table)
    after = state(match)
    assert after != before
    mouse_click(app, centre(table.buttons["undo"]), settle=2)
    assert state(match) == before
    mouse_click(app, centre(table.buttons["redo"]), settle=2)
    assert state(match) == after
    mouse_click(app, centre(table.buttons["restart"]), settle=2)
    assert table.dialog is not None and state(match) == after  # asks first
    ok = table.dialog.buttons["ok"]
    mouse_click(app, ok.rect.center, settle=3)
    assert match.decisions == [] or all(not match.is_human(d.seat) for d in match.decisions)
    assert match.round.play is None or not any(t.seat == 1 for t in match.round.play.turns)


def test_issue41_a_table_on_this_device_is_in_the_local_mode_and_plays_its_computers():
    """Chosen once when the scene is made: no quick messages (nobody at another device), the
    computers are the session's own, a finished round may be dealt again, and undo is done at
    once (said, never asked)."""
    app, table, match = make_table("chiva", seed=3)
    mode = table.mode
    assert isinstance(mode, LocalTable) and mode.match is match and mode.computers is table.session.computers
    assert Command.SAY not in table.buttons and mode.restarts_after_round and mode.seat_notes() == {}
    assert wait_for_person(app, table)
    table.commit(table.session.legal()[0])
    assert wait_for_person(app, table)
    assert any(not match.is_human(d.seat) for d in match.decisions), "the computers played on this device"
    table.control(Command.UNDO)
    assert table.messages.text == app.tr("done.undo") and table.session.control.can_redo


def test_new_match_asks_and_then_starts_from_zero():
    app, table, match = make_table("chiva", seed=3)
    wait_for_person(app, table)
    mouse_click(app, centre(table.buttons["new_match"]), settle=2)
    assert table.dialog is not None
    mouse_click(app, table.dialog.buttons["ok"].rect.center, settle=3)
    assert match.start.number == 1 and match.start.score == (0, 0)


@pytest.mark.parametrize("panel", ["rules", pytest.param("log", marks=pytest.mark.slow)])
def test_rules_and_log_pause_the_computer(panel):
    match = match_on("chiva", {(1, 0): FEW_DOUBLES}, seats=("human", "greedy", "greedy", "greedy"))
    app, table, _ = make_table(match=match)
    assert match.to_act == 4 and match.computer_to_act, "the computer holding 6-6 leads it"
    mouse_click(app, centre(table.buttons[panel]), settle=2)
    assert table.paused
    before = len(match.decisions)
    frames(app, 400)
    assert len(match.decisions) == before
    press(app, pygame.K_ESCAPE, settle=2)
    assert not table.paused
    frames(app, 200)
    assert len(match.decisions) > before


def test_log_lists_the_turns_and_exports_a_record(tmp_path, monkeypatch):
    import json

    import platformdirs

    from game.core.record import match_from_record

    monkeypatch.setattr(platformdirs, "user_data_path", lambda *a, **k: tmp_path)
    app, table, match = make_table("chiva", seed=2)
    wait_for_person(app, table)
    mouse_click(app, centre(table.buttons["log"]), settle=2)
    assert "Round 1" in table.panels.log.text.html_text
    mouse_click(app, table.panels.log.buttons["export"].rect.center, settle=2)
    files = list((tmp_path / "records").glob("*.json"))
    assert len(files) == 1
    assert match_to_record(match_from_record(json.loads(files[0].read_text()))) == match_to_record(match)


# --- Dékabès decisions, hand-over and summary -----------------------------------------------------

FIVE_DOUBLES = hands(
    "0-0 1-1 2-2 3-3 4-4 0-1 0-2",
    "5-5 6-6 0-3 0-4 0-5 0-6 1-2",
    "1-3 1-4 1-5 1-6 2-3 2-4 2-5",
    "2-6 3-4 3-5 3-6 4-5 4-6 5-6",
)


def test_dekabes_throw_in_offered_only_with_five_doubles_and_applied_by_button():
    match = match_on("dekabes", {(1, 0): FIVE_DOUBLES}, seats=("human", "greedy", "greedy", "greedy"))
    app, table, _ = make_table(match=match)
    assert set(table.decision_buttons) == {"accept", "throw_in"}
    before = dumps(match_to_record(match))
    mouse_click(app, centre(table.decision_buttons["throw_in"]), settle=2)
    assert dumps(match_to_record(match)) == before  # a preview first: nothing changes
    assert set(table.decision_buttons) == {"accept", "throw_in", "confirm"}
    assert "28 tiles are dealt again" in table.board.status_text()
    mouse_click(app, centre(table.decision_buttons["confirm"]), settle=2)
    assert match.round.deals[0].redeal_by == 1 and len(match.round.deals) == 2
    if match.to_act == 1:
        assert "throw_in" not in table.decision_buttons or match.view_for(1).may_throw_in


def test_dekabes_representative_chooses_the_opener_by_button():
    match = choosing_round()
    app, table, _ = make_table(match=match)
    while match.phase is Phase.ACCEPTING:
        if match.to_act == 1:
            buttons = table.decision_buttons
            mouse_click(app, centre(buttons["accept"]))
            if "confirm" in table.decision_buttons:
                mouse_click(app, centre(table.decision_buttons["confirm"]))
        else:
            frames(app)
    assert set(table.decision_buttons) == {"choose_self", "choose_partner"}
    mouse_click(app, centre(table.decision_buttons["choose_partner"]), settle=2)
    assert match.round.opener is None and "Your partner leads" in table.board.status_text()  # previewed only
    mouse_click(app, centre(table.decision_buttons["confirm"]), settle=2)
    assert match.round.opener == 3 and match.round.chooser == 1


def test_hand_over_screen_between_two_people_shows_no_tile_face():
    match = match_on("chiva", {(1, 0): FEW_DOUBLES}, seats=("human", "greedy", "human", "greedy"))
    match.push(Play(Tile.from_str("6-6")), seat=4)
    match.push(Play(Tile.from_str("0-6"), End.LEFT), seat=1)  # the computer at seat 2 plays, then the other person
    app, table, _ = make_table(match=match)
    for _ in range(FRAME_LIMIT):
        if table.handover:
            break
        frames(app)
    assert table.handover == 3
    frames(app, 1)
    alone = pygame.Surface(app.screen.get_size())
    table.draw_over(alone)
    shown = pygame.surfarray.array3d(app.screen)
    assert (shown == pygame.surfarray.array3d(alone)).all()
    seat = table.handover
    mouse_click(app, (app.size[0] // 2, app.size[1] // 2))
    assert table.handover is None and table.viewer == seat


def test_summary_appears_and_next_round_returns_to_the_table():
    match = to_the_last_decision(Match("chiva", ("greedy",) * 4, 4))
    app, table, match = make_table("chiva", match=match)
    for _ in range(4000):
        if isinstance(app.manager.scene, SummaryScene):
            break
        frames(app)
    summary = app.manager.scene
    assert isinstance(summary, SummaryScene) and match.round.is_over
    mouse_click(app, centre(summary.buttons["next_round"]), settle=3)
    assert app.manager.scene is table and match.start.number == 2


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080), (2560, 1440)])
def test_layout_regions_do_not_overlap_at_any_size(size):
    app, table, _match = make_table("chiva", size=size)
    lay = table.layout
    regions = [
        lay.top_bar,
        lay.board,
        lay.hand,
        lay.button_bar,
        lay.seats["left"],
        lay.seats["right"],
        lay.seats["top"],
    ]
    for i, a in enumerate(regions):
        for b in regions[i + 1 :]:
            if {id(a), id(b)} & {id(lay.seats["left"]), id(lay.seats["right"])} and (b is lay.hand or a is lay.hand):
                continue
            assert not a.colliderect(b), (a, b)
    widgets = list(table.buttons.values())
    for i, a in enumerate(widgets):
        assert app.screen.get_rect().contains(a.rect)
        assert a.rect.height >= 48
        for b in widgets[i + 1 :]:
            assert not a.rect.colliderect(b.rect)


def test_window_resize_relayouts_the_table():
    app, table, _match = make_table("chiva", size=(1280, 720))
    app.screen = pygame.display.set_mode((900, 650), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(900, 650), w=900, h=650))
    frames(app, 2)
    assert table.layout.size == (900, 650)
    assert all(app.screen.get_rect().contains(b.rect) for b in table.buttons.values())
