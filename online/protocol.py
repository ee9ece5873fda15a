"""The messages of a hosted table, as msgspec structs: JSON text frames tagged by ``type``.

Every frame a device sends is decoded against ``FromDevice`` and every frame the server
sends against ``FromServer``; anything else is refused before it reaches the table. See
``docs/protocol.md`` for the flow.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

PROTOCOL = 1
MAX_FRAME = 64 * 1024  # bytes of one frame, either way

Seat = Annotated[int, msgspec.Meta(ge=1, le=4)]
Count = Annotated[int, msgspec.Meta(ge=0, le=2**53)]
Small = Annotated[int, msgspec.Meta(ge=-(2**31), le=2**31)]
Name = Annotated[str, msgspec.Meta(max_length=40)]
Secret = Annotated[str, msgspec.Meta(min_length=1, max_length=64)]
Code = Annotated[str, msgspec.Meta(min_length=1, max_length=16)]
Language = Annotated[str, msgspec.Meta(max_length=8)]
Level = Literal["easy", "normal", "hard", "greedy", "random"]
AskKind = Literal["undo", "redo", "restart", "new_match"]
QuickMessage = Literal["good_game", "well_played", "hurry_up", "thanks", "oops", "one_more"]
QUICK_MESSAGES: tuple[str, ...] = ("good_game", "well_played", "hurry_up", "thanks", "oops", "one_more")

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

    message: QuickMessage


class Ping(Message, tag="ping"):
    nonce: Count = 0


class SetSeat(Message, tag="set_seat"):
    """Host only, before the start: seat ``seat`` is open to a friend or a computer."""

    seat: Seat
    kind: Literal["open", "computer"]
    level: Level = "normal"


class Start(Message, tag="start"):
    """Host only: start the match (every open seat must be taken)."""


class HandOver(Message, tag="hand_over"):
    """Host only: a person's seat is played by the computer (``computer``) or given back."""

    seat: Seat
    computer: bool
    level: Level = "normal"


FromDevice = Hello | Decide | Ask | Answer | Withdraw | Ready | Pause | Say | Ping | SetSeat | Start | HandOver
HOST_ONLY = (SetSeat, Start, HandOver)


# --- from the server ----------------------------------------------------------------------


class Chair(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """A seat as every device sees it: open, a person (maybe reconnecting, maybe played by
    the computer meanwhile) or a computer."""

    seat: Seat
    kind: Literal["open", "person", "computer"]
    name: Name = ""
    level: str = ""
    reconnecting: bool = False
    handed_over: bool = False


class Welcome(Message, tag="welcome"):
    """The device is at the table: its seat and token (keep it to come back), the table."""

    protocol: Small
    code: Code
    game: str
    seat: Seat | None
    token: str | None
    host: bool
    chairs: list[Chair]


class Acted(Message, tag="acted"):
    """``seat`` decided; ``decision`` is None when this device may not see it (face down)."""

    seat: Seat
    decision: WireDecision | None


class Jumped(Message, tag="jumped"):
    """The table went elsewhere than by a decision: an agreement, the next round, a resume."""

    kind: Literal["undo", "redo", "restart", "new_match", "next_round", "started"]


Event = Acted | Jumped


class Asking(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    kind: AskKind
    by: Seat
    yes: list[Seat]


class State(Message, tag="state"):
    """Where the table stands, for one device: its own seat's view only."""

    position: Count
    started: bool
    chairs: list[Chair]
    view: dict[str, Any] | None
    events: list[Event]
    paused_by: list[Seat]
    asking: Asking | None
    ready: list[Seat]
    over: bool


class MatchOver(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """What the record needs besides its rounds; sent only when the match is over."""

    seed: int
    seats: list[str]
    fields: dict[str, Any]


class Finished(Message, tag="finished"):
    """Round ``index`` (0 = the first) is over: its record entry; ``over`` once the match is."""

    index: Count
    round: dict[str, Any]
    over: MatchOver | None = None


class Settled(Message, tag="settled"):
    kind: AskKind
    by: Seat
    agreed: bool


class Said(Message, tag="said"):
    seat: Seat
    message: QuickMessage


class Refused(Message, tag="refused"):
    """A frame the table did not take; nothing changed. ``code`` names the reason for the
    receiver's catalogue, ``params`` fill it in, ``text`` is the English fallback."""

    code: str
    params: dict[str, str | int] = {}
    text: str = ""


class Failure(Message, tag="failure"):
    """A frame that is not a message of this protocol; ``count`` of them so far."""

    code: str
    count: Count


class Pong(Message, tag="pong"):
    nonce: Count = 0


FromServer = Welcome | State | Finished | Settled | Said | Refused | Failure | Pong

device_decoder = msgspec.json.Decoder(FromDevice)
server_decoder = msgspec.json.Decoder(FromServer)
encoder = msgspec.json.Encoder()


def encode(message: Message) -> bytes:
    return encoder.encode(message)
