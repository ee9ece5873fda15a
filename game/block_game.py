"""Chiva and Dékabès as the match controller sees them: starts, rounds, views."""
from __future__ import annotations

from typing import Any

from .block import Pass
from .block_record import recorded_deals, replay_round, round_to_json
from .block_result import RoundStart
from .block_round import BlockRoundState, DealSource, Hands
from .chiva import ChivaRules
from .dekabes import DekabesRules, may_throw_in
from .errors import MalformedRecord, RecordError
from .phases import Phase
from .tiles import DOUBLE_SIX_SET, deal, derived_rng
from .view import BlockView


class BlockGame:
    """The controller's adapter for one of the two block games."""

    family = "block"

    def __init__(self, rules: ChivaRules | DekabesRules) -> None:
        self.rules = rules
        self.name = rules.name

    def first_start(self, seed: int) -> RoundStart:
        return self.rules.first_start()

    def recorded_start(self, rounds: list[Any], seed: int) -> RoundStart:
        return self.rules.first_start()

    def seeded_deals(self, seed: int) -> DealSource:
        name = self.name

        def source(number: int, index: int) -> Hands:
            return deal(DOUBLE_SIX_SET, derived_rng(name, seed, number, index))
        return source

    def begin(self, start: RoundStart, deals: DealSource) -> BlockRoundState:
        return BlockRoundState(self.rules, start, deals)

    def next_start(self, start: RoundStart, state: BlockRoundState) -> RoundStart:
        return self.rules.next_start(start, state.result)

    def match_winner(self, state: BlockRoundState) -> str | None:
        return state.result.match_winner if state.result is not None else None

    def is_match_over(self, state: BlockRoundState) -> bool:
        return self.match_winner(state) is not None

    def view(self, state: BlockRoundState, seat: int, seat_kinds: tuple[str, ...]) -> BlockView:
        """Everything ``seat`` may see of ``state``, and nothing else."""
        play = state.play
        accepting = state.phase is Phase.ACCEPTING
        deal_hands = state.deals[-1].hands
        if play is not None:
            hand = tuple(play.hands[seat - 1])
            counts = tuple(len(h) for h in play.hands)
            line, ends, turns = play.placed, play.line.ends, tuple(play.turns)
        else:
            hand = deal_hands[seat - 1]
            counts = (7, 7, 7, 7)
            line, ends, turns = (), None, ()
        passed_on: list[set[int]] = [set(), set(), set(), set()]
        for turn in turns:
            if isinstance(turn.move, Pass):
                passed_on[turn.seat - 1].update(turn.ends)
        over = state.result is not None
        return BlockView(
            game=self.name, seat=seat, seat_kinds=tuple(seat_kinds), round_number=state.start.number,
            phase=Phase.MATCH_OVER if over and state.result.match_winner else state.phase,
            to_act=state.to_act,
            legal=tuple(state.legal_moves()) if state.to_act == seat else (),
            hand=hand, tile_counts=counts, line=line, ends=ends, turns=turns,
            passed_on=tuple(frozenset(p) for p in passed_on),
            score=state.result.score_after if over else state.start.score,
            base=state.result.base_after if over else state.start.base,
            accepted=tuple(state.deals[-1].accepted) if accepting else (),
            thrown_in_by=tuple(d.redeal_by for d in state.deals if d.redeal_by is not None),
            may_throw_in=accepting and state.to_act == seat and may_throw_in(hand),
            chooser=state.chooser, opener=state.opener, result=state.result,
            revealed_hands=tuple(tuple(h) for h in play.hands) if over else None,
            match_winner=state.result.match_winner if over else None,
        )

    def round_to_json(self, state: BlockRoundState) -> dict[str, Any]:
        return round_to_json(state)

    def recorded_deals(self, rounds: list[Any]) -> dict[tuple[int, int], Hands]:
        return recorded_deals(rounds, self.rules.accepts_deals)

    def replay_round(self, match, obj: dict[str, Any]) -> None:
        replay_round(match, obj)

    def check_record_end(self, match, record: dict[str, Any]) -> None:
        """The recorded match winner must be the one the rules give."""
        if "winner" not in record:
            raise MalformedRecord("a Chiva or Dékabès record needs winner")
        if record["winner"] != match.winner:
            raise RecordError(f"winner: recorded {record['winner']!r} but the rules give {match.winner!r}")
