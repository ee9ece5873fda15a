"""The Tien Gow table: your hand by suit and rank, selections previewed as groups, the
trick in the centre, columns, banker, running totals and immediate payments."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.core.match import Match
from game.core.tiles import Tile
from game.tiengow.chinese import rank, suit
from game.tiengow.deal import TrickPlay
from game.tiengow.explain import trick_story
from game.tiengow.groups import classify
from game.tiengow.view import SeenPlay, SeenTrick
from scenes.screens.table import TableScene
from scenes.screens.table_layout import COMFORTABLE_TILE, PLATE_BESIDE, TableLayout
from scenes.services.translation import hint_line
from scenes.tiengow.text import capital, group_text, hint_text, immediate_line, tile_key, trick_line
from scenes.tiengow.tile_chart import chart_image
from scenes.ui import panels
from scenes.ui.app_services import AppServices
from scenes.ui.drawing import fit_text, row_of_rects, shade, wrap_text
from scenes.ui.effects import Payment
from scenes.ui.input import Action, Intent, Press, Tap
from scenes.ui.rules_text import rules_body
from scenes.ui.seat_plate import Plate, plate_lines
from scenes.ui.theme import COLOURS
from scenes.ui.widgets import button
from sprites.chinese_art import RATIO, ChineseArt
from sprites.stacks import columns
from sprites.tween import Tween, lerp

TRICK_SPOTS = {"bottom": (0, 0.28), "top": (0, -0.28), "left": (-0.3, 0), "right": (0.3, 0)}
TRICK_SHORT = 30  # design px across a tile played to the trick
FLIGHT_TIME = 0.35
LINGER = 1.1  # seconds a finished trick stays in view
SWEEP = 0.35  # seconds its tiles take to slide to the winner
LONG_PRESS = 0.5
POPUP_TIME = 2.4


@dataclass
class Flight:
    """A play travelling from its seat to its place in the trick."""

    seat: int
    tween: Tween


@dataclass
class Lingering:
    """A finished trick held in view with why it was won, then swept to its winner. With a
    person at the table it stays until they move on (``held``)."""

    trick: SeenTrick
    time: float = 0.0
    held: bool = True


class TienGowTable(TableScene):
    """Tien Gow at the table."""

    def __init__(self, app: AppServices, match: Match, screens: Any) -> None:
        self.art = app.chinese_art
        self.selection: list[int] = []
        self.cursor = 0
        self.face_down = False
        self.flight: Flight | None = None
        self.lingering: Lingering | None = None
        self.popup = ""
        self.popup_time = 0.0
        self.press: tuple[tuple[int, int], float] | None = None
        self.named: Tile | None = None
        self.hand_rects: list[tuple[Tile, pygame.Rect]] = []
        self.seen_tricks = 0
        self.keyboard = False  # the last input came from the keys: name the focused tile
        self.peek: SeenTrick | None = None  # a finished trick shown again on request
        super().__init__(app, match, screens)

    TOP_BUTTONS = ("last_trick", "rules", "log", "menu")

    def game_control(self, name: str) -> bool:
        """The Last trick button shows the trick just taken again, with why it was won."""
        if name != "last_trick":
            return False
        tricks = self.view.tricks
        if tricks:
            self.peek = None if self.peek is not None else tricks[-1]
        else:
            self.say(self.app.tr("tg.status.no_trick_yet"))
        return True

    def make_layout(self) -> TableLayout:
        return TableLayout.for_size(
            self.table_size(), hand_tiles=8, hand_ratio=RATIO, stacked_buttons=2, beside=PLATE_BESIDE + 250
        )

    def button_text(self, name: str) -> str:
        return self.app.tr(self.screens.words.get(name, f"button.{name}"))

    # --- derived from the view -------------------------------------------------------------

    def on_refresh(self) -> None:
        view = self.view
        hand = view.hand
        self.selection = [i for i in self.selection if i < len(hand)] if self.is_viewer_turn else []
        if self.all_must_go:
            self.selection = list(range(len(hand)))  # nothing to choose: every tile left goes
        if view.early_death:
            self.face_down = True
        elif not self.selection:
            self.face_down = False
        self.cursor = min(self.cursor, max(0, len(hand) - 1))
        self.hand_rects = self.layout_hand(hand)
        self.seen_tricks = min(self.seen_tricks, len(view.tricks))
        self.update_face_down()

    @property
    def all_must_go(self) -> bool:
        """Whether the person to act must play every tile left (the last trick): they are
        selected for them, and the button says how they go."""
        view = self.view
        return self.is_viewer_turn and bool(view.hand) and (view.trick_size or 1) == len(view.hand)

    def layout_hand(self, hand: tuple[Tile, ...]) -> list[tuple[Tile, pygame.Rect]]:
        lay = self.layout
        short = lay.hand_short
        size = ChineseArt.size(short)
        rects = row_of_rects(len(hand), size, self.hand_gap(), lay.hand.centerx, lay.hand.bottom - size[1] - lay.px(8))
        return list(zip(hand, rects))

    def hand_gap(self) -> int:
        """The gap between your tiles: wide enough in a small window that a tile and half the
        gap on each side make a comfortable target for a finger."""
        short = self.layout.hand_short
        return max(4, short // 4, COMFORTABLE_TILE - short)

    def target(self, rect: pygame.Rect, index: int) -> pygame.Rect:
        """Where a tap takes a tile of your hand: the tile (lifted or not) and half the gap on
        each side, so the row has no dead space between its tiles."""
        return self.lifted(rect, index).union(rect).inflate(self.hand_gap(), 0)

    @property
    def selected_tiles(self) -> tuple[Tile, ...]:
        hand = self.view.hand
        return tuple(hand[i] for i in sorted(self.selection))

    def selected_play(self) -> TrickPlay | None:
        tiles = self.selected_tiles
        return TrickPlay(tiles, self.face_down) if tiles else None

    def preview_text(self) -> str:
        """What the selection is, and what it would do now."""
        tr, view = self.app.tr, self.view
        tiles = self.selected_tiles
        k = view.trick_size
        if view.early_death:
            return tr("tg.status.early_death")
        if not tiles:
            return tr("tg.status.lead") if k is None else tr("tg.status.follow", count=k)
        group = classify(tiles)
        if k is None:
            return (
                tr("tg.preview.lead", group=capital(group_text(group, tr))) if group else tr("tg.preview.not_a_group")
            )
        if len(tiles) != k:
            return tr("tg.preview.count", count=k, chosen=len(tiles))
        if TrickPlay(tiles, False) not in view.legal:
            if group is None:
                return tr("tg.preview.no_group", count=k)
            return tr("tg.preview.cannot_beat", group=capital(group_text(group, tr)))
        if self.face_down:
            return tr("tg.preview.face_down", count=k)
        assert group is not None
        return tr("tg.preview.beats", group=capital(group_text(group, tr)))

    # --- commands --------------------------------------------------------------------------

    def toggle(self, index: int) -> None:
        if self.all_must_go:
            self.say(self.preview_text())
            return
        if index in self.selection:
            self.selection.remove(index)
        else:
            limit = self.view.trick_size or 4
            if len(self.selection) >= limit:
                self.selection.pop(0)
            self.selection.append(index)
        self.hint_reason = ""
        self.update_face_down()
        self.make_decision_buttons()

    def update_face_down(self) -> None:
        """A selection that cannot go face up is turned face down, with the reason shown."""
        view = self.view
        if view.early_death:
            self.face_down = True
            return
        tiles = self.selected_tiles
        if view.trick_size is None:
            self.face_down = False
        elif tiles and len(tiles) == view.trick_size and TrickPlay(tiles, False) not in view.legal:
            self.face_down = True

    def confirm(self) -> None:
        hand = self.view.hand
        if not self.selection and hand and (len(hand) == 1 or self.view.trick_size in (None, 1)):
            self.selection = [self.cursor]  # Play with no selection plays the focused tile
            self.update_face_down()
        play = self.selected_play()
        if play is None:
            self.say(self.app.tr("tg.status.choose_tiles"))
            return
        if self.commit(play):
            self.selection = []
            self.face_down = False
            self.hint_reason = ""

    def decision_items(self) -> list[tuple[str, str]]:
        tr, view = self.app.tr, self.view
        items = [("play", tr("tg.button.play_down" if self.face_down else "tg.button.play"))]
        if view.trick_size is not None:
            items.insert(
                0, ("face_down", tr("tg.button.face_down_on" if self.face_down else "tg.button.face_down_off"))
            )
        return items

    def place_decision_buttons(self, items: list[tuple[str, str]]) -> dict[str, Any]:
        """Stacked beside the hand (on the side of the hand the player favours), clear of the trick."""
        lay = self.layout
        width = (
            min(lay.px(230), lay.hand.right - self.hand_rects[-1][1].right - lay.px(24))
            if self.hand_rects
            else lay.px(230)
        )
        x = lay.hand.right - width - lay.px(12) if self.app.settings.handed == "right" else lay.hand.x + lay.px(12)
        y = lay.hand.bottom - lay.px(8) - len(items) * (lay.button_h + lay.px(6))
        made = {}
        for name, text in items:
            made[name] = button(self.app.ui, pygame.Rect(x, y, width, lay.button_h), text, name, primary=name == "play")
            y += lay.button_h + lay.px(6)
        return made

    def decide(self, name: str) -> None:
        if name == "play":
            self.confirm()
        elif name == "face_down":
            self.toggle_face_down()

    def toggle_face_down(self) -> None:
        view = self.view
        if view.trick_size is None:
            self.say(self.app.tr("error.lead_face_down"))
            return
        tiles = self.selected_tiles
        can_go_up = not tiles or len(tiles) != view.trick_size or TrickPlay(tiles, False) in view.legal
        if self.face_down and (view.early_death or not can_go_up):
            self.say(self.preview_text())
            return
        self.face_down = not self.face_down
        self.make_decision_buttons()

    def show_hint(self) -> None:
        suggestion = self.suggestion()
        if suggestion is None:
            return
        play = suggestion.decision
        hand = list(self.view.hand)
        chosen = []
        for tile in play.tiles:
            index = next(i for i, t in enumerate(hand) if t is tile and i not in chosen)
            chosen.append(index)
        self.selection = chosen
        self.face_down = play.face_down
        self.hint_reason = hint_text(suggestion, self.names, self.app.tr)
        self.cursor = chosen[0] if chosen else self.cursor
        self.keyboard = True
        self.make_decision_buttons()
        self.say(hint_line(self.app.text, self.hint_reason))

    # --- intents ---------------------------------------------------------------------------

    def handle_intent(self, intent: Intent) -> None:
        if self.peek is not None and isinstance(intent, (Tap, Action)):
            self.peek = None
            return
        if self.lingering is not None and self.lingering.held and isinstance(intent, (Tap, Action)):
            self.lingering.held = False  # the player moves on: the trick goes to its winner
            if not (isinstance(intent, Tap) and self.tile_at(intent.pos) is not None):
                return
        if isinstance(intent, Press):
            self.press = (intent.pos, 0.0)
            return
        if isinstance(intent, Tap):
            long_press = self.named is not None
            self.press, self.named = None, None
            if not long_press:
                self.tap(intent.pos)
        elif isinstance(intent, Action):
            self.key(intent.name)

    def tile_at(self, pos: tuple[int, int]) -> int | None:
        for index, (_tile, rect) in enumerate(self.hand_rects):
            if self.target(rect, index).collidepoint(pos):
                return index
        return None

    def tap(self, pos: tuple[int, int]) -> None:
        index = self.tile_at(pos)
        if index is None:
            return
        self.cursor = index
        if not self.is_viewer_turn:
            self.say(self.app.tr("status.wait"))
            return
        self.toggle(index)

    def key(self, name: str) -> None:
        hand = self.view.hand
        self.keyboard = True
        if name in ("next", "prev") and hand:
            self.cursor = (self.cursor + (1 if name == "next" else -1)) % len(hand)
        elif name == "space" and hand and self.is_viewer_turn:
            self.toggle(self.cursor)
        elif name == "face_down" and self.is_viewer_turn:
            self.toggle_face_down()
        elif name == "confirm" and self.is_viewer_turn:
            self.confirm()
        elif name == "back":
            if self.selection and not self.all_must_go:
                self.selection = []
                self.face_down = bool(self.view.early_death)
                self.make_decision_buttons()
            else:
                self.control("menu")

    # --- animation -------------------------------------------------------------------------

    @property
    def animating(self) -> bool:
        return self.flight is not None or self.lingering is not None

    def after_decision(self, seat: int, decision: TrickPlay | None) -> None:
        view = self.view
        pace = self.app.settings.pace
        self.app.sounds.play("pass" if decision is None or decision.face_down else "click")
        if len(view.tricks) > self.seen_tricks:
            trick = view.tricks[-1]
            self.seen_tricks = len(view.tricks)
            held = bool(self.humans) and not self.app.settings.demo and view.result is None
            if view.result is None and (pace > 0 or held):  # the last trick stays on the final board
                self.lingering = Lingering(trick, held=held)
            if any(trick.immediate):
                self.show_payment(trick)
            if view.result is not None:
                lines = view.result.settlements
                self.fly_payments([(line.payer, line.payee, line.amount) for line in lines if line.amount])
        if pace > 0:
            self.flight = Flight(seat, Tween(FLIGHT_TIME * pace))

    def show_payment(self, trick: SeenTrick) -> None:
        """What a trick paid at once: said, and chips flying from every payer to its winner."""
        self.popup = immediate_line(trick, self.names, self.app.tr)
        self.popup_time = POPUP_TIME
        self.fly_payments([(seat, trick.winner, -paid) for seat, paid in enumerate(trick.immediate, 1) if paid < 0])

    def fly_payments(self, payments: list[tuple[int, int, int]]) -> None:
        """Chips for each (payer, payee, amount), one after the other, and their clink."""
        if not payments:
            return
        self.app.sounds.play("chip")
        size = max(10, self.layout.px(22))
        for order, (payer, payee, amount) in enumerate(payments):
            start, end = self.plate_rect(payer).center, self.plate_rect(payee).center
            self.effects.add(Payment(start, end, f"+{amount}", size), self.app.settings.pace, delay=0.25 * order)

    def update_animation(self, dt: float) -> None:
        if self.popup_time > 0:
            self.popup_time = max(0.0, self.popup_time - dt)
        if self.press is not None:
            pos, held = self.press
            held += dt
            self.press = (pos, held)
            if held >= LONG_PRESS and self.named is None:
                index = self.tile_at(pos)
                if index is not None:
                    self.named = self.view.hand[index]
        if self.flight is not None:
            self.flight.tween.update(dt)
            if self.flight.tween.done:
                self.flight = None
            return
        if self.lingering is not None:
            lingering = self.lingering
            if not lingering.held or lingering.time < LINGER * self.app.settings.pace:
                lingering.time += dt
            if lingering.time >= (LINGER + SWEEP) * self.app.settings.pace and not lingering.held:
                self.lingering = None

    def reset_animation(self) -> None:
        self.flight = None
        self.lingering = None
        self.peek = None
        self.selection = []
        self.face_down = False
        self.hint_reason = ""
        self.seen_tricks = len(self.session.view().tricks)

    # --- drawing -----------------------------------------------------------------------------

    def spot(self, seat: int) -> tuple[int, int]:
        """Where ``seat``'s play lies in the trick."""
        board = self.layout.board
        position = self.seat_position(seat)
        dx, dy = TRICK_SPOTS[position]
        return round(board.centerx + dx * board.width), round(board.centery + dy * board.height)

    def draw_above(self, surface: pygame.Surface) -> None:
        self.draw_popup(surface)

    def draw_centre(self, surface: pygame.Surface) -> None:
        """The trick: each play in front of its seat, the best one outlined; a finished trick
        with who took it and why."""
        view = self.view
        short = self.layout.px(TRICK_SHORT)
        if self.peek is not None:
            for play in self.peek.plays:
                self.draw_play(surface, play, short, play.seat == self.peek.winner, 0.0, None)
            self.draw_trick_caption(surface, self.peek, self.app.tr("tg.status.peek_done"))
            return
        if self.lingering is not None:
            held = self.lingering.held and self.lingering.time >= LINGER * self.app.settings.pace
            self.draw_trick_caption(
                surface, self.lingering.trick, self.app.tr("tg.status.tap_to_go_on") if held else ""
            )
            trick = self.lingering.trick
            linger = LINGER * self.app.settings.pace
            sweep = max(0.0, self.lingering.time - linger) / max(1e-6, SWEEP * self.app.settings.pace)
            target = self.seat_centre(trick.winner)
            for play in trick.plays:
                if self.flight is not None and play.seat == self.flight.seat:
                    self.draw_play(
                        surface,
                        play,
                        short,
                        False,
                        0.0,
                        None,
                        origin=self.seat_centre(play.seat),
                        progress=self.flight.tween.progress,
                    )
                else:
                    self.draw_play(surface, play, short, play.seat == trick.winner, sweep, target)
            return
        if view.result is not None and view.tricks and self.flight is None:
            last = view.tricks[-1]
            for play in last.plays:
                self.draw_play(surface, play, short, play.seat == last.winner, 0.0, None)
            return
        best = view.best_seat
        flight = self.flight
        for play in view.current:
            if flight is not None and play is view.current[-1] and play.seat == flight.seat:
                self.draw_play(
                    surface,
                    play,
                    short,
                    play.seat == best,
                    0.0,
                    None,
                    origin=self.seat_centre(play.seat),
                    progress=flight.tween.progress,
                )
            else:
                self.draw_play(surface, play, short, play.seat == best, 0.0, None)

    def trick_lines(self, trick: SeenTrick) -> list[str]:
        """Who took ``trick`` and why, and what it paid at once."""
        lines = [trick_line(trick_story(trick), self.names, self.app.tr)]
        if trick.bonus is not None:
            lines.append(immediate_line(trick, self.names, self.app.tr))
        return lines

    def draw_trick_caption(self, surface: pygame.Surface, trick: SeenTrick, after: str) -> None:
        """Who took ``trick`` and why, in the middle of the board."""
        self.draw_caption(surface, trick, [*self.trick_lines(trick), after] if after else self.trick_lines(trick))

    def draw_caption(self, surface: pygame.Surface, trick: SeenTrick, lines: list[str], title: str = "") -> None:
        """``lines`` (after a ``title``) in the middle of the board: between the plays of
        ``trick``, so no tile hides a word of them (long lines are wrapped to the room there)."""
        lay = self.layout
        short = lay.px(TRICK_SHORT)
        w = ChineseArt.size(short)[0]
        gap = max(2, short // 6)
        left, right = lay.board.x + lay.px(12), lay.board.right - lay.px(12)
        for play in trick.plays:
            half = (play.count * w + (play.count - 1) * gap) // 2
            position = self.seat_position(play.seat)
            if position == "left":
                left = max(left, self.spot(play.seat)[0] + half + lay.px(14))
            elif position == "right":
                right = min(right, self.spot(play.seat)[0] - half - lay.px(14))
        room = max(lay.px(160), right - left - lay.px(36))
        images = []
        styled = [(line, lay.px(16), False, COLOURS.ink) for line in lines]
        if title:
            styled.insert(0, (title, lay.px(21), True, COLOURS.gold))
        else:
            styled[0] = (lines[0], lay.px(19), True, COLOURS.gold)
        for line, size, bold, colour in styled:
            for part in wrap_text(self.app.font(size, bold), line, room):
                images.append(fit_text(self.app, part, size, room, bold=bold, colour=colour))
        plate = pygame.Rect(
            0,
            0,
            max(image.get_width() for image in images) + lay.px(36),
            sum(image.get_height() for image in images) + lay.px(12),
        )
        plate.center = ((left + right) // 2, lay.board.centery)
        shade(surface, plate, COLOURS.shade, lay.px(12))
        y = plate.y + lay.px(6)
        for image in images:
            surface.blit(image, image.get_rect(midtop=(plate.centerx, y)))
            y += image.get_height()

    def draw_play(
        self,
        surface: pygame.Surface,
        play: SeenPlay,
        short: int,
        best: bool,
        sweep: float,
        target: tuple[int, int] | None,
        origin: tuple[int, int] | None = None,
        progress: float = 1.0,
    ) -> None:
        if self.app.settings.reduced_motion:  # no sliding: a play is in its place, a trick in view, in time
            progress, sweep = 1.0, 0.0
        w, h = ChineseArt.size(short)
        gap = max(2, short // 6)
        total = play.count * w + (play.count - 1) * gap
        cx, cy = self.spot(play.seat)
        if origin is not None:
            cx, cy = round(lerp(origin[0], cx, progress)), round(lerp(origin[1], cy, progress))
        if target is not None and sweep > 0:
            cx, cy = round(lerp(cx, target[0], min(1.0, sweep))), round(lerp(cy, target[1], min(1.0, sweep)))
        x = cx - total // 2
        y = cy - h // 2
        for index in range(play.count):
            image = self.art.back(short) if play.tiles is None else self.art.face(play.tiles[index], short)
            if play.face_down and play.tiles is not None:
                image = image.copy()
                image.set_alpha(140)
            surface.blit(image, (x, y))
            x += w + gap
        if best:
            box = pygame.Rect(cx - total // 2 - 5, y - 5, total + 10, h + 10)
            pygame.draw.rect(
                surface, COLOURS.gold, box, width=max(2, self.layout.px(3)), border_radius=self.layout.px(8)
            )

    def seat_centre(self, seat: int) -> tuple[int, int]:
        position = self.seat_position(seat)
        area = self.layout.hand if position == "bottom" else self.layout.seats[position]
        return area.center

    def lifted(self, rect: pygame.Rect, index: int) -> pygame.Rect:
        return rect.move(0, -self.layout.hand_short // 2) if index in self.selection else rect

    def draw_hand(self, surface: pygame.Surface) -> None:
        lay = self.layout
        if self.session.to_act == self.viewer:
            glow = lay.hand.inflate(-lay.px(8), -lay.px(4))
            pygame.draw.rect(surface, COLOURS.gold, glow, width=max(2, lay.px(3)), border_radius=lay.px(14))
        for index, (tile, rect) in enumerate(self.hand_rects):
            shown = self.lifted(rect, index)
            if index in self.selection and self.face_down:
                surface.blit(self.art.back(lay.hand_short), shown)
                peek = self.art.face(tile, lay.hand_short).copy()
                peek.set_alpha(90)
                surface.blit(peek, shown)
            else:
                surface.blit(self.art.face(tile, lay.hand_short), shown)
            if index in self.selection:
                pygame.draw.rect(
                    surface,
                    COLOURS.gold,
                    shown.inflate(lay.px(6), lay.px(6)),
                    width=max(2, lay.px(3)),
                    border_radius=lay.px(8),
                )
            if index == self.cursor and self.is_viewer_turn:
                pygame.draw.rect(
                    surface,
                    COLOURS.ink,
                    shown.inflate(lay.px(12), lay.px(12)),
                    width=max(1, lay.px(2)),
                    border_radius=lay.px(10),
                )
        named = self.named_tile()
        if named is not None:
            self.draw_tile_name(surface, named)

    def named_tile(self) -> Tile | None:
        """The tile whose name is shown: held down, else pointed at, else the focused one."""
        view = self.view
        if self.named is not None:
            return self.named
        if not self.keyboard:
            hovered = self.hovered_tile()
            if hovered is not None:
                return hovered
        if view.hand and (self.is_viewer_turn or self.keyboard):
            return view.hand[min(self.cursor, len(view.hand) - 1)]
        return None

    def hand_span(self) -> tuple[int, int]:
        if not self.hand_rects:
            return super().hand_span()
        return self.hand_rects[0][1].x, self.hand_rects[-1][1].right

    def backs_size(self) -> int:
        return max(7, self.layout.px(12))

    def backs_width(self) -> int:
        small = self.backs_size()
        return 8 * small + 7 * max(2, small // 5)

    def hovered_tile(self) -> Tile | None:
        if self.hover is None:
            return None
        index = self.tile_at(self.hover)
        return self.view.hand[index] if index is not None else None

    def draw_tile_name(self, surface: pygame.Surface, tile: Tile) -> None:
        tr, lay = self.app.tr, self.layout
        text = tr(
            "tg.tile_name", name=tr(tile_key(tile)), suit=tr(f"tg.suit.{suit(tile).name.lower()}"), rank=rank(tile)
        )
        plate = self.own_plate_rect()
        image = fit_text(self.app, text, lay.px(15), max(40, plate.width), bold=True, colour=COLOURS.gold)
        surface.blit(image, image.get_rect(bottomleft=(plate.x, lay.hand.bottom - lay.px(8))))

    def plate_for(self, seat: int) -> Plate:
        """What ``seat``'s plate says: columns, running total, and the banker's chip."""
        view, tr = self.view, self.app.tr
        paid = view.result.total if view.result is not None else view.immediate  # the new totals at the end
        total = view.totals[seat - 1] + paid[seat - 1]
        return Plate(
            name=self.names.label(seat),
            letters=self.names.initials(seat),
            detail=tr("tg.columns", count=view.columns[seat - 1]),
            count=tr("tg.total", total=f"{total:+d}"),
            colour=COLOURS.seat(seat),
            active=view.to_act == seat and view.result is None,
            badge=tr("tg.banker_chip") if view.banker == seat else "",
            thinking=self.thinking.seat == seat,
        )

    def draw_own_plate(self, surface: pygame.Surface) -> None:
        lay = self.layout
        plate = self.own_plate_rect()
        self.draw_plate(surface, plate, self.viewer, False)
        covered = plate_lines(self.app, plate, self.plate_for(self.viewer), lay.unit, False)[1]  # grown to its lines
        self.draw_columns(surface, self.viewer, (plate.centerx, covered.bottom + lay.px(4)), False)

    def draw_columns(self, surface: pygame.Surface, seat: int, at: tuple[int, int], sideways: bool) -> None:
        """The columns ``seat`` has won, stacked in front of it (midtop at ``at``)."""
        count = self.view.columns[seat - 1]
        if not count:
            return
        piles = columns(count, max(6, self.layout.px(11)))
        if sideways:
            piles = pygame.transform.rotate(piles, 90)
        surface.blit(piles, piles.get_rect(midtop=at))

    def draw_seat(self, surface: pygame.Surface, seat: int) -> None:
        """Another seat: its plate, its tiles face down beside it, the columns it has won."""
        lay, view = self.layout, self.view
        position = self.seat_position(seat)
        area = lay.seats[position]
        count = view.hand_sizes[seat - 1]
        small = self.backs_size()
        gap = max(2, small // 5)
        plate = self.plate_rect(seat)
        if position == "top":
            size = ChineseArt.size(small)
            row = row_of_rects(count, size, gap, area.centerx, area.y + (area.height - size[1]) // 2)
            for rect in row:
                surface.blit(self.art.back(small), rect)
            self.draw_columns(surface, seat, (plate.centerx, plate.bottom + lay.px(4)), False)
        else:
            vw, vh = ChineseArt.size(small, False)
            top = plate.bottom + lay.px(12)
            for index in range(count):
                surface.blit(self.art.back(small, False), (area.centerx - vw // 2, top + index * (vh + gap)))
            self.draw_columns(surface, seat, (area.centerx, top + 8 * (vh + gap) + lay.px(6)), False)
        self.draw_plate(surface, plate, seat, position != "top")

    def draw_popup(self, surface: pygame.Surface) -> None:
        """What a trick paid at once, when no caption over the trick says it."""
        if self.popup_time <= 0 or self.lingering is not None or self.peek is not None or self.view.result is not None:
            return
        lay = self.layout
        image = self.app.text_image(self.popup, lay.px(22), True, COLOURS.badge_text)
        plate = image.get_rect(center=(lay.board.centerx, lay.board.y + lay.px(36))).inflate(lay.px(28), lay.px(12))
        pygame.draw.rect(surface, COLOURS.badge, plate, border_radius=lay.px(14))
        surface.blit(image, image.get_rect(center=plate.center))

    def draw_top_bar(self, surface: pygame.Surface) -> None:
        lay, view, tr = self.layout, self.view, self.app.tr
        title = self.app.text_image(
            tr("tg.title", game=tr("game.tiengow"), deal=view.round_number), lay.px(20), True, COLOURS.ink
        )
        surface.blit(title, title.get_rect(midleft=(lay.px(16), lay.top_bar.centery)))
        if view.result is None:
            trick = tr("tg.trick", number=len(view.tricks) + 1) + " · " + tr("tg.tiles_left", count=len(view.hand))
        else:
            trick = tr("tg.tricks_played", count=len(view.tricks))
        image = fit_text(self.app, trick, lay.px(17), lay.board.width // 2, True, COLOURS.gold)
        surface.blit(image, (lay.board.x + lay.px(16), lay.board.y + lay.px(10)))

    def status_text(self) -> str:
        tr, view = self.app.tr, self.view
        if view.result is not None:
            return tr("tg.status.deal_over")
        if self.lingering is not None and self.lingering.held:
            return tr("tg.status.trick_held")
        seat = view.to_act
        if seat == self.viewer and self.session.is_human(seat):
            if self.hint_reason:
                return hint_line(self.app.text, self.hint_reason)
            return self.preview_text()
        return self.names.says("status.other_turn", seat) if seat else ""

    def round_end_caption(self) -> list[str]:
        """Who won the last trick and why: that trick settles the deal."""
        view = self.view
        if not view.tricks or view.result is None:
            return []
        return [self.names.says("tg.summary.title", view.result.last_winner), *self.trick_lines(view.tricks[-1])]

    def draw_round_end(self, surface: pygame.Surface) -> None:
        """Who won the deal and why, in the middle of the final board among the last trick's
        plays (no play, seat or counter hidden), once."""
        lines = self.round_end_lines()
        if lines:
            self.draw_caption(surface, self.view.tricks[-1], lines[1:], title=lines[0])

    def open_rules(self) -> None:
        """The rules text, then the tile chart."""
        tr = self.app.tr
        self.close_panels()
        chart = chart_image(self.app, panels.text_width(self.app.size, self.layout.unit))
        body = rules_body(self.screens.rule_sections, tr, self.names) + f'<br><br><img src="{chart}">'
        self.rules_panel = panels.TextPanel(
            self.app.ui, self.app.size, self.layout.unit, tr("rules.tiengow.title"), body, "rules"
        )
