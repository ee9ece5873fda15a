"""The Chiva and Dékabès table: the line, your hand, the other hands, previews and tiles in flight."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.blocks.moves import ACCEPT, PASS, THROW_IN, BlockDecision, Choose, Pass, Play
from game.blocks.play import team_of
from game.blocks.result import Scoring
from game.blocks.view import BlockView
from game.core.phases import Phase
from game.core.tiles import Tile
from scenes.blocks.line_view import line_slots, line_tile_size
from scenes.blocks.text import block_log_lines, hint_text
from scenes.drawing import fit_text, row_of_rects
from scenes.input import Action, Drag, Intent, Tap
from scenes.table import TableScene
from scenes.theme import COLOURS
from sprites.line_layout import Slot
from sprites.tween import Tween, lerp, shake_offset

FLIGHT_TIME = 0.38
SCORE_KEYS = {Scoring.STREAKS: "score.streak", Scoring.POINTS: "score.points"}


@dataclass
class Flight:
    """A tile travelling from a hand to its place on the line."""

    tile: Tile
    start: tuple[float, float]
    slot: Slot
    tween: Tween


@dataclass(frozen=True)
class Ghost:
    """Where the selected tile would go on one end, and the decision that puts it there."""

    decision: Play
    slot: Slot
    rect: pygame.Rect


class BlockTable(TableScene):
    """Chiva and Dékabès at the table."""

    def __init__(self, app: Any, match: Any) -> None:
        self.selected: Tile | None = None
        self.focus = 0
        self.end_focus = 0
        self.ghosts: list[Ghost] = []
        self.flight: Flight | None = None
        self.shake: tuple[Tile, float] | None = None
        self.hint_reason = ""
        self.slots: list[Slot] = []
        self.short = 30
        self.hand_rects: list[tuple[Tile, pygame.Rect]] = []
        super().__init__(app, match)

    # --- derived from the view -------------------------------------------------------

    def on_refresh(self) -> None:
        view = self.view
        placed = list(view.line)
        if self.flight is not None:
            placed_tiles = [p.tile for p in placed]
            if self.flight.tile not in placed_tiles:
                self.flight = None
        anchor = self.anchor_index(view)
        self.short = line_tile_size(placed, anchor, self.layout)
        self.slots = line_slots(placed, anchor, self.layout, self.short)
        if self.selected is not None and (self.selected not in view.hand or not self.is_viewer_turn):
            self.clear_selection()
        elif self.selected is not None:
            self.select(self.selected)
        hand = view.hand
        self.focus = min(self.focus, max(0, len(hand) - 1))
        self.hand_rects = self.layout_hand(hand)

    def anchor_index(self, view: BlockView) -> int:
        """Where the first tile played sits in the line (left to right)."""
        if not view.line:
            return 0
        opening = view.turns[0].move
        return next(i for i, p in enumerate(view.line) if isinstance(opening, Play) and p.tile is opening.tile)

    def layout_hand(self, hand: tuple[Tile, ...]) -> list[tuple[Tile, pygame.Rect]]:
        lay = self.layout
        short = lay.hand_short
        rects = row_of_rects(
            len(hand), (short, 2 * short), max(4, short // 5), lay.hand.centerx, lay.hand.bottom - 2 * short - lay.px(8)
        )
        return list(zip(hand, rects))

    # --- selection and preview ----------------------------------------------------------

    def clear_selection(self) -> None:
        self.selected = None
        self.ghosts = []
        self.hint_reason = ""

    def select(self, tile: Tile) -> None:
        """Preview ``tile``: a ghost on every end where it fits; a shake when it fits nowhere."""
        view = self.view
        moves = [m for m in view.legal if isinstance(m, Play) and m.tile is tile]
        if not moves:
            self.clear_selection()
            self.shake = (tile, 0.0)
            if view.phase is Phase.PLAYING:
                self.say(self.app.tr("error.fits_nowhere", tile=str(tile)))
            return
        self.selected = tile
        self.ghosts = []
        for move in moves:
            preview = self.match.preview(move, self.viewer).view
            placed = list(preview.line)
            slots = line_slots(placed, self.anchor_index(preview), self.layout, self.short)
            index = next(i for i, p in enumerate(placed) if p.tile is tile)
            slot = slots[index]
            rect = pygame.Rect(round(slot.x), round(slot.y), round(slot.w), round(slot.h))
            reach = self.layout.px(60)
            target = rect.inflate(max(8, reach - rect.width), max(8, reach - rect.height))
            self.ghosts.append(Ghost(move, slot, target))
        self.end_focus = min(self.end_focus, len(self.ghosts) - 1)

    def confirm(self) -> None:
        """Enter/Space or a tap on a ghost: commit the previewed play."""
        if self.view.phase is not Phase.PLAYING:
            self.decide("accept" if self.view.phase is Phase.ACCEPTING else "choose_self")
            return
        if self.view.legal == (PASS,):
            self.decide("pass")
            return
        if not self.ghosts:
            hand = self.view.hand
            if hand:
                self.select(hand[self.focus])
            return
        self.play(self.ghosts[self.end_focus].decision)

    def play(self, decision: Play) -> None:
        if self.commit(decision):
            self.clear_selection()

    # --- intents -------------------------------------------------------------------------

    def handle_intent(self, intent: Intent) -> None:
        if isinstance(intent, Tap):
            self.tap(intent.pos)
        elif isinstance(intent, Drag) and intent.released:
            self.drop(intent.start, intent.pos)
        elif isinstance(intent, Action):
            self.key(intent.name)

    def tap(self, pos: tuple[int, int]) -> None:
        for ghost in self.ghosts:
            if ghost.rect.collidepoint(pos):
                self.play(ghost.decision)
                return
        for index, (tile, rect) in enumerate(self.hand_rects):
            if self.lifted(rect, tile).collidepoint(pos):
                self.focus = index
                if not self.is_viewer_turn or self.view.phase is not Phase.PLAYING:
                    self.say(self.app.tr("status.wait"))
                    return
                if tile is self.selected and len(self.ghosts) == 1:
                    self.play(self.ghosts[0].decision)
                elif tile is self.selected:
                    self.clear_selection()
                else:
                    self.select(tile)
                return
        self.clear_selection()

    def drop(self, start: tuple[int, int], pos: tuple[int, int]) -> None:
        """A tile dragged from the hand and let go on a ghost plays there."""
        for tile, rect in self.hand_rects:
            if self.lifted(rect, tile).collidepoint(start) and self.is_viewer_turn:
                self.select(tile)
                for ghost in self.ghosts:
                    if ghost.rect.collidepoint(pos):
                        self.play(ghost.decision)
                        return
                return

    def key(self, name: str) -> None:
        hand = self.view.hand
        if name in ("next", "prev") and hand:
            self.focus = (self.focus + (1 if name == "next" else -1)) % len(hand)
            if self.is_viewer_turn and self.view.phase is Phase.PLAYING:
                tile = hand[self.focus]
                if any(isinstance(m, Play) and m.tile is tile for m in self.view.legal):
                    self.select(tile)
                else:
                    self.clear_selection()
        elif name in ("end_next", "end_prev") and self.ghosts:
            self.end_focus = (self.end_focus + (1 if name == "end_next" else -1)) % len(self.ghosts)
        elif name in ("confirm", "space"):
            if self.is_viewer_turn:
                self.confirm()
        elif name == "back":
            if self.selected is not None:
                self.clear_selection()
            else:
                self.control("menu")

    def decision_items(self) -> list[tuple[str, str]]:
        tr, view = self.app.tr, self.view
        if view.phase is Phase.ACCEPTING:
            items = [("accept", tr("button.accept"))]
            if view.may_throw_in:
                items.append(("throw_in", tr("button.throw_in")))
            return items
        if view.phase is Phase.CHOOSING:
            return [("choose_self", tr("button.choose_self")), ("choose_partner", tr("button.choose_partner"))]
        if view.legal == (PASS,):
            return [("pass", tr("button.pass"))]
        return []

    def decide(self, name: str) -> None:
        decision = {
            "accept": ACCEPT,
            "throw_in": THROW_IN,
            "pass": PASS,
            "choose_self": Choose(self.viewer),
            "choose_partner": Choose(self.view.partner),
        }[name]
        self.commit(decision)

    def show_hint(self) -> None:
        """The suggestion, shown as a preview with its reason; applied only on confirmation."""
        suggestion = self.suggestion()
        if suggestion is None:
            return
        decision = suggestion.decision
        if isinstance(decision, Play):
            self.select(decision.tile)
            self.end_focus = next((i for i, g in enumerate(self.ghosts) if g.decision == decision), 0)
            self.focus = self.view.hand.index(decision.tile)
        self.hint_reason = hint_text(suggestion, self.app.tr)
        self.say(self.app.tr("hint.says", reason=self.hint_reason))

    # --- animation ------------------------------------------------------------------------

    @property
    def animating(self) -> bool:
        return self.flight is not None

    def after_decision(self, seat: int, decision: BlockDecision) -> None:
        if isinstance(decision, (Play, Pass)):
            self.app.sounds.play("click" if isinstance(decision, Play) else "pass")
        if not isinstance(decision, Play) or self.app.settings.pace == 0:
            return
        index = next(i for i, p in enumerate(self.view.line) if p.tile is decision.tile)
        self.flight = Flight(
            decision.tile,
            self.seat_anchor(seat, decision.tile),
            self.slots[index],
            Tween(FLIGHT_TIME * self.app.settings.pace),
        )

    def seat_anchor(self, seat: int, tile: Tile) -> tuple[float, float]:
        """Where a tile played by ``seat`` starts its flight."""
        for held, rect in self.hand_rects:
            if held is tile and seat == self.viewer:
                return rect.center
        area = self.seat_rect(seat)
        return area.center

    def seat_rect(self, seat: int) -> pygame.Rect:
        position = self.seat_position(seat)
        return self.layout.hand if position == "bottom" else self.layout.seats[position]

    def update_animation(self, dt: float) -> None:
        if self.flight is not None:
            self.flight.tween.update(dt)
            if self.flight.tween.done:
                self.flight = None
        if self.shake is not None:
            tile, elapsed = self.shake
            self.shake = None if elapsed > 0.4 else (tile, elapsed + dt)

    def reset_animation(self) -> None:
        self.flight = None
        self.shake = None
        self.clear_selection()

    # --- drawing -----------------------------------------------------------------------------

    def draw_centre(self, surface: pygame.Surface) -> None:
        self.draw_line(surface)
        self.draw_ghosts(surface)

    def draw_above(self, surface: pygame.Surface) -> None:
        self.draw_flight(surface)

    def draw_line(self, surface: pygame.Surface) -> None:
        art, short = self.app.art, self.short
        flying = self.flight.tile if self.flight else None
        offset = max(1, short // 12)
        for placed, slot in zip(self.view.line, self.slots):
            if placed.tile is flying:
                continue
            at = (round(slot.x), round(slot.y))
            surface.blit(art.shadow(short, slot.vertical), (at[0] + offset, at[1] + offset))
            surface.blit(art.face(placed.tile, short, slot.vertical, slot.first), at)

    def draw_ghosts(self, surface: pygame.Surface) -> None:
        art = self.app.art
        for index, ghost in enumerate(self.ghosts):
            slot = ghost.slot
            face = art.face(ghost.decision.tile, self.short, slot.vertical, slot.first)
            faint = face.copy()
            faint.set_alpha(150)
            surface.blit(faint, (round(slot.x), round(slot.y)))
            focused = index == self.end_focus
            outline = art.ghost(self.short, slot.vertical, COLOURS.gold if focused else COLOURS.ink)
            surface.blit(outline, (round(slot.x), round(slot.y)))

    def draw_flight(self, surface: pygame.Surface) -> None:
        flight = self.flight
        if flight is None:
            return
        t = flight.tween.progress
        slot = flight.slot
        end = slot.center
        x, y = lerp(flight.start[0], end[0], t), lerp(flight.start[1], end[1], t)
        face = self.app.art.face(flight.tile, self.short, slot.vertical, slot.first)
        surface.blit(face, face.get_rect(center=(round(x), round(y))))

    def lifted(self, rect: pygame.Rect, tile: Tile) -> pygame.Rect:
        if tile is self.selected:
            return rect.move(0, -self.layout.hand_short // 3)
        return rect

    def draw_hand(self, surface: pygame.Surface) -> None:
        lay, art, view = self.layout, self.app.art, self.view
        playable = {m.tile for m in view.legal if isinstance(m, Play)}
        my_turn = self.is_viewer_turn and view.phase is Phase.PLAYING
        if self.match.to_act == self.viewer:
            glow = lay.hand.inflate(-lay.px(8), -lay.px(4))
            pygame.draw.rect(surface, COLOURS.gold, glow, width=max(2, lay.px(3)), border_radius=lay.px(14))
        for index, (tile, rect) in enumerate(self.hand_rects):
            if self.flight is not None and tile is self.flight.tile:
                continue
            shown = self.lifted(rect, tile)
            if self.shake is not None and self.shake[0] is tile:
                shown = shown.move(round(shake_offset(self.shake[1])), 0)
            dim = (0, 0, 0, 90) if my_turn and tile not in playable else None
            surface.blit(art.shadow(lay.hand_short, True), shown.move(lay.px(3), lay.px(4)))
            surface.blit(art.face(tile, lay.hand_short, True, tile.low, dim), shown)
            if index == self.focus and self.is_viewer_turn:
                pygame.draw.rect(
                    surface,
                    COLOURS.gold,
                    shown.inflate(lay.px(8), lay.px(8)),
                    width=max(2, lay.px(3)),
                    border_radius=lay.px(9),
                )
        name = self.app.text_image(self.seat_name(self.viewer), lay.px(16), True, COLOURS.ink)
        surface.blit(name, (lay.hand.x + lay.px(12), lay.hand.y + lay.px(8)))

    def seat_role(self, seat: int) -> str:
        if seat == self.viewer:
            return ""
        return self.app.tr("seat.partner" if team_of(seat) == team_of(self.viewer) else "seat.opponent")

    def draw_seat_label(
        self, surface: pygame.Surface, seat: int, centre: tuple[int, int], width: int, active: bool
    ) -> None:
        """The seat's name, and under it its role, shrunk to fit ``width``."""
        lay = self.layout
        name = fit_text(
            self.app, self.seat_name(seat), lay.px(16), width, bold=True, colour=COLOURS.gold if active else COLOURS.ink
        )
        role = fit_text(self.app, self.seat_role(seat), lay.px(13), width, colour=COLOURS.muted)
        surface.blit(name, name.get_rect(midbottom=centre))
        surface.blit(role, role.get_rect(midtop=centre))

    def draw_seat(self, surface: pygame.Surface, seat: int) -> None:
        lay, art, view, tr = self.layout, self.app.art, self.view, self.app.tr
        position = self.seat_position(seat)
        area = lay.seats[position]
        count = view.tile_counts[seat - 1]
        small = max(8, lay.px(17))
        active = view.to_act == seat
        if position == "top":
            backs = [art.back(small, True)] * count
            gap = max(2, small // 5)
            total = count * small + max(0, count - 1) * gap
            x = area.centerx - total // 2
            y = area.bottom - 2 * small - lay.px(6)
            for back in backs:
                surface.blit(back, (x, y))
                x += small + gap
            label_pos = (area.centerx, area.y)
            box = pygame.Rect(area.centerx - total // 2 - 8, y - 6, total + 16, 2 * small + 12)
        else:
            gap = max(2, small // 5)
            total = count * small + max(0, count - 1) * gap
            y = area.centery - total // 2
            x = area.centerx - small
            for _ in range(count):
                surface.blit(art.back(small, False), (x, y))
                y += small + gap
            label_pos = (area.centerx, area.centery - total // 2 - lay.px(26))
            box = pygame.Rect(x - 6, area.centery - total // 2 - 6, 2 * small + 12, total + 12)
        if active:
            pygame.draw.rect(surface, COLOURS.gold, box, width=max(2, lay.px(3)), border_radius=lay.px(8))
        if position == "top":
            text = f"{self.seat_name(seat)} · {self.seat_role(seat)}"
            line = fit_text(
                self.app, text, lay.px(16), area.width, bold=True, colour=COLOURS.gold if active else COLOURS.ink
            )
            surface.blit(line, line.get_rect(midtop=(area.centerx, area.y + lay.px(4))))
        else:
            self.draw_seat_label(surface, seat, label_pos, area.width - lay.px(6), active)
        if self.passed_last(seat):
            chip = self.app.text_image(tr("seat.pass"), lay.px(15), True, COLOURS.badge_text)
            plate = chip.get_rect(center=box.center).inflate(lay.px(18), lay.px(8))
            pygame.draw.rect(surface, COLOURS.badge, plate, border_radius=lay.px(12))
            surface.blit(chip, chip.get_rect(center=plate.center))

    def passed_last(self, seat: int) -> bool:
        """Whether ``seat``'s latest turn in this round was a pass."""
        for turn in reversed(self.view.turns):
            if turn.seat == seat:
                return isinstance(turn.move, Pass)
        return False

    def draw_top_bar(self, surface: pygame.Surface) -> None:
        lay, view, tr = self.layout, self.view, self.app.tr
        title = self.app.text_image(
            tr("table.title", game=tr(f"game.{view.game}"), round=view.round_number), lay.px(20), True, COLOURS.ink
        )
        surface.blit(title, title.get_rect(midleft=(lay.px(16), lay.top_bar.centery)))
        mine = team_of(self.viewer)
        scores = []
        for team in (mine, "B" if mine == "A" else "A"):
            value = view.score[0 if team == "A" else 1]
            who = tr("team.us") if team == mine else tr("team.them")
            scores.append(tr(SCORE_KEYS[view.rules.scoring], team=who, count=value))
        text = "   ·   ".join(scores)
        if view.rules.scoring is Scoring.POINTS:
            text += "   ·   " + tr("score.base", base=view.base)
        score = self.app.text_image(text, lay.px(18), True, COLOURS.gold)
        left_edge = lay.px(16) + title.get_width() + lay.px(24)
        right_edge = (
            min(w.rect.x for name, w in self.buttons.items() if name in self.TOP_BUTTONS)
            if self.buttons
            else lay.size[0]
        )
        centre = max(left_edge + score.get_width() // 2, min(lay.size[0] // 2, right_edge - score.get_width() // 2 - 8))
        surface.blit(score, score.get_rect(center=(centre, lay.top_bar.centery)))

    def status_text(self) -> str:
        tr, view = self.app.tr, self.view
        if view.result is not None:
            return tr("status.round_over")
        seat = view.to_act
        if seat is None:
            return ""
        if seat == self.viewer and self.match.is_human(seat):
            if view.phase is Phase.ACCEPTING:
                return tr("status.accept_throw_in" if view.may_throw_in else "status.accept")
            if view.phase is Phase.CHOOSING:
                return tr("status.choose")
            if view.legal == (PASS,):
                return tr("status.must_pass")
            if self.hint_reason:
                return tr("hint.says", reason=self.hint_reason)
            if self.selected is not None:
                return tr("status.confirm" if len(self.ghosts) == 1 else "status.pick_end")
            return tr("status.your_turn")
        name = self.seat_name(seat)
        if view.phase is Phase.ACCEPTING:
            return tr("status.other_accepting", name=name)
        if view.phase is Phase.CHOOSING:
            return tr("status.other_choosing", name=name)
        return tr("status.other_turn", name=name)

    def log_lines(self) -> list[str]:
        return block_log_lines(self.match, self.viewer, self.app.tr)
