"""Small helpers for pygame-gui widgets with our object ids; text is shrunk, never clipped."""

from __future__ import annotations

import weakref
from collections.abc import Iterator, Mapping, Sequence
from typing import TypeVar

import pygame
import pygame_gui
from pygame_gui.core import IContainerLikeInterface, ObjectID

from scenes.ui.button_looks import ButtonLooks

SIZES = ("", "_small", "_tiny")  # theme classes from the regular font down
TEXT_MARGIN = 12  # px left free around a label's text


def text_fits(widget: pygame_gui.elements.UIButton | pygame_gui.elements.UILabel, text: str) -> bool:
    """Whether ``text`` in the widget's font fits inside its rectangle."""
    assert widget.font is not None, "a widget built has its font"
    return widget.font.size(text)[0] + TEXT_MARGIN <= widget.rect.width


def looks_on_demand(ui: pygame_gui.UIManager) -> None:
    """Let each widget draw a look (hovered, pressed...) when it is first shown, instead of
    pygame-gui drawing one look ahead per widget per frame: at 1920x1080 that cost a new
    screen 15-25 ms in each of its first frames."""
    for element in ui.get_sprite_group().sprites():
        shape = element.drawable_shape if isinstance(element, pygame_gui.core.UIElement) else None
        if shape is not None and shape.states_to_redraw_queue:
            shape.states_to_redraw_queue.clear()


Name = TypeVar("Name", bound=str)


def name_of(widgets: Mapping[Name, object], element: object) -> Name | None:
    """The name ``element`` has among ``widgets`` (None: another scene's or window's widget)."""
    return next((name for name, widget in widgets.items() if widget is element), None)


def button(
    ui: pygame_gui.UIManager,
    rect: pygame.Rect,
    text: str,
    name: str,
    primary: bool = False,
    tooltip: str | None = None,
    container: IContainerLikeInterface | None = None,
    visible: bool = True,
) -> pygame_gui.elements.UIButton:
    """A themed button; ``name`` becomes its object id (``#name``); long text takes a smaller font."""
    base = "@primary" if primary else "@button"
    for size in SIZES:
        made = pygame_gui.elements.UIButton(
            relative_rect=rect,
            text=text,
            manager=ui,
            tool_tip_text=tooltip,
            container=container,
            object_id=ObjectID(class_id=base + size, object_id=f"#{name}"),
            visible=int(visible),
        )
        if made.drawable_shape is not None:  # let go of its shape drawn 4x larger each way (2 MB at 1080p)
            made.drawable_shape.clean_up_temp_shapes()
        if text_fits(made, text) or size == SIZES[-1]:
            return made
        made.kill()
    raise AssertionError("unreachable")


ButtonPlan = list[tuple[str, pygame.Rect, str, bool]]  # each button's name, place, text and whether primary

_held_back: weakref.WeakSet[pygame_gui.core.UIElement] = weakref.WeakSet()


class PreparedButtons:
    """A scene's buttons built unseen, a piece at a time, before the scene is shown: they
    live through the switch (the scene being left clears every other widget) and are then
    shown at once, instead of being built in the frame the scene is entered in."""

    def __init__(self) -> None:
        self.plan: ButtonPlan = []
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}

    def building(self, ui: pygame_gui.UIManager, plan: ButtonPlan, greyed: tuple[str, ...] = ()) -> Iterator[None]:
        """Build the buttons of ``plan`` hidden, a look a piece: each one's plain look, and the
        disabled look of those that may be ``greyed``."""
        self.drop()
        self.plan = plan
        if ButtonLooks(ui).make(("@primary" if primary else "@button", rect.size) for _, rect, _, primary in plan):
            yield  # the wide buttons' plain looks, made cheaply (and without pygame-gui's large drafts)
        for name, rect, text, primary in plan:
            made = button(ui, rect, text, name, primary, visible=False)
            _held_back.add(made)
            self.buttons[name] = made
            yield
            if name in greyed:
                made.disable()
                made.enable()
                yield

    def take(self, ui: pygame_gui.UIManager, plan: ButtonPlan) -> dict[str, pygame_gui.elements.UIButton]:
        """The buttons of ``plan``, shown: those built ahead when they match it, else built now."""
        ready = self.plan == plan and len(self.buttons) == len(plan)
        if ready and all(widget.alive() for widget in self.buttons.values()):
            taken = self.buttons
            for widget in taken.values():
                _held_back.discard(widget)
                widget.show()
            self.plan, self.buttons = [], {}
            return taken
        self.drop()
        return {name: button(ui, rect, text, name, primary) for name, rect, text, primary in plan}

    def drop(self) -> None:
        """Remove the buttons built ahead."""
        for widget in self.buttons.values():
            _held_back.discard(widget)
            widget.kill()
        self.plan, self.buttons = [], {}


