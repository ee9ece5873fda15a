"""What a table scene holds of its game: a board with a narrow protocol, and what the board
may ask of the table round it.

The table scene (``scenes.screens.table``) keeps the chrome: buttons, panels, dialogs, the
hand-over screen, the message line, the hints and the pacing of computer seats. A game's
board (``scenes.blocks.board``, ``scenes.tiengow.board``) draws the centre, the hand and the
seats, and turns the person's intents into decisions, which the table commits.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, TypeAlias

import pygame
from typing_extensions import TypeVar  # type parameters with defaults (in ``typing`` from 3.13)

from game.core.advice import Hint
from game.core.match import Match
from game.core.session import DeviceSession, PublicEvent
from game.core.spec import SeatView
from scenes.ui.app_services import AppServices
from scenes.ui.input import Command, Intent
from scenes.ui.naming import Names
from scenes.ui.seating import SeatPlates
from scenes.ui.still_layer import StillLayer, rim_width
from scenes.ui.table_layout import TableLayout
from scenes.ui.widgets import row_rects

if TYPE_CHECKING:
    from scenes.services.thinker import TableThinking

TOP_BUTTONS = (Command.RULES, Command.LOG, Command.MENU)


@dataclass(frozen=True, slots=True)
class Leave:
    """What a board answers to Esc with nothing of its own to cancel: the table asks to leave."""


LEAVE = Leave()

_View = TypeVar("_View", bound=SeatView, default=SeatView)
_Decision = TypeVar("_Decision", default=object)
_Decision_co = TypeVar("_Decision_co", covariant=True, default=object)
# A board and its host are over one game's view and decision types; the table, which holds
# any game's board, sees them as ``SeatView`` and ``object`` (the defaults) and only passes
# them on (``scenes.screens.registry`` gives each game's board the table made for it).

Answer: TypeAlias = "_Decision | Leave | None"
"""What a board makes of an intent or a button: a decision of its game to commit, ``LEAVE``,
or None for nothing (a game's decisions are its own type: the table only commits them)."""


@dataclass(frozen=True, slots=True)
class DecisionButton:
    """A button of the decision the person must take now: its name, text and place."""

    name: str
    text: str
    rect: pygame.Rect
    primary: bool = False


@dataclass(frozen=True, slots=True)
class LastMove:
    """A seat's last move of the round as the board shows it: a sentence about it, where it
    lies on the screen (its tiles on the line, or the seat's plate for a pass), and how many
    moves were played after it."""

    sentence: str
    places: tuple[pygame.Rect, ...]
    after: int


@dataclass(frozen=True)
class Dressing:
    """What a game sets of the table round its board: the layout for a size, its own buttons
    in the top bar (pressed through ``Board.press``), the words of the bottom buttons, and what
    the Rules panel shows after the rules (HTML, given the app and the layout's unit)."""

    layout: Callable[[tuple[int, int]], TableLayout] = TableLayout.for_size
    own_buttons: tuple[str, ...] = ()
    button_words: Callable[[str], str] = lambda name: f"button.{name}"
    rules_after: Callable[[AppServices, float], str] = lambda app, unit: ""

    @property
    def top_buttons(self) -> tuple[str, ...]:
        return (*self.own_buttons, *TOP_BUTTONS)


class BoardHost(Protocol[_View, _Decision]):
    """What a board may ask of the table round it (``scenes.screens.table.TableScene``), over
    the board's game's view and decision types."""

    app: AppServices
    layout: TableLayout
    session: DeviceSession[_View, _Decision]
    hint_reason: str  # why the hint shown suggests what it does, for this decision only
    hover: tuple[int, int] | None
    humans: list[int]
    pulse: float
    plates: SeatPlates  # the plates of the still picture, their rings and dots drawn every frame
    still_layer: StillLayer
    thinking: TableThinking
    top_edge: int | None  # where the top bar's buttons begin (what the bar says keeps left of them), once built

    @property
    def viewer(self) -> int: ...

    @property
    def match(self) -> Match | None:
        """The match as this device holds it whole (only for the words of a round's end, which
        read its start); None at a shared table before its first round ends."""

    @property
    def is_viewer_turn(self) -> bool: ...

    @property
    def names(self) -> Names: ...

    def say(self, text: str) -> None:
        """Show ``text`` on the message line for a while."""

    def update_decisions(self) -> None:
        """Build the decision buttons again (the board's choice changed)."""


class Board(Protocol[_Decision_co]):
    """A game's part of the table: its centre, your hand and the other seats, answering with
    its game's decisions."""

    @property
    def dressing(self) -> Dressing: ...

    def preparing(self, view: SeatView, scratch: pygame.Surface) -> Iterator[None]:
        """The board's pictures painted ahead, ``view`` taken (``refresh``), and each of its
        parts drawn once on ``scratch``, unseen, a piece at a time."""

    def refresh(self, view: SeatView) -> None:
        """Recompute what the board derives from the seat's view."""

    def handle(self, intent: Intent) -> Answer[_Decision_co]:
        """A tap, drag or key of the person."""

    def press(self, name: str) -> Answer[_Decision_co]:
        """A decision button, or one of the board's own buttons, was pressed."""

    def committed(self) -> None:
        """The person's decision was taken: forget its selection."""

    def animate(self, event: PublicEvent) -> None:
        """Start the animation (and sound) of a decision just taken, or forget what is in
        flight when the match jumps."""

    @property
    def animating(self) -> bool:
        """Whether something moves that the computer seats wait for."""

    def update(self, dt: float) -> None: ...

    def still_key(self) -> tuple[object, ...]:
        """What moves the still parts besides the table's state (a tile taking off)."""

    def draw_still(self, surface: pygame.Surface) -> None:
        """The parts that change only with the table's state: seats, your plate, the top bar."""

    def draw_moving(self, surface: pygame.Surface, caption: list[str]) -> None:
        """What is drawn every frame over the still picture, and ``caption`` (the round's
        result, when there is one to show) over the final board."""

    def decisions(self) -> list[DecisionButton]:
        """The decision buttons to show now, placed."""

    def status_text(self) -> str: ...

    def round_end_caption(self) -> list[str]:
        """The lines shown over the final board: who won and why."""

    def show_hint(self, hint: Hint) -> str:
        """Show the suggested decision as a preview; returns what to say after "Hint:": the
        decision first, then its reason in a few words (``hint.line``)."""

    def in_sight(self) -> tuple[tuple[pygame.Rect, ...], ...]:
        """Where what a question over the board should leave in sight lies, most important
        first: the line or the trick, your hand, the plates."""

    def last_move(self, seat: int) -> LastMove | None:
        """``seat``'s last move of the round on the board (what its undo takes back), or None."""


BoardFactory = Callable[[BoardHost], Board]


def status_area(lay: TableLayout) -> pygame.Rect:
    """The status line's own strip, across the foot of the board inside its rim: what the
    table says (a message, a hint, whose turn it is) and its Why? button lie there, and
    nothing else does (the line and the trick keep above it)."""
    inner = lay.board.inflate(-2 * rim_width(lay), -2 * rim_width(lay))
    height = lay.button_h + lay.px(8)
    margin = lay.px(6)
    return pygame.Rect(inner.x + margin, inner.bottom - height - margin, inner.width - 2 * margin, height)


def why_rect(lay: TableLayout, width: int) -> pygame.Rect:
    """Where the hint's Why? button, ``width`` wide, lies: at the right end of the status strip."""
    area = status_area(lay)
    return pygame.Rect(area.right - width, area.centery - lay.button_h // 2, width, lay.button_h)


def decision_area(lay: TableLayout) -> pygame.Rect:
    """Where a row of decision buttons lies over the board: across it, above the status line
    (what a card over the board, the lesson's coach, leaves clear)."""
    top = status_area(lay).y - lay.px(6) - lay.button_h
    return pygame.Rect(lay.board.x, top, lay.board.width, lay.button_h)


def decision_row(
    lay: TableLayout, items: list[tuple[str, str]], slots: int, primary: tuple[str, ...]
) -> list[DecisionButton]:
    """``items`` (name, text) as a row of decision buttons above the status line, keeping room
    for ``slots`` buttons (so none moves when another appears); ``primary`` drawn as the one
    to press."""
    rects = row_rects(decision_area(lay), max(len(items), slots), lay.button_h, lay.px(260), lay.px(14))
    return [DecisionButton(name, text, rect, name in primary) for (name, text), rect in zip(items, rects)]
