"""A Tien Gow seat's view as JSON and back, exactly: what a table across a network sends
each device (``GameSpec.view_to_json``). Another seat's face-down tiles are not in the
view, so they are not in its JSON either."""

from __future__ import annotations

from game.core.errors import MalformedRecord
from game.core.phases import Phase
from game.core.seats import four
from game.core.spec import Record
from game.core.wire_values import (
    flag,
    items,
    json_object,
    maybe_text,
    maybe_whole,
    text,
    tile_texts,
    tiles,
    whole,
    wholes,
)
from game.tiengow.deal import TrickPlay
from game.tiengow.payments import DealResult, Settlement
from game.tiengow.view import SeenPlay, SeenTrick, TienGowView


def view_to_json(view: TienGowView) -> Record:
    """Every field of ``view`` as JSON values; ``view_from_json`` gives it back equal."""
    return {
        "game": view.game,
        "seat": view.seat,
        "seat_kinds": list(view.seat_kinds),
        "round_number": view.round_number,
        "phase": view.phase.value,
        "to_act": view.to_act,
        "legal": [play_to_json(p) for p in view.legal],
        "hand": tile_texts(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "banker": view.banker,
        "leader": view.leader,
        "trick_size": view.trick_size,
        "current": [_seen(p) for p in view.current],
        "best_seat": view.best_seat,
        "tricks": [
            {
                "leader": t.leader,
                "plays": [_seen(p) for p in t.plays],
                "winner": t.winner,
                "columns": t.columns,
                "immediate": list(t.immediate),
                "bonus": t.bonus,
            }
            for t in view.tricks
        ],
        "columns": list(view.columns),
        "immediate": list(view.immediate),
        "totals": list(view.totals),
        "early_death": view.early_death,
        "result": None if view.result is None else _result(view.result),
        "revealed_hands": None if view.revealed_hands is None else [tile_texts(hand) for hand in view.revealed_hands],
    }


def view_from_json(obj: object, name: str) -> TienGowView:
    """The view of a ``view_to_json`` object of the game called ``name``; MalformedRecord
    when it is not one."""
    try:
        if not isinstance(obj, dict) or obj["game"] != name:
            raise MalformedRecord("not a Tien Gow view")
        result, revealed = obj["result"], obj["revealed_hands"]
        return TienGowView(
            game=name,
            seat=whole(obj["seat"]),
            seat_kinds=four([text(k) for k in obj["seat_kinds"]]),
            round_number=whole(obj["round_number"]),
            phase=Phase(obj["phase"]),
            to_act=maybe_whole(obj["to_act"]),
            legal=tuple(play_from_json(p) for p in obj["legal"]),
            hand=tiles(obj["hand"]),
            hand_sizes=wholes(obj["hand_sizes"]),
            banker=whole(obj["banker"]),
            leader=whole(obj["leader"]),
            trick_size=maybe_whole(obj["trick_size"]),
            current=tuple(_from_seen(p) for p in obj["current"]),
            best_seat=maybe_whole(obj["best_seat"]),
            tricks=tuple(
                SeenTrick(
                    whole(t["leader"]),
                    tuple(_from_seen(p) for p in t["plays"]),
                    whole(t["winner"]),
                    whole(t["columns"]),
                    wholes(t["immediate"]),
                    maybe_text(t["bonus"]),
                )
                for t in obj["tricks"]
            ),
            columns=wholes(obj["columns"]),
            immediate=wholes(obj["immediate"]),
            totals=wholes(obj["totals"]),
            early_death=flag(obj["early_death"]),
            result=None if result is None else _from_result(result),
            revealed_hands=None if revealed is None else tuple(tiles(hand) for hand in revealed),
        )
    except MalformedRecord:
        raise
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise MalformedRecord(f"not a Tien Gow view: {type(error).__name__}") from None


def play_to_json(play: TrickPlay) -> Record:
    return {"tiles": tile_texts(play.tiles), "face_down": play.face_down}


def play_from_json(obj: object) -> TrickPlay:
    if not isinstance(obj, dict):
        raise TypeError("a play must be an object")
    return TrickPlay(tiles(obj["tiles"]), flag(obj["face_down"]))


def _seen(play: SeenPlay) -> Record:
    return {
        "seat": play.seat,
        "tiles": None if play.tiles is None else tile_texts(play.tiles),
        "count": play.count,
        "face_down": play.face_down,
    }


def _from_seen(value: object) -> SeenPlay:
    obj = json_object(value)
    shown = obj["tiles"]
    return SeenPlay(
        whole(obj["seat"]), None if shown is None else tiles(shown), whole(obj["count"]), flag(obj["face_down"])
    )


def _result(result: DealResult) -> Record:
    return {
        "columns": list(result.columns),
        "last_winner": result.last_winner,
        "immediate": list(result.immediate),
        "settlement": list(result.settlement),
        "total": list(result.total),
        "settlements": [
            [s.seat, s.columns, s.payer, s.payee, s.base, list(s.multipliers), s.amount, s.captured]
            for s in result.settlements
        ],
        "last_trick_bonus": result.last_trick_bonus,
        "sweep": result.sweep,
        "big_six_capture": result.big_six_capture,
    }


def _from_result(value: object) -> DealResult:
    obj = json_object(value)
    return DealResult(
        columns=wholes(obj["columns"]),
        last_winner=whole(obj["last_winner"]),
        immediate=wholes(obj["immediate"]),
        settlement=wholes(obj["settlement"]),
        total=wholes(obj["total"]),
        settlements=tuple(_settlement(entry) for entry in items(obj["settlements"])),
        last_trick_bonus=maybe_text(obj["last_trick_bonus"]),
        sweep=flag(obj["sweep"]),
        big_six_capture=flag(obj["big_six_capture"]),
    )


def _settlement(entry: object) -> Settlement:
    seat, columns, payer, payee, base, multipliers, amount, captured = items(entry)
    return Settlement(
        whole(seat),
        whole(columns),
        whole(payer),
        whole(payee),
        whole(base),
        tuple(text(m) for m in items(multipliers)),
        whole(amount),
        flag(captured),
    )
