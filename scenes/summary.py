"""The round summary, shown over the table when a round ends: the game's own summary
drawing (``scenes.registry``), the outcome's sound and confetti, and what to do next."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game.core.errors import IllegalMove
from game.core.phases import Phase
from scenes.registry import screens_for
from scenes.scene import Scene
from scenes.stats import STATS_KEYS, record_round
from scenes.theme import COLOURS
from scenes.widgets import row_of_buttons
from sprites.confetti import Confetti

DEMO_PAUSE = 3.0  # seconds a demo shows the summary before going on


class SummaryScene(Scene):
    """Shown over the table when a round ends; Next round returns to the same table."""

    def __init__(self, app: Any, table: Any) -> None:
        super().__init__(app)
        self.table = table
        self.match = table.match
        self.screens = screens_for(self.match.name)
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.time = 0.0
        self.counted = False
        self.confetti: Confetti | None = None

    def celebrate(self) -> None:
        """The sound of the outcome, and the statistics of a person's round."""
        if self.screens.viewer_won(self.match, self.table.viewer):
            self.app.sounds.play("match_won" if self.match_over else "round_won")
            if self.match_over:
                self.confetti = Confetti(self.app.size)
        if not self.app.settings.demo and self.match.is_human(self.table.viewer):
            try:
                problem = record_round(self.match, self.table.viewer)
            except OSError as error:
                self.app.notify(self.app.tr("error.stats_not_saved", reason=error.strerror or str(error)))
            else:
                if problem is not None:
                    self.app.notify(problem.message(self.app.tr, *STATS_KEYS))

    @property
    def match_over(self) -> bool:
        return bool(self.match.phase is Phase.MATCH_OVER)

    def enter(self) -> None:
        self.table.layout = self.table.make_layout()
        self.table.on_refresh()
        if not self.counted:
            self.counted = True
            self.celebrate()
        tr, lay, words = self.app.tr, self.table.layout, self.screens.words
        items = [("review", tr("button.review")), ("new_match", tr(words["new_match"])), ("menu", tr("button.menu"))]
        if not self.match_over:
            items = [("next_round", tr(words["next_round"])), ("restart", tr(words["restart"]))] + items
        panel = self.panel_rect()
        area = pygame.Rect(panel.x, panel.bottom - lay.button_h - lay.px(18), panel.width, lay.button_h)
        self.buttons = row_of_buttons(self.app.ui, area, items, lay.button_h, lay.px(180), lay.px(10))

    def exit(self) -> None:
        self.app.ui.clear_and_reset()

    def panel_rect(self) -> pygame.Rect:
        w, h = self.app.size
        lay = self.table.layout
        width, height = min(w - lay.px(40), lay.px(900)), min(h - lay.px(40), lay.px(600))
        return pygame.Rect((w - width) // 2, (h - height) // 2, width, height)

    def handle_ui_event(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        name = next((n for n, b in self.buttons.items() if b is event.ui_element), None)
        self.choose(name)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.choose("new_match" if self.match_over else "next_round")
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.choose("menu")

    def choose(self, name: str | None) -> None:
        if name is None:
            return
        try:
            if name == "next_round":
                self.match.next_round()
            elif name == "restart":
                self.match.restart_round()
            elif name == "new_match":
                self.match.new_match(self.app.settings.seed)
            elif name == "menu":
                self.app.show("menu")
                return
            elif name == "review":
                self.app.show("review", match=self.match, round_index=len(self.match.finished), back=self)
                return
        except IllegalMove as error:
            self.table.refuse(error)
        self.table.reset_animation()
        self.app.manager.resume(self.table)

    def update(self, dt: float) -> None:
        self.time += dt
        if self.confetti is not None:
            self.confetti.update(dt)
        if self.app.settings.demo and self.time >= DEMO_PAUSE:
            self.choose("new_match" if self.match_over else "next_round")

    def draw(self, surface: pygame.Surface) -> None:
        self.table.draw(surface)
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill(COLOURS.shade)
        surface.blit(shade, (0, 0))
        panel = self.panel_rect()
        lay = self.table.layout
        pygame.draw.rect(surface, COLOURS.panel, panel, border_radius=lay.px(18))
        pygame.draw.rect(surface, COLOURS.gold, panel, width=max(2, lay.px(2)), border_radius=lay.px(18))
        self.screens.draw_summary(self, surface, panel)
        if self.confetti is not None:
            self.confetti.draw(surface)
