"""One Chiva or Dékabès round from the deal to its result: accept, choose, play."""

from __future__ import annotations

from collections.abc import Sequence

from game.blocks.moves import ACCEPT, THROW_IN, Accept, BlockDecision, Choose, Pass, Play, ThrowIn
from game.blocks.play import BlockRound, partner_of
from game.blocks.result import OpeningKind, RoundResult, RoundStart
from game.blocks.rules import BlockRules
from game.core.errors import IllegalMove
from game.core.phases import Phase
from game.core.spec import DealSource, Hands
from game.core.tiles import DOUBLE_SIX, Tile


class DealLog:
    """One deal of a round and who has accepted it; ``redeal_by`` names the seat that threw it in."""

    __slots__ = ("hands", "accepted", "redeal_by")

    def __init__(self, hands: Hands, accepted: Sequence[int] = (), redeal_by: int | None = None) -> None:
        self.hands = hands
        self.accepted = list(accepted)
        self.redeal_by = redeal_by

    def copy(self) -> DealLog:
        return DealLog(self.hands, self.accepted, self.redeal_by)


class BlockRoundState:
    """The live state of one round; every change goes through ``push``."""

    def __init__(self, rules: BlockRules, start: RoundStart, deal_source: DealSource) -> None:
        self.rules = rules
        self.start = start
        self.deal_source = deal_source
        self.deals: list[DealLog] = []
        self.chooser: int | None = None
        self.opener: int | None = None
        self.play: BlockRound | None = None
        self.result: RoundResult | None = None
        self.phase = Phase.ACCEPTING
        self._new_deal()

    def copy(self) -> BlockRoundState:
        other = BlockRoundState.__new__(BlockRoundState)
        other.__dict__.update(self.__dict__)
        other.deals = [d.copy() for d in self.deals]
        other.play = self.play.copy() if self.play is not None else None
        return other

    @property
    def hands(self) -> Hands:
        """The hands as dealt for play (the last deal of the round)."""
        return self.deals[-1].hands

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def to_act(self) -> int | None:
        if self.phase is Phase.ACCEPTING:
            return self._looking()
        if self.phase is Phase.CHOOSING:
            return self._chooser()
        if self.phase is Phase.PLAYING:
            return self._play().to_act
        return None

    def _looking(self) -> int:
        """The seat looking at the deal while it is being accepted."""
        return len(self.deals[-1].accepted) + 1

    def _chooser(self) -> int:
        assert self.chooser is not None, "a representative chooses only in the CHOOSING phase"
        return self.chooser

    def _play(self) -> BlockRound:
        assert self.play is not None, "the line exists once the round is PLAYING"
        return self.play

    def legal_moves(self) -> list[BlockDecision]:
        if self.phase is Phase.ACCEPTING:
            hand = self.deals[-1].hands[self._looking() - 1]
            return [ACCEPT, THROW_IN] if self.rules.may_throw_in(hand) else [ACCEPT]
        if self.phase is Phase.CHOOSING:
            return [Choose(self._chooser()), Choose(partner_of(self._chooser()))]
        if self.phase is Phase.PLAYING:
            return list(self._play().legal_moves())
        return []

    def check(self, decision: BlockDecision) -> None:
        """Raise IllegalMove with the player's reason unless ``decision`` is legal now."""
        if self.phase is Phase.ACCEPTING:
            if isinstance(decision, ThrowIn):
                if not self.rules.may_throw_in(self.deals[-1].hands[self._looking() - 1]):
                    raise IllegalMove(
                        "throw_in_needs_five_doubles", "You may throw the deal in only with five or more doubles."
                    )
            elif not isinstance(decision, Accept):
                raise IllegalMove("must_accept", "First accept your hand (or throw the deal in).")
        elif self.phase is Phase.CHOOSING:
            if not isinstance(decision, Choose):
                raise IllegalMove("must_choose", "First choose who opens: you or your partner.")
            if decision.seat not in (self._chooser(), partner_of(self._chooser())):
                raise IllegalMove("choose_team", "Choose yourself or your partner to open.")
        elif self.phase is Phase.PLAYING:
            if not isinstance(decision, (Play, Pass)):
                raise IllegalMove("must_play_or_pass", "Play a tile, or pass if none fits.")
            self._play().check(decision)
        else:
            raise IllegalMove("round_over", "The round is over.")

    def push(self, decision: BlockDecision) -> None:
        self.check(decision)
        if self.phase is Phase.ACCEPTING:
            deal = self.deals[-1]
            if isinstance(decision, ThrowIn):
                deal.redeal_by = self._looking()
                self._new_deal()
            else:
                deal.accepted.append(self._looking())
                if len(deal.accepted) == 4:
                    self._open()
        elif isinstance(decision, Choose):
            self._start_play(decision.seat, None)
        elif isinstance(decision, (Play, Pass)):
            play = self._play()
            play.apply(decision)
            if play.end is not None:
                assert self.opener is not None
                self.result = self.rules.score(self.start, play.end, self.opener)
                self.phase = Phase.ROUND_OVER

    def _new_deal(self) -> None:
        self.deals.append(DealLog(self.deal_source(self.start.number, len(self.deals))))
        if not self.rules.accepts_deals:
            self.deals[-1].accepted = [1, 2, 3, 4]
            self._open()
        else:
            self.phase = Phase.ACCEPTING

    def _open(self) -> None:
        opening = self.start.opening
        if opening.kind is OpeningKind.DOUBLE_SIX:
            holder = next(s for s in range(1, 5) if DOUBLE_SIX in self.hands[s - 1])
            self._start_play(holder, DOUBLE_SIX)
        elif opening.kind is OpeningKind.SEAT:
            assert opening.seat is not None, "a seat opening names its seat"
            self._start_play(opening.seat, None)
        else:
            self.chooser = opening.seat
            self.phase = Phase.CHOOSING

    def _start_play(self, opener: int, must_lead: Tile | None) -> None:
        self.opener = opener
        self.play = BlockRound(self.hands, opener, must_lead)
        self.phase = Phase.PLAYING
