"""Tien Gow decisions as JSON objects: record plays, ``decide`` output and saves.

``TrickMove`` is the one definition of a play's object (without its seat): a play of the
record is ``{"seat": n, **move}``, and a view on the wire holds the legal plays as they are."""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

import msgspec

from game.core.errors import MalformedRecord, shown
from game.core.spec import DecisionJson
from game.core.tiles import Tile
from game.core.wire import TileText, json_values, tile_texts
from game.tiengow.chinese import is_chinese
from game.tiengow.deal import TrickPlay


class TrickMove(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A play as the record writes it, without its seat: ``{"tiles": ["6-6", "3-6"], "face_down": false}``."""

    tiles: list[TileText]
    face_down: bool


def move_of(play: TrickPlay) -> TrickMove:
    return TrickMove(list(tile_texts(play.tiles)), play.face_down)


def play_of(move: TrickMove) -> TrickPlay:
    """The play of a move msgspec has read; ValueError when its tiles are not Chinese ones."""
    return TrickPlay(tuple(Tile.from_str(text) for text in move.tiles), move.face_down)


def decision_to_json(seat: int, play: TrickPlay) -> DecisionJson:
    """``{"seat": 4, "tiles": ["6-6", "3-6"], "face_down": false}``."""
    if not isinstance(play, TrickPlay):
        raise TypeError(f"not a Tien Gow decision: {play!r}")  # unreachable by the types: for untyped callers
    move = cast("DecisionJson", json_values(move_of(play)))  # a play's members: its tiles and face_down
    return {"seat": seat, **move}


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
