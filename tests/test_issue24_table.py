"""Issue 24, what the player sees at the table: items 8-12, 14-18 and 20, through the real
client (headless, pygame events posted, frames run, what is drawn recorded)."""

from __future__ import annotations

import itertools

import pygame
from client_helpers import (
    advance,
    centre,
    draw_recorded,
    frames,
    make_table,
    mouse_click,
    press,
    texts,
    wait_for_hint,
)
from helpers import hands, match_on

from game.blocks.moves import Play
from game.core.match import Match
from game.core.phases import Phase
from game.core.record import dumps, match_to_record
from game.tiengow.deal import TrickPlay
from scenes.table import THINK_PAUSE

SEATS = ("human", "greedy", "greedy", "greedy")
FIVE_DOUBLES = hands(
    "0-0 1-1 2-2 3-3 4-4 0-1 0-2",
    "5-5 6-6 0-3 0-4 0-5 0-6 1-2",
    "1-3 1-4 1-5 1-6 2-3 2-4 2-5",
    "2-6 3-4 3-5 3-6 4-5 4-6 5-6",
)
FPS = 60


def state(match: Match) -> str:
    return dumps(match_to_record(match))


def playing_turn(game: str = "chiva", seed: int = 3, line: int = 4) -> Match:
    """A match at the person's turn with a tile to play and at least ``line`` tiles down."""

    def wanted(match: Match) -> bool:
        view = match.view_for(1)
        return match.to_act == 1 and len(view.line) >= line and any(isinstance(m, Play) for m in view.legal)

    return advance(Match(game, SEATS, seed), wanted)


def status_drawn(app, table) -> list[str]:
    return texts(draw_recorded(app, table.draw_status))


def throw_in_table(size=(1280, 720)):
    match = match_on("dekabes", {(1, 0): FIVE_DOUBLES}, seats=SEATS)
    return make_table(match=match, size=size)


# --- 8. a hint's words go with the decision they were for -------------------------------------


def test_item08_hint_text_leaves_the_message_line_once_its_decision_is_taken():
    app, table, match = make_table(match=playing_turn(), speed="fast")
    press(app, pygame.K_h)
    wait_for_hint(app, table)
    frames(app)
    hint_words = table.app.tr("hint.says", reason=table.hint_reason)
    assert hint_words in status_drawn(app, table)
    press(app, pygame.K_RETURN, settle=1)  # the hinted tile, played
    played = len(match.decisions)
    for _ in range(FPS * 3):  # the computers answer (each within a second at this speed)
        frames(app)
        assert hint_words not in status_drawn(app, table), "a hint for a decision already taken"
        if match.to_act == 1 or match.round.is_over:
            break
    assert len(match.decisions) > played
    assert table.hint_reason == "" and table.shown_message == ""


def test_item08_no_stale_message_under_the_round_end_banner():
    match = advance(Match("chiva", SEATS, 3), lambda m: m.to_act == 1 and len(m.view_for(1).hand) == 1)
    app, table, _ = make_table(match=match, speed="fast")
    table.say("a word said during the last turn")
    while not match.round.is_over:
        if match.to_act == 1:
            table.confirm()
            table.confirm()
        frames(app)
    frames(app)
    assert "a word said during the last turn" not in status_drawn(app, table)


# --- 10. under a question, the table as it is ---------------------------------------------------


def test_item10_buttons_keep_their_state_under_the_tables_question():
    app, table, match = make_table(match=playing_turn(), speed="fast")
    assert table.buttons["undo"].is_enabled and not table.buttons["redo"].is_enabled
    mouse_click(app, centre(table.buttons["restart"]))
    assert table.dialog is not None and table.dialog.open
    assert table.buttons["undo"].is_enabled and not table.buttons["redo"].is_enabled, "Redo drawn as if it could"
    drawn = draw_recorded(app, table.draw)
    faces = {d.what for d in drawn if d.kind == "face"}
    assert {placed.tile for placed in match.view_for(1).line} <= faces, "the line is drawn under the question"


def test_item10_dekabes_deal_buttons_stay_under_the_question():
    app, table, match = throw_in_table()
    assert set(table.decision_buttons) == {"accept", "throw_in"}
    press(app, pygame.K_ESCAPE)  # Menu: the question to leave
    assert table.dialog is not None and table.dialog.open
    assert set(table.decision_buttons) == {"accept", "throw_in"}
    assert all(widget.visible for widget in table.decision_buttons.values())
    before = state(match)
    mouse_click(app, centre(table.decision_buttons["throw_in"]))  # the question takes every press
    assert state(match) == before and table.pending is None
    press(app, pygame.K_ESCAPE)  # the safe answer: stay
    assert table.dialog is None and app.manager.scene is table


# --- 14. Left hand: Hint and Undo under the left thumb ------------------------------------------


