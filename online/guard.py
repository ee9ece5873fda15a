"""Guesses of a table's secrets, counted per peer address: the table code, a seat's token and
the host's key. A peer has a few free tries; beyond them each failed guess must first leak
away (one every ``LEAK`` seconds) before the peer is answered again, and meanwhile every
``hello`` and ``look`` it sends is refused unread (``too_many_tries``), so no answer tells it
whether a code exists. One peer then guesses at most one code every ``LEAK`` seconds.
"""

from __future__ import annotations

import time
from collections.abc import Callable

FREE_TRIES = 5  # failed guesses a peer may make before it must wait
LEAK = 30.0  # seconds after which one failed guess is forgotten
MAX_PEERS = 10_000  # peers remembered at once (the oldest forgotten first)


class Guesses:
    """Failed guesses per peer, as a leaky bucket: each failure adds one, each ``leak``
    seconds takes one away; a peer with ``free`` failures is refused until one leaks away."""

    def __init__(self, free: int = FREE_TRIES, leak: float = LEAK, clock: Callable[[], float] = time.monotonic) -> None:
        self.free, self.leak = free, leak
        self._clock = clock
        self._failed: dict[str, tuple[float, float]] = {}  # peer: (failures, when they were counted)

    def _level(self, peer: str) -> float:
        failures, when = self._failed.get(peer, (0.0, 0.0))
        return max(0.0, failures - (self._clock() - when) / self.leak)

    def wait_for(self, peer: str) -> int:
        """Seconds ``peer`` must wait before it is answered again (0: it may try now)."""
        over = self._level(peer) - self.free + 1
        if over <= 0:
            return 0
        return max(1, round(over * self.leak))

    def failed(self, peer: str) -> None:
        """``peer`` guessed wrong (a code, a token or a key)."""
        level = self._level(peer) + 1
        self._failed.pop(peer, None)
        self._failed[peer] = (level, self._clock())
        if len(self._failed) > MAX_PEERS:
            del self._failed[next(iter(self._failed))]
