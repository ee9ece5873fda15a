"""The scene manager and its fixed-rate loop: 60 updates a second, one draw per frame.

Scenes are switched by name: each is registered once with the function that builds it
(``scenes.shell.routes``), so no scene module imports another. A switch is queued and applied
between frames; ``resume`` returns to a scene that is already built (a table under its
summary, the screen a review was opened from). In the interactive loop a queued scene is
first prepared (its pictures painted, its widgets built unseen) a piece at a time, in the
time frames leave; meanwhile the screen holds the last picture of the scene being left,
which takes no more input and no more steps (what it showed may have moved on: a summary's
next round has begun). A key held down as a scene is entered (the Enter that opened a
summary, held or repeating), or pressed before the scene was first drawn (queued while the
last picture held), does nothing in it until it is let go and pressed again.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import pygame
import pygame_gui

from scenes.shell import garbage
from scenes.ui.event_fields import key_of
from scenes.ui.input import Command, command_of
from scenes.ui.scene import Scene
from scenes.ui.toast import Toast
from scenes.ui.widgets import drop_held_back, looks_on_demand
from scenes.ui.window import laid_out_size, window_size
from sprites.surface_cache import OWED

FIXED_DT = 1.0 / 60.0
FLOOR = (800, 600)  # the smallest window a scene is laid out for; below it, a request to enlarge
MAX_CATCH_UP = 5  # updates per frame at most, so a stall never snowballs
FRAME_RATE = 120  # frames a second at most
SPARE_PIECE = 0.002  # seconds a piece of spare work is expected to take until one has been timed
LONGEST_EXPECTED = 0.5 / FRAME_RATE  # a kind of piece once slower still waits only for a frame leaving this much
STARVED = 0.25  # seconds a kind of spare work waits at most for a frame leaving it time enough
WAITING_SLICE = 0.1  # seconds of preparation a frame of the waiting screen (a still picture) may give
PIECES_GUESS = 100  # pieces a preparation is taken to have until one has been counted
RESIZE_EVENTS = (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED, pygame.WINDOWRESIZED)
UI_EVENTS = {
    pygame_gui.UI_BUTTON_PRESSED,
    pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
    pygame_gui.UI_TEXT_ENTRY_CHANGED,
    pygame_gui.UI_TEXT_ENTRY_FINISHED,
    pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED,
    pygame_gui.UI_WINDOW_CLOSE,
    pygame_gui.UI_HORIZONTAL_SLIDER_MOVED,
    pygame_gui.UI_TEXT_BOX_LINK_CLICKED,
}


SceneFactory = Callable[..., Scene]  # type: ignore[explicit-any]  # each scene is built from arguments of its own (App.show)
DONE = object()  # what a finished preparation gives


class SceneManager:
    """Runs the current scene; a switch is queued and applied between frames."""

    def __init__(
        self,
        ui: pygame_gui.UIManager,
        on_resize: Callable[[], None] = lambda: None,
        on_fullscreen: Callable[[], None] = lambda: None,
        toast: Toast | None = None,
        draw_too_small: Callable[[pygame.Surface], None] = lambda surface: None,
        draw_waiting: Callable[[pygame.Surface], list[pygame.Rect] | None] = lambda surface: None,
    ) -> None:
        self.ui = ui
        self.toast = toast
        self.on_resize = on_resize
        self.on_fullscreen = on_fullscreen
        self.draw_too_small = draw_too_small
        self.draw_waiting = draw_waiting  # the screen before the first scene is ready; what it changed
        self.too_small = False
        self.scene: Scene | None = None
        self._queued: Scene | None = None
        self._preparing: Iterator[None] | None = None
        self.real_time = False  # whether scenes are prepared in spare time (else at once: tests, offscreen)
        self._last_piece = 0.0  # seconds the last piece of preparation took
        self.pieces_done = 0  # pieces of the queued scene's preparation done so far
        self._pieces_expected = PIECES_GUESS  # pieces the last whole preparation had
        self.changed: list[pygame.Rect] | None = None  # what the last frame drew: all (None), or these parts
        self._exposed = False  # whether the window must be shown again whole (it was covered, or shown)
        self._factories: dict[str, SceneFactory] = {}
        self.running = True
        self.spare_work: list[Callable[[], bool]] = []  # each does a piece of work; whether there was one
        self._piece_times: dict[Callable[[], bool], float] = {}  # seconds each kind's last piece took
        self._tried: dict[Callable[[], bool], float] = {}  # when each kind was last asked for a piece
        self.keys_down: set[int] = set()  # the keys pressed and not yet let go
        self.stale_keys: set[int] = set()  # keys held since before the scene on screen was entered
        self.drawn = False  # whether the scene on screen has been drawn since it was entered

    def register(self, name: str, factory: SceneFactory) -> None:
        """Scene ``name`` is built by ``factory(**arguments)``."""
        self._factories[name] = factory

    def switch(self, name: str, **arguments: object) -> Scene:
        """Build scene ``name`` and make it current after this frame; returns it."""
        factory = self._factories.get(name)
        if factory is None:
            raise KeyError(f"no scene is registered as {name!r}")
        scene = factory(**arguments)
        self.queue(scene)
        return scene

    def resume(self, scene: object) -> None:
        """Make an already built scene current again after this frame."""
        if not isinstance(scene, Scene):
            raise TypeError(f"only a scene can be resumed, not {type(scene).__name__}")
        self.queue(scene)

    def queue(self, scene: Scene) -> None:
        """Prepare ``scene``, then make it current (a scene queued before it is not shown)."""
        if self._queued is not None:
            drop_held_back()
        self._queued = scene
        self._preparing = scene.preparation()
        self.pieces_done = 0

    @property
    def preparing(self) -> bool:
        """Whether a queued scene is being prepared."""
        return self._preparing is not None

    @property
    def progress(self) -> float:
        """How far the queued scene's preparation has come, 0 to 1 (an estimate from the
        pieces the last whole preparation had)."""
        if self._preparing is None:
            return 1.0
        return min(0.99, self.pieces_done / max(self._pieces_expected, self.pieces_done + 1))

    def prepare(self, deadline: float | None = None) -> None:
        """Prepare the queued scene: all of it, or until ``deadline`` (a piece at least, and
        another only while one more like the last still fits)."""
        pieces = 0
        while self._preparing is not None:
            now = time.perf_counter()
            if deadline is not None and pieces and now + self._last_piece >= deadline:
                return
            pieces += 1
            self.pieces_done += 1
            if next(self._preparing, DONE) is DONE:
                self._preparing = None
                self._pieces_expected = self.pieces_done
            self._last_piece = time.perf_counter() - now

    def apply_switch(self) -> bool:
        """Make the queued scene current if it is prepared; whether it was entered."""
        if self._queued is None:
            return False
        if self.too_small:
            self.scene, self._queued, self._preparing = self._queued, None, None  # entered when large again
            drop_held_back()
            return False
        if not self.real_time:
            self.prepare()
        if self._preparing is not None:
            return False
        if self.scene is not None:
            self.scene.exit()
        self.scene, self._queued = self._queued, None
        self.stale_keys = set(self.keys_down)
        self.drawn = False
        self.scene.enter()
        return True

    def held_key(self, event: pygame.event.Event) -> bool:
        """Keep count of the keys held down; whether ``event`` is a key held since before the
        scene on screen was entered (pressed for the screen before it, or repeating), or pressed
        before it was first drawn (it then stays stale until let go)."""
        if event.type == pygame.KEYDOWN:
            self.keys_down.add(key_of(event))
            if not self.drawn:
                self.stale_keys.add(key_of(event))
            return key_of(event) in self.stale_keys
        if event.type == pygame.KEYUP:
            self.keys_down.discard(key_of(event))
            self.stale_keys.discard(key_of(event))
        elif event.type == pygame.WINDOWFOCUSLOST:
            self.keys_down.clear()  # their releases go to another window
            self.stale_keys.clear()
        return False

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.held_key(event):
            return
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED):
            self._exposed = True
        if event.type in RESIZE_EVENTS:
            return  # the frame lays out once for the size the window has after all its events
        if command_of(event) is Command.FULLSCREEN:
            self.on_fullscreen()
            return
        if self.too_small or self._queued is not None:
            return  # a scene that asked to be replaced takes no more input
        consumed = self.ui.process_events(event)
        if event.type in UI_EVENTS:
            self.current.handle_ui_event(event)
        elif not consumed:
            self.current.handle_event(event)

    @property
    def current(self) -> Scene:
        """The scene on screen (one is always switched to before the first frame)."""
        assert self.scene is not None, "switch to a scene before running frames"
        return self.scene

    @property
    def size(self) -> tuple[int, int]:
        """The size the scenes are laid out for."""
        return laid_out_size(self.ui)

    def resize(self) -> None:
        """Lay the scene out for the window's new size; below the floor, put it away until it
        grows; a size that is not ready (no surface, or not sane) changes nothing."""
        size = window_size()
        if size is None:
            return
        if size[0] < FLOOR[0] or size[1] < FLOOR[1]:
            if not self.too_small and self.scene is not None:
                self.scene.exit()
            self.too_small = True
            return
        if self.too_small:
            self.too_small = False
            self.ui.set_window_resolution(size)
            self.on_resize()
            if self.scene is not None:
                self.scene.enter()
        elif size != self.size:
            self.ui.set_window_resolution(size)
            self.on_resize()
            if self.scene is not None:
                self.scene.relayout()

    def update(self, dt: float) -> None:
        """One fixed step; a scene put away for a too small window waits, its match paused."""
        if self.toast is not None:
            self.toast.update(dt)
        if self.too_small or self.scene is None or self._queued is not None:
            return
        looks_on_demand(self.ui)
        self.ui.update(dt)
        self.current.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the frame; ``changed`` then says what of the screen it changed. A surface of
        another size than the layout's (the window changed after this frame's events) is
        drawn on from the next frame, laid out for it."""
        self.changed = None
        if surface.get_size() != self.size and (not self.too_small or window_size() is None):
            self.changed = []
            return
        if self.too_small:
            self.draw_too_small(surface)
            return
        if self.scene is None:
            self.changed = self.draw_waiting(surface)
            return
        if self._queued is not None:
            self.changed = []  # the last picture stays while the next scene is prepared
            return
        self.current.draw(surface)
        self.ui.draw_ui(surface)
        self.current.draw_over(surface)
        self.drawn = True
        if self.toast is not None:
            self.toast.draw(surface, self.current.toast_place())

    def frame(self, elapsed: float, accumulator: float) -> float:
        """One frame: events, fixed updates for ``elapsed`` real seconds, one draw. In real
        time, the frame a scene is entered in does only that: the screen shows the last picture
        once more, and the new scene is drawn from the next frame on."""
        self.changed = []
        self.resize()  # the window may have changed before its resize event arrives
        if self.apply_switch() and self.real_time:
            return accumulator
        for event in pygame.event.get():
            self.handle_event(event)
        self.resize()  # once, for the size after every resize event of the frame
        accumulator += min(elapsed, MAX_CATCH_UP * FIXED_DT)
        steps = 0
        while accumulator >= FIXED_DT and steps < MAX_CATCH_UP:
            self.update(FIXED_DT)
            accumulator -= FIXED_DT
            steps += 1
        if not self.real_time:
            self.apply_switch()
        surface = pygame.display.get_surface()
        if surface is not None:
            self.draw(surface)
        return accumulator

    def show(self) -> None:
        """Put on screen what the last frame changed: all of it, only its changed parts, or
        nothing for a picture held still (showing a whole large window costs milliseconds)."""
        if self._exposed or self.changed is None:
            pygame.display.flip()
        elif self.changed:
            pygame.display.update(self.changed)
        self._exposed = False

    def do_spare_work(self, seconds: float) -> None:
        """Pieces of spare work while ``seconds`` last (the time a frame leaves before the
        next one): the next scene's preparation, at least a piece a frame; else the scene's
        own catching up, then pictures painted ahead, sounds made, modules loaded: a piece
        only if the last of its kind would still end in time, so no frame starts late for it.
        Under the waiting screen (no scene yet) a preparation takes ``WAITING_SLICE`` a frame:
        only its bar moves, and showing it costs as much as showing the whole window."""
        deadline = time.perf_counter() + seconds
        if self._preparing is not None:
            self.prepare(deadline if self.scene is not None else time.perf_counter() + WAITING_SLICE)
            return
        self.catch_up()  # the scene's own work first, whatever the time
        while self.spare_piece(deadline):
            pass

    def spare_piece(self, deadline: float) -> bool:
        """One piece of the first kind of spare work that has one and whose last piece would
        end before ``deadline`` (or that has waited ``STARVED`` for that: frames that always
        leave less, a window's slow flips, would never paint what the menu owes); whether one
        was done."""
        for work in self.spare_work:
            start = time.perf_counter()
            expected = min(LONGEST_EXPECTED, self._piece_times.get(work, SPARE_PIECE))
            if start + expected > deadline and start - self._tried.setdefault(work, start) < STARVED:
                continue
            self._tried[work] = start
            if work():
                self._piece_times[work] = time.perf_counter() - start
                return True
        return False

    def catch_up(self) -> bool:
        """Let the scene on screen bring what it shows up to date; whether it had to."""
        return self.scene is not None and not self.too_small and self._queued is None and self.scene.catch_up()

    def in_real_time(self) -> None:
        """Pace work as the interactive loop must: a new scene is prepared, and garbage is
        collected, in the time frames leave."""
        self.real_time = True
        if garbage.collect_due not in self.spare_work:
            self.spare_work.insert(0, garbage.collect_due)
            garbage.take_over()

    def run(self, clock: pygame.time.Clock, after_frame: Callable[[], None] = lambda: None) -> None:
        """The interactive loop, until the window is closed; the time a frame leaves before
        the next goes to spare work."""
        self.in_real_time()
        OWED.spare_time = True  # a picture first asked for in a frame may be painted after it
        accumulator = 0.0
        try:
            while self.running:
                elapsed = clock.tick(FRAME_RATE) / 1000.0
                start = time.perf_counter()  # after the tick's wait: the time until the next tick is the frame's
                accumulator = self.frame(elapsed, accumulator)
                self.show()
                after_frame()
                self.do_spare_work(1.0 / FRAME_RATE - (time.perf_counter() - start))
                garbage.collect_overdue()
        finally:
            garbage.hand_back()
            OWED.spare_time = False

    def run_frames(self, frames: int) -> None:
        """Exactly ``frames`` frames of one fixed step each, each with one piece of spare work
        (offscreen rendering, tests)."""
        for _ in range(frames):
            if not self.running:
                break
            self.frame(FIXED_DT, 0.0)
            if self._preparing is not None:
                self.prepare(deadline=time.perf_counter())
            elif not self.catch_up():
                any(work() for work in self.spare_work)
