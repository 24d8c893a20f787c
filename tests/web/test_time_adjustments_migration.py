"""The migration that stores a game's time called and its adjustments (two columns on game): it
upgrades and downgrades on SQLite and PostgreSQL, a game stored before it keeps its hands with
time not called and no adjustment, and the models and the migrations agree afterwards."""

from __future__ import annotations

import sqlite3

import sqlalchemy as sa

from testsupport.migrations import columns, flask_db, migrations_match_models, store_old_game

BEFORE = "a8c2e4f6b1d3"  # the revision before time called and adjustments
NEW_COLUMNS = {"time_called_after", "adjustments"}


def test_an_older_game_gets_no_time_called_and_no_adjustments_on_sqlite(tmp_path):
    database = tmp_path / "older.sqlite3"
    assert flask_db(database, "upgrade", BEFORE).returncode == 0
    store_old_game(database)
    assert not NEW_COLUMNS & columns(database, "game")
    done = flask_db(database, "upgrade")
    assert done.returncode == 0, done.stderr
    assert columns(database, "game") >= NEW_COLUMNS
    migrations_match_models(database)
    with sqlite3.connect(database) as connection:
        row = connection.execute("SELECT time_called_after, adjustments FROM game").fetchone()
        assert row == (None, "[]")
    assert flask_db(database, "downgrade", BEFORE).returncode == 0
    assert flask_db(database, "upgrade").returncode == 0
    migrations_match_models(database)
    with sqlite3.connect(database) as connection:
        assert connection.execute("SELECT count(*) FROM hand").fetchone() == (1,)


def test_the_two_columns_come_and_go_on_postgresql(fresh_postgres):
    assert flask_db(fresh_postgres, "upgrade", BEFORE).returncode == 0
    done = flask_db(fresh_postgres, "upgrade")
    assert done.returncode == 0, done.stderr
    migrations_match_models(fresh_postgres)
    engine = sa.create_engine(fresh_postgres)
    try:
        found = {c["name"] for c in sa.inspect(engine).get_columns("game")}
        assert found >= NEW_COLUMNS
        engine.dispose()
        assert flask_db(fresh_postgres, "downgrade", BEFORE).returncode == 0
        found = {c["name"] for c in sa.inspect(engine).get_columns("game")}
        assert not NEW_COLUMNS & found
        engine.dispose()
        assert flask_db(fresh_postgres, "upgrade").returncode == 0
        migrations_match_models(fresh_postgres)
    finally:
        engine.dispose()
