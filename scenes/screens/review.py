"""Review a finished round: every hand face up, step by step, with the computer's verdict
on each decision a person took. The game's own drawing of a position comes from
``scenes.screens.registry``."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import NamedTuple

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIElement

from game.core.advice import Evaluation
from game.core.errors import IllegalMove
from game.core.match import Match
from game.core.review import RoundReview
from game.core.tiles import Tile
from scenes.screens.registry import screens_for
from scenes.services.thinker import Ticket
from scenes.services.translation import continuing, decimal_text
from scenes.ui.app_services import AppServices
from scenes.ui.drawing import READABLE_TEXT, SMALLEST_TEXT, fit_text, wrap_text
from scenes.ui.event_fields import element_of
from scenes.ui.game_screens import Face
from scenes.ui.input import Action, Command, Drag, EventTranslator, command_of
from scenes.ui.naming import Names
from scenes.ui.scene import Scene
from scenes.ui.seating import SEAT_POSITIONS
from scenes.ui.table_layout import TableLayout
from scenes.ui.theme import COLOURS, Colour
from scenes.ui.widgets import button, clear_widgets, name_of

SWIPE = 60  # px a horizontal drag must travel to step


class StepLine(NamedTuple):
    """A line under the review's board: its words, design size, weight, colour, and whether it
    goes on two lines rather than smaller when it is long."""

    text: str
    size: int
    bold: bool
    colour: Colour
    wraps: bool = False


class ReviewButton(StrEnum):
    """The review's buttons, in the order they stand (each labelled ``review.<name>``)."""

    FIRST = "first"
    BACK = "back"
    FORWARD = "forward"
    LAST = "last"
    NEXT_MARK = "next_mark"
    CLOSE = "close"


KEY_BUTTONS = {
    Command.FIRST: ReviewButton.FIRST,
    Command.LAST: ReviewButton.LAST,
    Command.NEXT: ReviewButton.FORWARD,
    Command.PREV: ReviewButton.BACK,
    Command.BACK: ReviewButton.CLOSE,
    Command.CONFIRM: ReviewButton.NEXT_MARK,
}
"""The buttons the keys press."""


