"""Issue 24, what the player sees at the table: items 8-12, 14-18 and 20, through the real
client (headless, pygame events posted, frames run, what is drawn recorded)."""

from __future__ import annotations

import itertools
from functools import partial

import pygame
import pytest
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
from scenes.blocks import board_drawing
from scenes.screens.pacing import THINK_PAUSE
from scenes.screens.table import draw_status
from scenes.services.translation import hint_line

SEATS = ("human", "greedy", "greedy", "greedy")
FIVE_DOUBLES = hands(
    "0-0 1-1 2-2 3-3 4-4 0-1 0-2",
    "5-5 6-6 0-3 0-4 0-5 0-6 1-2",
    "1-3 1-4 1-5 1-6 2-3 2-4 2-5",
    "2-6 3-4 3-5 3-6 4-5 4-6 5-6",
)
FPS = 60
COMFORTABLE = 44  # px: a target a finger finds comfortable


def state(match: Match) -> str:
    return dumps(match_to_record(match))


def playing_turn(game: str = "chiva", seed: int = 3, line: int = 4) -> Match:
    """A match at the person's turn with a tile to play and at least ``line`` tiles down."""

    def wanted(match: Match) -> bool:
        view = match.view_for(1)
        return match.to_act == 1 and len(view.line) >= line and any(isinstance(m, Play) for m in view.legal)

    return advance(Match(game, SEATS, seed), wanted)


def status_drawn(app, table) -> list[str]:
    return texts(draw_recorded(app, partial(draw_status, table)))


def throw_in_table(size=(1280, 720)):
    match = match_on("dekabes", {(1, 0): FIVE_DOUBLES}, seats=SEATS)
    return make_table(match=match, size=size)


# --- 8. a hint's words go with the decision they were for -------------------------------------


def test_item08_hint_text_leaves_the_message_line_once_its_decision_is_taken():
    app, table, match = make_table(match=playing_turn(), speed="fast")
    press(app, pygame.K_h)
    wait_for_hint(app, table)
    frames(app)
    hint_words = hint_line(table.app.text, table.hint_reason)
    assert hint_words in status_drawn(app, table)
    press(app, pygame.K_RETURN, settle=1)  # the hinted tile, played
    played = len(match.decisions)
    for _ in range(FPS * 3):  # the computers answer (each within a second at this speed)
        frames(app)
        assert hint_words not in status_drawn(app, table), "a hint for a decision already taken"
        if match.to_act == 1 or match.round.is_over:
            break
    assert len(match.decisions) > played
    assert table.hint_reason == "" and table.messages.shown(table.turn_key) == ""


def test_item08_no_stale_message_under_the_round_end_banner():
    match = advance(Match("chiva", SEATS, 3), lambda m: m.to_act == 1 and len(m.view_for(1).hand) == 1)
    app, table, _ = make_table(match=match, speed="fast")
    table.say("a word said during the last turn")
    while not match.round.is_over:
        if match.to_act == 1:
            table.answer(table.board.confirm())
            table.answer(table.board.confirm())
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
    assert state(match) == before and table.board.pending is None
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
            if match.decisions and table.board.flight is not None:
                moments.append(frame)
                slot = table.board.flight.slot
                drawn = [
                    d
                    for d in draw_recorded(app, lambda canvas: board_drawing.draw_flight(table.board, canvas))
                    if d.kind == "face"
                ]
                assert drawn and drawn[0].what is table.board.flight.tile
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
    assert table.board.pending == "throw_in" and "confirm" in table.decision_buttons
    assert {name: table.decision_buttons[name].rect for name in where} == where, "the choices stayed put"
    assert not table.decision_buttons["confirm"].rect.collidepoint(point)
    mouse_click(app, point)  # the second click of a double click
    assert state(match) == before and table.board.pending == "throw_in"
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
    assert table.board.pending == "choose_partner"
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
        rect = next(rect for held, rect in table.board.hand_rects if held is tile)
        mouse_click(app, rect.center)
        assert len(table.board.ghosts) == 2
        ghosts = [
            pygame.Rect(round(g.slot.x), round(g.slot.y), round(g.slot.w), round(g.slot.h)) for g in table.board.ghosts
        ]
        for chip in chips_drawn(app, table):
            assert not any(chip.colliderect(ghost) for ghost in ghosts), (size, chip, ghosts)
        press(app, pygame.K_ESCAPE)  # the preview dropped: the chips come back
        assert not table.board.ghosts and len(chips_drawn(app, table)) == 2


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
    assert table.board.selected_tiles == hand, "every tile left is chosen for the person"
    assert table.decision_buttons["play"].text == app.tr("tg.button.play_down")
    mouse_click(app, next(rect for _, rect in table.board.hand_rects).center)  # a tap cannot unchoose one
    assert table.board.selected_tiles == hand
    played = len(match.decisions)
    mouse_click(app, centre(table.decision_buttons["play"]))
    assert len(match.decisions) > played
    assert match.decisions[played].decision == TrickPlay(hand, True)


