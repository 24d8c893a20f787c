"""The migrations as a server runs them: `flask db ...` in a child process (Alembic's env.py sets
up logging for itself, which must not leak into the test process), on a SQLite file or on a
scratch PostgreSQL database of its own."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import scoring
from testsupport.database import postgresql_database
from testsupport.live_server import ROOT


def flask_db(database: Path | str, *args: str) -> subprocess.CompletedProcess:
    """Run `flask db <args>` on this SQLite file (or database URL); the finished process."""
    url = database if isinstance(database, str) else f"sqlite:///{database}"
    env = {
        **os.environ,
        "FLASK_APP": "app:create_app",
        "DATABASE_URL": url,
        "SECRET_KEY": "migration-test",
        "PYTHONPATH": str(ROOT),
    }
    return subprocess.run(
        [sys.executable, "-m", "flask", "db", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def migrations_match_models(database: Path | str) -> None:
    """Check that `flask db check` finds nothing to generate for this database: the
    migrations make the schema the models describe."""
    done = flask_db(database, "check")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "No new upgrade operations detected" in done.stdout + done.stderr


def scratch_postgresql(prefix: str) -> Iterator[str]:
    """The URL of a new, empty PostgreSQL database on DATABASE_URL's server, dropped after; the
    test is skipped where DATABASE_URL is not PostgreSQL (the PostgreSQL pass runs it)."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql")):
        pytest.skip("DATABASE_URL is not PostgreSQL: the PostgreSQL migration pass runs in CI")
    with postgresql_database(url, prefix) as own:
        yield own


def tables(database: Path) -> set[str]:
    """The names of the tables in a SQLite file."""
    with sqlite3.connect(database) as connection:
        rows = connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        return {name for (name,) in rows}


def columns(database: Path, table: str) -> set[str]:
    """The column names of one table."""
    with sqlite3.connect(database) as connection:
        return {row[1] for row in connection.execute(f"PRAGMA table_info({table})")}


def store_old_game(database: Path) -> str:
    """Store a game of one hand straight into an older schema, as the app of its day did (the
    app of today reads columns an older schema lacks); its edit token. The hand: bids 4, 3,
    Nil, 5 and tricks 5, 3, 0, 5, which the rules of today score 141 to 80."""
    rules = json.dumps(scoring.PRESETS[scoring.DEFAULT_PRESET].rules.to_dict())
    with sqlite3.connect(database) as connection:
        connection.execute(
            "INSERT INTO game (id, edit_token, view_token, created_at, team_0, team_1, player_0,"
            " player_1, player_2, player_3, first_dealer, preset, rules, version, recent_nonces)"
            " VALUES (1, 'oldgameeditlink00000000', 'oldgameviewlink00000000', '2026-11-01',"
            " 'Team A', 'Team B', 'N', 'E', 'S', 'W', 0, ?, ?, 1, '')",
            (scoring.DEFAULT_PRESET, rules),
        )
        connection.execute(
            "INSERT INTO hand (game_id, number, bid_0, bid_1, bid_2, bid_3, tricks_0, tricks_1,"
            " tricks_2, tricks_3, created_at) VALUES (1, 1, '4', '3', 'nil', '5', 5, 3, 0, 5,"
            " '2026-11-01')"
        )
    return "oldgameeditlink00000000"


def store_played_round(database: Path) -> None:
    """A tournament with two teams and one round whose one table plays the game
    `store_old_game` stored."""
    with sqlite3.connect(database) as connection:
        connection.executescript(
            "INSERT INTO tournament (id, name, edit_token, view_token, created_at, preset,"
            " rules, format, version) VALUES (1, 'Night', 'e', 'v', '2026-12-04', 'gamelake',"
            " '{}', 'swiss', 0);"
            "INSERT INTO tournament_team (id, tournament_id, entry, name, player_0, player_1)"
            " VALUES (1, 1, 1, 'A', 'a', 'b'), (2, 1, 2, 'B', 'c', 'd');"
            "INSERT INTO tournament_round (id, tournament_id, number, started_at)"
            " VALUES (1, 1, 1, '2026-12-04 19:00');"
            'INSERT INTO tournament_game (id, round_id, "table", game_id, north_south_id,'
            " east_west_id) SELECT 1, 1, 1, id, 1, 2 FROM game;"
        )


def up_down_up(database: Path | str, before: str) -> None:
    """Take a database (a PostgreSQL one, as the tests' `fresh_postgres` makes) up to the
    newest revision, down to `before`, up again, and check the schema then matches the models;
    each step must succeed."""
    for args in (("upgrade",), ("downgrade", before), ("upgrade",), ("check",)):
        done = flask_db(database, *args)
        assert done.returncode == 0, (args, done.stdout + done.stderr)
