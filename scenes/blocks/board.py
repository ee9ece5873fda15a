"""The board of Chiva and Dékabès: the line, your hand, the other seats' plates, previews,
tiles in flight and the final board when a round ends (drawn by ``scenes.blocks.board_drawing``)."""

from __future__ import annotations

from collections.abc import Iterator

import pygame

from game.blocks.explain import round_story
from game.blocks.match import ended, is_block_match
from game.blocks.moves import ACCEPT, PASS, THROW_IN, BlockDecision, Choose, Pass, Play
from game.blocks.play import Termination, team_of
from game.blocks.view import BlockView
from game.core.advice import Hint
from game.core.phases import Phase
from game.core.session import Acted, PublicEvent
from game.core.spec import SeatView
from game.core.tiles import Tile
from scenes.blocks import board_drawing as drawing
from scenes.blocks.board_drawing import Dragged, Flight, Ghost
from scenes.blocks.line_view import line_slots, line_tile_size
from scenes.blocks.score_words import score_words
from scenes.blocks.text import decision_text, describe, hint_text, own_hint, reasons, result_line
from scenes.services.translation import hint_line, hint_words
from scenes.ui.board import LEAVE, Answer, BoardHost, DecisionButton, Dressing, LastMove, decision_row
from scenes.ui.effects import Effects, Knock, knock_size
from scenes.ui.hand_row import FINGER, HandRow
from scenes.ui.input import Action, Command, Drag, Intent, Tap
from scenes.ui.round_caption import draw_round_caption
from scenes.ui.seat_plate import Plate, plate_size, prepare_motion, preparing_plate
from scenes.ui.seating import other_plate_rect, own_plate_rect, seat_position
from scenes.ui.table_layout import TableLayout
from scenes.ui.theme import COLOURS
from sprites.knock import prepare as prepare_knock
from sprites.knock import preparing as preparing_knock
from sprites.line_layout import Slot
from sprites.tile_art import TileArt
from sprites.tween import Tween

FLIGHT_TIME = 0.38
CHOICES = {Phase.ACCEPTING: ("accept", "throw_in"), Phase.CHOOSING: ("choose_self", "choose_partner")}


def anchor_index(view: BlockView) -> int:
    """Where the first tile played sits in the line (left to right)."""
    if not view.line:
        return 0
    opening = view.turns[0].move
    return next(i for i, p in enumerate(view.line) if isinstance(opening, Play) and p.tile is opening.tile)


