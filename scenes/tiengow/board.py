"""The Tien Gow board: your hand by suit and rank, selections previewed as groups, the
trick in the centre, columns, banker, running totals and immediate payments."""

from __future__ import annotations

from collections.abc import Iterator

import pygame

from game.core.advice import Hint
from game.core.session import Acted, PublicEvent
from game.core.spec import SeatView
from game.core.tiles import Tile
from game.tiengow.deal import TrickPlay
from game.tiengow.explain import trick_story
from game.tiengow.groups import classify
from game.tiengow.view import SeenTrick, TienGowView
from scenes.services.translation import hint_line, hint_words
from scenes.tiengow import board_drawing as drawing
from scenes.tiengow.board_drawing import LINGER, SWEEP, TRICK_SHORT, Flight, Lingering, backs_size
from scenes.tiengow.text import (
    capital,
    decision_text,
    describe_seen,
    group_text,
    hint_text,
    immediate_line,
    own_hint,
    trick_line,
)
from scenes.tiengow.tile_chart import chart_image
from scenes.ui import panels
from scenes.ui.app_services import AppServices
from scenes.ui.board import LEAVE, Answer, BoardHost, DecisionButton, Dressing, LastMove, status_area
from scenes.ui.effects import Effects, Payment
from scenes.ui.hand_row import FINGER, HandRow
from scenes.ui.input import Action, Command, Intent, Press, Tap
from scenes.ui.seat_plate import Plate, plate_size, prepare_motion, preparing_plate
from scenes.ui.seating import other_plate_rect, own_plate_rect, seat_position
from scenes.ui.table_layout import PLATE_BESIDE, TableLayout
from scenes.ui.theme import COLOURS
from sprites.chinese_art import RATIO, ChineseArt
from sprites.tween import Tween

FLIGHT_TIME = 0.35
LONG_PRESS = 0.5
POPUP_TIME = 2.4


def tiengow_layout(size: tuple[int, int]) -> TableLayout:
    """Eight tiles in your hand, Chinese tiles, Play and Face down stacked beside them; in a
    window too small for that and every tile a finger's target (``FINGER``), the buttons go
    over the board, above the status line, and the hand takes its frame."""
    stacked = stacked_layout(size)
    return stacked if buttons_beside(stacked) else TableLayout.for_size(size, hand_tiles=8, hand_ratio=RATIO)


def stacked_layout(size: tuple[int, int]) -> TableLayout:
    return TableLayout.for_size(size, hand_tiles=8, hand_ratio=RATIO, stacked_buttons=2, beside=PLATE_BESIDE + 250)


BUTTONS_BESIDE = 180  # design px the stacked buttons need beside the hand for their words


def buttons_beside(lay: TableLayout) -> bool:
    """Whether Play and Face down fit beside a centred row of eight tiles ``FINGER`` apart at
    least, as ``stacked_layout`` lays them out."""
    row = 8 * lay.hand_short + 7 * hand_gap(lay)
    return (lay.hand.width - row) // 2 - lay.px(24) >= lay.px(BUTTONS_BESIDE)


def chart_after_rules(app: AppServices, unit: float) -> str:
    """The tile chart, after the rules text."""
    chart = chart_image(app, panels.text_width(app.size, unit))
    return f'<br><br><img src="{chart}">'


