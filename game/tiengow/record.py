"""Tien Gow deals in the match-record format, both ways, checked play by play."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from game.core.errors import IllegalMove, MalformedRecord, RecordError, shown
from game.core.json_values import check_same
from game.core.spec import Record
from game.core.tiles import Tile
from game.tiengow.chinese import CHINESE_SET
from game.tiengow.codec import decision_to_json, parse_tile, play_from_json
from game.tiengow.deal import HAND_SIZE, SEATS, TienGowDeal


def record_round(deal: TienGowDeal, number: int) -> Record:
    """The deal as record.md's Tien Gow ROUND, without ``score_after`` (the match adds it).

    A trick still being played is listed last with its plays only.
    """
    tricks: list[Record] = [
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
    record: Record = {
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


def _expect(obj: Mapping[str, object], key: str, expected: int | tuple[int, ...], where: str) -> None:
    check_same(obj, {key: expected}, where)


def _seat_field(value: object, where: str) -> int:
    if type(value) is not int or value not in SEATS:
        raise MalformedRecord(f"{where}: {shown(value)} is not a seat (1 to 4)")
    return value


def parse_hands(value: object, where: str) -> list[tuple[Tile, ...]]:
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


def _replay_trick(deal: TienGowDeal, trick: object, where: str, is_last: bool) -> None:
    if deal.is_over:
        raise RecordError(f"{where}: the deal is already over")
    if not isinstance(trick, dict):
        raise MalformedRecord(f"{where}: a trick must be an object")
    leader = _seat_field(trick.get("leader"), f"{where}, leader")
    if leader != deal.leader:
        raise RecordError(f"{where}: leader is {leader}, the rules give {deal.leader}")
    plays = trick.get("plays")
    if not isinstance(plays, list):
        raise MalformedRecord(f"{where}: plays must be a list")
    if not 1 <= len(plays) <= 4:
        raise RecordError(f"{where}: plays must list 1 to 4 plays")
    for number, entry in enumerate(plays, 1):
        seat = deal.to_act
        place = f"{where}, play {number} (seat {seat})"
        if not isinstance(entry, dict):
            raise MalformedRecord(f"{place}: a play must be an object, not {shown(entry)}")
        named = _seat_field(entry.get("seat"), place)
        if named != seat:
            raise RecordError(f"{place}: the play names seat {named}, but seat {seat} is to act")
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


def replay_round(obj: object) -> TienGowDeal:
    """Re-play a recorded Tien Gow ROUND; raises RecordError naming the first disagreement."""
    if not isinstance(obj, dict):
        raise MalformedRecord("round: a round must be an object")
    number = obj.get("number")
    if type(number) is not int or number < 1:
        raise MalformedRecord(f"round: number must be a positive integer, not {shown(number)}")
    where = f"round {number}"
    banker = _seat_field(obj.get("banker"), f"{where}, banker")
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
    if result is None:
        raise RecordError(f"{where}: the deal is over but its result is missing")
    if not isinstance(result, dict):
        raise MalformedRecord(f"{where}: result must be an object, not {shown(result)}")
    computed_fields: tuple[tuple[str, int | tuple[int, ...]], ...] = (
        ("columns", computed.columns),
        ("last_winner", computed.last_winner),
        ("immediate", computed.immediate),
        ("settlement", computed.settlement),
        ("total", computed.total),
    )
    for key, value in computed_fields:
        _expect(result, key, value, f"{where}, result")
    return deal
