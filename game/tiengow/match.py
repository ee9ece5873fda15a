"""A Tien Gow match as its family's code names it, and the check that lets game-neutral
code hand one over."""

from __future__ import annotations

from typing import TypeAlias, TypeGuard

from game.core.match import Match
from game.tiengow.deal import TrickPlay
from game.tiengow.payments import DealResult
from game.tiengow.round import TienGowRoundState, TienGowStart
from game.tiengow.view import TienGowView

TienGowMatch: TypeAlias = Match[TienGowRoundState, TienGowView, TrickPlay, TienGowStart]


def is_tiengow_match(match: Match) -> TypeGuard[TienGowMatch]:
    """Whether ``match`` (some game's, as game-neutral code holds it) is a Tien Gow match: its
    rounds are (a match's game gives all its types together)."""
    return isinstance(match.round, TienGowRoundState)


def ended(match: TienGowMatch) -> DealResult:
    """The result of the match's deal, which has ended (what its summary words)."""
    result = match.round.result
    assert result is not None, "a deal's summary follows its end"
    return result
