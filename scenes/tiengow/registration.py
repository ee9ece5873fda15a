"""Tien Gow as the client shows it (``scenes.ui.game_screens.GameScreens``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, cast

import pygame

from game.core.advice import Hint
from game.core.match import Match
from game.tiengow.deal import TrickPlay
from game.tiengow.match import ended, is_tiengow_match
from game.tiengow.round import TienGowRoundState
from game.tiengow.view import TienGowView
from scenes.services.translation import decimal_text
from scenes.tiengow import text
from scenes.tiengow.lesson import tiengow_events, tiengow_options
from scenes.tiengow.summary_page import banner, draw_tiengow_summary, viewer_won, why
from scenes.ui.app_services import AppServices
from scenes.ui.game_screens import ReviewPage, SummaryPage, Tr
from scenes.ui.lesson import Lesson
from scenes.ui.naming import Names
from sprites.card_pictures import chinese_fan_picture

if TYPE_CHECKING:
    import pathlib

    from scenes.tiengow.board import TienGowBoard
    from scenes.ui.board import BoardHost

LESSON_SEED = 14  # its deal shows Supreme led by the banker (paid at once, double from the banker),
# face-down follows, Heaven taking your first column, a Man–Sevens group beaten by Heaven–Nines in
# the last trick, and the settlement: 3 for 1 column, 2 (double: the banker) for 2, 1 for 3
LESSON_PAGES = (
    ("learn.tiengow.1", ""),
    ("learn.tg.page.ranks", "chart"),
    ("learn.tiengow.2", "groups"),
    ("learn.tiengow.3", "columns"),
    ("learn.tg.page.early_death", ""),
    ("learn.tiengow.4", ""),
    ("learn.tg.page.settlement", "settlement"),
    ("learn.tg.page.banker", ""),
)


def lesson_picture(app: AppServices, name: str, width: int) -> tuple[pathlib.Path, str]:
    """A lesson page's picture (``scenes.tiengow.lesson_pictures``), drawn when first shown,
    and its caption."""
    from scenes.tiengow.lesson_pictures import CAPTIONS
    from scenes.tiengow.lesson_pictures import lesson_picture as draw  # not at start-up

    return draw(app, name, width), app.tr(CAPTIONS[name]) if name in CAPTIONS else ""


def tiengow_lesson() -> Lesson:
    """The guided first deal of Tien Gow: its pages, their pictures and its fixed deal."""
    return Lesson(
        LESSON_SEED,
        tuple(page for page, _ in LESSON_PAGES),
        "learn.how.tiengow",
        tuple(picture for _, picture in LESSON_PAGES),
        lesson_picture,
    )


class TienGowScreens:
    partners = False
    rule_sections = ("tiengow",)
    words: ClassVar[dict[str, str]] = {
        "round_of": "word.deal",
        "next_round": "button.next_deal",
        "restart": "button.restart_deal",
        "new_match": "button.new_match",
        "review_this": "log.review_deal",
        "review_start": "review.start_deal",
        "confirm_restart": "confirm.restart_deal",
        "restarted": "done.restart_deal",
    }
    asked_as: ClassVar[dict[str, str]] = {"restart": "restart_deal", "next_round": "next_deal"}

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson

    def card_picture(self, app: AppServices, size: tuple[int, int]) -> pygame.Surface:
        return chinese_fan_picture(size)

    def board(self, host: BoardHost) -> TienGowBoard:
        from scenes.tiengow.board import TienGowBoard  # not at start-up (scenes.shell.routes)

        # The table made for this game hosts its board (``scenes.screens.registry``): its session's
        # views and decisions are this game's (the board checks its first view, ``tiengow_view``).
        return TienGowBoard(cast("BoardHost[TienGowView, TrickPlay]", host), self.words)

    def viewer_won(self, match: Match, viewer: int) -> bool:
        assert is_tiengow_match(match), "Tien Gow's screens are given its matches"
        return viewer_won(match, viewer)

    def draw_summary(self, summary: SummaryPage, surface: pygame.Surface, panel: pygame.Rect) -> None:
        draw_tiengow_summary(summary, surface, panel)

    def banner(self, match: Match, names: Names, tr: Tr) -> tuple[str, str, tuple[int, int, int]] | None:
        assert is_tiengow_match(match), "Tien Gow's screens are given its matches"
        return banner(match, names, tr)

    def why(self, match: Match, names: Names, tr: Tr) -> tuple[str, list[str], list[str]]:
        assert is_tiengow_match(match), "Tien Gow's screens are given its matches"
        return why(match, names, tr)

    def draw_review(self, review: ReviewPage, surface: pygame.Surface, state: object, board: pygame.Rect) -> None:
        assert isinstance(state, TienGowRoundState), "Tien Gow's screens draw its own deals"
        from scenes.tiengow.review_position import draw_tiengow_position  # not at start-up (scenes.shell.routes)

        draw_tiengow_position(review, surface, state, board)

    def result_lines(self, match: Match, state: object, names: Names, tr: Tr) -> list[str]:
        """Who won the deal (the last trick), then what each seat was paid in it."""
        assert is_tiengow_match(match), "Tien Gow's screens are given its matches"
        assert isinstance(state, TienGowRoundState), "Tien Gow's screens word its own deals"
        result = state.result
        assert result is not None, "a review's last step is of a finished deal"
        paid = " · ".join(f"{names.label(seat)} {amount:+d}" for seat, amount in enumerate(result.total, start=1))
        return [names.says("tg.summary.title", result.last_winner), tr("review.payments", totals=paid)]

    def decision_text(self, decision: object, names: Names, tr: Tr) -> str:
        assert isinstance(decision, TrickPlay), "Tien Gow's screens word its own decisions"
        return text.decision_text(decision, names, tr)

    def describe(self, names: Names, seat: int, decision: object, tr: Tr) -> str:
        assert isinstance(decision, TrickPlay), "Tien Gow's screens word its own decisions"
        return text.describe(names, seat, decision, tr)

    def hint_text(self, hint: Hint, names: Names, tr: Tr) -> str:
        return text.hint_text(text.own_hint(hint), names, tr)

    def hint_detail(self, hint: Hint, names: Names, tr: Tr) -> str:
        return text.hint_detail(text.own_hint(hint), names, tr)

    def log_lines(self, match: Match, names: Names, tr: Tr) -> list[str]:
        assert is_tiengow_match(match), "Tien Gow's screens are given its matches"
        return text.tiengow_log_lines(match, names, tr)

    def lesson_options(self, view: object, names: Names, tr: Tr) -> list[str]:
        assert isinstance(view, TienGowView)
        return tiengow_options(view, names, tr)

    def lesson_events(self, view: object, names: Names, tr: Tr, told: int) -> tuple[list[str], int]:
        assert isinstance(view, TienGowView)
        return tiengow_events(view, names, tr, told)

    stats_fields = ("deals_played", "deals_won", "run", "best_run", "points_won", "points_lost", "best_deal")
    old_stats: ClassVar[dict[str, str]] = {"played": "deals_played", "won": "deals_won"}
    chart_key = "stats.chart.points"

    def count_round(self, entry: dict[str, int], match: Match, viewer: int) -> int:
        """Deals played and won (the last trick taken), the most won in a row, and the
        points the person won and lost; the chart shows each deal's points."""
        assert is_tiengow_match(match), "Tien Gow's screens are given its matches"
        result = ended(match)
        won = result.last_winner == viewer
        points = result.total[viewer - 1]
        entry["deals_played"] += 1
        entry["deals_won"] += int(won)
        entry["run"] = entry["run"] + 1 if won else 0
        entry["best_run"] = max(entry["best_run"], entry["run"])
        entry["points_won" if points > 0 else "points_lost"] += abs(points)
        entry["best_deal"] = max(entry["best_deal"], points)
        return int(points)

    def stats_lines(self, entry: dict[str, int], tr: Tr) -> list[str]:
        played = entry["deals_played"]
        lines = [tr("stats.deals", played=played, won=entry["deals_won"])]
        if played and (entry["points_won"] or entry["points_lost"] or entry["best_run"]):
            net = entry["points_won"] - entry["points_lost"]
            lines.append(tr("stats.best_run", count=entry["best_run"]))
            lines.append(
                tr(
                    "stats.points",
                    net=f"{net:+d}",
                    average=decimal_text(f"{net / played:+.1f}", tr),
                    best=entry["best_deal"],
                )
            )
        return lines
