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
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(tuple(int(v) for v in args.child.split("x")), args.game, args.save)  # type: ignore[arg-type]
        return
    driver = "x11 on " + os.environ["DISPLAY"] if os.environ.get("DISPLAY") else "dummy"
    print(f"SDL video: {driver}; load {os.getloadavg()[0]:.2f}", flush=True)
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
