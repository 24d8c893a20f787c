"""Series of games between the same sides: best of 3, 5 or 7, or an open series."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .rules import ScoringError

BEST_OF = (3, 5, 7)


class InvalidSeries(ScoringError):
    """A series that cannot be counted: an unknown length, or a winner that is no side."""


@dataclass(frozen=True, slots=True)
class Series:
    """Where a series stands: the games each side has won in it, and its winner once decided.

    `wins` has one entry per side of the current game; `best_of` is None for an open series,
    which never ends; `played` counts its finished games.
    """

    wins: tuple[int, ...]
    best_of: int | None
    played: int
    winner: int | None

    @property
    def needed(self) -> int | None:
        """The wins that decide the series outright (2 of 3, 3 of 5, 4 of 7); None if open."""
        return None if self.best_of is None else self.best_of // 2 + 1

    @property
    def decided(self) -> bool:
        """Whether a side has won the series."""
        return self.winner is not None


def _winner(wins: Sequence[int], played: int, best_of: int) -> int | None:
    """The side that has won a series standing at these wins, or None while it goes on.

    A side reaching a majority of `best_of` has won whatever the others do. Otherwise (more
    than two sides, where nobody may get there) the side with the most wins takes it once
    `best_of` games are played; a top shared by several sides plays on until it is broken.
    """
    top = max(wins)
    if top >= best_of // 2 + 1 or (played >= best_of and wins.count(top) == 1):
        return wins.index(top)
    return None


def series(winners: Sequence[int], best_of: int | None, sides: int = 2) -> Series:
    """The series that the games with these winners (sides, in play order) leave standing.

    With `best_of` set the games make consecutive series, a new one starting after each
    decided one. The one returned is the last: the series still going, except that a series
    decided by the very last game is returned decided, so that its deciding game can show the
    result (a caller starting the next game reads `decided` as "a new series starts at 0–0").
    An open series (`best_of` None) counts every game and is never decided.

    >>> series([0, 1, 1], 3)
    Series(wins=(1, 2), best_of=3, played=3, winner=1)
    >>> series([0, 0, 1], 3)
    Series(wins=(0, 1), best_of=3, played=1, winner=None)

    Raises InvalidSeries for a length other than `BEST_OF` or None, fewer than two sides, or a
    winner that is not one of the sides.
    """
    # bool is an int, and 3.0 == 3: neither is a length a caller means.
    if best_of is not None and (type(best_of) is not int or best_of not in BEST_OF):
        raise InvalidSeries(f"best_of must be one of {BEST_OF} or None, not {best_of!r}")
    if type(sides) is not int or sides < 2:
        raise InvalidSeries(f"a series needs at least two sides, not {sides!r}")
    wins = [0] * sides
    played = 0
    winner = None
    for game in winners:
        if type(game) is not int or not 0 <= game < sides:
            raise InvalidSeries(f"winner {game!r} is not a side from 0 to {sides - 1}")
        if winner is not None:
            wins, played, winner = [0] * sides, 0, None
        wins[game] += 1
        played += 1
        if best_of is not None:
            winner = _winner(wins, played, best_of)
    return Series(tuple(wins), best_of, played, winner)
