"""A bounded cache of drawn surfaces: the least recently used go first, so endless
window resizes cannot grow memory without bound."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable

import pygame


def surface_bytes(surface: pygame.Surface) -> int:
    """What a surface's pixels weigh in memory."""
    return surface.get_height() * surface.get_pitch()


class SurfaceCache:
    """Surfaces by key, at most ``limit`` of them and ``limit_bytes`` of pixels."""

    def __init__(self, limit: int = 3000, limit_bytes: int = 12 << 20) -> None:
        self.limit = limit
        self.limit_bytes = limit_bytes
        self.bytes = 0
        self._surfaces: OrderedDict[Hashable, pygame.Surface] = OrderedDict()

    def __len__(self) -> int:
        return len(self._surfaces)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._surfaces

    def get(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The surface under ``key``, drawn by ``make`` the first time (or after it was dropped)."""
        surface = self._surfaces.get(key)
        if surface is not None:
            self._surfaces.move_to_end(key)
            return surface
        surface = make()
        self.put(key, surface)
        return surface

    def clear(self) -> None:
        """Let go of every surface (the next ask paints again)."""
        self._surfaces.clear()
        self.bytes = 0

    def take(self, key: Hashable) -> pygame.Surface | None:
        """The surface under ``key``, no longer kept here (None: there was none): for a caller
        that paints over it and keeps it, so its pixels are held once."""
        surface = self._surfaces.pop(key, None)
        if surface is not None:
            self.bytes -= surface_bytes(surface)
        return surface

    def put(self, key: Hashable, surface: pygame.Surface) -> None:
        """Keep ``surface`` under ``key`` (painted elsewhere, a piece at a time)."""
        dropped = self._surfaces.pop(key, None)
        if dropped is not None:
            self.bytes -= surface_bytes(dropped)
        self._surfaces[key] = surface
        self.bytes += surface_bytes(surface)
        while len(self._surfaces) > 1 and (len(self._surfaces) > self.limit or self.bytes > self.limit_bytes):
            _, dropped = self._surfaces.popitem(last=False)
            self.bytes -= surface_bytes(dropped)


class Owed:
    """Pictures to paint ahead, when a frame leaves time to spare: oldest first, at most
    ``limit`` (what a storm of resizes leaves behind goes first)."""

    def __init__(self, limit: int = 256) -> None:
        self.limit = limit
        self.spare_time = False  # whether the interactive loop runs: a picture may be owed, not painted when asked
        self._pending: dict[tuple[int, Hashable], tuple[SurfaceCache, Hashable, Callable[[], pygame.Surface]]] = {}

    def __len__(self) -> int:
        return len(self._pending)

    def owe(self, cache: SurfaceCache, key: Hashable, paint: Callable[[], pygame.Surface]) -> None:
        """Paint ``key`` into ``cache`` later, unless it is there by then."""
        if key in cache:
            return
        self._pending.setdefault((id(cache), key), (cache, key, paint))
        while len(self._pending) > self.limit:
            del self._pending[next(iter(self._pending))]

    def paint_one(self) -> bool:
        """Paint the oldest picture still owed; whether there was one."""
        while self._pending:
            cache, key, paint = self._pending.pop(next(iter(self._pending)))
            if key not in cache:
                cache.get(key, paint)
                return True
        return False


OWED = Owed(limit=1024)  # every picture the sprites owe, painted by the scene manager's spare work
