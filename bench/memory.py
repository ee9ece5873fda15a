"""Peak memory of a long demo, as ``python main.py --demo --size 1920x1080`` runs it (the
interactive loop; SDL's dummy driver unless ``DISPLAY`` is set) for ``--seconds`` of wall time:
the peak resident set of the game's process and, apart, of its thinking worker. With ``--top N``
it also lists the N places of the game's own code holding the most Python memory at the end
(tracemalloc; it slows the game down). Prints figures; asserts nothing. Run from the project root:

    python bench/memory.py [--seconds 300] [--size 1920x1080] [--game chiva] [--top 0]
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent

CHILD = """
import json, resource, sys, time, tracemalloc
import main

seconds, top, root = float(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
if top:
    tracemalloc.start()
start = time.perf_counter()
frames = 0


def after_frame(manager):
    global frames
    frames += 1
    if time.perf_counter() - start >= seconds:
        manager.running = False


code = main.main(sys.argv[4:], after_frame)
places = []
if top:
    snapshot = tracemalloc.take_snapshot().filter_traces([tracemalloc.Filter(True, root + "/*")])
    places = [(str(stat.traceback), stat.size) for stat in snapshot.statistics("lineno")[:top]]
print(json.dumps({
    "code": code,
    "frames": frames,
    "game": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    "worker": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024,
    "places": places,
}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=300.0)
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--game", default="chiva")
    parser.add_argument("--top", type=int, default=0, help="list the N lines of the game holding most memory")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1", HOME=home)
        env.setdefault("SDL_VIDEODRIVER", "x11" if os.environ.get("DISPLAY") else "dummy")
        for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
            env[name] = os.path.join(home, name.lower())
        game = ["--demo", "--size", args.size, "--game", args.game, "--seed", "1"]
        done = subprocess.run(
            [sys.executable, "-c", CHILD, str(args.seconds), str(args.top), str(ROOT), *game],
            check=True,
            capture_output=True,
            text=True,
            cwd=ROOT,
            env=env,
        )
    found = json.loads(done.stdout.strip().splitlines()[-1])
    print(
        f"{args.game} demo at {args.size} for {args.seconds:.0f} s ({found['frames']} frames): peak resident "
        f"{found['game']:.1f} MB (the thinking worker: {found['worker']:.1f} MB); load {os.getloadavg()[0]:.2f}",
        flush=True,
    )
    for place, size in found["places"]:
        print(f"{size / 2**20:8.2f} MB  {place}")


if __name__ == "__main__":
    main()
