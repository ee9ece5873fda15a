"""Chiva and Dékabès as the registry lists them: one ``BlockSpec`` per set of rules."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TypeAlias

from game.blocks import codec, view_codec
from game.blocks.greedy import greedy_decision
from game.blocks.moves import BlockDecision, Pass
from game.blocks.record import BlockReplaying, recorded_deals, replay_round, round_to_json
from game.blocks.result import RoundStart
from game.blocks.round import BlockRoundState
from game.blocks.rules import BlockRules
from game.blocks.view import BlockView, preview
from game.core.computer_seat import ComputerSeat
from game.core.errors import MalformedRecord, RecordError, shown
from game.core.phases import Phase
from game.core.seats import four
from game.core.spec import DealSource, DecisionJson, GameSpec, Hands, Record
from game.core.tiles import DOUBLE_SIX_SET, deal, derived_rng
from game.core.wire import WireView

BlockGame: TypeAlias = GameSpec[BlockRoundState, BlockView, BlockDecision, RoundStart]
"""The ``GameSpec`` of a block game, its types named."""


def block_game(rules: BlockRules) -> BlockGame:
    """The block game played by ``rules``, as the registry lists it (typed as a whole
    ``GameSpec`` of its own types, so the checker holds ``BlockSpec`` to all of it)."""
    return BlockSpec(rules)


class BlockSpec(ComputerSeat[BlockView, BlockDecision]):
    """A block game (the line, the hands, the turns) played by ``rules``."""

    AI, HINT = "game.blocks.ai", "hint_for"

    def __init__(self, rules: BlockRules) -> None:
        self.rules = rules

    @property
    def name(self) -> str:
        return self.rules.name

    def with_deals(self, deals: int | None) -> BlockSpec:
        """A block-game match ends on the score, never after a number of deals."""
        return self

    # --- rounds ------------------------------------------------------------------

    def first_start(self, seed: int) -> RoundStart:
        return self.rules.first_start()

    def recorded_start(self, rounds: Sequence[object], seed: int) -> RoundStart:
        return self.rules.first_start()

    def seeded_deals(self, seed: int) -> DealSource:
        name = self.name

        def source(number: int, index: int) -> Hands:
            return deal(DOUBLE_SIX_SET, derived_rng(name, seed, number, index))

        return source

    def begin(self, start: RoundStart, deals: DealSource) -> BlockRoundState:
        return BlockRoundState(self.rules, start, deals)

    def next_start(self, start: RoundStart, state: BlockRoundState) -> RoundStart:
        assert state.result is not None, "the next round starts after a finished one"
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
            if isinstance(turn.move, Pass) and turn.ends is not None:
                passed_on[turn.seat - 1].update(turn.ends)
        result = state.result
        return BlockView(
            game=self.name,
            rules=self.rules,
            seat=seat,
            seat_kinds=four(seat_kinds),
            round_number=state.start.number,
            phase=Phase.MATCH_OVER if result is not None and result.match_winner else state.phase,
            to_act=state.to_act,
            legal=tuple(state.legal_moves()) if state.to_act == seat else (),
            hand=hand,
            tile_counts=four(counts),
            line=line,
            ends=ends,
            turns=turns,
            passed_on=tuple(frozenset(p) for p in passed_on),
            score=result.score_after if result is not None else state.start.score,
            base=result.base_after if result is not None else state.start.base,
            accepted=tuple(state.deals[-1].accepted) if accepting else (),
            thrown_in_by=tuple(d.redeal_by for d in state.deals if d.redeal_by is not None),
            may_throw_in=accepting and state.to_act == seat and self.rules.may_throw_in(hand),
            chooser=state.chooser,
            opener=state.opener,
            result=result,
            revealed_hands=tuple(tuple(h) for h in play.hands) if result is not None and play is not None else None,
            match_winner=result.match_winner if result is not None else None,
        )

    # --- records -------------------------------------------------------------------

    def round_to_json(self, state: BlockRoundState) -> Record:
        return round_to_json(state)

    def record_fields(self, winner: str | None) -> Record:
        return {"winner": winner}

    def recorded_deals(self, rounds: Sequence[object]) -> dict[tuple[int, int], Hands]:
        return recorded_deals(rounds, self.rules.accepts_deals)

    def replay_round(self, match: BlockReplaying, obj: object) -> None:
        replay_round(match, obj)

    def check_record_end(self, match: BlockReplaying, record: Mapping[str, object]) -> None:
        """The recorded match winner must be the one the rules give."""
        if "winner" not in record:
            raise MalformedRecord("a Chiva or Dékabès record needs winner")
        if record["winner"] not in ("A", "B", None):
            raise MalformedRecord(f'winner must be "A", "B" or null, not {shown(record["winner"])}')
        if record["winner"] != match.winner:
            raise RecordError(f"winner: recorded {shown(record['winner'])} but the rules give {shown(match.winner)}")

    def decision_to_json(self, seat: int, decision: BlockDecision) -> DecisionJson:
        return codec.decision_to_json(seat, decision)

    def decision_from_json(self, obj: object) -> tuple[int, BlockDecision]:
        return codec.decision_from_json(obj)

    # --- across a network ------------------------------------------------------------

    @property
    def view_type(self) -> type[WireView]:
        return view_codec.view_type(self.rules)

    def view_to_wire(self, view: BlockView) -> WireView:
        return view_codec.view_to_wire(view)

    def view_from_wire(self, wire: WireView) -> BlockView:
        if not isinstance(wire, view_codec.BlockWireView):
            raise MalformedRecord(f"not a {self.name} view")
        return view_codec.view_from_wire(wire, self.rules)

    def preview(self, view: BlockView, decision: BlockDecision) -> BlockView:
        return preview(view, decision)

    def seen_by(self, actor: int, decision: BlockDecision, viewer: int) -> BlockDecision:
        """Every decision of a block game is public: plays and passes lie on the table, and
        who accepted or threw in a deal and whom the representative chose are said aloud."""
        return decision

    # --- seats ---------------------------------------------------------------------
    # ``decide``, ``hint`` and ``evaluate``: ``ComputerSeat`` asks the package ``AI``.

    def greedy(self, view: BlockView, rng: random.Random) -> BlockDecision:
        return greedy_decision(view, rng)