def hand_gap(lay: TableLayout) -> int:
    """The gap between your tiles: wide enough that a tile and half the gap on each side
    make a target for a finger (``FINGER``) in a small window."""
    return max(4, lay.hand_short // 5, FINGER - lay.hand_short)


def named_decision(name: str, viewer: int, partner: int) -> BlockDecision:
    """The decision a deal or opener button (or Pass) stands for."""
    decisions: dict[str, BlockDecision] = {
        "accept": ACCEPT,
        "throw_in": THROW_IN,
        "pass": PASS,
        "choose_self": Choose(viewer),
        "choose_partner": Choose(partner),
    }
    return decisions[name]


class BlockBoard:
    """Chiva and Dékabès on the table (``scenes.ui.board.Board``)."""

    dressing = Dressing()

    def __init__(self, host: BoardHost[BlockView, BlockDecision]) -> None:
        self.host = host
        self.app = host.app
        self.view = block_view(host.session.view())
        self.selected: Tile | None = None
        self.focus = 0
        self.end_focus = 0
        self.ghosts: list[Ghost] = []
        self.flight: Flight | None = None
        self.pending: str | None = None  # a deal or opener decision previewed, not yet confirmed
        self.slots: list[Slot] = []
        self.short = 30
        self.row = HandRow()
        self.dragged: Dragged | None = None
        self.effects = Effects()
        self.knocks: set[int] | None = None  # the sizes of knock painted for this layout and pace

    # --- derived from the view -------------------------------------------------------

    def refresh(self, view: SeatView) -> None:
        assert isinstance(view, BlockView)
        thrown = view.thrown_in_by
        if view.round_number == self.view.round_number and len(thrown) > len(self.view.thrown_in_by):
            self.host.say(describe(self.host.names, thrown[-1], THROW_IN, self.app.tr))  # rule 1: dealt again
        self.view = view
        host, lay = self.host, self.host.layout
        placed = list(view.line)
        if self.flight is not None:
            placed_tiles = [p.tile for p in placed]
            if self.flight.tile not in placed_tiles:
                self.flight = None
        anchor = anchor_index(view)
        self.short = line_tile_size(placed, anchor, lay)
        self.app.art_of(TileArt).owe_size(self.short, COLOURS.ring)
        self.slots = line_slots(placed, anchor, lay, self.short)
        if self.selected is not None and (self.selected not in view.hand or not host.is_viewer_turn):
            self.clear_selection()
        elif self.selected is not None:
            self.select(self.selected)
        hand = view.hand
        self.focus = min(self.focus, max(0, len(hand) - 1))
        stops = self.focus_stops()
        if stops and self.focus not in stops:
            self.focus = stops[0]
        if self.pending is not None and (not host.is_viewer_turn or self.pending not in self.choices()):
            self.pending = None
        short, gap = lay.hand_short, hand_gap(lay)
        half = (len(hand) * short + max(0, len(hand) - 1) * gap) // 2
        plate = plate_size(lay.unit, vertical=False)[0] + lay.px(26)  # centred unless your plate needs the room
        if self.app.settings.handed == "right":
            centre = max(lay.hand.centerx, lay.hand.x + plate + half)
        else:
            centre = min(lay.hand.centerx, lay.hand.right - plate - half)
        self.row.lay_out(hand, lay, (short, 2 * short), gap, centre)
        sizes = self.knock_sizes()
        if sizes != self.knocks:  # painted once now (if not ahead), not in the frame of a pass
            for size in sizes:
                prepare_knock(size)
            self.knocks = sizes

    @property
    def hand_rects(self) -> list[tuple[Tile, pygame.Rect]]:
        return self.row.rects

    def target(self, rect: pygame.Rect, tile: Tile) -> pygame.Rect:
        """Where a tap or a drag takes a tile of your hand: the tile, lifted or not, and half the gap on each side."""
        return self.row.target(rect, self.lifted(rect, tile))

    def lifted(self, rect: pygame.Rect, tile: Tile) -> pygame.Rect:
        if tile is self.selected:
            return rect.move(0, -self.host.layout.hand_short // 3)
        return rect

    # --- selection and preview ----------------------------------------------------------

    def clear_selection(self) -> None:
        self.selected = None
        self.dragged = None
        self.ghosts = []
        self.host.hint_reason = ""

    def committed(self) -> None:
        self.clear_selection()

    def select(self, tile: Tile) -> None:
        """Preview ``tile``: a ghost on every end where it fits; a shake when it fits nowhere."""
        view, lay = self.view, self.host.layout
        moves = [m for m in view.legal if isinstance(m, Play) and m.tile is tile]
        if not moves:
            self.clear_selection()
            self.row.start_shake(tile)
            if view.phase is Phase.PLAYING:
                self.host.say(self.app.tr("error.fits_nowhere", tile=str(tile)))
            return
        self.selected = tile
        self.ghosts = []
        for move in moves:
            preview = block_view(self.host.session.preview(move))
            placed = list(preview.line)
            slots = line_slots(placed, anchor_index(preview), lay, self.short)
            index = next(i for i, p in enumerate(placed) if p.tile is tile)
            slot = slots[index]
            rect = pygame.Rect(round(slot.x), round(slot.y), round(slot.w), round(slot.h))
            reach = lay.px(60)
            target = rect.inflate(max(8, reach - rect.width), max(8, reach - rect.height))
            self.ghosts.append(Ghost(move, slot, target, 0 if index == 0 else 1))
        self.end_focus = min(self.end_focus, len(self.ghosts) - 1)

    def confirm(self) -> Answer[BlockDecision]:
        """Enter/Space or a tap on a ghost: the previewed play (or the deal's or opener's decision)."""
        if self.view.phase is not Phase.PLAYING:
            return self.press(Command.CONFIRM if self.pending is not None else self.choices()[0])
        if self.view.legal == (PASS,):
            return self.press("pass")
        if not self.ghosts:
            hand = self.view.hand
            if hand:
                self.select(hand[self.focus])
            return None
        return self.ghosts[self.end_focus].decision

    # --- intents -------------------------------------------------------------------------

    def handle(self, intent: Intent) -> Answer[BlockDecision]:
        if isinstance(intent, Tap):
            return self.tap(intent.pos)
        if isinstance(intent, Drag) and intent.released:
            held, self.dragged = self.dragged, None
            return self.drop_on_ghost(intent.pos) if held is not None else self.drop(intent.start, intent.pos)
        if isinstance(intent, Drag):
            self.drag(intent.start, intent.pos)
        elif isinstance(intent, Action):
            return self.key(intent.name)
        return None

    def tap(self, pos: tuple[int, int]) -> Answer[BlockDecision]:
        for ghost in self.ghosts:
            if ghost.rect.collidepoint(pos):
                return ghost.decision
        for index, (tile, rect) in enumerate(self.row.rects):
            if self.target(rect, tile).collidepoint(pos):
                self.focus = index
                if not self.host.is_viewer_turn or self.view.phase is not Phase.PLAYING:
                    self.host.say(self.app.tr("status.wait"))
                    return None
                if tile is self.selected and len(self.ghosts) == 1:
                    return self.ghosts[0].decision
                if tile is self.selected:
                    self.clear_selection()
                else:
                    self.select(tile)
                return None
        self.clear_selection()
        return None

    def drag(self, start: tuple[int, int], pos: tuple[int, int]) -> None:
        """A tile of the hand dragged: it follows the pointer, the places it may go light up,
        and the one under the pointer is the one it would go to."""
        if self.dragged is None:
            if not self.host.is_viewer_turn or self.view.phase is not Phase.PLAYING:
                return
            for tile, rect in self.row.rects:
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

    def drop_on_ghost(self, pos: tuple[int, int]) -> Answer[BlockDecision]:
        """The dragged tile let go: on a lit place it plays there; elsewhere it goes back to the
        hand, still previewed."""
        return next((ghost.decision for ghost in self.ghosts if ghost.rect.collidepoint(pos)), None)

    def drop(self, start: tuple[int, int], pos: tuple[int, int]) -> Answer[BlockDecision]:
        """A tile dragged from the hand and let go on a ghost plays there."""
        for tile, rect in self.row.rects:
            if self.target(rect, tile).collidepoint(start) and self.host.is_viewer_turn:
                self.select(tile)
                return self.drop_on_ghost(pos)
        return None

    def focus_stops(self) -> list[int]:
        """The tiles of your hand the arrows and Tab stop on: at your turn to play, only those
        that can be played now (the greyed ones are skipped); else all of them."""
        hand, view = self.view.hand, self.view
        if self.host.is_viewer_turn and view.phase is Phase.PLAYING:
            return [i for i, tile in enumerate(hand) if any(isinstance(m, Play) and m.tile is tile for m in view.legal)]
        return list(range(len(hand)))

    def key(self, name: str) -> Answer[BlockDecision]:
        hand, host = self.view.hand, self.host
        if name in (Command.NEXT, Command.PREV) and host.is_viewer_turn and self.view.phase in CHOICES:
            choices = self.choices()
            current = choices.index(self.pending) if self.pending in choices else -1
            self.preview_choice(choices[(current + (1 if name == Command.NEXT else -1)) % len(choices)])
        elif name in (Command.NEXT, Command.PREV) and self.focus_stops():
            stops = self.focus_stops()
            if name == Command.NEXT:
                self.focus = next((i for i in stops if i > self.focus), stops[0])
            else:
                self.focus = next((i for i in reversed(stops) if i < self.focus), stops[-1])
            if host.is_viewer_turn and self.view.phase is Phase.PLAYING:
                self.select(hand[self.focus])  # a tile the focus stops on can be played
        elif name in (Command.END_NEXT, Command.END_PREV) and self.ghosts:
            self.end_focus = (self.end_focus + (1 if name == Command.END_NEXT else -1)) % len(self.ghosts)
        elif name in (Command.CONFIRM, Command.SPACE):
            if host.is_viewer_turn:
                return self.confirm()
        elif name == Command.BACK:
            if self.selected is None and self.pending is None:
                return LEAVE
            self.clear_selection()
            self.pending = None
            host.update_decisions()
        return None

    # --- decisions -------------------------------------------------------------------------

    def choices(self) -> tuple[str, ...]:
        """The decisions to choose between now, when it is not a play (keep or throw in; who opens)."""
        view = self.view
        if view.phase is Phase.ACCEPTING:
            return CHOICES[Phase.ACCEPTING] if view.may_throw_in else ("accept",)
        return CHOICES.get(view.phase, ())

    def decisions(self) -> list[DecisionButton]:
        """A choice keeps a place for its Confirm from the start, so no button moves (under the
        pointer) when it appears; a previewed choice and its Confirm are the ones to press."""
        tr, view = self.app.tr, self.view
        choices = self.choices()
        items: list[tuple[str, str]] = []
        if len(choices) > 1:
            items = [(name, tr(f"button.{name}")) for name in choices]
            items += [(Command.CONFIRM, tr("button.confirm"))] if self.pending is not None else []
        elif choices:
            items = [(choices[0], tr(f"button.{choices[0]}"))]
        elif view.legal == (PASS,):
            items = [("pass", tr("button.pass"))]
        if not items:
            return []
        primary = (self.pending, Command.CONFIRM) if self.pending is not None else ()
        return decision_row(self.host.layout, items, len(choices) + 1 if len(choices) > 1 else 0, primary)

    def preview_choice(self, name: str) -> None:
        """Show what a deal or opener decision would do; nothing changes until Confirm."""
        self.pending = name
        self.host.hint_reason = ""
        self.host.update_decisions()

    def press(self, name: str) -> Answer[BlockDecision]:
        """A decision button: a real choice is previewed first, then committed by Confirm."""
        viewer, partner = self.host.viewer, self.view.partner
        if name == Command.CONFIRM and self.pending is not None:
            chosen, self.pending = self.pending, None
            return named_decision(chosen, viewer, partner)
        if len(self.choices()) > 1 and name in self.choices():
            self.preview_choice(name)
        elif name != Command.CONFIRM:
            return named_decision(name, viewer, partner)
        return None

    def show_hint(self, any_hint: Hint) -> str:
        """The suggestion, shown as a preview; applied only on confirmation."""
        hint = own_hint(any_hint)
        decision = hint.decision
        if isinstance(decision, Play):
            self.select(decision.tile)
            self.end_focus = next((i for i, g in enumerate(self.ghosts) if g.decision == decision), 0)
            self.focus = self.view.hand.index(decision.tile)
        elif len(self.choices()) > 1:
            viewer, partner = self.host.viewer, self.view.partner
            self.preview_choice(next(n for n in self.choices() if named_decision(n, viewer, partner) == decision))
        return hint_words(
            self.app.text,
            decision_text(hint.decision, self.host.names, self.app.tr),
            hint_text(hint, self.host.names, self.app.tr),
        )

    # --- animation ------------------------------------------------------------------------

    @property
    def animating(self) -> bool:
        return self.flight is not None

    def preparing(self, view: SeatView, scratch: pygame.Surface) -> Iterator[None]:
        """The knocks and faces painted ahead, then each part drawn once on ``scratch``."""
        app, sizes = self.app, self.knock_sizes()
        for size in sizes:
            yield from preparing_knock(size)
        self.knocks = sizes
        self.refresh(view)
        yield
        lay = self.host.layout
        for short in (lay.hand_short, self.short):
            yield from app.art_of(TileArt).preparing_size(short, COLOURS.ring)
        for vertical in (True, False):
            app.art_of(TileArt).back(drawing.backs_size(lay), vertical)
            yield
        for seat in range(1, 5):
            vertical = seat_position(seat, self.host.viewer) not in ("top", "bottom")
            yield from preparing_plate(app, self.plate_rect(seat), self.plate_for(seat), lay.unit, vertical)
        prepare_motion(app, lay.unit)
        yield
        for seat in range(1, 5):
            if seat != self.host.viewer:
                drawing.draw_seat(self, scratch, seat)
                yield
        for part in (drawing.draw_own_plate, drawing.draw_top_bar, drawing.draw_hand, drawing.draw_ghosts):
            part(self, scratch)
            yield

    def knock_sizes(self) -> set[int]:
        """The sizes of the knock a pass shows over each other seat's plate (none without motion)."""
        if self.app.settings.pace == 0:
            return set()
        return {knock_size(self.plate_rect(seat)) for seat in range(1, 5) if seat != self.host.viewer}

    def animate(self, event: PublicEvent) -> None:
        """A pass knocks on its seat's plate; a play flies from its seat to the line. A jump
        forgets tiles in flight and what was selected."""
        if not isinstance(event, Acted):
            self.flight = self.dragged = self.row.shake = None
            self.clear_selection()
            return
        seat, decision, pace = event.seat, event.decision, self.app.settings.pace
        if isinstance(decision, Pass):
            self.app.sounds.play("knock")
            plate = self.plate_rect(seat)
            self.effects.add(Knock(plate.center, knock_size(plate)), pace)
        elif isinstance(decision, Play):
            self.app.sounds.play("click")
        if not isinstance(decision, Play) or pace == 0:
            return
        index = next((i for i, p in enumerate(self.view.line) if p.tile is decision.tile), None)
        if index is None:  # at a shared table the view may be past the play already (a new round): nothing flies
            return
        start = next((rect.center for held, rect in self.row.rects if held is decision.tile), None)
        if start is None or seat != self.host.viewer:
            position = seat_position(seat, self.host.viewer)
            start = (self.host.layout.hand if position == "bottom" else self.host.layout.seats[position]).center
        self.flight = Flight(decision.tile, start, self.slots[index], Tween(FLIGHT_TIME * pace))

    def update(self, dt: float) -> None:
        self.effects.update(dt)
        if self.flight is not None:
            self.flight.tween.update(dt)
            if self.flight.tween.done and self.host.still_layer.is_current():
                self.flight = None  # the line's picture has the tile now: it never blinks out
        self.row.update(dt)

    # --- what is drawn ---------------------------------------------------------------------

    def still_key(self) -> tuple[object, ...]:
        return (self.in_air, self.ghost_sides)

    @property
    def ghost_sides(self) -> frozenset[int]:
        """The ends of the line a ghost lies beyond: their number chips make way for it."""
        return frozenset(ghost.side for ghost in self.ghosts)

    @property
    def in_air(self) -> Tile | None:
        """The tile flying to the line, until it lands."""
        return self.flight.tile if self.flight is not None and not self.flight.tween.done else None

    def draw_still(self, surface: pygame.Surface) -> None:
        """The line and its open numbers, the other seats, your plate and the top bar."""
        drawing.draw_line(self, surface)
        drawing.draw_ends(self, surface)
        for seat in range(1, 5):
            if seat != self.host.viewer:
                drawing.draw_seat(self, surface, seat)
        drawing.draw_own_plate(self, surface)
        drawing.draw_top_bar(self, surface)

    def draw_moving(self, surface: pygame.Surface, caption: list[str]) -> None:
        """The ghosts, the plates' rings and dots, your hand, then what flies over them."""
        host = self.host
        drawing.draw_ghosts(self, surface)
        host.plates.draw_motions(surface, host.thinking.seat, host.pulse)
        drawing.draw_hand(self, surface)
        drawing.draw_flight(self, surface)
        drawing.draw_dragged(self, surface)
        self.effects.draw(surface, self.app.settings.reduced_motion)
        draw_round_caption(self.app, surface, host.layout, caption, drawing.board_taken(self))

    def plate_for(self, seat: int) -> Plate:
        """What ``seat``'s plate says: its name, its team, its tiles, and a pass."""
        view, tr, names = self.view, self.app.tr, self.host.names
        team = team_of(seat)
        count = view.tile_counts[seat - 1]
        return Plate(
            name=names.label(seat),
            letters=names.initials(seat),
            detail=names.team(team),
            count=tr("seat.tiles", count=count),
            colour=COLOURS.team(team),
            active=view.to_act == seat and view.result is None,
            badge=tr("seat.pass") if drawing.passed_last(self, seat) else "",
            thinking=self.host.thinking.seat == seat,
        )

    def plate_rect(self, seat: int) -> pygame.Rect:
        """Where ``seat``'s plate lies: beside your hand, above each side seat's tiles, left
        of the top seat's tiles. It never moves while tiles are played."""
        position = seat_position(seat, self.host.viewer)
        if position == "bottom":
            return self.own_plate_rect()
        return other_plate_rect(self.host.layout, position, drawing.backs_width(self.host.layout))

    def own_plate_rect(self) -> pygame.Rect:
        return own_plate_rect(self.app, self.host.layout, self.row.span(self.host.layout))

    def status_text(self) -> str:
        tr, view, names = self.app.tr, self.view, self.host.names
        if view.result is not None:
            return tr("status.round_over")
        seat = view.to_act
        if seat is None:
            return ""
        if seat == self.host.viewer and self.host.session.is_human(seat):
            if self.host.hint_reason:
                return hint_line(self.app.text, self.host.hint_reason)
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
            return names.says("status.other_accepting", seat)
        if view.phase is Phase.CHOOSING:
            return names.says("status.other_choosing", seat)
        return names.says("status.other_turn", seat)

    def in_sight(self) -> tuple[tuple[pygame.Rect, ...], ...]:
        """The line with its end numbers, your hand, then the plates."""
        hand = tuple(rect for _, rect in self.row.rects)
        return tuple(drawing.board_taken(self)), hand, tuple(self.plate_rect(seat) for seat in range(1, 5))

    def last_move(self, seat: int) -> LastMove | None:
        """``seat``'s last turn of the play: its tile on the line, or its plate for a pass."""
        turns = self.view.turns
        index = next((i for i in range(len(turns) - 1, -1, -1) if turns[i].seat == seat), None)
        if index is None:
            return None
        move = turns[index].move
        places: tuple[pygame.Rect, ...] = (self.plate_rect(seat),)
        if isinstance(move, Play):
            places = tuple(drawing.slot_rect(s) for p, s in zip(self.view.line, self.slots) if p.tile is move.tile)
        return LastMove(describe(self.host.names, seat, move, self.app.tr), places, len(turns) - 1 - index)

    def round_end_caption(self) -> list[str]:
        """What the final board shows before the summary: who won and why it ended."""
        match, names, tr = self.host.match, self.host.names, self.app.tr
        assert match is None or is_block_match(match), "a block table holds a block game's match"
        if match is None or match.start.number != self.view.round_number or not match.round.is_over:
            return []  # a shared table's record of the round has not come yet: the next frame has it
        result = ended(match)
        ends = self.view.ends or (0, 0)
        story = round_story(self.view.rules, match.start, result, ends)
        lines = [result_line(story, names, tr)]
        if story.termination is Termination.BLOCK:
            lines.append(reasons(story, score_words(self.view.rules), names, tr)[0])
        return lines


def block_view(view: SeatView) -> BlockView:
    """``view`` as the Chiva and Dékabès view a block table's session gives."""
    if not isinstance(view, BlockView):
        raise TypeError(f"a block table shows a BlockView, not {type(view).__name__}")
    return view
