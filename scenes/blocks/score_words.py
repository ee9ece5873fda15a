"""What Chiva and Dékabès say differently because they score differently: Chiva counts
streaks of won rounds, Dékabès points on a base. Each block game's words object says its
blocked rounds, its unchanged scores, its score line and the statistic only it keeps; the
rules' own ``scores_points`` picks it, so no screen compares scoring codes."""

from __future__ import annotations

from typing import Protocol

from game.blocks.explain import RoundStory
from game.blocks.play import team_of
from game.blocks.result import RoundResult
from game.blocks.rules import BlockRules
from scenes.services.translation import Tr, listing
from scenes.ui.naming import Names

SEPARATOR = "   ·   "


class ScoreWords(Protocol):
    """The words of one way of scoring."""

    kept: str  # the statistic only this scoring keeps (a field of the statistics entry)

    def blocked(self, story: RoundStory, names: Names, tr: Tr) -> list[str]:
        """Why a blocked round went the way it did, after the sentence saying it blocked."""

    def unchanged(self, story: RoundStory, tr: Tr) -> str:
        """What a round that changed no score did to it."""

    def score(self, score: tuple[int, int], base: int, names: Names, tr: Tr) -> str:
        """Both teams' scores, the viewer's team first (and what more this scoring shows)."""

    def count_kept(self, entry: dict[str, int], result: RoundResult, mine: str, won: bool) -> None:
        """Add a finished round to the statistic only this scoring keeps."""

    def kept_line(self, entry: dict[str, int], tr: Tr) -> str:
        """The statistics line of that statistic."""


def both_scores(key: str, score: tuple[int, int], names: Names, tr: Tr) -> str:
    """Both teams' scores in sentence ``key``, the viewer's team first."""
    first = team_of(names.viewer) if names.alone else "A"
    order = (first, "B" if first == "A" else "A")
    return SEPARATOR.join(tr(key, team=names.team(team), count=score[0 if team == "A" else 1]) for team in order)


class StreakWords:
    """Chiva: a won round adds one to the winning team's streak and breaks the other's."""

    kept = "longest_streak"

    def blocked(self, story: RoundStory, names: Names, tr: Tr) -> list[str]:
        a, b = story.team_pips
        mine = "A" if not names.alone else team_of(names.viewer)
        ours, theirs = (a, b) if mine == "A" else (b, a)
        other = "B" if mine == "A" else "A"
        pips = tr("why.team_pips", team=names.team(mine), pips=ours, other=names.team(other), other_pips=theirs)
        if story.winner is None:
            return [pips, tr("why.chiva_tie")]
        return [pips, tr("why.chiva_block", team=names.team(story.winner))]

    def unchanged(self, story: RoundStory, tr: Tr) -> str:
        return tr("why.unchanged_streaks")

    def score(self, score: tuple[int, int], base: int, names: Names, tr: Tr) -> str:
        return both_scores("score.streak", score, names, tr)

    def count_kept(self, entry: dict[str, int], result: RoundResult, mine: str, won: bool) -> None:
        ours = result.score_after[0 if mine == "A" else 1]
        entry["longest_streak"] = max(entry["longest_streak"], ours)

    def kept_line(self, entry: dict[str, int], tr: Tr) -> str:
        return tr("stats.streak", count=entry["longest_streak"])


class PointWords:
    """Dékabès: a won round adds its worth in points, on a base that grows on ties."""

    kept = "dekabes"

    def blocked(self, story: RoundStory, names: Names, tr: Tr) -> list[str]:
        holders = listing([names.name(seat) for seat in story.lowest_seats], tr)
        lowest = tr("why.lowest_hand", count=story.lowest, who=holders)
        if story.winner is None:
            return [lowest, tr("why.dekabes_tie")]
        return [lowest, tr("why.dekabes_block", team=names.team_name(story.winner))]

    def unchanged(self, story: RoundStory, tr: Tr) -> str:
        return tr("why.unchanged_base" if story.base_after > story.base_before else "why.unchanged")

    def score(self, score: tuple[int, int], base: int, names: Names, tr: Tr) -> str:
        return both_scores("score.points", score, names, tr) + SEPARATOR + tr("score.base", base=base)

    def count_kept(self, entry: dict[str, int], result: RoundResult, mine: str, won: bool) -> None:
        entry["dekabes"] += int(result.dekabes and won)

    def kept_line(self, entry: dict[str, int], tr: Tr) -> str:
        return tr("stats.dekabes", count=entry["dekabes"])


STREAK_WORDS = StreakWords()
POINT_WORDS = PointWords()


def score_words(rules: BlockRules) -> ScoreWords:
    """The words of how ``rules`` score."""
    return POINT_WORDS if rules.scores_points else STREAK_WORDS
