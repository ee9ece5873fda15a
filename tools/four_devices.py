"""Four devices play a whole Dékabès match through a hosted table: two real game windows,
each on an X server of its own (Xvfb), driven by the mouse and keyboard through xdotool, and
two bots. Window A hosts from its menu (Play with friends…, Host a table, seats 2 to 4 for
friends, Start); window B joins from its menu (Join a friend's table, the address and code
typed, Find the seats, Sit here); the bots take seats 2 and 4. Mid-round window B is killed
(SIGKILL) and started again, and its menu's Play with friends…, Back to the table brings it
back to its seat. The windows play by keys (H for a hint, Enter to play it and go on). At the
end the match kept by the host and the bots' records pass ``game.cli replay``. Screenshots go
to the output folder.

    apt-get install -y xvfb xdotool imagemagick
    python tools/four_devices.py [--out build/four_devices] [--exe dist/domino-table/domino-table]

With ``--exe`` the windows and the bots are the standalone bundle's (``domino-table`` and
``domino-table --bot``) instead of ``python main.py`` and ``python -m online.bot``.

Where each button is, the driver learns from the game itself: it lays the same screen out
headless at the same size and reads the widget's rectangle, then clicks there in the window.
Prints what happened and exits 0 when the match ended and every record replayed.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import shutil
import signal
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
SIZE = (1280, 720)


class Window:
    """One game window on an X server of its own, with its own user folders."""

    def __init__(self, name: str, display: int, out: pathlib.Path, game: list[str]) -> None:
        self.name, self.display, self.out, self.command = name, f":{display}", out, game
        self.home = out / f"device-{name}"
        self.env = {
            **os.environ,
            "DISPLAY": self.display,
            "SDL_AUDIODRIVER": "dummy",
            "XDG_CONFIG_HOME": str(self.home / "config"),
            "XDG_DATA_HOME": str(self.home / "data"),
            "XDG_CACHE_HOME": str(self.home / "cache"),
        }
        self.env.pop("SDL_VIDEODRIVER", None)
        self.xvfb = subprocess.Popen(
            ["Xvfb", self.display, "-screen", "0", f"{SIZE[0]}x{SIZE[1]}x24", "-nolisten", "tcp"],
            stderr=subprocess.DEVNULL,
        )
        time.sleep(1.0)
        self.game: subprocess.Popen | None = None
        self.shots = 0

    @property
    def data(self) -> pathlib.Path:
        return self.home / "data" / "domino-table"

    def start(self) -> None:
        log = (self.out / f"window-{self.name}.log").open("a")
        self.game = subprocess.Popen(
            [*self.command, "--size", f"{SIZE[0]}x{SIZE[1]}", "--lang", "en"],
            cwd=ROOT,
            env=self.env,
            stdout=log,
            stderr=log,
        )
        time.sleep(4.0)  # the menu's first frames

    def xdotool(self, *args: str) -> None:
        subprocess.run(["xdotool", *args], env=self.env, check=True, capture_output=True)

    def click(self, pos: tuple[int, int]) -> None:
        self.xdotool("mousemove", str(pos[0]), str(pos[1]))
        time.sleep(0.05)
        self.xdotool("click", "1")
        time.sleep(0.4)

    def key(self, name: str) -> None:
        self.xdotool("key", name)

    def type(self, text: str) -> None:
        self.xdotool("type", "--delay", "40", text)
        time.sleep(0.3)

    def shot(self, what: str) -> pathlib.Path:
        self.shots += 1
        path = self.out / f"{self.name}-{self.shots:02d}-{what}.png"
        subprocess.run(["import", "-window", "root", str(path)], env=self.env, check=False, capture_output=True)
        return path

    def kill(self) -> None:
        if self.game is not None and self.game.poll() is None:
            self.game.send_signal(signal.SIGKILL)
            self.game.wait(10)

    def close(self) -> None:
        self.kill()
        self.xvfb.kill()
        self.xvfb.wait(10)


class Mirror:
    """The game laid out headless at the windows' size: where each button of a screen is."""

    def __init__(self, out: pathlib.Path) -> None:
        os.environ.update(
            SDL_VIDEODRIVER="dummy",
            SDL_AUDIODRIVER="dummy",
            XDG_CONFIG_HOME=str(out / "mirror" / "config"),
            XDG_DATA_HOME=str(out / "mirror" / "data"),
        )
        sys.path.insert(0, str(ROOT))
        from scenes.services.settings import Settings
        from scenes.shell.app import App

        self.app = App(SIZE, settings=Settings(game="dekabes", lang="en"))
        self.app.show("menu")
        self.app.manager.run_frames(3)

    def menu_button(self, name: str) -> tuple[int, int]:
        self.app.show("menu")
        self.app.manager.run_frames(2)
        return self.app.manager.scene.widgets[name].rect.center

    def menu_card(self, game: str) -> tuple[int, int]:
        """Where the middle of ``game``'s card is in the menu."""
        self.app.show("menu")
        self.app.manager.run_frames(2)
        return next(rect.center for name, rect in self.app.manager.scene.cards if name == game)

    def friends_choice(self, choice: str, seats_file: pathlib.Path | None = None) -> tuple[int, int]:
        """Where ``choice`` is in Play with friends… (with this device's seats file, if any)."""
        from scenes.services import persist

        if seats_file is not None:
            persist.table_seats_path().parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(seats_file, persist.table_seats_path())
        else:
            persist.table_seats_path().unlink(missing_ok=True)
        self.app.show("menu")
        self.app.manager.run_frames(2)
        menu = self.app.manager.scene
        menu.open_friends()
        centre = menu.windows.dialog.buttons[choice].rect.center
        menu.windows.dialog.close()
        menu.windows.dialog = None
        return centre

    def lobby_button(self, name: str) -> tuple[int, int]:
        from scenes.screens.lobby import LobbyScene

        lobby = LobbyScene(self.app, "dekabes")
        lobby.left = True  # laid out only: no table is served
        lobby.enter()
        centre = lobby.widgets[name].rect.center
        lobby.exit()
        return centre

    def join_widget(self, name: str, seats: bool = False) -> tuple[int, int]:
        from game.core.session import Chair
        from scenes.screens.join import JoinScene, Stage

        join = JoinScene(self.app)
        join.left = True  # laid out only: no browsing
        if seats:
            join.stage, join.game = Stage.SEATS, "dekabes"
            join.seats = tuple(Chair(seat, "open") for seat in range(1, 5))
        join.enter()
        centre = join.widgets[name].rect.center
        join.exit()
        return centre


