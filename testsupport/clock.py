"""A clock the tests move themselves: given to the app as its `CLOCK`, it is what every stored
time (a round's start, a hand's bids) and every deadline is read from, so no test waits."""

from __future__ import annotations

from datetime import datetime, timedelta


class Clock:
    """The time now as the test says (UTC, without its zone), from a fixed moment on."""

    def __init__(self, start: datetime = datetime(2026, 12, 4, 19, 0)) -> None:
        """Start at `start`: a Friday evening at the club."""
        self.now = start

    def __call__(self) -> datetime:
        """The time now, as the app reads it."""
        return self.now

    def advance(self, minutes: float) -> None:
        """Move the time on by `minutes`."""
        self.now += timedelta(minutes=minutes)


def clocked(app) -> Clock:
    """Give the app a clock of the test's own; the clock."""
    clock = Clock()
    app.config["CLOCK"] = clock
    return clock
