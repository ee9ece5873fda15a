"""Drawing helpers every scene shares: text shrunk to fit, rows of tiles, outlines."""

from __future__ import annotations

import pygame

from scenes.ui.app_services import AppServices
from scenes.ui.theme import COLOURS, Colour
from sprites.surface_cache import SurfaceCache

SMALLEST_TEXT = 9
READABLE_TEXT = 12


def fit_text(
    app: AppServices, text: str, size: int, width: int, bold: bool = False, colour: Colour = COLOURS.ink
) -> pygame.Surface:
    """``text`` rendered at ``size`` (never below the readable 12 px unless it must shrink to
    fit), or smaller until it fits ``width``."""
    size = max(size, READABLE_TEXT)
    while True:
        image: pygame.Surface = app.text_image(text, size, bold, colour, smallest=SMALLEST_TEXT)
        if image.get_width() <= width or size <= SMALLEST_TEXT:
            return image
        size -= 1


def draw_column(
    app: AppServices,
    surface: pygame.Surface,
    lines: list[tuple[str, Colour, bool]],
    size: int,
    box: pygame.Rect,
    gap: int,
    centred: bool = False,
) -> None:
    """``lines`` (words, colour, bold) one under the other, in the middle of ``box``'s height,
    from its left (or ``centred``): each wrapped to its width at ``size``, or, when that is
    too tall, each on one line made smaller to fit."""
    images: list[pygame.Surface] = []
    for words, colour, bold in lines:
        font = app.font(max(size, READABLE_TEXT), bold)
        images += [app.text_image(part, size, bold, colour) for part in wrap_text(font, words, box.width)]
    tall = sum(image.get_height() for image in images) + gap * (len(images) - 1)
    if tall > box.height or any(image.get_width() > box.width for image in images):
        images = [fit_text(app, words, size, box.width, bold, colour) for words, colour, bold in lines]
        tall = sum(image.get_height() for image in images) + gap * (len(images) - 1)
    y = box.centery - tall // 2
    for image in images:
        surface.blit(image, image.get_rect(midtop=(box.centerx, y)) if centred else (box.x, y))
        y += image.get_height() + gap


def draw_title(app: AppServices, surface: pygame.Surface, title: str, size: int, top: int) -> None:
    """A screen's title in gold, centred at ``top``, smaller if it must be to fit."""
    width = surface.get_width()
    image = fit_text(app, title, size, width - size, True, COLOURS.gold)
    surface.blit(image, image.get_rect(midtop=(width // 2, top)))


def row_of_rects(count: int, size: tuple[int, int], gap: int, centre_x: int, top: int) -> list[pygame.Rect]:
    """``count`` rectangles of ``size`` side by side, ``gap`` apart, centred on ``centre_x``."""
    width, height = size
    total = count * width + max(0, count - 1) * gap
    x = centre_x - total // 2
    return [pygame.Rect(x + i * (width + gap), top, width, height) for i in range(count)]


def outline(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, width: int, radius: int) -> None:
    pygame.draw.rect(surface, colour, rect, width=width, border_radius=radius)


_plates = SurfaceCache(limit=64, limit_bytes=2 << 20)  # corners and blocks of plates, never a whole plate
BLOCK = 128  # side of the square of plain colour a plate's straight parts are tiled from


def shade(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, radius: int = 0) -> None:
    """A translucent plate (``colour`` with alpha) over ``rect``, with rounded corners of
    ``radius``: its four corners cut from one rounded square, its straight parts tiled from
    a square of plain colour, so what is kept does not grow with the sizes of plates drawn
    (a message's plate has the width of its words). A square black one on an opaque picture
    (a window dimmed under a panel) darkens it in place."""
    if rect.width <= 0 or rect.height <= 0:
        return
    if radius == 0 and len(colour) > 3 and tuple(colour[:3]) == (0, 0, 0) and not surface.get_flags() & pygame.SRCALPHA:
        kept = 255 - colour[3]
        surface.fill((kept, kept, kept), rect, special_flags=pygame.BLEND_RGB_MULT)
        return
    corner = max(0, min(radius, rect.width // 2, rect.height // 2))
    if corner:
        square = (2 * corner, 2 * corner)
        rounded = _plates.get(("corners", corner, tuple(colour)), lambda: plate(square, colour, corner))
        for dx, dy in ((0, 0), (1, 0), (0, 1), (1, 1)):
            at = (rect.right - corner if dx else rect.x, rect.bottom - corner if dy else rect.y)
            surface.blit(rounded, at, pygame.Rect(dx * corner, dy * corner, corner, corner))
    straight = (
        pygame.Rect(rect.x + corner, rect.y, rect.width - 2 * corner, corner),
        pygame.Rect(rect.x, rect.y + corner, rect.width, rect.height - 2 * corner),
        pygame.Rect(rect.x + corner, rect.bottom - corner, rect.width - 2 * corner, corner),
    )
    block = _plates.get(("block", tuple(colour)), lambda: plate((BLOCK, BLOCK), colour, 0))
    for part in straight:
        for y in range(part.y, part.bottom, BLOCK):
            for x in range(part.x, part.right, BLOCK):
                surface.blit(block, (x, y), pygame.Rect(0, 0, min(BLOCK, part.right - x), min(BLOCK, part.bottom - y)))


def plate(size: tuple[int, int], colour: Colour, radius: int) -> pygame.Surface:
    picture = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(picture, colour, picture.get_rect(), border_radius=radius)
    return picture


CLINGING = frozenset("?!:;»")  # marks a French sentence sets after a space: they stay with the word before


def wrap_text(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """``text`` cut into lines no wider than ``width`` in ``font`` (a word too long for a
    line gets one of its own); lines break at plain spaces only, never at a no-break space
    (French "brisée : l’équipe" keeps its colon), nor before a mark that follows a space
    ("d’accord ?" keeps its question mark) or after "«"."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in words_of(paragraph):
            trial = f"{line} {word}" if line else word
            if line and font.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def words_of(paragraph: str) -> list[str]:
    """The words of ``paragraph`` as lines may break between them: a mark of ``CLINGING``
    joined to the word before it, "«" to the word after it."""
    words: list[str] = []
    opening = False
    for word in filter(None, paragraph.split(" ")):
        if opening or (words and set(word) <= CLINGING):
            words[-1] += " " + word
        else:
            words.append(word)
        opening = word == "«"
    return words
