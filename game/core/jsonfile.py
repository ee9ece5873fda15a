"""JSON with limits: how deep arrays and objects nest and how long a number may be are
checked before or while parsing, so a hostile text gets a short message instead of a
RecursionError, a ValueError from Python's 4,300-digit limit, or NaN."""

from __future__ import annotations

import functools
import json
import json.decoder
import json.scanner
import math
import re
from array import array
from collections.abc import Callable, Collection
from itertools import accumulate
from typing import NoReturn

from game.core.errors import BadJson

MAX_DEPTH = 32  # the game's own files nest 8 levels at most
MAX_NUMBER = 100  # characters of one number

CHUNK = 1 << 12  # characters looked at a time by ``nesting``: its memory (ten times that), whatever the text's size
_NOT_BRACKET_OR_QUOTE = re.compile(r'[^\[\]{}"]+')
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def nesting(text: str | bytes, start: int = 0, end: int | None = None) -> int:
    """How deep the arrays and objects of a JSON text (``text[start:end]``) nest, brackets
    inside strings aside.

    One pass over ``text``, a chunk at a time, in memory that does not grow with it: in each
    chunk escaped backslashes, then escaped quotes are removed (which reads the escapes as
    JSON does, left to right), then everything but quotes and brackets; the quotes then tell
    strings from the rest. A backslash outside a string is not JSON: what follows it may be
    counted wrong, but the parser stops there. A text in bytes is UTF-8, whose brackets, quotes
    and backslashes are single bytes no other character uses: a chunk is read as Latin-1."""
    top = depth = 0
    inside = escaped = False  # in a string; a backslash ended the last chunk
    end = len(text) if end is None else end
    for at in range(start, end, CHUNK):
        piece = text[at : min(at + CHUNK, end)]
        chunk = piece.decode("latin-1") if isinstance(piece, bytes) else piece
        if escaped:
            chunk = chunk[1:]
        trailing = len(chunk) - len(chunk.rstrip("\\"))
        escaped = trailing % 2 == 1
        if escaped:
            chunk = chunk[:-1]
        chunk = chunk.replace("\\\\", "").replace('\\"', "")
        parts = _NOT_BRACKET_OR_QUOTE.sub("", chunk).split('"')
        outside = "".join(parts[1::2] if inside else parts[0::2])
        inside ^= len(parts) % 2 == 0
        if outside:
            depths = list(accumulate(map(_STEP.__getitem__, outside), initial=depth))
            top, depth = max(top, *depths), depths[-1]
    return top


def _int(text: str) -> int:
    if len(text) > MAX_NUMBER:
        raise BadJson(f"a number of {len(text)} digits (at most {MAX_NUMBER})")
    return int(text)


def _float(text: str) -> float:
    if len(text) > MAX_NUMBER:
        raise BadJson(f"a number of {len(text)} characters (at most {MAX_NUMBER})")
    value = float(text)
    if not math.isfinite(value):
        raise BadJson(f"a number too large: {text}")
    return value


def _constant(text: str) -> NoReturn:
    raise BadJson(f"{text} is not a JSON number")


def check_nesting(text: str | bytes, start: int = 0, end: int | None = None) -> None:
    """Raise BadJson when the JSON text ``text[start:end]`` nests deeper than MAX_DEPTH."""
    depth = nesting(text, start, end)
    if depth > MAX_DEPTH:
        raise BadJson(f"nested {depth} levels deep (at most {MAX_DEPTH})")


def parse_json(text: str) -> object:
    """The value of a JSON text; raises BadJson with a short message for anything that is
    not JSON or goes beyond the limits (nesting, number length, NaN and Infinity)."""
    check_nesting(text)
    try:
        # Any: JSON as read, checked by its caller
        return json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except json.JSONDecodeError as error:
        place = f"line {error.lineno} column {error.colno}" if "\n" in text else f"column {error.colno}"
        raise BadJson(f"not valid JSON ({error.msg} at {place})") from None


# --- checking a long object without building it --------------------------------------------

