"""The frames of a whole hosted match of each game are byte for byte those protocol 3 sent
before its payloads were defined once (issue 41): the scripted matches of ``frame_capture``
(every frame each device receives and sends, the server's way, without sockets or chance)
hash to the digests taken on the tree before that change."""

from __future__ import annotations

import pytest
from frame_capture import MATCHES, digest, scripted_match

BEFORE = {
    "chiva": "9a81d257374d2b997caccf02fdc1efa6b7322ca84dda2f654f808e8fd0e11abc",
    "dekabes": "2a34ab9ef382924faea3f8f9fc6a1928ca765166b9a8d295da6c88e2c79e7de8",
    "tiengow": "e09161f35e496426bef00f40870a898571823c3ad022500f3b43116d53ba0f1b",
}
"""``digest(scripted_match(game))`` on main's f3381fd, before issue 41."""


@pytest.mark.parametrize("game", sorted(MATCHES))
def test_issue41_every_frame_of_a_whole_hosted_match_is_byte_for_byte_as_before(game):
    assert digest(scripted_match(game)) == BEFORE[game]
