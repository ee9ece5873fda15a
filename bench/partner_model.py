"""How well the partner model reads the Chiva and Dékabès computer player's own plays.

The player weighs sampled deals by how likely the other seats' past plays would have been
(``inference``): its partner, which is this same player, is taken to choose among the
placements that fit with chance ``exp(score)``, the score a weighted sum of the
``inference.Model`` features (pips, a double, tiles held of the number opened, both ends
alike). This bench plays a level's pair against the greedy pair, keeps every placement
it chose among two or more, and prints, per game and for the decisions before and once the
player searches exactly (``Level.exact_tiles``), the mean log-loss of those choices
(nats a choice): with every fitting placement alike (uniform), with the level's partner
model, and with the weights that fit the choices best (maximum likelihood, Newton's
method), which it prints too. The gap between uniform and a model is what a partner's
play tells about its hand under that model. With ``--reruns N`` it also reads each choice
by the player itself: it decides the same view N more times on other random streams, and
the chance of the choice is its share of those decisions (add-½ smoothed). That estimates
what reading the partner through its own policy would tell: about the best any model of
the partner can do. Asserts nothing.

    python bench/partner_model.py --game chiva --deals 1500 --workers 2
    python bench/partner_model.py --game chiva --deals 150 --reruns 10
    python bench/partner_model.py --level "hard+partner=0.144/2.053/0.850/0.803" --deals 300
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import os

import numpy as np
from ai import BLOCK_GAMES, against_greedy, chunks, level_of, searching_exactly, spread

from game.blocks.ai.bits import BIT
from game.blocks.ai.inference import Model, scores
from game.blocks.ai.knowledge import Knowledge
from game.blocks.ai.player import Level, analyse
from game.blocks.moves import End, Play
from game.blocks.view import BlockView
from game.core.phases import Phase
from game.core.tiles import derived_rng

FEATURES = ("pip", "double", "holding", "pair")
UNITS = tuple(Model(*(1.0 if j == k else 0.0 for j in range(len(FEATURES)))) for k in range(len(FEATURES)))

Choice = tuple[list[list[float]], int, bool, list[int]]
"""One placement chosen: each fitting placement's features, the index of the one chosen,
whether the player was searching exactly, and the indexes its reruns chose."""


def choice_of(know: Knowledge, play: Play, late: bool) -> Choice | None:
    """The features of the placements ``know``'s hand fits, with ``play``'s index (no reruns);
    None when only one placement fits."""
    placements = placements_of(know)
    if len(placements) < 2:
        return None
    columns = [[score for _, score in scores(unit, know.hand, know.left, know.right)] for unit in UNITS]
    return [list(row) for row in zip(*columns)], placements.index(placement_of(know, play)), late, []


def placements_of(know: Knowledge) -> list[tuple[int, int, int]]:
    """The placements ``know``'s hand fits, in the order ``scores`` lists them."""
    return [placement for placement, _ in scores(UNITS[0], know.hand, know.left, know.right)]


def placement_of(know: Knowledge, play: Play) -> tuple[int, int, int]:
    """``play`` as (tile bit, new left, new right), as ``scores`` lists it."""
    tile = play.tile
    bit = BIT[tile]
    if play.end is End.LEFT or know.left == know.right:
        return bit, tile.other(know.left), know.right
    return bit, know.left, tile.other(know.right)


def rerun_choices(view: BlockView, know: Knowledge, level: Level, count: int, stream: tuple) -> list[int]:
    """The indexes of the placements ``count`` more decisions of ``view`` take, each on its own
    random stream (``stream`` and its number)."""
    placements = placements_of(know)
    found = []
    for again in range(count):
        decision = analyse(view, level, derived_rng(*stream, again)).decision
        assert isinstance(decision, Play), "a view with two or more placements is decided by a placement"
        found.append(placements.index(placement_of(know, decision)))
    return found


