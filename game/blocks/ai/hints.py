"""Hints: the computer player's decision, a reason code, its parameters and a sentence.

The reason is read off the decision and the seat's own view: the first that applies
of a domino (or a Dékabès) or a block; then what the weighing found, when the play won
more of the deals tried for the hidden tiles than the next best did on the same deals
(with the tile the deals most often gave a seat beyond what chance would, when the
seats' plays and passes made one likely); then an open number an opponent passed on,
numbers kept, a double or a heavy tile shed; otherwise the weighing speaks for it.
"""

from __future__ import annotations

from game.blocks.ai.bits import BIT, NUMBER, TILES
from game.blocks.ai.knowledge import Knowledge
from game.blocks.ai.player import Analysis
from game.blocks.moves import Accept, BlockDecision, Choose, End, Pass, Play, ThrowIn
from game.blocks.view import BlockView
from game.core.advice import Hint, HintParams

HEAVY = 9

NUMBER_NAMES = ("blanks", "ones", "twos", "threes", "fours", "fives", "sixes")

TEXTS = {
    "throw_in": "You hold five or more doubles: ask for a fresh deal.",
    "accept": "Nothing in this hand calls for a fresh deal.",
    "must_pass": "No tile of yours fits either end.",
    "only_play": "It is the only tile you can play.",
    "choose_self": "Your team does best with you opening.",
    "choose_partner": "Your team does best with your partner opening.",
    "dekabes_finish": "Your last tile fits both ends: a Dékabès, worth double.",
    "domino": "It is your last tile: domino.",
    "block": "You block the line while your team holds fewer pips.",
    "block_fewest": "You block the line while you likely hold the fewest pips.",
    "opponent_passed": "You leave a {number} open, and seat {seat} passed on {number}.",
    "keeps_numbers_opponent_passed": "You keep your {numbers}, and seat {seat} passed on {number}.",
    "keeps_numbers": "You keep your {numbers}: you still hold {count} of them.",
    "sheds_double": "You get rid of the double {number} while it still fits.",
    "sheds_heavy": "You shed a heavy tile ({pips} pips) in case the line blocks.",
    "best_chance": "It gives your team the best chance to win.",
    "weighed": "Your team wins with it more often than with any other play.",
    "weighed_partner": "It wins most often: your partner most likely holds the {tile}.",
    "weighed_opponent": "It wins most often: seat {seat} most likely holds the {tile}.",
    "random": "A quick guess.",
}

TRIED = "Your team won {won} of the {deals} deals tried for the hidden tiles "
DETAILS = {
    "choose_self": TRIED + "with you opening.",
    "choose_partner": TRIED + "with your partner opening.",
    "best_chance": TRIED + "with this play, more than with any other.",
    "weighed": TRIED + "with this play; with {other}, the next best, {other_won}.",
    "weighed_partner": TRIED + "with this play; with {other}, the next best, {other_won}. "
    "Your partner held the {tile} in most of them.",
    "weighed_opponent": TRIED + "with this play; with {other}, the next best, {other_won}. "
    "Seat {seat} held the {tile} in most of them.",
}
"""The numbers behind a reason, explained: ``Hint.detail``."""


def hint_for(view: BlockView, analysis: Analysis) -> Hint[BlockDecision]:
    """The hint for the decision of ``analysis``, taken for the seat of ``view``."""
    reason, params = _reason(view, analysis)
    detail = DETAILS[reason].format(**params) if reason in DETAILS else ""
    return Hint(analysis.decision, reason, params, TEXTS[reason].format(**params), detail)


def _chance(analysis: Analysis) -> int:
    return round(100 * analysis.win_share(analysis.candidates.index(analysis.decision)))


def _counted(analysis: Analysis) -> HintParams:
    """The chosen decision's wins over the deals it was tried on."""
    chosen = analysis.candidates.index(analysis.decision)
    return {"chance": _chance(analysis), "won": analysis.wins(chosen), "deals": len(analysis.outcomes[chosen])}