_DECODER = json.JSONDecoder(parse_int=_int, parse_float=_float, parse_constant=_constant)
_SCALAR = json.scanner.make_scanner(_DECODER)  # type: ignore[arg-type]  # json.loads' own scanner; given nothing but scalars here
_SPACE = re.compile(r"[ \t\n\r]*")  # what JSON skips between tokens
_scanstring: Callable[[str, int], tuple[str, int]] = json.decoder.scanstring  # type: ignore[attr-defined]  # Any: json's own reader of a string, untyped
_S = r"[ \t\n\r]*"
_SCALAR_TEXT = r'(?:-?(?:0|[1-9][0-9]{0,50})|"[^"\\\x00-\x1f]*"|true|false|null)'  # one json.loads takes
_PAIR = rf'"[^"\\\x00-\x1f]*"{_S}:{_S}{_SCALAR_TEXT}'
_FLAT = (  # an array or object of such scalars
    rf"\[{_S}(?:(?:{_SCALAR_TEXT}{_S},{_S})*+{_SCALAR_TEXT}{_S})?\]|\{{{_S}(?:(?:{_PAIR}{_S},{_S})*+{_PAIR}{_S})?\}}"
)
_SIMPLE = rf"(?:{_SCALAR_TEXT}|{_FLAT})"  # a value checked by a regular expression, not built
_ITEMS = re.compile(rf"(?:{_SIMPLE}{_S},{_S}){{0,4096}}+")  # a run of simple array items with their commas
_MEMBER = rf'"[^"\\\x00-\x1f]*"{_S}:{_S}{_SIMPLE}{_S},{_S}'
_MEMBERS = re.compile(rf"(?:{_MEMBER}){{0,4096}}+")  # a run of simple object members with their commas
_STRING = re.compile(r'"(?:[^"\\\x00-\x1f]++|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*+"')  # what the scanner takes as a string
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*+)(\.[0-9]++)?([eE][-+]?[0-9]++)?")  # what it takes as a number


class Outline:
    """What ``outline`` found in an object: where the last value of each wanted key lies, and
    where the items of one array-valued key lie, up to its first short item (start, end pairs):
    offsets in the bytes."""

    __slots__ = ("items", "values")

    def __init__(self) -> None:
        self.values: dict[str, tuple[int, int]] = {}
        self.items: array[int] | None = None  # None when the listed key's last value is no array


def outline(
    data: bytes, start: int, end: int, wanted: Collection[str], listed: str | None = None, shortest: int = 0
) -> Outline:
    """Check that the UTF-8 text ``data[start:end]``, an object (its first character that is not
    a JSON space is ``{``), is JSON as ``parse_json`` would, raising the same BadJson for the
    same text, but build nothing from it: its values are checked one scalar at a time. Returns
    where the wanted keys' last values lie and, with ``listed``, where the items of that key's
    array lie, kept up to the first item shorter than ``shortest`` bytes included.

    The text is read as Latin-1, one character a byte: UTF-8's other bytes are all at 0x80 or
    above, which JSON takes only inside strings, and takes all there; error columns are told
    in the characters of the UTF-8 text."""
    check_nesting(data, start, end)
    text = str(memoryview(data)[start:end], "latin-1")
    found = Outline()
    try:
        at = _SPACE.match(text).end()  # type: ignore[union-attr]  # the pattern matches everywhere
        assert text[at : at + 1] == "{", "outline reads objects"
        at = _SPACE.match(text, _skip_object(text, at + 1, (found, frozenset(wanted), listed, shortest))).end()  # type: ignore[union-attr]
        if at != len(text):
            raise json.JSONDecodeError("Extra data", text, at)
    except StopIteration as stop:
        error = json.JSONDecodeError("Expecting value", text, stop.value)  # Any (typeshed): the scanner's stop, where
        raise BadJson(f"not valid JSON ({error.msg} at column {_column(data, start, error.pos)})") from None
    except json.JSONDecodeError as error:
        raise BadJson(f"not valid JSON ({error.msg} at column {_column(data, start, error.pos)})") from None
    for key, (first, last) in found.values.items():
        found.values[key] = (start + first, start + last)
    if found.items is not None:
        for index, offset in enumerate(found.items):
            found.items[index] = start + offset
    return found


_Wanted = tuple[Outline, frozenset[str], str | None, int]


