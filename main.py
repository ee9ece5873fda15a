"""Start the domino table: parse the arguments, open the window, run the scenes."""

from __future__ import annotations

import argparse
import gc
import os
import pathlib
import stat
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, NoReturn

from game.registry import GAME_NAMES

if TYPE_CHECKING:
    from scenes.shell.manager import SceneManager

LARGEST = 100_000  # pixels a side of --size at most (larger is no size at all; the display clamps it further)


class Arguments(argparse.ArgumentParser):
    """The command line; a mistake in it is said in one line, and the program ends with 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see --help)\n")


class Options(argparse.Namespace):
    """The command line read, typed: argparse fills the fields by their names."""

    game: str | None
    seed: int | None
    lang: str | None
    fullscreen: bool
    demo: bool
    frames: int | None
    screenshot: str | None
    size: str | None
    listen: str | None
    window: tuple[int, int] | None = None  # --size read


def parse_args(argv: list[str] | None = None) -> Options:
    parser = Arguments(
        prog="python main.py",
        description="Chiva, Dékabès and Tien Gow at one domino table.",
        epilog="python main.py --serve ... runs a headless table server (see --serve --help), "
        "python main.py --bot ... a computer player joining one (see --bot --help).",
    )
    parser.add_argument("--game", choices=GAME_NAMES, help="go straight to the table of this game")
    parser.add_argument("--seed", type=int, help="deal seed: the same seed gives the same deals")
    parser.add_argument("--lang", help="language of the interface for this run: en, fr, it or id")
    parser.add_argument("--fullscreen", action="store_true", help="start in full screen this time (F11 switches)")
    parser.add_argument("--demo", action="store_true", help="watch computer players play on their own")
    parser.add_argument("--frames", type=int, help="render this many frames offscreen, then stop")
    parser.add_argument("--screenshot", help="with --frames: save the last frame to this PNG file")
    parser.add_argument("--size", help="window size for this run, e.g. 1920x1080 (at most the display's)")
    parser.add_argument(
        "--listen", metavar="ADDRESS", help="where a table hosted from the menu listens (default: every network)"
    )
    args = parser.parse_args(argv, Options())
    if args.size is not None:
        args.window = parse_size(parser, args.size)
    if args.screenshot and not args.frames:
        parser.error("--screenshot needs --frames N")
    if args.screenshot:
        problem = screenshot_problem(args.screenshot)
        if problem:
            parser.error(f"--screenshot {args.screenshot!r}: {problem}")
    return args


def parse_size(parser: argparse.ArgumentParser, text: str) -> tuple[int, int]:
    """``WIDTHxHEIGHT`` as two whole numbers of pixels, each from 1 to ``LARGEST``."""
    parts = [part.strip() for part in text.lower().split("x")]
    if len(parts) != 2 or not all(part.isascii() and part.isdigit() for part in parts):
        parser.error(f"--size must look like 1280x720, not {text!r}")
    width, height = (int(part) for part in parts)
    if not (1 <= width <= LARGEST and 1 <= height <= LARGEST):
        parser.error(f"--size {text!r}: each side must be from 1 to {LARGEST} pixels")
    return width, height


def screenshot_problem(path: str) -> str | None:
    """Why a picture cannot be written at ``path`` (None when it looks as if it can): only a
    regular file or a new name in a folder will do (writing into a pipe would wait for ever)."""
    target = pathlib.Path(path)
    try:
        found = target.stat()
    except FileNotFoundError:
        found = None
    except OSError as error:
        return error.strerror or "it cannot be reached"
    if found is not None and stat.S_ISDIR(found.st_mode):
        return "that is a folder; give a file name ending in .png"
    if found is not None and not stat.S_ISREG(found.st_mode):
        return "that is not a regular file"
    try:
        has_folder = target.parent.is_dir()
    except OSError as error:
        return error.strerror or "its folder cannot be reached"
    return None if has_folder else f"there is no folder {str(target.parent)!r}"


def main(argv: list[str] | None = None, after_frame: Callable[[SceneManager], None] | None = None) -> int:
    """Run the game as ``argv`` asks; ``after_frame`` is called with the scene manager after
    every frame of the interactive loop (``bench/first_picture.py`` times the start with it)."""
    given = sys.argv[1:] if argv is None else argv
    if given[:1] in (["--serve"], ["--bot"]):
        return headless(given[0], given[1:])
    args = parse_args(given)
    if args.frames:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from scenes.services.installation import installation_problem

    problem = installation_problem()
    if problem is not None:
        print(f"python main.py: the game cannot start: {problem}; install it again", file=sys.stderr)
        return 2
    problem = display_problem()
    if problem is not None:
        print(f"python main.py: no window can be opened: {problem}", file=sys.stderr)
        return 2
    return play(args, after_frame)


def display_problem() -> str | None:
    """Why SDL can show no window here (an unknown ``SDL_VIDEODRIVER``, no display), or None."""
    import pygame

    try:
        pygame.display.init()
    except pygame.error as error:
        return str(error) or "the video system does not start"
    return None


def load_widgets() -> None:
    """Load pygame-gui without PyYAML: the translation library it uses (python-i18n) loads
    PyYAML when it can, for files pygame-gui never reads (its own are JSON). That is a tenth
    of the start-up's imports; a later ``import yaml`` still works."""
    if "pygame_gui" in sys.modules or "yaml" in sys.modules:
        return
    sys.modules["yaml"] = None  # type: ignore[assignment]  # importing it fails, as if it were not installed
    try:
        import pygame_gui  # noqa: F401
    finally:
        del sys.modules["yaml"]


