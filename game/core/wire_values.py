"""Checked readers for JSON values sent across a network (views): a value of the wrong
type raises TypeError, which the view readers turn into MalformedRecord."""

from __future__ import annotations

from collections.abc import Iterable

from game.core.tiles import DOUBLE_SIX_SET, Tile

_TEXT = {tile: str(tile) for tile in DOUBLE_SIX_SET}


def whole(value: object) -> int:
    if type(value) is not int:
        raise TypeError("not an integer")
    return value


def maybe_whole(value: object) -> int | None:
    return None if value is None else whole(value)


def text(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError("not a string")
    return value


def maybe_text(value: object) -> str | None:
    return None if value is None else text(value)


def flag(value: object) -> bool:
    if not isinstance(value, bool):
        raise TypeError("not true or false")
    return value


def json_object(value: object) -> dict[str, object]:
    """A JSON object's fields (a missing one raises KeyError when asked for)."""
    if not isinstance(value, dict):
        raise TypeError("not an object")
    return value


def items(values: object) -> tuple[object, ...]:
    """The items of a value to unpack, as unpacking it would take them."""
    if not isinstance(values, Iterable):
        raise TypeError("not a list")
    return tuple(values)


def wholes(values: object) -> tuple[int, ...]:
    if not isinstance(values, list):
        raise TypeError("not a list")
    return tuple(whole(v) for v in values)


def tiles(values: object) -> tuple[Tile, ...]:
    if not isinstance(values, list):
        raise TypeError("not a list")
    return tuple(Tile.from_str(text(v)) for v in values)


def tile_texts(values: tuple[Tile, ...] | list[Tile]) -> list[str]:
    """Tiles as their text (``"3-5"``), looked up: views write thousands of them a second."""
    return [_TEXT[t] for t in values]


def text_of(tile: Tile) -> str:
    return _TEXT[tile]
