"""Render the client in chosen situations to PNG files, headless, to look at them.

    python tools/screenshots.py OUT_DIR [--size 1280x720] [--lang en] [NAME ...]

With no NAME every situation is rendered. Each situation is reached by playing a seeded
match (people take their first legal decision, computers play greedy) until what it
shows happens, then the scene is drawn for a few frames. The menu's situations press its
buttons with real events; each situation has fresh, temporary user folders for the files
it needs (a saved match, exported records), never the player's own.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import pathlib
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

from game.core.player import GREEDY

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from game.blocks.line import Placed
from game.blocks.moves import Pass, Play
from game.blocks.play import Turn
from game.core.errors import IllegalMove
from game.core.match import Match
from game.core.phases import Phase
from game.core.record import dumps, match_to_record
from game.core.tiles import Tile
from online.hosting import HostingServer
from online.remote_session import RemoteSession
from online.seat_group import SeatGroup
from online.table import Seating
from scenes.services import persist
from scenes.services.settings import Settings
from scenes.shell.app import App

SEATS = ("human", "greedy", "greedy", "greedy")
Situation = Callable[[App], Any]


Chooser = Callable[[list[Any]], Any]


def first(legal: list[Any]) -> Any:
    return legal[0]


def decide(match: Match, choose: Chooser = first) -> None:
    """One decision: a person takes ``choose(legal)``, a computer its own."""
    if match.computer_to_act:
        match.play_computer()
    else:
        match.push(choose(match.legal_moves()))


def advance(match: Match, wanted: Callable[[Match], bool], limit: int = 5000, choose: Chooser = first) -> Match:
    """Play on (round after round) until ``wanted(match)``."""
    for _ in range(limit):
        if wanted(match):
            return match
        if match.round.is_over:
            if match.phase is Phase.MATCH_OVER:
                match.new_match(match.seed + 1)
            else:
                match.next_round()
        else:
            decide(match, choose)
    raise RuntimeError("the situation never came")


def show_table(app: App, match: Match, frames: int = 2) -> Any:
    table = app.show("table", match=match)
    app.manager.run_frames(frames)
    return table


def show_summary(app: App, match: Match) -> None:
    table = show_table(app, match, 1)
    app.show("summary", table=table)
    app.manager.run_frames(30)


def menu(app: App) -> None:
    app.show("menu")
    app.manager.run_frames(2)


def click(app: App, widget: Any, frames: int = 3) -> None:
    """A real click on ``widget``, then a few frames."""
    x, y = widget.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1, touch=False))
    app.manager.run_frames(frames)


def press_key(app: App, key: int, frames: int = 3) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
    app.manager.run_frames(frames)


def menu_start_question(app: App) -> None:
    """Start pressed in the menu with a Tien Gow match saved: the question over the menu."""
    saved = advance(Match("tiengow", SEATS, 3), lambda m: len(m.decisions) >= 6 and m.to_act == 1)
    persist.save_match(saved)
    app.show("menu")
    app.manager.run_frames(2)
    click(app, app.manager.scene.widgets["start"])


def menu_open_record(app: App) -> None:
    """Open record… pressed in the menu, with a few records exported."""
    folder = persist.data_dir() / "records"  # where Export writes
    folder.mkdir(parents=True, exist_ok=True)
    for index, game in enumerate(("chiva", "dekabes", "tiengow", "chiva", "dekabes")):
        match = advance(Match(game, SEATS, index + 1), lambda m: m.round.is_over)
        stamp = f"2025061{index}-2015{index:02d}"
        (folder / f"{game}-{match.seed}-{stamp}.json").write_text(dumps(match_to_record(match)) + "\n")
        os.utime(folder / f"{game}-{match.seed}-{stamp}.json", (1_750_000_000 + index, 1_750_000_000 + index))
    app.show("menu")
    app.manager.run_frames(2)
    click(app, app.manager.scene.widgets["open_record"])
    press_key(app, pygame.K_DOWN)


def lesson_leave_question(app: App) -> None:
    """Esc at a lesson's table: what the leave question says about saving."""
    app.show("menu")
    app.manager.run_frames(2)
    click(app, app.manager.scene.widgets["learn_chiva"], 4)
    press_key(app, pygame.K_ESCAPE)


