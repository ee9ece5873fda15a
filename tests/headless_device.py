"""A device at a hosted table driven headless (SDL dummy) by real pygame events: clicks on the
menu, the lobby and the join screen, letters typed into their fields, and at the table the
keys a person presses (H for a hint, Enter to play it, Enter to go on). One display per
process: a test drives one device in its own process and runs others as this script:

    python tests/headless_device.py join --address HOST:PORT --code CODE --seat N --out FILE
    python tests/headless_device.py host --game GAME --seats device,computer,friend,computer [--port P] --out FILE
    python tests/headless_device.py continue --out FILE

``join`` joins seat N through the menu; ``host`` hosts a table through the menu, writes its
address (``{"port": P, "code": C}``) to FILE.table and as a line of its standard output,
starts it once its friends' seats are taken and plays (on port P first instead of the usual
one, so that no other test's table takes it while this one is down); ``continue`` goes back
to this device's table from the menu (Play with friends…, Back to the table). Each plays the
whole match, then writes what it saw (JSON) to FILE and exits 0 (1 when the table fell
silent before the match ended). Its frames wait for the table's messages, not for the clock."""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("DOMINO_TABLE_THINKING", "inline")
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

import pygame

from game.core.phases import Phase
from online.client import device_loop
from scenes.screens import join as join_screen
from scenes.screens import lobby as lobby_screen
from scenes.screens.join import JoinScene
from scenes.screens.lobby import LobbyScene
from scenes.screens.menu import MenuScene
from scenes.screens.review import ReviewScene
from scenes.screens.shared_table import SharedTable
from scenes.screens.summary import SummaryScene
from scenes.screens.table import TableScene
from scenes.services.settings import Settings
from scenes.shell.app import App

TICK = 0.004  # seconds a frame waits at most for the table's next message (none: it goes on at once)


class Arrivals:
    """The messages this process's connections have received, and when the last one came."""

    def __init__(self) -> None:
        self.seen = 0
        self.last = time.monotonic()

    def wait(self, timeout: float) -> None:
        """Wait up to ``timeout`` seconds for the next message (at once when one came meanwhile)."""
        now = device_loop().wait_arrival(self.seen, timeout)
        if now != self.seen:
            self.seen, self.last = now, time.monotonic()

    def quiet_for(self) -> float:
        """Seconds since the last message: a table that is still going on is never quiet for long."""
        return time.monotonic() - self.last


ARRIVALS = Arrivals()


def frames(app: App, count: int = 1) -> None:
    for _ in range(count):
        app.manager.run_frames(1)
        ARRIVALS.wait(TICK)


def click(app: App, widget, settle: int = 2) -> None:
    """A left click in the middle of ``widget``, as the mouse makes it."""
    pos = widget.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False))
    frames(app, settle)


def key(app: App, code: int, settle: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))
    frames(app, settle)


def type_into(app: App, entry, text: str) -> None:
    """Click a text field, empty it and type ``text`` into it, a letter at a time."""
    click(app, entry)
    for _ in range(len(entry.get_text()) + 2):
        key(app, pygame.K_BACKSPACE, 0)
    for letter in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=letter))
    frames(app, 2)


def waited(app: App, done, limit: float) -> bool:
    """Run frames until ``done()``, or until nothing has come from the table for ``limit``
    seconds (a loaded machine is slower, never silent); whether it came."""
    started = time.monotonic()
    while not done():
        if min(ARRIVALS.quiet_for(), time.monotonic() - started) > limit:
            return False
        frames(app)
    return True


def wait_for(app: App, done, limit: float = 60.0, what: str = "") -> None:
    if not waited(app, done, limit):
        raise AssertionError(f"gave up waiting for {what or done}")


def scene(app: App):
    return app.manager.scene


def open_friends(app: App, choice: str) -> None:
    """From the menu: Play with friends…, then ``host``, ``join`` or ``back``."""
    wait_for(app, lambda: isinstance(scene(app), MenuScene), what="the menu")
    menu = scene(app)
    click(app, menu.widgets["friends"])
    assert menu.windows.dialog is not None, "Play with friends opens its question"
    click(app, menu.windows.dialog.buttons[choice], settle=3)


def join_through_menu(app: App, address: str, code: str, seat: int) -> JoinScene:
    """Menu, Play with friends…, Join: the address and code typed, Find the seats, Sit here."""
    open_friends(app, "join")
    wait_for(app, lambda: isinstance(scene(app), JoinScene), what="the join screen")
    join = scene(app)
    type_into(app, join.widgets["address"], address)
    type_into(app, join.widgets["code"], code)
    click(app, join.widgets["look"])
    wait_for(app, lambda: f"sit:{seat}" in join.widgets, what=f"seat {seat} offered")
    click(app, join.widgets[f"sit:{seat}"])
    return join


def match_over(app: App) -> bool:
    """Whether the shared table's match has ended and its record has come."""
    table = scene(app)
    if isinstance(table, (SummaryScene, ReviewScene)):
        table = table.table if isinstance(table, SummaryScene) else table.back
    if not isinstance(table, TableScene) or not isinstance(table.mode, SharedTable):
        return False
    group = table.mode.group
    return group.phase is Phase.MATCH_OVER and group.record_fields is not None