def record(job: tuple[str, str, int, int, int]) -> list[Choice]:
    """The placements the ``level`` pair chose among two or more, on a range of deals, in both
    seatings, each with the placements ``reruns`` more decisions of the same view chose."""
    game, spec, first, count, reruns = job
    level: Level = level_of(spec)
    found: list[Choice] = []
    streams = ("bench-partner-model", "bench-partner-deal", "bench-partner-decide")
    for index in range(first, first + count):
        for _, view, decision, key in against_greedy(game, index, level, streams):
            if view.phase is not Phase.PLAYING or view.ends is None or not isinstance(decision, Play):
                continue
            know = Knowledge.of(view)
            choice = choice_of(know, decision, searching_exactly(view, level))
            if choice is not None:
                stream = ("bench-partner-rerun", *key)
                found.append((*choice[:3], rerun_choices(view, know, level, reruns, stream)))
    return found


def log_loss(weights: np.ndarray, choices: list[tuple[np.ndarray, int]]) -> float:
    """The mean negative log-likelihood of the choices under the weights."""
    total = 0.0
    for features, chosen in choices:
        score = features @ weights
        top = score.max()
        total += top + math.log(np.exp(score - top).sum()) - score[chosen]
    return total / len(choices)


def fitted(choices: list[tuple[np.ndarray, int]]) -> np.ndarray:
    """The weights of the most likely choice model (Newton's method on the log-likelihood)."""
    weights = np.zeros(len(FEATURES))
    for _ in range(50):
        gradient = np.zeros(len(FEATURES))
        curvature = np.zeros((len(FEATURES), len(FEATURES)))
        for features, chosen in choices:
            score = features @ weights
            chance = np.exp(score - score.max())
            chance /= chance.sum()
            mean = chance @ features
            gradient += features[chosen] - mean
            curvature += (features * chance[:, None]).T @ features - np.outer(mean, mean)
        step = np.linalg.lstsq(curvature, gradient, rcond=None)[0]
        weights += step
        if np.abs(step).max() < 1e-7:
            break
    return weights


def rerun_loss(found: list[Choice]) -> float:
    """The mean negative log-likelihood of the choices under the shares of their reruns (add-½)."""
    total = 0.0
    for features, chosen, _, reruns in found:
        total -= math.log((reruns.count(chosen) + 0.5) / (len(reruns) + 0.5 * len(features)))
    return total / len(found)


def report(game: str, part: str, found: list[Choice], model: Model) -> str:
    choices = [(np.array(features), chosen) for features, chosen, _, _ in found]
    uniform = sum(math.log(len(features)) for features, _ in choices) / len(choices)
    weights = fitted(choices)
    current = log_loss(np.array(dataclasses.astuple(model)), choices)
    named = ", ".join(f"{name} {w:.3f}" for name, w in zip(FEATURES, weights))
    reruns = f", the player's reruns {rerun_loss(found):.4f}" if found[0][3] else ""
    return (
        f"{game} {part}: {len(choices)} choices; log-loss a choice: uniform {uniform:.4f}, "
        f"partner model {current:.4f}, fitted {log_loss(weights, choices):.4f} ({named}){reruns}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=(*BLOCK_GAMES, "both"), default="both")
    parser.add_argument("--deals", type=int, default=300, help="duplicate deals played")
    parser.add_argument("--level", default="hard", help="the level recorded, with its partner model")
    parser.add_argument("--reruns", type=int, default=0, help="decide each view this many more times (0: skip)")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    model = level_of(args.level).partner
    for game in BLOCK_GAMES if args.game == "both" else (args.game,):
        jobs = [(game, args.level, first, count, args.reruns) for first, count in chunks(args.deals, args.workers)]
        found = [choice for part in spread(jobs, record, args.workers) for choice in part]
        for part, chosen in (
            ("all", found),
            ("early", [c for c in found if not c[2]]),
            ("late", [c for c in found if c[2]]),
        ):
            if chosen:
                print(f"{report(game, part, chosen, model)}  [load {os.getloadavg()[0]:.1f}]", flush=True)


if __name__ == "__main__":
    main()
