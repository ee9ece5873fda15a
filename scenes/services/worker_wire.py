"""The thinking worker's channel: msgspec structs in MessagePack, never pickle. A question
carries its seat's view as the hosted-table protocol does (``GameSpec.view_to_wire``: the one
definition of a view on the wire) and its decisions as the record writes them; an answer
is a decision, the engine's own ``Hint`` or ``Evaluation`` (their decisions as the record
writes them), or a refusal. What is read is decoded against these types only: data, not code.

Frames are those of ``multiprocessing.connection``: a 4-byte big-endian length, then the
bytes; ``Receiver`` reads them from a non-blocking socket into a buffer of bounded size,
so garbage, a huge length or a half-written message never blocks or crashes the table.
"""

from __future__ import annotations

import dataclasses
import os
import struct
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import msgspec

from game.core.advice import Estimate, Evaluation, Hint
from game.core.errors import IllegalMove, RecordError
from game.core.player import Player
from game.core.spec import DecisionJson, GameSpec
from game.core.thinking import Question, Verb
from game.registry import GameView, game_named

if TYPE_CHECKING:  # multiprocessing loads only when the worker starts, after the first frame
    from multiprocessing.connection import Connection

LIMIT = 16 << 20  # bytes of one message at most
HEADER = struct.Struct("!i")


class ChannelBroken(Exception):
    """What came over the channel is not a message of ours: the worker must be replaced."""


class _Message(msgspec.Struct, tag_field="m", frozen=True, forbid_unknown_fields=True):
    """A message of the channel: ``number`` names the question it is or answers."""

    number: int


class Asked(_Message, tag="question", frozen=True):
    """``Question``, its view and decisions as they go on the wire."""

    verb: Verb
    view: GameView
    level: str
    seed: tuple[str | int, ...]
    player: str  # ``str(Player)``: ``Player.parse`` reads it
    include: tuple[DecisionJson, ...]


class Decided(_Message, tag="decision", frozen=True):
    game: str
    decision: DecisionJson


class Hinted(_Message, tag="hint", frozen=True):
    game: str
    hint: Hint[DecisionJson]


class Evaluated(_Message, tag="evaluation", frozen=True):
    game: str
    evaluation: Evaluation[DecisionJson] | None


class Refused(_Message, tag="refused", frozen=True):
    """The question raised ``IllegalMove``: it comes back as itself."""

    code: str
    text: str
    params: dict[str, str | int | float | bool | None]


class Failed(_Message, tag="failed", frozen=True):
    """The question raised something else: a ``RuntimeError`` naming it."""

    text: str


_decoder = msgspec.msgpack.Decoder(Asked | Decided | Hinted | Evaluated | Refused | Failed)
_encoder = msgspec.msgpack.Encoder()


def encode_question(number: int, question: Question) -> bytes:
    """Question ``number`` as the bytes of one message."""
    view, game = question.view, game_named(question.view.game)
    include = tuple(game.decision_to_json(view.seat, d) for d in question.include)
    seed = tuple(part if isinstance(part, (str, int)) else str(part) for part in question.seed)
    return _encoder.encode(
        Asked(number, question.verb, game.view_to_wire(view), question.level, seed, str(question.player), include)
    )


def encode_reply(number: int, question: Question, answered: bool, value: object) -> bytes:
    """The reply to question ``number``: its answer (``answered``) or the exception it raised."""
    game, seat = question.view.game, question.view.seat
    spec = game_named(game)

    def written(decision: object) -> DecisionJson:
        return spec.decision_to_json(seat, decision)

    message: _Message
    if not answered:
        if isinstance(value, IllegalMove):
            message = Refused(number, value.code, str(value), dict(value.params))  # type: ignore[arg-type]
        else:
            message = Failed(number, f"{type(value).__name__}: {value}")
    elif question.verb == "decide":
        message = Decided(number, game, written(value))
    elif question.verb == "hint":
        assert isinstance(value, Hint), "a hint question's answer is a Hint"
        message = Hinted(number, game, _hint(value, written))
    else:
        assert value is None or isinstance(value, Evaluation), "an evaluation or nothing"
        evaluation = None
        if value is not None:
            estimates = tuple(dataclasses.replace(e, decision=written(e.decision)) for e in value.estimates)
            hint = None if value.hint is None else _hint(value.hint, written)
            evaluation = dataclasses.replace(value, best=written(value.best), estimates=estimates, hint=hint)
        message = Evaluated(number, game, evaluation)
    return _encoder.encode(message)


