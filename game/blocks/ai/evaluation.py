"""The computer's estimate of every alternative of a Chiva or Dékabès decision, for reviews.

It weighs the same candidates the player weighs, plus any decision asked about, over
deals drawn from the deciding seat's own view, and never slips.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from game.blocks.ai import player
from game.blocks.ai.hints import hint_for
from game.blocks.ai.knowledge import Knowledge
from game.blocks.moves import BlockDecision, End, Play
from game.blocks.view import BlockView
from game.core.advice import Evaluation
from game.core.phases import Phase


def evaluate(
    view: BlockView, level: str, rng: random.Random, include: Sequence[BlockDecision] = ()
) -> Evaluation | None:
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
    shares = {choice: analysis.win_share(i) for i, choice in enumerate(candidates)}
    shares.update({twin: shares[same] for twin, same in twins.items()})
    ranked = tuple(sorted(shares.items(), key=lambda item: -item[1]))
    best = max(ranked, key=lambda item: (item[1], item[0] == analysis.decision))[0]
    return Evaluation(best, ranked, "win_chance", hint_for(view, replace(analysis, decision=best)))