def test_item17_the_last_tiles_that_win_say_face_up():
    app, table, match = make_table(match=last_trick_to_follow(face_up=True))
    hand = match.view_for(1).hand
    assert table.board.selected_tiles == hand
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
        start = next(rect.center for held, rect in table.board.hand_rects if held is tile)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False))
        frames(app)
        before = state(match)
        board = table.layout.board
        for step in (1, 2, 3):
            pos = (start[0] + (board.centerx - start[0]) * step // 4, start[1] + (board.centery - start[1]) * step // 4)
            mouse_motion(app, pos)
            assert len(table.board.ghosts) == 2, "both places it may go are lit while it is held"
            face = dragged_face(app, table, tile)
            assert face is not None and face.center == pos, (size, face, pos)
        assert state(match) == before, "nothing is played while the tile is held"
        target = table.board.ghosts[1]
        mouse_motion(app, target.rect.center)
        assert table.board.end_focus == 1, "the place under the pointer is the one it would go to"
        played = len(match.decisions)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target.rect.center, button=1, touch=False))
        frames(app, 2)
        assert match.decisions[played].decision == target.decision


def test_item09_a_finger_drag_let_go_off_the_places_brings_the_tile_back():
    app, table, match = make_table(match=playing_turn())
    tile, rect = next(
        (t, r) for t, r in table.board.hand_rects if any(isinstance(m, Play) and m.tile is t for m in table.view.legal)
    )
    before = state(match)
    finger(app, pygame.FINGERDOWN, rect.center)
    far = (table.layout.board.x + 5, table.layout.board.y + 5)
    finger(app, pygame.FINGERMOTION, far)
    assert table.board.dragged is not None and table.board.ghosts
    face = dragged_face(app, table, tile)
    assert face is not None and face.center == far
    finger(app, pygame.FINGERUP, far)
    assert state(match) == before and table.board.dragged is None
    assert table.board.selected is tile, "back in the hand, still previewed"
    assert dragged_face(app, table, tile).center[1] > table.layout.hand.y


# --- 11. the round's result hides nothing of the final board --------------------------------------


def slot_rects(table) -> list[pygame.Rect]:
    return [pygame.Rect(round(s.x), round(s.y), round(s.w), round(s.h)) for s in table.board.slots]


def round_end(game: str, seed: int = 3) -> Match:
    return advance(Match(game, SEATS, seed), lambda m: m.round.is_over)


def caption_texts(app, table) -> list:
    lines = table.round_end_lines()
    return [d for d in draw_recorded(app, table.draw) if d.kind == "text" and d.what in lines]


def test_item11_the_block_result_covers_no_tile_of_the_line():
    for game in ("chiva", "dekabes"):
        for size in ((800, 600), (1280, 720)):
            app, table, _ = make_table(match=round_end(game), size=size)
            drawn = caption_texts(app, table)
            assert len(drawn) == len(table.round_end_lines()) >= 2, "the result and how to go on"
            for text in drawn:
                assert text.rect.collidelist(slot_rects(table)) < 0, (game, size, text.what)
                assert table.layout.board.contains(text.rect)
            assert app.tr("status.round_over") not in status_drawn(app, table), "said once, by the result"


def tiengow_faces(drawn) -> list[pygame.Rect]:
    return [d.rect for d in drawn if d.kind in ("face", "back")]