def bottom_row(table) -> list[str]:
    return sorted(table.BOTTOM_BUTTONS, key=lambda name: table.buttons[name].rect.x)


def test_item14_left_hand_puts_hint_and_undo_at_the_left_edge():
    app, table, _ = make_table(match=playing_turn())
    app.settings.handed = "left"
    table.relayout()
    frames(app)
    row = bottom_row(table)
    assert row[:2] == ["hint", "undo"], row
    app.settings.handed = "right"
    table.relayout()
    frames(app)
    row = bottom_row(table)
    assert row[-2:] == ["undo", "hint"], row


# --- 15. reduced motion: no sliding, the same pacing ---------------------------------------------


def test_item15_reduced_motion_places_tiles_at_once_and_keeps_the_computers_pace():
    app, table, match = make_table("chiva", seed=2, speed="normal")
    app.settings.reduced_motion = True
    moments: list[int] = []
    seen = len(match.decisions)
    for frame in range(FPS * 12):
        frames(app)
        if len(match.decisions) != seen:
            seen = len(match.decisions)
            if match.decisions and table.flight is not None:
                moments.append(frame)
                slot = table.flight.slot
                drawn = [d for d in draw_recorded(app, table.draw_above) if d.kind == "face"]
                assert drawn and drawn[0].what is table.flight.tile
                assert drawn[0].rect.center == (round(slot.center[0]), round(slot.center[1])), "no sliding"
        if (match.to_act == 1 and not table.animating) or match.round.is_over:
            break
    assert len(moments) >= 2, "computers played tiles"
    gaps = [b - a for a, b in itertools.pairwise(moments)]
    assert min(gaps) >= THINK_PAUSE * app.settings.pace * FPS - 1, gaps


# --- 18. choice buttons never move under the pointer ---------------------------------------------


def test_item18_a_second_click_on_a_choice_never_confirms_it():
    app, table, match = throw_in_table()
    where = {name: widget.rect.copy() for name, widget in table.decision_buttons.items()}
    before = state(match)
    point = centre(table.decision_buttons["throw_in"])
    mouse_click(app, point)
    assert table.pending == "throw_in" and "confirm" in table.decision_buttons
    assert {name: table.decision_buttons[name].rect for name in where} == where, "the choices stayed put"
    assert not table.decision_buttons["confirm"].rect.collidepoint(point)
    mouse_click(app, point)  # the second click of a double click
    assert state(match) == before and table.pending == "throw_in"
    mouse_click(app, centre(table.decision_buttons["confirm"]))
    assert match.round.deals[0].redeal_by == 1


def test_item18_the_opener_choice_keeps_its_place_too():
    for seed in range(300):
        match = Match("dekabes", SEATS, seed)
        while not match.round.is_over:
            match.push(match.computer_decision() if match.computer_to_act else match.legal_moves()[0])
        if match.round.result.next_opening.seat == 1 and not match.winner:
            break
    match.next_round()
    while match.phase is Phase.ACCEPTING:
        match.push(match.computer_decision() if match.computer_to_act else match.legal_moves()[0])
    assert match.phase is Phase.CHOOSING and match.to_act == 1
    app, table, _ = make_table(match=match)
    where = {name: widget.rect.copy() for name, widget in table.decision_buttons.items()}
    assert set(where) == {"choose_self", "choose_partner"}
    mouse_click(app, centre(table.decision_buttons["choose_partner"]))
    assert table.pending == "choose_partner"
    assert {name: table.decision_buttons[name].rect for name in where} == where


# --- 12. the end-number chips never cover a previewed tile ---------------------------------------


def both_ends_turn() -> Match:
    def both(match: Match) -> bool:
        if match.to_act != 1 or len(match.view_for(1).line) < 3:
            return False
        plays = [m for m in match.legal_moves() if isinstance(m, Play)]
        return any(sum(1 for o in plays if o.tile is m.tile) == 2 for m in plays)

    return advance(Match("chiva", SEATS, 3), both)


def chips_drawn(app, table) -> list[pygame.Rect]:
    return [d.rect for d in draw_recorded(app, table.draw) if d.kind == "text" and d.what.isdigit()]


def test_item12_end_chips_make_way_for_the_ghost_tiles():
    for size in ((800, 600), (1280, 720)):
        app, table, _ = make_table(match=both_ends_turn(), size=size)
        assert len(chips_drawn(app, table)) == 2, "both open numbers shown before a preview"
        plays = [m for m in table.view.legal if isinstance(m, Play)]
        tile = next(m.tile for m in plays if sum(1 for o in plays if o.tile is m.tile) == 2)
        rect = next(rect for held, rect in table.hand_rects if held is tile)
        mouse_click(app, rect.center)
        assert len(table.ghosts) == 2
        ghosts = [pygame.Rect(round(g.slot.x), round(g.slot.y), round(g.slot.w), round(g.slot.h)) for g in table.ghosts]
        for chip in chips_drawn(app, table):
            assert not any(chip.colliderect(ghost) for ghost in ghosts), (size, chip, ghosts)
        press(app, pygame.K_ESCAPE)  # the preview dropped: the chips come back
        assert not table.ghosts and len(chips_drawn(app, table)) == 2


