"""Python's cycle collector, run between frames: left automatic, its collections (several
milliseconds each at times) fall inside frames at random."""

from __future__ import annotations

import gc

DUE = 700  # container objects made since the last collection before one is due (Python's own figure)
OVERDUE = 50_000  # so many, and a collection runs even inside a frame: memory never runs away
YOUNGER_PER_OLDER = 10  # collections of a generation before the next older one is collected too


def take_over() -> None:
    """Collect only when told (``collect_due``); what exists now (modules, fonts, the app) is
    set apart, never to be scanned again."""
    gc.freeze()
    gc.disable()


def hand_back() -> None:
    """Automatic collection again, over everything."""
    gc.unfreeze()
    gc.enable()


def collect_due() -> bool:
    """The collection Python would have run by now, if one is due; whether there was one."""
    young, middle, old = gc.get_count()
    if young < DUE:
        return False
    if middle < YOUNGER_PER_OLDER:
        gc.collect(0)
    else:
        gc.collect(2 if old >= YOUNGER_PER_OLDER else 1)
    return True


def collect_overdue() -> None:
    """A collection now if frames have left no spare time for one for far too long."""
    if not gc.isenabled() and gc.get_count()[0] >= OVERDUE:
        collect_due()
