"""Chiva and Dékabès rounds in the match-record format, both ways."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeAlias

from game.blocks.codec import decision_from_json, decision_to_json, parse_seat, parse_tile
from game.blocks.moves import ACCEPT, THROW_IN, BlockDecision, Choose, Pass, Play
from game.blocks.result import RoundStart
from game.blocks.round import BlockRoundState
from game.core.errors import IllegalMove, MalformedRecord, RecordError, shown
from game.core.json_values import check_same
from game.core.phases import Phase
from game.core.spec import Hands, Record, Replaying
from game.core.tiles import Tile


def round_to_json(state: BlockRoundState) -> Record:
    """One ROUND object of the record spec."""
    dekabes = state.rules.accepts_deals
    obj: Record = {"number": state.start.number}
    if dekabes:
        deals: list[Record] = []
        for deal in state.deals:
            entry: Record = {"hands": hands_to_json(deal.hands), "accepted": list(deal.accepted)}
            if deal.redeal_by is not None or len(deal.accepted) == 4:
                entry["redeal_by"] = deal.redeal_by
            deals.append(entry)
        obj["deals"] = deals
    if state.phase is not Phase.ACCEPTING:
        obj["hands"] = hands_to_json(state.hands)
        if dekabes:
            obj["chooser"] = state.chooser
    if state.opener is not None and state.play is not None:
        obj["opener"] = state.opener
        obj["turns"] = [decision_to_json(t.seat, t.move) for t in state.play.turns]
    if state.result is not None:
        obj["result"] = result_to_json(state)
    return obj


def result_to_json(state: BlockRoundState) -> Record:
    result = state.result
    assert result is not None, "only a finished round has a result"
    obj: Record = {
        "end": result.termination.value,
        "winner": result.winner,
        "pips": list(result.pips),
    }
    if state.rules.scores_points:
        obj["dekabes"] = result.dekabes
        obj["points"] = result.points
        obj["base_after"] = result.base_after
    obj["score_after"] = {"A": result.score_after[0], "B": result.score_after[1]}
    return obj


def hands_to_json(hands: Hands) -> list[list[str]]:
    return [[str(t) for t in hand] for hand in hands]


def parse_hands(value: object, where: str) -> Hands:
    """Four hands of seven tiles that together are the double-six set."""
    if not isinstance(value, list) or len(value) != 4 or not all(isinstance(h, list) for h in value):
        raise MalformedRecord(f"{where}: hands must be four lists of tiles")
    hands = tuple(tuple(_tile(t, where) for t in hand) for hand in value)
    if any(len(h) != 7 for h in hands):
        raise RecordError(f"{where}: each hand must hold 7 tiles")
    if len({t for h in hands for t in h}) != 28:
        raise RecordError(f"{where}: the hands are not the 28 tiles of the double-six set")
    return hands


def _tile(value: object, where: str) -> Tile:
    try:
        return parse_tile(value)
    except MalformedRecord as error:
        raise MalformedRecord(f"{where}: {error}") from None


def recorded_deals(rounds: Sequence[object], accepts_deals: bool) -> dict[tuple[int, int], Hands]:
    """The deals a record holds, keyed by (round number, deal index)."""
    found: dict[tuple[int, int], Hands] = {}
    for position, obj in enumerate(rounds):
        if not isinstance(obj, dict):
            raise MalformedRecord(f"round {position + 1}: a round must be an object")
        number = obj.get("number")
        if not isinstance(number, int) or isinstance(number, bool):
            raise MalformedRecord(f"round {position + 1}: number must be an integer")
        where = f"round {number}"
        if accepts_deals:
            deals = obj.get("deals")
            if not isinstance(deals, list) or not deals:
                raise MalformedRecord(f"{where}: a Dékabès round needs its list of deals")
            for index, entry in enumerate(deals):
                if not isinstance(entry, dict):
                    raise MalformedRecord(f"{where}, deal {index + 1}: a deal must be an object")
                found[(number, index)] = parse_hands(entry.get("hands"), f"{where}, deal {index + 1}")
        else:
            found[(number, 0)] = parse_hands(obj.get("hands"), where)
    return found


BlockReplaying: TypeAlias = Replaying[BlockRoundState, BlockDecision, RoundStart]


def replay_round(match: BlockReplaying, obj: object) -> None:
    """Re-apply one recorded round through ``match`` and check every recorded field.

    Raises RecordError naming the turn that is illegal or disagrees.
    """
    state = match.round
    number = state.start.number
    where = f"round {number}"
    if not isinstance(obj, dict):
        raise MalformedRecord(f"{where}: a round must be an object")
    if obj.get("number") != number:
        raise RecordError(f"{where}: the round is numbered {shown(obj.get('number'))}")
    if state.rules.accepts_deals:
        _replay_deals(match, obj["deals"], where)
    state = match.round
    if "hands" in obj:
        if state.phase is Phase.ACCEPTING:
            raise RecordError(f"{where}: the round lists hands while its deal is still being looked at")
        if parse_hands(obj["hands"], where) != state.hands:
            raise RecordError(f"{where}: hands differ from the deal that was accepted")
    elif state.phase is not Phase.ACCEPTING:
        raise MalformedRecord(f"{where}: the round has no hands")
    if state.rules.accepts_deals and state.phase is not Phase.ACCEPTING:
        if "chooser" not in obj:
            raise MalformedRecord(f"{where}: a Dékabès round needs chooser")
        if obj["chooser"] is not None:
            _seat(obj["chooser"], f"{where}, chooser")
        if obj["chooser"] != state.chooser:
            raise RecordError(f"{where}: the chooser is seat {state.chooser}, not {shown(obj['chooser'])}")
    if "opener" not in obj:
        if state.phase is Phase.PLAYING:
            raise MalformedRecord(f"{where}: the round has no opener")
        _expect_no(obj, ("turns", "result"), where)
        return
    opener = _seat(obj["opener"], f"{where}, opener")
    if state.phase is Phase.CHOOSING:
        assert state.chooser is not None, "a representative chooses in the CHOOSING phase"
        _push(match, state.chooser, Choose(opener), f"{where}, opener")
    if state.phase is not Phase.PLAYING or opener != state.opener:
        raise RecordError(f"{where}: the opener is seat {state.opener}, not {opener}")
    turns = obj.get("turns")
    if not isinstance(turns, list):
        raise MalformedRecord(f"{where}: turns must be a list")
    for index, turn in enumerate(turns):
        here = f"{where}, turn {index + 1}"
        if state.is_over:
            raise RecordError(f"{here}: the round was already over")
        seat, decision = _parse_turn(turn, here)
        _push(match, seat, decision, here)
    if "result" in obj:
        if not state.is_over:
            raise RecordError(f"{where}: the round has a result but is not over")
        check_same(obj["result"], result_to_json(state), f"{where}, result")
    elif state.is_over:
        raise RecordError(f"{where}: the round is over but has no result")


def _replay_deals(match: BlockReplaying, deals: list[dict[str, object]], where: str) -> None:
    """Replay the deals of a Dékabès round (``recorded_deals`` checked they are a list of objects)."""
    for index, entry in enumerate(deals):
        here = f"{where}, deal {index + 1}"
        state = match.round
        if len(state.deals) != index + 1 or state.phase is not Phase.ACCEPTING:
            raise RecordError(f"{here}: there is no such deal (the previous one was not thrown in)")
        accepted = entry.get("accepted")
        if not isinstance(accepted, list):
            raise MalformedRecord(f"{here}: accepted must be a list of seats")
        for seat in accepted:
            _push(match, _seat(seat, here), ACCEPT, here)
        last = index == len(deals) - 1
        if "redeal_by" not in entry:
            if not last or len(accepted) == 4:
                raise MalformedRecord(f"{here}: redeal_by is missing")
            continue
        redeal_by = entry["redeal_by"]
        if redeal_by is None:
            if len(accepted) != 4:
                raise RecordError(f"{here}: the deal was neither accepted by all nor thrown in")
            if not last:
                raise RecordError(f"{here}: an accepted deal is followed by another deal")
        else:
            _push(match, _seat(redeal_by, here), THROW_IN, here)


def _parse_turn(turn: object, where: str) -> tuple[int, Play | Pass]:
    if not isinstance(turn, dict) or "seat" not in turn:
        raise MalformedRecord(f"{where}: a turn must be an object with a seat")
    try:
        seat, decision = decision_from_json(turn)
    except MalformedRecord as error:
        raise MalformedRecord(f"{where}: {error}") from None
    if not isinstance(decision, (Play, Pass)):
        raise MalformedRecord(f"{where}: a turn needs tile and end, or pass")
    return seat, decision


def _seat(value: object, where: str) -> int:
    return parse_seat(value, where)


def _push(match: BlockReplaying, seat: int, decision: BlockDecision, where: str) -> None:
    if seat != match.round.to_act:
        raise RecordError(f"{where}: seat {seat} acted but seat {match.round.to_act} was to act")
    try:
        match.push(decision)
    except IllegalMove as error:
        raise RecordError(f"{where}: seat {seat}: {error}") from None


def _expect_no(obj: Mapping[str, object], keys: tuple[str, ...], where: str) -> None:
    for key in keys:
        if key in obj:
            raise RecordError(f"{where}: {key} is recorded before the round has an opener")