def block_table(game: str) -> Situation:
    def situation(app: App) -> None:
        match = advance(Match(game, SEATS, 3), lambda m: len(m.view_for(1).line) >= 6 and m.to_act == 1)
        show_table(app, match)

    return situation


def chiva_pass(app: App) -> None:
    def passed(match: Match) -> bool:
        turns = match.view_for(1).turns
        return bool(turns) and isinstance(turns[-1].move, Pass) and turns[-1].seat != 1 and match.to_act == 1

    show_table(app, advance(Match("chiva", SEATS, 5), passed))


def chiva_line_after_turn(app: App) -> None:
    """The line that used to lay a double over its turned tile (tests/test_line_layout.py)."""
    match = advance(Match("chiva", SEATS, 3), lambda m: m.to_act == 1 and len(m.view_for(1).line) >= 1)
    table = show_table(app, match, 1)
    line = "2-2 2-5 5-0 0-3 3-1 1-6 6-6 6-0 0-2 2-4 4-6 6-3 3-5 5-6 6-2 2-3".split()
    placed = tuple(Placed(Tile.of(int(t[0]), int(t[2])), int(t[0]), int(t[2])) for t in line)
    opening = Turn(1, Play(Tile.of(6, 6)), None)
    table.view = table.board.view = type(table.view)(**{**_fields(table.view), "line": placed, "turns": (opening,)})
    table.board.refresh = lambda view: None
    _relay_line(table.board)
    app.manager.run_frames(1)


def _fields(view: Any) -> dict[str, Any]:
    return {name: getattr(view, name) for name in view.__dataclass_fields__}


def _relay_line(board: Any) -> None:
    from scenes.blocks.board import anchor_index
    from scenes.blocks.line_view import line_slots, line_tile_size

    placed = list(board.view.line)
    anchor = anchor_index(board.view)
    board.short = line_tile_size(placed, anchor, board.host.layout)
    board.slots = line_slots(placed, anchor, board.host.layout, board.short)


def broken_streak(app: App) -> None:
    def broken(match: Match) -> bool:
        result = match.round.result
        return (
            match.round.is_over
            and result.winner is not None
            and result.score_after == (0, 0)
            and match.start.score != (0, 0)
        )

    show_summary(app, advance(Match("chiva", SEATS, 2), broken))


def block_summary(game: str, how: str) -> Situation:
    def situation(app: App) -> None:
        def wanted(match: Match) -> bool:
            result = match.round.result
            if not match.round.is_over or match.phase is Phase.MATCH_OVER:
                return False
            if how == "tie":
                return result.winner is None
            return result.winner is not None and result.termination.value == how and result.score_after != (0, 0)

        show_summary(app, advance(Match(game, SEATS, 4), wanted, 20000))

    return situation


def tiengow_table(app: App) -> None:
    show_table(app, advance(Match("tiengow", SEATS, 3), lambda m: len(m.view_for(1).tricks) >= 2 and m.to_act == 1))


def tiengow_multi_tile_trick(app: App) -> None:
    def wanted(match: Match) -> bool:
        view = match.view_for(1)
        return match.to_act == 1 and any(t.columns >= 2 for t in view.tricks) and bool(view.current)

    def largest(legal: list[Any]) -> Any:
        return max(legal, key=lambda play: (not play.face_down, len(play.tiles)))

    show_table(app, advance(Match("tiengow", SEATS, 1), wanted, choose=largest))


def tiengow_finished_trick(app: App) -> None:
    """A second after the fourth play of a trick."""
    app.settings.speed = "normal"
    match = advance(Match("tiengow", SEATS, 3), lambda m: m.to_act == 4 and len(m.view_for(1).current) == 3)
    show_table(app, match, 34 + 25 + 60)


def tiengow_payment(app: App) -> None:
    def wanted(match: Match) -> bool:
        return match.round.is_over and any(match.round.result.immediate)

    def largest(legal: list[Any]) -> Any:
        return max(legal, key=lambda play: (not play.face_down, len(play.tiles)))

    show_summary(app, advance(Match("tiengow", SEATS, 1), wanted, 50000, choose=largest))


