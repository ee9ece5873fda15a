"""Builders for exact positions: hands from text, matches on fixed deals."""

from __future__ import annotations

from game.blocks.result import Opening, OpeningKind, RoundStart
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


def play_out(match: Match) -> None:
    """Let every seat play (people take their first legal decision) until the match is over."""
    while match.phase is not Phase.MATCH_OVER:
        while match.to_act is not None:
            match.push(match.computer_decision() if match.computer_to_act else match.legal_moves()[0])
        if match.phase is not Phase.MATCH_OVER:
            match.next_round()
