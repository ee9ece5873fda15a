"""The computer's estimate of every alternative of a Tien Gow play, for hints and reviews
alike.

It weighs the same candidates the player weighs, plus any play asked about, over deals
drawn from the deciding seat's own view, and never slips. Each alternative is worth the
points the seat gains from now on; the computer's choice is the player's own (the
hint's), and each alternative carries the standard error of its gap to that choice over
the same deals.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import replace

from game.core.advice import Estimate, Evaluation
from game.tiengow.ai import player
from game.tiengow.ai.hints import tiengow_hint
from game.tiengow.ai.sampling import Knowledge
from game.tiengow.deal import TrickPlay
from game.tiengow.view import TienGowView

CLEARLY_WORSE = 2.0
"""A play is marked when it gives up two points or more on average."""


def evaluate(
    view: TienGowView, level: str, rng: random.Random, include: Sequence[TrickPlay] = ()
) -> Evaluation[TrickPlay] | None:
    """The estimates for ``view``'s seat, or None when its play is forced."""
    if len(view.legal) < 2:
        return None
    settings = replace(player.LEVEL_SETTINGS[level], slip=0.0)
    candidates = list(player.candidate_plays(view.legal, settings.discards))
    candidates += [decision for decision in include if decision not in candidates]
    know = Knowledge.of(view)
    count = max(settings.min_deals, min(settings.max_deals, settings.playouts // len(candidates)))
    deals = player.plausible_deals(know, settings, count, rng)
    gains = player.play_gains(know, candidates, deals, settings.lookahead)
    means = tuple(sum(gain) / count for gain in gains)
    chosen = max(range(len(candidates)), key=lambda i: (means[i], -i))
    estimates = tuple(
        sorted(
            (Estimate(play, means[i], _gap_error(gains[chosen], gains[i])) for i, play in enumerate(candidates)),
            key=lambda estimate: -estimate.value,
        )
    )
    analysis = player.Analysis(candidates[chosen], tuple(candidates), means, count, gains=tuple(map(tuple, gains)))
    return Evaluation(candidates[chosen], estimates, "points", CLEARLY_WORSE, tiengow_hint(view, analysis))


def _gap_error(best: Sequence[int], other: Sequence[int]) -> float:
    """The standard error of the mean of ``best - other`` over the same deals."""
    if best is other:
        return 0.0
    count = len(best)
    if count < 2:
        return math.inf
    gaps = [a - b for a, b in zip(best, other)]
    mean = sum(gaps) / count
    return math.sqrt(sum((gap - mean) ** 2 for gap in gaps) / (count - 1) / count)
