"""Chiva and Dékabès as the client shows them (``scenes.ui.game_screens.GameScreens``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, cast

import pygame

from game.blocks.match import ended, is_block_match
from game.blocks.moves import BlockDecision
from game.blocks.play import team_of
from game.blocks.round import BlockRoundState
from game.blocks.view import BlockView
from game.core.advice import Hint
from game.core.match import Match
from scenes.blocks import text
from scenes.blocks.lesson import block_events, block_options
from scenes.blocks.score_words import ScoreWords, score_words
from scenes.blocks.summary_page import banner, draw_block_summary, explanation, rule_lines, viewer_won
from scenes.ui.app_services import AppServices
from scenes.ui.game_screens import ReviewPage, SummaryPage, Tr
from scenes.ui.lesson import Lesson
from scenes.ui.naming import Names
from sprites.card_pictures import western_line_picture

if TYPE_CHECKING:
    from scenes.blocks.board import BlockBoard
    from scenes.ui.board import BoardHost


class BlockScreens:
    """One block game, with the words of how it scores (which decide its statistics too)."""

    partners = True
    words: ClassVar[dict[str, str]] = {
        "round_of": "word.round",
        "next_round": "button.next_round",
        "restart": "button.restart",
        "new_match": "button.new_match",
        "review_this": "log.review",
        "review_start": "review.start",
        "confirm_restart": "confirm.restart",
        "restarted": "done.restart",
    }
    asked_as: ClassVar[dict[str, str]] = {}

    def __init__(self, score_words: ScoreWords, lesson: Lesson, rule_sections: tuple[str, ...]) -> None:
        self.score_words = score_words
        self.lesson = lesson
        self.rule_sections = rule_sections

    def card_picture(self, app: AppServices, size: tuple[int, int]) -> pygame.Surface:
        return western_line_picture(size)

    def board(self, host: BoardHost) -> BlockBoard:
        from scenes.blocks.board import BlockBoard  # not at start-up (scenes.shell.routes)

        # The table made for this game hosts its board (``scenes.screens.registry``): its session's
        # views and decisions are this game's (the board checks its first view, ``block_view``).
        return BlockBoard(cast("BoardHost[BlockView, BlockDecision]", host))

    def viewer_won(self, match: Match, viewer: int) -> bool:
        assert is_block_match(match), "a block game's screens are given its matches"
        return viewer_won(match, viewer)

    def draw_summary(self, summary: SummaryPage, surface: pygame.Surface, panel: pygame.Rect) -> None:
        draw_block_summary(summary, surface, panel)

    def banner(self, match: Match, names: Names, tr: Tr) -> tuple[str, str, tuple[int, int, int]] | None:
        assert is_block_match(match), "a block game's screens are given its matches"
        return banner(match, names, tr)

    def why(self, match: Match, names: Names, tr: Tr) -> tuple[str, list[str], list[str]]:
        assert is_block_match(match), "a block game's screens are given its matches"
        return tr("why.title"), explanation(match, names, tr), rule_lines(match, tr)

    def draw_review(self, review: ReviewPage, surface: pygame.Surface, state: object, board: pygame.Rect) -> None:
        assert isinstance(state, BlockRoundState), "a block game's screens draw its own rounds"
        from scenes.blocks.review_position import draw_block_position  # not at start-up (scenes.shell.routes)

        draw_block_position(review, surface, state, board)

    def result_lines(self, match: Match, state: object, names: Names, tr: Tr) -> list[str]:
        """Who won the round, then what it did to the score (the streak, or the points)."""
        assert is_block_match(match), "a block game's screens are given its matches"
        assert isinstance(state, BlockRoundState), "a block game's screens word its own rounds"
        told = text.story_of(state)
        return [text.result_line(told, names, tr), text.score_line(told, score_words(state.rules), names, tr)]

    def decision_text(self, decision: object, names: Names, tr: Tr) -> str:
        assert isinstance(decision, BlockDecision), "a block game's screens word its own decisions"
        return text.decision_text(decision, names, tr)

    def describe(self, names: Names, seat: int, decision: object, tr: Tr) -> str:
        assert isinstance(decision, BlockDecision), "a block game's screens word its own decisions"
        return text.describe(names, seat, decision, tr)

    def hint_text(self, hint: Hint, names: Names, tr: Tr) -> str:
        return text.hint_text(text.own_hint(hint), names, tr)

    def hint_detail(self, hint: Hint, names: Names, tr: Tr) -> str:
        return text.hint_detail(text.own_hint(hint), names, tr)

    def log_lines(self, match: Match, names: Names, tr: Tr) -> list[str]:
        assert is_block_match(match), "a block game's screens are given its matches"
        return text.block_log_lines(match, names, tr)

    def lesson_options(self, view: object, names: Names, tr: Tr) -> list[str]:
        assert isinstance(view, BlockView)
        return block_options(view, names, tr)

    def lesson_events(self, view: object, names: Names, tr: Tr, told: int) -> tuple[list[str], int]:
        assert isinstance(view, BlockView)
        return block_events(view, names, tr, told)

    @property
    def stats_fields(self) -> tuple[str, ...]:
        kept = self.score_words.kept
        return ("rounds_played", "rounds_won", "run", "best_run", "matches_played", "matches_won", kept)

    old_stats: ClassVar[dict[str, str]] = {"played": "matches_played", "won": "matches_won"}
    chart_key = "stats.chart.rounds"

    def count_round(self, entry: dict[str, int], match: Match, viewer: int) -> int:
        """Rounds and matches played and won, the most rounds won in a row, and the longest
        streak (Chiva) or the Dékabès finishes made."""
        assert is_block_match(match), "a block game's screens are given its matches"
        result = ended(match)
        mine = team_of(viewer)
        won, tie = result.winner == mine, result.winner is None
        entry["rounds_played"] += 1
        entry["rounds_won"] += int(won)
        entry["run"] = entry["run"] + 1 if won else entry["run"] if tie else 0
        entry["best_run"] = max(entry["best_run"], entry["run"])
        self.score_words.count_kept(entry, result, mine, won)
        if result.match_winner is not None:
            entry["matches_played"] += 1
            entry["matches_won"] += int(result.match_winner == mine)
        return 1 if won else 0 if tie else -1

    def stats_lines(self, entry: dict[str, int], tr: Tr) -> list[str]:
        lines = []
        if entry["rounds_played"]:
            lines.append(rounds_line(entry["rounds_played"], entry["rounds_won"], tr))
            lines.append(tr("stats.best_run", count=entry["best_run"]))
        lines.append(tr("stats.matches", played=entry["matches_played"], won=entry["matches_won"]))
        lines.append(self.score_words.kept_line(entry, tr))
        return lines


def rounds_line(played: int, won: int, tr: Tr) -> str:
    return tr("stats.rounds", played=played, won=won, percent=round(100 * won / played))
