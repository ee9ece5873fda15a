"""What the client needs of one game besides its engine: its table, its summary and
review drawings, and its words. Each family implements it once (``scenes.blocks.registration``,
``scenes.tiengow.registration``) and ``scenes.screens.registry`` lists them by game name."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

import pygame

from game.core.advice import Hint
from game.core.match import Match
from game.core.tiles import Tile
from scenes.services.translation import Tr
from scenes.ui.app_services import AppServices
from scenes.ui.lesson import Lesson
from scenes.ui.naming import Names
from scenes.ui.table_layout import TableLayout

Face = Callable[[Tile, int, bool], pygame.Surface]

if TYPE_CHECKING:
    from game.core.review import RoundReview
    from scenes.ui.board import Board, BoardHost


class SummaryTable(Protocol):
    """The table under a round's summary, as a game's summary page reads it."""

    @property
    def layout(self) -> TableLayout: ...

    @property
    def names(self) -> Names: ...

    @property
    def viewer(self) -> int: ...


class SummaryPage(Protocol):
    """The round's summary as a game draws on it (``scenes.screens.summary.SummaryScene``, which
    stands above the game packages and may not be imported by them)."""

    @property
    def app(self) -> AppServices: ...

    @property
    def table(self) -> SummaryTable: ...

    @property
    def match(self) -> Match:
        """The table's match, whose round just ended."""

    @property
    def time(self) -> float:
        """Seconds since the summary came up (the score counts up)."""

    @property
    def ribbon(self) -> tuple[str, str, tuple[int, int, int]] | None:
        """The banner over the panel, if the outcome has one."""

    def content_top(self, panel: pygame.Rect) -> int:
        """Where the game's words start in ``panel``."""

    def buttons_top(self) -> int:
        """Where the buttons start: the game's drawing stays above."""


class ReviewPage(Protocol):
    """The review of a round as a game draws one position on it (``scenes.screens.review.ReviewScene``,
    which stands above the game packages and may not be imported by them)."""

    @property
    def app(self) -> AppServices: ...

    @property
    def layout(self) -> TableLayout: ...

    @property
    def review(self) -> RoundReview:
        """The round under review, its positions in order."""

    @property
    def at(self) -> int:
        """The position shown."""

    def seat_position(self, seat: int) -> str:
        """Where ``seat`` sits on screen, the viewer at the bottom."""

    def draw_hand(
        self, surface: pygame.Surface, seat: int, tiles: Sequence[Tile], board: pygame.Rect, face: Face
    ) -> None:
        """One seat's tiles face up beside the board, drawn by ``face(tile, short, vertical)``."""


class GameScreens(Protocol):
    @property
    def partners(self) -> bool:
        """Whether partners sit opposite (the top seat is then called Partner)."""

    @property
    def rule_sections(self) -> tuple[str, ...]:
        """The Rules panel's sections in order (``rules.<section>.body``); Why? cites item n
        of a section as ``rule.<section>.<n>`` (``scenes.ui.rules_text``)."""

    @property
    def lesson(self) -> Lesson:
        """The game's guided first deal."""

    @property
    def words(self) -> dict[str, str]:
        """Catalogue keys of the game's own words (a round or a deal): "round_of", "next_round",
        "restart" and "new_match" (button labels), "review_this" (the Log's review button),
        "review_start" (a review before the first decision), "confirm_restart" (the question
        before a restart) and "restarted" (what the table says after it)."""

    @property
    def asked_as(self) -> dict[str, str]:
        """The hosted table's name of a question or jump kind at this game, where it is not the
        kind itself (Tien Gow restarts a deal: ``online.question.restart_deal``)."""

    def card_picture(self, app: AppServices, size: tuple[int, int]) -> pygame.Surface:
        """A small picture of the game for its card in the menu, fitting ``size``."""

    def board(self, host: BoardHost) -> Board:
        """The game's board on the table ``host`` (``scenes.ui.board``)."""

    def viewer_won(self, match: Match, viewer: int) -> bool:
        """Whether the round just ended went the way of ``viewer``."""

    def draw_summary(self, summary: SummaryPage, surface: pygame.Surface, panel: pygame.Rect) -> None:
        """The game's part of the round's summary, inside ``panel``."""

    def banner(self, match: Match, names: Names, tr: Tr) -> tuple[str, str, tuple[int, int, int]] | None:
        """A banner for an outcome worth celebrating or regretting (title, line, colour), or None."""

    def why(self, match: Match, names: Names, tr: Tr) -> tuple[str, list[str], list[str]]:
        """The one-screen "why" of the round just ended: a heading, the facts, and the rules
        that decided it."""

    def draw_review(self, review: ReviewPage, surface: pygame.Surface, state: object, board: pygame.Rect) -> None:
        """One position of a round under review: every hand face up and the table."""

    def result_lines(self, match: Match, state: object, names: Names, tr: Tr) -> list[str]:
        """A finished round of ``match`` (its last ``state``), as its review's last step says
        it: who won it, then by how much (the score it made, or what each seat was paid)."""

    def decision_text(self, decision: object, names: Names, tr: Tr) -> str:
        """A decision of this game in a few words (the one way decisions become text)."""

    def describe(self, names: Names, seat: int, decision: object, tr: Tr) -> str:
        """A decision as a sentence about the seat that took it."""

    def hint_text(self, hint: Hint, names: Names, tr: Tr) -> str: ...

    def hint_detail(self, hint: Hint, names: Names, tr: Tr) -> str:
        """How the computer weighed ``hint`` and what its numbers mean (the Why? of the hint
        line), or "" when no numbers lie behind its reason."""

    def log_lines(self, match: Match, names: Names, tr: Tr) -> list[str]:
        """The public history of the match as the viewer of ``names`` may see it, for the Log."""

    def lesson_options(self, view: object, names: Names, tr: Tr) -> list[str]:
        """What the person of ``view`` may do now, in a sentence or two, for the guided deal."""

    def lesson_events(self, view: object, names: Names, tr: Tr, told: int) -> tuple[list[str], int]:
        """What happened in this round after the first ``told`` events, each with what it
        teaches, as ``view`` may see it; and how many events are now told."""

    @property
    def stats_fields(self) -> tuple[str, ...]:
        """The counters the game keeps per computer level (``scenes.services.stats``)."""

    @property
    def old_stats(self) -> dict[str, str]:
        """The counters of the first statistics format, by their old names, as named now."""

    @property
    def chart_key(self) -> str:
        """The catalogue key of the caption of the chart of the last rounds."""

    def count_round(self, entry: dict[str, int], match: Match, viewer: int) -> int:
        """Add what the round just ended means for ``viewer`` to the game's counters at one
        level; returns the round's point on the chart (won +1 / lost −1, or points)."""

    def stats_lines(self, entry: dict[str, int], tr: Tr) -> list[str]:
        """The counters of one level as a player reads them."""
