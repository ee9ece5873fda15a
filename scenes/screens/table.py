"""The table scene shared by every game: buttons, panels, dialogs, hand-over, messages, hints.

It holds its game's board (``scenes.ui.board.Board``: ``scenes.blocks.board``,
``scenes.tiengow.board``), which draws the centre, the hand and the seats and turns the
person's intents into decisions; the table commits them through its session. Nothing here
changes the match except through the session.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame
import pygame_gui

from game.core.advice import Hint
from game.core.errors import IllegalMove
from game.core.local_session import LocalSession
from game.core.match import Match
from game.core.phases import Phase
from game.core.session import Acted, DeviceSession
from scenes.screens.guide import Coach, aside_width, docks
from scenes.screens.pacing import Pacing, Step
from scenes.screens.table_hint import WHY_TEXT, TableHint
from scenes.screens.table_mode import LocalTable, TableMode
from scenes.screens.table_panels import TablePanels
from scenes.services.thinker import TableThinking
from scenes.ui.app_services import AppServices
from scenes.ui.board import Answer, Leave, status_area
from scenes.ui.dialog import Choice, Dialog, Sight
from scenes.ui.drawing import shade
from scenes.ui.event_fields import element_of, key_of
from scenes.ui.game_screens import GameScreens
from scenes.ui.input import GO_ON, Action, Command, EventTranslator, Hover, Tap
from scenes.ui.message_line import MessageLine, fitted_lines
from scenes.ui.naming import Names
from scenes.ui.scene import Scene
from scenes.ui.seating import SeatPlates
from scenes.ui.still_layer import StillLayer
from scenes.ui.table_layout import TableLayout
from scenes.ui.theme import COLOURS
from scenes.ui.widgets import TEXT_MARGIN, ButtonPlan, PreparedButtons, button, clear_widgets, fitted_row_rects


class TableScene(Scene):
    """What every game's table shares, round its game's board."""

    BOTTOM_BUTTONS = (Command.HINT, Command.UNDO, Command.REDO, Command.RESTART, Command.NEW_MATCH)
    MAY_GREY = (Command.HINT, Command.UNDO, Command.REDO)  # the buttons greyed out when they cannot be used

    def __init__(
        self,
        app: AppServices,
        screens: GameScreens,
        session: DeviceSession,
        mode: Callable[[TableScene], TableMode],
    ) -> None:
        super().__init__(app)
        self.screens = screens  # the game's own words and drawings
        self.translator = EventTranslator()
        self.session = session
        self.humans = list(session.local_seats)
        self.handover: int | None = None
        self.messages = MessageLine()
        self.hint_reason = ""  # why the hint shown suggests what it does, for this decision only
        self.hint_detail = ""  # the numbers behind it, explained: what its Why? button opens
        self.hint = TableHint(self)  # the hint shown and its Why? button
        self.pulse = 0.0  # seconds the table has been alive: turn rings and dots move with it
        self.hover: tuple[int, int] | None = None
        self.panels = TablePanels(app, session.game, lambda: self.match, screens)
        self.dialog: Dialog | None = None
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.prepared_buttons = PreparedButtons()
        self.decision_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.top_edge: int | None = None  # where the top bar's buttons begin, while they are built
        self.coach: Coach | None = None  # the guided first deal, while it lasts
        self.practice = False  # a lesson's match: never saved, and the saved match is left alone
        self.last_hint: tuple[tuple[int, int], Hint] | None = None  # the turn it was for, and the hint
        self.result_keys: set[int] | None = None  # keys held as the round's result was first drawn (None: not yet)
        self.layout = TableLayout.for_size(app.size)
        self.still_layer = StillLayer(self)
        self.plates = SeatPlates(app)
        self.version = 0  # counts the table's refreshes: what holds still is composed again after one
        self.refreshed_turn: tuple[int, int] | None = None  # the decision the table last refreshed at
        self.view = self.session.view()
        self.mode = mode(self)  # on this device, or shared with others: chosen once
        self.thinking = TableThinking(app.thinker, self.session, self.mode.computers)
        self.pacing = Pacing(app, self.session, self.mode.computers)
        self.board = screens.board(self)

    # --- scene life -------------------------------------------------------------

    def preparation(self) -> Iterator[None]:
        """The thinking worker launched; the felt, the board and the game's own pictures at this
        size; each part of the table drawn once, unseen (the first frame then finds its text,
        plates and faces made); its buttons built unseen."""
        yield from self.app.thinker.starting()
        self.layout = lay = self.make_layout()
        yield from self.still_layer.preparing(self.app.size, lay)
        yield
        self.view = self.session.view()
        yield
        scratch = pygame.Surface((1, 1))  # what is drawn is clipped away: only the pictures made count
        yield from self.board.preparing(self.view, scratch)
        draw_status(self, scratch)
        yield
        self.still_layer.still(self.app.size)
        yield
        yield from self.prepared_buttons.building(self.app.ui, self.button_plan(), self.MAY_GREY)
        yield from self.mode.preparing()

    def enter(self) -> None:
        self.app.thinker.start()
        self.layout = self.make_layout()
        self.buttons = self.prepared_buttons.take(self.app.ui, self.button_plan())
        top = top_buttons(self)
        self.top_edge = min((w.rect.x for name, w in self.buttons.items() if name in top), default=None)
        if self.coach is not None:
            self.coach.enter(self.app.size, self.layout.board, self.layout.unit)
        self.refresh()

    def button_plan(self) -> ButtonPlan:
        """The table's buttons (name, where, text, whether primary): a row under the hand, the
        most used (Hint, then Undo) at the edge of the favoured hand's thumb, a few in the top bar."""
        lay, dressing = self.layout, self.board.dressing
        names = self.BOTTOM_BUTTONS[::-1] if self.app.settings.handed == "right" else self.BOTTOM_BUTTONS
        font = self.app.font(WHY_TEXT)  # the theme's button font: each button as wide as its words need
        labels = [self.app.tr(dressing.button_words(name)) for name in names]
        needs = [font.size(label)[0] + 2 * TEXT_MARGIN for label in labels]
        rects = fitted_row_rects(lay.button_bar, needs, lay.button_h, lay.px(190), lay.px(10))
        plan: ButtonPlan = [(name, rect, label, False) for name, rect, label in zip(names, rects, labels)]
        top = top_buttons(self)
        words = {name: self.app.tr(f"button.{name}") for name in top}
        widths = {name: max(lay.px(128), 96, font.size(words[name])[0] + 2 * TEXT_MARGIN) for name in top}
        x = lay.size[0] - sum(widths[name] + lay.px(8) for name in top)
        for name in top:
            rect = pygame.Rect(x, (lay.top_bar.height - lay.button_h) // 2, widths[name], lay.button_h)
            plan.append((name, rect, words[name], False))
            x += widths[name] + lay.px(8)
        return plan

    def exit(self) -> None:
        if self.coach is not None:
            self.coach.exit()
        self.thinking.cancel()
        self.panels.close()
        if self.dialog is not None:
            self.dialog.close()
            self.dialog = None
        clear_widgets(self.app.ui)
        self.buttons = {}
        self.decision_buttons = {}
        self.hint.close()
        self.top_edge = None

    def close(self) -> None:
        """The table is left (a shared table's connections close: its seats wait for Continue,
        and a hosting device stops serving it; it stays saved)."""
        self.mode.leave()

    def make_layout(self) -> TableLayout:
        """The game's layout of the part of the window the table takes: all of it, less the
        coach's column."""
        w, h = self.app.size
        size = (w - aside_width((w, h)), h) if self.coach is not None and docks((w, h)) else (w, h)
        return self.board.dressing.layout(size)

    # --- the guided first deal ------------------------------------------------------

    def end_lesson(self, message: str) -> None:
        """The coach leaves; the table takes the whole window again."""
        if self.coach is None:
            return
        self.coach.exit()
        self.coach = None
        self.relayout()
        self.say(message)

    @property
    def viewer(self) -> int:
        """The seat whose view the table shows: the person at the device (its session's seat)."""
        return self.session.seat

    @property
    def match(self) -> Match | None:
        """The match as this device holds it whole: a local table's own; at a shared table, its
        finished rounds played again from their records (None before the first ends)."""
        return self.mode.match

    @property
    def round_over(self) -> bool:
        """Whether the round on the table has ended (the match too, perhaps)."""
        return self.session.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)

    @property
    def turn_key(self) -> tuple[int, int]:
        """Which decision of the match is to be taken: its round and how many came before."""
        _, round_number, decisions = self.session.position
        return round_number, decisions

    # --- state --------------------------------------------------------------------

    @property
    def paused(self) -> bool:
        """Rules, Log, a question or a hand-over screen stop the computer seats."""
        return bool(
            self.panels.open
            or (self.dialog is not None and self.dialog.open)
            or self.handover
            or (self.coach is not None and self.coach.reading)
        )

    @property
    def animating(self) -> bool:
        return self.board.animating

    def refresh(self) -> None:
        """Re-read the match after any change: view, who sees the table, widgets."""
        self.version += 1
        to_act = self.session.to_act
        if to_act in self.session.local_seats and self.session.is_human(to_act) and to_act != self.viewer:
            if len(self.humans) > 1:
                self.handover = to_act
            self.session.hand_over(to_act)
        self.view = self.session.view()
        if not self.round_over:
            self.result_keys = None
        if self.turn_key != self.refreshed_turn:
            self.refreshed_turn = self.turn_key
            self.hint_reason = ""  # a hint is for one decision: it never outlives it
        self.plates.notes = self.mode.seat_notes()
        self.board.refresh(self.view)
        self.update_buttons()
        self.mode.keep()

    def update_buttons(self) -> None:
        if not self.buttons:
            return
        human_turn = self.is_viewer_turn
        state: dict[str, bool] = {
            Command.HINT: human_turn and not self.handover,
            Command.UNDO: self.session.control.can_undo,
            Command.REDO: self.session.control.can_redo,
        }
        for name, widget in self.buttons.items():
            if self.handover:
                widget.hide()
                continue
            widget.show()
            if state.get(name, True):
                widget.enable()
            else:
                widget.disable()
        self.update_decisions()

    @property
    def is_viewer_turn(self) -> bool:
        return self.session.to_act == self.viewer and self.session.is_human(self.viewer)

    def update_decisions(self) -> None:
        """Buttons for the decision the person must take now (pass, accept...), where the board
        places them."""
        for widget in self.decision_buttons.values():
            widget.kill()
        self.decision_buttons = {}
        if self.handover or not self.is_viewer_turn:
            return
        self.decision_buttons = {
            shown.name: button(self.app.ui, shown.rect, shown.text, shown.name, primary=shown.primary)
            for shown in self.board.decisions()
        }

    def say(self, text: str) -> None:
        """Show ``text`` on the message line for a while, as long as the decision it was said at
        is still to be taken (a computer's move or the end of the round takes it away)."""
        self.messages.say(text, self.turn_key)

    def refuse(self, error: IllegalMove) -> None:
        """Say why ``error`` refused what was asked (its own English words for a reason the
        catalogue does not know, as another version of the host may give)."""
        key = f"error.{error.code}"
        self.say(self.app.tr(key, **error.params) if self.app.text.knows(key) else str(error))

    # --- commands ---------------------------------------------------------------------

    def commit(self, decision: object) -> bool:
        """Push a person's decision; a refusal is shown and changes nothing."""
        try:
            self.session.commit(decision)
        except IllegalMove as error:
            self.refuse(error)
            return False
        self.refresh()
        self.animate_events()
        return True

    def answer(self, answer: Answer) -> None:
        """Carry out what the board made of an intent or a button: commit its decision (the
        board then forgets its selection), or ask to leave."""
        if isinstance(answer, Leave):
            self.control(Command.MENU)
        elif answer is not None and self.commit(answer):
            self.board.committed()

    def animate_events(self) -> None:
        """Start the animation of each decision the session says was taken since the last call."""
        for event in self.session.events():
            if isinstance(event, Acted):
                self.board.animate(event)

    def control(self, name: str) -> None:
        """Undo, redo, restart, new match, hint, rules, log, menu, and the board's own buttons."""
        if name in self.board.dressing.own_buttons:
            self.answer(self.board.press(name))
            return
        if name in self.mode.own_buttons:
            self.mode.own_buttons[name]()
        elif name == Command.UNDO:
            self.mode.change("undo")
        elif name == Command.REDO:
            self.mode.change("redo")
        elif name == Command.HINT:
            self.hint.ask()
        elif name in (Command.RESTART, Command.NEW_MATCH, Command.MENU):
            self.ask(name)
        elif name == Command.RULES:
            after = self.board.dressing.rules_after(self.app, self.layout.unit)
            self.panels.open_rules(self.layout.unit, self.names, after)
        elif name == Command.LOG:
            self.panels.open_log(self.layout.unit, self.names)

    def ask(self, action: str) -> None:
        """A themed question before restarting, starting over or leaving the table."""
        tr = self.app.tr

        def answer(choice: str) -> None:
            self.dialog = None
            self.update_buttons()
            if choice != "ok":
                return
            if action == Command.MENU:
                self.mode.leave()
                self.app.show("menu")
            else:
                self.mode.change("restart" if action == Command.RESTART else "new_match")

        key = "confirm.leave_lesson" if action == Command.MENU and self.practice else f"confirm.{action}"
        ok_key = key if key == "confirm.leave_lesson" else f"confirm.{action}"
        if action == Command.RESTART:
            key = self.screens.words["confirm_restart"]
        self.dialog = Dialog(
            self.app,
            self.layout.unit,
            tr(f"{key}.title"),
            tr(f"{key}.question"),
            (Choice("cancel", tr("confirm.cancel"), primary=True), Choice("ok", tr(f"{ok_key}.ok"))),
            answer,
            sight=Sight(self.board.in_sight()),  # the table stays in sight round the question
        )
        self.update_buttons()

    # --- events ---------------------------------------------------------------------

    def handle_ui_event(self, event: pygame.event.Event) -> None:
        if self.dialog is not None:
            self.dialog.handle_ui_event(event)
            return
        if self.coach is not None and self.coach.handle_ui_event(event):
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            element = element_of(event)
            if self.hint.why_button is not None and element is self.hint.why_button:
                self.hint.explain()
                return
            for name, widget in self.buttons.items():
                if widget is element:
                    self.control(name)
                    return
            for name, widget in list(self.decision_buttons.items()):
                if widget is element:
                    self.answer(self.board.press(name))
                    return
            index = self.panels.pressed(event)
            if index is not None and self.match is not None:
                self.app.show("review", match=self.match, round_index=index, back=self)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.dialog is not None:
            self.dialog.handle_event(event)
            return
        if event.type == pygame.KEYUP and self.result_keys is not None:
            self.result_keys.discard(key_of(event))
        held = self.result_keys is None or (event.type == pygame.KEYDOWN and key_of(event) in self.result_keys)
        for intent in self.translator.translate(event):
            if self.handover:
                if isinstance(intent, Tap) or (isinstance(intent, Action) and intent.name in GO_ON):
                    self.handover = None
                    self.refresh()
                continue
            if self.round_over and (isinstance(intent, Tap) or (isinstance(intent, Action) and intent.name in GO_ON)):
                if not held:  # a key pressed before the result was drawn, or held since, goes on to nothing
                    self.show_summary()
            elif isinstance(intent, Hover):
                self.hover = intent.pos
            elif isinstance(intent, Action) and intent.name in (Command.UNDO, Command.REDO, Command.HINT):
                self.control(intent.name)
            elif isinstance(intent, Action) and intent.name == Command.BACK and self.panels.open:
                self.panels.close()  # Esc closes an open panel first
            else:
                self.answer(self.board.handle(intent))

    # --- time -----------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.pulse += dt
        self.messages.update(dt)
        self.board.update(dt)
        self.thinking.update(dt)
        if self.thinking.has_hint:
            self.hint.show()
        self.hint.update()
        if self.coach is not None:
            self.coach.update()
        self.mode.update()
        if self.paused or self.animating:
            return
        step = self.pacing.step(dt, self.round_over, bool(self.humans))
        if step is Step.ENDED:
            self.show_summary()
        elif step is Step.PLAYED:
            self.refresh()
            self.animate_events()

    def show_summary(self) -> None:
        """The round's summary, once this device holds the round whole (at a shared table: its
        record has come, and this device has not yet said it is ready for the next)."""
        self.pacing.end_time = 0.0
        match = self.mode.summary_match()
        if match is None:
            return
        if self.coach is not None:  # its last words said the lesson is complete: no toast over the summary's top
            self.coach.exit()
            self.coach = None
        self.app.show("summary", table=self, match=match)

    # --- drawing --------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, caption: bool = True) -> None:
        """The table; once a round is over, its result over the final board (``caption``),
        unless the round's summary shows it. On screen in real time, the still picture of a
        change is composed in the time the frame leaves (``catch_up``)."""
        self.still_layer.lay(surface, self.app.manager.real_time and self.app.manager.scene is self)
        self.draw_moving(surface, caption)

    def draw_moving(self, surface: pygame.Surface, caption: bool = True) -> None:
        """What is drawn over the still picture in every frame: the board's moving parts, the
        message line, the coach and a question."""
        if not self.handover:
            lines = self.round_end_lines() if self.round_over and caption else []
            self.board.draw_moving(surface, lines)
            if lines and self.result_keys is None and self.app.manager.scene is self:
                self.result_keys = set(self.app.manager.keys_down)
        draw_status(self, surface)
        if self.coach is not None:
            self.coach.draw(surface)
        if self.dialog is not None:
            self.dialog.draw(surface)

    def catch_up(self) -> bool:
        return self.still_layer.catch_up(self.app.size)

    def still_key(self) -> tuple[object, ...]:
        """What the still picture shows: the table's state (``version``), who sees it, the layout,
        the words, and what the board adds (a tile taking off)."""
        lay = self.layout
        return (self.version, self.viewer, self.handover, lay.size, tuple(lay.board), id(self.app.text)) + (
            self.board.still_key()
        )

    def paint_still(self, surface: pygame.Surface) -> None:
        """The background, then the still parts unless a hand-over screen hides the table."""
        surface.blit(self.still_layer.background(surface.get_size(), self.layout), (0, 0))
        self.plates.clear()
        if not self.handover:
            self.board.draw_still(surface)

    def round_end_lines(self) -> list[str]:
        """The result's lines over the final board, then how to go on."""
        lines = self.board.round_end_caption()
        if lines and self.humans and not self.app.settings.demo:
            lines = [*lines, self.app.tr("status.tap_for_result")]
        return lines

    def toast_place(self) -> pygame.Rect | None:
        """A toast (where an exported record went, another device's message) goes over the
        status line's words, clear of the score line, the buttons and the tiles."""
        return None if self.handover else status_text_area(self)

    def draw_over(self, surface: pygame.Surface) -> None:
        """The hand-over screen; else what a question lights, over its shade."""
        if self.handover:
            draw_handover(self.app, surface, self.layout, self.names.to(self.handover))
        elif self.dialog is not None:
            self.dialog.draw_over(surface)

    @property
    def names(self) -> Names:
        """How this table calls its seats and teams, seen from the viewer (at a shared table,
        the people by the names they gave)."""
        return self.mode.names()


