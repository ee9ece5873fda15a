"""Host a table: this device serves it (``online.hosting``), friends join it from theirs.

The lobby shows the table code (six characters, read aloud) and this machine's address, and
each seat: this device (one or more: the people here pass it round as at a local table), a
friend (the seat stays open until someone joins it) or the computer. Seats fill with the
names of those who join. Start begins the match once no seat is open; the table then opens
on this device with its seats. Continue in the menu comes back here after the game was
closed or crashed: the same table reopens from its save, with the same code, and the
devices come back by themselves.
"""

from __future__ import annotations

import contextlib
from enum import StrEnum

import pygame
import pygame_gui
from pygame_gui.core import UIElement

from game.core.errors import BadJson, MissingFile, RecordError, UnreadableFile
from game.core.session import Chair, Refused
from online.client import DEFAULT_PORT
from online.codes import spaced
from online.hosting import HostingFailed, HostingServer
from online.remote_session import RemoteSession
from online.seat_group import SeatGroup
from online.seats_file import TableSeats, new_seats
from online.table import Seating
from scenes.screens.pacing import THINK_PAUSE
from scenes.screens.registry import screens_for
from scenes.services import persist
from scenes.services.translation import listing
from scenes.ui.app_services import AppServices
from scenes.ui.chair_rows import chair_rects, chairs_height, draw_chairs
from scenes.ui.dialog import Choice, Dialog
from scenes.ui.drawing import draw_column, draw_title, fit_text, shade
from scenes.ui.event_fields import element_of
from scenes.ui.focus import FocusRing, Target, screen_key
from scenes.ui.qr_picture import QrPicture, module_size
from scenes.ui.scene import Scene
from scenes.ui.table_layout import TableLayout
from scenes.ui.theme import COLOURS
from scenes.ui.widgets import button, clear_widgets, name_of


class SeatChoice(StrEnum):
    """What the host may make a seat (the words of its buttons): this device's (a person here),
    a friend's (open until a person joins it from another device) or the computer's
    (``Settings.computer``)."""

    DEVICE = "device"
    FRIEND = "friend"
    COMPUTER = "computer"


SEAT_CHOICES = tuple(SeatChoice)
PATIENCE = 600.0  # seconds this device's seats keep trying to reach the table's server


class LobbyButton(StrEnum):
    BACK = "back"
    START = "start"
    NAME = "name"


