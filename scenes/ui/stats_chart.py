"""The chart of the Statistics window: one bar per round of the last ones, drawn by code to a
PNG the window's text can show, with its values on it: what each bar stands for written at its
end (won or lost, or the points), what is above and below the line written at the left (with
its unit), and the rounds counted along the foot."""

from __future__ import annotations

import hashlib
import pathlib
from dataclasses import dataclass

import platformdirs
import pygame

from scenes.services.translation import Tr
from scenes.ui.drawing import wrap_text
from scenes.ui.theme import COLOURS
from sprites import fonts

GAP = 2  # px between bars
MOST_BAR = 18  # px: a short history keeps narrow bars
TEXT = 12  # px, the chart's words and numbers (the smallest readable size)
HALF = 40  # px, the tallest bar on either side of the line
LABEL_ROWS = 2  # rows of bar labels on each side: a label that would touch its neighbour goes one row further out


@dataclass(frozen=True, slots=True)
class ChartWords:
    """The words of a chart: what a bar above the line and below it count (with their unit),
    the unit along the foot, and, for a chart of won and lost rounds, the mark written on a
    bar won, tied and lost (None: each bar is labelled with its number)."""

    above: str
    below: str
    across: str
    marks: tuple[str, str, str] | None = None


CHARTS = {
    "stats.chart.rounds": ("stats.axis.rounds_won", "stats.axis.rounds_lost", "stats.axis.rounds", True),
    "stats.chart.points": ("stats.axis.points_won", "stats.axis.points_paid", "stats.axis.deals", False),
}
"""The words of each chart, by the catalogue key of its caption (a game's ``chart_key``)."""


def chart_words(chart_key: str, tr: Tr) -> ChartWords:
    above, below, across, marked = CHARTS[chart_key]
    marks = (tr("stats.mark.won"), tr("stats.mark.tie"), tr("stats.mark.lost")) if marked else None
    return ChartWords(tr(above), tr(below), tr(across), marks)


@dataclass(frozen=True, slots=True)
class Label:
    """A text on the chart and where it is drawn."""

    text: str
    rect: pygame.Rect
    colour: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Chart:
    """Where everything of a chart goes: its size, the line, each bar (rectangle and colour)
    and each label."""

    size: tuple[int, int]
    middle: int
    left: int
    bars: list[tuple[pygame.Rect, tuple[int, ...]]]
    labels: list[Label]


def signed(value: int) -> str:
    """A bar's number as it is written: +12, −5 (a true minus sign), 0."""
    return f"+{value}" if value > 0 else f"\u2212{-value}" if value < 0 else "0"


def bar_text(point: int, words: ChartWords) -> str:
    if words.marks is None:
        return signed(point)
    won, tie, lost = words.marks
    return won if point > 0 else lost if point < 0 else tie


def chart_layout(points: list[int], width: int, words: ChartWords) -> Chart:
    """Lay out the chart of ``points`` (oldest first) ``width`` px wide."""
    font = fonts.font(TEXT, bold=False)
    line_h = font.get_linesize()
    top = LABEL_ROWS * line_h + 2
    middle = top + HALF
    feet = middle + HALF + 1 + LABEL_ROWS * line_h
    height = feet + line_h + 4
    labels: list[Label] = []

    def place(text: str, colour: tuple[int, ...], **where: int) -> pygame.Rect:
        rect = pygame.Rect((0, 0), font.size(text))
        for name, value in where.items():
            setattr(rect, name, value)
        labels.append(Label(text, rect, colour))
        return rect

    left = min(width // 4, 14 + max(font.size(word)[0] for word in (words.above, words.below)))
    above = wrap_text(font, words.above, left - 10)  # a narrow chart names its sides on two lines
    for row, line in enumerate(above):
        place(line, COLOURS.gold, right=left - 6, bottom=middle - 4 - (len(above) - 1 - row) * line_h)
    for row, line in enumerate(wrap_text(font, words.below, left - 10)):
        place(line, COLOURS.team_b, right=left - 6, top=middle + 4 + row * line_h)
    bars: list[tuple[pygame.Rect, tuple[int, ...]]] = []
    if not points:
        return Chart((width, height), middle, left, bars, labels)
    slot = max(GAP + 2, min(MOST_BAR + GAP, (width - left - 8) // len(points)))
    bar = slot - GAP
    scale = HALF / max(1, *(abs(p) for p in points))
    taken: dict[bool, list[list[pygame.Rect]]] = {up: [[] for _ in range(LABEL_ROWS)] for up in (True, False)}
    for index, point in enumerate(points):
        x = left + 4 + index * slot
        height_of = max(1, round(abs(point) * scale))
        if point > 0:
            rect, colour = pygame.Rect(x, middle - height_of, bar, height_of), COLOURS.gold
        elif point < 0:
            rect, colour = pygame.Rect(x, middle + 1, bar, height_of), COLOURS.team_b
        else:
            rect, colour = pygame.Rect(x, middle - 1, bar, 3), COLOURS.ink
        bars.append((rect, colour))
        text = bar_text(point, words)
        up = point >= 0
        size = font.size(text)
        for row, placed in enumerate(taken[up]):
            spot = pygame.Rect((0, 0), size)
            spot.centerx = rect.centerx
            if up:
                spot.bottom = rect.top - 1 - row * line_h
            else:
                spot.top = rect.bottom + 1 + row * line_h
            if not any(spot.inflate(2, 0).colliderect(other) for other in placed):
                placed.append(spot)
                labels.append(Label(text, spot, COLOURS.ink))
                break
    unit = place(words.across, COLOURS.muted, right=width - 4, top=feet + 2)
    ticks: list[pygame.Rect] = [unit]
    count = len(points)
    numbered: list[int] = [1, *range(5, count + 1, 5), count]
    for number in dict.fromkeys(numbered):
        rect = pygame.Rect((0, 0), font.size(str(number)))
        rect.midtop = (bars[number - 1][0].centerx, feet + 2)
        if not any(rect.inflate(6, 0).colliderect(other) for other in ticks):
            ticks.append(rect)
            labels.append(Label(str(number), rect, COLOURS.muted))
    return Chart((width, height), middle, left, bars, labels)


def chart_surface(points: list[int], width: int, words: ChartWords) -> pygame.Surface:
    """Each point as a bar from the middle line, oldest at the left: up in gold for a gain
    (a round won), down in the losing colour for a loss, a tick for nothing; each with its
    value, the line's two sides named at the left and the rounds numbered along the foot."""
    chart = chart_layout(points, width, words)
    surface = pygame.Surface(chart.size)
    surface.fill(COLOURS.felt_dark)
    pygame.draw.line(surface, COLOURS.muted, (chart.left, chart.middle), (width, chart.middle), 1)
    pygame.draw.line(surface, COLOURS.muted, (chart.left, chart.middle - HALF), (chart.left, chart.middle + HALF), 1)
    for rect, colour in chart.bars:
        pygame.draw.rect(surface, colour, rect, border_radius=2 if rect.height > 3 else 0)
    font = fonts.font(TEXT, bold=False)
    for label in chart.labels:
        surface.blit(font.render(label.text, True, label.colour[:3]), label.rect)
    return surface


def chart_file(points: list[int], width: int, words: ChartWords) -> pathlib.Path:
    """The chart of ``points`` written once to the cache folder; returns the PNG's path."""
    folder = platformdirs.user_cache_path("domino-table", appauthor=False)
    folder.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha1(repr((points, width, words)).encode()).hexdigest()[:16]
    path = folder / f"stats-chart-{digest}.png"
    if not path.exists():
        pygame.image.save(chart_surface(points, width, words), str(path))
    return path
