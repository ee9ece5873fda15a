"""The Chiva and Dékabès table: the line, your hand, the other seats' plates, previews,
tiles in flight and the final board when a round ends."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pygame

from game.blocks.explain import round_story
from game.blocks.moves import ACCEPT, PASS, THROW_IN, BlockDecision, Choose, Pass, Play
from game.blocks.play import Termination, team_of
from game.blocks.view import BlockView
from game.core.match import Match
from game.core.phases import Phase
from game.core.tiles import Tile
from scenes.blocks.line_view import line_slots, line_tile_size
from scenes.blocks.score_words import score_words
from scenes.blocks.text import hint_text, reasons, result_line
from scenes.screens.table import TableScene
from scenes.services.translation import hint_line
from scenes.ui.app_services import AppServices
from scenes.ui.drawing import fit_text, row_of_rects
from scenes.ui.effects import Knock, knock_size
from scenes.ui.input import Action, Drag, Intent, Tap
from scenes.ui.seat_plate import Plate, plate_size
from scenes.ui.theme import COLOURS
from sprites.knock import prepare as prepare_knock
from sprites.knock import preparing as preparing_knock
from sprites.line_layout import Slot
from sprites.tween import Tween, lerp, shake_offset

FLIGHT_TIME = 0.38
CHOICES = {Phase.ACCEPTING: ("accept", "throw_in"), Phase.CHOOSING: ("choose_self", "choose_partner")}


@dataclass
class Flight:
    """A tile travelling from a hand to its place on the line."""

    tile: Tile
    start: tuple[float, float]
    slot: Slot
    tween: Tween


@dataclass
class Dragged:
    """A tile of the hand held under the pointer (or finger): where it is now, and where on
    the tile it was taken."""

    tile: Tile
    pos: tuple[int, int]
    grip: tuple[int, int]


@dataclass(frozen=True)
class Ghost:
    """Where the selected tile would go on one end, and the decision that puts it there."""

    decision: Play
    slot: Slot
    rect: pygame.Rect
    side: int  # the end it goes on: 0 the left one, 1 the right one


class BlockTable(TableScene):
    """Chiva and Dékabès at the table."""

    def __init__(self, app: AppServices, match: Match, screens: Any) -> None:
        self.selected: Tile | None = None
        self.focus = 0
        self.end_focus = 0
        self.ghosts: list[Ghost] = []
        self.flight: Flight | None = None
        self.shake: tuple[Tile, float] | None = None
        self.pending: str | None = None  # a deal or opener decision previewed, not yet confirmed
        self.slots: list[Slot] = []
        self.short = 30
        self.hand_rects: list[tuple[Tile, pygame.Rect]] = []
        self.dragged: Dragged | None = None
        super().__init__(app, match, screens)

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
        self.app.art.owe_size(self.short, COLOURS.ring)
        self.slots = line_slots(placed, anchor, self.layout, self.short)
        if self.selected is not None and (self.selected not in view.hand or not self.is_viewer_turn):
            self.clear_selection()
        elif self.selected is not None:
            self.select(self.selected)
        hand = view.hand
        self.focus = min(self.focus, max(0, len(hand) - 1))
        playable = [i for i, tile in enumerate(hand) if any(isinstance(m, Play) and m.tile is tile for m in view.legal)]
        if playable and self.focus not in playable:
            self.focus = playable[0]
        if self.pending is not None and (not self.is_viewer_turn or self.pending not in self.choices()):
            self.pending = None
        self.hand_rects = self.layout_hand(hand)

    def anchor_index(self, view: BlockView) -> int:
        """Where the first tile played sits in the line (left to right)."""
        if not view.line:
            return 0
        opening = view.turns[0].move
        return next(i for i, p in enumerate(view.line) if isinstance(opening, Play) and p.tile is opening.tile)

    def layout_hand(self, hand: tuple[Tile, ...]) -> list[tuple[Tile, pygame.Rect]]:
        """Your tiles in a row, centred in the hand's frame unless your plate needs the room."""
        lay = self.layout
        short = lay.hand_short
        gap = self.hand_gap()
        half = (len(hand) * short + max(0, len(hand) - 1) * gap) // 2
        plate = plate_size(lay.unit, vertical=False)[0] + lay.px(26)
        if self.app.settings.handed == "right":
            centre = max(lay.hand.centerx, lay.hand.x + plate + half)
        else:
            centre = min(lay.hand.centerx, lay.hand.right - plate - half)
        rects = row_of_rects(len(hand), (short, 2 * short), gap, centre, lay.hand.bottom - 2 * short - lay.px(8))
        return list(zip(hand, rects))

    def hand_gap(self) -> int:
        return max(4, self.layout.hand_short // 5)

    def target(self, rect: pygame.Rect, tile: Tile) -> pygame.Rect:
        """Where a tap or a drag takes a tile of your hand: the tile (lifted or not) and half
        the gap on each side, so the row has no dead space between its tiles."""
        shown = self.lifted(rect, tile)
        return shown.union(rect).inflate(self.hand_gap(), 0)

    # --- selection and preview ----------------------------------------------------------

    def clear_selection(self) -> None:
        self.selected = None
        self.dragged = None
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
            preview = self.session.preview(move)
            placed = list(preview.line)
            slots = line_slots(placed, self.anchor_index(preview), self.layout, self.short)
            index = next(i for i, p in enumerate(placed) if p.tile is tile)
            slot = slots[index]
            rect = pygame.Rect(round(slot.x), round(slot.y), round(slot.w), round(slot.h))
            reach = self.layout.px(60)
            target = rect.inflate(max(8, reach - rect.width), max(8, reach - rect.height))
            self.ghosts.append(Ghost(move, slot, target, 0 if index == 0 else 1))
        self.end_focus = min(self.end_focus, len(self.ghosts) - 1)

    def confirm(self) -> None:
        """Enter/Space or a tap on a ghost: commit the previewed play."""
        if self.view.phase is not Phase.PLAYING:
            self.decide("confirm" if self.pending is not None else self.choices()[0])
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
            held, self.dragged = self.dragged, None
            if held is not None:
                self.drop_on_ghost(intent.pos)
            else:
                self.drop(intent.start, intent.pos)
        elif isinstance(intent, Drag):
            self.drag(intent.start, intent.pos)
        elif isinstance(intent, Action):
            self.key(intent.name)

    def tap(self, pos: tuple[int, int]) -> None:
        for ghost in self.ghosts:
            if ghost.rect.collidepoint(pos):
                self.play(ghost.decision)
                return
        for index, (tile, rect) in enumerate(self.hand_rects):
            if self.target(rect, tile).collidepoint(pos):
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

    def drag(self, start: tuple[int, int], pos: tuple[int, int]) -> None:
        """A tile of the hand dragged: it follows the pointer, the places it may go light up,
        and the one under the pointer is the one it would go to."""
        if self.dragged is None:
            if not self.is_viewer_turn or self.view.phase is not Phase.PLAYING:
                return
            for tile, rect in self.hand_rects:
                shown = self.lifted(rect, tile)
                if self.target(rect, tile).collidepoint(start) and any(
                    isinstance(m, Play) and m.tile is tile for m in self.view.legal
                ):
                    if tile is not self.selected:
                        self.select(tile)
                    self.dragged = Dragged(tile, pos, (start[0] - shown.centerx, start[1] - shown.centery))
                    break
            else:
                return
        self.dragged.pos = pos
        under = next((i for i, ghost in enumerate(self.ghosts) if ghost.rect.collidepoint(pos)), None)
        if under is not None:
            self.end_focus = under

    def drop_on_ghost(self, pos: tuple[int, int]) -> None:
        """The dragged tile let go: on a lit place it plays there; elsewhere it goes back to the
        hand, still previewed."""
        for ghost in self.ghosts:
            if ghost.rect.collidepoint(pos):
                self.play(ghost.decision)
                return

    def drop(self, start: tuple[int, int], pos: tuple[int, int]) -> None:
        """A tile dragged from the hand and let go on a ghost plays there."""
        for tile, rect in self.hand_rects:
            if self.target(rect, tile).collidepoint(start) and self.is_viewer_turn:
                self.select(tile)
                for ghost in self.ghosts:
                    if ghost.rect.collidepoint(pos):
                        self.play(ghost.decision)
                        return
                return

    def key(self, name: str) -> None:
        hand = self.view.hand
        if name in ("next", "prev") and self.is_viewer_turn and self.view.phase in CHOICES:
            choices = self.choices()
            current = choices.index(self.pending) if self.pending in choices else -1
            self.preview_choice(choices[(current + (1 if name == "next" else -1)) % len(choices)])
        elif name in ("next", "prev") and hand:
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
            if self.selected is not None or self.pending is not None:
                self.clear_selection()
                self.pending = None
                self.make_decision_buttons()
            else:
                self.control("menu")

    def choices(self) -> tuple[str, ...]:
        """The decisions to choose between now, when it is not a play (keep or throw in; who opens)."""
        view = self.view
        if view.phase is Phase.ACCEPTING:
            return CHOICES[Phase.ACCEPTING] if view.may_throw_in else ("accept",)
        return CHOICES.get(view.phase, ())

    def decision_items(self) -> list[tuple[str, str]]:
        tr, view = self.app.tr, self.view
        choices = self.choices()
        if len(choices) > 1:
            items = [(name, tr(f"button.{name}")) for name in choices]
            return items + [("confirm", tr("button.confirm"))] if self.pending is not None else items
        if choices:
            return [(choices[0], tr(f"button.{choices[0]}"))]
        if view.legal == (PASS,):
            return [("pass", tr("button.pass"))]
        return []

    def decision_slots(self) -> int:
        choices = self.choices()
        return len(choices) + 1 if len(choices) > 1 else 0

    def primary_decisions(self) -> tuple[str, ...]:
        return (self.pending, "confirm") if self.pending is not None else ()

    def decision(self, name: str) -> BlockDecision:
        decisions: dict[str, BlockDecision] = {
            "accept": ACCEPT,
            "throw_in": THROW_IN,
            "pass": PASS,
            "choose_self": Choose(self.viewer),
            "choose_partner": Choose(self.view.partner),
        }
        return decisions[name]

    def preview_choice(self, name: str) -> None:
        """Show what a deal or opener decision would do; nothing changes until Confirm."""
        self.pending = name
        self.hint_reason = ""
        self.make_decision_buttons()

    def decide(self, name: str) -> None:
        """A decision button: a real choice is previewed first, then committed by Confirm."""
        if name == "confirm" and self.pending is not None:
            chosen, self.pending = self.pending, None
            self.commit(self.decision(chosen))
        elif len(self.choices()) > 1 and name in self.choices():
            self.preview_choice(name)
        elif name != "confirm":
            self.commit(self.decision(name))

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
        elif len(self.choices()) > 1:
            self.preview_choice(next(name for name in self.choices() if self.decision(name) == decision))
        self.hint_reason = hint_text(suggestion, self.names, self.app.tr)
        self.say(hint_line(self.app.text, self.hint_reason))

    # --- animation ------------------------------------------------------------------------

    @property
    def animating(self) -> bool:
        return self.flight is not None

    def prepare_pictures(self) -> Iterator[None]:
        for size in self.knock_sizes():
            yield from preparing_knock(size)

    def prepare_faces(self) -> Iterator[None]:
        art = self.app.art
        for short in (self.layout.hand_short, self.short):
            yield from art.preparing_size(short, COLOURS.ring)
        for vertical in (True, False):
            art.back(self.backs_size(), vertical)
            yield

    def enter(self) -> None:
        super().enter()
        for size in self.knock_sizes():  # painted once now (if not ahead), not in the frame of a pass
            prepare_knock(size)

    def knock_sizes(self) -> set[int]:
        """The sizes of the knock a pass shows over each other seat's plate (none without motion)."""
        if self.app.settings.pace == 0:
            return set()
        return {knock_size(self.plate_rect(seat)) for seat in range(1, 5) if seat != self.viewer}

    def after_decision(self, seat: int, decision: BlockDecision) -> None:
        if isinstance(decision, Pass):
            self.app.sounds.play("knock")
            plate = self.plate_rect(seat)
            self.effects.add(Knock(plate.center, knock_size(plate)), self.app.settings.pace)
        elif isinstance(decision, Play):
            self.app.sounds.play("click")
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
            if self.flight.tween.done and self.still_is_current():
                self.flight = None  # the line's picture has the tile now: it never blinks out
        if self.shake is not None:
            tile, elapsed = self.shake
            self.shake = None if elapsed > 0.4 else (tile, elapsed + dt)

    def reset_animation(self) -> None:
        self.flight = None
        self.shake = None
        self.dragged = None
        self.clear_selection()

    # --- drawing -----------------------------------------------------------------------------

    def draw_still(self, surface: pygame.Surface) -> None:
        self.draw_line(surface)
        self.draw_ends(surface)
        super().draw_still(surface)

    def still_key(self) -> tuple:
        return (*super().still_key(), self.in_air, self.ghost_sides)

    @property
    def ghost_sides(self) -> frozenset[int]:
        """The ends of the line a ghost lies beyond: their number chips make way for it."""
        return frozenset(ghost.side for ghost in self.ghosts)

    @property
    def in_air(self) -> Tile | None:
        """The tile flying to the line, until it lands."""
        return self.flight.tile if self.flight is not None and not self.flight.tween.done else None

    def draw_centre(self, surface: pygame.Surface) -> None:
        self.draw_ghosts(surface)

    def draw_above(self, surface: pygame.Surface) -> None:
        self.draw_flight(surface)
        self.draw_dragged(surface)

    def draw_dragged(self, surface: pygame.Surface) -> None:
        """The tile held under the pointer, over everything on the table."""
        dragged = self.dragged
        if dragged is None:
            return
        art, short = self.app.art, self.layout.hand_short
        face = art.face(dragged.tile, short, True, dragged.tile.low, redrawn=True)
        where = face.get_rect(center=(dragged.pos[0] - dragged.grip[0], dragged.pos[1] - dragged.grip[1]))
        shadow, (dx, dy) = art.drop_shadow(short, True, redrawn=True)
        surface.blit(shadow, where.move(dx * 2, dy * 2))
        surface.blit(face, where)

    def draw_line(self, surface: pygame.Surface) -> None:
        art, short = self.app.art, self.short
        flying = self.in_air
        line = self.view.line
        ends = (line[0], line[-1]) if line and self.view.result is None and self.in_air is None else None
        last = self.last_tile()
        for placed, slot in zip(self.view.line, self.slots):
            if placed.tile is flying:
                continue
            at = (round(slot.x), round(slot.y))
            shadow, (dx, dy) = art.drop_shadow(short, slot.vertical, redrawn=True)
            surface.blit(shadow, (at[0] + dx, at[1] + dy))
            if ends is not None and placed in ends:
                glow, (gx, gy) = art.glow(short, slot.vertical, COLOURS.ring, redrawn=True)
                surface.blit(glow, (at[0] + gx, at[1] + gy))
            surface.blit(art.face(placed.tile, short, slot.vertical, slot.first, redrawn=True), at)
            if placed.tile is last and self.view.result is not None:
                rect = pygame.Rect(at, (round(slot.w), round(slot.h))).inflate(max(4, short // 5), max(4, short // 5))
                pygame.draw.rect(
                    surface, COLOURS.ring, rect, width=max(2, short // 10), border_radius=max(3, short // 5)
                )

    def last_tile(self) -> Tile | None:
        """The tile played last on the line."""
        for turn in reversed(self.view.turns):
            if isinstance(turn.move, Play):
                return turn.move.tile
        return None

    def draw_ends(self, surface: pygame.Surface) -> None:
        """The two open numbers, in chips just beyond the tiles at the ends of the line; not
        beyond an end where a previewed tile (a ghost) lies, whose pips it would cover."""
        view, slots = self.view, self.slots
        if view.ends is None or not slots or self.in_air is not None:
            return
        size = max(12, round(self.short * 0.55))
        covered = self.ghost_sides
        for side, number, end, inner, fallback in (
            (0, view.ends[0], slots[0], slots[1] if len(slots) > 1 else None, (-1.0, 0.0)),
            (1, view.ends[1], slots[-1], slots[-2] if len(slots) > 1 else None, (1.0, 0.0)),
        ):
            if side in covered:
                continue
            dx, dy = fallback
            if inner is not None:
                dx, dy = end.center[0] - inner.center[0], end.center[1] - inner.center[1]
                length = max(1e-6, (dx * dx + dy * dy) ** 0.5)
                dx, dy = dx / length, dy / length
            image = self.app.text_image(str(number), size, True, COLOURS.badge_text)
            side = max(image.get_width(), image.get_height()) + size // 3
            reach = abs(dx) * end.w / 2 + abs(dy) * end.h / 2 + side * 0.7
            chip = pygame.Rect(0, 0, side, side)
            chip.center = (round(end.center[0] + dx * reach), round(end.center[1] + dy * reach))
            pygame.draw.ellipse(surface, COLOURS.badge, chip)
            surface.blit(image, image.get_rect(center=chip.center))

    def draw_ghosts(self, surface: pygame.Surface) -> None:
        art = self.app.art
        for index, ghost in enumerate(self.ghosts):
            slot = ghost.slot
            face = art.face(ghost.decision.tile, self.short, slot.vertical, slot.first, redrawn=True)
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
        t = 1.0 if self.app.settings.reduced_motion else flight.tween.progress  # in place at once, in time
        slot = flight.slot
        end = slot.center
        x, y = lerp(flight.start[0], end[0], t), lerp(flight.start[1], end[1], t)
        face = self.app.art.face(flight.tile, self.short, slot.vertical, slot.first, redrawn=True)
        surface.blit(face, face.get_rect(center=(round(x), round(y))))

    def lifted(self, rect: pygame.Rect, tile: Tile) -> pygame.Rect:
        if tile is self.selected:
            return rect.move(0, -self.layout.hand_short // 3)
        return rect

    def draw_hand(self, surface: pygame.Surface) -> None:
        lay, art, view = self.layout, self.app.art, self.view
        playable = {m.tile for m in view.legal if isinstance(m, Play)}
        my_turn = self.is_viewer_turn and view.phase is Phase.PLAYING
        if self.session.to_act == self.viewer:
            glow = lay.hand.inflate(-lay.px(8), -lay.px(4))
            pygame.draw.rect(surface, COLOURS.gold, glow, width=max(2, lay.px(3)), border_radius=lay.px(14))
        for index, (tile, rect) in enumerate(self.hand_rects):
            if self.flight is not None and tile is self.flight.tile:
                continue
            if self.dragged is not None and tile is self.dragged.tile:
                continue  # it is under the pointer
            shown = self.lifted(rect, tile)
            if self.shake is not None and self.shake[0] is tile:
                shown = shown.move(round(shake_offset(self.shake[1])), 0)
            dim = (0, 0, 0, 90) if my_turn and tile not in playable else None
            shadow, (dx, dy) = art.drop_shadow(lay.hand_short, True, redrawn=True)
            surface.blit(shadow, shown.move(dx, dy))
            surface.blit(art.face(tile, lay.hand_short, True, tile.low, dim, redrawn=True), shown)
            if index == self.focus and self.is_viewer_turn:
                pygame.draw.rect(
                    surface,
                    COLOURS.gold,
                    shown.inflate(lay.px(8), lay.px(8)),
                    width=max(2, lay.px(3)),
                    border_radius=lay.px(9),
                )

    def plate_for(self, seat: int) -> Plate:
        """What ``seat``'s plate says: its name, its team, its tiles, and a pass."""
        view, tr = self.view, self.app.tr
        team = team_of(seat)
        count = view.tile_counts[seat - 1]
        return Plate(
            name=self.names.label(seat),
            letters=self.names.initials(seat),
            detail=self.names.team(team),
            count=tr("seat.tiles", count=count),
            colour=COLOURS.team(team),
            active=view.to_act == seat and view.result is None,
            badge=tr("seat.pass") if self.passed_last(seat) else "",
            thinking=self.thinking.seat == seat,
        )

    def draw_own_plate(self, surface: pygame.Surface) -> None:
        self.draw_plate(surface, self.own_plate_rect(), self.viewer, False)

    def backs_size(self) -> int:
        return max(8, self.layout.px(15))

    def backs_width(self) -> int:
        small = self.backs_size()
        return 7 * small + 6 * max(2, small // 5)

    def hand_span(self) -> tuple[int, int]:
        if not self.hand_rects:
            return super().hand_span()
        return self.hand_rects[0][1].x, self.hand_rects[-1][1].right

    def draw_seat(self, surface: pygame.Surface, seat: int) -> None:
        """Another seat: its plate, and its tiles face down beside it."""
        lay, art, view = self.layout, self.app.art, self.view
        position = self.seat_position(seat)
        area = lay.seats[position]
        count = view.tile_counts[seat - 1]
        small = self.backs_size()
        gap = max(2, small // 5)
        plate = self.plate_rect(seat)
        if view.revealed_hands is not None:  # the round has ended: every hand is shown
            self.draw_revealed(surface, seat, view.revealed_hands[seat - 1])
        elif position == "top":
            row = row_of_rects(count, (small, 2 * small), gap, area.centerx, area.y + (area.height - 2 * small) // 2)
            for rect in row:
                surface.blit(art.back(small, True), rect)
        else:
            top = plate.bottom + lay.px(12)
            for index in range(count):
                surface.blit(art.back(small, False), (area.centerx - small, top + index * (small + gap)))
        self.draw_plate(surface, plate, seat, position != "top")

    def revealed_size(self) -> int:
        """The short side of another seat's tiles shown face up once the round has ended."""
        lay = self.layout
        return max(10, min(lay.px(26), (lay.seats["top"].height - lay.px(8)) // 2))

    def draw_revealed(self, surface: pygame.Surface, seat: int, tiles: tuple[Tile, ...]) -> None:
        """Another seat's tiles left, face up, where its tiles face down lay."""
        lay, art = self.layout, self.app.art
        position = self.seat_position(seat)
        area = lay.seats[position]
        short = self.revealed_size()
        gap = max(2, short // 6)
        if position == "top":  # beside its plate, as its tiles face down
            width = len(tiles) * short + (len(tiles) - 1) * gap
            centre = max(area.centerx, self.plate_rect(seat).right + lay.px(14) + width // 2)
            row = row_of_rects(len(tiles), (short, 2 * short), gap, centre, area.y + (area.height - 2 * short) // 2)
            for tile, rect in zip(tiles, row):
                surface.blit(art.face(tile, short, True, tile.low), rect)
            return
        top = self.plate_rect(seat).bottom + lay.px(12)
        for index, tile in enumerate(tiles):
            surface.blit(art.face(tile, short, False, tile.low), (area.centerx - short, top + index * (short + gap)))

    def board_taken(self) -> list[pygame.Rect]:
        """The tiles of the line, with room for the ring round the last one and the end chips."""
        reach = self.short // 3
        rects = [pygame.Rect(round(s.x), round(s.y), round(s.w), round(s.h)).inflate(reach, reach) for s in self.slots]
        if len(rects) > 0:
            side = 2 * self.short
            rects += [rects[0].inflate(side, 0), rects[-1].inflate(side, 0)]  # the numbers at the ends
        return rects

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
        text = score_words(view.rules).score(view.score, view.base, self.names, tr)
        left_edge = lay.px(16) + title.get_width() + lay.px(24)
        right_edge = (
            min(w.rect.x for name, w in self.buttons.items() if name in self.TOP_BUTTONS)
            if self.buttons
            else lay.size[0]
        )
        score = fit_text(self.app, text, lay.px(18), right_edge - left_edge - lay.px(16), True, COLOURS.gold)
        centre = max(left_edge + score.get_width() // 2, min(lay.size[0] // 2, right_edge - score.get_width() // 2 - 8))
        surface.blit(score, score.get_rect(center=(centre, lay.top_bar.centery)))

    def status_text(self) -> str:
        tr, view = self.app.tr, self.view
        if view.result is not None:
            return tr("status.round_over")
        seat = view.to_act
        if seat is None:
            return ""
        if seat == self.viewer and self.session.is_human(seat):
            if self.hint_reason:
                return hint_line(self.app.text, self.hint_reason)
            if self.pending is not None:
                return tr(f"preview.{self.pending}")
            if view.phase is Phase.ACCEPTING:
                return tr("status.accept_throw_in" if view.may_throw_in else "status.accept")
            if view.phase is Phase.CHOOSING:
                return tr("status.choose")
            if view.legal == (PASS,):
                return tr("status.must_pass")
            if self.selected is not None:
                return tr("status.confirm" if len(self.ghosts) == 1 else "status.pick_end")
            return tr("status.your_turn")
        if view.phase is Phase.ACCEPTING:
            return self.names.says("status.other_accepting", seat)
        if view.phase is Phase.CHOOSING:
            return self.names.says("status.other_choosing", seat)
        return self.names.says("status.other_turn", seat)

    def round_end_caption(self) -> list[str]:
        """What the final board shows before the summary: who won and why it ended."""
        result = self.match.round.result
        ends = self.view.ends or (0, 0)
        story = round_story(self.view.rules, self.match.start, result, ends)
        lines = [result_line(story, self.names, self.app.tr)]
        if story.termination is Termination.BLOCK:
            lines.append(reasons(story, score_words(self.view.rules), self.names, self.app.tr)[0])
        return lines
