"""Every scene by name: the one place that knows how each is built. The modules of the scenes
after the menu (the tables, the summary, the review) and what they paint with (numpy, the tile
art) are loaded in the time the menu's frames leave to spare, one a piece, or when first needed
if that comes sooner: the menu's first frame goes without them, and a table opens without
waiting for them. The modules of the tables across devices load ahead only while the menu is
up, so a local evening never holds them."""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.core.match import Match
from scenes.screens.menu import MenuScene
from scenes.screens.registry import screens_for
from scenes.shell.manager import SceneManager
from scenes.ui.app_services import AppServices
from scenes.ui.scene import Scene

if TYPE_CHECKING:  # the table loads in spare time, after the menu's first frame
    from online.seat_group import SeatGroup
    from online.seats_file import TableSeats
    from scenes.screens.table import TableScene

LATER = (  # a module's own imports before it, so each piece loads about one module's worth
    "scenes.ui.dialog",  # the menu's questions and windows
    "scenes.screens.settings_panel",
    "scenes.screens.about",
    "scenes.screens.record_picker",
    "scenes.screens.guide",
    "numpy.random",  # numpy with it
    "sprites.raster",
    "sprites.tile_body",
    "sprites.tile_art",
    "sprites.chinese_art",
    "scenes.blocks.review_position",
    "scenes.ui.seat_plate",
    "scenes.ui.effects",
    "sprites.table_surface",
    "scenes.ui.board",
    "msgspec",
    "scenes.screens.table",
    "scenes.blocks.board",
    "scenes.tiengow.board",
    "scenes.tiengow.review_position",
    "game.core.review",
    "scenes.screens.summary",
    "scenes.screens.review",
)
ONLINE = (  # the tables across devices: loaded ahead only while the menu, their way in, is up (10 MB a
    # local evening never needs)
    "asyncio",
    "online.protocol",
    "online.table",
    "websockets.asyncio.server",
    "online.server",
    "segno",  # the QR code of the page a phone opens, in the lobby
    "online.hosting",
    "online.seat_group",
    "scenes.screens.shared_dialogs",
    "scenes.screens.shared_table",
    "scenes.screens.lobby",
    "zeroconf",
    "online.discovery",
    "scenes.screens.join",
)


class Later:
    """Modules to load in spare time, in order; with ``wanted``, only while it says so."""

    def __init__(self, names: tuple[str, ...], wanted: Callable[[], bool] = lambda: True) -> None:
        self.names = list(names)
        self.wanted = wanted

    def load_one(self) -> bool:
        """Load the next module (a piece of spare work); whether there was one. A module that
        fails to load (no memory left...) is only not loaded ahead: the scene that needs it
        meets the failure when it is built, and a local match needs no network module."""
        if not self.names or not self.wanted():
            return False
        with contextlib.suppress(ImportError, MemoryError):
            importlib.import_module(self.names.pop(0))
        return True


def register_scenes(manager: SceneManager, app: AppServices) -> None:
    """Teach ``manager`` the scenes ``app`` can show."""

    def table(match: Match, lesson: bool = False) -> Scene:
        from scenes.screens.table import local_table  # not at start-up: loaded in spare time (LATER)

        return local_table(app, match, screens_for(match.name), lesson)

    def online_table(seats: SeatGroup) -> Scene:
        from scenes.screens.shared_table import SharedTable
        from scenes.screens.table import TableScene

        return TableScene(app, screens_for(seats.game), seats, lambda table: SharedTable(table, seats))

    def lobby(game: str, reopen: TableSeats | None = None) -> Scene:
        try:
            from scenes.screens.lobby import LobbyScene  # the network's modules only for a hosted table
        except (ImportError, MemoryError):
            return unavailable()
        return LobbyScene(app, game, reopen)

    def join(rejoin: TableSeats | None = None) -> Scene:
        try:
            from scenes.screens.join import JoinScene
        except (ImportError, MemoryError):
            return unavailable()
        return JoinScene(app, rejoin)

    def unavailable() -> Scene:
        """The menu again, saying why the network's scenes cannot open (their modules do not load)."""
        app.notify(app.tr("menu.friends.unavailable"))
        return MenuScene(app)

    def summary(table: TableScene, match: Match | None = None) -> Scene:
        from scenes.screens.summary import SummaryScene

        held = match or table.match
        if held is None:
            raise ValueError("a summary shows a round this device holds whole")
        return SummaryScene(app, table, held)

    def review(match: Match, round_index: int, back: Scene) -> Scene:
        from scenes.screens.review import ReviewScene

        return ReviewScene(app, match, round_index, back)

    manager.register("menu", lambda starting=False: MenuScene(app, starting))
    manager.register("table", table)
    manager.register("online_table", online_table)
    manager.register("lobby", lobby)
    manager.register("join", join)
    manager.register("summary", summary)
    manager.register("review", review)
    manager.spare_work.append(Later(LATER).load_one)
    manager.spare_work.append(Later(ONLINE, lambda: isinstance(manager.scene, MenuScene)).load_one)
