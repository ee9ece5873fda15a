"""The computer's estimate of every alternative of a decision, for reviews.

It weighs the same candidates the player weighs, plus any decision asked about, over
deals drawn from the deciding seat's own view, and never slips.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, Sequence

from ..moves import End, Play
from ..phases import Phase
from . import block_player, tiengow_player
from .hints import Hint, hint_for
from .tiengow_hints import tiengow_hint
from .knowledge import Knowledge
from .tiengow_sampling import Knowledge as TienGowKnowledge


@dataclass(frozen=True, slots=True)
class Evaluation:
    """The best decision, every alternative weighed with its estimate (best first), the
    unit of the estimates, and the hint that explains the best one."""

    best: Any
    estimates: tuple[tuple[Any, float], ...]
    unit: str
    hint: Hint | None


def evaluate(view, level: str, rng: random.Random, include: Sequence[Any] = ()) -> Evaluation | None:
    """The estimates for ``view``'s seat, or None when there is nothing to weigh (a forced
    decision, or a deal to keep or throw in)."""
    if view.game == "tiengow":
        return _tiengow(view, level, rng, include)
    return _block(view, level, rng, include)


def _block(view, level: str, rng: random.Random, include: Sequence[Any]) -> Evaluation | None:
    if view.phase is Phase.ACCEPTING or len(view.legal) < 2:
        return None
    settings = replace(block_player.LEVEL_SETTINGS[level], slip=0.0)
    candidates = list(block_player.candidates_of(view))
    twins = {}
    for decision in include:
        if decision in candidates:
            continue
        if isinstance(decision, Play) and decision.end is End.RIGHT and Play(decision.tile, End.LEFT) in candidates:
            twins[decision] = Play(decision.tile, End.LEFT)
        else:
            candidates.append(decision)
    know = Knowledge.of(view)
    deals = block_player.PlausibleDeals(know, view, settings, rng)
    analysis = block_player.weigh(view, know, candidates, deals.draw, settings, rng)
    shares = {choice: analysis.win_share(i) for i, choice in enumerate(candidates)}
    shares.update({twin: shares[same] for twin, same in twins.items()})
    ranked = tuple(sorted(shares.items(), key=lambda item: -item[1]))
    best = max(ranked, key=lambda item: (item[1], item[0] == analysis.decision))[0]
    return Evaluation(best, ranked, "win_chance", hint_for(view, replace(analysis, decision=best)))


def _tiengow(view, level: str, rng: random.Random, include: Sequence[Any]) -> Evaluation | None:
    if len(view.legal) < 2:
        return None
    settings = replace(tiengow_player.LEVEL_SETTINGS[level], slip=0.0)
    candidates = list(tiengow_player.candidate_plays(view.legal, settings.discards))
    candidates += [decision for decision in include if decision not in candidates]
    know = TienGowKnowledge.of(view)
    count = max(settings.min_deals, min(settings.max_deals, settings.playouts // len(candidates)))
    deals = tiengow_player.plausible_deals(know, settings, count, rng)
    totals = tiengow_player.play_totals(know, candidates, deals, settings.lookahead)
    means = tuple(total / count for total in totals)
    ranked = tuple(sorted(zip(candidates, means), key=lambda item: -item[1]))
    best = ranked[0][0]
    analysis = tiengow_player.Analysis(best, tuple(candidates), means, count)
    return Evaluation(best, ranked, "points", tiengow_hint(view, analysis))
