"""The round summary: every hand revealed, who won and why, the score change, what next."""
from __future__ import annotations

import pygame
import pygame_gui

from game.block import team_of
from game.errors import IllegalMove
from game.phases import Phase

from .log_text import result_line
from .tiengow_summary import draw_tiengow_summary
from sprites.confetti import Confetti

from .review_scene import ReviewScene
from .scene import Scene
from .stats import record_round
from .table import GOLD, INK, MUTED
from .widgets import row_of_buttons

DEMO_PAUSE = 3.0  # seconds a demo shows the summary before going on


class SummaryScene(Scene):
    """Shown over the table when a round ends; Next round returns to the same table."""

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table
        self.match = table.match
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.time = 0.0
        self.counted = False
        self.confetti: Confetti | None = None

    def viewer_won(self) -> bool:
        result = self.match.round.result
        if self.match.game.family == "tiengow":
            return result.last_winner == self.table.viewer
        return result.winner == team_of(self.table.viewer)

    def celebrate(self) -> None:
        """The sound of the outcome, and the statistics of a person's round."""
        if self.viewer_won():
            self.app.sounds.play("match_won" if self.match_over else "round_won")
            if self.match_over:
                self.confetti = Confetti(self.app.size)
        if not self.app.settings.demo and self.match.is_human(self.table.viewer):
            record_round(self.match, self.table.viewer)

    @property
    def match_over(self) -> bool:
        return self.match.phase is Phase.MATCH_OVER

    def enter(self) -> None:
        self.table.layout = self.table.make_layout()
        self.table.on_refresh()
        if not self.counted:
            self.counted = True
            self.celebrate()
        tr, lay = self.app.tr, self.table.layout
        tiengow = self.match.game.family == "tiengow"
        items = [("review", tr("button.review")),
                 ("new_match", tr("button.new_session" if tiengow else "button.new_match")),
                 ("menu", tr("button.menu"))]
        if not self.match_over:
            items = [("next_round", tr("button.next_deal" if tiengow else "button.next_round")),
                     ("restart", tr("button.restart_deal" if tiengow else "button.restart"))] + items
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
                from .menu import MenuScene
                self.app.switch(MenuScene(self.app))
                return
            elif name == "review":
                self.app.switch(ReviewScene(self.app, self.match, len(self.match.finished), self))
                return
        except IllegalMove as error:
            self.table.refuse(error)
        self.table.reset_animation()
        self.app.switch(self.table)

    def update(self, dt: float) -> None:
        self.time += dt
        if self.confetti is not None:
            self.confetti.update(dt)
        if self.app.settings.demo and self.time >= DEMO_PAUSE:
            self.choose("new_match" if self.match_over else "next_round")

    def draw(self, surface: pygame.Surface) -> None:
        self.table.draw(surface)
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        panel = self.panel_rect()
        lay = self.table.layout
        pygame.draw.rect(surface, (20, 52, 40), panel, border_radius=lay.px(18))
        pygame.draw.rect(surface, GOLD, panel, width=max(2, lay.px(2)), border_radius=lay.px(18))
        if self.match.game.family == "tiengow":
            draw_tiengow_summary(self, surface, panel)
        else:
            self.draw_block_summary(surface, panel)
        if self.confetti is not None:
            self.confetti.draw(surface)

    def draw_block_summary(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        tr, lay, art = self.app.tr, self.table.layout, self.app.art
        view = self.match.view_for(self.table.viewer)
        result = view.result
        y = panel.y + lay.px(18)
        if self.match_over:
            mine = team_of(self.table.viewer)
            key = "summary.match_won" if result.match_winner == mine else "summary.match_lost"
            title = tr(key, team=tr(f"team.{result.match_winner}"))
        else:
            title = result_line(result, tr)
        big = self.app.font(lay.px(28), bold=True).render(title, True, GOLD)
        surface.blit(big, big.get_rect(midtop=(panel.centerx, y)))
        y += big.get_height() + lay.px(10)
        if self.match_over:
            how = self.app.font(lay.px(19), bold=True).render(result_line(result, tr), True, INK)
            surface.blit(how, how.get_rect(midtop=(panel.centerx, y)))
            y += how.get_height() + lay.px(4)
        score = tr("summary.score", a=result.score_after[0], b=result.score_after[1])
        if view.game == "dekabes":
            score += "   ·   " + tr("summary.points", count=result.points) + "   ·   " + \
                tr("score.base", base=result.base_after)
        line = self.app.font(lay.px(19)).render(score, True, INK)
        surface.blit(line, line.get_rect(midtop=(panel.centerx, y)))
        y += line.get_height() + lay.px(16)
        short = max(10, min(lay.px(24), (panel.width - lay.px(280)) // 16))
        font = self.app.font(lay.px(17), bold=True)
        row_h = 2 * short + lay.px(12)
        for seat in range(1, 5):
            hand = view.revealed_hands[seat - 1]
            name = f"{self.table.seat_name(seat)} ({tr('team.' + team_of(seat))})"
            label = font.render(name, True, INK)
            surface.blit(label, (panel.x + lay.px(24), y + row_h // 2 - label.get_height() // 2))
            x = panel.x + lay.px(250)
            for tile in hand:
                surface.blit(art.face(tile, short, True), (x, y + lay.px(6)))
                x += short + max(3, short // 4)
            pips = font.render(tr("summary.pips", count=result.pips[seat - 1]), True,
                               GOLD if result.domino_seat == seat else MUTED)
            surface.blit(pips, pips.get_rect(midright=(panel.right - lay.px(24), y + row_h // 2)))
            y += row_h
