"""Review a finished round: every hand face up, step by step, with the computer's verdict
on each decision a person took."""
from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.errors import IllegalMove, MalformedRecord, RecordError
from game.record import match_from_record, read_records
from game.moves import Pass, Play
from game.review import RoundReview
from game.tiengow import TrickPlay
from sprites.chinese_art import ChineseArt
from sprites.line_layout import layout_line, tile_size_for

from .block_table import fit_text
from .hint_text import hint_text
from .input import Action, Drag, EventTranslator
from .scene import Scene
from .table import BOARD, FELT, FELT_DARK, GOLD, INK, MUTED, TRICK_SPOTS, WARN
from .table_layout import TableLayout
from .widgets import button

SWIPE = 60  # px a horizontal drag must travel to step


def read_record_file(path: str):
    """The match of the first record in a record file, checked move by move.

    Raises OSError or UnicodeDecodeError when the file cannot be read, RecordError when
    it is malformed or illegal, or holds no finished round to review.
    """
    with open(path, encoding="utf-8") as source:
        records = list(read_records(source.read()))
    if not records:
        raise MalformedRecord("the file holds no record")
    match = match_from_record(records[0])
    if not match.finished and not match.round.is_over:
        raise RecordError("the record has no finished round to review")
    return match


class ReviewScene(Scene):
    """Forward, back, first, last by buttons, arrow keys and swipes; a timeline to jump."""

    def __init__(self, app, match, round_index: int, back) -> None:
        super().__init__(app)
        self.match = match
        self.review = RoundReview(match, round_index, app.settings.level)
        self.back = back
        self.at = 0
        self.message = ""
        self.translator = EventTranslator()
        self.widgets: dict[str, pygame_gui.core.UIElement] = {}
        self.chinese = ChineseArt()
        self.viewer = next((s for s in range(1, 5) if match.is_human(s)), 1)

    # --- life -----------------------------------------------------------------------

    def enter(self) -> None:
        lay = self.layout = TableLayout.for_size(self.app.size)
        tr, ui = self.app.tr, self.app.ui
        bar = lay.button_bar
        names = [("first", tr("review.first")), ("back", tr("review.back")), ("forward", tr("review.forward")),
                 ("last", tr("review.last")), ("next_mark", tr("review.next_mark")), ("close", tr("review.close"))]
        width = min(lay.px(170), (bar.width - lay.px(10) * (len(names) + 1)) // len(names))
        x = bar.centerx - (len(names) * width + (len(names) - 1) * lay.px(10)) // 2
        for name, text in names:
            self.widgets[name] = button(ui, pygame.Rect(x, bar.centery - lay.button_h // 2, width, lay.button_h),
                                        text, name, primary=name == "close")
            x += width + lay.px(10)
        rounds = len(self.match.finished) + (1 if self.match.round.is_over else 0)
        if rounds > 1:
            options = [(tr("review.round", round=n + 1), str(n)) for n in range(rounds)]
            self.widgets["round"] = pygame_gui.elements.UIDropDownMenu(
                options, options[self.review.index], pygame.Rect(lay.size[0] // 2 - lay.px(110),
                                                                  lay.top_bar.centery - lay.button_h // 2,
                                                                  lay.px(220), lay.button_h), ui,
                object_id=ObjectID(object_id="#round"))
        self.widgets["timeline"] = pygame_gui.elements.UIHorizontalSlider(
            pygame.Rect(lay.px(20), bar.y - lay.px(44), lay.size[0] - lay.px(40), lay.px(36)), self.at,
            (0, max(1, len(self.review) - 1)), ui, object_id=ObjectID(object_id="#timeline"))

    def exit(self) -> None:
        self.app.ui.clear_and_reset()
        self.widgets = {}

    # --- moving ---------------------------------------------------------------------

    def go(self, at: int) -> None:
        self.at = max(0, min(len(self.review) - 1, at))
        slider = self.widgets.get("timeline")
        if slider is not None and slider.get_current_value() != self.at:
            slider.set_current_value(self.at)

    def next_mark(self) -> None:
        """Jump to the next decision the computer rates clearly worse."""
        for at in range(self.at + 1, len(self.review)):
            verdict = self.review.verdict(at)
            if verdict is not None and verdict.clearly_worse:
                self.go(at)
                return
        self.message = self.app.tr("review.no_more_marks")

    def handle_ui_event(self, event: pygame.event.Event) -> None:
        element = event.ui_element
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and element is self.widgets.get("timeline"):
            self.go(int(element.get_current_value()))
            return
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and element is self.widgets.get("round"):
            self.review = RoundReview(self.match, int(element.selected_option[1]), self.app.settings.level)
            self.at = 0
            self.relayout()
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        name = next((n for n, w in self.widgets.items() if w is element), None)
        self.command(name)

    def command(self, name: str | None) -> None:
        moves = {"first": 0, "back": self.at - 1, "forward": self.at + 1, "last": len(self.review) - 1}
        if name in moves:
            self.message = ""
            self.go(moves[name])
        elif name == "next_mark":
            self.next_mark()
        elif name == "close":
            self.app.switch(self.back)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_HOME, pygame.K_END):
            self.command("first" if event.key == pygame.K_HOME else "last")
            return
        for intent in self.translator.translate(event):
            if isinstance(intent, Action):
                self.command({"next": "forward", "prev": "back", "back": "close",
                              "confirm": "next_mark"}.get(intent.name))
            elif isinstance(intent, Drag) and intent.released:
                dx = intent.pos[0] - intent.start[0]
                if abs(dx) >= SWIPE:
                    self.command("back" if dx > 0 else "forward")

    # --- drawing ----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(FELT)
        lay, tr = self.layout, self.app.tr
        pygame.draw.rect(surface, FELT_DARK, lay.top_bar)
        pygame.draw.rect(surface, FELT_DARK, lay.button_bar)
        state = self.review.positions[self.at].state
        title = tr("review.title", game=tr(f"game.{self.match.name}"), round=state.start.number,
                   step=self.at, steps=len(self.review) - 1)
        surface.blit(fit_text(self.app, title, lay.px(20), lay.size[0] // 2, bold=True),
                     (lay.px(16), lay.top_bar.centery - lay.px(12)))
        seed = fit_text(self.app, tr("review.seed", seed=self.match.seed), lay.px(16), lay.size[0] // 2,
                        colour=GOLD)
        surface.blit(seed, seed.get_rect(midright=(lay.size[0] - lay.px(16), lay.top_bar.centery)))
        board = pygame.Rect(lay.px(150), lay.top_bar.bottom + lay.px(70), lay.size[0] - lay.px(300),
                            lay.size[1] - lay.top_bar.height - lay.button_bar.height - lay.px(330))
        pygame.draw.rect(surface, BOARD, board, border_radius=lay.px(18))
        if self.match.game.family == "tiengow":
            self.draw_tiengow(surface, state, board)
        else:
            self.draw_block(surface, state, board)
        self.draw_step(surface, board)

    def seat_box(self, seat: int, board: pygame.Rect) -> tuple[str, tuple[int, int]]:
        position = ("bottom", "right", "top", "left")[(seat - self.viewer) % 4]
        lay = self.layout
        centres = {"bottom": (board.centerx, board.bottom + lay.px(52)), "top": (board.centerx, board.y - lay.px(38)),
                   "left": (lay.px(75), board.centery), "right": (lay.size[0] - lay.px(75), board.centery)}
        return position, centres[position]

    def draw_hand(self, surface, seat: int, tiles, board: pygame.Rect, chinese: bool) -> None:
        lay = self.layout
        position, (cx, cy) = self.seat_box(seat, board)
        short = lay.px(16 if position in ("left", "right") else 20)
        vertical = position in ("top", "bottom")
        if chinese:
            w, h = ChineseArt.size(short, vertical)
        else:
            w, h = (short, 2 * short) if vertical else (2 * short, short)
        gap = max(2, short // 5)
        name = fit_text(self.app, self.seat_name(seat), lay.px(14), lay.px(140), bold=True)
        if vertical:
            total = len(tiles) * w + max(0, len(tiles) - 1) * gap
            x, y = cx - total // 2, cy - h // 2
            surface.blit(name, name.get_rect(midright=(x - lay.px(10), cy)))
            for tile in tiles:
                surface.blit(self.face(tile, short, vertical, chinese), (x, y))
                x += w + gap
        else:
            total = len(tiles) * h + max(0, len(tiles) - 1) * gap
            x, y = cx - w // 2, cy - total // 2
            surface.blit(name, name.get_rect(midbottom=(cx, y - lay.px(6))))
            for tile in tiles:
                surface.blit(self.face(tile, short, vertical, chinese), (x, y))
                y += h + gap

    def face(self, tile, short: int, vertical: bool, chinese: bool) -> pygame.Surface:
        if chinese:
            return self.chinese.face(tile, short, vertical)
        return self.app.art.face(tile, short, vertical)

    def seat_name(self, seat: int) -> str:
        kind = self.match.seats[seat - 1]
        return self.app.tr("seat.person" if kind == "human" else "seat.computer", seat=seat)

    def draw_block(self, surface, state, board: pygame.Rect) -> None:
        play = state.play
        hands = play.hands if play is not None else state.deals[-1].hands
        for seat in range(1, 5):
            self.draw_hand(surface, seat, hands[seat - 1], board, chinese=False)
        if play is None or not play.line.tiles:
            return
        placed = play.placed
        first = play.turns[0].move.tile
        anchor = next(i for i, p in enumerate(placed) if p.tile is first)
        area = board.inflate(-self.layout.px(16), -self.layout.px(16))
        area = (area.x, area.y, area.width, area.height)
        short = tile_size_for(placed, anchor, area, self.layout.px(34), smallest=8, reserve=0)
        step = self.review.positions[self.at].step
        last = step.decision.tile if step is not None and isinstance(step.decision, Play) else None
        for p, slot in zip(placed, layout_line(placed, anchor, area, short)):
            at = (round(slot.x), round(slot.y))
            surface.blit(self.app.art.face(p.tile, short, slot.vertical, slot.first), at)
            if p.tile is last:
                rect = pygame.Rect(at, (round(slot.w), round(slot.h))).inflate(6, 6)
                pygame.draw.rect(surface, GOLD, rect, width=3, border_radius=6)

    def draw_tiengow(self, surface, state, board: pygame.Rect) -> None:
        deal = state.deal
        for seat in range(1, 5):
            self.draw_hand(surface, seat, deal.hand(seat), board, chinese=True)
        plays = deal.current_plays or (deal.tricks[-1].plays if deal.tricks else ())
        short = self.layout.px(22)
        w, h = ChineseArt.size(short)
        for seat, play in plays:
            position, _ = self.seat_box(seat, board)
            dx, dy = TRICK_SPOTS[position]
            cx, cy = board.centerx + dx * board.width, board.centery + dy * board.height
            total = len(play.tiles) * (w + 3)
            x = round(cx - total / 2)
            for tile in play.tiles:
                image = self.chinese.face(tile, short)
                if play.face_down:
                    image = image.copy()
                    image.set_alpha(140)
                surface.blit(image, (x, round(cy - h / 2)))
                x += w + 3
            if play.face_down:
                mark = fit_text(self.app, self.app.tr("review.face_down"), self.layout.px(12), 200, colour=MUTED)
                surface.blit(mark, mark.get_rect(midtop=(round(cx), round(cy + h / 2 + 2))))

    def describe(self, seat: int, decision) -> str:
        tr = self.app.tr
        if isinstance(decision, Play):
            if decision.end is None:
                return tr("log.opened", seat=seat, tile=str(decision.tile))
            return tr("log.played", seat=seat, tile=str(decision.tile), end=tr(f"end.{decision.end.value}"))
        if isinstance(decision, Pass):
            return tr("review.passed", seat=seat)
        if isinstance(decision, TrickPlay):
            tiles = " ".join(str(t) for t in decision.tiles)
            return tr("review.face_down_play" if decision.face_down else "review.face_up_play", seat=seat,
                      tiles=tiles)
        return tr("review.decided", seat=seat, decision=self.short_text(decision))

    def short_text(self, decision) -> str:
        """A decision in a few words, for the list of alternatives."""
        tr = self.app.tr
        if isinstance(decision, Play):
            return str(decision.tile) if decision.end is None else f"{decision.tile} ({tr(f'end.{decision.end.value}')})"
        if isinstance(decision, Pass):
            return tr("button.pass")
        if isinstance(decision, TrickPlay):
            tiles = " ".join(str(t) for t in decision.tiles)
            return tr("review.down", tiles=tiles) if decision.face_down else tiles
        name = type(decision).__name__
        if name == "Choose":
            return tr("review.choose", seat=decision.seat)
        return tr("button.throw_in" if name == "ThrowIn" else "button.accept")

    def draw_step(self, surface, board: pygame.Rect) -> None:
        lay, tr = self.layout, self.app.tr
        panel = pygame.Rect(lay.px(20), board.bottom + lay.px(96), lay.size[0] - lay.px(40),
                            lay.button_bar.y - lay.px(52) - board.bottom - lay.px(96))
        pygame.draw.rect(surface, FELT_DARK, panel, border_radius=lay.px(12))
        step = self.review.positions[self.at].step
        x, y = panel.x + lay.px(14), panel.y + lay.px(8)
        width = panel.width - lay.px(28)
        if self.message:
            line = fit_text(self.app, self.message, lay.px(17), width, bold=True, colour=WARN)
            surface.blit(line, (x, y))
            y += line.get_height()
        if step is None:
            surface.blit(fit_text(self.app, tr("review.start"), lay.px(17), width, colour=INK), (x, y))
            return
        surface.blit(fit_text(self.app, self.describe(step.seat, step.decision), lay.px(18), width, bold=True),
                     (x, y))
        y += lay.px(26)
        try:
            verdict = self.review.verdict(self.at)
        except IllegalMove:
            verdict = None
        if verdict is None:
            note = tr("review.no_verdict_computer") if not self.match.is_human(step.seat) else tr("review.forced")
            surface.blit(fit_text(self.app, note, lay.px(16), width, colour=MUTED), (x, y))
            return
        unit = (lambda v: tr("review.chance", percent=round(v * 100))) if verdict.unit == "win_chance" else (
            lambda v: tr("review.points", points=f"{v:+.1f}"))
        key = "review.worse" if verdict.clearly_worse else (
            "review.agrees" if verdict.best == verdict.taken else "review.close_call")
        headline = tr(key, best=self.short_text(verdict.best), value=unit(verdict.estimate(verdict.best)),
                      taken=unit(verdict.estimate(verdict.taken)))
        surface.blit(fit_text(self.app, headline, lay.px(17), width, bold=True,
                              colour=WARN if verdict.clearly_worse else GOLD), (x, y))
        y += lay.px(24)
        reason = hint_text(verdict.hint, tr, self.match.name)
        surface.blit(fit_text(self.app, tr("review.reason", reason=reason), lay.px(15), width, colour=INK), (x, y))
        y += lay.px(22)
        rows = "   ".join(f"{self.short_text(choice)}: {unit(value)}" for choice, value in verdict.estimates[:6])
        surface.blit(fit_text(self.app, rows, lay.px(14), width, colour=MUTED), (x, y))
