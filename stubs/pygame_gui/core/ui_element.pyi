from typing import NamedTuple

import pygame
from pygame_gui.core.drawable_shapes import DrawableShape
from pygame_gui.core.interfaces import IUIElementInterface
from pygame_gui.core.layered_gui_group import GUISprite

class ObjectID(NamedTuple):
    object_id: str | None = None
    class_id: str | None = None

class UIElement(GUISprite, IUIElementInterface):
    rect: pygame.Rect
    relative_rect: pygame.Rect
    is_enabled: bool
    visible: bool
    drawable_shape: DrawableShape | None
    def kill(self) -> None: ...
    def disable(self) -> None: ...
    def enable(self) -> None: ...
    def show(self) -> None: ...
    def hide(self) -> None: ...
