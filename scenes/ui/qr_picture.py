"""A QR code drawn to be scanned off the screen: a whole number of pixels per module, each
module a filled square (no scaling, no smoothing), dark on a light plate that holds its
quiet zone, kept until what it encodes or the room it is given changes."""

from __future__ import annotations

import pygame

from online.web_address import QrMatrix, qr_matrix
from scenes.ui.theme import COLOURS


def module_size(modules: int, room: int) -> int:
    """The pixels per module of a code ``modules`` wide drawn as large as ``room`` allows (at least one)."""
    return max(1, room // modules)


def draw_matrix(matrix: QrMatrix, module: int) -> pygame.Surface:
    """``matrix`` at ``module`` pixels per module, its quiet zone light."""
    side = len(matrix) * module
    picture = pygame.Surface((side, side))
    picture.fill(COLOURS.qr_light)
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                picture.fill(COLOURS.qr_dark, (x * module, y * module, module, module))
    return picture


class QrPicture:
    """The QR code of one text at a time, its matrix and its picture made again only when
    the text or the room changes."""

    def __init__(self) -> None:
        self.text = ""
        self.matrix: QrMatrix = ()
        self._room = 0
        self._picture: pygame.Surface | None = None

    def matrix_of(self, text: str) -> QrMatrix:
        """The modules of ``text``'s code (kept: the lobby asks every frame)."""
        if text != self.text or not self.matrix:
            self.text, self.matrix, self._picture = text, qr_matrix(text), None
        return self.matrix

    def picture(self, text: str, room: int) -> pygame.Surface:
        """``text``'s code as large as fits a square of ``room`` pixels."""
        matrix = self.matrix_of(text)
        if self._picture is None or room != self._room:
            self._room = room
            self._picture = draw_matrix(matrix, module_size(len(matrix), room))
        return self._picture
