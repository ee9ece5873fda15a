"""Decisions as JSON objects, the way ``decide`` prints them and saves store them."""
from __future__ import annotations

from typing import Any

from .errors import MalformedRecord
from .moves import ACCEPT, PASS, THROW_IN, Accept, Choose, End, Pass, Play, ThrowIn
from .tiengow import TrickPlay
from .tiles import Tile


def decision_to_json(seat: int, decision) -> dict[str, Any]:
    """``{"seat": 2, "tile": "3-6", "end": "right"}``, ``{"seat": 2, "pass": true}``,
    ``{"seat": 3, "redeal": false}``, ``{"seat": 3, "choose": 1}`` or
    ``{"seat": 4, "tiles": [...], "face_down": false}``."""
    if isinstance(decision, Play):
        return {"seat": seat, "tile": str(decision.tile), "end": None if decision.end is None else decision.end.value}
    if isinstance(decision, Pass):
        return {"seat": seat, "pass": True}
    if isinstance(decision, (Accept, ThrowIn)):
        return {"seat": seat, "redeal": isinstance(decision, ThrowIn)}
    if isinstance(decision, Choose):
        return {"seat": seat, "choose": decision.seat}
    if isinstance(decision, TrickPlay):
        return {"seat": seat, **decision.to_json()}
    raise TypeError(f"not a decision: {decision!r}")


def decision_from_json(obj: Any) -> tuple[int, Any]:
    """The seat and decision of an object written by ``decision_to_json``."""
    try:
        seat = obj["seat"]
        if type(seat) is not int or not 1 <= seat <= 4:
            raise MalformedRecord(f"not a seat: {seat!r}")
        if obj.get("pass") is True:
            return seat, PASS
        if "redeal" in obj:
            return seat, THROW_IN if obj["redeal"] is True else ACCEPT
        if "choose" in obj:
            return seat, Choose(int(obj["choose"]))
        if "tiles" in obj:
            return seat, TrickPlay.from_json(obj)
        end = obj["end"]
        return seat, Play(Tile.from_str(obj["tile"]), None if end is None else End(end))
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise MalformedRecord(f"not a decision: {obj!r} ({error})") from None