def tiengow_summary(app: App) -> None:
    show_summary(app, advance(Match("tiengow", SEATS, 3), lambda m: m.round.is_over))


def lesson_page(app: App) -> None:
    """The Tien Gow lesson's first page, reached by Learn on the game's card."""
    app.show("menu")
    app.manager.run_frames(2)
    click(app, app.manager.scene.widgets["learn_tiengow"], 4)


def lesson_page_with_picture(app: App) -> None:
    """The first page of the Tien Gow lesson that has a picture (Next pressed until it shows)."""
    lesson_page(app)
    coach = app.manager.scene.coach
    while coach.reading and not coach.lesson.picture(coach.page):
        click(app, coach.widgets["next"])


def lesson_coach(app: App) -> None:
    """The Tien Gow lesson's coach at the person's third turn, every page read."""
    lesson_page(app)
    table = app.manager.scene
    while table.coach is not None and table.coach.reading:
        click(app, table.coach.widgets["next"])
    turns = 0
    for _ in range(20000):
        coach = table.coach
        if coach is None or table.match.round.is_over:
            break
        if table.is_viewer_turn and not table.animating and coach.hinted == table.turn_key:
            turns += 1
            if turns == 3:
                break
            before = len(table.match.decisions)
            while len(table.match.decisions) == before:
                press_key(app, pygame.K_RETURN, 1)
            continue
        held = getattr(table.board, "lingering", None)
        if held is not None and held.held:
            press_key(app, pygame.K_RETURN, 1)
            continue
        app.manager.run_frames(1)
    app.manager.run_frames(2)


def table_window(game: str, name: str) -> Situation:
    """The table's Rules or Log window, opened by its button a few turns into a match."""

    def situation(app: App) -> None:
        match = advance(Match(game, SEATS, 3), lambda m: len(m.decisions) >= 9 and m.to_act == 1)
        table = show_table(app, match)
        click(app, table.buttons[name])

    return situation


def menu_window(name: str) -> Situation:
    """The menu's Settings or Statistics window, opened by its button; the statistics are
    those of a few matches played to the end (counted as the summary counts them)."""

    def situation(app: App) -> None:
        if name == "stats":
            from scenes.screens.registry import screens_for
            from scenes.services.stats import record_round

            for game, seed, rounds in (("chiva", 2, 12), ("dekabes", 4, 12), ("tiengow", 3, 6)):
                match = Match(game, SEATS, seed)
                for _ in range(rounds):
                    advance(match, lambda m: m.round.is_over)
                    record_round(screens_for, match, 1)
                    if match.phase is Phase.MATCH_OVER:
                        match.new_match(match.seed + 1)
                    else:
                        match.next_round()
        app.show("menu")
        app.manager.run_frames(2)
        click(app, app.manager.scene.widgets[name])

    return situation


def level_tip(app: App) -> None:
    """The pointer resting on Hard in the menu: its tooltip says what the level does."""
    app.show("menu")
    app.manager.run_frames(2)
    hard = app.manager.scene.widgets["level:hard"]
    pygame.mouse.set_pos(hard.rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=hard.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.manager.run_frames(90)


def summary_why(app: App) -> None:
    """Why? pressed on a Tien Gow deal's summary."""
    show_summary(app, advance(Match("tiengow", SEATS, 3), lambda m: m.round.is_over))
    click(app, app.manager.scene.buttons["why"])


# --- issue 24, items 9-12, 16, 20: the table's pictures ------------------------------------


def post_mouse(kind: int, pos: tuple[int, int], **extra: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, pos=pos, touch=False, **extra))


def chiva_turn(app: App, seed: int = 3) -> Any:
    def playing(match: Match) -> bool:
        return len(match.view_for(1).line) >= 4 and match.to_act == 1 and match.legal_moves()[0] != Pass()

    return show_table(app, advance(Match("chiva", SEATS, seed), playing))


