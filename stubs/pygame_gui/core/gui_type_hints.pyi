from typing import TypeAlias

from pygame import FRect, Rect, Vector2

Coordinate: TypeAlias = Vector2 | tuple[float, float]
RectLike: TypeAlias = Rect | FRect | tuple[float, float, float, float]
