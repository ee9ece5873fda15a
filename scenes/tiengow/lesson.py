"""The guided first deal of Tien Gow in words: what the person may lead or must match now,
and every play since, each finished trick with why it was won. Only the person's view is
read: face-down tiles of the others stay hidden."""

from __future__ import annotations

from collections import Counter

from game.core.tiles import Tile
from game.tiengow.chinese import KINDS, Suit, suit
from game.tiengow.explain import trick_story
from game.tiengow.groups import classify
from game.tiengow.view import SeenPlay, TienGowView
from scenes.services.translation import Tr
from scenes.tiengow.text import group_text, immediate_line, play_text, tile_text, tiles_text, trick_line
from scenes.ui.naming import Names

LISTED = 4  # face-up choices named one by one; more are counted


def tiengow_options(view: TienGowView, names: Names, tr: Tr) -> list[str]:
    """What the person may lead, or what beats the trick so far, in a sentence or two."""
    if view.early_death:
        return [tr("learn.tg.early_death")]
    face_up = [play for play in view.legal if not play.face_down]
    k = view.trick_size
    if k is None:
        groups: list[str] = []
        for play in face_up:
            group = classify(play.tiles)
            if len(play.tiles) > 1 and group is not None:
                groups.append(f"{group_text(group, tr)} ({' '.join(str(t) for t in play.tiles)})")
        lines = [tr("learn.tg.lead")]
        lines.append(tr("learn.tg.groups", groups=listed(groups, tr)) if groups else tr("learn.tg.no_groups"))
        return lines
    best = next(play for play in view.current if play.seat == view.best_seat)
    assert best.tiles is not None, "the best play of a trick is face up"
    best_group = classify(best.tiles)
    assert best_group is not None
    lines = [tr("learn.tg.follow", count=k, best=group_text(best_group, tr), who=names.name(best.seat))]
    if face_up:
        lines.append(tr("learn.tg.can_beat", count=k, plays=listed([tiles_text(p.tiles, tr) for p in face_up], tr)))
    else:
        lines.append(tr("learn.tg.cannot_beat", count=k))
    if len(view.hand) == k:
        lines.append(tr("learn.tg.last_trick"))
    return lines


def listed(items: list[str], tr: Tr) -> str:
    """The first few ``items`` and how many more."""
    shown = ", ".join(items[:LISTED])
    return shown if len(items) <= LISTED else tr("learn.and_more", items=shown, count=len(items) - LISTED)


def tiengow_events(view: TienGowView, names: Names, tr: Tr, told: int) -> tuple[list[str], int]:
    """Every play after the first ``told`` of this deal, each finished trick with why it
    went to its winner (and what it paid at once); and how many plays are now told."""
    lines: list[str] = []
    seen = 0

    def tell(play: SeenPlay) -> None:
        nonlocal seen
        if seen >= told:
            lines.append(tr("tg.log.play", who=names.label(play.seat), play=play_text(play, tr)))
        seen += 1

    highest = highest_hidden(view, 0)
    for index, trick in enumerate(view.tricks):
        new = seen + len(trick.plays) > told
        for play in trick.plays:
            tell(play)
        now = highest_hidden(view, index + 1)
        if new:
            lines.append(trick_line(trick_story(trick), names, tr))
            if trick.bonus is not None:
                lines.append(immediate_line(trick, names, tr))
            lines += face_down_lines(trick.plays, names, tr)
            if now != highest and now is not None:
                lines.append(tr("learn.tg.highest_hidden", tile=tile_text(now, tr), pattern=str(now)))
        highest = now
    for play in view.current:
        tell(play)
    return lines, seen


def face_down_lines(plays: tuple[SeenPlay, ...], names: Names, tr: Tr) -> list[str]:
    """What the others' face-down plays of a finished trick suggest: most likely they held
    nothing that beat the best play at their turn (one may also hold a winner back). Only
    those who went face down are spoken of, by name: a later play that beat it is not."""
    lines: list[str] = []
    best: SeenPlay | None = None
    downs: list[int] = []

    def said() -> None:
        if best is not None and best.tiles is not None and downs:
            group = classify(best.tiles)
            assert group is not None, "a face-up play is a group"
            what = group_text(group, tr)
            if len(downs) == 1:
                lines.append(tr("learn.tg.down_one", who=names.subject(downs[0]), best=what))
            else:
                who = {"first": names.subject(downs[0])}
                who.update((n, names.name(seat)) for n, seat in zip(("second", "third"), downs[1:]))
                lines.append(tr("learn.tg.down_two" if len(downs) == 2 else "learn.tg.down_three", best=what, **who))

    for play in plays:
        if not play.face_down:
            said()
            best, downs = play, []
        elif not names.is_you(play.seat):
            downs.append(play.seat)
    said()
    return lines


def highest_hidden(view: TienGowView, finished: int) -> Tile | None:
    """The highest civil tile the person had not seen (neither in their hand nor face up)
    once the first ``finished`` tricks were over."""
    seen = Counter(view.hand)
    for index, trick in enumerate(view.tricks):
        for play in trick.plays:
            if index < finished or play.seat == view.seat:  # the person's own tiles were in hand
                seen.update(play.tiles or ())
    for play in view.current:
        if play.seat == view.seat:
            seen.update(play.tiles or ())
    return next((tile for tile in KINDS if suit(tile) is Suit.CIVIL and seen[tile] < 2), None)
