"""Tien Gow hints: the computer player's play with a reason code, its parameters and a sentence.

The reason is read off the play and the seat's own view: a forced play, Supreme or a
quartet led, the last trick, Big Six capturing Little Three, a first column, a strong
tile kept back for the last trick, or the weakest tiles thrown face down.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.core.advice import Hint
from game.core.tiles import Tile
from game.tiengow.ai.player import Analysis
from game.tiengow.ai.playout import WEAKNESS
from game.tiengow.chinese import name, standard_index
from game.tiengow.groups import GroupKind, classify
from game.tiengow.view import TienGowView

LITTLE_THREE = Tile.of(1, 2)
BIG_SIX = Tile.of(2, 4)

TEXTS = {
    "early_death": "You have won no column, so your last tile must go face down.",
    "only_play": "{tiles} is your only legal play.",
    "random": "A quick guess.",
    "supreme": "Leads Supreme: each other seat pays you at once.",
    "quartet": "Leads a quartet: if it holds, each other seat pays you at once.",
    "last_trick": "Plays {tiles} to win the last trick: its winner settles with everyone.",
    "big_six": "Big Six captures Little Three: the leader pays for everyone.",
    "first_column": "Takes a first column: no early death, and you pay less.",
    "keeps_for_last": "Keeps {name} for the last trick.",
    "leads_group": "Leads {tiles} to take {count} columns.",
    "leads_strong": "Leads {name} to take a column.",
    "takes_trick": "Takes the trick with {tiles}.",
    "discards_weakest": "Throws away your weakest tiles face down.",
    "gains_most": "Gains the most in the trial deals: {points} points on average.",
    "loses_least": "Loses the least in the trial deals: {points} points on average.",
}


def tiengow_hint(view: TienGowView, analysis: Analysis) -> Hint:
    """The hint for the analysed decision of the seat of ``view``."""
    reason, params = _reason(view, analysis)
    return Hint(analysis.decision, reason, params, TEXTS[reason].format(**params))


def _weakness(tile: Tile) -> int:
    return WEAKNESS[standard_index(tile)]


def _reason(view: TienGowView, analysis: Analysis) -> tuple[str, dict[str, Any]]:
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
            return "keeps_for_last", {"name": name(keeper), "tile": str(keeper)}
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
        return "keeps_for_last", {"name": name(keeper), "tile": str(keeper)}
    if play.tiles == view.hand[-len(play.tiles) :] or min(map(_weakness, play.tiles)) >= max(map(_weakness, kept)):
        return "discards_weakest", {"tiles": tiles}
    points = analysis.values[analysis.candidates.index(play)] if analysis.candidates else 0.0
    return "gains_most" if points >= 0 else "loses_least", {"points": f"{abs(points):.1f}"}