def _hint(hint: Hint[object], written: Callable[[object], DecisionJson]) -> Hint[DecisionJson]:
    return Hint(written(hint.decision), hint.reason, hint.params, hint.text, hint.detail)


def decode(data: bytes) -> tuple[int, Question] | tuple[int, bool, object]:
    """A question ``(number, Question)`` or a reply ``(number, answered, answer or exception)``;
    raises ChannelBroken for anything that is not one."""
    try:
        message = _decoder.decode(data)
        return _taken(message)
    except (
        msgspec.DecodeError,
        msgspec.ValidationError,
        ValueError,
        RecordError,
        IllegalMove,
        RecursionError,
    ) as error:
        raise ChannelBroken(f"not a message: {type(error).__name__}") from None


def _taken(message: _Message) -> tuple[int, Question] | tuple[int, bool, object]:
    number = message.number
    if isinstance(message, Asked):
        spec = game_named(str(message.view.__struct_config__.tag))
        view = spec.view_from_wire(message.view)
        include = tuple(_decision(spec, d) for d in message.include)
        return number, Question(message.verb, view, message.level, message.seed, Player.parse(message.player), include)
    if isinstance(message, Refused):
        error = IllegalMove(message.code, message.text)
        error.params = dict(message.params)
        return number, False, error
    if isinstance(message, Failed):
        return number, False, RuntimeError(message.text)
    if isinstance(message, Decided):
        return number, True, _decision(game_named(message.game), message.decision)
    if isinstance(message, Hinted):
        return number, True, _hint_of(game_named(message.game), message.hint)
    assert isinstance(message, Evaluated)
    found = message.evaluation
    if found is None:
        return number, True, None
    spec = game_named(message.game)
    estimates = tuple(Estimate(_decision(spec, e.decision), e.value, e.error) for e in found.estimates)
    hint = None if found.hint is None else _hint_of(spec, found.hint)
    evaluation: Evaluation[object] = Evaluation(
        _decision(spec, found.best), estimates, found.unit, found.clearly_worse, hint
    )
    return number, True, evaluation


def _decision(spec: GameSpec, obj: DecisionJson) -> object:
    return spec.decision_from_json(obj)[1]


def _hint_of(spec: GameSpec, hint: Hint[DecisionJson]) -> Hint[object]:
    return Hint(_decision(spec, hint.decision), hint.reason, hint.params, hint.text, hint.detail)


class Receiver:
    """Whole messages read from a connection without ever waiting: what has come is kept in
    a buffer (at most one message of ``LIMIT`` bytes), and a message is taken once whole."""

    def __init__(self, connection: Connection[object, object]) -> None:
        self._connection = connection
        self._buffer = bytearray()
        self._raw = os.name == "posix"  # elsewhere: the connection's own poll and recv_bytes
        if self._raw:
            os.set_blocking(connection.fileno(), False)

    def messages(self) -> list[object]:
        """The messages that have come whole; raises EOFError when the other end closed, and
        ChannelBroken when what came is not messages of ours."""
        if not self._raw:
            found: list[object] = []
            while self._connection.poll():
                try:
                    found.append(decode(self._connection.recv_bytes(LIMIT)))
                except OSError as error:
                    raise ChannelBroken(str(error)) from None
            return found
        self._read()
        return list(self._take())

    def _read(self) -> None:
        while len(self._buffer) < HEADER.size + LIMIT:
            try:
                chunk = os.read(self._connection.fileno(), 1 << 16)
            except (BlockingIOError, InterruptedError):
                return
            if not chunk:
                if self._buffer:
                    raise ChannelBroken("the worker stopped in the middle of a message")
                raise EOFError
            self._buffer += chunk

    def _take(self) -> Iterator[object]:
        while len(self._buffer) >= HEADER.size:
            length: int = HEADER.unpack_from(self._buffer)[0]  # Any: struct's fields (one: the length)
            if not 0 <= length <= LIMIT:
                raise ChannelBroken(f"a message of {length} bytes")
            if len(self._buffer) < HEADER.size + length:
                return
            data = bytes(self._buffer[HEADER.size : HEADER.size + length])
            del self._buffer[: HEADER.size + length]
            yield decode(data)
