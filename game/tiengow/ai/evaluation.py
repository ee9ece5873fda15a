"""The computer's estimate of every alternative of a Tien Gow play, for reviews.

It weighs the same candidates the player weighs, plus any play asked about, over
deals drawn from the deciding seat's own view, and never slips.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from game.core.advice import Evaluation
from game.tiengow.ai import player
from game.tiengow.ai.hints import tiengow_hint
from game.tiengow.ai.sampling import Knowledge
from game.tiengow.deal import TrickPlay
from game.tiengow.view import TienGowView


def evaluate(view: TienGowView, level: str, rng: random.Random, include: Sequence[TrickPlay] = ()) -> Evaluation | None:
    """The estimates for ``view``'s seat, or None when its play is forced."""
    if len(view.legal) < 2:
        return None
    settings = replace(player.LEVEL_SETTINGS[level], slip=0.0)
    candidates = list(player.candidate_plays(view.legal, settings.discards))
    candidates += [decision for decision in include if decision not in candidates]
    know = Knowledge.of(view)
    count = max(settings.min_deals, min(settings.max_deals, settings.playouts // len(candidates)))
    deals = player.plausible_deals(know, settings, count, rng)
    totals = player.play_totals(know, candidates, deals, settings.lookahead)
    means = tuple(total / count for total in totals)
    ranked = tuple(sorted(zip(candidates, means), key=lambda item: -item[1]))
    best = ranked[0][0]
    analysis = player.Analysis(best, tuple(candidates), means, count)
    return Evaluation(best, ranked, "points", tiengow_hint(view, analysis))