def test_item11_the_tiengow_result_says_it_once_between_the_last_tricks_plays():
    for size in ((800, 600), (1280, 720)):
        match = round_end("tiengow")
        app, table, _ = make_table(match=match, size=size)
        drawn = draw_recorded(app, table.draw)
        reason = table.board.trick_lines(match.view_for(1).tricks[-1])[0]
        said = [d for d in drawn if d.kind == "text" and d.what.strip() and d.what.strip() in reason]
        assert said, "the last trick's reason is shown"
        assert sum(1 for d in drawn if d.kind == "text" and d.what == reason) <= 1, "never repeated"
        lines = [d for d in drawn if d.kind == "text" and (d in said or d.what in table.round_end_lines())]
        board_faces = [r for r in tiengow_faces(drawn) if table.layout.board.contains(r)]
        last = match.view_for(1).tricks[-1]
        face_up = sum(play.count for play in last.plays if not play.face_down)
        assert len(board_faces) == face_up >= 1, "the last trick stays on the final board"
        counter = next(d.rect for d in drawn if d.kind == "text" and d.what == app.tr("tg.tricks_played", count=8))
        for line in lines:
            assert line.rect.collidelist(board_faces) < 0, (size, line.what)
            assert not line.rect.colliderect(counter) and line.rect.top > table.layout.top_bar.bottom


@pytest.mark.slow
def test_item11_the_tiengow_lesson_result_stays_inside_its_board():
    from scenes.screens.guide import lesson_match

    app, table, _ = make_table("tiengow")
    lesson = table.screens.lesson
    table = app.show("table", match=lesson_match("tiengow", lesson), lesson=True)
    frames(app, 2)
    while not table.match.round.is_over:
        match = table.match
        match.push(match.computer_decision() if match.computer_to_act else match.legal_moves()[0])
    table.refresh()
    frames(app)
    for line in caption_texts(app, table):
        assert table.layout.board.contains(line.rect), line.what


@pytest.mark.slow
def test_item11_the_banker_badge_clears_the_message_line():
    for lang in ("en", "fr"):
        for size in ((800, 600), (1280, 720)):
            match = advance(Match("tiengow", SEATS, 3), lambda m: m.to_act == 1 and m.view_for(1).banker == 1)
            app, table, _ = make_table(match=match, size=size, lang=lang)
            drawn = draw_recorded(app, table.draw)
            badge = next(d.rect for d in drawn if d.kind == "text" and d.what == app.tr("tg.banker_chip"))
            said = table.board.status_text()  # in one line or two (issue 40, item 6)
            lines = [d.rect for d in drawn if d.kind == "text" and d.what and d.what in said and d.rect.y < badge.y]
            status = lines[0].unionall(lines)
            assert not badge.inflate(8, 8).colliderect(status), (lang, size, badge, status)
            assert table.layout.hand.contains(badge), "inside the hand's frame, whole"


# --- 16. See the table: every hand and the new totals ---------------------------------------------


def see_the_table(match: Match, size=(1280, 720)):
    app, table, _ = make_table(match=match, size=size)
    press(app, pygame.K_RETURN, settle=2)
    summary = app.manager.scene
    frames(app, 40)
    mouse_click(app, centre(summary.buttons["peek"]))
    assert summary.peeking
    return app, table, summary


def test_item16_see_the_table_shows_every_hand_after_a_block_round():
    for game in ("chiva", "dekabes"):
        match = advance(Match(game, SEATS, 4), lambda m: m.round.is_over and m.phase is not Phase.MATCH_OVER)
        app, _, summary = see_the_table(match)
        faces = {d.what for d in draw_recorded(app, summary.draw) if d.kind == "face"}
        hands = match.view_for(1).revealed_hands
        assert any(hands[1:]), "someone besides the viewer has tiles left"
        for seat_hand in hands:
            assert set(seat_hand) <= faces, (game, seat_hand)
        assert not [d for d in draw_recorded(app, summary.draw) if d.kind == "back"], "no tile face down"


def test_item16_see_the_table_shows_the_last_trick_and_the_new_totals_in_tiengow():
    match = advance(Match("tiengow", SEATS, 3), lambda m: m.round.is_over and m.phase is not Phase.MATCH_OVER)
    view = match.view_for(1)
    app, table, summary = see_the_table(match)
    drawn = draw_recorded(app, summary.draw)
    shown = texts(drawn)
    for seat in range(1, 5):
        new = view.totals[seat - 1] + view.result.total[seat - 1]
        assert any(app.tr("tg.total", total=f"{new:+d}") in text for text in shown), (seat, new)
    on_board = [d for d in drawn if d.kind in ("face", "back") and table.layout.board.contains(d.rect)]
    face_up = sum(play.count for play in view.tricks[-1].plays if not play.face_down)
    assert len(on_board) == face_up >= 1, "the last trick, on the felt (its face-down plays faint)"


# --- 20. a four-tile trick, the summary's sentences, the Language list, touch sizes ---------------


def largest(legal):
    return max(legal, key=lambda play: (not play.face_down, len(play.tiles)))


