"""Tien Gow hints: the computer player's play with a reason code, its parameters and a sentence.

The reason is read off the play and the seat's own view: a forced play, Supreme or a
quartet led, the last trick, Big Six capturing Little Three, a first column, a strong
tile kept back for the last trick, or the weakest tiles thrown face down. A tile kept
back and a choice no rule of thumb explains are told by what the weighing found: the
points the play ends the deal with on average over the deals tried for the unseen
tiles, and how much better that is than the next best play on the same deals.
"""

from __future__ import annotations

from collections import Counter

from game.core.advice import Hint, HintParams
from game.core.tiles import Tile
from game.tiengow.ai.player import Analysis
from game.tiengow.ai.playout import WEAKNESS
from game.tiengow.chinese import name, standard_index
from game.tiengow.deal import TrickPlay
from game.tiengow.groups import GroupKind, classify
from game.tiengow.view import TienGowView

LITTLE_THREE = Tile.of(1, 2)
BIG_SIX = Tile.of(2, 4)

TEXTS = {
    "early_death": "You have won no column, so your last tile must go face down.",
    "only_play": "It is your only legal play.",
    "random": "A quick guess.",
    "supreme": "You lead Supreme: each other player pays you at once.",
    "quartet": "You lead a quartet: if it holds, each other player pays you at once.",
    "last_trick": "You win the last trick: its winner settles with everyone.",
    "big_six": "Big Six captures Little Three: the leader pays for everyone.",
    "first_column": "You take a first column: no early death, and you pay less.",
    "keeps_for_last": "You keep {name} for the last trick.",
    "leads_group": "You lead a group to take {count} columns.",
    "leads_strong": "You lead {name} to take a column.",
    "takes_trick": "You take the trick.",
    "discards_weakest": "You throw away your weakest tiles face down.",
    "gains_most": "You gain the most points this way by the end of the deal.",
    "loses_least": "You lose the fewest points this way by the end of the deal.",
    "weighed_keeps": "You keep {name} for the last trick.",
    "weighed_discard": "You throw away your weakest tiles face down.",
    "weighed_gain": "You end the deal with more points this way than with any other play.",
    "weighed_loss": "You lose fewer points this way than with any other play.",
}

TRIED = "Over the {deals} deals tried for the tiles you cannot see, this play ends the deal "
DETAILS = {
    "gains_most": TRIED + "{points} points up on average, more than any other.",
    "loses_least": TRIED + "{points} points down on average, fewer than any other.",
    "weighed_keeps": TRIED + "{edge} points better on average than {other}, the next best.",
    "weighed_discard": TRIED + "{edge} points better on average than {other}, the next best.",
    "weighed_gain": TRIED + "{points} points up on average, {edge} more than {other}, the next best.",
    "weighed_loss": TRIED + "{points} points down on average, {edge} fewer than {other}, the next best.",
}
"""The numbers behind a reason, explained: ``Hint.detail``."""


def tiengow_hint(view: TienGowView, analysis: Analysis) -> Hint[TrickPlay]:
    """The hint for the analysed decision of the seat of ``view``."""
    reason, params = _reason(view, analysis)
    detail = DETAILS[reason].format(**params) if reason in DETAILS else ""
    return Hint(analysis.decision, reason, params, TEXTS[reason].format(**params), detail)


def _weakness(tile: Tile) -> int:
    return WEAKNESS[standard_index(tile)]


def _reason(view: TienGowView, analysis: Analysis) -> tuple[str, HintParams]:
    play = analysis.decision
    tiles = " ".join(str(t) for t in play.tiles)
    if view.early_death:
        return "early_death", {"tiles": tiles}
    if len(view.legal) == 1:
        return "only_play", {"tiles": tiles}
    if analysis.slipped:
        return "random", {}
    kept = list((Counter(view.hand) - Counter(play.tiles)).elements())
    keeper = min(kept, key=_weakness, default=None)
    last = not kept
    if view.trick_size is None:
        group = classify(play.tiles)
        if group is not None and group.kind is GroupKind.SUPREME:
            return "supreme", {"tiles": tiles}
        if len(play.tiles) == 4:
            return "quartet", {"tiles": tiles}
        if last:
            return "last_trick", {"tiles": tiles}
        if len(play.tiles) > 1:
            return "leads_group", {"tiles": tiles, "count": len(play.tiles)}
        if keeper is not None and _weakness(keeper) < _weakness(play.tiles[0]):
            return _keeps(analysis, keeper)
        return "leads_strong", {"name": name(play.tiles[0]), "tile": tiles}
    if not play.face_down:
        if last:
            lead = view.current[0].tiles
            if lead == (LITTLE_THREE,) and play.tiles == (BIG_SIX,):
                return "big_six", {"tiles": tiles}
            return "last_trick", {"tiles": tiles}
        if view.columns[view.seat - 1] == 0:
            return "first_column", {"tiles": tiles}
        return "takes_trick", {"tiles": tiles}
    if keeper is not None and any(not move.face_down for move in view.legal):
        return _keeps(analysis, keeper)
    if play.tiles == view.hand[-len(play.tiles) :] or min(map(_weakness, play.tiles)) >= max(map(_weakness, kept)):
        weighed = _against_runner_up(analysis)
        if weighed is not None:
            return "weighed_discard", {"tiles": tiles, **weighed, "deals": analysis.deals}
        return "discards_weakest", {"tiles": tiles}
    points = analysis.values[analysis.candidates.index(play)] if analysis.candidates else 0.0
    params: HintParams = {"points": f"{abs(points):.1f}", "deals": analysis.deals}
    weighed = _against_runner_up(analysis)
    if weighed is not None:
        return "weighed_gain" if points >= 0 else "weighed_loss", {**params, **weighed}
    return "gains_most" if points >= 0 else "loses_least", params


def _against_runner_up(analysis: Analysis) -> HintParams | None:
    """The next best play and how many points less it gains on average, when it gains less."""
    if not analysis.candidates:
        return None
    runner = analysis.runner_up()
    if runner is None:
        return None
    edge = analysis.values[analysis.candidates.index(analysis.decision)] - analysis.values[runner]
    if round(edge, 1) <= 0:
        return None
    return {"edge": f"{edge:.1f}", "other": " ".join(str(t) for t in analysis.candidates[runner].tiles)}


def _keeps(analysis: Analysis, keeper: Tile) -> tuple[str, HintParams]:
    params: HintParams = {"name": name(keeper), "tile": str(keeper)}
    weighed = _against_runner_up(analysis)
    if weighed is None:
        return "keeps_for_last", params
    return "weighed_keeps", {**params, **weighed, "deals": analysis.deals}
