"""The migration that adds a tournament's rounds and their games (d2f4a6c8e0b1): made on a
database that holds a game and a tournament, gone again on the way down with both left as they
were, and the schema the models describe after it, on SQLite and on PostgreSQL."""

from __future__ import annotations

import sqlite3

from testsupport.migrations import (
    flask_db,
    migrations_match_models,
    store_old_game,
    tables,
    up_down_up,
)

BEFORE = "c6e2a9d4f8b1"  # the revision before the rounds
ROUND_TABLES = {"tournament_round", "tournament_game"}


def test_the_rounds_tables_come_and_go_and_every_game_stays(tmp_path):
    database = tmp_path / "older.sqlite3"
    assert flask_db(database, "upgrade", BEFORE).returncode == 0
    assert not ROUND_TABLES & tables(database)
    store_old_game(database)
    done = flask_db(database, "upgrade")
    assert done.returncode == 0, done.stderr
    assert tables(database) >= ROUND_TABLES
    migrations_match_models(database)

    assert flask_db(database, "downgrade", BEFORE).returncode == 0
    assert not ROUND_TABLES & tables(database)
    with sqlite3.connect(database) as connection:
        assert connection.execute("SELECT count(*) FROM hand").fetchone() == (1,)
    assert flask_db(database, "upgrade").returncode == 0
    migrations_match_models(database)


def test_the_rounds_tables_go_down_and_come_back_on_postgresql(fresh_postgres):
    up_down_up(fresh_postgres, BEFORE)
