"""CPU time from a start to the first readable picture and to the table, as a player starts
``python main.py --game chiva`` (the interactive loop, not ``--frames``).

Each start runs in a fresh interpreter, so its CPU seconds count from the interpreter's
start (imports included). A picture is "readable" when it is more than one colour (the plain
felt shown before is not); the time the check itself takes is left out. With ``DISPLAY`` set
(for example ``Xvfb :57 -screen 0 1920x1080x24``) it runs in a real X window, where each
picture shown costs what it costs a player; otherwise in SDL's dummy driver. ``--save DIR``
keeps the first picture and the first readable one as PNG files. Prints figures; asserts
nothing. Run from the project root:

    python bench/first_picture.py [--sizes 800x600,1280x720,1920x1080] [--game chiva] [--save DIR]

``--menu`` times instead a plain ``python main.py`` (fresh settings, no saved match) to its
first frame of the menu, beside ``import pygame`` alone, each in fresh interpreters taking
turns; it prints the medians and their ratio (the issue's measure of start-up), and the same
to the first frame with every widget of the menu built (the option rows follow the first
frame, a few a frame):

    python bench/first_picture.py --menu [--runs 7] [--sizes 1280x720]
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
FRAME_LIMIT = 3000


def child(size: tuple[int, int], game: str, save: str | None) -> None:
    """One start: the table of ``game`` in the interactive loop, stopped once it is drawn."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("SDL_VIDEODRIVER", "x11" if os.environ.get("DISPLAY") else "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from scenes.screens.menu import start_match
    from scenes.services.settings import Settings
    from scenes.shell.app import App

    app = App(size, settings=Settings(game=game, seed=1, demo=True, seats=["computer"] * 4))
    app.show("table", match=start_match(app.settings))
    manager = app.manager
    found: dict[str, float] = {}
    checking = 0.0  # CPU seconds spent looking at the pictures, left out of the figures
    frames = 0

    def after_frame() -> None:
        nonlocal checking, frames
        now = time.process_time() - checking
        frames += 1
        screen = pygame.display.get_surface()
        if "first" not in found:
            found["first"] = now
            if save:
                pygame.image.save(screen, os.path.join(save, "first-frame.png"))
        if "readable" not in found and not plain(screen):
            found["readable"] = now
            found["readable_frame"] = frames
            if save:
                pygame.image.save(screen, os.path.join(save, "first-readable.png"))
        if "entered" in found:  # the frame a scene is entered in shows the picture before it once more
            found["table"] = now
            found["table_frame"] = frames
            manager.running = False
        elif manager.scene is not None and not manager.preparing:
            found["entered"] = now
        if frames >= FRAME_LIMIT:
            manager.running = False
        checking += time.process_time() - now - checking

    manager.run(pygame.time.Clock(), after_frame)
    app.close()
    print(json.dumps(found))


IMPORT_PYGAME = "import time, pygame; print(time.process_time())"
MENU = """
import json, sys, time
import main

found = {}
elsewhere = [0.0]  # CPU seconds of the other spare work after the first frame (modules, pictures)


def timed(piece):
    def timed_piece(deadline):
        start = time.process_time()
        try:
            return piece(deadline)
        finally:
            elsewhere[0] += time.process_time() - start

    return timed_piece


def after_frame(manager):
    if manager.scene is None or not manager.drawn:
        return
    if "menu" not in found:  # the menu, drawn
        found.update(menu=time.process_time(), modules=len(sys.modules), numpy="numpy" in sys.modules)
        manager.spare_piece = timed(manager.spare_piece)  # left out of "whole"
    if not manager.scene.unbuilt:  # every widget built and drawn (the rows after the first frame too)
        found.update(whole=time.process_time() - elsewhere[0], whole_frames=found.get("frames", 0) + 1)
        manager.running = False
    found["frames"] = found.get("frames", 0) + 1


main.main(sys.argv[1:], after_frame)
print(json.dumps(found))
"""


def menu_starts(size: str, runs: int) -> None:
    """``runs`` starts to the menu's first frame and as many ``import pygame``, taking turns."""
    import tempfile

    menus: list[float] = []
    wholes: list[float] = []
    pygames: list[float] = []
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1", HOME=home)
        env.setdefault("SDL_VIDEODRIVER", "x11" if os.environ.get("DISPLAY") else "dummy")
        for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
            env[name] = os.path.join(home, name.lower())
        found: dict[str, object] = {}
        for _ in range(runs):
            done = subprocess.run(
                [sys.executable, "-c", IMPORT_PYGAME], check=True, capture_output=True, text=True, cwd=ROOT, env=env
            )
            pygames.append(float(done.stdout.split()[-1]))
            done = subprocess.run(
                [sys.executable, "-c", MENU, "--size", size],
                check=True,
                capture_output=True,
                text=True,
                cwd=ROOT,
                env=env,
            )
            found = json.loads(done.stdout.strip().splitlines()[-1])
            menus.append(float(found["menu"]))  # type: ignore[arg-type]
            wholes.append(float(found["whole"]))  # type: ignore[arg-type]
    menu, whole, alone = statistics.median(menus), statistics.median(wholes), statistics.median(pygames)
    print(
        f"{size}: first menu frame {menu:.3f} s CPU, import pygame {alone:.3f} s CPU: {menu / alone:.1f}x "
        f"(medians of {runs}; {found.get('modules')} modules loaded by then, numpy among them: "
        f"{found.get('numpy')}); every widget built and drawn (frame {found.get('whole_frames')}): "
        f"{whole:.3f} s CPU, {whole / alone:.1f}x; load {os.getloadavg()[0]:.2f}",
        flush=True,
    )


def plain(surface) -> bool:
    """Whether ``surface`` is one colour all over."""
    import pygame

    colour = surface.get_at((0, 0))
    same = pygame.mask.from_threshold(surface, colour, (1, 1, 1, 255)).count()
    return same == surface.get_width() * surface.get_height()


def measure(size: str, game: str, save: str | None) -> dict[str, float]:
    command = [sys.executable, __file__, "--child", size, "--game", game] + (["--save", save] if save else [])
    done = subprocess.run(command, check=True, capture_output=True, text=True, cwd=ROOT)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="800x600,1280x720,1920x1080")
    parser.add_argument("--game", default="chiva")
    parser.add_argument("--runs", type=int, default=3, help="starts per size (the median is printed)")
    parser.add_argument("--save", help="folder: keep the pictures of the first start of each size there")
    parser.add_argument("--menu", action="store_true", help="time python main.py to the menu's first frame")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(tuple(int(v) for v in args.child.split("x")), args.game, args.save)  # type: ignore[arg-type]
        return
    driver = "x11 on " + os.environ["DISPLAY"] if os.environ.get("DISPLAY") else "dummy"
    print(f"SDL video: {driver}; load {os.getloadavg()[0]:.2f}", flush=True)
    if args.menu:
        for size in args.sizes.split(","):
            menu_starts(size, args.runs)
        return
    for size in args.sizes.split(","):
        runs = []
        for run in range(args.runs):
            folder = None
            if args.save and run == 0:
                folder = os.path.join(args.save, size)
                os.makedirs(folder, exist_ok=True)
            runs.append(measure(size, args.game, folder))
        readable = statistics.median(r.get("readable", float("nan")) for r in runs)
        table = statistics.median(r.get("table", float("nan")) for r in runs)
        print(
            f"{size}: first readable picture {readable:.2f} s CPU (frame {runs[0].get('readable_frame')}), "
            f"table drawn {table:.2f} s CPU (frame {runs[0].get('table_frame')}); median of {args.runs}, "
            f"load {os.getloadavg()[0]:.2f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
