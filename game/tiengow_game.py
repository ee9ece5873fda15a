"""Tien Gow as the match controller sees it: deals in a session, views and records."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .chinese import CHINESE_SET
from .errors import IllegalMove, MalformedRecord, RecordError
from .phases import Phase
from .tiengow import TienGowDeal, TrickPlay, _parse_hands, record_round, replay_round
from .tiengow_view import SeenPlay, SeenTrick, TienGowView
from .tiles import Tile, deal, derived_rng

Hands = tuple[tuple[Tile, ...], ...]
DealSource = Callable[[int, int], Hands]


@dataclass(frozen=True, slots=True)
class TienGowStart:
    """What a deal starts from: its number, the banker and the running totals before it."""

    number: int
    banker: int
    totals: tuple[int, int, int, int]


class TienGowRoundState:
    """The live state of one deal; every change goes through ``push``."""

    def __init__(self, start: TienGowStart, hands: Hands) -> None:
        self.start = start
        self.deal = TienGowDeal(hands, start.banker)

    def copy(self) -> "TienGowRoundState":
        other = TienGowRoundState.__new__(TienGowRoundState)
        other.start, other.deal = self.start, self.deal.copy()
        return other

    @property
    def phase(self) -> Phase:
        return Phase.ROUND_OVER if self.deal.is_over else Phase.PLAYING

    @property
    def is_over(self) -> bool:
        return self.deal.is_over

    @property
    def result(self):
        return self.deal.result()

    @property
    def to_act(self) -> int | None:
        return self.deal.to_act

    @property
    def totals_after(self) -> tuple[int, ...]:
        result = self.deal.result()
        if result is None:
            return self.start.totals
        return tuple(a + b for a, b in zip(self.start.totals, result.total))

    def legal_moves(self) -> list[TrickPlay]:
        return self.deal.legal_moves()

    def check(self, decision) -> None:
        if not isinstance(decision, TrickPlay):
            raise IllegalMove("must_play_tiles", "Play tiles from your hand.")
        self.deal.check(decision)

    def push(self, decision) -> None:
        self.check(decision)
        self.deal.push(decision)


class TienGowGame:
    """The controller's adapter for Tien Gow; ``deals`` bounds a match (None: endless session)."""

    family = "tiengow"
    name = "tiengow"

    def __init__(self, deals: int | None = None) -> None:
        self.deals = deals

    def first_start(self, seed: int) -> TienGowStart:
        """Rule 2: a random seat, drawn from the seed, is the starting banker."""
        return TienGowStart(1, derived_rng("tiengow-banker", seed).randint(1, 4), (0, 0, 0, 0))

    def seeded_deals(self, seed: int) -> DealSource:
        def source(number: int, index: int) -> Hands:
            return deal(CHINESE_SET, derived_rng("tiengow", seed, number, index))
        return source

    def begin(self, start: TienGowStart, deals: DealSource) -> TienGowRoundState:
        return TienGowRoundState(start, deals(start.number, 0))

    def next_start(self, start: TienGowStart, state: TienGowRoundState) -> TienGowStart:
        """Rule 10: the winner of the last trick is the next banker."""
        return TienGowStart(start.number + 1, state.result.last_winner, state.totals_after)

    def is_match_over(self, state: TienGowRoundState) -> bool:
        return state.is_over and self.deals is not None and state.start.number >= self.deals

    def match_winner(self, state: TienGowRoundState) -> None:
        """Tien Gow has running totals, not a winning team."""
        return None

    def view(self, state: TienGowRoundState, seat: int, seat_kinds: tuple[str, ...]) -> TienGowView:
        """Everything ``seat`` may see of ``state``, and nothing else."""
        deal = state.deal
        over = deal.is_over

        def seen(by: int, play: TrickPlay) -> SeenPlay:
            shown = over or not play.face_down or by == seat
            return SeenPlay(by, play.tiles if shown else None, len(play.tiles), play.face_down)

        best = deal.best_play()
        return TienGowView(
            game=self.name, seat=seat, seat_kinds=tuple(seat_kinds), round_number=state.start.number,
            phase=Phase.MATCH_OVER if self.is_match_over(state) else state.phase,
            to_act=deal.to_act,
            legal=tuple(deal.legal_moves()) if deal.to_act == seat else (),
            hand=deal.hand(seat), hand_sizes=deal.hand_sizes, banker=deal.banker, leader=deal.leader,
            trick_size=deal.trick_size,
            current=tuple(seen(s, p) for s, p in deal.current_plays),
            best_seat=best[0] if best else None,
            tricks=tuple(SeenTrick(t.leader, tuple(seen(s, p) for s, p in t.plays), t.winner, t.columns,
                                   t.immediate) for t in deal.tricks),
            columns=deal.columns, immediate=deal.immediate, totals=state.start.totals,
            early_death=deal.to_act == seat and deal.is_early_death(seat),
            result=deal.result(),
            revealed_hands=deal.dealt_hands if over else None,
        )

    # --- records ---------------------------------------------------------------

    def round_to_json(self, state: TienGowRoundState) -> dict[str, Any]:
        obj = record_round(state.deal, state.start.number)
        if state.is_over:
            obj["score_after"] = list(state.totals_after)
        return obj

    def recorded_deals(self, rounds: list[Any]) -> dict[tuple[int, int], Hands]:
        found = {}
        for position, obj in enumerate(rounds):
            if not isinstance(obj, dict):
                raise MalformedRecord(f"round {position + 1}: a round must be an object")
            found[(position + 1, 0)] = tuple(_parse_hands(obj.get("hands"), f"round {position + 1}"))
        return found

    def recorded_start(self, rounds: list[Any], seed: int) -> TienGowStart:
        """The first deal's start as recorded: its banker may come from another implementation."""
        banker = rounds[0].get("banker") if isinstance(rounds[0], dict) else None
        if type(banker) is not int or not 1 <= banker <= 4:
            raise MalformedRecord(f"round 1: banker must be a seat 1 to 4, not {banker!r}")
        return TienGowStart(1, banker, (0, 0, 0, 0))

    def replay_round(self, match, obj: dict[str, Any]) -> None:
        """Check the recorded deal on its own, then re-apply its plays through ``match``."""
        replayed = replay_round(obj)
        where = f"round {match.start.number}"
        if obj.get("number") != match.start.number:
            raise RecordError(f"{where}: the round is numbered {obj.get('number')!r}")
        if replayed.banker != match.start.banker:
            raise RecordError(f"{where}: the banker is seat {match.start.banker}, not {replayed.banker}")
        plays = [play for trick in replayed.tricks for play in trick.plays] + list(replayed.current_plays)
        for seat, play in plays:
            match.push(play, seat)
        state = match.round
        if state.is_over:
            if obj.get("score_after") != list(state.totals_after):
                raise RecordError(f"{where}: score_after is {obj.get('score_after')!r}, "
                                  f"the rules give {list(state.totals_after)}")
        elif "score_after" in obj:
            raise RecordError(f"{where}: the deal is unfinished but has score_after")

    def check_record_end(self, match, record: dict[str, Any]) -> None:
        """A Tien Gow record has no winner field."""
