"""JSON with limits: how deep arrays and objects nest and how long a number may be are
checked before or while parsing, so a hostile text gets a short message instead of a
RecursionError, a ValueError from Python's 4,300-digit limit, or NaN."""

from __future__ import annotations

import json
import math
import re
from itertools import accumulate
from typing import NoReturn

from game.core.errors import BadJson

MAX_DEPTH = 32  # the game's own files nest 8 levels at most
MAX_NUMBER = 100  # characters of one number

CHUNK = 1 << 16  # characters looked at a time by ``nesting``: its memory, whatever the text's size
_NOT_BRACKET_OR_QUOTE = re.compile(r'[^\[\]{}"]+')
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def nesting(text: str) -> int:
    """How deep the arrays and objects of a JSON text nest, brackets inside strings aside.

    One pass over ``text``, a chunk at a time, in memory that does not grow with it: in each
    chunk escaped backslashes, then escaped quotes are removed (which reads the escapes as
    JSON does, left to right), then everything but quotes and brackets; the quotes then tell
    strings from the rest. A backslash outside a string is not JSON: what follows it may be
    counted wrong, but the parser stops there."""
    top = depth = 0
    inside = escaped = False  # in a string; a backslash ended the last chunk
    for start in range(0, len(text), CHUNK):
        chunk = text[start : start + CHUNK]
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


def parse_json(text: str) -> object:
    """The value of a JSON text; raises BadJson with a short message for anything that is
    not JSON or goes beyond the limits (nesting, number length, NaN and Infinity)."""
    depth = nesting(text)
    if depth > MAX_DEPTH:
        raise BadJson(f"nested {depth} levels deep (at most {MAX_DEPTH})")
    try:
        return json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except json.JSONDecodeError as error:
        place = f"line {error.lineno} column {error.colno}" if "\n" in text else f"column {error.colno}"
        raise BadJson(f"not valid JSON ({error.msg} at {place})") from None
