"""Chiva and Dékabès in words: decisions, results and why, hints and the Log's lines,
with every seat and team named the one way (``scenes.ui.naming``)."""

from __future__ import annotations

from game.blocks.explain import RoundStory, ScoreChange, round_story
from game.blocks.match import BlockMatch
from game.blocks.moves import Accept, BlockDecision, Choose, Pass, Play, ThrowIn
from game.blocks.play import Termination
from game.blocks.result import OpeningKind
from game.blocks.round import BlockRoundState
from game.core.advice import Hint
from scenes.blocks.score_words import ScoreWords
from scenes.services.translation import Tr
from scenes.ui.naming import Names
from scenes.ui.panels import escape


def by_ends(key: str, left: int, right: int) -> tuple[str, dict[str, int]]:
    """The key and numbers of a sentence about two open ends: its ``.same`` form, with one
    ``{number}``, when both ends show the same number ("both ends show 2", never "2 or 2")."""
    if left == right:
        return f"{key}.same", {"number": left}
    return key, {"left": left, "right": right}


def decision_text(decision: BlockDecision, names: Names, tr: Tr) -> str:
    """A decision in a few words: "3-6 on the right end", "Pass", "My partner opens"..."""
    if isinstance(decision, Play):
        if decision.end is None:
            return str(decision.tile)
        return tr("decision.play", tile=str(decision.tile), end=tr(f"end.{decision.end.value}"))
    if isinstance(decision, Pass):
        return tr("button.pass")
    if isinstance(decision, Choose):
        if decision.seat == names.viewer:
            return tr("button.choose_self")
        return tr("decision.choose", who=names.name(decision.seat))
    if isinstance(decision, ThrowIn):
        return tr("button.throw_in")
    if isinstance(decision, Accept):
        return tr("button.accept")
    raise TypeError(f"not a Chiva or Dékabès decision: {decision!r}")  # unreachable by the types: for untyped callers


def describe(names: Names, seat: int, decision: BlockDecision, tr: Tr) -> str:
    """A decision as a sentence about the seat that took it."""
    if isinstance(decision, Play):
        if decision.end is None:
            return names.says("log.opened", seat, tile=str(decision.tile))
        return names.says("log.played", seat, tile=str(decision.tile), end=tr(f"end.{decision.end.value}"))
    if isinstance(decision, Pass):
        return names.says("log.passed", seat)
    if isinstance(decision, ThrowIn):
        return names.says("log.thrown_in", seat)
    if isinstance(decision, Accept):
        return names.says("log.kept", seat)
    if isinstance(decision, Choose):
        if decision.seat == seat:
            return names.says("log.chose_self", seat)
        return names.says("log.chose", seat, opener=names.name(decision.seat))
    raise TypeError(f"not a Chiva or Dékabès decision: {decision!r}")  # unreachable by the types: for untyped callers


def hint_text(hint: Hint[BlockDecision], names: Names, tr: Tr) -> str:
    """The sentence of ``hint`` through the catalogue (``hint.<reason>``): short, in the
    player's words, without the numbers (``hint_detail`` gives them)."""
    return tr(f"hint.{hint.reason}", **hint_params(hint, names, tr))


WEIGHED = frozenset({"choose_self", "choose_partner", "best_chance", "weighed", "weighed_partner", "weighed_opponent"})
"""The reasons with numbers behind them: the deals the computer tried and how many were won."""


def hint_detail(hint: Hint[BlockDecision], names: Names, tr: Tr) -> str:
    """How the computer weighed ``hint``'s choice and what its numbers mean (``hint.why.how``,
    then ``hint.why.<reason>``), or "" for a reason with no numbers behind it."""
    if hint.reason not in WEIGHED:
        return ""
    params = {**hint_params(hint, names, tr), "choice": decision_text(hint.decision, names, tr)}
    return tr("hint.why.how", **params) + "\n\n" + tr(f"hint.why.{hint.reason}", **params)


def hint_params(hint: Hint[BlockDecision], names: Names, tr: Tr) -> dict[str, object]:
    params: dict[str, object] = dict(hint.params)
    if "number" in params and "numbers" in params:
        params["numbers"] = tr(f"numbers.{params['number']}")
    seat = params.get("seat")
    if isinstance(seat, int):
        params["who"] = names.name(seat)
    return params


