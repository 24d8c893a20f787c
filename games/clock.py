"""A tournament round's clock as a game's page reads it: when the round runs out, how many
minutes are left, and where a tournament's game is played (`Seat`), which its scorer's page
heads with them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from records.games import utc_now


@dataclass(frozen=True)
class Seat:
    """Where a tournament's game is played, as its scorer's page heads it: the tournament, the
    round (or the playoff's stage) by number, the table by number with its scorer's link (the
    one on its card), the round's deadline while its clock runs (None without one), whether
    it is the tournament's latest round (its page then follows the table on), and whether the
    other side confirms each hand (`records.tournaments.TournamentRecord.confirm_hands`)."""

    tournament: str
    round: int
    playoff: bool
    table: int
    table_token: str | None
    deadline: datetime | None = None
    latest: bool = True
    confirm_hands: bool = False

    def minutes_left(self) -> int | None:
        """Whole minutes until the round's clock calls time (`minutes_left`); None without a
        clock running."""
        return None if self.deadline is None else minutes_left(self.deadline, None)


def deadline(started_at: datetime, minutes: int) -> datetime:
    """When a round started at `started_at` and played to `minutes` runs out."""
    return started_at + timedelta(minutes=minutes)


def minutes_left(due: datetime, called_at: datetime | None) -> int:
    """Whole minutes, rounded up, until a round's clock calls time at `due`; 0 once it has
    (`called_at`) or the deadline has come."""
    if called_at is not None:
        return 0
    return max(0, -((utc_now() - due) // timedelta(minutes=1)))