def headless(role: str, argv: list[str]) -> int:
    """``--serve`` and ``--bot``: the table server's and the bot's own command lines
    (``python -m online.server`` and ``python -m online.bot``), for a standalone bundle."""
    if role == "--serve":
        from online import server

        return server.main(argv)
    from online import bot

    return bot.main(argv)


def play(args: Options, after_frame: Callable[[SceneManager], None] | None = None) -> int:
    """Open the window and run the scenes until it is closed (or ``--frames`` are drawn)."""
    gc.disable()  # start-up makes objects that last and next to no garbage: no collection until it is done
    import pygame

    load_widgets()
    from scenes.screens.menu import start_match
    from scenes.services.persist import SETTINGS_KEYS, load_settings, tidy
    from scenes.services.settings import Settings
    from scenes.services.translation import LANGUAGES
    from scenes.shell.app import DEFAULT_SIZE, App

    tidy()
    settings, problem = load_settings(Settings, LANGUAGES)
    settings.seed, settings.demo = args.seed, args.demo
    if args.listen:
        settings.listen_on = args.listen
    if args.lang:
        if args.lang not in LANGUAGES:
            print(f"--lang must be one of {', '.join(LANGUAGES)}; using {settings.lang}", file=sys.stderr)
        else:
            settings.for_this_run("lang", args.lang)
    if args.fullscreen or args.window is not None:
        settings.for_this_run("fullscreen", args.fullscreen)  # an explicit size is a window's
    if args.game:
        settings.game = args.game
    if args.demo:
        settings.seats = ["computer"] * 4
    app = App(args.window or DEFAULT_SIZE, settings=settings)
    gc.freeze()  # what start-up made lasts as long as the game: later collections (the exit's too) pass it over
    gc.enable()
    app.remember()
    if problem is not None:
        app.notify(problem.message(app.tr, *SETTINGS_KEYS))
    if args.demo:
        app.show("table", match=start_match(settings))
    elif args.game:
        app.show("menu", starting=True)  # a saved match is never replaced without asking
    else:
        app.show("menu")
    if args.frames:
        app.manager.run_frames(args.frames)
        if args.screenshot:
            try:
                pygame.image.save(app.screen, args.screenshot)
            except (OSError, pygame.error) as error:
                print(f"python main.py: --screenshot {args.screenshot!r}: {error}", file=sys.stderr)
                app.close()
                pygame.quit()
                return 2
    else:
        manager = app.manager
        manager.run(pygame.time.Clock(), (lambda: after_frame(manager)) if after_frame else lambda: None)
    app.close()
    pygame.quit()
    return 0


if __name__ == "__main__":
    if getattr(sys, "frozen", False):  # a bundle: its thinking worker starts through here
        import multiprocessing

        multiprocessing.freeze_support()
    sys.exit(main())
