"""The frames of a whole hosted match of each game are byte for byte those protocol 3 sent
before its payloads were defined once (issue 41): the scripted matches of ``frame_capture``
(every frame each device receives and sends, the server's way, without sockets or chance)
hash to the digests taken on the tree before that change. Protocol 4 (issue 42: watchers, the
web seat's hints) added messages and changed no frame but for the version number each
``hello`` and ``welcome`` carries: with that number written back as 3, the digests are those."""

from __future__ import annotations

import pytest
from frame_capture import MATCHES, Frame, digest, scripted_match

from online.protocol import PROTOCOL

BEFORE = {
    "chiva": "4b4a3d632868064fc681642ff82e132f2c906a7ff4551a2361f30f3e2aba0535",
    "dekabes": "eea3d83849560341980f192d0c6819e83fdf197914c31ae033d35b4144ff03d7",
    "tiengow": "8474e36b496110bf3c7e8cb5f690ca1175ca8ef5fa1684d9a720bcf3d432ebee",
}
"""``digest(scripted_match(game))`` on the tree just before issue 41's payloads were defined
once (issue 40's work, whose computer levels and stand-ins changed some frames from f3381fd's),
the same with and without that change."""


def _as_version_3(frames: list[Frame]) -> list[Frame]:
    """The frames with protocol 4's version number written as protocol 3's."""
    number = f'"protocol":{PROTOCOL}'
    return [(way, seat, text.replace(number, '"protocol":3')) for way, seat, text in frames]


@pytest.mark.parametrize("game", sorted(MATCHES))
def test_issue41_every_frame_of_a_whole_hosted_match_is_byte_for_byte_as_before(game):
    frames = scripted_match(game)
    assert PROTOCOL == 4
    assert sum(f'"protocol":{PROTOCOL}' in text for _, _, text in frames) >= 4  # every hello and welcome
    assert digest(_as_version_3(frames)) == BEFORE[game]
