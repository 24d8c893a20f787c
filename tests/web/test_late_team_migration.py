"""The migration that notes when a late tournament team came (a2c4e6f8b0d1): added empty to a
database holding a played round, gone again on the way down with the round's games kept, and
the schema the models describe after it, on SQLite and on PostgreSQL."""

from __future__ import annotations

import sqlite3

from testsupport.migrations import (
    columns,
    flask_db,
    migrations_match_models,
    store_old_game,
    store_played_round,
    up_down_up,
)

BEFORE = "f1a3c5e7b9d4"  # the revision before the late team, the withdrawal


def test_the_late_team_column_comes_and_goes_and_every_team_and_round_game_stays(tmp_path):
    database = tmp_path / "older.sqlite3"
    assert flask_db(database, "upgrade", BEFORE).returncode == 0
    store_old_game(database)
    store_played_round(database)
    done = flask_db(database, "upgrade")
    assert done.returncode == 0, done.stderr
    assert "joined_after" in columns(database, "tournament_team")
    with sqlite3.connect(database) as connection:
        kept = connection.execute("SELECT joined_after FROM tournament_team").fetchall()
    assert kept == [(None,), (None,)]
    migrations_match_models(database)

    assert flask_db(database, "downgrade", BEFORE).returncode == 0
    assert "joined_after" not in columns(database, "tournament_team")
    with sqlite3.connect(database) as connection:
        assert connection.execute("SELECT count(*) FROM tournament_team").fetchone() == (2,)
        assert connection.execute("SELECT count(*) FROM tournament_game").fetchone() == (1,)
        assert connection.execute("SELECT count(*) FROM hand").fetchone() == (1,)
    assert flask_db(database, "upgrade").returncode == 0
    migrations_match_models(database)


def test_the_late_team_column_goes_down_and_comes_back_on_postgresql(fresh_postgres):
    up_down_up(fresh_postgres, BEFORE)
