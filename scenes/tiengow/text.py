"""Tien Gow in words: tiles, groups, plays, hints, the Log's lines and settlement lines."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.core.advice import Hint
from game.core.tiles import Tile
from game.tiengow.chinese import name as tile_name
from game.tiengow.deal import TrickPlay
from game.tiengow.groups import Group, GroupKind
from game.tiengow.payments import Settlement
from game.tiengow.view import SeenPlay
from scenes.panels import escape

Tr = Callable[..., str]


def tile_key(tile: Tile) -> str:
    """The catalogue key of a tile's name (``tg.tile.heaven``)."""
    return f"tg.tile.{tile_name(tile).lower().replace(' ', '_')}"


def decision_text(play: TrickPlay, tr: Tr) -> str:
    """A play in a few words: "6-6 3-6", or its tiles marked face down."""
    tiles = " ".join(str(t) for t in play.tiles)
    return tr("review.down", tiles=tiles) if play.face_down else tiles


def describe(seat: int, play: TrickPlay, tr: Tr) -> str:
    """A play as a sentence about the seat that made it."""
    tiles = " ".join(str(t) for t in play.tiles)
    return tr("review.face_down_play" if play.face_down else "review.face_up_play", seat=seat, tiles=tiles)


def hint_text(hint: Hint, tr: Tr) -> str:
    """The sentence of ``hint`` through the catalogue (``hint.tg.<reason>``)."""
    params: dict[str, Any] = dict(hint.params)
    if "name" in params:
        params["name"] = tr(f"tg.tile.{str(params['name']).lower().replace(' ', '_')}")
    return tr(f"hint.tg.{hint.reason}", **params)


def tile_text(tile: Tile, tr: Tr) -> str:
    return tr(tile_key(tile))


def group_text(group: Group, tr: Tr) -> str:
    """A group in words: "pair of Heaven", "Nines pair", "Supreme", "Heaven group (2 civil, 1 military)"."""
    first = group.tiles[0]
    if group.kind is GroupKind.SINGLE:
        return tr("tg.group.single", tile=tile_text(first, tr))
    if group.kind is GroupKind.CIVIL_PAIR:
        return tr("tg.group.civil_pair", tile=tile_text(first, tr))
    if group.kind is GroupKind.MILITARY_PAIR:
        return tr("tg.group.military_pair", tile=tile_text(first, tr))
    if group.kind is GroupKind.SUPREME:
        return tr("tg.group.supreme")
    civil, military = group.shape
    return tr("tg.group.mixed", tile=tile_text(first, tr), civil=civil, military=military)


def play_text(play: SeenPlay, tr: Tr) -> str:
    if play.tiles is None:
        return tr("tg.log.face_down", count=play.count)
    tiles = " ".join(str(t) for t in play.tiles)
    return tr("tg.log.face_down_shown", tiles=tiles) if play.face_down else tiles


def tiengow_log_lines(match: Any, viewer: int, tr: Tr) -> list[str]:
    """Every deal so far as ``viewer`` may see it: face-down tiles hidden until the deal ends."""
    lines: list[str] = []
    game = match.game
    for state in match.round_states():
        view = game.view(state, viewer, match.seats)
        lines.append(f"<b>{escape(tr('tg.log.deal', deal=state.start.number, banker=view.banker))}</b>")
        for number, trick in enumerate(view.tricks, start=1):
            plays = "; ".join(tr("tg.log.play", seat=p.seat, play=play_text(p, tr)) for p in trick.plays)
            lines.append(
                escape(tr("tg.log.trick", number=number, plays=plays, winner=trick.winner, columns=trick.columns))
            )
            if any(trick.immediate):
                lines.append(
                    escape(tr("tg.log.immediate", seat=trick.winner, amount=trick.immediate[trick.winner - 1]))
                )
        if view.current:
            plays = "; ".join(tr("tg.log.play", seat=p.seat, play=play_text(p, tr)) for p in view.current)
            lines.append(escape(tr("tg.log.current", plays=plays)))
        if view.result is not None:
            totals = ", ".join(f"{seat}: {amount:+d}" for seat, amount in enumerate(view.result.total, start=1))
            lines.append(f"<i>{escape(tr('tg.log.result', winner=view.result.last_winner, totals=totals))}</i>")
    return lines


def settlement_text(line: Settlement, tr: Tr, seat_name: Callable[[int], str]) -> str:
    """One settlement line: who pays whom, how much, and each multiplier named."""
    how = " × ".join([str(line.base)] + [f"2 ({tr('tg.mult.' + code)})" for code in line.multipliers])
    text = tr("tg.settle.line", payer=seat_name(line.payer), payee=seat_name(line.payee), amount=line.amount)
    if line.multipliers:
        text += " = " + how
    why = tr("tg.settle.columns", name=seat_name(line.seat), count=line.columns)
    if line.captured:
        why += "; " + tr("tg.settle.captured", name=seat_name(line.seat))
    return f"{text} ({why})"
