"""Chiva and Dékabès decisions as JSON objects: record turns, ``decide`` output and saves.

``BlockMove`` is the one definition of a decision's object (without its seat): a turn of the
record is ``{"seat": n, **move}``, and a view on the wire holds the moves as they are."""

from __future__ import annotations

from typing import Literal, cast

import msgspec
from msgspec import UNSET, UnsetType

from game.blocks.moves import ACCEPT, PASS, THROW_IN, Accept, BlockDecision, Choose, End, Pass, Play, ThrowIn
from game.core.errors import MalformedRecord, shown
from game.core.spec import DecisionJson
from game.core.tiles import Tile
from game.core.wire import Seat, TileText, json_values, text_of


class BlockMove(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A decision as the record writes it, without its seat: ``{"tile": "3-6", "end": "right"}``
    (``end`` null for the first tile), ``{"pass": true}``, ``{"redeal": false}`` or ``{"choose": 1}``."""

    tile: TileText | UnsetType = UNSET
    end: Literal["left", "right"] | UnsetType | None = UNSET
    pass_: Literal[True] | UnsetType = msgspec.field(default=UNSET, name="pass")
    redeal: bool | UnsetType = UNSET
    choose: Seat | UnsetType = UNSET


def move_of(decision: BlockDecision) -> BlockMove:
    """The move of ``decision`` (kept: a table writes the same few hundred again in every view)."""
    move = _MOVES.get(decision)
    if move is None:
        if isinstance(decision, Play):
            move = BlockMove(text_of(decision.tile), None if decision.end is None else decision.end.value)
        elif isinstance(decision, Pass):
            move = BlockMove(pass_=True)
        elif isinstance(decision, (Accept, ThrowIn)):
            move = BlockMove(redeal=isinstance(decision, ThrowIn))
        elif isinstance(decision, Choose):
            move = BlockMove(choose=decision.seat)
        else:
            # unreachable by the types: for untyped callers
            raise TypeError(f"not a Chiva or Dékabès decision: {decision!r}")
        if len(_MOVES) < 4096:
            _MOVES[decision] = move
    return move


_MOVES: dict[BlockDecision, BlockMove] = {}


def decision_of(move: BlockMove) -> BlockDecision:
    """The decision of a move msgspec has read; MalformedRecord when it is none."""
    if move.pass_ is True:
        return PASS
    if not isinstance(move.redeal, UnsetType):
        return THROW_IN if move.redeal else ACCEPT
    if not isinstance(move.choose, UnsetType):
        return Choose(move.choose)
    if isinstance(move.tile, UnsetType) or isinstance(move.end, UnsetType):
        raise MalformedRecord("a turn needs tile and end, or pass")
    return Play(Tile.from_str(move.tile), None if move.end is None else End(move.end))


def decision_to_json(seat: int, decision: BlockDecision) -> DecisionJson:
    """``{"seat": 2, "tile": "3-6", "end": "right"}``, ``{"seat": 2, "pass": true}``,
    ``{"seat": 3, "redeal": false}`` or ``{"seat": 3, "choose": 1}``."""
    move = cast("DecisionJson", json_values(move_of(decision)))  # a move's members: texts, numbers, booleans
    return {"seat": seat, **move}


def decision_from_json(obj: object) -> tuple[int, BlockDecision]:
    """The seat and decision of an object written by ``decision_to_json``."""
    if not isinstance(obj, dict):
        raise MalformedRecord(f"not a decision: {shown(obj)}")
    seat = parse_seat(obj.get("seat"), "decision")
    if obj.get("pass") is True:
        return seat, PASS
    if "redeal" in obj:
        if not isinstance(obj["redeal"], bool):
            raise MalformedRecord(f"redeal must be true or false, not {shown(obj['redeal'])}")
        return seat, THROW_IN if obj["redeal"] else ACCEPT
    if "choose" in obj:
        return seat, Choose(parse_seat(obj["choose"], "choose"))
    if "tile" not in obj or "end" not in obj:
        raise MalformedRecord("a turn needs tile and end, or pass")
    end = obj["end"]
    if end not in (None, "left", "right"):
        raise MalformedRecord(f'end must be "left", "right" or null, not {shown(end)}')
    return seat, Play(parse_tile(obj["tile"]), None if end is None else End(end))


def parse_seat(value: object, where: str) -> int:
    if type(value) is not int or not 1 <= value <= 4:
        raise MalformedRecord(f"{where}: {shown(value)} is not a seat (1 to 4)")
    return value


def parse_tile(value: object) -> Tile:
    if not isinstance(value, str):
        raise MalformedRecord(f'a tile must be a string like "3-5", not {shown(value)}')
    try:
        return Tile.from_str(value)
    except ValueError:
        raise MalformedRecord(f"{shown(value)} is not a double-six tile") from None
