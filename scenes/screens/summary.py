"""The round summary, shown over the table when a round ends: the game's own summary
(``scenes.screens.registry``), the outcome's sound and confetti, a "why" with the rules that
decided it, a look at the final table, and what to do next.

Every button is reached by Tab and the arrows (a ring shows the focus) and pressed by
Enter or Space; at first the focus is on the way on. A key does nothing for a moment
after the summary opens (an Enter meant for the round's end lands on the summary, not
on its Next round), nor while it is held from before. What would throw play away asks
first: Restart (the round just played), New match, and leaving an unsaved lesson. At the
end of a match New match asks too, and it sits in the second row, away from the place
Next round had on every summary before."""

from __future__ import annotations

from collections.abc import Iterator
from enum import StrEnum

import pygame
import pygame_gui

from game.core.errors import IllegalMove
from game.core.match import Match
from game.core.phases import Phase
from scenes.screens.registry import screens_for
from scenes.screens.table import TableScene
from scenes.screens.table_mode import GoOn
from scenes.services.stats import STATS_KEYS, record_round
from scenes.ui import panels
from scenes.ui.app_services import AppServices
from scenes.ui.dialog import Choice, Dialog
from scenes.ui.drawing import shade
from scenes.ui.effects import BANNER_TIME
from scenes.ui.event_fields import element_of
from scenes.ui.focus import FocusRing
from scenes.ui.input import Command, command_of
from scenes.ui.scene import Scene
from scenes.ui.table_layout import TableLayout
from scenes.ui.theme import COLOURS
from scenes.ui.widgets import ButtonPlan, PreparedButtons, clear_widgets, name_of, row_rects
from sprites.banner import banner_image, draw_banner, preparing_banner
from sprites.confetti import Confetti

DEMO_PAUSE = 3.0  # seconds a demo shows the summary before going on
RIBBON_SHOWN = 0.5  # the banner's progress once it has unfurled: it stays there, as the summary's title
RIBBON_WIDTH = 460  # design px
SETTLE = 0.6  # seconds after the summary opens in which a key does nothing: it was meant for the table


class SummaryButton(StrEnum):
    """The summary's buttons."""

    NEXT_ROUND = "next_round"
    REVIEW = "review"
    WHY = "why"
    PEEK = "peek"  # the final table alone
    BACK = "back"  # from it to the summary
    RESTART = "restart"
    NEW_MATCH = "new_match"
    MENU = "menu"


THROWS_PLAY_AWAY = (SummaryButton.RESTART, SummaryButton.NEW_MATCH)
"""Buttons that ask first."""


def ribbon_width(panel: pygame.Rect, layout: TableLayout) -> int:
    """How wide the outcome's banner is over the summary's ``panel``."""
    return min(panel.width - layout.px(40), layout.px(RIBBON_WIDTH))


