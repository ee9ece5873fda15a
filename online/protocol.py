"""The messages of a hosted table, as msgspec structs: JSON text frames tagged by ``type``.

Every frame a device sends is decoded against ``FromDevice`` and every frame the server
sends against ``FromServer``; anything else is refused before it reaches the table. See
``docs/protocol.md`` for the flow.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal, TypeAlias, TypeVar

import msgspec

from game.core.player import LevelWord, Player
from game.core.session import (
    PHRASES,
    Acted,
    Agreement,
    Asking,
    Chair,
    Jumped,
    Name,
    Phrase,
    Refused,
    Said,
    Saving,
    Seat,
    Settled,
    TableEvent,
)
from game.registry import GameView

PROTOCOL = 4
MAX_FRAME = 64 * 1024  # bytes of one frame, either way

CLOSE_NORMAL, CLOSE_POLICY, CLOSE_TOO_BIG = 1000, 1008, 1009
CLOSE_REFUSED, CLOSE_REPLACED, CLOSE_FREED = 4001, 4002, 4003
FINAL_CLOSES = frozenset({CLOSE_NORMAL, CLOSE_POLICY, CLOSE_TOO_BIG, CLOSE_REFUSED, CLOSE_REPLACED, CLOSE_FREED})
"""Closes after which a device does not try again: the match ended (or a look was answered),
the server refused the device's frames (garbage, too large, too fast) or its hello, another
device took the seat, the host gave the seat away. Any other end of a connection (a lost
network, a server that stopped, 1011 after missed pings) is a drop: the device comes back."""

Count = Annotated[int, msgspec.Meta(ge=0, le=2**53)]
Small = Annotated[int, msgspec.Meta(ge=-(2**31), le=2**31)]
Secret = Annotated[str, msgspec.Meta(min_length=1, max_length=64)]
Code = Annotated[str, msgspec.Meta(min_length=1, max_length=16)]
Language = Annotated[str, msgspec.Meta(max_length=8)]
Level = LevelWord  # a computer on the wire: ``Player.from_level`` reads it, ``Player.level_word`` writes it
AskKind = Agreement
QuickMessage = Phrase
QUICK_MESSAGES: tuple[str, ...] = PHRASES

WireValue = str | Small | bool | None | list[Annotated[str, msgspec.Meta(max_length=8)]]
WireDecision = Annotated[dict[Annotated[str, msgspec.Meta(max_length=16)], WireValue], msgspec.Meta(max_length=8)]
"""A decision as the record writes a turn (``{"seat": 2, "tile": "3-6", "end": "right"}``)."""


class Message(msgspec.Struct, tag_field="type", forbid_unknown_fields=True):
    """Every message; its ``type`` is its tag."""


# --- from a device ----------------------------------------------------------------------


class Hello(Message, tag="hello"):
    """The first frame of a connection: join the table ``code``, with a seat's token to
    come back to it, or asking for seat ``seat`` (None: any free seat)."""

    protocol: Small
    code: Code
    token: Secret | None = None
    seat: Seat | None = None
    name: Name = ""
    language: Language = "en"
    host_key: Secret | None = None


class Look(Message, tag="look"):
    """The first frame of a connection that only looks: the table ``code``'s game and chairs
    (answered with ``seats``, then closed), so a joiner can choose a free seat."""

    protocol: Small
    code: Code


class Watch(Message, tag="watch"):
    """The first frame of a connection that watches the table ``code``: it takes no seat and
    is sent the public view only (no hand, no face-down tile before the round's end); refused
    ``watchers_off`` or ``watchers_full`` as the host allows."""

    protocol: Small
    code: Code
    language: Language = "en"


class Decide(Message, tag="decide"):
    """A decision for the device's seat, taken at ``position`` (stale when the table moved on)."""

    position: Count
    decision: WireDecision


class Ask(Message, tag="ask"):
    """Ask the other people for an agreement."""

    kind: AskKind


class Answer(Message, tag="answer"):
    yes: bool


class Withdraw(Message, tag="withdraw"):
    """Take back the device's own question."""


class Ready(Message, tag="ready"):
    """Ready for the next round."""


class Pause(Message, tag="pause"):
    """The device opened (on) or closed (off) its Rules or Log panel: computers wait."""

    on: bool


class Say(Message, tag="say"):
    """One of the fixed quick messages; each receiver shows it in its own language."""

    phrase: QuickMessage


class Rename(Message, tag="rename"):
    """The name the device's seat shows to everyone from now on."""

    name: Name


HintLevel: TypeAlias = Literal["easy", "normal", "hard"]


class AskHint(Message, tag="ask_hint"):
    """Ask the server for a hint for the device's seat, worked out by the computer player at
    ``level`` from that seat's view only (a device that has the engine works it out itself)."""

    level: HintLevel = "normal"


class Ping(Message, tag="ping"):
    nonce: Count = 0


class SetSeat(Message, tag="set_seat"):
    """Host only, before the start: seat ``seat`` is open to a friend or a computer (a person
    sitting there is asked to leave)."""

    seat: Seat
    kind: Literal["open", "computer"]
    level: Level = "normal"

    @classmethod
    def of(cls, seat: int, player: Player | None) -> SetSeat:
        """Seat ``seat`` open (``player`` None) or the computer ``player``'s."""
        if player is None:
            return cls(seat, "open")
        return cls(seat, "computer", player.level_word)

    @property
    def player(self) -> Player | None:
        """Who is to sit there: nobody yet (open), or the computer its level names."""
        return Player.from_chair(self.kind, self.level)


class Start(Message, tag="start"):
    """Host only: start the match (every open seat must be taken)."""


class HandOver(Message, tag="hand_over"):
    """Host only: a person's seat is played by the computer (``computer``) or given back."""

    seat: Seat
    computer: bool
    level: Level = "normal"

    @property
    def stand_in(self) -> Player:
        """The computer that is to play the seat (the table takes only the computer player)."""
        return Player.from_level(self.level)


# Each union on one line: mypy counts a union written over several lines as Any expressions.
Opening: TypeAlias = Hello | Look | Watch  # what a connection's first frame may be
Playing: TypeAlias = Decide | Ask | Answer | Withdraw | Ready | Pause | Say | Rename | AskHint | Ping
FromDevice: TypeAlias = Opening | Playing | SetSeat | Start | HandOver
HOST_ONLY = (SetSeat, Start, HandOver)


# --- from the server ----------------------------------------------------------------------


class Welcome(Message, tag="welcome"):
    """The device is at the table: its seat and token (keep it to come back), the table."""

    protocol: Small
    code: Code
    game: str
    seat: Seat | None
    token: str | None
    host: bool
    chairs: list[Chair]


Event = Acted[WireDecision] | Jumped
"""A public event of the match as a device may see it (``game.core.session.event_on_wire``):
``acted`` (``decision`` None when this device may not see it) or ``jumped``."""


class Seats(Message, tag="seats"):
    """The answer to ``look``: the table's game, whether its match has begun, and its chairs."""

    protocol: Small
    game: str
    started: bool
    chairs: list[Chair]


class State(Message, tag="state"):
    """Where the table stands, for one device: its own seat's view only (and whether that
    seat has a decision of its own to take back, or one to restore)."""

    position: Count
    started: bool
    chairs: list[Chair]
    view: GameView | None
    events: list[Event]
    paused_by: list[Seat]
    asking: Asking | None
    ready: list[Seat]
    over: bool
    can_undo: bool = False
    can_redo: bool = False


JsonObject: TypeAlias = dict[str, Any]  # type: ignore[explicit-any]  # msgspec's any JSON value: its schema has no ``object``
"""A JSON object of the record format as it crosses (its fields are checked by the record's reader)."""


class MatchOver(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """What the record needs besides its rounds; sent only when the match is over."""

    seed: int
    seats: list[str]
    fields: JsonObject


class Finished(Message, tag="finished"):
    """Round ``index`` (0 = the first) is over: its record entry; ``over`` once the match is."""

    index: Count
    round: JsonObject
    over: MatchOver | None = None


class Failure(Message, tag="failure"):
    """A frame that is not a message of this protocol; ``count`` of them so far."""

    code: str
    count: Count


HintParams: TypeAlias = dict[Annotated[str, msgspec.Meta(max_length=32)], str | Small]


class Hinted(Message, tag="hint"):
    """The answer to ``ask_hint``: the decision the computer suggests for the seat at table
    ``position`` (shown as a preview, never played by itself), its reason as a catalogue code
    (``hint.<reason>``, Tien Gow's ``hint.tg.<reason>``) with the parameters that fill it, the
    English sentence, and the English account of the numbers behind it ("" when none)."""

    position: Count
    decision: WireDecision
    reason: str
    params: HintParams
    text: str
    detail: str = ""


class Pong(Message, tag="pong"):
    nonce: Count = 0


SAVE_PROBLEMS = ("disk_full", "read_only", "cannot_write")
"""Why a host cannot keep its table on its disk, as a ``saving`` frame says it."""


Frame = Message | TableEvent
"""Any frame: a message of this module, or an event of ``game.core.session`` sent as it is
(``settled``, ``said``, ``refused``, ``saving``: one definition for the frame and the event)."""

FromServer: TypeAlias = Welcome | Seats | State | Finished | Settled | Said | Refused | Failure | Hinted | Pong | Saving

device_decoder = msgspec.json.Decoder(FromDevice)
server_decoder = msgspec.json.Decoder(FromServer)
encoder = msgspec.json.Encoder()

FAILURES = ("binary", "malformed", "hello_expected")
"""Why a frame is not a message (``failure``'s ``code``): a binary frame (frames are text),
not JSON within the decoder's limits or not one of the messages, or a first frame that is
another message than ``hello``, ``look`` or ``watch``."""


class NotAMessage(Exception):
    """A frame that is not a message of this protocol: ``code`` among ``FAILURES``, and the
    ``type`` it claimed when it was a JSON object naming one (its fields were wrong)."""

    def __init__(self, code: str, claimed: str = "") -> None:
        super().__init__(code)
        self.code, self.claimed = code, claimed


class _Claimed(msgspec.Struct):
    type: str


_claimed_decoder = msgspec.json.Decoder(_Claimed)


M = TypeVar("M", bound=Message)


def read_frame(decoder: msgspec.json.Decoder[M], raw: str | bytes) -> M:
    """The message of the text frame ``raw``; NotAMessage when it is not one (however deep,
    large or strange the JSON: nothing else is raised)."""
    if not isinstance(raw, str):
        raise NotAMessage("binary")
    try:
        return decoder.decode(raw)
    except msgspec.ValidationError:
        try:
            claimed = _claimed_decoder.decode(raw).type
        except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
            claimed = ""
        raise NotAMessage("malformed", claimed) from None
    except (msgspec.DecodeError, RecursionError):
        raise NotAMessage("malformed") from None


def encode(message: Frame) -> bytes:
    return encoder.encode(message)


def schema() -> dict[str, object]:
    """The JSON Schema (2020-12) of every frame, generated from the definitions above:
    ``$defs.FromDevice`` is a frame a device sends, ``$defs.FromServer`` one the server sends.
    ``docs/protocol.schema.json`` is this, as ``tools/protocol_schema.py`` writes it."""
    (from_device, from_server), defs = msgspec.json.schema_components(
        (FromDevice, FromServer), ref_template="#/$defs/{name}"
    )
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"The hosted-table protocol, version {PROTOCOL}",
        "description": "A websocket text frame of docs/protocol.md: a frame a device sends or one the server sends.",
        "anyOf": [{"$ref": "#/$defs/FromDevice"}, {"$ref": "#/$defs/FromServer"}],
        "$defs": {"FromDevice": from_device, "FromServer": from_server, **defs},
    }


def schema_text() -> str:
    """``schema()`` as the checked-in file holds it."""
    return json.dumps(schema(), indent=2, ensure_ascii=False) + "\n"
