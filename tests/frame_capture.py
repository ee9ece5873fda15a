"""Every frame of a whole hosted match, made the server's way but without sockets or chance,
so two versions of the code can be compared byte for byte (issue 41).

``scripted_match`` drives a ``HostedTable`` as ``online.server`` does (the same messages
applied, the same frames published to every device), with a host device and three people
who take their first legal decision, and the computer on the fourth seat. On the way it
says and does each kind of thing once: a host's ``set_seat`` and ``hand_over``, a stale
decision and a malformed one (``refused``), an undo asked and agreed, a restart declined, a
withdrawn question, a pause, a quick message, a rename and a ``ping``. Tokens are fixed
strings in place of the server's random ones. The result lists every frame, in the order
the server would send it: ``("to", seat, text)`` received by the device of ``seat`` (0: the
host's device without a seat) and ``("from", seat, text)`` sent by it."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field

from game.registry import game_named
from online.protocol import (
    PROTOCOL,
    Answer,
    Ask,
    Decide,
    FromDevice,
    HandOver,
    Hello,
    Message,
    Pause,
    Ping,
    Pong,
    Ready,
    Refused,
    Rename,
    Say,
    SetSeat,
    Welcome,
    Withdraw,
    device_decoder,
    encode,
)
from online.server import seat_request
from online.table import Change, HostedTable, Refusal, Seating

CODE = "7HK4PX"
KEY = "host-key-" + "k" * 23
PEOPLE = (1, 2, 4)
MATCHES = {"chiva": (9, None), "dekabes": (14, 1), "tiengow": (11, 2)}
"""The game, its deal seed and its number of deals (None: the game's own)."""

Frame = tuple[str, int, str]


@dataclass
class _Devices:
    table: HostedTable
    frames: list[Frame] = field(default_factory=list)
    seats: list[int] = field(default_factory=lambda: [0])

    def to(self, seat: int, message: Message) -> None:
        self.frames.append(("to", seat, encode(message).decode()))

    def publish(self, change: Change) -> None:
        """What ``TableServer._publish`` sends every device."""
        table = self.table
        over = table.finished_rounds() if change.finished else []
        chairs = table.chair_info()
        for seat in self.seats:
            if change.state:
                self.to(seat, table.state_for(seat or None, change.events, chairs))
            for notice in change.notices:
                self.to(seat, notice)
            for index in change.finished:
                self.to(seat, over[index])

    def send(self, seat: int, message: Message) -> None:
        """``message`` from the device of ``seat``, through the decoder, as the server applies it."""
        text = encode(message).decode()
        self.frames.append(("from", seat, text))
        self.apply(seat, device_decoder.decode(text))

    def apply(self, seat: int, message: FromDevice) -> None:
        table = self.table
        if isinstance(message, Ping):
            self.to(seat, Pong(message.nonce))
            return
        try:
            change = _change(table, seat, message)
        except Refusal as refusal:
            self.to(seat, Refused(refusal.code, refusal.params, str(refusal)))
            return
        self.publish(change)


def _change(table: HostedTable, seat: int, message: FromDevice) -> Change:
    if isinstance(message, SetSeat):
        return table.set_seat(message.seat, message.player)
    if isinstance(message, HandOver):
        return table.hand_over(message.seat, message.computer, message.stand_in)
    return seat_request(table, seat, message)  # the server's own answer to a seated device


def scripted_match(game: str) -> list[Frame]:
    """Every frame of a whole hosted match of ``game`` (see the module)."""
    seed, deals = MATCHES[game]
    table = HostedTable(game, [Seating() for _ in range(4)], seed, deals, code=CODE, key=KEY)
    devices = _Devices(table)
    devices.frames.append(("from", 0, encode(Hello(PROTOCOL, CODE, name="", host_key=KEY)).decode()))
    devices.to(0, Welcome(PROTOCOL, CODE, game, None, None, True, table.chair_info()))
    devices.send(0, SetSeat(3, "computer", "greedy"))
    for seat in PEOPLE:
        devices.frames.append(("from", seat, encode(Hello(PROTOCOL, CODE, seat=seat, name=f"P{seat}")).decode()))
        number, _ = table.join(CODE, None, seat, f"P{seat}", "en")
        table.chair(number).token = f"token-{number}"
        devices.seats.append(number)
        devices.to(number, Welcome(PROTOCOL, CODE, game, number, f"token-{number}", False, table.chair_info()))
        devices.publish(table.connect(number))
    spec = game_named(game, deals)
    done: set[str] = set()
    for _ in range(5000):
        if table.is_over:
            break
        match = table.match
        assert match is not None
        turn = table.computer_turn()
        if turn is not None:
            position, question = turn
            change = table.computer_decided(position, question.answer())
            assert change is not None
            devices.publish(change)
            continue
        if match.round.is_over:
            for seat in PEOPLE:
                if seat not in table.ready:
                    devices.send(seat, Ready())
            continue
        seat = match.to_act
        assert seat in PEOPLE, "a person's seat is to act"
        decision = spec.decision_to_json(seat, match.view_for(seat).legal[0])
        if "stale" not in done:
            done.add("stale")
            devices.send(seat, Decide(max(table.position - 1, 0), decision))
            devices.send(seat, Decide(table.position, {"seat": seat, "nothing": True}))
            devices.send(0, Ping(7))
            devices.send(2, Pause(True))
            devices.send(2, Pause(False))
            devices.send(4, Say("good_game"))
            devices.send(1, Rename("Ann"))
        devices.send(seat, Decide(table.position, decision))
        if "undo" not in done and table.match is not None and table._may_undo(seat):
            done.add("undo")
            devices.send(seat, Ask("undo"))
            for other in PEOPLE:
                if other != seat:
                    devices.send(other, Answer(True))
            devices.send(seat, Ask("restart"))
            devices.send(seat, Answer(True))  # one's own question: refused
            devices.send(next(p for p in PEOPLE if p != seat), Answer(False))
            devices.send(seat, Ask("redo"))
            devices.send(seat, Withdraw())
            devices.send(0, HandOver(seat, True, "greedy"))
            devices.send(0, HandOver(seat, False, "normal"))
    assert table.is_over, f"the {game} match did not end"
    return devices.frames


def digest(frames: list[Frame]) -> str:
    """One SHA-256 of every frame, its direction and its device, in order."""
    return hashlib.sha256("\n".join(json.dumps(frame) for frame in frames).encode()).hexdigest()