def play_step(app: App, seen: dict) -> None:
    """What a person does now, by keys: go on past a held trick or the end of a round, say
    ready in the summary, answer a question yes, or ask a hint and play it."""
    now = scene(app)
    if isinstance(now, SummaryScene):
        key(app, pygame.K_RETURN, 3)
        return
    if isinstance(now, ReviewScene):
        key(app, pygame.K_ESCAPE, 2)
        return
    if not isinstance(now, TableScene):
        frames(app)
        return
    table = now
    if table.dialog is not None:
        key(app, pygame.K_RETURN, 2)
        seen["answers"] += 1
        return
    lingering = getattr(table.board, "lingering", None)
    if table.handover or (lingering is not None and lingering.held):
        key(app, pygame.K_RETURN, 2)
        return
    if table.round_over and isinstance(table.mode, SharedTable) and table.mode.may_sum_up():
        key(app, pygame.K_RETURN, 3)
        return
    if table.is_viewer_turn and not table.animating and table.session.legal():
        turn = table.turn_key
        key(app, pygame.K_h, 2)
        wait_for(
            app,
            lambda: table.dialog is not None or (table.last_hint is not None and table.last_hint[0] == turn),
            30,
            "a hint",
        )
        if table.dialog is not None:
            return  # a question came meanwhile (a seat went away): the next step answers it
        position = table.session.position

        def played() -> bool:
            return table.session.position != position or not table.session.legal()

        key(app, pygame.K_RETURN, 2)
        if waited(app, lambda: played() or table.dialog is not None, 30) and played():
            seen["decisions"] += 1
        else:  # refused, or a question opened first took the key: a person reads why and plays again
            seen["again"] = seen.get("again", 0) + 1
            seen["refused"] = table.messages.text
        return
    frames(app)


def play_match(app: App, limit: float = 240.0, between=None) -> dict:
    """Play this device's seats by keys until the shared match is over, failing once nothing
    has come from the table for ``limit`` seconds; ``between`` runs after every step
    (another device's frames, a drop...)."""
    seen = {"decisions": 0, "answers": 0}
    started = time.monotonic()
    while not match_over(app):
        if min(ARRIVALS.quiet_for(), time.monotonic() - started) > limit:
            raise AssertionError(f"nothing came from the table for {limit} s ({seen})")
        play_step(app, seen)
        if between is not None:
            between()
    return seen


def new_app(lang: str = "en", name: str = "", game: str = "chiva", size=(1280, 720)) -> App:
    app = App(size, settings=Settings(game=game, speed="instant", lang=lang, name=name))
    app.show("menu")
    frames(app, 3)
    return app


def host_through_menu(app: App, seats: dict[int, str]) -> LobbyScene:
    """Menu, Play with friends…, Host: each seat set as ``seats`` says (device, friend, computer)."""
    open_friends(app, "host")
    wait_for(app, lambda: isinstance(scene(app), LobbyScene), what="the lobby")
    lobby = scene(app)
    wait_for(app, lambda: len(lobby.chairs) == 4 and not lobby.blocker().startswith("Taking"), what="the lobby's seats")
    for seat, choice in seats.items():
        if lobby.choice_of(seat) != choice:
            click(app, lobby.widgets[f"seat{seat}:{choice}"], settle=3)
    return lobby


def host_and_start(app: App, seats: list[str], address_file: pathlib.Path) -> None:
    """Host through the menu, say where the table is, start it once every friend has come."""
    lobby = host_through_menu(app, dict(enumerate(seats, start=1)))
    hosting = lobby.hosting
    assert hosting is not None, lobby.problem
    where = json.dumps({"port": hosting.port, "code": hosting.code})
    address_file.write_text(where, encoding="utf-8")
    print(where, flush=True)
    wait_for(app, lambda: not lobby.blocker() and lobby.widgets["start"].is_enabled, 120, "every seat taken")
    click(app, lobby.widgets["start"])
    wait_for(app, lambda: isinstance(scene(app), TableScene), 60, f"the table ({lobby.message or lobby.blocker()})")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python tests/headless_device.py")
    parser.add_argument("role", choices=("join", "host", "continue"))
    parser.add_argument("--address", default="")
    parser.add_argument("--code", default="")
    parser.add_argument("--seat", type=int, default=1)
    parser.add_argument("--game", default="dekabes")
    parser.add_argument("--seats", default="device,computer,friend,computer")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--name", default="Guest")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--patience", type=float, default=0.0, help="seconds its seats keep trying after a drop")
    parser.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    if args.port:
        lobby_screen.DEFAULT_PORT = args.port
    if args.patience:
        join_screen.PATIENCE = lobby_screen.PATIENCE = args.patience
    app = new_app(args.lang, args.name, args.game)
    if args.role == "join":
        join_through_menu(app, args.address, args.code, args.seat)
    elif args.role == "host":
        host_and_start(app, args.seats.split(","), pathlib.Path(args.out + ".table"))
    else:
        open_friends(app, "back")
    try:
        seen = play_match(app)
        status = 0
    except AssertionError as error:
        seen, status = {"error": str(error)}, 1
    table = scene(app)
    if isinstance(table, SummaryScene):
        table = table.table
    result = {**seen, "scene": type(scene(app)).__name__}
    if isinstance(table, TableScene) and isinstance(table.mode, SharedTable):
        group = table.mode.group
        result["rounds"] = len(group.rounds)
        result["seat"] = group.seat
        result["last_match"] = table.mode.kept
        result["said"] = table.messages.text
        result["dialog"] = table.dialog is not None
    pathlib.Path(args.out).write_text(json.dumps(result), encoding="utf-8")
    app.close()
    pygame.quit()
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