def _column(data: bytes, start: int, position: int) -> int:
    """The column (from 1) of byte ``start + position`` of ``data`` in its UTF-8 characters."""
    following = 0  # bytes that continue a character, 0x80 to 0xBF
    for at in range(start, start + position, CHUNK):
        chunk = data[at : min(at + CHUNK, start + position)]
        following += len(chunk) - len(chunk.translate(None, _FOLLOWING))
    return position - following + 1


_FOLLOWING = bytes(range(0x80, 0xC0))


def _skip(text: str, at: int) -> int:
    """Where the JSON value at ``text[at]`` ends, as ``json.loads`` scans it (StopIteration(at)
    when there is none), nothing of it kept."""
    char = text[at : at + 1]
    if char == "{":
        return _skip_object(text, at + 1, None)
    if char == "[":
        return _skip_array(text, at + 1, None)
    if char == '"' and (string := _STRING.match(text, at)):
        return string.end()  # a string the scanner takes, not built (the scanner would build it)
    number = _NUMBER.match(text, at)
    if number and number.end() - at > MAX_NUMBER:  # not built either
        (_float if number[1] or number[2] else _int)(number[0])
    return int(_SCALAR(text, at)[1])  # the scalar, or the scanner's message where it is none


def _skip_array(text: str, at: int, found: Outline | None, shortest: int = 0) -> int:
    """Where the array whose items begin at ``at`` ends, by json.loads' own steps and messages;
    with ``found``, the items are placed in it up to the first short one."""
    at = _SPACE.match(text, at).end()  # type: ignore[union-attr]
    if text[at : at + 1] == "]":
        return at + 1
    while True:
        if found is None:
            at = _ITEMS.match(text, at).end()  # type: ignore[union-attr]
        begin, at = at, _skip(text, at)
        if found is not None and found.items is not None:
            found.items.extend((begin, at))
            if at - begin < shortest:
                found = None  # the items after it are checked, not placed
        at = _SPACE.match(text, at).end()  # type: ignore[union-attr]
        char = text[at : at + 1]
        if char == "]":
            return at + 1
        if char != ",":
            raise json.JSONDecodeError("Expecting ',' delimiter", text, at)
        at = _SPACE.match(text, at + 1).end()  # type: ignore[union-attr]


def _skip_object(text: str, at: int, wanted: _Wanted | None) -> int:
    """Where the object whose members begin at ``at`` ends, by json.loads' own steps and
    messages; with ``wanted``, the wanted keys' values are placed in its outline."""
    at = _SPACE.match(text, at).end()  # type: ignore[union-attr]
    if text[at : at + 1] == "}":
        return at + 1
    members = _MEMBERS if wanted is None else _members_but(wanted[1] | {wanted[2] or ""})
    while True:
        at = members.match(text, at).end()  # type: ignore[union-attr]
        if text[at : at + 1] != '"':
            raise json.JSONDecodeError("Expecting property name enclosed in double quotes", text, at)
        key, at = _scanstring(text, at + 1)
        at = _SPACE.match(text, at).end()  # type: ignore[union-attr]
        if text[at : at + 1] != ":":
            raise json.JSONDecodeError("Expecting ':' delimiter", text, at)
        at = begin = _SPACE.match(text, at + 1).end()  # type: ignore[union-attr]
        if wanted is not None and key == wanted[2]:
            found, shortest = wanted[0], wanted[3]
            found.items = array("Q") if text[at : at + 1] == "[" else None
            at = _skip_array(text, at + 1, found, shortest) if found.items is not None else _skip(text, at)
        else:
            at = _skip(text, at)
        if wanted is not None and (key in wanted[1] or key == wanted[2]):
            wanted[0].values[key] = (begin, at)
        at = _SPACE.match(text, at).end()  # type: ignore[union-attr]
        char = text[at : at + 1]
        if char == "}":
            return at + 1
        if char != ",":
            raise json.JSONDecodeError("Expecting ',' delimiter", text, at)
        at = _SPACE.match(text, at + 1).end()  # type: ignore[union-attr]


@functools.cache
def _members_but(keys: frozenset[str]) -> re.Pattern[str]:
    """_MEMBERS for members whose key is none of ``keys``."""
    other = "".join(f"(?!{re.escape(json.dumps(key))}{_S}:)" for key in sorted(keys))
    return re.compile(rf"(?:{other}{_MEMBER}){{0,4096}}+")