def dragging(app: App) -> None:
    """A playable tile pressed and dragged half way to the line, not let go."""
    table = chiva_turn(app)
    playable = {m.tile for m in table.view.legal if isinstance(m, Play)}
    start = next(rect.center for tile, rect in table.board.hand_rects if tile in playable)
    target = table.layout.board.center
    post_mouse(pygame.MOUSEBUTTONDOWN, start, button=1)
    app.manager.run_frames(1)
    for step in range(1, 6):
        pos = (start[0] + (target[0] - start[0]) * step // 8, start[1] + (target[1] - start[1]) * step // 8)
        post_mouse(pygame.MOUSEMOTION, pos, rel=(0, 0), buttons=(1, 0, 0))
        app.manager.run_frames(1)


def table_question(app: App) -> None:
    """Restart pressed at a table with tiles on the line and a move to undo."""
    table = chiva_turn(app)
    click(app, table.buttons["restart"])


def dekabes_deal_question(app: App) -> None:
    """The Dékabès deal to accept or throw in, and Menu pressed over it."""

    def accepting(match: Match) -> bool:
        return match.phase is Phase.ACCEPTING and match.to_act == 1 and match.view_for(1).may_throw_in

    table = show_table(app, advance(Match("dekabes", SEATS, 1), accepting, 200000))
    click(app, table.buttons["restart"])


def round_end_banner(game: str, seed: int) -> Situation:
    def situation(app: App) -> None:
        app.settings.demo, app.settings.speed = False, "normal"  # the banner waits for the person
        show_table(app, advance(Match(game, SEATS, seed), lambda m: m.round.is_over), 3)

    return situation


def tiengow_banker(app: App) -> None:
    """A Tien Gow table early in a deal, the banker at a side seat."""
    match = advance(Match("tiengow", SEATS, 3), lambda m: m.to_act == 1 and m.view_for(1).banker in (2, 4))
    show_table(app, match)


def lesson_end(app: App) -> None:
    """The Tien Gow lesson's deal played to its end: the banner beside the coach."""
    app.show("menu")
    app.manager.run_frames(2)
    click(app, app.manager.scene.widgets["learn_tiengow"], 4)
    table = app.manager.scene
    for _ in range(400):
        if table.match.round.is_over:
            break
        decide(table.match)
    table.refresh()
    app.manager.run_frames(3)


def preview_both_ends(app: App) -> None:
    """A tile selected that fits both ends: a ghost at each."""

    def both(match: Match) -> bool:
        if match.to_act != 1 or len(match.view_for(1).line) < 3:
            return False
        plays = [m for m in match.legal_moves() if isinstance(m, Play)]
        return any(sum(1 for o in plays if o.tile is m.tile) == 2 for m in plays)

    table = show_table(app, advance(Match("chiva", SEATS, 3), both))
    plays = [m for m in table.view.legal if isinstance(m, Play)]
    tile = next(m.tile for m in plays if sum(1 for o in plays if o.tile is m.tile) == 2)
    rect = next(rect for held, rect in table.board.hand_rects if held is tile)
    click(app, type("At", (), {"rect": rect})())


def see_the_table(game: str, seed: int) -> Situation:
    def situation(app: App) -> None:
        match = advance(Match(game, SEATS, seed), lambda m: m.round.is_over and m.phase is not Phase.MATCH_OVER)
        show_summary(app, match)
        click(app, app.manager.scene.buttons["peek"])

    return situation


def quartet_trick(app: App) -> None:
    """A four-tile trick just finished, held in view with why it was won."""
    app.settings.speed = "normal"

    def largest(legal: list[Any]) -> Any:
        return max(legal, key=lambda play: (not play.face_down, len(play.tiles)))

    before = advance(Match("tiengow", SEATS, 1), quartet_next, 50000, largest)
    table = show_table(app, before)
    for _ in range(200):
        if table.board.lingering is not None:
            break
        app.manager.run_frames(1)
    app.manager.run_frames(80)


def quartet_next(match: Match) -> bool:
    """The fourth play of a four-tile trick is next."""
    view = match.view_for(1)
    return view.trick_size == 4 and len(view.current) == 3 and match.computer_to_act


def menu_language_list(app: App) -> None:
    app.show("menu")
    app.manager.run_frames(2)
    click(app, app.manager.scene.widgets["lang"], 6)


def tiengow_hand(app: App) -> None:
    match = advance(Match("tiengow", SEATS, 3), lambda m: m.to_act == 1 and len(m.view_for(1).hand) == 8)
    show_table(app, match)


# --- issue 39, item 12: the table behind a question ----------------------------------------------


def leave_question(app: App) -> None:
    """Menu pressed at a Chiva table with a long line: the question to leave over it."""
    table = show_table(app, advance(Match("chiva", SEATS, 3), lambda m: len(m.view_for(1).line) >= 8 and m.to_act == 1))
    click(app, table.buttons["menu"])


def waited(done: Callable[[], bool], step: Callable[[], object]) -> None:
    """Run ``step`` until ``done()`` (the table server answers on its own thread meanwhile)."""
    deadline = time.monotonic() + 30
    while not done():
        if time.monotonic() > deadline:
            raise RuntimeError("the shared table did not answer in time")
        step()
        time.sleep(0.002)


def shared_undo_question(app: App) -> None:
    """A Chiva table shared across devices, served on loopback from this process: Ana (this
    device, the host) and her partner Bo on another device; Bo asks to take back his last
    move, and Ana's device asks her. The server and the connections end with the process."""
    seats = [Seating(), Seating(GREEDY), Seating(), Seating(GREEDY)]
    host = HostingServer.new("chiva", seats, None, (0,), seed=3, host="127.0.0.1")
    host.start()
    ana = RemoteSession.join(host.url, host.code, name="Ana", seat=1, host_key=host.host_key)
    bo = RemoteSession.join(host.url, host.code, name="Bo", seat=3)

    def poll() -> None:
        ana.poll()
        bo.poll()

    waited(lambda: ana.seated and bo.seated and all(chair.name for chair in ana.chairs[::2]), poll)
    ana.hosting.start()
    waited(lambda: ana.has_view and bo.has_view, poll)
    table = app.show("online_table", seats=SeatGroup([ana], server=host))
    app.manager.run_frames(2)

    def play() -> None:
        app.manager.run_frames(1)
        bo.poll()
        if bo.view().to_act == 3 and bo.legal() and not bo.talk.asking:
            with contextlib.suppress(IllegalMove):  # sent before the table answered the last one
                bo.commit(bo.legal()[0])
        legal = table.session.legal()
        if table.is_viewer_turn and not table.animating and legal and len(table.view.line) < 7:
            table.commit(legal[0])

    waited(
        lambda: len(table.view.line) >= 7 and bo.control.can_undo and table.is_viewer_turn and not table.animating, play
    )
    app.manager.run_frames(3)
    bo.control.undo()
    waited(lambda: table.dialog is not None, lambda: (app.manager.run_frames(1), bo.poll()))
    app.manager.run_frames(3)


# --- issue 42: the lobby's QR code for a phone ------------------------------------------------


def hosting_lobby(app: App) -> Any:
    """The host's lobby of a Chiva table served on loopback from this process: seat 1 this
    device's, seats 2 and 4 the computer's, seat 3 open to a friend (a phone's QR code beside
    the table code while it is)."""
    app.settings.listen_on = "127.0.0.1"
    app.settings.name = "Ana"
    app.settings.seats = ["human", "computer", "human", "computer"]
    lobby = app.show("lobby", game="chiva")

    def seated() -> bool:
        return len(lobby.chairs) == 4 and 1 in lobby.mine and lobby.mine[1].seated

    waited(seated, lambda: app.manager.run_frames(1))
    app.manager.run_frames(3)
    return lobby


def full_lobby(app: App) -> None:
    """The same lobby with its open seat given to the computer: no QR code, how to show it."""
    lobby = hosting_lobby(app)
    click(app, lobby.widgets["seat3:computer"])
    waited(lambda: not lobby.open_to_phones and not lobby.asked, lambda: app.manager.run_frames(1))
    app.manager.run_frames(3)


# --- issue 40, items 8-10: the menu's windows, the review, the menu at 800×600 ----------------


def settings_list(control: str) -> Situation:
    """The menu's Settings window with the drop-down ``control`` opened by a click."""

    def situation(app: App) -> None:
        menu_window("settings")(app)
        click(app, app.manager.scene.windows.settings_panel.controls[control])

    return situation


def stats_end(app: App) -> None:
    """The menu's Statistics scrolled to its end (the Tien Gow chart of points)."""
    menu_window("stats")(app)
    bar = app.manager.scene.windows.panel.text.scroll_bar
    if bar is not None:
        bar.set_scroll_from_start_percentage(1.0)
    app.manager.run_frames(3)


def review_round(game: str, last: bool) -> Situation:
    """The review of a match's second round (the round drop-down shows), at its first
    step or, with ``last``, at its last (End pressed)."""

    def situation(app: App) -> None:
        from scenes.screens.menu import MenuScene

        match = advance(Match(game, SEATS, 3), lambda m: len(m.finished) >= 1 and m.round.is_over)
        app.show("review", match=match, round_index=len(match.finished), back=MenuScene(app))
        app.manager.run_frames(3)
        if last:
            press_key(app, pygame.K_END)

    return situation


def lesson_first_turn(game: str) -> Situation:
    """A game's lesson at the person's first decision, every page read."""

    def situation(app: App) -> None:
        app.show("menu")
        app.manager.run_frames(2)
        click(app, app.manager.scene.widgets[f"learn_{game}"], 4)
        table = app.manager.scene
        while table.coach is not None and table.coach.reading:
            click(app, table.coach.widgets["deal" if "deal" in table.coach.widgets else "next"])
        for _ in range(2000):
            if table.is_viewer_turn and not table.animating:
                break
            app.manager.run_frames(1)
        app.manager.run_frames(4)

    return situation


def hinted(game: str, seed: int, taken: int, why: bool = False) -> Situation:
    """H pressed at seat 1's turn after ``taken`` decisions (a hint with numbers behind it);
    with ``why``, its Why? button pressed too."""

    def situation(app: App) -> None:
        table = show_table(
            app, advance(Match(game, SEATS, seed), lambda m: m.to_act == 1 and len(m.decisions) == taken)
        )
        press_key(app, pygame.K_h, 2)
        for _ in range(600):
            if table.last_hint is not None:
                break
            app.manager.run_frames(1)
        app.manager.run_frames(4)
        if why and getattr(table, "why_button", None) is not None:
            click(app, table.why_button)

    return situation


def export_toast(app: App) -> None:
    """Export pressed in a Chiva table's Log, the Log closed: where the record went, said."""
    table = show_table(app, advance(Match("chiva", SEATS, 3), lambda m: m.to_act == 1 and len(m.decisions) >= 6))
    click(app, table.buttons["log"])
    click(app, table.panels.log.buttons["export"], 2)
    table.panels.close()
    app.manager.run_frames(2)


def lesson_open(app: App, game: str) -> Any:
    """``game``'s lesson opened by Learn on its card in the menu; the table."""
    app.show("menu")
    app.manager.run_frames(2)
    click(app, app.manager.scene.widgets[f"learn_{game}"], 4)
    return app.manager.scene


def pointer(app: App, where: tuple[int, int]) -> None:
    """A magenta ring where the pointer is (drawn on the picture only)."""
    pygame.draw.circle(app.screen, (255, 0, 255), where, 9, 3)


def lesson_to_page(app: App, table: Any, wanted: Callable[[Any], bool]) -> None:
    """Next pressed until ``wanted(coach)``."""
    coach = table.coach
    while coach.reading and not wanted(coach):
        click(app, coach.widgets["next"])


def lesson_last_page(game: str) -> Situation:
    """The lesson's last page, reached by Next: what lies where Next was."""

    def situation(app: App) -> None:
        table = lesson_open(app, game)
        lesson_to_page(app, table, lambda coach: coach.page == len(coach.lesson.pages) - 2)
        where = table.coach.widgets["next"].rect.center
        click(app, table.coach.widgets["next"])
        pointer(app, where)

    return situation


def lesson_after_deal(game: str) -> Situation:
    """Deal the tiles pressed on the last page, the coach's turn come: what lies under the pointer."""

    def situation(app: App) -> None:
        table = lesson_open(app, game)
        lesson_to_page(app, table, lambda coach: coach.page == len(coach.lesson.pages) - 1)
        coach = table.coach
        deal = coach.widgets.get("deal", coach.widgets["next"])
        where = deal.rect.center
        click(app, deal)
        for _ in range(3000):
            if table.coach is None or (table.coach.hinted == table.turn_key and not table.animating):
                break
            held = getattr(table.board, "lingering", None)
            if held is not None and held.held:
                press_key(app, pygame.K_RETURN, 1)
                continue
            app.manager.run_frames(1)
        app.manager.run_frames(2)
        pointer(app, where)

    return situation


def lesson_end_pressed(game: str) -> Situation:
    """End the lesson pressed at the person's turn: a question (before: the coach just left)."""

    def situation(app: App) -> None:
        lesson_after_deal(game)(app)
        table = app.manager.scene
        end = table.coach.widgets.get("end", table.coach.widgets.get("skip"))
        where = end.rect.center
        click(app, end)
        pointer(app, where)

    return situation


def lesson_page_named(game: str, *keys: str) -> Situation:
    """The lesson's first page among ``keys``, reached by Next."""

    def situation(app: App) -> None:
        table = lesson_open(app, game)
        key = next(key for key in keys if key in table.coach.lesson.pages)
        lesson_to_page(app, table, lambda coach: coach.lesson.pages[coach.page] == key)
        app.manager.run_frames(2)

    return situation


def lesson_trick_held(app: App) -> None:
    """The Tien Gow lesson's first trick finished and held, a while after: its top bar and its
    lines on how to go on."""
    app.settings.demo = False  # a finished trick waits for a person only outside the demo
    table = lesson_open(app, "tiengow")
    lesson_to_page(app, table, lambda coach: coach.page == len(coach.lesson.pages) - 1)
    click(app, table.coach.widgets.get("deal", table.coach.widgets["next"]))
    for _ in range(6000):
        held = getattr(table.board, "lingering", None)
        if held is not None and held.held:
            break
        if table.is_viewer_turn and not table.animating and table.coach.hinted == table.turn_key:
            press_key(app, pygame.K_RETURN, 1)
            continue
        app.manager.run_frames(1)
    app.manager.run_frames(90)


def lesson_summary(app: App) -> None:
    """The Tien Gow lesson played to its end with the hints, then the summary."""
    table = lesson_open(app, "tiengow")
    lesson_to_page(app, table, lambda coach: coach.page == len(coach.lesson.pages) - 1)
    click(app, table.coach.widgets.get("deal", table.coach.widgets["next"]))
    for _ in range(20000):
        if table.match.round.is_over:
            break
        held = getattr(table.board, "lingering", None)
        if (held is not None and held.held) or (
            table.is_viewer_turn and not table.animating and table.coach.hinted == table.turn_key
        ):
            press_key(app, pygame.K_RETURN, 1)
            continue
        app.manager.run_frames(1)
    for _ in range(300):
        if app.manager.scene is not table:
            break
        press_key(app, pygame.K_RETURN, 1)
    app.manager.run_frames(20)


SITUATIONS: dict[str, Situation] = {
    "menu": menu,
    "menu-start-question": menu_start_question,
    "menu-open-record": menu_open_record,
    "lesson-leave-question": lesson_leave_question,
    "chiva-table": block_table("chiva"),
    "dekabes-table": block_table("dekabes"),
    "chiva-pass": chiva_pass,
    "chiva-line-after-turn": chiva_line_after_turn,
    "chiva-broken-streak": broken_streak,
    "chiva-block-summary": block_summary("chiva", "block"),
    "chiva-tie-summary": block_summary("chiva", "tie"),
    "dekabes-block-summary": block_summary("dekabes", "block"),
    "dekabes-domino-summary": block_summary("dekabes", "domino"),
    "tiengow-table": tiengow_table,
    "tiengow-multi-tile-trick": tiengow_multi_tile_trick,
    "tiengow-finished-trick": tiengow_finished_trick,
    "tiengow-payment-summary": tiengow_payment,
    "tiengow-summary": tiengow_summary,
    "tiengow-lesson-page": lesson_page,
    "tiengow-lesson-coach": lesson_coach,
    "tiengow-lesson-picture": lesson_page_with_picture,
    "tiengow-rules": table_window("tiengow", "rules"),
    "chiva-rules": table_window("chiva", "rules"),
    "tiengow-log": table_window("tiengow", "log"),
    "menu-settings": menu_window("settings"),
    "menu-stats": menu_window("stats"),
    "tiengow-why": summary_why,
    "item9-dragging": dragging,
    "item10-table-question": table_question,
    "item10-dekabes-deal-question": dekabes_deal_question,
    "item11-chiva-round-end": round_end_banner("chiva", 3),
    "item11-dekabes-round-end": round_end_banner("dekabes", 3),
    "item11-tiengow-round-end": round_end_banner("tiengow", 3),
    "item11-tiengow-banker": tiengow_banker,
    "item11-tiengow-lesson-end": lesson_end,
    "item12-preview-both-ends": preview_both_ends,
    "item16-chiva-see-table": see_the_table("chiva", 4),
    "item16-tiengow-see-table": see_the_table("tiengow", 3),
    "item20-tiengow-quartet": quartet_trick,
    "item20-menu-language-list": menu_language_list,
    "item20-tiengow-hand": tiengow_hand,
    "item6-chiva-hint": hinted("chiva", 2, 3),
    "item6-tiengow-hint": hinted("tiengow", 2, 1),
    "item6-tiengow-why": hinted("tiengow", 2, 1, why=True),
    "item10-export-toast": export_toast,
    "item8-settings": menu_window("settings"),
    "item8-settings-hand-list": settings_list("hand"),
    "item8-settings-sound-list": settings_list("sound"),
    "item8-stats": menu_window("stats"),
    "item8-stats-end": stats_end,
    "item9-chiva-review": review_round("chiva", last=False),
    "item9-chiva-review-last": review_round("chiva", last=True),
    "item9-dekabes-review-last": review_round("dekabes", last=True),
    "item9-tiengow-review-last": review_round("tiengow", last=True),
    "item10-menu": menu,
    "item10-dekabes-lesson": lesson_first_turn("dekabes"),
    "dialog-leave": leave_question,
    "dialog-undo-shared": shared_undo_question,
    "web-lobby-qr": hosting_lobby,
    "web-lobby-qr-no-seat": full_lobby,
    "item21-menu-about": menu_window("about"),
    "item21-menu-level-tip": level_tip,
    "item4-tiengow-last-page": lesson_last_page("tiengow"),
    "item4-chiva-after-deal": lesson_after_deal("chiva"),
    "item4-tiengow-after-deal": lesson_after_deal("tiengow"),
    "item4-dekabes-end-pressed": lesson_end_pressed("dekabes"),
    "item4-tiengow-end-pressed": lesson_end_pressed("tiengow"),
    "item5-tiengow-groups-page": lesson_page_named("tiengow", "learn.tiengow.2"),
    "item5-tiengow-settlement-page": lesson_page_named("tiengow", "learn.tg.page.settlement", "learn.tiengow.4"),
    "item5-tiengow-trick-held": lesson_trick_held,
    "item5-tiengow-lesson-summary": lesson_summary,
    "item5-chiva-line-page": lesson_page_named("chiva", "learn.chiva.2"),
    "item5-dekabes-doubles-page": lesson_page_named("dekabes", "learn.dekabes.2"),
}


def fresh_folders() -> None:
    """Empty, temporary settings and data folders for the next situation."""
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        os.environ[name] = tempfile.mkdtemp(prefix="screenshots-")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=pathlib.Path)
    parser.add_argument("names", nargs="*", choices=[[], *SITUATIONS], help="situations to render (default: all)")
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--lang", default="en")
    args = parser.parse_args()
    size = tuple(int(v) for v in args.size.split("x"))
    args.out.mkdir(parents=True, exist_ok=True)
    for name in args.names or SITUATIONS:
        fresh_folders()
        app = App(size, settings=Settings(lang=args.lang, speed="instant", demo=True))
        if app.size != size:  # smaller than a window opens: the player made it so
            pygame.display.set_mode(size, pygame.RESIZABLE)
            app.manager.resize()
        SITUATIONS[name](app)
        path = args.out / f"{name}-{args.size}-{args.lang}.png"
        pygame.image.save(app.screen, str(path))
        print(path)


if __name__ == "__main__":
    main()