class SummaryScene(Scene):
    """Shown over the table when a round ends; Next round returns to the same table."""

    def __init__(self, app: AppServices, table: TableScene, match: Match) -> None:
        super().__init__(app)
        self.table = table
        self.match = match  # the table's match, whose round just ended
        self.screens = screens_for(self.match.name)
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.time = 0.0
        self.counted = False
        self.confetti: Confetti | None = None
        self.peeking = False  # the final table shown without the summary over it
        self.ribbon: tuple[str, str, tuple[int, int, int]] | None = None  # title, line, colour
        self.why_panel: panels.TextPanel | None = None
        self.backdrop: pygame.Surface | None = None  # the table, shaded, and the empty panel
        self.prepared_backdrop: pygame.Surface | None = None  # the backdrop painted ahead of entering
        self.prepared_buttons = PreparedButtons()
        self.focus = FocusRing([])
        self.dialog: Dialog | None = None

    def celebrate(self) -> None:
        """The sound and banner of the outcome, and the statistics of a person's round."""
        if self.screens.viewer_won(self.match, self.table.viewer):
            self.app.sounds.play("match_won" if self.match_over else "round_won")
            if self.match_over and not self.app.settings.reduced_motion:
                self.confetti = Confetti(self.app.size)
        self.ribbon = self.screens.banner(self.match, self.table.names, self.app.tr)
        if self.ribbon is not None:
            self.app.sounds.play("banner")
        if not self.app.settings.demo and not self.table.practice and self.match.is_human(self.table.viewer):
            try:
                problem = record_round(screens_for, self.match, self.table.viewer)
            except OSError as error:
                self.app.notify(self.app.tr("error.stats_not_saved", reason=error.strerror or str(error)))
            else:
                if problem is not None:
                    self.app.notify(problem.message(self.app.tr, *STATS_KEYS))

    @property
    def match_over(self) -> bool:
        return bool(self.match.phase is Phase.MATCH_OVER)

    def preparation(self) -> Iterator[None]:
        """The table laid out at this size, the buttons' looks, the banner, the shaded final
        table and the game's summary drawn once, unseen, a piece at a time."""
        self.table.layout = self.table.make_layout()
        self.table.board.refresh(self.table.view)
        yield
        yield from self.prepared_buttons.building(self.app.ui, self.button_plan())
        if self.peeking:
            return
        if not self.counted:
            self.ribbon = self.screens.banner(self.match, self.table.names, self.app.tr)
        panel = self.panel_rect()
        if self.ribbon is not None:
            title, line, colour = self.ribbon
            yield from preparing_banner(title, line, ribbon_width(panel, self.table.layout), colour)
        yield
        backdrop = self.final_table()
        yield
        self.prepared_backdrop = self.shade_final_table(backdrop, panel)
        yield
        self.screens.draw_summary(self, pygame.Surface((1, 1)), panel)  # clipped away: the pictures made count

    def close(self) -> None:
        self.table.close()

    def enter(self) -> None:
        self.backdrop, self.prepared_backdrop = self.prepared_backdrop, None
        self.table.layout = self.table.make_layout()
        self.table.board.refresh(self.table.view)
        if not self.counted:
            self.counted = True
            self.celebrate()
        self.buttons = self.prepared_buttons.take(self.app.ui, self.button_plan())
        self.focus = FocusRing(list(self.buttons.items()), self.focus.focused or self.default_button, self.focus.shown)
        if self.dialog is not None:
            self.dialog.build()

    @property
    def default_button(self) -> str:
        """Where the focus starts: the way on (at the end of a match, New match, which asks)."""
        if self.peeking:
            return SummaryButton.BACK
        return SummaryButton.NEW_MATCH if self.match_over else SummaryButton.NEXT_ROUND

    def button_plan(self) -> ButtonPlan:
        """The summary's buttons (name, where, text, whether primary): two rows at the foot of
        its panel, or a single Back while the final table is shown alone."""
        tr, lay, words = self.app.tr, self.table.layout, self.screens.words
        if self.peeking:
            rect = pygame.Rect(0, 0, lay.px(260), lay.button_h)
            rect.midbottom = (lay.size[0] // 2, lay.size[1] - lay.px(12))
            return [(SummaryButton.BACK, rect, tr("summary.back"), True)]
        panel = self.panel_rect()
        if self.match_over:
            first = [
                (SummaryButton.REVIEW, tr("button.review")),
                (SummaryButton.WHY, tr("summary.why")),
                (SummaryButton.PEEK, tr("summary.table")),
            ]
            second = [(SummaryButton.NEW_MATCH, tr(words["new_match"])), (SummaryButton.MENU, tr("button.menu"))]
        else:
            first = [
                (SummaryButton.NEXT_ROUND, tr(words["next_round"])),
                (SummaryButton.WHY, tr("summary.why")),
                (SummaryButton.PEEK, tr("summary.table")),
            ]
            second = [
                (SummaryButton.REVIEW, tr("button.review")),
                *([(SummaryButton.RESTART, tr(words["restart"]))] if self.table.mode.restarts_after_round else []),
                (SummaryButton.NEW_MATCH, tr(words["new_match"])),
                (SummaryButton.MENU, tr("button.menu")),
            ]
        gap = lay.px(10)
        low = pygame.Rect(panel.x, panel.bottom - lay.button_h - lay.px(14), panel.width, lay.button_h)
        high = low.move(0, -lay.button_h - gap)
        plan: ButtonPlan = [
            (name, rect, text, name is SummaryButton.NEXT_ROUND)
            for (name, text), rect in zip(first, row_rects(high, len(first), lay.button_h, lay.px(240), gap))
        ]
        plan += [
            (name, rect, text, False)
            for (name, text), rect in zip(second, row_rects(low, len(second), lay.button_h, lay.px(200), gap))
        ]
        return plan

    def buttons_top(self) -> int:
        """Where the buttons start: the summary's drawing stays above."""
        return min((widget.rect.y for widget in self.buttons.values()), default=self.panel_rect().bottom)

    def exit(self) -> None:
        self.close_why()
        clear_widgets(self.app.ui)  # an open question's window too: it is built again on entering

    def draw_backdrop(self, panel: pygame.Rect) -> pygame.Surface:
        """The final table under its shade and the empty panel, drawn once per layout into
        one opaque picture (the table under the summary holds still)."""
        return self.shade_final_table(self.final_table(), panel)

    def final_table(self) -> pygame.Surface:
        """The table as the round left it, without the caption the summary replaces."""
        picture = self.table.still_layer.give_up(self.app.size)
        self.table.draw_moving(picture, caption=False)
        return picture

    def shade_final_table(self, picture: pygame.Surface, panel: pygame.Rect) -> pygame.Surface:
        """``picture`` shaded, with the empty panel over it."""
        shade(picture, picture.get_rect(), COLOURS.shade)
        lay = self.table.layout
        pygame.draw.rect(picture, COLOURS.panel, panel, border_radius=lay.px(18))
        pygame.draw.rect(picture, COLOURS.gold, panel, width=max(2, lay.px(2)), border_radius=lay.px(18))
        return picture

    def panel_rect(self) -> pygame.Rect:
        """The summary's panel: its design size scaled to the window, its height by the
        window's height (a 4:3 window gives the rows of tiles the room it has)."""
        w, h = self.app.size
        lay = self.table.layout
        width = min(w - lay.px(24), lay.px(980))
        height = min(h - lay.px(16), max(lay.px(660), h * 660 // 720))
        return pygame.Rect((w - width) // 2, (h - height) // 2, width, height)

    def ribbon_image(self, panel: pygame.Rect) -> pygame.Surface | None:
        if self.ribbon is None:
            return None
        title, line, colour = self.ribbon
        return banner_image(title, line, ribbon_width(panel, self.table.layout), colour)

    def content_top(self, panel: pygame.Rect) -> int:
        """Where the game's summary starts: under the banner when the outcome has one."""
        image = self.ribbon_image(panel)
        return panel.y + self.table.layout.px(14) + (image.get_height() if image is not None else 0)

    def draw_ribbon(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        """The outcome's banner unfurls at the top of the summary, then stays as its title."""
        image = self.ribbon_image(panel)
        if image is None:
            return
        pace = self.app.settings.pace
        progress = RIBBON_SHOWN if pace <= 0 else min(RIBBON_SHOWN, self.time / (BANNER_TIME * max(1.0, pace)))
        centre = (panel.centerx, panel.y + self.table.layout.px(10) + image.get_height() // 2)
        draw_banner(surface, centre, image, progress, reduced_motion=self.app.settings.reduced_motion)

    def handle_ui_event(self, event: pygame.event.Event) -> None:
        if self.dialog is not None:
            self.dialog.handle_ui_event(event)
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        name = name_of(self.buttons, element_of(event))
        if name is not None:
            self.focus.focus(name)
        self.choose(name)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.dialog is not None:
            self.dialog.handle_event(event)
            return
        if event.type == pygame.KEYDOWN and self.time < SETTLE:
            return  # meant for the table the summary opened over
        if self.focus.handle(event) or event.type != pygame.KEYDOWN:
            return
        if command_of(event) is Command.BACK:
            if self.why_panel is not None and self.why_panel.alive:
                self.close_why()
            elif self.peeking:
                self.choose(SummaryButton.BACK)
            else:
                self.choose(SummaryButton.MENU)
            return
        self.choose(self.focus.pressed(event))

    def draw_over(self, surface: pygame.Surface) -> None:
        """The focus ring over the buttons (not while a question or the Why window is open)."""
        if self.dialog is None and not (self.why_panel is not None and self.why_panel.alive):
            self.focus.draw(surface, max(2, self.table.layout.px(3)))

    def close_why(self) -> None:
        if self.why_panel is not None:
            self.why_panel.close()
            self.why_panel = None

    def open_why(self) -> None:
        """One screen: who won, by which rule, with the figures that decided it."""
        tr, lay = self.app.tr, self.table.layout
        self.close_why()
        heading, lines, rules = self.screens.why(self.match, self.table.names, tr)
        body = "<br>".join(panels.escape(line) for line in lines)
        body += "<br><br><b>" + panels.escape(tr("why.rules")) + "</b><br>"
        body += "<br>".join(panels.escape(rule) for rule in rules)
        self.why_panel = panels.TextPanel(self.app.ui, self.app.size, lay.unit, heading, body, "why")

    def choose(self, name: str | None) -> None:
        if name is None:
            return
        button = SummaryButton(name)
        if button in (SummaryButton.PEEK, SummaryButton.BACK):
            self.peeking = button is SummaryButton.PEEK
            self.relayout()
        elif button is SummaryButton.WHY:
            self.open_why()
        elif button in THROWS_PLAY_AWAY or (button is SummaryButton.MENU and self.table.practice):
            self.ask(button)
        else:
            self.carry_out(button)

    def ask(self, button: SummaryButton) -> None:
        """A themed question before throwing play away: the round just played (Restart), the
        match (New match; at the end of a match, what becomes of the finished one), or an
        unsaved lesson (Menu)."""
        tr, words = self.app.tr, self.screens.words
        questions = {
            SummaryButton.RESTART: ("confirm.replay", tr(words["restart"])),
            SummaryButton.MENU: ("confirm.leave_lesson", tr("confirm.leave_lesson.ok")),
            SummaryButton.NEW_MATCH: (
                "confirm.next_match" if self.match_over else "confirm.new_match",
                tr(words["new_match"]),
            ),
        }
        key, ok = questions[button]

        def closed(choice: str) -> None:
            self.dialog = None

        self.close_why()
        self.dialog = Dialog(
            self.app,
            self.table.layout.unit,
            tr(f"{key}.title"),
            tr(f"{key}.question"),
            (
                Choice("cancel", tr("confirm.cancel"), primary=True),
                Choice("ok", ok, then=lambda: self.carry_out(button)),
            ),
            closed,
        )

    def carry_out(self, button: SummaryButton) -> None:
        """Go on with ``button``, asked and answered when it throws play away."""
        if button is SummaryButton.MENU:
            self.table.mode.leave()
            self.app.show("menu")
            return
        if button is SummaryButton.REVIEW:
            self.app.show("review", match=self.match, round_index=len(self.match.finished), back=self)
            return
        goes_on: dict[SummaryButton, GoOn] = {
            SummaryButton.NEXT_ROUND: "next_round",
            SummaryButton.RESTART: "restart",
            SummaryButton.NEW_MATCH: "new_match",
        }
        try:
            self.table.mode.go_on(goes_on[button])  # at a shared table, the change comes when all agree
        except IllegalMove as error:
            self.table.refuse(error)
        else:
            self.app.sounds.play("shuffle")
        self.backdrop = None  # held still from now on, the summary is not drawn again: one picture fewer
        self.app.manager.resume(self.table)

    def update(self, dt: float) -> None:
        self.time += dt
        self.table.pulse += dt
        if self.confetti is not None:
            self.confetti.update(dt)
        if self.app.settings.demo and self.time >= DEMO_PAUSE and self.dialog is None:
            self.carry_out(SummaryButton.NEW_MATCH if self.match_over else SummaryButton.NEXT_ROUND)

    def draw(self, surface: pygame.Surface) -> None:
        if self.peeking:
            self.table.draw(surface, caption=False)
            return
        panel = self.panel_rect()
        if self.backdrop is None or self.backdrop.get_size() != surface.get_size():
            self.backdrop = self.draw_backdrop(panel)
        surface.blit(self.backdrop, (0, 0))
        self.draw_ribbon(surface, panel)
        self.screens.draw_summary(self, surface, panel)
        if self.confetti is not None:
            self.confetti.draw(surface)
