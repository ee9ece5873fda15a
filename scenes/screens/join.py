"""Join a table a friend hosts: find it on this network by itself (mDNS) or type its address,
type its code, choose a free seat, give a name; then wait for the host to start, and the
table opens on this device with its own seat. Continue in the menu comes back here with the
seat's token after the game was closed or crashed, and goes straight back to the table.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Mapping
from enum import StrEnum

import pygame
import pygame_gui
from pygame_gui.core import UIElement

from game.core.session import Chair, Refused
from game.registry import GAME_NAMES
from online.client import DEFAULT_PORT, LookFailed, Lookup, url_of
from online.codes import is_code, normal_code
from online.discovery import Browser, FoundTable, interfaces_for
from online.protocol import CLOSE_FREED, PROTOCOL
from online.remote_session import RemoteSession
from online.seat_group import SeatGroup
from online.seats_file import TableSeats, new_seats
from scenes.screens.registry import screens_for
from scenes.services import persist
from scenes.ui.app_services import AppServices
from scenes.ui.chair_rows import chair_rects, draw_chairs
from scenes.ui.drawing import draw_title, fit_text
from scenes.ui.event_fields import element_of
from scenes.ui.focus import FocusRing, Target, screen_key
from scenes.ui.scene import Scene
from scenes.ui.table_layout import TableLayout
from scenes.ui.theme import COLOURS
from scenes.ui.widgets import button, clear_widgets, name_of

PATIENCE = 600.0  # seconds a joined seat keeps trying to reach the table
FOUND_SHOWN = 4  # tables found on the network listed at most
BROWSE_EVERY = 0.5  # seconds between two looks at what the network browser found


class Stage(StrEnum):
    FORM = "form"  # name, address and code; the tables found on the network
    LOOKING = "looking"  # asking the table for its seats
    SEATS = "seats"  # choose a free seat
    JOINED = "joined"  # sitting: waiting for the host to start (or for the table to answer)


class JoinButton(StrEnum):
    NAME = "name"
    ADDRESS = "address"
    CODE = "code"
    LOOK = "look"
    BACK = "back"


ENTRIES = (JoinButton.NAME, JoinButton.ADDRESS, JoinButton.CODE)


class JoinScene(Scene):
    """Join a hosted table, or rejoin this device's seat at one (``rejoin``)."""

    def __init__(self, app: AppServices, rejoin: TableSeats | None = None) -> None:
        super().__init__(app)
        self.stage = Stage.FORM
        self.typed = {JoinButton.NAME: app.settings.name, JoinButton.ADDRESS: "", JoinButton.CODE: ""}
        self.url = ""
        self.code = ""
        self.lookup: Lookup | None = None
        self.game = ""
        self.seats: tuple[Chair, ...] = ()
        self.session: RemoteSession | None = None
        self.message = ""
        self.browser: Browser | None = None
        self.browsing = False
        self.found: list[FoundTable] = []
        self.browse_time = 0.0
        self.widgets: dict[str, UIElement] = {}
        self.focus = FocusRing([])
        self.layout = TableLayout.for_size(app.size)
        self.plates: list[pygame.Rect] = []
        self.left = False
        self.remembered = False  # the seat's token is kept for Continue
        self.seats_kept: TableSeats | None = None
        if rejoin is not None:
            self.rejoin(rejoin)

    # --- finding the table -------------------------------------------------------------------

    def start_browsing(self) -> None:
        """Look for tables on this network on a thread of its own (opening mDNS may take a while)."""
        if self.browsing:
            return
        self.browsing = True

        def browse() -> None:
            try:
                browser = Browser(interfaces_for(self.app.settings.listen_on))
            except Exception:  # no multicast here: the address is typed instead
                return
            if self.browsing:
                self.browser = browser
            else:  # the screen was left meanwhile
                browser.close()

        threading.Thread(target=browse, name="table-browser", daemon=True).start()

    def stop_browsing(self) -> None:
        self.browsing = False
        browser, self.browser = self.browser, None
        if browser is not None:
            threading.Thread(target=browser.close, name="table-browser-close", daemon=True).start()

    def take_found(self, dt: float) -> None:
        """Now and then, list the tables the browser found (those speaking this protocol)."""
        self.browse_time += dt
        if self.browser is None or self.browse_time < BROWSE_EVERY:
            return
        self.browse_time = 0.0
        found = [t for t in self.browser.tables() if t.open_seats > 0 and t.protocol == PROTOCOL][:FOUND_SHOWN]
        if found != self.found:
            self.found = found
            keys = self.app.ui.get_focus_set() or set()
            typing = next((name for name in ENTRIES if self.widgets.get(name) in keys), None)
            self.relayout()
            if typing is not None:  # the person goes on typing where they were
                self.app.ui.set_focus_set(self.widgets[typing])

    def choose_found(self, index: int) -> None:
        """A table found on the network: its address goes in the form, the code is still typed."""
        if index < len(self.found):
            table = self.found[index]
            self.set_typed(JoinButton.ADDRESS, f"{table.address}:{table.port}")
            self.message = self.app.tr("join.found_chosen", name=table.name)
            self.app.ui.set_focus_set(self.widgets.get(JoinButton.CODE))

    def look(self) -> None:
        """Ask the table at the address typed for its seats."""
        self.read_form()
        tr = self.app.tr
        try:
            self.url = url_of(self.typed[JoinButton.ADDRESS] or f"127.0.0.1:{DEFAULT_PORT}")
        except ValueError:
            self.message = tr("join.bad_address")
            return
        self.code = normal_code(self.typed[JoinButton.CODE])
        if not is_code(self.code):
            self.message = tr("join.bad_code")
            return
        self.message = ""
        self.lookup = Lookup(self.url, self.code)
        self.go(Stage.LOOKING)

    def looked(self) -> None:
        """The table answered (its seats) or did not (why)."""
        lookup = self.lookup
        result = None if lookup is None else lookup.result
        if result is None:
            return
        self.lookup = None
        if isinstance(result, LookFailed):
            self.message = self.failure(result.code, str(result), result.params)
            self.go(Stage.FORM)
            return
        if result.game not in GAME_NAMES:  # a table of a game this version does not know
            self.message = self.failure("unknown_game", "", {"game": result.game[:40]})
            self.go(Stage.FORM)
            return
        self.game = result.game
        self.seats = tuple(chair.cleaned() for chair in result.chairs)
        if result.started and not any(c.is_open for c in self.seats):
            self.message = self.app.tr("join.full")
        self.go(Stage.SEATS)

    def failure(self, code: str, text: str, params: Mapping[str, object] | None = None) -> str:
        """Why the table could not be joined, in this device's words when it knows the reason."""
        for key in (f"join.failed.{code}", f"error.{code}"):
            if self.app.text.knows(key):
                return self.app.tr(key, **(params or {}))
        return text

    # --- sitting -------------------------------------------------------------------------------

    def sit(self, seat: int) -> None:
        self.read_form()
        self.session = RemoteSession.join(
            self.url, self.code, self.typed[JoinButton.NAME], seat, None, self.app.text.lang, None, PATIENCE
        )
        self.remembered = False
        self.go(Stage.JOINED)

    def rejoin(self, seats: TableSeats) -> None:
        """Back to this device's seat at its table, with its token."""
        seat, token = next(iter(seats.seats.items()))
        self.url, self.code, self.game = seats.url, seats.code, seats.game
        self.typed[JoinButton.ADDRESS], self.typed[JoinButton.CODE] = seats.url.removeprefix("ws://"), seats.code
        self.session = RemoteSession.join(
            seats.url, seats.code, seats.name, seat, token, self.app.text.lang, None, PATIENCE
        )
        self.stage = Stage.JOINED

    def follow(self) -> None:
        """The seat's connection: remember the seat once the table gave it, go to the table once
        the match is on, or say why the table would not have this device."""
        session = self.session
        if session is None:
            return
        session.poll()
        for event in session.events():
            if isinstance(event, Refused):
                self.message = self.failure(event.code, event.text, dict(event.params))
        if session.token is not None and not self.remembered:
            self.remember(session)
        if session.lost:
            self.session = None
            if session.close_code == CLOSE_FREED:
                self.message = self.app.tr("join.seat_given_away")
            persist.forget_table()
            self.go(Stage.FORM)
            return
        if session.started and session.seated and session.has_view:
            self.left = True
            self.stop_browsing()
            group = SeatGroup([session])
            group.remembered = self.seats_kept
            self.app.show("online_table", seats=group)

    def remember(self, session: RemoteSession) -> None:
        """Keep the seat and its token, so Continue comes back to it (once: the token never changes)."""
        token = session.token
        if token is None or session.game == "":
            return
        self.remembered = True
        with contextlib.suppress(OSError, ValueError):
            self.seats_kept = new_seats(
                "guest", session.game, self.url, self.code, {session.seat: token}, self.typed[JoinButton.NAME]
            )
            persist.save_table_seats(self.seats_kept)

    def leave(self) -> None:
        """Back: from the seats to the form, from the form to the menu; a joined seat is left
        (the table forgets it before the start; after it, the seat waits for Continue)."""
        if self.stage in (Stage.SEATS, Stage.LOOKING):
            self.lookup = None
            self.message = ""
            self.go(Stage.FORM)
            return
        session, self.session = self.session, None
        if session is not None:
            session.close()
            if not session.started:
                persist.forget_table()
        if self.stage is Stage.JOINED:
            self.go(Stage.FORM)
            return
        self.left = True
        self.stop_browsing()
        self.app.show("menu")

    def close(self) -> None:
        """The program ends here: the seat's connection closes (its token stays for Continue)."""
        self.left = True
        if self.session is not None:
            self.session.close()
        self.stop_browsing()

    # --- scene life ----------------------------------------------------------------------------

    def go(self, stage: Stage) -> None:
        self.read_form()
        self.stage = stage
        self.relayout()

    def enter(self) -> None:
        if self.stage is Stage.FORM and not self.left:
            self.start_browsing()
        self.layout = lay = TableLayout.for_size(self.app.size)
        w, h = self.app.size
        margin, row_h = lay.px(24), max(48, lay.px(52))
        top = lay.px(70)
        bottom = h - lay.px(16) - row_h
        ui, tr = self.app.ui, self.app.tr
        if self.stage is Stage.FORM:
            self.build_form(pygame.Rect(margin, top, w - 2 * margin, bottom - top - lay.px(40)), row_h)
        elif self.stage in (Stage.SEATS, Stage.JOINED):
            area = pygame.Rect(margin, top + lay.px(40), w - 2 * margin, bottom - top - lay.px(90))
            sit_w = min(lay.px(240), area.width // 3) if self.stage is Stage.SEATS else 0
            self.plates = chair_rects(lay, area, area.width - sit_w - lay.px(16))
            for chair, plate in zip(self.shown_chairs(), self.plates):
                if self.stage is Stage.SEATS and chair.is_open:
                    rect = pygame.Rect(area.right - sit_w, plate.y, sit_w, plate.height)
                    self.widgets[f"sit:{chair.seat}"] = button(ui, rect, tr("join.sit"), "sit", primary=True)
        back_w = min(lay.px(260), w // 3)
        self.widgets[JoinButton.BACK] = button(
            ui, pygame.Rect(margin, bottom, back_w, row_h), tr("join.leave" if self.session else "lobby.back"), "back"
        )
        if self.stage is Stage.FORM:
            look = pygame.Rect(w - margin - back_w, bottom, back_w, row_h)
            self.widgets[JoinButton.LOOK] = button(ui, look, tr("join.look"), "look", primary=True)
        order = [n for n in self.widgets if n not in (JoinButton.BACK, JoinButton.LOOK)]
        order += [JoinButton.BACK, JoinButton.LOOK]
        targets: list[tuple[str, Target]] = [(n, self.widgets[n]) for n in order if n in self.widgets]
        first = JoinButton.LOOK if self.stage is Stage.FORM else next((n for n, _ in targets), JoinButton.BACK)
        self.focus = FocusRing(targets, first, self.focus.shown)

    def build_form(self, area: pygame.Rect, row_h: int) -> None:
        """The three fields under their captions, then the tables found on the network."""
        lay, ui, tr = self.layout, self.app.ui, self.app.tr
        caption_h = max(18, lay.px(24))
        width = min(area.width, lay.px(640))
        x = area.centerx - width // 2
        y = area.y
        self.captions: list[tuple[str, pygame.Rect]] = []
        placeholders = {
            JoinButton.NAME: "lobby.your_name",
            JoinButton.ADDRESS: "join.address_hint",
            JoinButton.CODE: "join.code_hint",
        }
        for name in ENTRIES:
            self.captions.append((tr(f"join.{name}"), pygame.Rect(x, y, width, caption_h)))
            rect = pygame.Rect(x, y + caption_h, width, row_h)
            entry = pygame_gui.elements.UITextEntryLine(
                rect,
                ui,
                placeholder_text=tr(placeholders[name]),
                object_id=pygame_gui.core.ObjectID(object_id=f"#{name}"),
            )
            entry.set_text_length_limit(60 if name == JoinButton.ADDRESS else 40 if name == JoinButton.NAME else 9)
            entry.set_text(self.typed[name])
            self.widgets[name] = entry
            y = rect.bottom + lay.px(8)
        self.captions.append((tr("join.found"), pygame.Rect(x, y, width, caption_h)))
        y += caption_h
        for index, table in enumerate(self.found):
            words = tr(
                "join.found_table",
                name=table.name,
                game=tr(f"game.{table.game}") if table.game else "?",
                count=table.open_seats,
            )
            rect = pygame.Rect(x, y, width, row_h)
            if rect.bottom > area.bottom:
                break
            self.widgets[f"found:{index}"] = button(ui, rect, words, "found")
            y = rect.bottom + lay.px(6)

    def exit(self) -> None:
        self.read_form()
        clear_widgets(self.app.ui)
        self.widgets = {}

    def read_form(self) -> None:
        for field in ENTRIES:
            entry = self.widgets.get(field)
            if isinstance(entry, pygame_gui.elements.UITextEntryLine):
                self.typed[field] = entry.get_text().strip()
        name = self.typed[JoinButton.NAME][:40]
        if name != self.app.settings.name and name.isprintable():
            self.app.settings.name = name
            self.app.remember()

    def set_typed(self, name: JoinButton, text: str) -> None:
        self.typed[name] = text
        entry = self.widgets.get(name)
        if isinstance(entry, pygame_gui.elements.UITextEntryLine):
            entry.set_text(text)

    def shown_chairs(self) -> tuple[Chair, ...]:
        if self.stage is Stage.JOINED and self.session is not None and len(self.session.chairs) == 4:
            return self.session.chairs
        return self.seats

    # --- each frame -------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.left:
            return
        if self.stage is Stage.FORM:
            self.take_found(dt)
        elif self.stage is Stage.LOOKING:
            self.looked()
        elif self.stage is Stage.JOINED:
            self.follow()

    # --- input ----------------------------------------------------------------------------------

    def handle_ui_event(self, event: pygame.event.Event) -> None:
        name = name_of(self.widgets, element_of(event))
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and name in ENTRIES:
            self.read_form()
            if name == JoinButton.CODE:
                self.look()
            else:
                self.app.ui.set_focus_set(None)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and name is not None:
            self.focus.focus(name)
            self.press(name)

    def press(self, name: str) -> None:
        if name.startswith("sit:"):
            self.sit(int(name.removeprefix("sit:")))
        elif name.startswith("found:"):
            self.choose_found(int(name.removeprefix("found:")))
        elif name == JoinButton.LOOK:
            self.look()
        elif name == JoinButton.BACK:
            self.leave()
        elif name in ENTRIES:
            self.app.ui.set_focus_set(self.widgets[name])

    def handle_event(self, event: pygame.event.Event) -> None:
        keys = self.app.ui.get_focus_set() or set()
        typing = bool(keys) and any(self.widgets.get(name) in keys for name in ENTRIES)  # Enter leaves a field
        screen_key(event, self.focus, typing, self.leave, self.press)

    # --- drawing ----------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(COLOURS.felt)
        lay, tr, app = self.layout, self.app.tr, self.app
        w = surface.get_width()
        title = tr("join.title") if not self.game else tr("join.title_game", game=tr(f"game.{self.game}"))
        draw_title(app, surface, title, lay.px(34), lay.px(10))
        if self.stage is Stage.FORM:
            for caption, rect in self.captions:
                text = fit_text(app, caption, lay.px(16), rect.width, colour=COLOURS.muted)
                surface.blit(text, text.get_rect(bottomleft=(rect.x + lay.px(4), rect.bottom - 1)))
            if not self.found:
                last = self.captions[-1][1]
                none = tr("join.none_found") if self.browser is not None else tr("join.no_browsing")
                text = fit_text(app, none, lay.px(16), last.width, colour=COLOURS.ink)
                surface.blit(text, (last.x + lay.px(4), last.bottom + lay.px(6)))
        elif self.stage in (Stage.SEATS, Stage.JOINED):
            mine = (self.session.seat,) if self.session is not None and self.session.seated else ()
            partners = screens_for(self.game).partners if self.game else True
            draw_chairs(app, surface, lay, self.plates, self.shown_chairs(), mine, partners)
        line = self.message or self.status()
        colour = COLOURS.warn if self.message else COLOURS.ink
        text = fit_text(app, line, lay.px(18), w - lay.px(48), True, colour)
        surface.blit(text, text.get_rect(midbottom=(w // 2, surface.get_height() - lay.px(24) - max(48, lay.px(52)))))

    def status(self) -> str:
        tr, session = self.app.tr, self.session
        if self.stage is Stage.LOOKING:
            return tr("join.looking")
        if self.stage is Stage.SEATS:
            return tr("join.choose_seat")
        if self.stage is Stage.JOINED:
            if session is None or not session.chairs:
                return tr("join.connecting")
            if not session.connected:
                return tr("online.reconnecting")
            return tr("join.waiting_host")
        return tr("join.how")

    def draw_over(self, surface: pygame.Surface) -> None:
        self.focus.draw(surface, max(2, self.layout.px(3)))
