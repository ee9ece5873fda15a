"""The thinking worker's channel format: plain JSON, never pickle. Values of the engine
(its frozen dataclasses, named tuples and enums, tuples, sets, dictionaries with any keys) are written as
tagged JSON objects, and only classes of the engine (``game.``) that are dataclasses,
named tuples or enums are ever made from what is read: what comes over the channel is data, not code.

Frames are those of ``multiprocessing.connection``: a 4-byte big-endian length, then the
bytes; ``Receiver`` reads them from a non-blocking socket into a buffer of bounded size,
so garbage, a huge length or a half-written message never blocks or crashes the table.
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import json
import os
import struct
from typing import TYPE_CHECKING

from game.core.errors import IllegalMove
from game.core.tiles import Tile

if TYPE_CHECKING:  # multiprocessing loads only when the worker starts, after the first frame
    from multiprocessing.connection import Connection

LIMIT = 16 << 20  # bytes of one message at most
HEADER = struct.Struct("!i")


class ChannelBroken(Exception):
    """What came over the channel is not a message of ours: the worker must be replaced."""


def encode(value: object) -> bytes:
    """``value`` as the bytes of one message."""
    return json.dumps(_plain(value), separators=(",", ":"), allow_nan=True).encode("utf-8")


def decode(data: bytes) -> object:
    """The value of one message; raises ChannelBroken for anything that is not one."""
    try:
        return _value(json.loads(data.decode("utf-8")))
    except ChannelBroken:
        raise
    except (ValueError, TypeError, KeyError, AttributeError, ImportError, RecursionError) as error:
        raise ChannelBroken(f"not a message: {type(error).__name__}") from None


def _plain(value: object) -> object:
    if isinstance(value, enum.Enum):  # before str and int: an enum may be either too
        return {"$e": _name(type(value)), "v": _plain(value.value)}
    if value is None or type(value) in (bool, int, float, str):
        return value
    if isinstance(value, Tile):
        return {"$tile": str(value)}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value) if f.init}
        return {"$c": _name(type(value)), "f": fields}
    if isinstance(value, list):
        return [_plain(item) for item in value]
    if isinstance(value, tuple) and hasattr(type(value), "_fields"):  # a named tuple of the engine
        return {"$n": _name(type(value)), "v": [_plain(item) for item in value]}
    if isinstance(value, tuple):
        return {"$t": [_plain(item) for item in value]}
    if isinstance(value, frozenset):
        return {"$fs": [_plain(item) for item in value]}
    if isinstance(value, set):
        return {"$s": [_plain(item) for item in value]}
    if isinstance(value, dict):
        return {"$d": [[_plain(key), _plain(item)] for key, item in value.items()]}
    if isinstance(value, IllegalMove):
        return {"$x": value.code, "text": str(value), "params": _plain(value.params)}
    if isinstance(value, BaseException):
        return {"$r": f"{type(value).__name__}: {value}"}
    raise TypeError(f"{type(value).__name__} cannot go over the channel")


def _value(obj: object) -> object:
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return obj
    if isinstance(obj, list):
        return [_value(item) for item in obj]
    if not isinstance(obj, dict):
        raise ChannelBroken("not a message")
    if "$tile" in obj:
        return Tile.from_str(str(obj["$tile"]))
    if "$t" in obj:
        return tuple(_value(item) for item in obj["$t"])
    if "$fs" in obj:
        return frozenset(_value(item) for item in obj["$fs"])
    if "$s" in obj:
        return {_value(item) for item in obj["$s"]}
    if "$d" in obj:
        return {_value(key): _value(item) for key, item in obj["$d"]}
    if "$e" in obj:
        return _engine_class(obj["$e"], enum.Enum)(_value(obj["v"]))
    if "$n" in obj:
        return _engine_class(obj["$n"], tuple)(*(_value(item) for item in obj["v"]))
    if "$c" in obj:
        cls = _engine_class(obj["$c"], None)
        return cls(**{str(name): _value(item) for name, item in obj["f"].items()})
    if "$x" in obj:
        error = IllegalMove(str(obj["$x"]), str(obj["text"]))
        params = _value(obj["params"])
        if not isinstance(params, dict):
            raise ChannelBroken("not a message")
        error.params = params
        return error
    if "$r" in obj:
        return RuntimeError(str(obj["$r"]))
    raise ChannelBroken("not a message")


def _name(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def _engine_class(name: object, base: type | None) -> type:
    """The engine's class called ``name``; ChannelBroken for anything else."""
    module, _, qualname = str(name).partition(":")
    if not (module == "game" or module.startswith("game.")) or not qualname:
        raise ChannelBroken(f"not a class of the engine: {str(name)[:80]}")
    found: object = importlib.import_module(module)
    for part in qualname.split("."):
        found = getattr(found, part)
    if not isinstance(found, type):
        raise ChannelBroken(f"not a class of the engine: {str(name)[:80]}")
    if base is tuple:
        ok = issubclass(found, tuple) and hasattr(found, "_fields")
    else:
        ok = issubclass(found, base) if base else dataclasses.is_dataclass(found)
    if not ok:
        raise ChannelBroken(f"not a value class of the engine: {str(name)[:80]}")
    return found


class Receiver:
    """Whole messages read from a connection without ever waiting: what has come is kept in
    a buffer (at most one message of ``LIMIT`` bytes), and a message is taken once whole."""

    def __init__(self, connection: Connection) -> None:
        self._connection = connection
        self._buffer = bytearray()
        self._raw = os.name == "posix"  # elsewhere: the connection's own poll and recv_bytes
        if self._raw:
            os.set_blocking(connection.fileno(), False)

    def messages(self) -> list[object]:
        """The messages that have come whole; raises EOFError when the other end closed, and
        ChannelBroken when what came is not messages of ours."""
        if not self._raw:
            found = []
            while self._connection.poll():
                try:
                    found.append(decode(self._connection.recv_bytes(LIMIT)))
                except OSError as error:
                    raise ChannelBroken(str(error)) from None
            return found
        self._read()
        return list(self._take())

    def _read(self) -> None:
        while len(self._buffer) < HEADER.size + LIMIT:
            try:
                chunk = os.read(self._connection.fileno(), 1 << 16)
            except (BlockingIOError, InterruptedError):
                return
            if not chunk:
                if self._buffer:
                    raise ChannelBroken("the worker stopped in the middle of a message")
                raise EOFError
            self._buffer += chunk

    def _take(self):
        while len(self._buffer) >= HEADER.size:
            (length,) = HEADER.unpack_from(self._buffer)
            if not 0 <= length <= LIMIT:
                raise ChannelBroken(f"a message of {length} bytes")
            if len(self._buffer) < HEADER.size + length:
                return
            data = bytes(self._buffer[HEADER.size : HEADER.size + length])
            del self._buffer[: HEADER.size + length]
            yield decode(data)