# --- 17. Tien Gow: when every tile left must go, they are chosen and the button says how -----------


def last_trick_to_follow(face_up: bool) -> Match:
    def wanted(match: Match) -> bool:
        view = match.view_for(1)
        if match.to_act != 1 or view.trick_size is None or len(view.hand) != view.trick_size:
            return False
        return any(not play.face_down for play in view.legal) == face_up

    return advance(Match("tiengow", SEATS, 3), wanted)


def test_item17_the_last_tiles_are_selected_and_the_button_says_face_down():
    app, table, match = make_table(match=last_trick_to_follow(face_up=False))
    hand = match.view_for(1).hand
    assert table.selected_tiles == hand, "every tile left is chosen for the person"
    assert table.decision_buttons["play"].text == app.tr("tg.button.play_down")
    mouse_click(app, next(rect for _, rect in table.hand_rects).center)  # a tap cannot unchoose one
    assert table.selected_tiles == hand
    played = len(match.decisions)
    mouse_click(app, centre(table.decision_buttons["play"]))
    assert len(match.decisions) > played
    assert match.decisions[played].decision == TrickPlay(hand, True)


def test_item17_the_last_tiles_that_win_say_face_up():
    app, table, match = make_table(match=last_trick_to_follow(face_up=True))
    hand = match.view_for(1).hand
    assert table.selected_tiles == hand
    assert table.decision_buttons["play"].text == app.tr("tg.button.play")
    played = len(match.decisions)
    press(app, pygame.K_RETURN)
    assert match.decisions[played].decision == TrickPlay(hand, False)


# --- 9. a dragged tile follows the pointer; the places it may go light up -------------------------


def mouse_motion(app, pos, settle: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0), touch=False))
    frames(app, settle)


def finger(app, kind: int, pos) -> None:
    w, h = app.size
    common = {"touch_id": 1, "finger_id": 0, "dx": 0.0, "dy": 0.0, "pressure": 1.0}
    pygame.event.post(pygame.event.Event(kind, x=pos[0] / w, y=pos[1] / h, **common))
    frames(app)


def dragged_face(app, table, tile) -> pygame.Rect | None:
    drawn = [d for d in draw_recorded(app, table.draw) if d.kind == "face" and d.what is tile]
    return drawn[-1].rect if drawn else None


def test_item09_a_dragged_tile_follows_the_pointer_and_its_places_light_up():
    for size in ((800, 600), (1280, 720)):
        app, table, match = make_table(match=both_ends_turn(), size=size)
        plays = [m for m in table.view.legal if isinstance(m, Play)]
        tile = next(m.tile for m in plays if sum(1 for o in plays if o.tile is m.tile) == 2)
        start = next(rect.center for held, rect in table.hand_rects if held is tile)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False))
        frames(app)
        before = state(match)
        board = table.layout.board
        for step in (1, 2, 3):
            pos = (start[0] + (board.centerx - start[0]) * step // 4, start[1] + (board.centery - start[1]) * step // 4)
            mouse_motion(app, pos)
            assert len(table.ghosts) == 2, "both places it may go are lit while it is held"
            face = dragged_face(app, table, tile)
            assert face is not None and face.center == pos, (size, face, pos)
        assert state(match) == before, "nothing is played while the tile is held"
        target = table.ghosts[1]
        mouse_motion(app, target.rect.center)
        assert table.end_focus == 1, "the place under the pointer is the one it would go to"
        played = len(match.decisions)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target.rect.center, button=1, touch=False))
        frames(app, 2)
        assert match.decisions[played].decision == target.decision


def test_item09_a_finger_drag_let_go_off_the_places_brings_the_tile_back():
    app, table, match = make_table(match=playing_turn())
    tile, rect = next(
        (t, r) for t, r in table.hand_rects if any(isinstance(m, Play) and m.tile is t for m in table.view.legal)
    )
    before = state(match)
    finger(app, pygame.FINGERDOWN, rect.center)
    far = (table.layout.board.x + 5, table.layout.board.y + 5)
    finger(app, pygame.FINGERMOTION, far)
    assert table.dragged is not None and table.ghosts
    face = dragged_face(app, table, tile)
    assert face is not None and face.center == far
    finger(app, pygame.FINGERUP, far)
    assert state(match) == before and table.dragged is None
    assert table.selected is tile, "back in the hand, still previewed"
    assert dragged_face(app, table, tile).center[1] > table.layout.hand.y
