"""What saving a long Tien Gow session costs the frame thread, at deals 1, 100 and 400.

Run from the project root: ``python -m bench.saving [--deals 1,100,400] [--repeats 9]``.
Computers play; at each deal the median CPU of the frame thread's part of a save
(``persist.save_match``: the text made, the write handed over) is printed beside the median of
the same save made the old way (every round rebuilt, the text dumped and written there and then),
with the load from ``uptime``. Prints figures, never asserts.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable

from game.core.files import write_atomic
from game.core.match import Match
from game.core.savegame import match_to_save
from scenes.services import persist

SEATS = ("human", "greedy", "greedy", "greedy")


def play_to_deal(match: Match, number: int) -> None:
    """Play ``match`` to its first move of deal ``number``, saved after every move and new round."""
    while match.start.number < number or match.to_act != 1:
        match.run_computers()
        if match.round.is_over:
            match.next_round()
        elif match.start.number < number:
            match.push(match.legal_moves()[0])
        persist.save_match(match)
    persist.settle()


def cpu_ms(save: Callable[[], None], repeats: int) -> float:
    """The median CPU milliseconds of the calling thread for ``save``."""
    samples = []
    for _ in range(repeats):
        start = time.thread_time()
        save()
        samples.append(time.thread_time() - start)
        persist.settle()
    return statistics.median(samples) * 1000


def load() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True, check=False).stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", default="1,100,400", help="the deals at which to measure, in order")
    parser.add_argument("--repeats", type=int, default=9)
    args = parser.parse_args()
    os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="bench-saving-")
    match = Match("tiengow", SEATS, 1)
    old_path = persist.data_dir() / "old.json"
    for deal in (int(text) for text in args.deals.split(",")):
        play_to_deal(match, deal)
        now = cpu_ms(lambda: persist.save_match(match), args.repeats)
        old = cpu_ms(lambda: write_atomic(old_path, json.dumps(match_to_save(match))), args.repeats)
        print(f"deal {deal}: save {now:.2f} ms cpu on the frame thread (the old way {old:.2f} ms); {load()}")


if __name__ == "__main__":
    main()