def advance_largest(match: Match, wanted) -> Match:
    for _ in range(50_000):
        if wanted(match):
            return match
        if match.round.is_over:
            match.next_round()
        elif match.computer_to_act:
            match.play_computer()
        else:
            match.push(largest(match.legal_moves()))
    raise AssertionError("the situation never came")


@pytest.mark.slow
def test_item20_a_four_tile_tricks_reason_is_clear_of_its_tiles_and_said_once():
    def fourth_play_next(match: Match) -> bool:
        view = match.view_for(1)
        return view.trick_size == 4 and len(view.current) == 3 and match.computer_to_act

    for size in ((800, 600), (1280, 720)):
        match = advance_largest(Match("tiengow", SEATS, 1), fourth_play_next)
        app, table, _ = make_table(match=match, size=size, speed="normal")
        for _ in range(FPS * 3):
            frames(app)
            if table.board.lingering is not None and table.board.flight is None:
                break
        frames(app, 10)
        trick = table.board.lingering.trick
        assert trick.columns == 4 and trick.bonus is not None
        drawn = draw_recorded(app, table.draw)
        faces = [d.rect for d in drawn if d.kind in ("face", "back") and table.layout.board.contains(d.rect)]
        assert len(faces) == 16
        paid = table.board.trick_lines(trick)[1]
        caption = [
            d
            for d in drawn
            if d.kind == "text" and d.what.strip() and d.what.strip() in " ".join(table.board.trick_lines(trick))
        ]
        assert caption
        for line in caption:
            assert line.rect.collidelist(faces) < 0, (size, line.what)
        assert not any(d.kind == "text" and d.what == paid for d in drawn if d not in caption), "said once"


def test_item20_the_summary_says_what_doubled_the_settlement_in_a_sentence():
    match = advance_largest(Match("tiengow", SEATS, 1), lambda m: m.round.is_over and m.round.result.sweep)
    app, _, _ = make_table(match=match)
    press(app, pygame.K_RETURN, settle=2)
    summary = app.manager.scene
    frames(app, 40)
    shown = texts(draw_recorded(app, summary.draw))
    doubled = app.tr("tg.summary.doubled", reasons=app.tr("tg.mult.sweep"))
    assert doubled in shown
    assert not any(text.endswith(app.tr("tg.mult.sweep")) and text != doubled for text in shown), "nothing tacked on"


def test_item20_the_language_list_opens_within_the_menu():
    from scenes.services.settings import Settings
    from scenes.shell.app import App

    for size in ((800, 600), (1280, 720)):
        app = App(size, settings=Settings())
        if app.size != size:
            pygame.display.set_mode(size, pygame.RESIZABLE)
            app.manager.resize()
        menu = app.show("menu")
        frames(app, 2)
        mouse_click(app, centre(menu.widgets["lang"]), settle=4)
        shown = menu.widgets["lang"].menu_states["expanded"].options_selection_list
        assert shown is not None and shown.alive()
        assert shown.rect.top >= 0 and shown.rect.bottom <= size[1], (size, shown.rect)
        assert shown.scroll_bar is None, "every language in view, none scrolled away"


def test_item20_hand_tiles_are_comfortable_targets_at_800x600():
    block_app, block_table, _ = make_table(match=playing_turn(line=1), size=(800, 600))
    assert min(rect.width for _, rect in block_table.board.hand_rects) >= COMFORTABLE, "drawn that large"
    plate = block_table.board.own_plate_rect()
    assert not any(rect.colliderect(plate) for _, rect in block_table.board.hand_rects)
    tiengow = advance(Match("tiengow", SEATS, 3), lambda m: m.to_act == 1 and len(m.view_for(1).hand) == 8)
    tg_app, tg_table, _ = make_table(match=tiengow, size=(800, 600))
    for app, table, focus in ((block_app, block_table, "focus"), (tg_app, tg_table, "cursor")):
        rects = [rect for _, rect in table.board.hand_rects]
        for index, (left, right) in enumerate(itertools.pairwise(rects)):
            assert right.x - left.x >= COMFORTABLE, "a tile and its share of the gaps"
            middle = (left.right + right.x) // 2  # no dead space between two tiles
            for x, taken in ((middle - 1, index), (middle + 1, index + 1)):
                mouse_click(app, (x, left.bottom - 4))
                assert getattr(table.board, focus) == taken
                if getattr(table.board, "selected", None) is not None or getattr(table.board, "selection", None):
                    press(app, pygame.K_ESCAPE)  # the preview dropped, nothing played
