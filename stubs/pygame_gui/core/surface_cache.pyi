import pygame

class SurfaceCache:
    def add_surface_to_cache(self, surface: pygame.Surface, string_id: str) -> None: ...
    def find_surface_in_cache(self, lookup_id: str) -> pygame.Surface | None: ...
    @staticmethod
    def build_cache_id(
        shape: str,
        size: tuple[int, int],
        shadow_width: int,
        border_widths: dict[str, int],
        border_colour: pygame.Color,
        bg_colour: pygame.Color,
        corner_radius: list[int] | None = None,
    ) -> str: ...
