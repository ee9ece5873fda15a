"""How well the Chiva and Dékabès computer player knows its partner's hand.

The level's pair plays the greedy pair (both seatings of each deal). At every decision of
the pair with a choice on a line already begun, each belief under test draws deals of the
hidden tiles as the player draws them (``PlausibleDeals`` of a level), and the share of
those deals that give the partner a tile is the chance the belief puts on it. The bench
prints, per game and for the decisions before and once the player searches exactly
(``Level.exact_tiles``), the log-loss of those chances against the partner's true hand,
summed over the hidden tiles: nats a decision, 0 for a player shown its partner's hand.
The first belief listed is the reference; each other one is given with its mean gap to it,
decision by decision (95 %). By default the reference keeps only what the passes, the tile
counts and the opponents' habit tell (a pool of one deal), and the level itself also weighs
the deals by the other seats' plays: the gap is what the partner's plays tell the player.
Beliefs are levels as ``bench/ai.py`` names them ("hard+pool=1",
"hard+partner=0.143/1.99/0.81/0.87"), or "glimpsing-0.1": hard's deals, a share (a
tenth) of them drawn with the partner's true hand, as the ``glimpsing`` players of
``bench/ai.py`` draw theirs (that bench measures their strength). Each decision's draws use
the same random stream for every belief. A belief is measured apart from the plays it would
lead to: the pair always plays ``--level``. Asserts nothing.

    python bench/partner_belief.py --game chiva --deals 300 --workers 2
    python bench/partner_belief.py --beliefs "hard+pool=1,hard,hard+partner=0.143/1.99/0.81/0.87"
    python bench/partner_belief.py --game chiva --beliefs "hard,glimpsing-0.1,glimpsing-0.25"
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
from collections.abc import Sequence

from ai import BLOCK_GAMES, against_greedy, chunks, glimpsed_deals, level_of, searching_exactly, spread, true_hands

from game.blocks.ai.bits import bits_of
from game.blocks.ai.knowledge import Knowledge
from game.blocks.ai.player import LEVEL_SETTINGS, Level, PlausibleDeals
from game.blocks.round import BlockRoundState
from game.blocks.view import BlockView
from game.core.phases import Phase
from game.core.tiles import derived_rng

DRAWS = 240
"""Deals drawn per belief and decision."""
FLOOR = 0.005
"""The least chance a tile's share is counted as (a share of 0 or 1 from finitely many deals)."""

Sample = tuple[bool, tuple[float, ...]]
"""One decision: whether the player searched it exactly, and each belief's log-loss there."""


def log_loss(deals: Sequence[list[int]], partner: int, held: int, hidden: int) -> float:
    """The log-loss, summed over the ``hidden`` tiles, of the shares of ``deals`` that give
    each to ``partner`` (0-based), against the tiles it holds (``held``)."""
    total = 0.0
    for bit in bits_of(hidden):
        share = sum(1 for hands in deals if hands[partner] & bit) / len(deals)
        share = min(max(share, FLOOR), 1 - FLOOR)
        total -= math.log(share if held & bit else 1 - share)
    return total


Belief = tuple[Level, float]
"""How a belief draws its deals: as this level does, with this share of them (0 for none)
holding the partner's true hand."""


def belief_of(spec: str) -> Belief:
    """The belief named ``spec``: a level, or "glimpsing-X", hard's deals of which a share X
    (each by chance) holds the partner's true hand (``bench/ai.glimpsed_deals``)."""
    if spec.startswith("glimpsing-"):
        return LEVEL_SETTINGS["hard"], float(spec.removeprefix("glimpsing-"))
    return level_of(spec), 0.0


def belief_deals(
    belief: Belief, state: BlockRoundState, view: BlockView, know: Knowledge, rng: random.Random
) -> list[list[int]]:
    """``DRAWS`` deals as ``belief`` draws them."""
    level, share = belief
    if share:
        return glimpsed_deals(state, view, know, level, rng, share)(DRAWS)
    return PlausibleDeals(know, view, level, rng).draw(DRAWS)


def record(job: tuple[str, str, tuple[str, ...], int, int]) -> list[Sample]:
    """Every belief's log-loss at each decision with a choice the ``played`` pair meets on a
    range of deals, in both seatings."""
    game, played, beliefs, first, count = job
    level = level_of(played)
    believed = [belief_of(spec) for spec in beliefs]
    found: list[Sample] = []
    streams = ("bench-belief", "bench-belief-deal", "bench-belief-decide")
    for index in range(first, first + count):
        for state, view, _, key in against_greedy(game, index, level, streams):
            if view.phase is not Phase.PLAYING or view.ends is None or len(view.legal) < 2:
                continue
            know = Knowledge.of(view)
            partner = (know.me + 2) & 3
            held = true_hands(state)[partner]
            losses = []
            for belief in believed:
                deals = belief_deals(belief, state, view, know, derived_rng("bench-belief-draw", *key))
                losses.append(log_loss(deals, partner, held, know.hidden))
            found.append((searching_exactly(view, level), tuple(losses)))
    return found


def report(game: str, part: str, beliefs: Sequence[str], found: Sequence[Sample]) -> list[str]:
    """One line per belief: nats a decision, and for all but the first the gap to it."""
    lines = []
    for k, belief in enumerate(beliefs):
        mean = statistics.fmean(losses[k] for _, losses in found)
        line = f"{game} {part}: {belief}: {mean:.3f} nats a decision ({len(found)} decisions)"
        if k:
            gaps = [losses[k] - losses[0] for _, losses in found]
            error = 1.96 * statistics.stdev(gaps) / math.sqrt(len(gaps)) if len(gaps) > 1 else math.inf
            line += f"; minus {beliefs[0]}: {statistics.fmean(gaps):+.3f} ± {error:.3f}"
        lines.append(line)
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=(*BLOCK_GAMES, "both"), default="both")
    parser.add_argument("--deals", type=int, default=300, help="duplicate deals played")
    parser.add_argument("--level", default="hard", help="the level the pair plays")
    parser.add_argument("--beliefs", default="hard+pool=1,hard", help="beliefs measured, comma-separated")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    beliefs = tuple(args.beliefs.split(","))
    for game in BLOCK_GAMES if args.game == "both" else (args.game,):
        jobs = [(game, args.level, beliefs, first, count) for first, count in chunks(args.deals, args.workers)]
        found = [sample for part in spread(jobs, record, args.workers) for sample in part]
        for part, chosen in (
            ("early", [s for s in found if not s[0]]),
            ("late", [s for s in found if s[0]]),
        ):
            if chosen:
                for line in report(game, part, beliefs, chosen):
                    print(f"{line}  [load {os.getloadavg()[0]:.1f}]", flush=True)


if __name__ == "__main__":
    main()
