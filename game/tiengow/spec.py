"""Tien Gow as the registry lists it: deals in a session, views, records and seats."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TypeAlias

from game.core.computer_seat import ComputerSeat
from game.core.errors import MalformedRecord, RecordError, shown
from game.core.json_values import check_same
from game.core.phases import Phase
from game.core.seats import four
from game.core.spec import DealSource, DecisionJson, GameSpec, Hands, Record, Replaying
from game.core.tiles import deal, derived_rng
from game.core.wire import WireView
from game.tiengow import codec, view_codec
from game.tiengow.chinese import CHINESE_SET
from game.tiengow.deal import TrickPlay
from game.tiengow.greedy import greedy_decision
from game.tiengow.record import parse_hands, record_round, replay_round
from game.tiengow.round import TienGowRoundState, TienGowStart
from game.tiengow.view import SeenPlay, SeenTrick, TienGowView, preview

TienGowGame: TypeAlias = GameSpec[TienGowRoundState, TienGowView, TrickPlay, TienGowStart]
"""The ``GameSpec`` of Tien Gow, its types named."""

TienGowReplaying: TypeAlias = Replaying[TienGowRoundState, TrickPlay, TienGowStart]


def tiengow_game(deals: int | None = None) -> TienGowGame:
    """Tien Gow as the registry lists it (typed as a whole ``GameSpec`` of its own types,
    so the checker holds ``TienGowSpec`` to all of it)."""
    return TienGowSpec(deals)


class TienGowSpec(ComputerSeat[TienGowView, TrickPlay]):
    """Tien Gow; ``deals`` bounds a match (None: an endless session)."""

    AI, HINT = "game.tiengow.ai", "tiengow_hint"

    name = "tiengow"

    def __init__(self, deals: int | None = None) -> None:
        self.deals = deals

    def with_deals(self, deals: int | None) -> TienGowSpec:
        return TienGowSpec(deals)

    # --- rounds ------------------------------------------------------------------

    def first_start(self, seed: int) -> TienGowStart:
        """Rule 2: a random seat, drawn from the seed, is the starting banker."""
        return TienGowStart(1, derived_rng("tiengow-banker", seed).randint(1, 4), (0, 0, 0, 0))

    def recorded_start(self, rounds: Sequence[object], seed: int) -> TienGowStart:
        """The first deal's start as recorded: its banker may come from another implementation."""
        banker = rounds[0].get("banker") if isinstance(rounds[0], dict) else None
        if type(banker) is not int or not 1 <= banker <= 4:
            raise MalformedRecord(f"round 1: banker must be a seat 1 to 4, not {shown(banker)}")
        return TienGowStart(1, banker, (0, 0, 0, 0))

    def seeded_deals(self, seed: int) -> DealSource:
        def source(number: int, index: int) -> Hands:
            return deal(CHINESE_SET, derived_rng("tiengow", seed, number, index))

        return source

    def begin(self, start: TienGowStart, deals: DealSource) -> TienGowRoundState:
        return TienGowRoundState(start, deals(start.number, 0))

    def next_start(self, start: TienGowStart, state: TienGowRoundState) -> TienGowStart:
        """Rule 10: the winner of the last trick is the next banker."""
        result = state.result
        assert result is not None, "the next deal starts after a finished one"
        return TienGowStart(start.number + 1, result.last_winner, state.totals_after)

    def is_match_over(self, state: TienGowRoundState) -> bool:
        return state.is_over and self.deals is not None and state.start.number >= self.deals

    def match_winner(self, state: TienGowRoundState) -> None:
        """Tien Gow has running totals, not a winning team."""
        return

    def view(self, state: TienGowRoundState, seat: int, seat_kinds: tuple[str, ...]) -> TienGowView:
        """Everything ``seat`` may see of ``state``, and nothing else."""
        deal = state.deal
        over = deal.is_over

        def seen(by: int, play: TrickPlay) -> SeenPlay:
            shown = over or not play.face_down or by == seat
            return SeenPlay(by, play.tiles if shown else None, len(play.tiles), play.face_down)

        best = deal.best_play()
        return TienGowView(
            game=self.name,
            seat=seat,
            seat_kinds=four(seat_kinds),
            round_number=state.start.number,
            phase=Phase.MATCH_OVER if self.is_match_over(state) else state.phase,
            to_act=deal.to_act,
            legal=tuple(deal.legal_moves()) if deal.to_act == seat else (),
            hand=deal.hand(seat),
            hand_sizes=deal.hand_sizes,
            banker=deal.banker,
            leader=deal.leader,
            trick_size=deal.trick_size,
            current=tuple(seen(s, p) for s, p in deal.current_plays),
            best_seat=best[0] if best else None,
            tricks=tuple(
                SeenTrick(t.leader, tuple(seen(s, p) for s, p in t.plays), t.winner, t.columns, t.immediate, t.bonus)
                for t in deal.tricks
            ),
            columns=deal.columns,
            immediate=deal.immediate,
            totals=state.start.totals,
            early_death=deal.to_act == seat and deal.is_early_death(seat),
            result=deal.result(),
            revealed_hands=deal.dealt_hands if over else None,
        )

    # --- records -------------------------------------------------------------------

    def round_to_json(self, state: TienGowRoundState) -> Record:
        obj = record_round(state.deal, state.start.number)
        if state.is_over:
            obj["score_after"] = list(state.totals_after)
        return obj

    def record_fields(self, winner: str | None) -> Record:
        """A Tien Gow record has no winner field."""
        return {}

    def recorded_deals(self, rounds: Sequence[object]) -> dict[tuple[int, int], Hands]:
        found = {}
        for position, obj in enumerate(rounds):
            if not isinstance(obj, dict):
                raise MalformedRecord(f"round {position + 1}: a round must be an object")
            found[(position + 1, 0)] = tuple(parse_hands(obj.get("hands"), f"round {position + 1}"))
        return found

    def replay_round(self, match: TienGowReplaying, obj: object) -> None:
        """Check the recorded deal on its own, then re-apply its plays through ``match``."""
        replayed = replay_round(obj)
        assert isinstance(obj, dict), "replay_round takes nothing but an object"
        where = f"round {match.start.number}"
        if obj.get("number") != match.start.number:
            raise RecordError(f"{where}: the round is numbered {shown(obj.get('number'))}")
        if replayed.banker != match.start.banker:
            raise RecordError(f"{where}: the banker is seat {match.start.banker}, not {replayed.banker}")
        plays = [play for trick in replayed.tricks for play in trick.plays] + list(replayed.current_plays)
        for seat, play in plays:
            match.push(play, seat)
        state = match.round
        if state.is_over:
            check_same(obj, {"score_after": list(state.totals_after)}, where)
        elif "score_after" in obj:
            raise RecordError(f"{where}: the deal is unfinished but has score_after")

    def check_record_end(self, match: TienGowReplaying, record: Mapping[str, object]) -> None:
        """A Tien Gow record has no winner field to check."""

    def decision_to_json(self, seat: int, decision: TrickPlay) -> DecisionJson:
        return codec.decision_to_json(seat, decision)

    def decision_from_json(self, obj: object) -> tuple[int, TrickPlay]:
        return codec.decision_from_json(obj)

    # --- across a network ------------------------------------------------------------

    @property
    def view_type(self) -> type[WireView]:
        return view_codec.view_type(self.name)

    def view_to_wire(self, view: TienGowView) -> WireView:
        return view_codec.view_to_wire(view)

    def view_from_wire(self, wire: WireView) -> TienGowView:
        if not isinstance(wire, view_codec.TienGowWireView):
            raise MalformedRecord(f"not a {self.name} view")
        return view_codec.view_from_wire(wire, self.name)

    def preview(self, view: TienGowView, decision: TrickPlay) -> TienGowView:
        return preview(view, decision)

    def seen_by(self, actor: int, decision: TrickPlay, viewer: int) -> TrickPlay | None:
        """Another seat's face-down play shows only its back until the deal ends."""
        return decision if actor == viewer or not decision.face_down else None

    # --- seats ---------------------------------------------------------------------
    # ``decide``, ``hint`` and ``evaluate``: ``ComputerSeat`` asks the package ``AI``.

    def greedy(self, view: TienGowView, rng: random.Random) -> TrickPlay:
        return greedy_decision(view, rng)
