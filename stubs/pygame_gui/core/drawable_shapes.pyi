from collections import deque

import pygame
from pygame_gui.core.surface_cache import SurfaceCache

class DrawableShapeState:
    surface: pygame.Surface

class DrawableShape:
    theming: dict[str, object]
    shadow_width: int
    border_widths: dict[str, int]
    shape_corner_radius: list[int]
    states: dict[str, DrawableShapeState]
    shape_cache: SurfaceCache
    states_to_redraw_queue: deque[str]
    def clean_up_temp_shapes(self) -> None: ...

class RoundedRectangleShape(DrawableShape): ...