class LobbyScene(Scene):
    """The host's lobby of a new table, or of its saved table reopened (``reopen``)."""

    def __init__(self, app: AppServices, game: str, reopen: TableSeats | None = None) -> None:
        super().__init__(app)
        self.game = game
        self.reopen = reopen
        self.partners = screens_for(game).partners
        self.hosting: HostingServer | None = None
        self.control: RemoteSession | None = None  # the host's own connection: seats and the start
        self.mine: dict[int, RemoteSession] = {}  # the seats played at this device
        self.joining: set[int] = set()  # seats this device takes once the table shows them open
        self.asked: dict[int, SeatChoice] = {}  # seats the host gave to a friend or the computer, not yet shown
        self.problem = ""
        self.message = ""
        self.widgets: dict[str, UIElement] = {}
        self.focus = FocusRing([])
        self.dialog: Dialog | None = None
        self.layout = TableLayout.for_size(app.size)
        self.plates: list[pygame.Rect] = []
        self.choice_rects: dict[tuple[int, SeatChoice], pygame.Rect] = {}
        self.marked: dict[int, tuple[SeatChoice, bool]] = {}  # each seat's choice as its buttons show it, and if greyed
        self.left = False  # the table went on (to the table scene) or was closed
        self.remembered: TableSeats | None = None  # this device's seats as kept for Continue
        self.show_qr = True  # whether phones are shown the table's QR code (room kept for it when hosting)
        self.qr = QrPicture()
        self.code_box = pygame.Rect(0, 0, 0, 0)  # the table code, the address and the QR code
        self.qr_rect = pygame.Rect(0, 0, 0, 0)  # the room of the QR code in it (empty: none)

    # --- the table and its seats ---------------------------------------------------------

    def open_table(self) -> None:
        """Serve the table (new, or the saved one) and connect this device's seats to it."""
        pace = THINK_PAUSE * self.app.settings.pace  # the computers seem to think as at a local table
        name = self.app.tr("lobby.announce_name", game=self.app.tr(f"game.{self.game}"))
        try:
            if self.reopen is None:
                seats = [self.first_seating(seat) for seat in range(1, 5)]
                self.hosting = HostingServer.new(
                    self.game,
                    seats,
                    persist.hosted_table_path(),
                    (DEFAULT_PORT, 0),
                    self.app.settings.seed,
                    pace=pace,
                    announce=name,
                    host=self.app.settings.listen_on,
                    watchers=self.app.settings.watchers,
                )
            else:
                ports = (self.reopen.port, DEFAULT_PORT, 0)
                self.hosting = HostingServer.reopen(
                    persist.hosted_table_path(),
                    ports,
                    pace=pace,
                    announce=name,
                    host=self.app.settings.listen_on,
                    watchers=self.app.settings.watchers,
                )
            self.hosting.start()
        except MissingFile:
            self.problem = self.app.tr("lobby.save_missing")
            persist.forget_table()
            self.hosting = None
            return
        except (UnreadableFile, BadJson, RecordError) as error:
            kept = persist.set_aside(persist.hosted_table_path(), str(error))
            self.problem = kept.message(self.app.tr, "lobby.save_unreadable", "lobby.save_stuck")
            persist.forget_table()
            self.hosting = None
            return
        except HostingFailed as error:
            self.problem = self.app.tr("lobby.cannot_host", reason=str(error))
            self.hosting = None
            return
        hosting = self.hosting
        self.control = RemoteSession.join(
            hosting.url, hosting.code, language=self.app.text.lang, host_key=hosting.host_key, patience=PATIENCE
        )
        if self.reopen is None:
            self.sit(1)
        else:
            for seat, token in self.reopen.seats.items():
                self.sit(seat, token)

    def first_seating(self, seat: int) -> Seating:
        """How a new table's seat starts: the first one this device's, computers where the menu
        has them, the other seats open to friends."""
        if seat != 1 and self.app.settings.players[seat - 1].is_computer:
            return Seating(self.app.settings.computer)
        return Seating()

    def sit(self, seat: int, token: str | None = None) -> None:
        """This device takes ``seat`` (back to it with its ``token``)."""
        hosting = self.hosting
        assert hosting is not None, "seats are taken at a table being served"
        name = self.app.settings.name if not self.mine else ""
        self.mine[seat] = RemoteSession.join(
            hosting.url, hosting.code, name, seat, token, self.app.text.lang, hosting.host_key, PATIENCE
        )

    @property
    def chairs(self) -> tuple[Chair, ...]:
        return self.control.chairs if self.control is not None else ()

    @property
    def started(self) -> bool:
        return self.control is not None and self.control.started

    @property
    def web_address(self) -> str | None:
        """The page a phone opens to sit at the table, when the lobby offers it (None: it does not)."""
        hosting = self.hosting
        if not self.show_qr or hosting is None or self.problem:
            return None
        return hosting.web_address

    @property
    def open_to_phones(self) -> bool:
        """Whether a phone could take a seat now (one is open to a friend): the QR code shows then."""
        return not self.started and any(chair.is_open for chair in self.chairs)

    def choose(self, seat: int, choice: SeatChoice) -> None:
        """The host chose what ``seat`` is: this device's, a friend's or the computer's."""
        control = self.control
        if control is None or self.started or len(self.chairs) != 4:
            return
        chair = self.chairs[seat - 1]
        if choice == SeatChoice.DEVICE:
            if seat in self.mine or seat in self.joining:
                return
            if chair.is_open:
                self.sit(seat)
            else:
                self.joining.add(seat)
                control.hosting.set_seat(seat, None)
            return
        self.joining.discard(seat)
        session = self.mine.pop(seat, None)
        if session is not None:
            session.close()
        if choice == SeatChoice.COMPUTER and not chair.is_computer:
            control.hosting.set_seat(seat, self.app.settings.computer)
            self.asked[seat] = choice
        elif choice == SeatChoice.FRIEND and (chair.is_computer or session is not None):
            control.hosting.set_seat(seat, None)
            self.asked[seat] = choice

    def blocker(self) -> str:
        """Why the match cannot start yet (empty: it can)."""
        chairs, tr = self.chairs, self.app.tr
        if self.problem:
            return self.problem
        if len(chairs) != 4 or any(not s.seated and not s.lost for s in self.mine.values()) or self.joining:
            return tr("lobby.connecting")
        if self.asked:
            return tr("lobby.setting")
        if not self.mine:
            return tr("lobby.keep_a_seat")
        open_seats = [str(c.seat) for c in chairs if c.is_open]
        if open_seats:
            return tr("lobby.waiting", count=len(open_seats), seats=listing(open_seats, tr))
        return ""

    # --- scene life -------------------------------------------------------------------------

    def enter(self) -> None:
        if self.hosting is None and not self.problem and not self.left:
            self.open_table()
        self.layout = lay = TableLayout.for_size(self.app.size)
        w, h = self.app.size
        ui, tr = self.app.ui, self.app.tr
        margin, row_h = lay.px(24), max(48, lay.px(52))
        below = 2 * row_h + lay.px(40)  # the lobby's line, then the name, Back and Start
        self.lay_code_box(w, h - below)
        top = self.code_box.bottom + lay.px(16)
        area = pygame.Rect(margin, top, w - 2 * margin, h - top - below)
        choices_w = min(lay.px(560), area.width // 2)
        self.plates = chair_rects(lay, area, area.width - choices_w - lay.px(16))
        gap = lay.px(6)
        each = (choices_w - 2 * gap) // 3
        self.choice_rects = {
            (seat, choice): pygame.Rect(area.right - choices_w + index * (each + gap), plate.y, each, plate.height)
            for seat, plate in enumerate(self.plates, start=1)
            for index, choice in enumerate(SEAT_CHOICES)
        }
        self.marked = {}
        bottom = h - lay.px(16) - row_h
        name_rect = pygame.Rect(margin, bottom, min(lay.px(360), (w - 2 * margin) // 3), row_h)
        entry = pygame_gui.elements.UITextEntryLine(
            name_rect, ui, placeholder_text=tr("lobby.your_name"), object_id=pygame_gui.core.ObjectID(object_id="#name")
        )
        entry.set_text_length_limit(40)
        entry.set_text(self.app.settings.name)
        self.widgets[LobbyButton.NAME] = entry
        each = min(lay.px(260), (w - name_rect.right - 3 * margin) // 2)
        self.widgets[LobbyButton.BACK] = button(
            ui, pygame.Rect(w - margin - 2 * each - lay.px(12), bottom, each, row_h), tr("lobby.back"), "back"
        )
        self.widgets[LobbyButton.START] = button(
            ui, pygame.Rect(w - margin - each, bottom, each, row_h), tr("lobby.start"), "start", primary=True
        )
        self.refresh_widgets()
        self.build_focus()
        if self.dialog is not None:
            self.dialog.build()

    def lay_code_box(self, width: int, bottom: int) -> None:
        """The box of the code and the address across the top; with the QR code, as tall as
        it may be while the chairs' plates keep their least height above ``bottom``."""
        lay = self.layout
        box = pygame.Rect(lay.px(24), lay.px(64), width - lay.px(48), lay.px(110))
        self.qr_rect = pygame.Rect(box.right, box.y, 0, 0)
        address = self.web_address
        if address is not None:
            pad = lay.px(12)
            room = min(bottom - box.y - lay.px(16) - chairs_height(lay) - 2 * pad, box.width // 3)
            modules = len(self.qr.matrix_of(address))
            side = module_size(modules, room) * modules
            box.height = max(box.height, side + 2 * pad)
            self.qr_rect = pygame.Rect(box.right - pad - side, box.centery - side // 2, side, side)
        self.code_box = box

    def exit(self) -> None:
        if self.dialog is not None:
            self.dialog.kill_widgets()
        clear_widgets(self.app.ui)
        self.widgets = {}

    def refresh_widgets(self) -> None:
        """Each seat's choices with the current one drawn as chosen (a row is built again only
        when its choice changed), greyed once the match began; Start greyed while it cannot."""
        ui, tr = self.app.ui, self.app.tr
        fixed = self.started or bool(self.problem)
        changed = False
        for seat in range(1, 5):
            current = self.choice_of(seat)
            if self.marked.get(seat) == (current, fixed):
                continue
            self.marked[seat] = (current, fixed)
            changed = True
            for choice in SEAT_CHOICES:
                old = self.widgets.pop(f"seat{seat}:{choice}", None)
                if old is not None:
                    old.kill()
                made = button(
                    ui,
                    self.choice_rects[seat, choice],
                    tr(f"lobby.choice.{choice}"),
                    f"seat_{choice}",
                    primary=choice == current,
                )
                if fixed:
                    made.disable()
                self.widgets[f"seat{seat}:{choice}"] = made
        start = self.widgets.get(LobbyButton.START)
        if start is not None:
            start.disable() if self.blocker() or self.started else start.enable()
        if changed:
            self.build_focus()

    def build_focus(self) -> None:
        """Tab and the arrows go through the seats' choices, the name, Back and Start."""
        order = [name for name in self.widgets if ":" in name] + [LobbyButton.NAME, LobbyButton.BACK, LobbyButton.START]
        targets: list[tuple[str, Target]] = [(name, self.widgets[name]) for name in order if name in self.widgets]
        self.focus = FocusRing(targets, self.focus.focused or LobbyButton.START, self.focus.shown)

    def choice_of(self, seat: int) -> SeatChoice:
        """What ``seat`` is now, as the lobby's choices name it (as the host chose it, until the
        table shows it)."""
        if seat in self.mine or seat in self.joining:
            return SeatChoice.DEVICE
        if seat in self.asked:
            return self.asked[seat]
        chairs = self.chairs
        if len(chairs) == 4 and chairs[seat - 1].is_computer:
            return SeatChoice.COMPUTER
        return SeatChoice.FRIEND

    # --- each frame ------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.left:
            return
        hosting = self.hosting
        if hosting is not None and not hosting.running and not self.problem:
            self.problem = self.app.tr("lobby.cannot_host", reason=hosting.problem or "?")
        for session in [self.control, *self.mine.values()]:
            if session is None:
                continue
            session.poll()
            for event in session.events():
                if isinstance(event, Refused):
                    self.message = event.text
        self.take_open_seats()
        self.drop_lost_seats()
        self.settle_asked()
        self.remember_seats()
        if self.started and self.mine and all(s.seated and s.has_view for s in self.mine.values()):
            self.to_table()
            return
        if self.widgets:
            self.refresh_widgets()

    def settle_asked(self) -> None:
        """Forget the choices the table now shows (a friend's seat open or taken, a computer's)."""
        chairs = self.chairs
        if len(chairs) != 4:
            return
        for seat, choice in list(self.asked.items()):
            if (choice == SeatChoice.COMPUTER) == chairs[seat - 1].is_computer:
                del self.asked[seat]

    def take_open_seats(self) -> None:
        """Sit at the seats this device chose once the table shows them open."""
        chairs = self.chairs
        for seat in sorted(self.joining):
            if len(chairs) == 4 and chairs[seat - 1].is_open:
                self.joining.discard(seat)
                self.sit(seat)

    def drop_lost_seats(self) -> None:
        """A seat the table would not give this device (a friend took it first) is not this device's."""
        for seat, session in list(self.mine.items()):
            if session.lost:
                del self.mine[seat]
                self.message = self.app.tr("lobby.seat_lost", seat=seat)

    def remember_seats(self) -> TableSeats | None:
        """Keep this device's seats at the table (and the table's port) whenever they change, so
        Continue reopens the table, in its lobby or at its match, after the game was closed."""
        hosting = self.hosting
        tokens = {seat: s.token for seat, s in self.mine.items() if s.token is not None}
        if hosting is None or not tokens:
            return None
        seats = self.remembered
        if seats is None or seats.seats != tokens or seats.name != self.app.settings.name:
            with contextlib.suppress(ValueError):
                seats = new_seats(
                    "host",
                    self.game,
                    hosting.url,
                    hosting.code,
                    tokens,
                    self.app.settings.name,
                    hosting.port,
                    hosting.host_key,
                )
            if seats is not None and seats != self.remembered:
                self.remembered = seats
                try:
                    persist.save_table_seats(seats)
                except OSError as error:
                    self.message = self.app.tr("error.save_failed", reason=str(error))
        return seats

    def to_table(self) -> None:
        """The match began: the table opens with this device's seats, and the device remembers
        them so Continue comes back to this table."""
        hosting = self.hosting
        assert hosting is not None and self.control is not None, "a started table is served"
        group = SeatGroup([self.mine[seat] for seat in sorted(self.mine)], server=hosting)
        group.remembered = self.remember_seats()
        self.left = True
        self.control.close()
        self.app.show("online_table", seats=group)

    def close(self) -> None:
        """The program ends in the lobby: the table stops being served (Continue reopens it)."""
        self.left = True
        for session in [self.control, *self.mine.values()]:
            if session is not None:
                session.close()
        if self.hosting is not None:
            self.hosting.stop()

    def close_table(self) -> None:
        """Back to the menu: the table closes (friends who joined are told), nothing is kept."""
        self.close()
        if self.reopen is None or not self.started:
            persist.forget_table()
        self.app.show("menu")

    # --- input -----------------------------------------------------------------------------

    def handle_ui_event(self, event: pygame.event.Event) -> None:
        if self.dialog is not None:
            self.dialog.handle_ui_event(event)
            return
        name = name_of(self.widgets, element_of(event))
        if name == LobbyButton.NAME and event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            self.rename()
            self.app.ui.set_focus_set(None)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and name is not None:
            self.focus.focus(name)
            self.press(name)

    def press(self, name: str) -> None:
        if ":" in name:
            seat, choice = name.split(":")
            self.choose(int(seat.removeprefix("seat")), SeatChoice(choice))
            self.refresh_widgets()
        elif name == LobbyButton.START:
            self.start()
        elif name == LobbyButton.BACK:
            self.ask_back()
        elif name == LobbyButton.NAME:
            self.app.ui.set_focus_set(self.widgets[LobbyButton.NAME])

    def rename(self) -> None:
        """The name typed is this device's first seat's, at the table and next time."""
        entry = self.widgets.get(LobbyButton.NAME)
        if not isinstance(entry, pygame_gui.elements.UITextEntryLine):
            return
        self.app.settings.name = entry.get_text().strip()[:40]
        self.app.remember()
        if self.mine:
            self.mine[min(self.mine)].talk.rename(self.app.settings.name)

    def start(self) -> None:
        self.rename()
        if self.blocker() or self.control is None:
            self.message = self.blocker()
            return
        self.control.hosting.start()

    def ask_back(self) -> None:
        """Leaving closes the table: asked first once a friend has joined."""
        friends = [c for c in self.chairs if c.is_person and c.seat not in self.mine]
        if not friends or self.problem:
            self.close_table()
            return
        tr = self.app.tr

        def answer(choice: str) -> None:
            self.dialog = None

        self.dialog = Dialog(
            self.app,
            self.layout.unit,
            tr("lobby.close.title"),
            tr("lobby.close.question"),
            (
                Choice("stay", tr("confirm.cancel"), primary=True),
                Choice("close", tr("lobby.close.ok"), then=self.close_table),
            ),
            answer,
        )

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.dialog is not None:
            self.dialog.handle_event(event)
            return
        keys = self.app.ui.get_focus_set() or set()
        typing = bool(keys) and self.widgets.get(LobbyButton.NAME) in keys
        screen_key(event, self.focus, typing, self.ask_back, self.press)

    # --- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(COLOURS.felt)
        lay, tr, app = self.layout, self.app.tr, self.app
        w = surface.get_width()
        draw_title(app, surface, tr("lobby.title", game=tr(f"game.{self.game}")), lay.px(34), lay.px(10))
        self.draw_code(surface, self.code_box)
        draw_chairs(app, surface, lay, self.plates, self.chairs, tuple(self.mine), self.partners)
        line = self.message or self.blocker() or (tr("lobby.ready") if not self.started else tr("lobby.starting"))
        colour = COLOURS.warn if self.message or self.problem else COLOURS.ink
        text = fit_text(app, line, lay.px(18), w - lay.px(48), True, colour)
        bottom = self.plates[-1].bottom if self.plates else lay.px(400)
        surface.blit(text, text.get_rect(midtop=(w // 2, bottom + lay.px(12))))

    def draw_code(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """The table code, large, and where friends find the table."""
        lay, tr, app = self.layout, self.app.tr, self.app
        shade(surface, box, COLOURS.plate, lay.px(14))
        hosting = self.hosting
        if hosting is None:
            words = self.problem or tr("lobby.opening")
            image = fit_text(app, words, lay.px(20), box.width - lay.px(24), True, COLOURS.warn)
            surface.blit(image, image.get_rect(center=box.center))
            return
        caption = app.text_image(tr("lobby.code"), lay.px(18), False, COLOURS.muted)
        code = app.text_image(spaced(hosting.code), lay.px(52), True, COLOURS.gold)
        y = box.centery - (caption.get_height() + code.get_height()) // 2
        surface.blit(caption, (box.x + lay.px(20), y))
        surface.blit(code, (box.x + lay.px(20), y + caption.get_height()))
        x = box.x + lay.px(40) + max(code.get_width(), caption.get_width())
        address = self.web_address
        phones = address is not None and self.open_to_phones
        found = tr("lobby.announced") if hosting.announced else tr("lobby.not_announced")
        lines = [
            (tr("lobby.address", address=hosting.address), COLOURS.ink, True),
            (found, COLOURS.muted, False),
            (tr("lobby.how_to_join"), COLOURS.muted, False),
        ]
        if phones:
            lines.append((tr("lobby.qr_caption"), COLOURS.gold, True))
        column = pygame.Rect(x, box.y, self.qr_rect.x - lay.px(16) - x, box.height).inflate(0, -lay.px(16))
        draw_column(app, surface, lines, lay.px(18), column, lay.px(6))
        if address is None:
            return
        if phones:
            picture = self.qr.picture(address, self.qr_rect.width)
            surface.blit(picture, picture.get_rect(center=self.qr_rect.center))
        else:
            no_seat = [(tr("lobby.qr_no_seat"), COLOURS.muted, False)]
            draw_column(app, surface, no_seat, lay.px(16), self.qr_rect, lay.px(2), centred=True)

    def draw_over(self, surface: pygame.Surface) -> None:
        if self.dialog is None:
            self.focus.draw(surface, max(2, self.layout.px(3)))
