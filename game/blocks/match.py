"""A Chiva or Dékabès match as its family's code names it, and the check that lets
game-neutral code hand one over."""

from __future__ import annotations

from typing import TypeAlias, TypeGuard

from game.blocks.moves import BlockDecision
from game.blocks.result import RoundResult, RoundStart
from game.blocks.round import BlockRoundState
from game.blocks.view import BlockView
from game.core.match import Match

BlockMatch: TypeAlias = Match[BlockRoundState, BlockView, BlockDecision, RoundStart]


def is_block_match(match: Match) -> TypeGuard[BlockMatch]:
    """Whether ``match`` (some game's, as game-neutral code holds it) is a block game's: its
    rounds are (a match's game gives all its types together)."""
    return isinstance(match.round, BlockRoundState)


def ended(match: BlockMatch) -> RoundResult:
    """The result of the match's round, which has ended (what its summary words)."""
    result = match.round.result
    assert result is not None, "a round's summary follows its end"
    return result
