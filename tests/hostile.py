"""Hostile files for the tests: corrupt contents as hypothesis strategies, special files,
folders the program may not touch and a full disk."""

from __future__ import annotations

import errno
import json
import os
import pathlib
from typing import Any

from hypothesis import strategies as st

from game.core.errors import MESSAGE_LIMIT

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=10,
)
LIMIT_BREAKERS = st.sampled_from(
    [
        b"[" * 100_000,
        b"[" * 40 + b"]" * 40,
        b'{"a":' * 50_000,
        b"9" * 5_000,
        b'{"speed": ' + b"1" * 4_400 + b"}",
        b"[1e999]",
        b"NaN",
        b'{"volume": Infinity}',
        b"-Infinity",
        b'"' + b'\\"' * 50_000,
    ]
)


def json_type(value: Any) -> str:
    """The JSON type of a parsed value (``true`` is no number)."""
    return "number" if type(value) in (int, float) else type(value).__name__


def paths(value: Any, here: tuple = ()) -> list[tuple]:
    """Every place inside a JSON value, the value itself first."""
    found = [here]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*here, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += paths(item, (*here, index))
    return found


def replaced(value: Any, path: tuple, new: Any) -> Any:
    """A copy of ``value`` with the item at ``path`` replaced by ``new``."""
    if not path:
        return new
    copy = json.loads(json.dumps(value))
    holder = copy
    for step in path[:-1]:
        holder = holder[step]
    holder[path[-1]] = new
    return copy


def at(value: Any, path: tuple) -> Any:
    for step in path:
        value = value[step]
    return value


@st.composite
def mutations(draw, valid: Any) -> Any:
    """``valid`` with one item anywhere replaced by any JSON value."""
    return replaced(valid, draw(st.sampled_from(paths(valid))), draw(JSON_VALUES))


@st.composite
def retyped(draw, valid: Any) -> Any:
    """``valid`` with one item that is not null replaced by a value of another JSON type, not null."""
    path = draw(st.sampled_from([p for p in paths(valid) if at(valid, p) is not None]))
    old = json_type(at(valid, path))
    new = draw(JSON_VALUES.filter(lambda v: v is not None and json_type(v) != old))
    return replaced(valid, path, new)


def hostile_contents(valid: Any) -> st.SearchStrategy[bytes]:
    """Corrupt and hostile versions of a file whose good content is the JSON ``valid``: wrong
    types anywhere, deep nesting, huge numbers, huge strings, binary garbage, truncation,
    NaN and Infinity."""
    text = json.dumps(valid).encode()
    return st.one_of(
        JSON_VALUES.map(lambda v: json.dumps(v).encode()),
        mutations(valid).map(lambda v: json.dumps(v).encode()),
        LIMIT_BREAKERS,
        st.binary(max_size=300),
        st.integers(0, len(text) - 1).map(lambda cut: text[:cut]),
        st.sampled_from([3, 10]).map(lambda mb: json.dumps({"lang": "x" * (mb << 20)}).encode()),
    )


def is_short(message: str) -> bool:
    """A message fit to show: one line, capped."""
    return "\n" not in message and 0 < len(message) <= MESSAGE_LIMIT + 100


def make_fifo(path: pathlib.Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)


def lock(monkeypatch, folder: pathlib.Path) -> None:
    """Make ``folder`` read-only and every file in it unreadable. Root ignores file modes,
    so for root the same refusals are made by the os functions the program calls."""
    for item in folder.iterdir():
        item.chmod(0)
    folder.chmod(0o555)
    if os.geteuid() != 0:
        return
    inside = str(folder.resolve()) + os.sep

    def refusing(original):
        def call(*args, **kwargs):
            for arg in args[:2]:
                if isinstance(arg, (str, os.PathLike)) and os.path.realpath(arg).startswith(inside):
                    raise PermissionError(errno.EACCES, "Permission denied", str(arg))
            return original(*args, **kwargs)

        return call

    for name in ("open", "replace", "rename", "unlink", "mkdir"):
        monkeypatch.setattr(os, name, refusing(getattr(os, name)))


def unlock(folder: pathlib.Path) -> None:
    folder.chmod(0o755)
    for item in folder.iterdir():
        item.chmod(0o644)


def full_disk(monkeypatch) -> None:
    """Every flush to the disk fails as on a full disk."""

    def no_space(descriptor):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", no_space)


def leftovers(folder: pathlib.Path) -> list[pathlib.Path]:
    """Temporary files a write left behind."""
    return sorted(folder.glob(".*.tmp")) if folder.is_dir() else []
