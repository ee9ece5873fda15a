"""The menu's game cards: where they lie in the window, the words each says (laid out once
with them), the place of each card's Learn button, their drawing, and which card a point of
the window is on. The menu holds one ``GameCards`` and builds the Learn buttons where it says."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pygame

from scenes.screens.registry import screens_for
from scenes.ui.app_services import AppServices
from scenes.ui.drawing import fit_text, shade, wrap_text
from scenes.ui.table_layout import TableLayout
from scenes.ui.theme import COLOURS

COMPACT_CARD = 64  # px: the least height of a card (its name, Learn and a line)


def card_grid(
    count: int, width: int, top: int, room: int, margin: int, gap: int, lay: TableLayout, tallest: int
) -> list[pygame.Rect]:
    """Where ``count`` game cards lie in a window ``width`` px wide from ``top``: one row while
    they fit at a readable width (three always do), more rows of shorter cards otherwise, each
    row centred, all of them within ``room`` px; ``tallest``: the height of a card alone in its
    row's height."""
    card_h = max(lay.px(150), min(lay.px(250), tallest))
    per_row = max(1, min(count, max(3, (width - 2 * margin + gap) // (lay.px(240) + gap))))
    rows = -(-count // per_row)
    if rows > 1:
        block = min(rows * card_h + (rows - 1) * gap, max(room, rows * COMPACT_CARD))
        card_h = (block - (rows - 1) * gap) // rows
    card_w = min(lay.px(360), (width - 2 * margin - (per_row - 1) * gap) // per_row)
    rects = []
    for row in range(rows):
        in_row = min(per_row, count - row * per_row)
        x = (width - in_row * card_w - (in_row - 1) * gap) // 2
        y = top + row * (card_h + gap)
        rects += [pygame.Rect(x + i * (card_w + gap), y, card_w, card_h) for i in range(in_row)]
    return rects


@dataclass(frozen=True, slots=True)
class CardWords:
    """Where a game card's picture goes (None: the card is too short for one) and its lines of
    words: their size, the lines and their spacing."""

    picture: pygame.Rect | None
    size: int
    lines: list[str]
    line_h: int


class GameCards:
    """The cards of ``games``, laid out by ``lay_out``; iterating gives each game and its card."""

    def __init__(self, app: AppServices, games: tuple[str, ...]) -> None:
        self.app = app
        self.games = games
        self.layout = TableLayout.for_size(app.size)
        self.rects: list[tuple[str, pygame.Rect]] = []
        self.words: dict[str, CardWords] = {}

    def __iter__(self) -> Iterator[tuple[str, pygame.Rect]]:
        return iter(self.rects)

    def lay_out(self, layout: TableLayout, below: int) -> pygame.Rect:
        """Lay the cards out at the top of the window of ``layout``, above what takes ``below``
        px under them; returns where that goes (its left, top and width; no height)."""
        self.layout = lay = layout
        w, h = self.app.size
        margin, gap = lay.px(24), lay.px(16)
        top = lay.px(18) + self.app.font(lay.px(40), True).get_linesize()
        room = h - top - gap - below - lay.px(6)
        rects = card_grid(len(self.games), w, top, room, margin, gap, lay, h // 4)
        self.rects = list(zip(self.games, rects, strict=True))
        self.words = self.lay_words()
        left = min(rect.x for rect in rects)
        right = max(rect.right for rect in rects)
        return pygame.Rect(left, max(rect.bottom for rect in rects) + gap, right - left, 0)

    def learn_rect(self, card: pygame.Rect) -> pygame.Rect:
        """The Learn button of a game card, in its top right corner."""
        lay = self.layout
        pad = lay.px(10)
        width = max(88, lay.px(104))
        return pygame.Rect(card.right - pad - width, card.y + pad, width, max(44, lay.px(44)))

    def at(self, pos: tuple[int, int]) -> str | None:
        """The game whose card is at ``pos`` (None: no card)."""
        return next((game for game, rect in self.rects if rect.collidepoint(pos)), None)

    def lay_words(self) -> dict[str, CardWords]:
        """How each card's words lie (laid out once with the cards, not every frame): below the
        picture, the lines of the card that needs most set aside for all of them; on a card too
        short for a picture, the sentence whole below Learn, smaller if it must be, or none."""
        lay, tr = self.layout, self.app.tr
        pad, text_size = lay.px(12), lay.px(15)
        font = self.app.font(text_size)
        width = self.rects[0][1].width - 2 * pad if self.rects else 0  # every card is as wide
        wrapped = {game: wrap_text(font, tr(f"menu.about.{game}"), width)[:3] for game, _ in self.rects}
        most = max((len(lines) for lines in wrapped.values()), default=0)
        words: dict[str, CardWords] = {}
        for game, rect in self.rects:
            name = fit_text(self.app, tr(f"game.{game}"), lay.px(24), width, True, COLOURS.ink)
            text_h = name.get_height() + most * font.get_linesize()
            learn = self.learn_rect(rect)
            picture = pygame.Rect(
                rect.x + pad, rect.y + pad, learn.x - rect.x - 2 * pad, rect.height - 3 * pad - text_h
            )
            if picture.bottom + pad // 2 >= learn.bottom:
                words[game] = CardWords(picture, text_size, wrapped[game], font.get_linesize())
                continue
            room, size = rect.bottom - pad // 2 - learn.bottom, text_size
            while True:
                small = self.app.font(size)
                lines = wrap_text(small, tr(f"menu.about.{game}"), width)
                if len(lines) * small.get_linesize() <= room or size <= 12:
                    break
                size -= 1
            fits = len(lines) * small.get_linesize() <= room
            words[game] = CardWords(None, size, lines if fits else [], small.get_linesize())
        return words

    def draw(self, surface: pygame.Surface, chosen: str) -> None:
        """Every card, the one of the game ``chosen`` outlined."""
        for game, rect in self.rects:
            self.draw_card(surface, game, rect, game == chosen)

    def draw_card(self, surface: pygame.Surface, game: str, rect: pygame.Rect, chosen: bool) -> None:
        """A game's card: its picture, its name and what it is; the chosen one outlined."""
        lay, tr, words = self.layout, self.app.tr, self.words[game]
        radius = lay.px(16)
        shade(surface, rect, COLOURS.plate, radius)
        if chosen:
            pygame.draw.rect(surface, COLOURS.gold, rect, width=max(2, lay.px(3)), border_radius=radius)
        pad = lay.px(12)
        name_colour = COLOURS.gold if chosen else COLOURS.ink
        learn = self.learn_rect(rect)
        if words.picture is None:  # too short for a picture: the name beside Learn, the lines below
            name = fit_text(self.app, tr(f"game.{game}"), lay.px(24), learn.x - rect.x - 2 * pad, True, name_colour)
            surface.blit(name, name.get_rect(midleft=(rect.x + pad, learn.centery)))
            y = learn.bottom
        else:
            if words.picture.height > 8:
                picture = screens_for(game).card_picture(self.app, words.picture.size)
                surface.blit(picture, picture.get_rect(center=words.picture.center))
            name = fit_text(self.app, tr(f"game.{game}"), lay.px(24), rect.width - 2 * pad, True, name_colour)
            y = words.picture.bottom + pad // 2
            surface.blit(name, name.get_rect(midtop=(rect.centerx, y)))
            y += name.get_height()
        for line in words.lines:
            image = self.app.text_image(line, words.size, False, COLOURS.muted)
            surface.blit(image, image.get_rect(midtop=(rect.centerx, y)))
            y += words.line_h
