"""A headless device that plays one seat with the computer player, from its own view only.

``python -m online.bot --url ws://HOST:PORT --code CODE [--seat N] [--level LEVEL]``
(and ``--name``, ``--think S``, ``--out FILE``: the record it assembled from the finished
rounds). It answers every question yes and says ready after each round. Exit 0 when the
match ends; 1 when the table refuses it (one line on standard error); 2 on bad arguments.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import NoReturn

from game.core.errors import capped
from game.core.phases import Phase
from game.core.player import GREEDY, LEVEL_WORDS, Player
from game.core.record import FORMAT, dumps
from game.core.session import Jumped, Refused
from game.core.spec import GameSpec, Record, SeatView
from game.core.tiles import derived_rng
from game.registry import game_named
from online.client import Connection
from online.protocol import Answer, Decide, Finished, JsonObject, Ready, State, Welcome


def choose(spec: GameSpec, view: SeatView, player: Player, position: int) -> object:
    """The decision of the computer ``player`` for the seat of ``view``."""
    rng = derived_rng("bot", view.seat, view.round_number, position)
    return player.decider(spec)(view, rng)


class Bot:
    """The play of one seat: decide when it is its turn, agree, say ready, keep the rounds."""

    def __init__(
        self,
        connection: Connection,
        player: Player = GREEDY,
        think: float = 0.0,
        on_sent: Callable[[int], None] | None = None,
        on_state: Callable[[State], None] | None = None,
        jitter: bool = False,
    ) -> None:
        self.connection = connection
        self.player, self.think = player, think
        self.jitter = random.Random() if jitter else None  # think times spread over 0.5-1.5 x think
        self.on_sent, self.on_state = on_sent, on_state
        self.spec: GameSpec | None = None
        self.game = ""
        self.rounds: dict[int, JsonObject] = {}
        self.record: Record | None = None
        self.refused: Refused | None = None
        self.frames: list[object] = []  # every message received, for the tests that look at them
        self.keep_frames = False
        self._decided_at = -1
        self._ready_at = -1

    async def run(self) -> int:
        """Play until the match ends (0) or the table refuses this device (1)."""
        welcomed = False
        async for message in self.connection.messages():
            if self.keep_frames:
                self.frames.append(message)
            if isinstance(message, Welcome):
                welcomed = True
                self._decided_at = self._ready_at = -1  # what was sent before a drop may be lost
                self.game = message.game
                self.spec = game_named(message.game)
            elif isinstance(message, Refused) and not welcomed:
                self.refused = message
            elif isinstance(message, Finished):
                self.rounds[message.index] = message.round
                if message.over is not None:
                    rounds = [self.rounds[i] for i in sorted(self.rounds)]
                    self.record = {
                        "format": FORMAT,
                        "game": self.game,
                        "seed": message.over.seed,
                        "seats": message.over.seats,
                        "rounds": rounds,
                        **message.over.fields,
                    }
                    await self.connection.close()
                    return 0
            elif isinstance(message, State):
                if Jumped("new_match") in message.events:
                    self.rounds.clear()
                if self.on_state is not None:
                    self.on_state(message)
                await self._act(message)
        return 1

    async def _act(self, state: State) -> None:
        seat, spec = self.connection.seat, self.spec
        if seat is None or spec is None or state.view is None or state.over:
            return
        asking = state.asking
        if asking is not None:
            if asking.by != seat and seat not in asking.agreed:
                await self.connection.send(Answer(True))
            return
        view = spec.view_from_wire(state.view)
        if view.phase is Phase.ROUND_OVER:
            if seat not in state.ready and self._ready_at != state.position:
                self._ready_at = state.position
                await self.connection.send(Ready())
            return
        if view.to_act != seat or not view.legal or self._decided_at == state.position:
            return
        if any(c.seat == seat and c.handed_over for c in state.chairs):
            return
        self._decided_at = state.position
        if self.think:
            await asyncio.sleep(self.think * (self.jitter.uniform(0.5, 1.5) if self.jitter else 1.0))
        if self.player.is_quick:
            decision = choose(spec, view, self.player, state.position)
        else:
            decision = await asyncio.to_thread(choose, spec, view, self.player, state.position)
        if self.on_sent is not None:
            self.on_sent(state.position)
        await self.connection.send(Decide(state.position, spec.decision_to_json(seat, decision)))


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        print(capped(f"online.bot: {message}"), file=sys.stderr)
        sys.exit(2)


class Options(argparse.Namespace):
    """The command line read, typed: argparse fills the fields by their names."""

    url: str
    code: str
    seat: int | None
    level: str
    name: str
    think: float
    out: str | None
    patience: float


def main(argv: Sequence[str] | None = None) -> int:
    parser = _Parser(prog="python -m online.bot", description=__doc__)
    parser.add_argument("--url", required=True)
    parser.add_argument("--code", required=True)
    parser.add_argument("--seat", type=int, choices=(1, 2, 3, 4))
    parser.add_argument("--level", default="normal", choices=LEVEL_WORDS)
    parser.add_argument("--name", default="Bot")
    parser.add_argument("--think", type=float, default=0.0, help="seconds to wait before each decision")
    parser.add_argument("--out", help="write the match record assembled from the finished rounds here")
    parser.add_argument("--patience", type=float, default=60.0, help="seconds to keep trying to reconnect")
    args = parser.parse_args(argv, Options())
    connection = Connection(args.url, args.code, args.name[:40], args.seat, patience=args.patience)
    bot = Bot(connection, Player.from_level(args.level), args.think)
    started = time.monotonic()
    code = asyncio.run(bot.run())
    if code == 0 and args.out and bot.record is not None:
        with open(args.out, "w", encoding="utf-8") as out:
            out.write(dumps(bot.record) + "\n")
    if code != 0:
        if bot.refused is not None:
            reason = f"refused: {bot.refused.code}: {bot.refused.text}"
        else:
            reason = f"lost the table after {time.monotonic() - started:.0f} s (close code {connection.close_code})"
        print(capped(f"online.bot: {reason}"), file=sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(main())
