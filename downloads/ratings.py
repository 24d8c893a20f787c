"""A club's ratings and a season's standings as CSV and JSON (docs/formats.md#a-clubs-ratings):
one row per player, best first, from plain values (the club's room gives them; nothing here
reads storage)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import NamedTuple

from downloads.csv_json import slug, write_csv

RATINGS_COLUMNS = ("place", "player", "rating", "provisional", "games", "mu", "sigma")


class RatingLine(NamedTuple):
    """One player as the downloads show them: the name, the rating shown, whether it is still
    provisional, the games counted and the model's mean and deviation."""

    player: str
    rating: int
    provisional: bool
    games: int
    mu: float
    sigma: float


def ratings_rows(lines: Iterable[RatingLine]) -> Iterator[dict[str, object]]:
    """The players best first, as rows keyed by `RATINGS_COLUMNS`: players of one rating shown
    share a place (1, 2, 2, 4); mean and deviation to four decimals."""
    place, last = 0, None
    for count, line in enumerate(lines, start=1):
        if line.rating != last:
            place, last = count, line.rating
        yield {
            "place": place,
            "player": line.player,
            "rating": line.rating,
            "provisional": line.provisional,
            "games": line.games,
            "mu": round(line.mu, 4),
            "sigma": round(line.sigma, 4),
        }


def write_ratings_csv(lines: Iterable[RatingLine]) -> str:
    """The ratings as CSV text (`provisional` as true or false)."""
    rows = (
        row | {"provisional": "true" if row["provisional"] else "false"}
        for row in ratings_rows(lines)
    )
    return write_csv(rows, RATINGS_COLUMNS)


def ratings_json(club: str, lines: Iterable[RatingLine]) -> dict[str, object]:
    """The ratings as JSON: the club's `name` and `players[]` with the CSV's columns as keys."""
    return {"name": club, "players": list(ratings_rows(lines))}


def ratings_filename(name: str) -> str:
    """A short ASCII name for a club's ratings file, e.g. spades-ratings-friday-club.csv."""
    return "-".join(part for part in ("spades-ratings", slug(name)) if part) + ".csv"


SEASON_COLUMNS = ("place", "player", "points", "nights", "rating")


class SeasonLine(NamedTuple):
    """One row of a season's standings: the place (shared as 1, 2, 2, 4), the player, the
    points over their best nights, the nights played and the rating at the season's end."""

    place: int
    player: str
    points: int
    nights: int
    rating: int


def write_season_csv(lines: Iterable[SeasonLine]) -> str:
    """The season's standings as CSV text, one row per player, best first."""
    return write_csv((line._asdict() for line in lines), SEASON_COLUMNS)


def season_json(
    club: str,
    season: str,
    days: tuple[str, str],
    champions: Iterable[str],
    lines: Iterable[SeasonLine],
) -> dict[str, object]:
    """The season as JSON: the club's and the season's `name`, its `first_day` and `last_day`
    (ISO dates), its `champions` (none until it is over) and `standings[]` with the CSV's
    columns as keys."""
    return {
        "club": club,
        "name": season,
        "first_day": days[0],
        "last_day": days[1],
        "champions": list(champions),
        "standings": [line._asdict() for line in lines],
    }


def season_filename(club: str, season: str) -> str:
    """A short ASCII name for a season's standings file: spades-season-friday-club-winter.csv."""
    parts = ("spades-season", slug(club), slug(season))
    return "-".join(part for part in parts if part) + ".csv"