class ReviewScene(Scene):
    """Forward, back, first, last by buttons, arrow keys and swipes; a timeline to jump."""

    def __init__(self, app: AppServices, match: Match, round_index: int, back: Scene) -> None:
        super().__init__(app)
        self.match = match
        self.screens = screens_for(match.name)
        self.review = RoundReview(match, round_index, app.settings.level)
        self.back = back
        self.at = 0
        self.message = ""
        self.translator = EventTranslator()
        self.widgets: dict[str, UIElement] = {}
        self.viewer = next((s for s in range(1, 5) if match.is_human(s)), 1)
        self.asked: dict[int, Ticket] = {}  # verdicts the computer is working out, by position
        self.title_area = self.seed_area = pygame.Rect(0, 0, 0, 0)  # the top bar's words, beside the drop-down
        self.seeking: int | None = None  # where the search for the next marked decision waits

    # --- life -----------------------------------------------------------------------

    def close(self) -> None:
        if isinstance(self.back, Scene):
            self.back.close()

    def enter(self) -> None:
        self.app.thinker.start()
        lay = self.layout = TableLayout.for_size(self.app.size)
        tr, ui = self.app.tr, self.app.ui
        bar = lay.button_bar
        names = [(name, tr(f"review.{name}")) for name in ReviewButton]
        width = min(lay.px(170), (bar.width - lay.px(10) * (len(names) + 1)) // len(names))
        x = bar.centerx - (len(names) * width + (len(names) - 1) * lay.px(10)) // 2
        for name, text in names:
            self.widgets[name] = button(
                ui,
                pygame.Rect(x, bar.centery - lay.button_h // 2, width, lay.button_h),
                text,
                name,
                primary=name is ReviewButton.CLOSE,
            )
            x += width + lay.px(10)
        rounds = len(self.match.finished) + (1 if self.match.round.is_over else 0)
        margin, gap = lay.px(16), lay.px(12)
        w = lay.size[0]
        if rounds > 1:
            options: list[str | tuple[str, str]] = [
                (tr(self.screens.words["round_of"], number=n + 1), str(n)) for n in range(rounds)
            ]
            chooser = pygame.Rect(0, lay.top_bar.centery - lay.button_h // 2, lay.px(220), lay.button_h)
            chooser.centerx = w // 2
            self.widgets["round"] = pygame_gui.elements.UIDropDownMenu(
                options, options[self.review.index], chooser, ui, object_id=ObjectID(object_id="#round")
            )
            left, right = chooser.x - gap, chooser.right + gap
        else:
            left = right = w // 2
        # the title at the left of the round's drop-down, the seed at its right: never under it
        self.title_area = pygame.Rect(margin, lay.top_bar.y, left - margin, lay.top_bar.height)
        self.seed_area = pygame.Rect(right, lay.top_bar.y, w - margin - right, lay.top_bar.height)
        self.widgets["timeline"] = pygame_gui.elements.UIHorizontalSlider(
            pygame.Rect(lay.px(20), bar.y - lay.px(44), lay.size[0] - lay.px(40), lay.px(36)),
            self.at,
            (0, max(1, len(self.review) - 1)),
            ui,
            object_id=ObjectID(object_id="#timeline"),
        )

    def exit(self) -> None:
        self.forget_questions()
        clear_widgets(self.app.ui)
        self.widgets = {}

    # --- verdicts, worked out while the frames go on -------------------------------------

    def update(self, dt: float) -> None:
        self.app.thinker.poll()
        for at, ticket in list(self.asked.items()):
            if ticket.done:
                del self.asked[at]
                try:
                    verdict = ticket.result()
                    assert verdict is None or isinstance(verdict, Evaluation), "a review question gets an evaluation"
                    self.review.settle(at, verdict)
                except IllegalMove:
                    self.review.settle(at, None)
            elif at not in (self.at, self.seeking):
                self.app.thinker.cancel(ticket)
                del self.asked[at]
        self.want(self.at)
        if self.seeking is not None and self.review.is_known(self.seeking):
            self.seek(self.seeking)

    def want(self, at: int) -> None:
        """Ask for the verdict on position ``at`` unless it is known or asked already."""
        if at in self.asked or self.review.is_known(at):
            return
        question = self.review.question(at)
        if question is not None:
            self.asked[at] = self.app.thinker.ask(question)

    def forget_questions(self) -> None:
        for ticket in self.asked.values():
            self.app.thinker.cancel(ticket)
        self.asked = {}
        self.seeking = None

    # --- moving ---------------------------------------------------------------------

    def go(self, at: int) -> None:
        self.at = max(0, min(len(self.review) - 1, at))
        slider = self.widgets.get("timeline")
        if isinstance(slider, pygame_gui.elements.UIHorizontalSlider) and slider.get_current_value() != self.at:
            slider.set_current_value(self.at)

    def next_mark(self) -> None:
        """Jump to the next decision the computer rates clearly worse."""
        self.seek(self.at + 1)

    def seek(self, start: int) -> None:
        """Look for a marked decision from position ``start`` on; where a verdict is still to
        come, ask for it and go on when it has come."""
        self.seeking = None
        for at in range(start, len(self.review)):
            if not self.review.is_known(at):
                self.want(at)
                self.seeking = at
                self.message = self.app.tr("thinking.marks")
                return
            verdict = self.review.verdict(at)
            if verdict is not None and verdict.clearly_worse:
                self.message = ""
                self.go(at)
                return
        self.message = self.app.tr("review.no_more_marks")

    def handle_ui_event(self, event: pygame.event.Event) -> None:
        element = element_of(event)
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and name_of(self.widgets, element) == "timeline":
            assert isinstance(element, pygame_gui.elements.UIHorizontalSlider), "the timeline is a slider"
            self.go(int(element.get_current_value()))
            return
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and name_of(self.widgets, element) == "round":
            assert isinstance(element, pygame_gui.elements.UIDropDownMenu), "the rounds are a drop-down"
            self.forget_questions()
            self.review = RoundReview(self.match, int(element.selected_option[1]), self.app.settings.level)
            self.at = 0
            self.relayout()
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        name = next((n for n, w in self.widgets.items() if w is element), None)
        self.command(name)

    def command(self, name: str | None) -> None:
        if name is None:
            return
        button = ReviewButton(name)
        moves = {
            ReviewButton.FIRST: 0,
            ReviewButton.BACK: self.at - 1,
            ReviewButton.FORWARD: self.at + 1,
            ReviewButton.LAST: len(self.review) - 1,
        }
        if button in moves:
            self.message = ""
            self.seeking = None
            self.go(moves[button])
        elif button is ReviewButton.NEXT_MARK:
            self.next_mark()
        else:
            self.app.manager.resume(self.back)

    def handle_event(self, event: pygame.event.Event) -> None:
        command = command_of(event)
        if command in (Command.FIRST, Command.LAST):  # not the table's keys: the translator leaves them
            self.command(KEY_BUTTONS[command])
            return
        for intent in self.translator.translate(event):
            if isinstance(intent, Action):
                self.command(KEY_BUTTONS.get(intent.name))
            elif isinstance(intent, Drag) and intent.released:
                dx = intent.pos[0] - intent.start[0]
                if abs(dx) >= SWIPE:
                    self.command(ReviewButton.BACK if dx > 0 else ReviewButton.FORWARD)

    # --- drawing ----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(COLOURS.felt)
        lay, tr = self.layout, self.app.tr
        pygame.draw.rect(surface, COLOURS.felt_dark, lay.top_bar)
        pygame.draw.rect(surface, COLOURS.felt_dark, lay.button_bar)
        state = self.review.positions[self.at].state
        title = tr(
            "review.title",
            game=tr(f"game.{self.match.name}"),
            round=tr(self.screens.words["round_of"], number=state.start.number),
            step=self.at,
            steps=len(self.review) - 1,
        )
        self.draw_words(surface, title, lay.px(20), self.title_area, bold=True)
        self.draw_words(
            surface, tr("review.seed", seed=self.match.seed), lay.px(16), self.seed_area, COLOURS.gold, at_right=True
        )
        board = pygame.Rect(
            lay.px(150),
            lay.top_bar.bottom + lay.px(70),
            lay.size[0] - lay.px(300),
            lay.size[1] - lay.top_bar.height - lay.button_bar.height - lay.px(330),
        )
        pygame.draw.rect(surface, COLOURS.board, board, border_radius=lay.px(18))
        self.screens.draw_review(self, surface, state, board)
        self.draw_step(surface, board)

    def draw_words(
        self,
        surface: pygame.Surface,
        text: str,
        size: int,
        area: pygame.Rect,
        colour: Colour = COLOURS.ink,
        bold: bool = False,
        at_right: bool = False,
    ) -> None:
        """``text`` on at most two lines inside ``area`` (smaller when it must be), centred
        on its height, from its left edge (the title) or its right one (the seed)."""
        lines: list[str] = []
        for tried in range(max(size, READABLE_TEXT), SMALLEST_TEXT - 1, -1):
            font = self.app.font(tried, bold, smallest=SMALLEST_TEXT)
            lines = wrap_text(font, text, area.width)
            if len(lines) <= 2 and len(lines) * font.get_linesize() <= area.height:
                break
        size = tried
        images = [fit_text(self.app, line, size, area.width, bold, colour) for line in lines[:2]]
        y = area.centery - sum(image.get_height() for image in images) // 2
        for image in images:
            surface.blit(image, image.get_rect(topright=(area.right, y)) if at_right else (area.x, y))
            y += image.get_height()

    def seat_position(self, seat: int) -> str:
        """Where ``seat`` sits on screen, the viewer at the bottom."""
        return SEAT_POSITIONS[(seat - self.viewer) % 4]

    def seat_box(self, seat: int, board: pygame.Rect) -> tuple[str, tuple[int, int]]:
        position = self.seat_position(seat)
        lay = self.layout
        centres = {
            "bottom": (board.centerx, board.bottom + lay.px(52)),
            "top": (board.centerx, board.y - lay.px(38)),
            "left": (lay.px(75), board.centery),
            "right": (lay.size[0] - lay.px(75), board.centery),
        }
        return position, centres[position]

    def draw_hand(
        self, surface: pygame.Surface, seat: int, tiles: Sequence[Tile], board: pygame.Rect, face: Face
    ) -> None:
        """One seat's tiles face up beside the board, drawn by ``face(tile, short, vertical)``."""
        lay = self.layout
        position, (cx, cy) = self.seat_box(seat, board)
        short = lay.px(16 if position in ("left", "right") else 20)
        vertical = position in ("top", "bottom")
        w, h = face(tiles[0], short, vertical).get_size() if tiles else (short, short)
        gap = max(2, short // 5)
        name = fit_text(self.app, self.seat_name(seat), lay.px(14), lay.px(140), bold=True)
        if vertical:
            total = len(tiles) * w + max(0, len(tiles) - 1) * gap
            x, y = cx - total // 2, cy - h // 2
            surface.blit(name, name.get_rect(midright=(x - lay.px(10), cy)))
            for tile in tiles:
                surface.blit(face(tile, short, vertical), (x, y))
                x += w + gap
        else:
            total = len(tiles) * h + max(0, len(tiles) - 1) * gap
            x, y = cx - w // 2, cy - total // 2
            surface.blit(name, name.get_rect(midbottom=(cx, y - lay.px(6))))
            for tile in tiles:
                surface.blit(face(tile, short, vertical), (x, y))
                y += h + gap

    @property
    def names(self) -> Names:
        """The seats named as at the table, seen from the person reviewing."""
        return Names(self.app.text, self.match.players, self.viewer, self.screens.partners)

    def seat_name(self, seat: int) -> str:
        return self.names.label(seat)

    def draw_step(self, surface: pygame.Surface, board: pygame.Rect) -> None:
        """Under the board: what this step did, at the last step the round's result (who
        won, by how much), then the computer's verdict, as many lines as the panel holds."""
        lay = self.layout
        panel = pygame.Rect(
            lay.px(20),
            board.bottom + lay.px(96),
            lay.size[0] - lay.px(40),
            lay.button_bar.y - lay.px(52) - board.bottom - lay.px(96),
        )
        pygame.draw.rect(surface, COLOURS.felt_dark, panel, border_radius=lay.px(12))
        x, y = panel.x + lay.px(14), panel.y + lay.px(6)
        width = panel.width - lay.px(28)
        bottom = panel.bottom - lay.px(2)
        for line in self.step_lines():
            font = self.app.font(max(READABLE_TEXT, lay.px(line.size)), line.bold)
            parts = wrap_text(font, line.text, width) if line.wraps else [line.text]
            if len(parts) > 2 or y + len(parts) * (font.get_linesize() + lay.px(2)) > bottom:
                parts = [line.text]  # no room for its lines: whole on one, smaller
            for part in parts:
                image = fit_text(self.app, part, lay.px(line.size), width, bold=line.bold, colour=line.colour)
                if y + image.get_height() > bottom:
                    return
                surface.blit(image, (x, y))
                y += image.get_height() + lay.px(2)

    def step_lines(self) -> list[StepLine]:
        """The lines under the board, most important first."""
        tr = self.app.tr
        lines: list[StepLine] = []
        if self.message:
            lines.append(StepLine(self.message, 17, True, COLOURS.warn))
        position = self.review.positions[self.at]
        step = position.step
        if step is None:
            return [*lines, StepLine(tr(self.screens.words["review_start"]), 17, False, COLOURS.ink)]
        if self.at == len(self.review) - 1 and position.state.result is not None:  # how the round ended comes first
            result = self.screens.result_lines(self.match, position.state, self.names, tr)
            lines += [StepLine(text, 18 if i == 0 else 16, i == 0, COLOURS.gold, True) for i, text in enumerate(result)]
        lines.append(StepLine(self.screens.describe(self.names, step.seat, step.decision, tr), 18, True, COLOURS.ink))
        return lines + self.verdict_lines(step.seat)

    def verdict_lines(self, seat: int) -> list[StepLine]:
        """The computer's verdict on the decision of this step, or why there is none."""
        tr = self.app.tr
        if not self.review.is_known(self.at):
            return [StepLine(tr("thinking.verdict"), 16, False, COLOURS.muted)]
        verdict = self.review.verdict(self.at)
        if verdict is None:
            note = tr("review.no_verdict_computer") if not self.match.is_human(seat) else tr("review.forced")
            return [StepLine(note, 16, False, COLOURS.muted)]
        evaluation = verdict.evaluation

        def worth(decision: object) -> str:
            value = evaluation.estimate(decision).value
            if evaluation.unit == "match_chance":
                return tr("review.chance", percent=round(value * 100))
            return tr("review.points", points=decimal_text(f"{value:+.1f}", tr))

        if verdict.taken == verdict.best:
            key = "review.agrees"
        elif verdict.as_good:
            key = "review.as_good"
        elif verdict.clearly_worse:
            key = "review.worse"
        else:
            key = "review.close_call"
        headline = tr(
            key,
            best=continuing(self.screens.decision_text(verdict.best, self.names, tr), self.app.text),
            value=worth(verdict.best),
            taken=worth(verdict.taken),
        )
        reason = self.screens.hint_text(evaluation.hint, self.names, tr) if evaluation.hint is not None else ""
        rows = "   ".join(
            tr(
                "review.estimate",
                decision=self.screens.decision_text(found.decision, self.names, tr),
                value=worth(found.decision),
            )
            for found in evaluation.estimates[:6]
        )
        return [
            StepLine(headline, 17, True, COLOURS.warn if verdict.clearly_worse else COLOURS.gold),
            StepLine(tr("review.reason", reason=continuing(reason, self.app.text)), 15, False, COLOURS.ink),
            StepLine(rows, 14, False, COLOURS.muted),
        ]
