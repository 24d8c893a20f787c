"""A season's points: a tournament's by its table of points per place, and a player's total over
their best nights."""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def place_points(table: Sequence[int], place: int) -> int:
    """The points of `place` (from 1) in a table of points per place; 0 beyond the table. A
    shared place gives each team that place's points."""
    return table[place - 1] if 1 <= place <= len(table) else 0


def best_nights(points: Iterable[int], best: int | None = None) -> int:
    """A player's season points: the sum over their `best` nights (every night when None)."""
    if best is not None and best < 1:
        raise ValueError("a season counts one night at least")
    ordered = sorted(points, reverse=True)
    return sum(ordered if best is None else ordered[:best])
