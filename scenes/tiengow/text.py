"""Tien Gow in words: tiles, groups, plays, hints, why a trick was won, the Log's lines and
payment lines, with every seat named the one way (``scenes.ui.naming``)."""

from __future__ import annotations

from game.core.advice import Hint
from game.core.tiles import Tile
from game.tiengow.chinese import name as tile_name
from game.tiengow.deal import TrickPlay
from game.tiengow.explain import TrickStory, trick_story
from game.tiengow.groups import FAMILIES, Group, GroupKind
from game.tiengow.match import TienGowMatch
from game.tiengow.payments import Settlement
from game.tiengow.view import SeenPlay, SeenTrick
from scenes.services.translation import Tr, decimal_text
from scenes.ui.naming import Names
from scenes.ui.panels import escape


def tile_key(tile: Tile) -> str:
    """The catalogue key of a tile's name (``tg.tile.heaven``)."""
    return f"tg.tile.{tile_name(tile).lower().replace(' ', '_')}"


def tile_text(tile: Tile, tr: Tr) -> str:
    return tr(tile_key(tile))


def capital(text: str) -> str:
    """``text`` as it starts a sentence."""
    return text[:1].upper() + text[1:]


def tiles_text(tiles: tuple[Tile, ...], tr: Tr) -> str:
    """Tiles by the names the board gives them, their pips after: "Heaven + Nines (6-6 4-5)"."""
    return f"{' + '.join(tile_text(t, tr) for t in tiles)} ({' '.join(str(t) for t in tiles)})"


def pips_named(pips: str, tr: Tr) -> str:
    """Tiles written by their pips ("6-6 4-5", as a hint's parameters hold them) by their names."""
    return tiles_text(tuple(Tile.from_str(part) for part in pips.split()), tr)


def decision_text(play: TrickPlay, names: Names, tr: Tr) -> str:
    """A play in a few words: "6-6 3-6", or its tiles marked face down."""
    return tr("tg.down", tiles=tiles_text(play.tiles, tr)) if play.face_down else tiles_text(play.tiles, tr)


def describe(names: Names, seat: int, play: TrickPlay, tr: Tr) -> str:
    """A play as a sentence about the seat that made it."""
    if play.face_down:
        return names.says("tg.log.played_down", seat, tiles=tiles_text(play.tiles, tr))
    return names.says("tg.log.played_up", seat, tiles=tiles_text(play.tiles, tr))


def describe_seen(names: Names, play: SeenPlay, tr: Tr) -> str:
    """A play of a trick as a sentence about its seat, as the viewer sees it (another seat's
    face-down tiles hidden)."""
    if play.tiles is None:
        return names.says("tg.log.played_hidden", play.seat, count=play.count)
    return describe(names, play.seat, TrickPlay(play.tiles, play.face_down), tr)


def hint_text(hint: Hint[TrickPlay], names: Names, tr: Tr) -> str:
    """The sentence of ``hint`` through the catalogue (``hint.tg.<reason>``): short, in the
    player's words, without the numbers (``hint_detail`` gives them)."""
    return tr(f"hint.tg.{hint.reason}", **hint_params(hint, tr))


WEIGHED = frozenset({"gains_most", "loses_least", "weighed_keeps", "weighed_discard", "weighed_gain", "weighed_loss"})
"""The reasons with numbers behind them: the deals the computer tried and the points they ended with."""


def hint_detail(hint: Hint[TrickPlay], names: Names, tr: Tr) -> str:
    """How the computer weighed ``hint``'s play and what its numbers mean (``hint.why.tg.how``,
    then ``hint.why.tg.<reason>``), or "" for a reason with no numbers behind it."""
    if hint.reason not in WEIGHED:
        return ""
    params = {**hint_params(hint, tr), "choice": decision_text(hint.decision, names, tr)}
    return tr("hint.why.tg.how", **params) + "\n\n" + tr(f"hint.why.tg.{hint.reason}", **params)


def hint_params(hint: Hint[TrickPlay], tr: Tr) -> dict[str, object]:
    params: dict[str, object] = dict(hint.params)
    if "name" in params:
        params["name"] = tr(f"tg.tile.{str(params['name']).lower().replace(' ', '_')}")
    for pips in ("tiles", "other"):
        if pips in params:
            params[pips] = pips_named(str(params[pips]), tr)
    for number in ("points", "edge"):
        if number in params:
            params[number] = decimal_text(str(params[number]), tr)
    return params