def wait(done, limit: float, what: str) -> None:
    deadline = time.monotonic() + limit
    while not done():
        if time.monotonic() > deadline:
            raise SystemExit(f"four_devices: gave up waiting for {what}")
        time.sleep(0.2)


def saved(path: pathlib.Path) -> dict | None:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def replays(path: pathlib.Path) -> bool:
    command = [sys.executable, "-m", "game.cli", "replay", str(path)]
    done = subprocess.run(command, check=False, cwd=ROOT, capture_output=True)
    return done.returncode == 0


def play_keys(window: Window) -> None:
    """What a person at the window presses: H (a hint), Enter (play it, or go on)."""
    window.key("h")
    time.sleep(0.35)
    window.key("Return")
    time.sleep(0.25)


def main() -> int:
    parser = argparse.ArgumentParser(prog="python tools/four_devices.py")
    parser.add_argument("--out", default=str(ROOT / "build" / "four_devices"))
    parser.add_argument("--exe", help="the bundle's executable: its windows and bots play instead")
    args = parser.parse_args()
    game = [str(pathlib.Path(args.exe).resolve())] if args.exe else [sys.executable, "main.py"]
    bot_command = [*game, "--bot"] if args.exe else [sys.executable, "-m", "online.bot"]
    out = pathlib.Path(args.out)
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    mirror = Mirror(out)
    host, guest = Window("A", 71, out, game), Window("B", 72, out, game)
    bots: list[subprocess.Popen] = []
    started = time.monotonic()
    try:
        host.start()
        host.click(mirror.menu_card("dekabes"))
        host.shot("menu")
        host.click(mirror.menu_button("friends"))
        host.click(mirror.friends_choice("host"))
        time.sleep(2.0)
        for seat in (2, 3, 4):
            host.click(mirror.lobby_button(f"seat{seat}:friend"))
        wait(lambda: saved(host.data / "table_seats.json") is not None, 30, "the host's table")
        table_seats = saved(host.data / "table_seats.json")
        code, port = table_seats["code"], table_seats["port"]
        print(f"window A hosts table {code} on port {port}")
        host.shot("lobby")

        guest.start()
        guest.click(mirror.menu_button("friends"))
        guest.click(mirror.friends_choice("join"))
        time.sleep(1.0)
        guest.click(mirror.join_widget("name"))
        guest.type("Bea")
        guest.click(mirror.join_widget("address"))
        guest.type(f"127.0.0.1:{port}")
        guest.click(mirror.join_widget("code"))
        guest.type(code.lower())
        guest.shot("join-form")
        guest.click(mirror.join_widget("look"))
        time.sleep(1.5)
        guest.shot("join-seats")
        guest.click(mirror.join_widget("sit:3", seats=True))
        wait(lambda: saved(guest.data / "table_seats.json") is not None, 30, "window B's seat")
        print("window B sits at seat 3")

        url = f"ws://127.0.0.1:{port}"
        for seat in (2, 4):
            log = (out / f"bot-{seat}.log").open("w")
            record = str(out / f"bot-{seat}.jsonl")
            options = ["--seat", str(seat), "--think", "0.3", "--patience", "300", "--out", record]
            command = [*bot_command, "--url", url, "--code", code, *options]
            bots.append(subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=log))
        time.sleep(2.0)
        host.shot("lobby-full")
        host.click(mirror.lobby_button("start"))
        print("window A started the match")
        time.sleep(2.0)
        host.shot("table")

        dropped = False
        rounds_seen = round_began = 0
        while any(bot.poll() is None for bot in bots):
            if time.monotonic() - started > 1500:
                raise SystemExit("four_devices: the match did not end in 25 minutes")
            for window in (host, guest):
                play_keys(window)
            table = saved(host.data / "hosted_table.json")
            if table is None or table.get("match") is None:
                continue  # the match is over: the host no longer keeps the table
            rounds, position = len(table["match"]["record"]["rounds"]), table["position"]
            if rounds != rounds_seen:
                rounds_seen, round_began = rounds, position
                print(f"round {rounds} under way (position {position})")
            if not dropped and rounds >= 2 and position >= round_began + 8:
                guest.shot("before-drop")
                guest.kill()
                print(f"window B killed in round {rounds}, {position - round_began} decisions into it")
                time.sleep(3.0)
                host.shot("away")
                guest.start()
                guest.click(mirror.menu_button("friends"))
                guest.shot("back-to-the-table")
                guest.click(mirror.friends_choice("back", guest.data / "table_seats.json"))
                time.sleep(3.0)
                guest.shot("back")
                print("window B back at its seat through Play with friends…, Back to the table")
                dropped = True
        codes = [bot.wait(30) for bot in bots]
        time.sleep(2.0)
        host.shot("end")
        guest.shot("end")
        print(f"bots ended with {codes}; {rounds_seen} rounds; {time.monotonic() - started:.0f} s")
        finished = host.data / "finished.json"
        wait(finished.exists, 30, "the host's Last match")
        sys.path.insert(0, str(ROOT))
        from game.core.record import dumps, match_to_record
        from game.core.savegame import match_from_save

        kept = match_from_save(json.loads(finished.read_text(encoding="utf-8")))
        (out / "host-record.jsonl").write_text(dumps(match_to_record(kept)) + "\n", encoding="utf-8")
        results = {
            "host's Last match": replays(out / "host-record.jsonl"),
            "bot 2's record": replays(out / "bot-2.jsonl"),
            "bot 4's record": replays(out / "bot-4.jsonl"),
        }
        for what, ok in results.items():
            print(f"{what}: {'replays' if ok else 'DOES NOT REPLAY'}")
        return 0 if dropped and all(results.values()) and codes == [0, 0] else 1
    finally:
        for bot in bots:
            if bot.poll() is None:
                bot.kill()
        host.close()
        guest.close()


if __name__ == "__main__":
    sys.exit(main())
