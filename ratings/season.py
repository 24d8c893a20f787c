"""A season's points: a tournament's by its table of points per place, a player's total over
their best nights, and the season's standings."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby

# The rating a player without a counted game has (ratings.model.shown of a new player).
NEW_RATING = 1000


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


@dataclass(frozen=True, slots=True)
class SeasonRow:
    """A player's line in a season's standings: the place (shared places as 1, 2, 2, 4), the
    player, the points over their best nights, the nights played and the rating at the season's
    end (the tiebreak after points)."""

    place: int
    player: str
    points: int
    nights: int
    rating: int


def season_standings(
    nights: Mapping[str, Sequence[int]],
    ratings_at_end: Mapping[str, int],
    best: int | None = None,
    name: Callable[[str], str] = str,
) -> tuple[SeasonRow, ...]:
    """The season's standings from each player's points night by night (`nights`, by player):
    by points over their `best` nights; then by rating at the season's end (a player without
    one counts as new, `NEW_RATING`); then by more nights played; then equal, a shared place
    listing its players by `name` (their sort key) alphabetically."""

    def level(player: str) -> tuple[int, int, int]:
        """The keys that rank, best smallest."""
        points = best_nights(nights[player], best)
        return (-points, -ratings_at_end.get(player, NEW_RATING), -len(nights[player]))

    ranked = sorted(nights, key=lambda player: (level(player), name(player)))
    rows: list[SeasonRow] = []
    for _, group in groupby(ranked, key=level):
        place = len(rows) + 1
        for player in group:
            points, rating, played = (-key for key in level(player))
            rows.append(SeasonRow(place, player, points, played, rating))
    return tuple(rows)
