"""docs/protocol.schema.json is generated from the protocol's definitions and is current,
and the schema itself (read by ``jsonschema``, as another client would) takes every frame of
a whole hosted match of each game, and refuses what the decoder refuses (issue 41)."""

from __future__ import annotations

import json
import pathlib

import jsonschema
import msgspec
import pytest
from frame_capture import MATCHES, scripted_match
from online_helpers import WHOLE_MATCH, server

from game.core.spec import view_from_json
from game.registry import game_named
from online.protocol import PROTOCOL, device_decoder, encode, schema, schema_text, server_decoder

ROOT = pathlib.Path(__file__).resolve().parent.parent
SCHEMA = ROOT / "docs" / "protocol.schema.json"


def _validator(side: str) -> jsonschema.Draft202012Validator:
    checked = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(checked)
    return jsonschema.Draft202012Validator({**checked, "anyOf": [{"$ref": f"#/$defs/{side}"}]})


FROM_DEVICE, FROM_SERVER = _validator("FromDevice"), _validator("FromServer")


def _problems(validator: jsonschema.Draft202012Validator, text: str) -> list[str]:
    return [error.message[:200] for error in validator.iter_errors(json.loads(text))]


def test_issue41_the_checked_in_schema_is_the_one_the_definitions_give():
    assert SCHEMA.read_text(encoding="utf-8") == schema_text(), "run: python tools/protocol_schema.py"
    assert schema()["title"] == f"The hosted-table protocol, version {PROTOCOL}"


@pytest.mark.parametrize("game", sorted(MATCHES))
def test_issue41_the_schema_takes_every_frame_of_a_whole_hosted_match(game):
    frames = scripted_match(game)
    for direction, seat, text in frames:
        validator = FROM_DEVICE if direction == "from" else FROM_SERVER
        assert not _problems(validator, text), (direction, seat, text[:300])
    types = {json.loads(text)["type"] for _, _, text in frames}
    assert {"hello", "decide", "ask", "answer", "withdraw", "ready", "pause", "say", "rename", "ping"} <= types
    assert {"set_seat", "hand_over", "welcome", "state", "finished", "settled", "said", "refused", "pong"} <= types


@pytest.mark.parametrize(
    "frame",
    [
        {"type": "hello", "protocol": 3, "code": "7HK4PX", "colour": "red"},  # an unknown field
        {"type": "hello", "code": "7HK4PX"},  # a missing one
        {"type": "hello", "protocol": 3, "code": "7HK4PX", "seat": 5},  # out of range
        {"type": "ask", "kind": "cheat"},
        {"type": "say", "phrase": "you lose"},
        {"type": "pause", "on": "yes"},
        {"type": "decide", "position": -1, "decision": {"seat": 1, "pass": True}},
        {"type": "teleport"},
        [1, 2],
    ],
)
def test_issue41_the_schema_refuses_what_the_decoder_refuses(frame):
    text = json.dumps(frame)
    with pytest.raises(msgspec.ValidationError):
        device_decoder.decode(text)
    assert _problems(FROM_DEVICE, text)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "seed", "deals"), [("chiva", 3, None), ("dekabes", 14, 1), ("tiengow", 11, 1)])
def test_issue41_on_loopback_every_frame_of_a_whole_match_fits_the_schema_and_reads_back_byte_for_byte(
    game, seed, deals
):
    """A device on loopback (raw websocket frames, kept as they crossed) plays a whole match
    against three greedy computers on the server."""
    from websockets.sync.client import connect

    spec = game_named(game, deals)
    extra = ["--deals", str(deals)] if deals else []
    sent: list[str] = []
    received: list[str] = []
    with (
        server("--game", game, "--seed", str(seed), "--seats", "remote,greedy,greedy,greedy", *extra) as table,
        connect(table.url, open_timeout=30) as ws,
    ):

        def send(obj: object) -> None:
            text = encode(device_decoder.decode(json.dumps(obj))).decode()
            sent.append(text)
            ws.send(text)

        send({"type": "hello", "protocol": PROTOCOL, "code": table.code, "seat": 1, "name": "Ann"})
        over = False
        while not over:
            text = ws.recv(WHOLE_MATCH)
            received.append(text)
            message = json.loads(text)
            if message["type"] == "finished":
                over = message.get("over") is not None
            view = message.get("view") if message["type"] == "state" else None
            if view is None or message["over"]:
                continue
            if view["phase"] == "round_over" and 1 not in message["ready"]:
                send({"type": "ready"})
            elif view["to_act"] == 1 and view["legal"]:
                decision = view_from_json(spec, view).legal[0]
                send(
                    {
                        "type": "decide",
                        "position": message["position"],
                        "decision": spec.decision_to_json(1, decision),
                    }
                )
    assert over and len(received) > 20
    for text in sent:
        assert not _problems(FROM_DEVICE, text), text[:300]
    for text in received:
        assert not _problems(FROM_SERVER, text), text[:300]
        assert encode(server_decoder.decode(text)).decode() == text, "read back and written again, byte for byte"