LIKELY = 0.6  # a tile is "most likely" a seat's when this share of the deals gives it to that seat
LIFT = 0.25  # and that share beats the seat's share of the hidden tiles by this much


def _likely_holding(know: Knowledge, deals: tuple[tuple[int, ...], ...]) -> tuple[int, int] | None:
    """The (0-based seat, tile bit) the trial deals most clearly give another seat beyond
    chance (its share of the hidden tiles), or None when none stands out."""
    if not deals or not know.hidden:
        return None
    found, lift = None, LIFT
    for seat in range(4):
        if seat == know.me or not know.counts[seat]:
            continue
        prior = know.counts[seat] / know.hidden.bit_count()
        hidden = know.hidden
        while hidden:
            bit = hidden & -hidden
            hidden ^= bit
            share = sum(1 for hands in deals if hands[seat] & bit) / len(deals)
            if share >= LIKELY and share - prior > lift:
                found, lift = (seat, bit), share - prior
    return found


def _weighed(know: Knowledge, analysis: Analysis) -> tuple[str, HintParams] | None:
    """What the weighing found, when the decision won more deals than the next best did on the same deals."""
    chosen = analysis.candidates.index(analysis.decision)
    others = [i for i in range(len(analysis.candidates)) if i != chosen and analysis.outcomes[i]]
    if not others or not analysis.outcomes[chosen]:
        return None
    runner = max(others, key=lambda i: (analysis.value(i), -i))
    shared = min(len(analysis.outcomes[chosen]), len(analysis.outcomes[runner]))
    won, other_won = analysis.wins(chosen, shared), analysis.wins(runner, shared)
    if won <= other_won:
        return None
    other = analysis.candidates[runner]
    params: HintParams = {"won": won, "deals": shared, "other_won": other_won}
    params["other"] = str(other.tile) if isinstance(other, Play) else str(other)
    likely = _likely_holding(know, analysis.deals)
    if likely is None:
        return "weighed", params
    seat, bit = likely
    params["tile"] = str(TILES[bit.bit_length() - 1])
    if seat == (know.me + 2) & 3:
        return "weighed_partner", params
    return "weighed_opponent", {**params, "seat": seat + 1}


def _reason(view: BlockView, analysis: Analysis) -> tuple[str, HintParams]:
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
        return reason, {"seat": decision.seat, **_counted(analysis)}
    return _play_reason(view, analysis, decision)


def _play_reason(view: BlockView, analysis: Analysis, play: Play) -> tuple[str, HintParams]:
    tile = play.tile
    if len(view.hand) == 1:
        fits_both = view.ends is not None and tile.has(view.ends[0]) and tile.has(view.ends[1])
        if view.rules.both_ends_bonus and fits_both and not tile.is_double:
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
        return ("block_fewest" if view.rules.block_to_lightest_hand else "block"), {"chance": _chance(analysis)}
    weighed = _weighed(know, analysis)
    if weighed is not None:
        return weighed
    passed = next((s for s in _opponents(view.seat) if new is not None and new in view.passed_on[s - 1]), None)
    held = (rest & NUMBER[new]).bit_count() if new is not None else 0
    if new is not None and held >= 2:
        params: HintParams = {"numbers": NUMBER_NAMES[new], "number": new, "count": held}
        if passed is not None:
            return "keeps_numbers_opponent_passed", {**params, "seat": passed}
        return "keeps_numbers", params
    if passed is not None and new is not None:  # an opponent passed on ``new`` only if there is one
        return "opponent_passed", {"number": new, "seat": passed}
    if tile.is_double:
        return "sheds_double", {"number": tile.low, "tile": str(tile)}
    if tile.pips >= HEAVY:
        return "sheds_heavy", {"pips": tile.pips, "tile": str(tile)}
    return "best_chance", _counted(analysis)


def _opponents(seat: int) -> tuple[int, int]:
    return seat % 4 + 1, (seat + 2) % 4 + 1
