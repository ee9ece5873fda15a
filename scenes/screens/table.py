"""The table scene shared by every game: buttons, pacing, panels, hand-over, messages.

A game's table (``BlockTable``, ``TienGowTable``) subclasses it and draws its own
centre, hand and seats, and turns pointer and key intents into engine commands.
Nothing here changes the match except through its commands.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pygame
import pygame_gui

from game.core.advice import Hint, check_request
from game.core.errors import IllegalMove
from game.core.match import Match
from game.core.phases import Phase
from game.core.session import Acted, LocalSession
from game.core.thinking import Question
from scenes.screens.guide import Coach, aside_width, docks
from scenes.screens.table_layout import TableLayout
from scenes.services import persist
from scenes.services.thinker import TableThinking
from scenes.ui import panels
from scenes.ui.app_services import AppServices
from scenes.ui.dialog import Choice, Dialog
from scenes.ui.drawing import fit_text, shade
from scenes.ui.effects import Effects
from scenes.ui.input import Action, EventTranslator, Hover, Intent, Tap
from scenes.ui.naming import Names
from scenes.ui.rules_text import rules_body
from scenes.ui.scene import Scene
from scenes.ui.seat_plate import (
    Plate,
    badge_overhang,
    draw_motion,
    draw_still_plate,
    plate_size,
    prepare_motion,
    preparing_plate,
)
from scenes.ui.theme import COLOURS
from scenes.ui.widgets import ButtonPlan, PreparedButtons, button, clear_widgets, row_rects
from sprites.table_surface import board, felt, prepare_board, prepare_felt

SEAT_POSITIONS = ("bottom", "right", "top", "left")

THINK_PAUSE = 0.55  # seconds a computer seems to think, before pace
DECIDE_PAUSE = 0.25  # for accepting a deal or naming the opener
END_HOLD = 3.0  # seconds the final board stays before the summary (a tap goes on at once)
END_HOLD_LEAST = 1.2  # even at the instant speed, a person sees the final board this long
MESSAGE_TIME = 2.6
CAPTION_SCALES = (1.0, 0.85, 0.72)  # the sizes a round's result is tried at, to find it room on the board
SMALL_UNIT = 0.8  # below this scale (a small window) your plate may grow into the room beside your hand
BADGE_ROOM = 30  # design px kept above a side seat's plate for its PASS or Banker badge


class TableScene(Scene):
    """What every game's table shares."""

    BOTTOM_BUTTONS = ("hint", "undo", "redo", "restart", "new_match")
    MAY_GREY = ("hint", "undo", "redo")  # the buttons greyed out when they cannot be used
    TOP_BUTTONS: tuple[str, ...] = ("rules", "log", "menu")

    def __init__(self, app: AppServices, match: Match, screens: Any) -> None:
        super().__init__(app)
        self.match = match  # kept whole for what only this device's table does: save, Log, export, review
        self.screens = screens  # the game's own words and drawings (``scenes.shell.game_screens.GameScreens``)
        self.translator = EventTranslator()
        humans = [s for s in range(1, 5) if match.is_human(s)]
        self.humans = humans
        self.handover: int | None = None
        self.message = ""
        self.message_time = 0.0
        self.message_turn: tuple[int, int] = (0, 0)  # the decision a message was said at: it goes with it
        self.hint_reason = ""  # why the hint shown suggests what it does, for this decision only
        self.think_time = 0.0
        self.end_time = 0.0
        self.pulse = 0.0  # seconds the table has been alive: turn rings and dots move with it
        self.effects = Effects()
        self.hover: tuple[int, int] | None = None
        self.rules_panel: panels.TextPanel | None = None
        self.log_panel: panels.TextPanel | None = None
        self.dialog: Dialog | None = None
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.prepared_buttons = PreparedButtons()
        self.decision_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.coach: Coach | None = None  # the guided first deal, while it lasts
        self.practice = False  # a lesson's match: never saved, and the saved match is left alone
        self.export_note = ""  # where the Log's last export went (or why it failed), shown in the Log
        self.last_hint: tuple[tuple[int, int], Hint] | None = None  # the turn it was for, and the hint
        self.layout = TableLayout.for_size(app.size)
        self._background: tuple[tuple, pygame.Surface] | None = None
        self._still: tuple[tuple, pygame.Surface] | None = None
        self.version = 0  # counts the table's refreshes: what holds still is composed again after one
        self.refreshed_turn: tuple[int, int] | None = None  # the decision the table last refreshed at
        self.plate_motion: dict[int, tuple[tuple[int, int], int, Plate]] = {}  # each plate's avatar and what it says
        viewer = humans[0] if humans else 1
        self.session = LocalSession(match, viewer, ask=app.thinker.ask, cancel=app.thinker.cancel)
        self.view = self.session.view()
        self.thinking = TableThinking(app.thinker, self.session)

    # --- scene life -------------------------------------------------------------

    def preparation(self) -> Iterator[None]:
        """The thinking worker launched; the felt, the board and the game's own pictures at this
        size; each part of the table drawn once, unseen; its buttons built unseen."""
        yield from self.app.thinker.starting()
        self.layout = lay = self.make_layout()
        yield from prepare_felt(self.app.size, COLOURS.felt)
        yield from prepare_board(lay.board.size, COLOURS.board, self.rim_width())
        self.background(self.app.size)
        yield
        yield from self.prepare_pictures()
        yield from self.rehearsal()
        yield from self.prepared_buttons.building(self.app.ui, self.button_plan(), self.MAY_GREY)

    def rehearsal(self) -> Iterator[None]:
        """Draw each part of the table once, unseen, a part at a time: the first frame then
        finds its text, plates and faces made."""
        self.view = self.session.view()
        yield
        self.on_refresh()
        yield
        yield from self.prepare_faces()
        for seat in range(1, 5):
            vertical = self.seat_position(seat) not in ("top", "bottom")
            yield from preparing_plate(
                self.app, self.plate_rect(seat), self.plate_for(seat), self.layout.unit, vertical
            )
        prepare_motion(self.app, self.layout.unit)
        yield
        scratch = pygame.Surface((1, 1))  # what is drawn is clipped away: only the pictures made count
        for seat in range(1, 5):
            if seat != self.viewer:
                self.draw_seat(scratch, seat)
                yield
        for part in (self.draw_own_plate, self.draw_top_bar, self.draw_hand, self.draw_centre, self.draw_status):
            part(scratch)
            yield
        self.still(self.app.size)
        yield

    def prepare_faces(self) -> Iterator[None]:
        """The faces of the tiles in view painted ahead, a few at a time."""
        return iter(())

    def plate_for(self, seat: int) -> Plate:
        """What ``seat``'s plate says."""
        raise NotImplementedError

    def prepare_pictures(self) -> Iterator[None]:
        """The game's own pictures painted ahead, a piece at a time."""
        return iter(())

    def enter(self) -> None:
        self.app.thinker.start()
        self.layout = self.make_layout()
        self.buttons = self.prepared_buttons.take(self.app.ui, self.button_plan())
        if self.coach is not None:
            self.coach.enter(self.app.size, self.layout.board, self.layout.unit)
        self.refresh()

    def button_plan(self) -> ButtonPlan:
        """The table's buttons (name, where, text, whether primary): a row under the hand, the
        most used (Hint, then Undo) at the edge of the favoured hand's thumb, a few in the top bar."""
        lay = self.layout
        names = self.BOTTOM_BUTTONS[::-1] if self.app.settings.handed == "right" else self.BOTTOM_BUTTONS
        rects = row_rects(lay.button_bar, len(names), lay.button_h, lay.px(190), lay.px(10))
        plan = [(name, rect, self.button_text(name), False) for name, rect in zip(names, rects)]
        width = max(lay.px(128), 96)
        x = lay.size[0] - len(self.TOP_BUTTONS) * (width + lay.px(8))
        for name in self.TOP_BUTTONS:
            rect = pygame.Rect(x, (lay.top_bar.height - lay.button_h) // 2, width, lay.button_h)
            plan.append((name, rect, self.app.tr(f"button.{name}"), False))
            x += width + lay.px(8)
        return plan

    def exit(self) -> None:
        if self.coach is not None:
            self.coach.exit()
        self.thinking.cancel()
        self.close_panels()
        if self.dialog is not None:
            self.dialog.close()
            self.dialog = None
        clear_widgets(self.app.ui)
        self.buttons = {}
        self.decision_buttons = {}

    def button_text(self, name: str) -> str:
        return self.app.tr(f"button.{name}")

    def make_layout(self) -> TableLayout:
        return TableLayout.for_size(self.table_size())

    def table_size(self) -> tuple[int, int]:
        """The part of the window the table takes: all of it, less the coach's column."""
        w, h = self.app.size
        return (w - aside_width((w, h)), h) if self.coach is not None and docks((w, h)) else (w, h)

    # --- the guided first deal ------------------------------------------------------

    def start_lesson(self) -> None:
        """Coach the person through this match's first deal (``scenes.screens.guide``); the lesson's
        match is practice, never saved, so Learn never touches the saved match."""
        self.coach = Coach(self, self.screens.lesson)
        self.practice = True

    def end_lesson(self, message: str) -> None:
        """The coach leaves; the table takes the whole window again."""
        if self.coach is None:
            return
        self.coach.exit()
        self.coach = None
        self.relayout()
        self.say(message)

    @property
    def hint_level(self) -> str:
        """The level hints think at: the settings', or the guided deal's own while it lasts."""
        return self.session.level if self.coach is not None else self.app.settings.level

    @property
    def viewer(self) -> int:
        """The seat whose view the table shows: the person at the device (its session's seat)."""
        return self.session.seat

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
            (self.rules_panel and self.rules_panel.alive)
            or (self.log_panel and self.log_panel.alive)
            or (self.dialog is not None and self.dialog.open)
            or self.handover
            or (self.coach is not None and self.coach.reading)
        )

    @property
    def animating(self) -> bool:
        return False

    def refresh(self) -> None:
        """Re-read the match after any change: view, who sees the table, widgets."""
        self.version += 1
        to_act = self.session.to_act
        if to_act is not None and self.session.is_human(to_act) and to_act != self.viewer:
            if len(self.humans) > 1:
                self.handover = to_act
            self.session.hand_over(to_act)
        self.view = self.session.view()
        if self.turn_key != self.refreshed_turn:
            self.refreshed_turn = self.turn_key
            self.hint_reason = ""  # a hint is for one decision: it never outlives it
        self.on_refresh()
        self.update_buttons()
        self.autosave()

    def autosave(self) -> None:
        """Keep the match on disk after every change, so closing the window loses nothing; a
        finished match is kept as the last finished one (reviewed and exported from the menu).
        A lesson's match is never saved."""
        if self.app.settings.demo or self.practice:
            return
        try:
            if self.match.phase is Phase.MATCH_OVER:
                persist.keep_finished(self.match)
            else:
                persist.save_match(self.match)
        except OSError as error:
            self.say(self.app.tr("error.save_failed", reason=str(error)))

    def on_refresh(self) -> None:
        """Recompute what the game's table derives from the view."""

    def update_buttons(self) -> None:
        if not self.buttons:
            return
        human_turn = self.is_viewer_turn
        state = {
            "hint": human_turn and not self.handover,
            "undo": self.session.can_undo,
            "redo": self.session.can_redo,
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
        self.make_decision_buttons()

    @property
    def is_viewer_turn(self) -> bool:
        return self.session.to_act == self.viewer and self.session.is_human(self.viewer)

    def make_decision_buttons(self) -> None:
        """Buttons for the decision the person must take now (pass, accept...)."""
        for widget in self.decision_buttons.values():
            widget.kill()
        self.decision_buttons = {}
        if self.handover or not self.is_viewer_turn:
            return
        items = self.decision_items()
        if not items:
            return
        self.decision_buttons = self.place_decision_buttons(items)

    def place_decision_buttons(self, items: list[tuple[str, str]]) -> dict[str, pygame_gui.elements.UIButton]:
        """A row of decision buttons above the status line."""
        lay = self.layout
        area = pygame.Rect(lay.board.x, lay.board.bottom - lay.button_h - lay.px(40), lay.board.width, lay.button_h)
        rects = row_rects(area, max(len(items), self.decision_slots()), lay.button_h, lay.px(260), lay.px(14))
        primary = self.primary_decisions()
        return {
            name: button(self.app.ui, rect, text, name, primary=name in primary)
            for (name, text), rect in zip(items, rects)
        }

    def decision_slots(self) -> int:
        """How many places the row of decision buttons keeps: a choice keeps one for its Confirm
        from the start, so no button moves (under the pointer) when it appears."""
        return 0

    def decision_items(self) -> list[tuple[str, str]]:
        """(name, text) of the decision buttons to show now."""
        return []

    def primary_decisions(self) -> tuple[str, ...]:
        """The decision buttons drawn as the one to press (a previewed choice and its Confirm)."""
        return ()

    def say(self, text: str) -> None:
        """Show ``text`` on the message line for a while, as long as the decision it was said at
        is still to be taken (a computer's move or the end of the round takes it away)."""
        self.message, self.message_time, self.message_turn = text, MESSAGE_TIME, self.turn_key

    @property
    def shown_message(self) -> str:
        """The message on the message line now, if one still applies."""
        return self.message if self.message_time > 0 and self.message_turn == self.turn_key else ""

    def refuse(self, error: IllegalMove) -> None:
        self.say(self.app.tr(f"error.{error.code}", **error.params))

    # --- commands ---------------------------------------------------------------------

    def commit(self, decision) -> bool:
        """Push a person's decision; a refusal is shown and changes nothing."""
        try:
            self.session.commit(decision)
        except IllegalMove as error:
            self.refuse(error)
            return False
        self.refresh()
        self.animate_events()
        return True

    def animate_events(self) -> None:
        """Start the animation of each decision the session says was taken since the last call."""
        for event in self.session.events():
            if isinstance(event, Acted):
                self.after_decision(event.seat, event.decision)

    def after_decision(self, seat: int, decision) -> None:
        """Start the animation (and the sound) of a decision just taken, as this seat sees it
        (None: a play it may not see); the view is already refreshed."""

    def control(self, name: str) -> None:
        """Undo, redo, restart, new match, hint, rules, log and menu."""
        tr = self.app.tr
        if self.game_control(name):
            return
        try:
            if name == "undo":
                self.session.undo()  # only the person at the device's own moves
                self.reset_animation()
            elif name == "redo":
                self.session.redo()
                self.reset_animation()
            elif name == "hint":
                self.ask_hint()
                return
            elif name in ("restart", "new_match", "menu"):
                self.ask(name)
                return
            elif name == "rules":
                self.open_rules()
                return
            elif name == "log":
                self.open_log()
                return
        except IllegalMove as error:
            self.refuse(error)
            return
        self.refresh()
        self.say(tr(f"done.{name}"))

    def game_control(self, name: str) -> bool:
        """A game's own button; returns whether it was one."""
        return False

    def ask(self, action: str) -> None:
        """A themed question before restarting, starting over or leaving the table."""
        tr = self.app.tr

        def answer(choice: str) -> None:
            self.dialog = None
            self.update_buttons()
            if choice == "ok":
                self.confirmed(action)

        key = "confirm.leave_lesson" if action == "menu" and self.practice else f"confirm.{action}"
        if action == "restart":
            key = self.screens.words["confirm_restart"]
        self.dialog = Dialog(
            self.app,
            self.layout.unit,
            tr(f"{key}.title"),
            tr(f"{key}.question"),
            (Choice("cancel", tr("confirm.cancel")), Choice("ok", tr(f"confirm.{action}.ok"), primary=True)),
            answer,
        )
        self.update_buttons()

    def confirmed(self, action: str) -> None:
        if action == "restart":
            self.session.restart_round()
        elif action == "new_match":
            self.session.new_match(self.app.settings.seed)
        elif action == "menu":
            self.app.show("menu")
            return
        self.reset_animation()
        self.end_time = 0.0
        self.refresh()
        self.say(self.app.tr(self.screens.words["restarted"] if action == "restart" else f"done.{action}"))

    def reset_animation(self) -> None:
        """Forget tiles in flight and markers when the match jumps (undo, restart...)."""

    def ask_hint(self) -> None:
        """Ask the computer for a hint from the person's view only; it shows when it comes."""
        level = self.hint_level
        try:
            check_request(self.view, level)
        except IllegalMove as error:
            self.refuse(error)
            return
        seed = ("advice", *self.turn_key)  # the generator of ``advice_rng``: the review agrees with the hint
        self.thinking.ask_hint(Question("hint", self.view, level, seed))
        if self.thinking.hint_pending:
            self.say(self.app.tr("thinking.hint"))

    def show_hint(self) -> None:
        """Show the suggested decision as a preview."""

    def suggestion(self) -> Hint | None:
        """The hint the computer gave the person to act, or None with the reason it was refused."""
        try:
            hint = self.thinking.take_hint()
        except IllegalMove as error:
            self.refuse(error)
            return None
        if hint is not None:
            self.last_hint = (self.turn_key, hint)
        return hint

    def open_rules(self) -> None:
        tr = self.app.tr
        self.close_panels()
        self.rules_panel = panels.TextPanel(
            self.app.ui,
            self.app.size,
            self.layout.unit,
            tr(f"rules.{self.session.game}.title"),
            rules_body(self.screens.rule_sections, tr, self.names),
            "rules",
        )

    def open_log(self) -> None:
        """The public history, newest at the bottom and shown first; any finished round
        can be chosen for review."""
        tr = self.app.tr
        self.close_panels()
        body = "<br>".join(self.screens.log_lines(self.match, self.names, tr)) or tr("log.empty")
        if self.export_note:
            body += self.export_html()
        rounds = len(self.match.finished) + (1 if self.round_over else 0)
        choices = [(tr(self.screens.words["round_of"], number=n + 1), str(n)) for n in reversed(range(rounds))]
        self.log_panel = panels.TextPanel(
            self.app.ui,
            self.app.size,
            self.layout.unit,
            tr("log.title"),
            body,
            "log",
            [("export", tr("log.export"))] + ([("review", tr(self.screens.words["review_this"]))] if rounds else []),
            choices,
            at_end=True,
        )

    def export_html(self) -> str:
        """The last export's message, as the last lines of the Log."""
        return f"<br><br><b>{panels.escape(self.export_note)}</b>"

    def exported(self, note: str) -> None:
        """Say where the record went (or why not) over the Log window at once, and at the end
        of the Log's text, where it stays (the Log opened again shows it too)."""
        self.export_note = note
        self.app.notify(note)
        if self.log_panel is not None and self.log_panel.alive:
            text = self.log_panel.text
            text.set_text(text.html_text + self.export_html())
            if text.scroll_bar is not None:
                text.scroll_bar.set_scroll_from_start_percentage(1.0)

    def close_panels(self) -> None:
        for panel in (self.rules_panel, self.log_panel):
            if panel is not None:
                panel.close()
        self.rules_panel = self.log_panel = None

    # --- events ---------------------------------------------------------------------

    def handle_ui_event(self, event: pygame.event.Event) -> None:
        if self.dialog is not None:
            self.dialog.handle_ui_event(event)
            return
        if self.coach is not None and self.coach.handle_ui_event(event):
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            element = event.ui_element
            for name, widget in self.buttons.items():
                if widget is element:
                    self.control(name)
                    return
            for name, widget in list(self.decision_buttons.items()):
                if widget is element:
                    self.decide(name)
                    return
            if self.log_panel:
                chosen = next((n for n, b in self.log_panel.buttons.items() if b is element), None)
                if chosen == "export":
                    self.exported(panels.export_record(self.match, self.app.tr))
                elif chosen == "review" and self.log_panel.choice is not None:
                    index = int(self.log_panel.choice)
                    self.close_panels()
                    self.app.show("review", match=self.match, round_index=index, back=self)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.dialog is not None:
            self.dialog.handle_event(event)
            return
        for intent in self.translator.translate(event):
            if self.handover:
                if isinstance(intent, Tap) or (isinstance(intent, Action) and intent.name in ("confirm", "space")):
                    self.handover = None
                    self.refresh()
                continue
            if self.round_over and (
                isinstance(intent, Tap) or (isinstance(intent, Action) and intent.name in ("confirm", "space"))
            ):
                self.show_summary()
            elif isinstance(intent, Hover):
                self.hover = intent.pos
            elif isinstance(intent, Action) and intent.name in ("undo", "redo", "hint"):
                self.control(intent.name)
            elif isinstance(intent, Action) and intent.name == "back" and self.close_escape():
                continue
            else:
                self.handle_intent(intent)

    def close_escape(self) -> bool:
        """Esc closes an open panel first; returns whether it did."""
        if (self.rules_panel and self.rules_panel.alive) or (self.log_panel and self.log_panel.alive):
            self.close_panels()
            return True
        return False

    def handle_intent(self, intent: Intent) -> None:
        """A game's own reaction to taps, drags and keys."""

    def decide(self, name: str) -> None:
        """A decision button was pressed."""

    # --- time -----------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.pulse += dt
        self.effects.update(dt)
        if self.message_time > 0:
            self.message_time = max(0.0, self.message_time - dt)
        self.update_animation(dt)
        self.thinking.update(dt)
        if self.thinking.has_hint:
            self.show_hint()
        if self.coach is not None:
            self.coach.update()
        if self.paused or self.animating:
            return
        if self.round_over:
            self.end_time += dt
            if self.end_time >= self.end_hold():
                self.end_time = 0.0
                self.show_summary()
            return
        if self.session.computer_seat is not None:
            self.think_time += dt
            pause = (THINK_PAUSE if self.session.phase is Phase.PLAYING else DECIDE_PAUSE) * self.app.settings.pace
            if self.think_time >= pause and self.session.play_computer() is not None:
                self.think_time = 0.0
                self.refresh()
                self.animate_events()

    def update_animation(self, dt: float) -> None:
        """Advance tiles in flight and other effects."""

    def end_hold(self) -> float:
        """How long the final board stays before the summary."""
        hold = END_HOLD * self.app.settings.pace
        return max(END_HOLD_LEAST, hold) if self.humans and not self.app.settings.demo else hold

    def show_summary(self) -> None:
        self.end_time = 0.0
        if self.coach is not None:
            self.coach.exit()
            self.coach = None
            self.app.notify(self.app.tr("learn.finished"))
        self.app.show("summary", table=self)

    def round_end_caption(self) -> list[str]:
        """The lines shown over the final board: who won and why."""
        return []

    # --- drawing --------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, caption: bool = True) -> None:
        """The table; once a round is over, its result over the final board (``caption``),
        unless the round's summary shows it."""
        self.lay_still(surface)
        self.draw_moving(surface, caption)

    def draw_moving(self, surface: pygame.Surface, caption: bool = True) -> None:
        """What is drawn over the still picture in every frame."""
        self.draw_table(surface, caption)
        self.draw_status(surface)
        if self.coach is not None:
            self.coach.draw(surface)
        if self.dialog is not None:
            self.dialog.draw(surface)

    def background(self, size: tuple[int, int]) -> pygame.Surface:
        """The felt, the shaded bars and the empty board, composed once per layout into one
        opaque picture: a frame starts with a single plain copy of it."""
        lay = self.layout
        key = (size, lay.size, tuple(lay.board), tuple(lay.top_bar), tuple(lay.button_bar))
        if self._background is None or self._background[0] != key:
            cloth = felt(size, COLOURS.felt)
            picture = cloth.convert() if pygame.display.get_surface() is not None else cloth.copy()
            shade(picture, lay.top_bar, COLOURS.line_shade)
            shade(picture, lay.button_bar, COLOURS.line_shade)
            picture.blit(board(lay.board.size, COLOURS.board, self.rim_width()), lay.board)
            self._background = key, picture
        return self._background[1]

    def lay_still(self, surface: pygame.Surface) -> None:
        """Everything that holds still between two changes of the table, in one copy. On screen
        in real time, the picture of a change is composed in the time the frame leaves
        (``catch_up``): the frame of the change shows the still parts as they were a frame before."""
        size = surface.get_size()
        lagging = self.app.manager.real_time and self.app.manager.scene is self
        if lagging and self._still is not None and self._still[1].get_size() == size:
            surface.blit(self._still[1], (0, 0))
        else:
            surface.blit(self.still(size), (0, 0))

    def give_up_still(self) -> pygame.Surface:
        """The still picture, up to date, for another scene to draw over and keep (the summary's
        backdrop): one picture the size of the window fewer; the table composes a new one when
        it needs it."""
        picture = self.still(self.app.size)
        self._still = None
        return picture

    def catch_up(self) -> bool:
        if self.still_is_current():
            return False
        self.still(self.app.size)
        return True

    def still_is_current(self) -> bool:
        """Whether the still picture shows the table as it is now."""
        return self._still is not None and self._still[0] == (self._still[1].get_size(), self.still_key())

    def still(self, size: tuple[int, int]) -> pygame.Surface:
        """The background and the parts of the table that hold still (``draw_still``), composed
        into one opaque picture after each change; a frame then draws only what moves."""
        key = (size, self.still_key())
        if self._still is None or self._still[0] != key:
            picture = self._still[1] if self._still is not None and self._still[1].get_size() == size else None
            if picture is None:
                screen = pygame.display.get_surface()
                picture = pygame.Surface(size, 0, screen) if screen is not None else pygame.Surface(size)
            self.paint_still(picture)
            self._still = key, picture
        return self._still[1]

    def still_key(self) -> tuple:
        """What the still picture shows: the table's state (``version``), who sees it, the layout
        and the words; a game adds what moves its still parts (a tile taking off)."""
        lay = self.layout
        return (self.version, self.viewer, self.handover, lay.size, tuple(lay.board), id(self.app.text))

    def paint_still(self, surface: pygame.Surface) -> None:
        """The background, then the still parts unless a hand-over screen hides the table."""
        surface.blit(self.background(surface.get_size()), (0, 0))
        self.plate_motion = {}
        if not self.handover:
            self.draw_still(surface)

    def draw_still(self, surface: pygame.Surface) -> None:
        """The parts of the table that change only with its state: the other seats, your plate
        and the top bar."""
        for seat in range(1, 5):
            if seat != self.viewer:
                self.draw_seat(surface, seat)
        self.draw_own_plate(surface)
        self.draw_top_bar(surface)

    def draw_plate(self, surface: pygame.Surface, rect: pygame.Rect, seat: int, vertical: bool) -> None:
        """``seat``'s plate, still; its turning ring and thinking dots are drawn every frame
        (``draw_motions``)."""
        plate = self.plate_for(seat)
        self.plate_motion[seat] = (*draw_still_plate(self.app, surface, rect, plate, self.layout.unit, vertical), plate)

    def draw_motions(self, surface: pygame.Surface) -> None:
        """The rings turning round the avatar of the seat to act, and the dots of a seat thinking."""
        for seat, (centre, radius, plate) in self.plate_motion.items():
            shown = replace(plate, thinking=self.thinking.seat == seat)
            draw_motion(self.app, surface, centre, radius, shown, self.pulse)

    def rim_width(self) -> int:
        """How wide the board's wooden rim is at this layout."""
        return max(4, self.layout.px(10))

    def draw_table(self, surface: pygame.Surface, caption: bool = True) -> None:
        """Over the still picture: the game's centre, the plates' rings and dots, your hand,
        then what flies over them."""
        if self.handover:
            return
        self.draw_centre(surface)
        self.draw_motions(surface)
        self.draw_hand(surface)
        self.draw_above(surface)
        self.effects.draw(surface, self.app.settings.reduced_motion)
        if self.round_over and caption:
            self.draw_round_end(surface)

    def round_end_lines(self) -> list[str]:
        """The result's lines over the final board, then how to go on."""
        lines = self.round_end_caption()
        if lines and self.humans and not self.app.settings.demo:
            lines = [*lines, self.app.tr("status.tap_for_result")]
        return lines

    def draw_round_end(self, surface: pygame.Surface) -> None:
        """The result over the final board where it hides nothing of it (``caption_spot``),
        and how to go on."""
        lay = self.layout
        lines = self.round_end_lines()
        if not lines:
            return
        images: list[pygame.Surface] = []
        plate: pygame.Rect | None = None
        for scale in CAPTION_SCALES:
            images = self.round_end_images(lines, scale)
            size = (
                max(image.get_width() for image in images) + lay.px(40),
                sum(i.get_height() for i in images) + lay.px(16),
            )
            plate = self.caption_spot(size, last=scale == CAPTION_SCALES[-1])
            if plate is not None:
                break
        assert plate is not None
        shade(surface, plate, COLOURS.shade, lay.px(12))
        y = plate.y + lay.px(8)
        for image in images:
            surface.blit(image, image.get_rect(midtop=(plate.centerx, y)))
            y += image.get_height()

    def round_end_images(self, lines: list[str], scale: float) -> list[pygame.Surface]:
        lay = self.layout
        return [
            fit_text(
                self.app,
                line,
                max(12, round(lay.px(22 if i == 0 else 17) * scale)),
                lay.board.width - lay.px(40),
                bold=i == 0,
                colour=COLOURS.gold if i == 0 else COLOURS.ink,
            )
            for i, line in enumerate(lines)
        ]

    def caption_spot(self, size: tuple[int, int], last: bool) -> pygame.Rect | None:
        """Where a caption of ``size`` goes on the final board, clear of everything on it: at
        the foot of the board (where the message line was), at its head, in the middle, centred
        or to a side; None if nowhere (the foot then, when this is the ``last`` try)."""
        lay = self.layout
        board = lay.board.inflate(-2 * self.rim_width() - lay.px(8), -2 * self.rim_width() - lay.px(8))
        taken = self.board_taken()
        plate = pygame.Rect((0, 0), size)
        for y in (board.bottom - size[1], board.y, board.centery - size[1] // 2):
            for x in (board.centerx - size[0] // 2, board.x, board.right - size[0]):
                plate.topleft = (x, y)
                if plate.collidelist(taken) < 0:
                    return plate
        if not last:
            return None
        plate.midbottom = board.midbottom
        return plate

    def board_taken(self) -> list[pygame.Rect]:
        """What the game has laid on the board (a caption keeps clear of it)."""
        return []

    def draw_centre(self, surface: pygame.Surface) -> None:
        """The line of play or the trick."""

    def draw_seat(self, surface: pygame.Surface, seat: int) -> None:
        """Another seat's hand, name and markers."""

    def draw_own_plate(self, surface: pygame.Surface) -> None:
        """Your plate, beside your hand."""

    def draw_hand(self, surface: pygame.Surface) -> None:
        """The viewer's own hand."""

    def draw_above(self, surface: pygame.Surface) -> None:
        """Tiles in flight and pop-ups, over everything else on the table."""

    def draw_top_bar(self, surface: pygame.Surface) -> None:
        """Game name, round and scores."""

    def status_text(self) -> str:
        return ""

    def draw_status(self, surface: pygame.Surface) -> None:
        lay = self.layout
        if self.round_over and self.round_end_lines() and self.app.manager.scene is self:
            return  # the result's caption says it, where this line was
        message = self.shown_message
        text = message or self.status_text()
        if not text:
            return
        colour = COLOURS.warn if message else COLOURS.ink
        image = self.app.text_image(text, lay.px(19), True, colour)
        if image.get_width() > lay.board.width - lay.px(20):
            image = self.app.text_image(text, lay.px(15), True, colour)
        box = image.get_rect(midbottom=(lay.board.centerx, lay.hand.y - lay.px(6)))
        shade(surface, box.inflate(lay.px(24), lay.px(8)), COLOURS.line_shade, lay.px(10))
        surface.blit(image, box)

    def draw_over(self, surface: pygame.Surface) -> None:
        if self.handover:
            self.draw_handover(surface)

    def draw_handover(self, surface: pygame.Surface) -> None:
        """A screen that hides every hand until the next person taps."""
        lay, tr = self.layout, self.app.tr
        surface.fill(COLOURS.handover)
        title = self.app.font(lay.px(34), bold=True).render(
            tr("handover.title", who_to=self.names.to(self.handover or self.viewer)), True, COLOURS.gold
        )
        hint = self.app.font(lay.px(20)).render(tr("handover.tap"), True, COLOURS.ink)
        centre = surface.get_rect().center
        surface.blit(title, title.get_rect(midbottom=(centre[0], centre[1] - lay.px(8))))
        surface.blit(hint, hint.get_rect(midtop=(centre[0], centre[1] + lay.px(8))))

    def backs_width(self) -> int:
        """How wide a full hand of tiles face down is across the top seat."""
        return 0

    def plate_rect(self, seat: int) -> pygame.Rect:
        """Where ``seat``'s plate lies: beside your hand, above each side seat's tiles, left
        of the top seat's tiles. It never moves while tiles are played."""
        lay = self.layout
        position = self.seat_position(seat)
        if position == "bottom":
            return self.own_plate_rect()
        area = lay.seats[position]
        vertical = position != "top"
        width, height = plate_size(lay.unit, vertical)
        if vertical:
            rect = pygame.Rect(0, 0, min(width, area.width - lay.px(6)), height)
            rect.midtop = (area.centerx, area.y + lay.px(BADGE_ROOM))  # room for a badge over its top edge
            return rect
        rect = pygame.Rect(0, 0, width, height)
        rect.midright = (area.centerx - self.backs_width() // 2 - lay.px(14), area.centery)
        rect.x = max(rect.x, area.x + lay.px(6))
        return rect

    def own_plate_rect(self) -> pygame.Rect:
        """Your plate: in the hand's frame, on the side away from the buttons you reach for."""
        lay = self.layout
        width, height = plate_size(lay.unit, vertical=False)
        row = self.hand_span()
        if self.app.settings.handed == "right":
            room = row[0] - lay.hand.x - lay.px(20)
            x = lay.hand.x + lay.px(10)
        else:
            x = row[1] + lay.px(16)
            room = lay.hand.right - x - lay.px(10)
        if lay.unit < SMALL_UNIT:  # its small text would wrap: it takes the room the row leaves it
            width = round(width * 1.4)
        top = lay.hand.y + max(lay.px(10), badge_overhang(self.app, lay.unit) + lay.px(4))  # its badge in the frame
        return pygame.Rect(x, top, max(lay.px(60), min(width, room)), height)

    def hand_span(self) -> tuple[int, int]:
        """The left and right edges of your hand's tiles."""
        return self.layout.hand.centerx, self.layout.hand.centerx

    def seat_position(self, seat: int) -> str:
        """Where ``seat`` sits on screen, the viewer at the bottom."""
        return SEAT_POSITIONS[(seat - self.viewer) % 4]

    @property
    def names(self) -> Names:
        """How this table calls its seats and teams, seen from the viewer."""
        return Names(self.app.text, self.session.seat_kinds, self.viewer, self.screens.partners)

    def seat_name(self, seat: int) -> str:
        return self.names.label(seat)
