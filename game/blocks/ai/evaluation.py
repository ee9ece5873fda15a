"""The computer's estimate of every alternative of a Chiva or Dékabès decision, for hints
and reviews alike.

It weighs the same candidates the player weighs, plus any decision asked about, over
deals drawn from the deciding seat's own view, and never slips. Each alternative is
worth what the player itself maximises: the team's chance of winning the match after
it. Its choice is the player's own (the hint's), and each alternative carries the
standard error of its gap to that choice over the deals both were tried on.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import replace

from game.blocks.ai import player
from game.blocks.ai.hints import hint_for
from game.blocks.ai.knowledge import Knowledge
from game.blocks.ai.playout import LOSS, WIN
from game.blocks.moves import BlockDecision, End, Play
from game.blocks.view import BlockView
from game.core.advice import Estimate, Evaluation
from game.core.phases import Phase

CLEARLY_WORSE = 0.10
"""A decision is marked when it gives up a tenth of the gap between winning and losing the round."""


def evaluate(
    view: BlockView, level: str, rng: random.Random, include: Sequence[BlockDecision] = ()
) -> Evaluation[BlockDecision] | None:
    """The estimates for ``view``'s seat, or None when there is nothing to weigh (a forced
    decision, or a deal to keep or throw in)."""
    if view.phase is Phase.ACCEPTING or len(view.legal) < 2:
        return None
    settings = replace(player.LEVEL_SETTINGS[level], slip=0.0)
    candidates = list(player.candidates_of(view))
    twins = {}
    for decision in include:
        if decision in candidates:
            continue
        if isinstance(decision, Play) and decision.end is End.RIGHT and Play(decision.tile, End.LEFT) in candidates:
            twins[decision] = Play(decision.tile, End.LEFT)
        else:
            candidates.append(decision)
    know = Knowledge.of(view)
    deals = player.PlausibleDeals(know, view, settings, rng)
    analysis = player.weigh(view, know, candidates, deals.draw, settings, rng)
    chosen = candidates.index(analysis.decision)
    found = {
        choice: Estimate(choice, analysis.value(i), _gap_error(analysis, i, chosen))
        for i, choice in enumerate(candidates)
    }
    found.update({twin: replace(found[same], decision=twin) for twin, same in twins.items()})
    ranked = tuple(sorted(found.values(), key=lambda estimate: -estimate.value))
    margin = CLEARLY_WORSE * (analysis.values[WIN] - analysis.values[LOSS])
    return Evaluation(analysis.decision, ranked, "match_chance", margin, hint_for(view, analysis))


def _gap_error(analysis: player.Analysis, index: int, chosen: int) -> float:
    """The standard error of the mean gap between candidates ``chosen`` and ``index`` over
    the trial deals both were tried on (the first ones: a dropped candidate saw fewer)."""
    if index == chosen:
        return 0.0
    values = analysis.values
    mine, theirs = analysis.outcomes[chosen], analysis.outcomes[index]
    count = min(len(mine), len(theirs))
    if count < 2:
        return math.inf
    gaps = [values[a] - values[b] for a, b in zip(mine[:count], theirs[:count])]
    mean = sum(gaps) / count
    variance = sum((gap - mean) ** 2 for gap in gaps) / (count - 1)
    return math.sqrt(variance / count)
