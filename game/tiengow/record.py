"""Tien Gow deals in the match-record format, both ways, checked play by play."""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.core.errors import IllegalMove, MalformedRecord, RecordError
from game.core.tiles import Tile
from game.tiengow.chinese import CHINESE_SET
from game.tiengow.codec import decision_to_json, parse_tile, play_from_json
from game.tiengow.deal import HAND_SIZE, SEATS, TienGowDeal


def record_round(deal: TienGowDeal, number: int) -> dict[str, Any]:
    """The deal as record.md's Tien Gow ROUND, without ``score_after`` (the match adds it).

    A trick still being played is listed last with its plays only.
    """
    tricks: list[dict[str, Any]] = [
        {
            "leader": trick.leader,
            "plays": [decision_to_json(seat, play) for seat, play in trick.plays],
            "winner": trick.winner,
            "columns": trick.columns,
            "immediate": list(trick.immediate),
        }
        for trick in deal.tricks
    ]
    if deal.current_plays:
        tricks.append(
            {"leader": deal.leader, "plays": [decision_to_json(seat, play) for seat, play in deal.current_plays]}
        )
    record: dict[str, Any] = {
        "number": number,
        "banker": deal.banker,
        "hands": [[str(t) for t in hand] for hand in deal.dealt_hands],
        "tricks": tricks,
    }
    result = deal.result()
    if result is not None:
        record["result"] = {
            "columns": list(result.columns),
            "last_winner": result.last_winner,
            "immediate": list(result.immediate),
            "settlement": list(result.settlement),
            "total": list(result.total),
        }
    return record


def _is_int(value: Any) -> bool:
    return type(value) is int


def _same(value: Any, expected: int | tuple[int, ...]) -> bool:
    if isinstance(expected, int):
        return _is_int(value) and value == expected
    return (
        isinstance(value, list)
        and len(value) == len(expected)
        and all(_is_int(v) and v == e for v, e in zip(value, expected))
    )


def _expect(obj: dict[str, Any], key: str, expected: int | tuple[int, ...], where: str) -> None:
    if key not in obj:
        raise RecordError(f"{where}: {key} is missing")
    if not _same(obj[key], expected):
        shown = list(expected) if isinstance(expected, tuple) else expected
        raise RecordError(f"{where}: {key} is {obj[key]!r}, the rules give {shown!r}")


def parse_hands(value: Any, where: str) -> list[tuple[Tile, ...]]:
    """Four hands of eight tiles that together are the Chinese set."""
    if not (isinstance(value, list) and len(value) == 4 and all(isinstance(hand, list) for hand in value)):
        raise MalformedRecord(f"{where}: hands must be 4 lists of tiles")
    hands = []
    for seat, hand in enumerate(value, 1):
        try:
            tiles = tuple(parse_tile(text) for text in hand)
        except MalformedRecord as error:
            raise MalformedRecord(f"{where}: seat {seat}'s hand: {error}") from None
        if len(tiles) != HAND_SIZE:
            raise RecordError(f"{where}: seat {seat}'s hand must hold 8 tiles")
        hands.append(tiles)
    if Counter(t for hand in hands for t in hand) != Counter(CHINESE_SET):
        raise RecordError(f"{where}: the hands do not form the 32-tile Chinese set")
    return hands


def _replay_trick(deal: TienGowDeal, trick: Any, where: str, is_last: bool) -> None:
    if deal.is_over:
        raise RecordError(f"{where}: the deal is already over")
    if not isinstance(trick, dict):
        raise MalformedRecord(f"{where}: a trick must be an object")
    if not _same(trick.get("leader"), deal.leader):
        raise RecordError(f"{where}: leader is {trick.get('leader')!r}, the rules give {deal.leader}")
    plays = trick.get("plays")
    if not isinstance(plays, list):
        raise MalformedRecord(f"{where}: plays must be a list")
    if not 1 <= len(plays) <= 4:
        raise RecordError(f"{where}: plays must list 1 to 4 plays")
    for number, entry in enumerate(plays, 1):
        seat = deal.to_act
        place = f"{where}, play {number} (seat {seat})"
        if not isinstance(entry, dict) or not _same(entry.get("seat"), seat or 0):
            shown = entry.get("seat") if isinstance(entry, dict) else entry
            raise RecordError(f"{place}: the play names seat {shown!r}, but seat {seat} is to act")
        try:
            play = play_from_json(entry)
        except MalformedRecord as error:
            raise MalformedRecord(f"{place}: {error}") from None
        try:
            deal.push(play)
        except IllegalMove as error:
            raise RecordError(f"{place}: {error}") from None
    if len(plays) == 4:
        done = deal.tricks[-1]
        _expect(trick, "winner", done.winner, where)
        _expect(trick, "columns", done.columns, where)
        _expect(trick, "immediate", done.immediate, where)
    elif not is_last:
        raise RecordError(f"{where}: only the last trick may be unfinished")
    elif any(trick.get(key) is not None for key in ("winner", "columns", "immediate")):
        raise RecordError(f"{where}: an unfinished trick has no winner, columns or immediate")


def replay_round(obj: Any) -> TienGowDeal:
    """Re-play a recorded Tien Gow ROUND; raises RecordError naming the first disagreement."""
    if not isinstance(obj, dict):
        raise MalformedRecord("round: a round must be an object")
    number = obj.get("number")
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise RecordError(f"round: number must be a positive integer, not {number!r}")
    where = f"round {number}"
    banker = obj.get("banker")
    if not _is_int(banker) or banker not in SEATS:
        raise RecordError(f"{where}: banker must be a seat 1 to 4, not {banker!r}")
    deal = TienGowDeal(parse_hands(obj.get("hands"), where), banker)
    tricks = obj.get("tricks")
    if not isinstance(tricks, list):
        raise MalformedRecord(f"{where}: tricks must be a list")
    for number_of_trick, trick in enumerate(tricks, 1):
        _replay_trick(deal, trick, f"{where}, trick {number_of_trick}", number_of_trick == len(tricks))
    result, computed = obj.get("result"), deal.result()
    if computed is None:
        if result is not None:
            raise RecordError(f"{where}: the deal is unfinished but has a result")
        return deal
    if not isinstance(result, dict):
        raise RecordError(f"{where}: the deal is over but its result is missing")
    for key in ("columns", "last_winner", "immediate", "settlement", "total"):
        _expect(result, key, getattr(computed, key), f"{where}, result")
    return deal
