"""The memory a record file costs its readers: ``replay`` and the client's Open record.

Run from a project root: ``python bench/reader_memory.py [--mb 60] [--valid-mb 16] [--deals 1000]`` (the tree
measured is the working folder's, so ``cd /tmp/other-tree && python /path/bench/reader_memory.py``
measures another copy). Each file is read by a fresh child process (``python -m game.cli
replay FILE``, or ``scenes.services.record_file.read_record_file(FILE)`` as the menu's Open
record calls it) started by a small measuring process that prints its children's peak resident
memory (``getrusage(RUSAGE_CHILDREN).ru_maxrss``); the same child reading an empty file is the
baseline taken off. Printed: the peak above that baseline, its ratio to the file's size, the
exit code and what the reader said. Prints figures, never asserts.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable

MB = 1 << 20
GREEDY = "greedy,greedy,greedy,greedy"

MEASURE = (
    "import resource, subprocess, sys\n"
    "done = subprocess.run(sys.argv[1:], capture_output=True, text=True)\n"
    "said = (done.stdout + done.stderr).strip().replace(chr(10), ' | ')\n"
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, done.returncode, said[:120])\n"
)

OPEN_RECORD = (
    "import sys\n"
    "from game.core.errors import RecordError\n"
    "from scenes.services.record_file import read_record_file\n"
    "try:\n"
    "    match = read_record_file(sys.argv[1])\n"
    "except (OSError, RecordError) as error:\n"
    "    print(type(error).__name__, error)\n"
    "    sys.exit(2)\n"
    "print('opened:', match.name, sum(1 for _ in match.round_states()), 'rounds')\n"
)

READERS: dict[str, Callable[[str], list[str]]] = {
    "replay": lambda path: [sys.executable, "-m", "game.cli", "replay", path],
    "open record": lambda path: [sys.executable, "-c", OPEN_RECORD, path],
}


def peak(argv: list[str]) -> tuple[int, int, str]:
    """The peak resident kilobytes of ``argv`` run as a child, its exit code and what it said."""
    out = subprocess.run([sys.executable, "-c", MEASURE, *argv], capture_output=True, text=True, check=True).stdout
    kilobytes, code, said = (out.rstrip("\n") + "  ").split(" ", 2)
    return int(kilobytes), int(code), said.strip()


def write_newlines(path: str, size: int) -> None:
    with open(path, "wb") as out:
        for _ in range(size // MB):
            out.write(b"\n" * MB)
        out.write(b"\n" * (size % MB))


def write_zeros(path: str, size: int) -> None:
    """One line ``[0,0,...,0]`` of ``size`` bytes."""
    pairs = (size - 2) // 2
    with open(path, "wb") as out:
        out.write(b"[0")
        for _ in range(pairs // MB):
            out.write(b",0" * MB)
        out.write(b",0" * (pairs % MB - 1) + b"]\n")


def write_object(path: str, size: int) -> None:
    """One line ``{"extra":[0,0,...,0]}`` of ``size`` bytes: an object, so parsed whole."""
    write_zeros(path, size - 10)
    with open(path, "rb+") as out:
        data = out.read()
        out.seek(0)
        out.write(b'{"extra":' + data[:-1] + b"}\n")


def write_ignored(path: str, size: int) -> None:
    """One valid Chiva record of greedy seats whose extra field ``extra`` is ``[0,0,...,0]``, up to
    ``size`` bytes: the reader checks the field and ignores it, as the record spec allows."""
    argv = [sys.executable, "-m", "game.cli", "record", "--game", "chiva", "--seed", "1", "--seats", GREEDY]
    head = subprocess.run(argv, capture_output=True, check=True).stdout.rstrip(b"\n")[:-1] + b',"extra":'
    write_zeros(path, size - len(head) - 1)
    with open(path, "rb+") as out:
        data = out.read()
        out.seek(0)
        out.write(head + data[:-1] + b"}\n")


def write_read_field(path: str, size: int) -> None:
    """One Chiva record of greedy seats whose ``seats`` begins with ``[0,0,...,0]``, up to ``size``
    bytes: a field the reader reads, refused before it is built."""
    argv = [sys.executable, "-m", "game.cli", "record", "--game", "chiva", "--seed", "1", "--seats", GREEDY]
    line = subprocess.run(argv, capture_output=True, check=True).stdout.rstrip(b"\n")
    head, tail = line.split(b'"seats":[', 1)
    write_zeros(path, size - len(line) - 12)
    with open(path, "rb+") as out:
        data = out.read()
        out.seek(0)
        out.write(head + b'"seats":[' + data[:-1] + b"," + tail + b"\n")


def write_long_match(path: str, deals: int) -> None:
    """One valid Tien Gow record of ``deals`` deals between greedy seats."""
    argv = [sys.executable, "-m", "game.cli", "record", "--game", "tiengow", "--seed", "1", "--deals", str(deals)]
    subprocess.run([*argv, "--seats", GREEDY, "--out", path], check=True)


def write_string(path: str, size: int) -> None:
    """One line ``"xx...x"`` of ``size`` bytes."""
    with open(path, "wb") as out:
        out.write(b'"')
        for _ in range((size - 3) // MB):
            out.write(b"x" * MB)
        out.write(b"x" * ((size - 3) % MB) + b'"\n')


def write_valid(path: str, size: int) -> None:
    """Valid records (Chiva and Tien Gow matches of greedy seats) repeated up to ``size`` bytes."""
    seats = "greedy,greedy,greedy,greedy"
    lines = b""
    for game, extra in (("chiva", []), ("tiengow", ["--deals", "3"])):
        argv = [sys.executable, "-m", "game.cli", "record", "--game", game, "--seed", "1", "--seats", seats]
        lines += subprocess.run([*argv, "--matches", "8", *extra], capture_output=True, check=True).stdout
    with open(path, "wb") as out:
        for _ in range(max(1, size // len(lines))):
            out.write(lines)


CASES: dict[str, Callable[[str, int], None]] = {
    "newlines": write_newlines,  # 60 MB of blank lines
    "zeros": write_zeros,  # one line [0,0,...,0]
    "string": write_string,  # one line "xx...x"
    "valid": write_valid,  # valid records
    "object": write_object,  # one object holding [0,0,...,0]
    "ignored": write_ignored,  # a valid record with an extra field [0,0,...,0]
    "read-field": write_read_field,  # a valid record whose seats hold [0,0,...,0] first
    "long-match": write_long_match,  # one valid Tien Gow record of --deals deals (its size is theirs)
}


def load() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True, check=False).stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mb", type=float, default=60, help="size of the hostile files (default 60)")
    parser.add_argument("--valid-mb", type=float, default=16, help="size of the valid records file (default 16)")
    parser.add_argument("--deals", type=int, default=1000, help="deals of the long Tien Gow record (default 1000)")
    parser.add_argument("--cases", default=",".join(CASES), help=f"among {', '.join(CASES)}")
    parser.add_argument("--readers", default=",".join(READERS), help=f"among {', '.join(READERS)}")
    args = parser.parse_args()
    print(f"tree: {os.getcwd()}")
    print(f"load: {load()}")
    with tempfile.TemporaryDirectory(prefix="reader-memory-") as folder:
        empty = os.path.join(folder, "empty.jsonl")
        open(empty, "wb").close()
        baselines = {name: peak(reader(empty))[0] for name, reader in READERS.items()}
        print("baselines (empty file): " + ", ".join(f"{name} {kb / 1024:.0f} MB" for name, kb in baselines.items()))
        for case in args.cases.split(","):
            path = os.path.join(folder, "case.jsonl")
            size = int((args.valid_mb if case == "valid" else args.mb) * MB)
            CASES[case](path, args.deals if case == "long-match" else size)
            size = os.path.getsize(path)
            for name in args.readers.split(","):
                kilobytes, code, said = peak(READERS[name](path))
                extra = (kilobytes - baselines[name]) * 1024
                print(
                    f"{case:>8} {size / MB:5.1f} MB  {name:<11}  peak +{extra / MB:6.1f} MB"
                    f"  = {extra / size:4.2f}x the file  exit {code}  {said}"
                )
            os.remove(path)
    print(f"load: {load()}")


if __name__ == "__main__":
    main()
