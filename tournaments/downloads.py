"""A tournament's downloads, from where it stands (`rounds.standing`): the standings as CSV and
as JSON, and every hand of every game of its rounds in one CSV.

The standings' keys are the engine's `tournament.Row` fields and its point difference, the
team's entry number, name and players beside them; the games' columns are a game's CSV
columns (`csv_json.CSV_COLUMNS`, its rows from `csv_json.csv_rows`) after the round and the table.
They read nothing themselves: the `Standing` given holds it all.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from typing import Any

import tournament
from downloads import csv_json
from records.games import GameRecord
from tournaments.services.rounds import Standing

# The standings' columns: `tournament.Row`'s fields in its order, then its point difference;
# its `team`, an entry number, given as the entry number, the team's name and its players.
TEAM_COLUMNS = ("entry", "team", "players")
STANDINGS_COLUMNS = (
    *(
        column
        for field in dataclasses.fields(tournament.Row)
        for column in (TEAM_COLUMNS if field.name == "team" else (field.name,))
    ),
    "difference",
)
# What the standings count of a team, read off its `Row` by name.
COUNTED = tuple(column for column in STANDINGS_COLUMNS if column not in TEAM_COLUMNS)
# Where each game was played, then a game's own columns.
GAMES_COLUMNS = ("round", "stage", "table", *csv_json.CSV_COLUMNS)
# The `stage` column's words, by a playoff stage's number of tables; a round's games say "round".
STAGES = {1: "final", 2: "semi_final", 4: "quarter_final"}
# A file's name where the tournament's name has no letter or digit to make one of.
UNNAMED = "tournament"


def standings_rows(now: Standing) -> Iterator[dict[str, Any]]:
    """One row per team, best first, keyed by `STANDINGS_COLUMNS`: a shared place is the same
    number on each of its teams' rows, as the page shows it; the players as a list."""
    for row in now.rows:
        team = now.team(row.team)
        yield {
            "entry": team.entry,
            "team": team.name,
            "players": list(team.players),
            **{name: getattr(row, name) for name in COUNTED},
        }


def standings_csv(now: Standing) -> str:
    """The standings as CSV text, the two players in one cell as a game's CSV has them."""
    rows = (
        row | {"players": csv_json.PARTNERS.join(row["players"])} for row in standings_rows(now)
    )
    return csv_json.write_csv(rows, STANDINGS_COLUMNS)


def standings_json(now: Standing) -> dict[str, Any]:
    """The standings as JSON-ready data: the tournament's name and format, the rounds started
    and the rounds it plays, and the teams' rows best first (`standings_rows`). No link."""
    return {
        "name": now.record.name,
        "format": now.record.format,
        "rounds": len(now.rounds),
        "round_count": now.round_count,
        "standings": list(standings_rows(now)),
    }


def games_rows(now: Standing, label: Callable[[GameRecord], str]) -> Iterator[dict[str, Any]]:
    """Every hand of every game of the tournament, round by round and table by table, then the
    playoff's stages (numbered after the rounds), keyed by `GAMES_COLUMNS`: a game's CSV rows (a
    game still in play with the hands it has so far), each game named by `label`."""
    for played in (*now.rounds, *now.playoff.stages):
        stage = STAGES[len(played.tables)] if played.record.playoff else "round"
        for table in played.tables:
            record, state = table.scored.record, table.scored.state
            for row in csv_json.csv_rows(record, state, label(record)):
                yield {"round": played.record.number, "stage": stage, "table": table.table, **row}


def games_csv(now: Standing, label: Callable[[GameRecord], str]) -> str:
    """Every hand of every game of the tournament as CSV text (`games_rows`)."""
    return csv_json.write_csv(games_rows(now, label), GAMES_COLUMNS)


def filename(now: Standing, what: str, extension: str) -> str:
    """A short ASCII name for one of the tournament's files, as a game's is made: e.g.
    spades-club-night-standings-2026-12-03.csv for `what` "standings" and "csv"."""
    record = now.record
    named = csv_json.slug(record.name) or UNNAMED
    return f"spades-{named}-{what}-{record.created_at.date().isoformat()}.{extension}"
