"""Start the domino table: parse the arguments, open the window, run the scenes."""

from __future__ import annotations

import argparse
import gc
import os
import sys

from game.registry import GAME_NAMES


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python main.py", description="Chiva, Dékabès and Tien Gow at one domino table."
    )
    parser.add_argument("--game", choices=GAME_NAMES, help="go straight to the table of this game")
    parser.add_argument("--seed", type=int, help="deal seed: the same seed gives the same deals")
    parser.add_argument("--lang", help="language of the interface: en, fr, it or id (remembered)")
    parser.add_argument("--fullscreen", action="store_true", help="start in full screen (F11 switches)")
    parser.add_argument("--demo", action="store_true", help="watch computer players play on their own")
    parser.add_argument("--frames", type=int, help="render this many frames offscreen, then stop")
    parser.add_argument("--screenshot", help="with --frames: save the last frame to this PNG file")
    parser.add_argument("--size", default="1280x720", help="window size, e.g. 1920x1080")
    args = parser.parse_args(argv)
    try:
        width, height = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        parser.error(f"--size must look like 1280x720, not {args.size!r}")
    args.size = (width, height)
    if args.screenshot and not args.frames:
        parser.error("--screenshot needs --frames N")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.frames:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    gc.disable()  # start-up makes objects that last and next to no garbage: no collection until it is done
    import pygame

    from scenes.app import App
    from scenes.menu import start_match
    from scenes.persist import SETTINGS_KEYS, load_settings
    from scenes.settings import Settings
    from scenes.text import LANGUAGES

    settings, problem = load_settings(Settings, LANGUAGES)
    settings.seed, settings.demo = args.seed, args.demo
    if args.lang:
        if args.lang not in LANGUAGES:
            print(f"--lang must be one of {', '.join(LANGUAGES)}; using {settings.lang}", file=sys.stderr)
        else:
            settings.lang = args.lang
    if args.fullscreen:
        settings.fullscreen = True
    if args.game:
        settings.game = args.game
    if args.demo:
        settings.seats = ["computer"] * 4
    app = App(args.size, settings=settings)
    gc.freeze()  # what start-up made lasts as long as the game: later collections (the exit's too) pass it over
    gc.enable()
    app.remember()
    if problem is not None:
        app.notify(problem.message(app.tr, *SETTINGS_KEYS))
    if args.game or args.demo:
        app.show("table", match=start_match(settings))
    else:
        app.show("menu")
    if args.frames:
        app.manager.run_frames(args.frames)
        if args.screenshot:
            pygame.image.save(app.screen, args.screenshot)
    else:
        app.manager.run(pygame.time.Clock())
    app.close()
    pygame.quit()
    return 0


if __name__ == "__main__":
    if getattr(sys, "frozen", False):  # a bundle: its thinking worker starts through here
        import multiprocessing

        multiprocessing.freeze_support()
    sys.exit(main())
