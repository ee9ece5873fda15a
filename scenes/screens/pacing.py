"""The pacing of a table's computer seats: how long each seems to think before the table asks
its session to play it, and how long the final board stays before the summary."""

from __future__ import annotations

from enum import Enum

from game.core.phases import Phase
from game.core.session import ComputerPacing, SeatPlay
from scenes.ui.app_services import AppServices

THINK_PAUSE = 0.55  # seconds a computer seems to think, before pace
DECIDE_PAUSE = 0.25  # for accepting a deal or naming the opener
END_HOLD = 3.0  # seconds the final board stays before the summary (a tap goes on at once)
END_HOLD_LEAST = 1.2  # even at the instant speed, a person sees the final board this long


class Step(Enum):
    """What a step of the pacing did."""

    WAITED = "waited"
    PLAYED = "played"  # a computer seat's decision was taken
    ENDED = "ended"  # the final board has stayed its time: the summary comes


class Pacing:
    """The holds between the computer seats' decisions, and the end-of-round hold."""

    def __init__(self, app: AppServices, session: SeatPlay, computers: ComputerPacing | None) -> None:
        self.app = app
        self.session = session
        self.computers = computers  # None: no computer seat is played on this device
        self.think_time = 0.0
        self.end_time = 0.0

    def end_hold(self, humans: bool) -> float:
        """How long the final board stays before the summary (longer with a person watching)."""
        hold = END_HOLD * self.app.settings.pace
        return max(END_HOLD_LEAST, hold) if humans and not self.app.settings.demo else hold

    def step(self, dt: float, round_over: bool, humans: bool) -> Step:
        """Let ``dt`` pass on a table that waits for nothing else."""
        if round_over:
            self.end_time += dt
            if self.end_time >= self.end_hold(humans):
                self.end_time = 0.0
                return Step.ENDED
            return Step.WAITED
        computers = self.computers
        if computers is not None and computers.computer_seat is not None:
            self.think_time += dt
            pause = (THINK_PAUSE if self.session.phase is Phase.PLAYING else DECIDE_PAUSE) * self.app.settings.pace
            if self.think_time >= pause and computers.play_computer() is not None:
                self.think_time = 0.0
                return Step.PLAYED
        return Step.WAITED
