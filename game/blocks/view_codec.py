"""A Chiva or Dékabès seat's view as JSON and back, exactly: what a table across a network
sends each device (``GameSpec.view_to_json``). It holds only what the view holds."""

from __future__ import annotations

from dataclasses import fields
from enum import Enum

from game.blocks import codec
from game.blocks.line import Placed
from game.blocks.moves import BlockDecision, Pass, Play
from game.blocks.play import Termination, Turn
from game.blocks.result import Opening, OpeningKind, RoundResult
from game.blocks.rules import BlockRules
from game.blocks.view import BlockView
from game.core.errors import MalformedRecord
from game.core.phases import Phase
from game.core.seats import four
from game.core.spec import DecisionJson, Record
from game.core.tiles import Tile
from game.core.wire_values import (
    flag,
    items,
    json_object,
    maybe_text,
    maybe_whole,
    text,
    text_of,
    tile_texts,
    tiles,
    whole,
    wholes,
)


def view_to_json(view: BlockView) -> Record:
    """Every field of ``view`` as JSON values; ``view_from_json`` gives it back equal."""
    result = view.result
    return {
        "game": view.game,
        "seat": view.seat,
        "seat_kinds": list(view.seat_kinds),
        "round_number": view.round_number,
        "phase": view.phase.value,
        "to_act": view.to_act,
        "legal": [_decision(d) for d in view.legal],
        "hand": tile_texts(view.hand),
        "tile_counts": list(view.tile_counts),
        "line": [[text_of(p.tile), p.left, p.right] for p in view.line],
        "ends": None if view.ends is None else list(view.ends),
        "turns": [[t.seat, _decision(t.move), None if t.ends is None else list(t.ends)] for t in view.turns],
        "passed_on": [sorted(p) for p in view.passed_on],
        "score": list(view.score),
        "base": view.base,
        "accepted": list(view.accepted),
        "thrown_in_by": list(view.thrown_in_by),
        "may_throw_in": view.may_throw_in,
        "chooser": view.chooser,
        "opener": view.opener,
        "result": None if result is None else _result(result),
        "revealed_hands": None if view.revealed_hands is None else [tile_texts(hand) for hand in view.revealed_hands],
        "match_winner": view.match_winner,
    }


def view_from_json(obj: object, rules: BlockRules) -> BlockView:
    """The view of a ``view_to_json`` object of the game played by ``rules``; MalformedRecord
    when it is not one."""
    try:
        if not isinstance(obj, dict) or obj["game"] != rules.name:
            raise MalformedRecord(f"not a {rules.name} view")
        result = obj["result"]
        revealed = obj["revealed_hands"]
        return BlockView(
            game=rules.name,
            rules=rules,
            seat=whole(obj["seat"]),
            seat_kinds=four([text(k) for k in obj["seat_kinds"]]),
            round_number=whole(obj["round_number"]),
            phase=Phase(obj["phase"]),
            to_act=maybe_whole(obj["to_act"]),
            legal=tuple(_from_decision(d) for d in obj["legal"]),
            hand=tiles(obj["hand"]),
            tile_counts=four(wholes(obj["tile_counts"])),
            line=tuple(Placed(Tile.from_str(text(t)), whole(left), whole(right)) for t, left, right in obj["line"]),
            ends=_pair(obj["ends"]),
            turns=tuple(_turn(seat, move, ends) for seat, move, ends in obj["turns"]),
            passed_on=tuple(frozenset(whole(n) for n in numbers) for numbers in obj["passed_on"]),
            score=_two(obj["score"]),
            base=whole(obj["base"]),
            accepted=tuple(whole(s) for s in obj["accepted"]),
            thrown_in_by=tuple(whole(s) for s in obj["thrown_in_by"]),
            may_throw_in=flag(obj["may_throw_in"]),
            chooser=maybe_whole(obj["chooser"]),
            opener=maybe_whole(obj["opener"]),
            result=None if result is None else _from_result(result),
            revealed_hands=None if revealed is None else tuple(tiles(hand) for hand in revealed),
            match_winner=maybe_text(obj["match_winner"]),
        )
    except MalformedRecord:
        raise
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise MalformedRecord(f"not a {rules.name} view: {type(error).__name__}") from None


def _decision(decision: BlockDecision) -> DecisionJson:
    """The decision's record object without its seat (a fresh copy of a kept one: a table
    writes the same few hundred decisions again in every view it sends)."""
    obj = _WRITTEN.get(decision)
    if obj is None:
        obj = codec.decision_to_json(0, decision)
        del obj["seat"]
        if len(_WRITTEN) < 4096:
            _WRITTEN[decision] = obj
    return dict(obj)


_WRITTEN: dict[BlockDecision, DecisionJson] = {}


def _from_decision(obj: object) -> BlockDecision:
    if not isinstance(obj, dict):
        raise MalformedRecord("a decision must be an object")
    return codec.decision_from_json({**obj, "seat": 1})[1]


def _turn(seat: object, move: object, ends: object) -> Turn:
    decision = _from_decision(move)
    if not isinstance(decision, (Play, Pass)):
        raise MalformedRecord("a turn is a play or a pass")
    return Turn(whole(seat), decision, _pair(ends))


def _result(result: RoundResult) -> Record:
    """Every field of the result under its own name, enums as their values."""
    obj: Record = {}
    for item in fields(result):
        value = getattr(result, item.name)
        if isinstance(value, Enum):
            value = value.value
        elif isinstance(value, tuple):
            value = list(value)
        elif isinstance(value, Opening):
            value = [value.kind.value, value.seat]
        obj[item.name] = value
    return obj


def _from_result(value: object) -> RoundResult:
    obj = json_object(value)
    kind, seat = items(obj["next_opening"])
    return RoundResult(
        termination=Termination(obj["termination"]),
        winner=maybe_text(obj["winner"]),
        pips=four(wholes(obj["pips"])),
        domino_seat=maybe_whole(obj["domino_seat"]),
        dekabes=flag(obj["dekabes"]),
        points=whole(obj["points"]),
        base_after=whole(obj["base_after"]),
        score_after=_two(obj["score_after"]),
        next_opening=Opening(OpeningKind(kind), maybe_whole(seat)),
        match_winner=maybe_text(obj["match_winner"]),
    )


def _two(values: object) -> tuple[int, int]:
    first, second = wholes(values)
    return first, second


def _pair(values: object) -> tuple[int, int] | None:
    return None if values is None else _two(values)