def result_line(story: RoundStory, names: Names, tr: Tr) -> str:
    """One sentence: who won the round and how."""
    if story.winner is None:
        return tr("result.tie")
    team = names.team(story.winner)
    if story.termination is Termination.DOMINO and story.domino_seat is not None:
        if names.is_you(story.domino_seat):  # "you played out", never "vous a posé"
            return tr("result.dekabes.you" if story.dekabes else "result.domino.you", team=team)
        key = "result.dekabes" if story.dekabes else "result.domino"
        return tr(key, team=team, who=names.name(story.domino_seat))
    return tr("result.block", team=team)


def reasons(story: RoundStory, words: ScoreWords, names: Names, tr: Tr) -> list[str]:
    """Why the round went this way, by the rule that decided it, one sentence each."""
    lines = []
    if story.termination is Termination.BLOCK:
        key, numbers = by_ends("why.blocked", *story.ends)
        lines.append(tr(key, **numbers))
        lines += words.blocked(story, names, tr)
    elif story.dekabes:
        lines.append(tr("why.dekabes_bonus"))
    return lines


def score_line(story: RoundStory, words: ScoreWords, names: Names, tr: Tr) -> str:
    """What the round did to the score, and why (said once: the tie's reason does not repeat it)."""
    if story.change is ScoreChange.STREAK_BROKEN:
        loser = "B" if story.winner == "A" else "A"
        had = story.score_before[0 if loser == "A" else 1]
        return tr("why.streak_broken", team=names.team_name(loser), count=had)
    if story.change is ScoreChange.STREAK_ADDED:
        assert story.winner is not None
        count = story.score_after[0 if story.winner == "A" else 1]
        return tr("why.streak_added", team=names.team(story.winner), count=count)
    if story.change in (ScoreChange.POINTS_ADDED, ScoreChange.POINTS_RESET):
        assert story.winner is not None
        line = tr("why.points", team=names.team(story.winner), count=story.points, base=story.base_before)
        if story.change is ScoreChange.POINTS_RESET:
            loser = "B" if story.winner == "A" else "A"
            line += " " + tr("why.points_reset", team=names.team(loser))
        return line
    return words.unchanged(story, tr)


def next_line(story: RoundStory, names: Names, tr: Tr) -> str:
    """Who opens the next round, and how."""
    if story.match_winner is not None:
        return ""
    if story.next_kind is OpeningKind.DOUBLE_SIX:
        return tr("next.double_six")
    if story.next_seat is None:
        return ""
    if story.next_kind is OpeningKind.CHOOSE:
        return names.says("next.chooses", story.next_seat)
    return names.says("next.opens", story.next_seat)


def story_of(state: BlockRoundState) -> RoundStory:
    """The story of a finished round state."""
    assert state.result is not None and state.play is not None, "only a finished round has a story"
    ends = state.play.line.ends or (0, 0)
    return round_story(state.rules, state.start, state.result, ends)


def block_log_lines(match: BlockMatch, names: Names, tr: Tr) -> list[str]:
    """Every round so far, newest last: deals thrown in, opener, each turn and the result."""
    lines: list[str] = []
    state: BlockRoundState
    for state in match.round_states():
        lines.append(f"<b>{escape(tr('log.round', round=state.start.number))}</b>")
        for deal in state.deals:
            if deal.redeal_by is not None:
                lines.append(escape(names.says("log.thrown_in", deal.redeal_by)))
        if state.chooser is not None and state.opener is not None:
            lines.append(escape(describe(names, state.chooser, Choose(state.opener), tr)))
        if state.play is not None:
            for turn in state.play.turns:
                if isinstance(turn.move, Pass) and turn.ends is not None:
                    key, numbers = by_ends("log.passed_on", *turn.ends)
                    lines.append(escape(names.says(key, turn.seat, **numbers)))
                else:
                    lines.append(escape(describe(names, turn.seat, turn.move, tr)))
        if state.result is not None:
            lines.append(f"<i>{escape(result_line(story_of(state), names, tr))}</i>")
    return lines


def own_hint(hint: Hint) -> Hint[BlockDecision]:
    """``hint`` (as the table holds any game's) as this game's own: its decision checked."""
    decision = hint.decision
    assert isinstance(decision, BlockDecision), "a hint is of the game it was asked of"
    return Hint(decision, hint.reason, hint.params, hint.text, hint.detail)
