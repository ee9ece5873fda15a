"""Builders for exact positions: hands from text, matches on fixed deals."""

from __future__ import annotations

from game.blocks.moves import ACCEPT, End, Play
from game.blocks.result import OPEN_WITH_DOUBLE_SIX, Opening, OpeningKind, RoundStart
from game.core.match import Match
from game.core.phases import Phase
from game.core.tiles import DOUBLE_SIX_SET, Tile, deal, derived_rng


def hands(*texts: str) -> tuple[tuple[Tile, ...], ...]:
    """Four hands from four space-separated tile lists; must be the whole set."""
    built = tuple(tuple(Tile.from_str(t) for t in text.split()) for text in texts)
    assert sorted(t for h in built for t in h) == list(DOUBLE_SIX_SET)
    return built


def fixed_deals(deals: dict):
    """A deal source giving ``deals[(round, index)]`` where set, else a seeded deal."""

    def source(number: int, index: int):
        if (number, index) in deals:
            return deals[(number, index)]
        return deal(DOUBLE_SIX_SET, derived_rng("test", number, index))

    return source


def match_on(game: str, deals: dict, seats=("human", "human", "human", "human")) -> Match:
    return Match(game, seats, seed=0, deal_source=fixed_deals(deals))


FEW_DOUBLES = hands(
    "0-0 0-1 0-2 0-3 0-4 0-5 0-6",
    "1-1 1-2 1-3 1-4 1-5 1-6 2-2",
    "2-3 2-4 2-5 2-6 3-3 3-4 3-5",
    "3-6 4-4 4-5 4-6 5-5 5-6 6-6",
)
"""A deal where no hand holds five doubles (nobody may throw it in); seat 4 holds 6-6."""


def choosing_round(seats=("human", "greedy", "greedy", "greedy")) -> Match:
    """A Dékabès match at its second round, which seat 1's team opens, seat 1 choosing who
    leads, on the deal ``FEW_DOUBLES`` (not yet accepted by anyone)."""
    start = RoundStart(2, (0, 0), 1, Opening(OpeningKind.CHOOSE, 1))
    return Match("dekabes", seats, seed=0, deal_source=lambda number, index: FEW_DOUBLES, start=start)


BLOCKING_LINE = ("6-6", "0-6", "0-1", "1-6", "2-6", "2-3", "3-6", "4-6", "4-5", "5-6")
"""Seat 1 leads 6-6, then the seats in turn each play one on the right end: both ends show 6
with every 6 on the line, a block after ten plays."""

BLOCKED_WIN = hands(
    "6-6 2-6 4-5 0-0 0-2 0-3 1-1",
    "0-6 2-3 5-6 1-4 1-5 2-4 2-5",
    "0-1 3-6 0-4 0-5 1-2 1-3 2-2",
    "1-6 4-6 3-3 3-4 3-5 4-4 5-5",
)
"""The line's deal where the block leaves 7, 24, 20 and 39 pips: team A wins (27 to 63), seat 1
the lightest hand."""

BLOCKED_TIE = hands(
    "6-6 2-6 4-5 0-0 0-2 0-3 3-5",
    "0-6 2-3 5-6 0-4 1-1 1-2 1-3",
    "0-1 3-6 0-5 1-4 1-5 2-4 5-5",
    "1-6 4-6 2-2 2-5 3-3 3-4 4-4",
)
"""The line's deal where the block leaves 13, 13, 32 and 32 pips: a tie in Chiva (45 each) and
in Dékabès (seats 1 and 2 the lightest)."""


def blocked_round(
    game: str, deal=BLOCKED_WIN, score=(0, 0), number: int = 1, seats=("human", "greedy", "greedy", "greedy")
) -> Match:
    """A Chiva or Dékabès round ``number`` from ``score``, on ``deal``, played out along
    ``BLOCKING_LINE`` (every hand kept first in Dékabès)."""
    start = RoundStart(number, score, 1, OPEN_WITH_DOUBLE_SIX)
    match = Match(game, seats, seed=0, deal_source=lambda number, index: deal, start=start)
    play_the_line(match)
    return match


def play_the_line(match: Match) -> None:
    """Every hand kept (in Dékabès), then ``BLOCKING_LINE`` played: seat 1 opens it with 6-6,
    as the first round's holder of 6-6 or as the lightest hand of the block before."""
    if match.phase is Phase.ACCEPTING:
        for seat in range(1, 5):
            match.push(ACCEPT, seat=seat)
    for index, text in enumerate(BLOCKING_LINE):
        match.push(Play(Tile.from_str(text), End.RIGHT if index else None), seat=index % 4 + 1)


def play_out(match: Match) -> None:
    """Let every seat play (people take their first legal decision) until the match is over."""
    while match.phase is not Phase.MATCH_OVER:
        while match.to_act is not None:
            match.push(match.computer_decision() if match.computer_to_act else match.legal_moves()[0])
        if match.phase is not Phase.MATCH_OVER:
            match.next_round()
