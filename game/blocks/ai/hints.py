"""Hints: the computer player's decision, a reason code, its parameters and a sentence.

The reason is read off the decision and the seat's own view: the first that applies
of a domino (or a Dékabès), a block, an open number an opponent passed on, numbers
kept, a double or a heavy tile shed; otherwise the trial play-outs speak for it.
"""

from __future__ import annotations

from typing import Any

from game.blocks.ai.bits import BIT, NUMBER
from game.blocks.ai.knowledge import Knowledge
from game.blocks.ai.player import Analysis
from game.blocks.moves import Accept, Choose, End, Pass, Play, ThrowIn
from game.blocks.result import Scoring
from game.blocks.view import BlockView
from game.core.advice import Hint

HEAVY = 9

NUMBER_NAMES = ("blanks", "ones", "twos", "threes", "fours", "fives", "sixes")

TEXTS = {
    "throw_in": "Five or more doubles: throw the deal in for a fresh one.",
    "accept": "Keep this hand and play it.",
    "must_pass": "No tile of yours fits either end: you must pass.",
    "only_play": "{tile} is your only legal play.",
    "choose_self": "Open yourself: your team won {chance}% of the trial deals that way.",
    "choose_partner": "Let your partner open: your team won {chance}% of the trial deals that way.",
    "dekabes_finish": "Your last tile fits both ends: a Dékabès, worth double.",
    "domino": "Plays your last tile: domino.",
    "block": "Blocks the line while your team holds fewer pips.",
    "block_fewest": "Blocks the line while you are likely to hold the fewest pips.",
    "opponent_passed": "Leaves a {number} open; seat {seat} passed on {number}.",
    "keeps_numbers_opponent_passed": "Keeps your {numbers}; seat {seat} passed on {number}.",
    "keeps_numbers": "Keeps your {numbers}: you still hold {count} of them.",
    "sheds_double": "Gets rid of the double {number} while it still fits.",
    "sheds_heavy": "Sheds a heavy tile ({pips} pips) in case the line blocks.",
    "best_chance": "Gives your team the best chance: it won {chance}% of the trial deals.",
    "random": "A quick guess.",
}


def hint_for(view: BlockView, analysis: Analysis) -> Hint:
    """The hint for the decision of ``analysis``, taken for the seat of ``view``."""
    reason, params = _reason(view, analysis)
    return Hint(analysis.decision, reason, params, TEXTS[reason].format(**params))


def _chance(analysis: Analysis) -> int:
    return round(100 * analysis.win_share(analysis.candidates.index(analysis.decision)))


def _reason(view: BlockView, analysis: Analysis) -> tuple[str, dict[str, Any]]:
    decision = analysis.decision
    if isinstance(decision, ThrowIn):
        return "throw_in", {}
    if isinstance(decision, Accept):
        return "accept", {}
    if isinstance(decision, Pass):
        return "must_pass", {}
    if analysis.slipped:
        return "random", {}
    if isinstance(decision, Choose):
        reason = "choose_self" if decision.seat == view.seat else "choose_partner"
        return reason, {"seat": decision.seat, "chance": _chance(analysis)}
    return _play_reason(view, analysis, decision)


def _play_reason(view: BlockView, analysis: Analysis, play: Play) -> tuple[str, dict[str, Any]]:
    tile = play.tile
    if len(view.hand) == 1:
        fits_both = view.ends is not None and tile.has(view.ends[0]) and tile.has(view.ends[1])
        if view.rules.scoring is Scoring.POINTS and fits_both and not tile.is_double:
            return "dekabes_finish", {"tile": str(tile)}
        return "domino", {"tile": str(tile)}
    if len(view.legal) == 1:
        return "only_play", {"tile": str(tile)}
    if view.ends is None:
        new = None
        left, right = tile.low, tile.high
    elif play.end is End.LEFT:
        new = tile.other(view.ends[0])
        left, right = new, view.ends[1]
    else:
        new = tile.other(view.ends[1])
        left, right = view.ends[0], new
    know = Knowledge.of(view)
    rest = know.hand ^ BIT[tile]
    if not (rest | know.hidden) & (NUMBER[left] | NUMBER[right]) and _chance(analysis) > 50:
        return ("block_fewest" if view.rules.scoring is Scoring.POINTS else "block"), {"chance": _chance(analysis)}
    passed = next((s for s in _opponents(view.seat) if new is not None and new in view.passed_on[s - 1]), None)
    held = (rest & NUMBER[new]).bit_count() if new is not None else 0
    if new is not None and held >= 2:
        params = {"numbers": NUMBER_NAMES[new], "number": new, "count": held}
        if passed is not None:
            return "keeps_numbers_opponent_passed", {**params, "seat": passed}
        return "keeps_numbers", params
    if passed is not None:
        return "opponent_passed", {"number": new, "seat": passed}
    if tile.is_double:
        return "sheds_double", {"number": tile.low, "tile": str(tile)}
    if tile.pips >= HEAVY:
        return "sheds_heavy", {"pips": tile.pips, "tile": str(tile)}
    return "best_chance", {"chance": _chance(analysis)}


def _opponents(seat: int) -> tuple[int, int]:
    return seat % 4 + 1, (seat + 2) % 4 + 1
