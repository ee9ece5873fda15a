"""Issue 19: every event shows and sounds: a knock on a pass, a click on a play, chips for
a payment, a banner that becomes the summary's title, a shuffle for the next round; the
volume, mute and reduced-motion settings are honoured."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from client_helpers import advance, frames, make_table

from game.blocks.moves import Pass, Play
from game.core.match import Match
from game.core.phases import Phase
from scenes.screens.summary import SummaryScene
from scenes.services.settings import Settings
from scenes.services.sound import WAVES, Sounds
from scenes.ui.effects import Knock, Payment

SEATS = ("human", "greedy", "greedy", "greedy")


def listen(app) -> list[str]:
    """The names of the sounds ``app`` plays from now on."""
    heard: list[str] = []
    app.sounds.play = heard.append
    return heard


def person_may(kind) -> Callable[[Match], bool]:
    """The person is to act and may take a decision of ``kind``."""

    def wanted(match: Match) -> bool:
        return (
            not match.round.is_over
            and match.to_act == 1
            and match.phase is Phase.PLAYING
            and any(isinstance(d, kind) for d in match.legal_moves())
        )

    return wanted


def summary_of(match: Match, **settings) -> tuple[object, SummaryScene]:
    app, table, _ = make_table(match.name, match=match, **settings)
    summary = app.show("summary", table=table)
    frames(app, 2)
    return app, summary


def test_a_pass_knocks_on_the_table_with_its_sound():
    match = advance(Match("chiva", SEATS, 2), person_may(Pass))
    app, table, _ = make_table(match=match)
    heard = listen(app)
    assert table.commit(Pass())
    assert heard == ["knock"]
    assert any(isinstance(effect, Knock) for effect in table.effects.running)


def test_a_play_clicks():
    match = advance(Match("chiva", SEATS, 2), person_may(Play))
    app, table, _ = make_table(match=match)
    heard = listen(app)
    assert table.commit(next(d for d in match.legal_moves() if isinstance(d, Play)))
    assert heard == ["click"]


def test_at_the_instant_speed_the_knock_is_heard_but_not_drawn():
    match = advance(Match("chiva", SEATS, 2), person_may(Pass))
    app, table, _ = make_table(match=match, speed="instant")
    heard = listen(app)
    table.commit(Pass())
    assert heard == ["knock"] and not table.effects.running


def test_tien_gow_a_face_down_play_sounds_as_a_pass():
    def may_go_face_down(match: Match) -> bool:
        return match.to_act == 1 and not match.round.is_over and any(d.face_down for d in match.legal_moves())

    match = advance(Match("tiengow", SEATS, 3), may_go_face_down)
    app, table, _ = make_table("tiengow", match=match)
    heard = listen(app)
    assert table.commit(next(d for d in match.legal_moves() if d.face_down))
    assert heard[0] == "pass"


def test_tien_gow_chips_fly_for_a_payment_with_their_clink():
    app, table, _ = make_table("tiengow", match=Match("tiengow", SEATS, 3))
    heard = listen(app)
    table.fly_payments([(2, 1, 4), (3, 1, 2)])
    assert heard == ["chip"]
    assert [effect.label for effect in table.effects.running if isinstance(effect, Payment)] == ["+4", "+2"]


def broken_streak(match: Match) -> bool:
    result = match.round.result
    return (
        match.round.is_over
        and result.winner is not None
        and result.score_after == (0, 0)
        and match.start.score != (0, 0)
    )


def test_a_broken_streak_gets_a_banner_that_stays_as_the_summary_title():
    app, summary = summary_of(advance(Match("chiva", SEATS, 2), broken_streak))
    assert summary.ribbon is not None and summary.ribbon[0] == app.tr("banner.streak_broken")
    panel = summary.panel_rect()
    assert summary.content_top(panel) > panel.y + summary.ribbon_image(panel).get_height()
    frames(app, 400)
    assert summary.ribbon is not None, "the banner does not fade away: it is the summary's title"


def test_a_dekabes_gets_its_banner():
    def dekabes(match: Match) -> bool:
        return match.round.is_over and match.round.result.dekabes

    app, summary = summary_of(advance(Match("dekabes", SEATS, 4), dekabes))
    assert summary.ribbon[0] == app.tr("banner.dekabes")


@pytest.mark.parametrize("game", ["chiva", "dekabes"])
def test_the_end_of_a_match_gets_a_banner_won_or_lost(game):
    match = advance(Match(game, SEATS, 6), lambda m: m.round.is_over and m.phase is Phase.MATCH_OVER, 200_000)
    app, summary = summary_of(match)
    won = match.winner == "A"
    assert summary.ribbon[0] == app.tr("banner.match_won" if won else "banner.match_lost")


def test_every_tien_gow_deal_ends_with_the_last_trick_banner_and_no_second_title():
    match = advance(Match("tiengow", SEATS, 3), lambda m: m.round.is_over)
    app, summary = summary_of(match)
    assert summary.ribbon[0] == app.tr("banner.last_trick")


def test_the_banner_and_the_round_sounds_are_heard_when_the_summary_opens():
    match = advance(Match("chiva", SEATS, 2), broken_streak)
    app, table, _ = make_table(match=match)
    heard = listen(app)
    app.show("summary", table=table)
    frames(app, 2)
    assert "banner" in heard
    if match.round.result.winner == "A":
        assert "round_won" in heard


def test_the_next_round_is_dealt_with_a_shuffle():
    app, summary = summary_of(advance(Match("chiva", SEATS, 2), lambda m: m.round.is_over))
    heard = listen(app)
    summary.choose("next_round")
    assert heard == ["shuffle"]


class FakeSound:
    def __init__(self) -> None:
        self.volumes: list[float] = []

    def set_volume(self, volume: float) -> None:
        self.volumes.append(volume)

    def play(self) -> None:
        self.volumes.append(-1.0)  # marks a play


@pytest.mark.parametrize(
    ("sound", "volume", "expected"), [(True, 0.5, [0.5, -1.0]), (False, 0.7, []), (True, 3.0, [1.0, -1.0])]
)
def test_sounds_honour_mute_and_the_volume(sound, volume, expected):
    sounds = Sounds(Settings(sound=sound, volume=volume))
    fake = FakeSound()
    sounds._sounds = {"click": fake}
    sounds.play("click")
    sounds.play("no such sound")
    assert fake.volumes == expected


def test_each_sound_is_made_in_spare_time_or_when_first_played():
    sounds = Sounds(Settings())
    assert sounds.available
    sounds.play("chip")
    assert set(sounds._sounds) == {"chip"}
    steps = 0
    while sounds.make_one():
        steps += 1
    assert set(sounds._sounds) == set(WAVES), "spare time makes every other sound"
    assert steps > len(WAVES), "a step at a time (a tone, a band of noise), not a whole sound a piece"