def top_buttons(table: TableScene) -> tuple[str, ...]:
    """The top bar's buttons: the game's, and at a shared table the quick messages."""
    return (*table.mode.own_buttons, *table.board.dressing.top_buttons)


def local_table(app: AppServices, match: Match, screens: GameScreens, lesson: bool = False) -> TableScene:
    """A table of ``match`` on this device, shown to its first person (pass-and-play: handed
    over between them), its computer seats thinking in the app's worker. With ``lesson`` the
    coach takes the person through its first deal (``scenes.screens.guide``); a lesson's match
    is practice, never saved, so Learn never touches the saved match."""
    humans = [seat for seat in range(1, 5) if match.is_human(seat)]
    session = LocalSession(match, humans[0] if humans else 1, ask=app.thinker.ask, cancel=app.thinker.cancel)
    table = TableScene(app, screens, session, lambda table: LocalTable(table, session, match))
    if lesson:
        table.coach = Coach(table, screens.lesson)
        table.practice = True
    return table


def draw_status(table: TableScene, surface: pygame.Surface) -> None:
    """The line over the hand: a message, else why a shared table waits, else whose turn it is;
    in the status strip at the foot of the board (left of the hint's Why? button), in one
    line or two, shrunk no smaller than the readable 12 px, never cut."""
    lay = table.layout
    if table.round_over and table.round_end_lines() and table.app.manager.scene is table:
        return  # the result's caption says it, where this line was
    message = table.messages.shown(table.turn_key)
    message = message if table.hint.still_said(message) else ""
    text = message or table.mode.status_text()
    if not text:
        return
    colour = COLOURS.warn if message else COLOURS.ink
    area = status_text_area(table)
    pad = (lay.px(12), lay.px(4))
    images = fitted_lines(table.app, text, lay.px(19), area.inflate(-2 * pad[0], -2 * pad[1]).size, colour)
    height = sum(image.get_height() for image in images)
    width = max(image.get_width() for image in images)
    box = pygame.Rect(0, 0, width, height)
    box.center = area.center
    shade(surface, box.inflate(2 * pad[0], 2 * pad[1]).clip(area), COLOURS.line_shade, lay.px(10))
    y = box.y
    for image in images:
        surface.blit(image, image.get_rect(midtop=(box.centerx, y)))
        y += image.get_height()


def status_text_area(table: TableScene) -> pygame.Rect:
    """The part of the status strip its words may take: all of it, less the Why? button."""
    area = status_area(table.layout)
    if table.hint.why_button is not None:
        area.width = table.hint.why_button.rect.x - table.layout.px(8) - area.x
    return area


def draw_handover(app: AppServices, surface: pygame.Surface, lay: TableLayout, who_to: str) -> None:
    """A screen that hides every hand until the next person (``who_to``) taps."""
    tr = app.tr
    surface.fill(COLOURS.handover)
    title = app.font(lay.px(34), bold=True).render(tr("handover.title", who_to=who_to), True, COLOURS.gold)
    hint = app.font(lay.px(20)).render(tr("handover.tap"), True, COLOURS.ink)
    centre = surface.get_rect().center
    surface.blit(title, title.get_rect(midbottom=(centre[0], centre[1] - lay.px(8))))
    surface.blit(hint, hint.get_rect(midtop=(centre[0], centre[1] + lay.px(8))))