def corner_buttons(lay: TableLayout, items: list[tuple[Command, str]], right_handed: bool) -> list[DecisionButton]:
    """Play (and Face down) over the board's bottom corners, above the status line: Play at
    the corner of the favoured hand, clear of the plays of the trick between them."""
    area = status_area(lay)
    width = min(lay.px(290), area.width // 3)
    y = area.y - lay.px(6) - lay.button_h
    corners = (area.right - width, area.x) if right_handed else (area.x, area.right - width)
    play = [(name, text) for name, text in items if name == Command.PLAY]
    others = [(name, text) for name, text in items if name != Command.PLAY]
    return [
        DecisionButton(name, text, pygame.Rect(x, y, width, lay.button_h), primary=name == Command.PLAY)
        for (name, text), x in zip([*play, *others], corners)
    ]


def hand_gap(lay: TableLayout) -> int:
    """The gap between your tiles: wide enough in a small window that a tile and half the
    gap on each side make a target for a finger (``FINGER``)."""
    return max(4, lay.hand_short // 4, FINGER - lay.hand_short)


class TienGowBoard:
    """Tien Gow on the table (``scenes.ui.board.Board``)."""

    def __init__(self, host: BoardHost[TienGowView, TrickPlay], words: dict[str, str]) -> None:
        self.host = host
        self.app = host.app
        self.art = host.app.art_of(ChineseArt)
        self.dressing = Dressing(
            layout=tiengow_layout,
            own_buttons=(Command.LAST_TRICK,),
            button_words=lambda name: words.get(name, f"button.{name}"),
            rules_after=chart_after_rules,
        )
        self.view = tiengow_view(host.session.view())
        self.selection: list[int] = []
        self.cursor = 0
        self.face_down = False
        self.flight: Flight | None = None
        self.lingering: Lingering | None = None
        self.popup = ""
        self.popup_time = 0.0
        self.pressing: tuple[tuple[int, int], float] | None = None  # where a finger is held down, and how long
        self.named: Tile | None = None
        self.row = HandRow()
        self.effects = Effects()
        self.seen_tricks = 0
        self.keyboard = False  # the last input came from the keys: name the focused tile
        self.peek: SeenTrick | None = None  # a finished trick shown again on request
        self.faces_owed: tuple[int, int] | None = None  # the hand's and the trick's tile sizes last owed

    # --- derived from the view -------------------------------------------------------------

    def refresh(self, view: SeatView) -> None:
        assert isinstance(view, TienGowView)
        self.view = view
        hand = view.hand
        self.selection = [i for i in self.selection if i < len(hand)] if self.host.is_viewer_turn else []
        if self.all_must_go:
            self.selection = list(range(len(hand)))  # nothing to choose: every tile left goes
        if view.early_death:
            self.face_down = True
        elif not self.selection:
            self.face_down = False
        self.cursor = min(self.cursor, max(0, len(hand) - 1))
        lay = self.host.layout
        size, gap = ChineseArt.size(lay.hand_short), hand_gap(lay)
        centre = lay.hand.centerx
        if not buttons_beside(stacked_layout(lay.size)):  # the row keeps clear of your plate (see the block games)
            half = (len(hand) * size[0] + max(0, len(hand) - 1) * gap) // 2
            plate = plate_size(lay.unit, vertical=False)[0] + lay.px(26)
            if self.app.settings.handed == "right":
                centre = max(centre, lay.hand.x + plate + half)
            else:
                centre = min(centre, lay.hand.right - plate - half)
        self.row.lay_out(hand, lay, size, gap, centre)
        self.seen_tricks = min(self.seen_tricks, len(view.tricks))
        self.update_face_down()
        self.owe_faces()

    def owe_faces(self) -> None:
        """Owe every face of the set at the hand's and the trick's sizes, once per size: a new
        hand or a play that comes from another device finds its faces painted in time to spare."""
        lay = self.host.layout
        sizes = (lay.hand_short, lay.px(TRICK_SHORT))
        if sizes != self.faces_owed:
            self.faces_owed = sizes
            for short in sizes:
                self.art.owe_faces(short)

    @property
    def all_must_go(self) -> bool:
        """Whether the person to act must play every tile left (the last trick): they are
        selected for them, and the button says how they go."""
        view = self.view
        return self.host.is_viewer_turn and bool(view.hand) and (view.trick_size or 1) == len(view.hand)

    @property
    def hand_rects(self) -> list[tuple[Tile, pygame.Rect]]:
        return self.row.rects

    def target(self, rect: pygame.Rect, index: int) -> pygame.Rect:
        """Where a tap takes a tile of your hand: the tile (lifted or not) and half the gap on
        each side, so the row has no dead space between its tiles."""
        return self.row.target(rect, self.lifted(rect, index))

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
            self.host.say(self.preview_text())
            return
        if index in self.selection:
            self.selection.remove(index)
        else:
            limit = self.view.trick_size or 4
            if len(self.selection) >= limit:
                self.selection.pop(0)
            self.selection.append(index)
        self.host.hint_reason = ""
        self.update_face_down()
        self.host.update_decisions()

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

    def confirm(self) -> Answer[TrickPlay]:
        """Play the tiles chosen (with none chosen, the focused one where a single tile goes)."""
        hand = self.view.hand
        if not self.selection and hand and (len(hand) == 1 or self.view.trick_size in (None, 1)):
            self.selection = [self.cursor]  # Play with no selection plays the focused tile
            self.update_face_down()
        play = self.selected_play()
        if play is None:
            self.host.say(self.app.tr("tg.status.choose_tiles"))
        return play

    def committed(self) -> None:
        self.selection = []
        self.face_down = False
        self.host.hint_reason = ""

    def decisions(self) -> list[DecisionButton]:
        """Play, and Face down when following: stacked beside the hand (on the side of the hand
        the player favours), clear of the trick."""
        tr, view, lay = self.app.tr, self.view, self.host.layout
        items = [(Command.PLAY, tr("tg.button.play_down" if self.face_down else "tg.button.play"))]
        if view.trick_size is not None:
            items.insert(
                0, (Command.FACE_DOWN, tr("tg.button.face_down_on" if self.face_down else "tg.button.face_down_off"))
            )
        if not buttons_beside(stacked_layout(lay.size)):  # a small window: over the board's bottom corners
            return corner_buttons(lay, items, self.app.settings.handed == "right")
        width = (
            min(lay.px(230), lay.hand.right - self.hand_rects[-1][1].right - lay.px(24))
            if self.hand_rects
            else lay.px(230)
        )
        x = lay.hand.right - width - lay.px(12) if self.app.settings.handed == "right" else lay.hand.x + lay.px(12)
        y = lay.hand.bottom - lay.px(8) - len(items) * (lay.button_h + lay.px(6))
        made = []
        for name, text in items:
            made.append(
                DecisionButton(name, text, pygame.Rect(x, y, width, lay.button_h), primary=name == Command.PLAY)
            )
            y += lay.button_h + lay.px(6)
        return made

    def press(self, name: str) -> Answer[TrickPlay]:
        """Play, Face down, or the Last trick button: the trick just taken shown again, with
        why it was won."""
        if name == Command.PLAY:
            return self.confirm()
        if name == Command.FACE_DOWN:
            self.toggle_face_down()
        elif name == Command.LAST_TRICK:
            tricks = self.view.tricks
            if tricks:
                self.peek = None if self.peek is not None else tricks[-1]
            else:
                self.host.say(self.app.tr("tg.status.no_trick_yet"))
        return None

    def toggle_face_down(self) -> None:
        view = self.view
        if view.trick_size is None:
            self.host.say(self.app.tr("error.lead_face_down"))
            return
        tiles = self.selected_tiles
        can_go_up = not tiles or len(tiles) != view.trick_size or TrickPlay(tiles, False) in view.legal
        if self.face_down and (view.early_death or not can_go_up):
            self.host.say(self.preview_text())
            return
        self.face_down = not self.face_down
        self.host.update_decisions()

    def show_hint(self, any_hint: Hint) -> str:
        hint = own_hint(any_hint)
        play = hint.decision
        hand = list(self.view.hand)
        chosen = []
        for tile in play.tiles:
            index = next(i for i, t in enumerate(hand) if t is tile and i not in chosen)
            chosen.append(index)
        self.selection = chosen
        self.face_down = play.face_down
        self.cursor = chosen[0] if chosen else self.cursor
        self.keyboard = True
        self.host.update_decisions()
        return hint_words(
            self.app.text,
            decision_text(hint.decision, self.host.names, self.app.tr),
            hint_text(hint, self.host.names, self.app.tr),
        )

    # --- intents ---------------------------------------------------------------------------

    def handle(self, intent: Intent) -> Answer[TrickPlay]:
        if self.peek is not None and isinstance(intent, (Tap, Action)):
            self.peek = None
            return None
        if self.lingering is not None and self.lingering.held and isinstance(intent, (Tap, Action)):
            self.lingering.held = False  # the player moves on: the trick goes to its winner
            if not (isinstance(intent, Tap) and self.tile_at(intent.pos) is not None):
                return None
        if isinstance(intent, Press):
            self.pressing = (intent.pos, 0.0)
            return None
        if isinstance(intent, Tap):
            long_press = self.named is not None
            self.pressing, self.named = None, None
            if not long_press:
                self.tap(intent.pos)
        elif isinstance(intent, Action):
            return self.key(intent.name)
        return None

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
        if not self.host.is_viewer_turn:
            self.host.say(self.app.tr("status.wait"))
            return
        self.toggle(index)

    def key(self, name: str) -> Answer[TrickPlay]:
        hand = self.view.hand
        self.keyboard = True
        if name in (Command.NEXT, Command.PREV) and hand:
            self.cursor = (self.cursor + (1 if name == Command.NEXT else -1)) % len(hand)
        elif name == Command.SPACE and hand and self.host.is_viewer_turn:
            self.toggle(self.cursor)
        elif name == Command.FACE_DOWN and self.host.is_viewer_turn:
            self.toggle_face_down()
        elif name == Command.CONFIRM and self.host.is_viewer_turn:
            return self.confirm()
        elif name == Command.BACK:
            if not self.selection or self.all_must_go:
                return LEAVE
            self.selection = []
            self.face_down = bool(self.view.early_death)
            self.host.update_decisions()
        return None

    # --- animation -------------------------------------------------------------------------

    @property
    def animating(self) -> bool:
        return self.flight is not None or self.lingering is not None

    def animate(self, event: PublicEvent) -> None:
        """A play flies from its seat to the trick; a finished trick lingers with why it was won,
        and what it paid flies to its winner. A jump forgets all that is in flight."""
        if not isinstance(event, Acted):
            self.flight = self.lingering = self.peek = None
            self.selection = []
            self.face_down = False
            self.host.hint_reason = ""
            self.seen_tricks = len(tiengow_view(self.host.session.view()).tricks)
            return
        seat, decision, view = event.seat, event.decision, self.view
        assert decision is None or isinstance(decision, TrickPlay), "a Tien Gow table's events are of its plays"
        pace = self.app.settings.pace
        self.app.sounds.play("pass" if decision is None or decision.face_down else "click")
        if len(view.tricks) > self.seen_tricks:
            trick = view.tricks[-1]
            self.seen_tricks = len(view.tricks)
            held = bool(self.host.humans) and not self.app.settings.demo and view.result is None
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
        self.popup = immediate_line(trick, self.host.names, self.app.tr)
        self.popup_time = POPUP_TIME
        self.fly_payments([(seat, trick.winner, -paid) for seat, paid in enumerate(trick.immediate, 1) if paid < 0])

    def fly_payments(self, payments: list[tuple[int, int, int]]) -> None:
        """Chips for each (payer, payee, amount), one after the other, and their clink."""
        if not payments:
            return
        self.app.sounds.play("chip")
        size = max(10, self.host.layout.px(22))
        for order, (payer, payee, amount) in enumerate(payments):
            start, end = self.plate_rect(payer).center, self.plate_rect(payee).center
            self.effects.add(Payment(start, end, f"+{amount}", size), self.app.settings.pace, delay=0.25 * order)

    def update(self, dt: float) -> None:
        self.effects.update(dt)
        if self.popup_time > 0:
            self.popup_time = max(0.0, self.popup_time - dt)
        if self.pressing is not None:
            pos, held = self.pressing
            held += dt
            self.pressing = (pos, held)
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
            if lingering.held:  # a held trick stays whole in its place, none of it on its way yet
                lingering.time = min(lingering.time + dt, LINGER * self.app.settings.pace)
            else:
                lingering.time += dt
            if lingering.time >= (LINGER + SWEEP) * self.app.settings.pace and not lingering.held:
                self.lingering = None

    # --- drawing -----------------------------------------------------------------------------

    def preparing(self, view: SeatView, scratch: pygame.Surface) -> Iterator[None]:
        """The faces of the hand and the trick painted, a face at a time; then each part drawn
        once on ``scratch``: its text and plates made."""
        self.refresh(view)
        yield
        app, lay, viewer = self.app, self.host.layout, self.host.viewer
        yield from self.art.preparing_faces(self.view.hand, lay.hand_short)
        yield from self.art.preparing_faces(played_tiles(self.view), lay.px(TRICK_SHORT))
        for seat in range(1, 5):
            vertical = seat_position(seat, viewer) not in ("top", "bottom")
            yield from preparing_plate(app, self.plate_rect(seat), self.plate_for(seat), lay.unit, vertical)
        prepare_motion(app, lay.unit)
        yield
        for seat in range(1, 5):
            if seat != viewer:
                drawing.draw_seat(self, scratch, seat)
                yield
        for part in (drawing.draw_own_plate, drawing.draw_top_bar, drawing.draw_hand, drawing.draw_centre):
            part(self, scratch)
            yield

    def still_key(self) -> tuple[object, ...]:
        return (self.lingering is not None,)  # the top bar numbers a finished trick shown as its own

    def draw_still(self, surface: pygame.Surface) -> None:
        """The other seats, your plate and the top bar."""
        for seat in range(1, 5):
            if seat != self.host.viewer:
                drawing.draw_seat(self, surface, seat)
        drawing.draw_own_plate(self, surface)
        drawing.draw_top_bar(self, surface)

    def draw_moving(self, surface: pygame.Surface, caption: list[str]) -> None:
        """The trick, the plates' rings and dots, your hand, what a trick paid, and over the final
        board who won the deal and why, among the last trick's plays (none of them hidden)."""
        host = self.host
        drawing.draw_centre(self, surface)
        host.plates.draw_motions(surface, host.thinking.seat, host.pulse)
        drawing.draw_hand(self, surface)
        drawing.draw_popup(self, surface)
        self.effects.draw(surface, self.app.settings.reduced_motion)
        if caption:
            drawing.draw_caption(self, surface, self.view.tricks[-1], caption[1:], title=caption[0])

    def trick_lines(self, trick: SeenTrick) -> list[str]:
        """Who took ``trick`` and why, and what it paid at once."""
        lines = [trick_line(trick_story(trick), self.host.names, self.app.tr)]
        if trick.bonus is not None:
            lines.append(immediate_line(trick, self.host.names, self.app.tr))
        return lines

    def lifted(self, rect: pygame.Rect, index: int) -> pygame.Rect:
        return rect.move(0, -self.host.layout.hand_short // 2) if index in self.selection else rect

    def named_tile(self) -> Tile | None:
        """The tile whose name is shown: held down, else pointed at, else the focused one."""
        view = self.view
        if self.named is not None:
            return self.named
        if not self.keyboard:
            hovered = drawing.hovered_tile(self)
            if hovered is not None:
                return hovered
        if view.hand and (self.host.is_viewer_turn or self.keyboard):
            return view.hand[min(self.cursor, len(view.hand) - 1)]
        return None

    def plate_rect(self, seat: int) -> pygame.Rect:
        """Where ``seat``'s plate lies: beside your hand, above each side seat's tiles, left
        of the top seat's tiles (a full hand face down is eight tiles across)."""
        lay = self.host.layout
        position = seat_position(seat, self.host.viewer)
        if position == "bottom":
            return self.own_plate_rect()
        small = backs_size(lay)
        return other_plate_rect(lay, position, 8 * small + 7 * max(2, small // 5))

    def own_plate_rect(self) -> pygame.Rect:
        return own_plate_rect(self.app, self.host.layout, self.row.span(self.host.layout))

    def plate_for(self, seat: int) -> Plate:
        """What ``seat``'s plate says: columns, running total, and the banker's chip."""
        view, tr = self.view, self.app.tr
        paid = view.result.total if view.result is not None else view.immediate  # the new totals at the end
        total = view.totals[seat - 1] + paid[seat - 1]
        return Plate(
            name=self.host.names.label(seat),
            letters=self.host.names.initials(seat),
            detail=tr("tg.columns", count=view.columns[seat - 1]),
            count=tr("tg.total", total=f"{total:+d}"),
            colour=COLOURS.seat(seat),
            active=view.to_act == seat and view.result is None,
            badge=tr("tg.banker_chip") if view.banker == seat else "",
            thinking=self.host.thinking.seat == seat,
        )

    def status_text(self) -> str:
        tr, view = self.app.tr, self.view
        if view.result is not None:
            return tr("tg.status.deal_over")
        if self.lingering is not None and self.lingering.held:
            if self.lingering.time >= LINGER * self.app.settings.pace:
                return ""  # the trick's caption now says how to go on: one such line at a time
            return tr("tg.status.trick_held")
        seat = view.to_act
        if seat == self.host.viewer and self.host.session.is_human(seat):
            if self.host.hint_reason:
                return hint_line(self.app.text, self.host.hint_reason)
            return self.preview_text()
        return self.host.names.says("status.other_turn", seat) if seat else ""

    def in_sight(self) -> tuple[tuple[pygame.Rect, ...], ...]:
        """The plays in the centre, your hand, then the plates."""
        trick = tuple(drawing.play_place(self, play.seat, play.count) for play in drawing.plays_in_view(self))
        hand = tuple(rect for _, rect in self.row.rects)
        return trick, hand, tuple(self.plate_rect(seat) for seat in range(1, 5))

    def last_move(self, seat: int) -> LastMove | None:
        """``seat``'s last play of the deal: lit while the centre shows its trick."""
        tricks = [*(trick.plays for trick in self.view.tricks), self.view.current]
        found = [(t, i) for t, plays in enumerate(tricks) for i, play in enumerate(plays) if play.seat == seat]
        if not found:
            return None
        t, i = found[-1]
        play = tricks[t][i]
        after = len(tricks[t]) - 1 - i + sum(len(plays) for plays in tricks[t + 1 :])
        places = (drawing.play_place(self, seat, play.count),) if drawing.plays_in_view(self) == tricks[t] else ()
        return LastMove(describe_seen(self.host.names, play, self.app.tr), places, after)

    def round_end_caption(self) -> list[str]:
        """Who won the last trick and why: that trick settles the deal."""
        view = self.view
        if not view.tricks or view.result is None:
            return []
        return [self.host.names.says("tg.summary.title", view.result.last_winner), *self.trick_lines(view.tricks[-1])]


def played_tiles(view: TienGowView) -> list[Tile]:
    """The tiles face up in the trick on the table, and in the last trick taken."""
    plays = [*view.current, *(view.tricks[-1].plays if view.tricks else ())]
    return [tile for play in plays for tile in play.tiles or ()]


def tiengow_view(view: SeatView) -> TienGowView:
    """``view`` as the Tien Gow view a Tien Gow table's session gives."""
    if not isinstance(view, TienGowView):
        raise TypeError(f"a Tien Gow table shows a TienGowView, not {type(view).__name__}")
    return view
