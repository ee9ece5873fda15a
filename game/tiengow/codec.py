"""Tien Gow decisions as JSON objects: record plays, ``decide`` output and saves."""

from __future__ import annotations

from collections.abc import Mapping

from game.core.errors import MalformedRecord, shown
from game.core.spec import DecisionJson
from game.core.tiles import Tile
from game.tiengow.chinese import is_chinese
from game.tiengow.deal import TrickPlay


def decision_to_json(seat: int, play: TrickPlay) -> DecisionJson:
    """``{"seat": 4, "tiles": ["6-6", "3-6"], "face_down": false}``."""
    if not isinstance(play, TrickPlay):
        raise TypeError(f"not a Tien Gow decision: {play!r}")
    return {"seat": seat, "tiles": [str(t) for t in play.tiles], "face_down": play.face_down}


def decision_from_json(obj: object) -> tuple[int, TrickPlay]:
    """The seat and play of an object written by ``decision_to_json``."""
    if not isinstance(obj, dict):
        raise MalformedRecord("a play must be an object")
    seat = obj.get("seat")
    if type(seat) is not int or not 1 <= seat <= 4:
        raise MalformedRecord(f"{shown(seat)} is not a seat (1 to 4)")
    return seat, play_from_json(obj)


def play_from_json(obj: Mapping[str, object]) -> TrickPlay:
    """The play of ``{"tiles": [...], "face_down": bool}``; MalformedRecord when it is not one."""
    tiles, face_down = obj.get("tiles"), obj.get("face_down")
    if not isinstance(tiles, list) or not tiles:
        raise MalformedRecord("tiles must be a non-empty list")
    if not isinstance(face_down, bool):
        raise MalformedRecord("face_down must be true or false")
    return TrickPlay(tuple(parse_tile(text) for text in tiles), face_down)


def parse_tile(value: object) -> Tile:
    """A Chinese tile from its text (``"1-2"``)."""
    if not isinstance(value, str):
        raise MalformedRecord(f'a tile must be a string like "1-2", not {shown(value)}')
    try:
        tile = Tile.from_str(value)
    except ValueError:
        raise MalformedRecord(f"{shown(value)} is not a tile") from None
    if not is_chinese(tile):
        raise MalformedRecord(f"{shown(value)} is not a Chinese tile")
    return tile