def drop_held_back() -> None:
    """Remove every button built ahead for a scene that will not be shown after all."""
    for widget in list(_held_back):
        widget.kill()
    _held_back.clear()


def clear_widgets(ui: pygame_gui.UIManager) -> None:
    """Remove every widget (a scene is left), but those built ahead for the next one."""
    if not _held_back:
        ui.clear_and_reset()
        return
    root = ui.get_root_container()
    assert isinstance(root, pygame_gui.core.UIContainer)
    for element in list(root.elements):
        if element not in _held_back:
            element.kill()


def label(
    ui: pygame_gui.UIManager,
    rect: pygame.Rect,
    text: str,
    style: str = "label",
    container: IContainerLikeInterface | None = None,
) -> pygame_gui.elements.UILabel:
    """A themed label; long text takes a smaller font."""
    for size in SIZES:
        made = pygame_gui.elements.UILabel(
            relative_rect=rect,
            text=text,
            manager=ui,
            container=container,
            object_id=ObjectID(class_id=f"@{style}{size}"),
        )
        if text_fits(made, text) or size == SIZES[-1]:
            return made
        made.kill()
    raise AssertionError("unreachable")


def row_of_buttons(
    ui: pygame_gui.UIManager,
    area: pygame.Rect,
    items: Sequence[tuple[str, str]],
    height: int,
    max_width: int,
    gap: int,
    primary: tuple[str, ...] = (),
) -> dict[str, pygame_gui.elements.UIButton]:
    """Buttons of equal width centred in ``area``; ``items`` are (name, text)."""
    rects = row_rects(area, len(items), height, max_width, gap)
    return {name: button(ui, rect, text, name, primary=name in primary) for (name, text), rect in zip(items, rects)}


def fitted_row_rects(area: pygame.Rect, needs: list[int], height: int, max_width: int, gap: int) -> list[pygame.Rect]:
    """Where buttons centred in ``area`` lie, each at least as wide as its words ``needs`` when
    the row has room (the others then give up their spare width), else of equal width."""
    count = len(needs)
    equal = min(max_width, (area.width - gap * (count + 1)) // count)
    widths = [max(equal, need) for need in needs]
    over = sum(widths) + gap * (count + 1) - area.width
    spare = sum(width - need for width, need in zip(widths, needs) if width > need)
    if over > spare:
        return row_rects(area, count, height, max_width, gap)
    if over > 0:
        widths = [w - -(-(w - n) * over // spare) if w > n else w for w, n in zip(widths, needs)]
    x = area.centerx - (sum(widths) + (count - 1) * gap) // 2
    y = area.centery - height // 2
    rects = []
    for width in widths:
        rects.append(pygame.Rect(x, y, width, height))
        x += width + gap
    return rects


def row_rects(area: pygame.Rect, count: int, height: int, max_width: int, gap: int) -> list[pygame.Rect]:
    """Where ``count`` buttons of equal width centred in ``area`` lie."""
    width = min(max_width, (area.width - gap * (count + 1)) // count)
    x = area.centerx - (count * width + (count - 1) * gap) // 2
    y = area.centery - height // 2
    return [pygame.Rect(x + index * (width + gap), y, width, height) for index in range(count)]
