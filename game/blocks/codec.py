"""Chiva and Dékabès decisions as JSON objects: record turns, ``decide`` output and saves."""

from __future__ import annotations

from game.blocks.moves import ACCEPT, PASS, THROW_IN, Accept, BlockDecision, Choose, End, Pass, Play, ThrowIn
from game.core.errors import MalformedRecord, shown
from game.core.spec import DecisionJson
from game.core.tiles import Tile


def decision_to_json(seat: int, decision: BlockDecision) -> DecisionJson:
    """``{"seat": 2, "tile": "3-6", "end": "right"}``, ``{"seat": 2, "pass": true}``,
    ``{"seat": 3, "redeal": false}`` or ``{"seat": 3, "choose": 1}``."""
    if isinstance(decision, Play):
        return {"seat": seat, "tile": str(decision.tile), "end": None if decision.end is None else decision.end.value}
    if isinstance(decision, Pass):
        return {"seat": seat, "pass": True}
    if isinstance(decision, (Accept, ThrowIn)):
        return {"seat": seat, "redeal": isinstance(decision, ThrowIn)}
    if isinstance(decision, Choose):
        return {"seat": seat, "choose": decision.seat}
    raise TypeError(f"not a Chiva or Dékabès decision: {decision!r}")


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