def group_text(group: Group, tr: Tr) -> str:
    """A group as it reads inside a sentence: "Heaven pair", "Nines pair", "Supreme",
    "Heaven–Nines group"; ``capital`` starts a sentence with it. A single or a pair is one
    phrase per tile (``tg.tile.heaven.single``), so its article and adjective agree with the
    tile's name in every language ("la Terre seule", "l’Oca singola")."""
    first = group.tiles[0]
    if group.kind is GroupKind.SINGLE:
        return tr(f"{tile_key(first)}.single")
    if group.kind in (GroupKind.CIVIL_PAIR, GroupKind.MILITARY_PAIR):
        return tr(f"{tile_key(first)}.pair")
    if group.kind is GroupKind.SUPREME:
        return tr("tg.group.supreme")
    civil, military = group.shape
    family = next(tiles for head, tiles in FAMILIES if head is first)
    return tr(
        "tg.group.mixed",
        civil_tile=tile_text(first, tr),
        military_tile=tile_text(family[0], tr),
        civil=civil,
        military=military,
    )


def trick_line(story: TrickStory, names: Names, tr: Tr) -> str:
    """Who took the trick, and why: "Right takes the trick: Heaven–Nines group beats Earth–Eights group".
    The why follows a colon inside the sentence, so it starts in lower case where the language
    writes it so ("la Terre seule bat…")."""
    won = group_text(story.winning, tr)
    if story.beaten is not None and story.beaten_seat is not None:
        why = tr("tg.why.beats", winning=won, beaten=group_text(story.beaten, tr))
    elif story.rule == "tiengow.8":
        why = tr("tg.why.supreme")
    else:
        why = tr("tg.why.holds", winning=won)
    return names.says("tg.trick_won", story.winner, count=story.columns, why=why)


def play_text(play: SeenPlay, tr: Tr) -> str:
    if play.tiles is None:
        return tr("tg.log.face_down", count=play.count)
    return tr("tg.down", tiles=tiles_text(play.tiles, tr)) if play.face_down else tiles_text(play.tiles, tr)


def trick_plays(trick: SeenTrick | tuple[SeenPlay, ...], names: Names, tr: Tr) -> str:
    plays = trick.plays if isinstance(trick, SeenTrick) else trick
    return "; ".join(tr("tg.log.play", who=names.label(p.seat), play=play_text(p, tr)) for p in plays)


def immediate_line(trick: SeenTrick, names: Names, tr: Tr) -> str:
    """What a trick paid at once, and why (rule 11)."""
    return names.says(
        f"tg.immediate.{trick.bonus}", trick.winner, amount=trick.immediate[trick.winner - 1], count=trick.columns
    )


def tiengow_log_lines(match: TienGowMatch, names: Names, tr: Tr) -> list[str]:
    """Every deal so far as the viewer may see it: face-down tiles hidden until the deal ends."""
    lines: list[str] = []
    game = match.game
    for state in match.round_states():
        view = game.view(state, names.viewer, match.seats)
        banker = names.name(view.banker)
        lines.append(f"<b>{escape(tr('tg.log.deal', deal=state.start.number, banker=banker))}</b>")
        for number, trick in enumerate(view.tricks, start=1):
            lines.append(escape(tr("tg.log.trick", number=number, plays=trick_plays(trick, names, tr))))
            lines.append(escape(trick_line(trick_story(trick), names, tr)))
            if trick.bonus is not None:
                lines.append(escape(immediate_line(trick, names, tr)))
        if view.current:
            lines.append(escape(tr("tg.log.current", plays=trick_plays(view.current, names, tr))))
        if view.result is not None:
            totals = ", ".join(f"{names.label(seat)} {amount:+d}" for seat, amount in enumerate(view.result.total, 1))
            winner = names.says("tg.log.result", view.result.last_winner, totals=totals)
            lines.append(f"<i>{escape(winner)}</i>")
    return lines


def settlement_text(line: Settlement, names: Names, tr: Tr) -> str:
    """One settlement line: who pays whom, how much, each multiplier named, and why."""
    if names.is_you(line.payee):
        text = tr("tg.pay.to_you", who=names.subject(line.payer), amount=line.amount)
    else:
        text = names.says("tg.pay", line.payer, payee=names.to(line.payee), amount=line.amount)
    if line.multipliers:
        text += " = " + " × ".join([str(line.base)] + [f"2 ({tr('tg.mult.' + code)})" for code in line.multipliers])
    why = tr("tg.settle.columns", name=names.label(line.seat), count=line.columns)
    if line.captured:
        why += "; " + tr("tg.settle.captured")
    return f"{text} ({why})"


def own_hint(hint: Hint) -> Hint[TrickPlay]:
    """``hint`` (as the table holds any game's) as this game's own: its decision checked."""
    decision = hint.decision
    assert isinstance(decision, TrickPlay), "a hint is of the game it was asked of"
    return Hint(decision, hint.reason, hint.params, hint.text, hint.detail)
