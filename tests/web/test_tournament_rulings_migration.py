"""The migration of the director's rulings (b3d5f7a9c1e2): the forfeit's column added empty and
the log's table made on a database holding a played round, both gone again on the way down
with the round's games and hands kept, and the schema the models describe after it, on SQLite
and on PostgreSQL."""

from __future__ import annotations

import sqlite3

from testsupport.migrations import (
    columns,
    flask_db,
    migrations_match_models,
    store_old_game,
    store_played_round,
    tables,
    up_down_up,
)

BEFORE = "c4e6a8b0d2f3"  # the revision before the rulings, the playoff


def test_the_forfeit_and_the_log_come_and_go_and_every_round_game_stays(tmp_path):
    database = tmp_path / "older.sqlite3"
    assert flask_db(database, "upgrade", BEFORE).returncode == 0
    store_old_game(database)
    store_played_round(database)
    done = flask_db(database, "upgrade")
    assert done.returncode == 0, done.stderr
    assert "forfeit_to" in columns(database, "tournament_game")
    assert "tournament_ruling" in tables(database)
    with sqlite3.connect(database) as connection:
        kept = connection.execute("SELECT forfeit_to FROM tournament_game").fetchall()
        assert connection.execute("SELECT count(*) FROM tournament_ruling").fetchone() == (0,)
    assert kept == [(None,)]
    migrations_match_models(database)

    assert flask_db(database, "downgrade", BEFORE).returncode == 0
    assert "forfeit_to" not in columns(database, "tournament_game")
    assert "tournament_ruling" not in tables(database)
    with sqlite3.connect(database) as connection:
        assert connection.execute("SELECT count(*) FROM tournament_game").fetchone() == (1,)
        assert connection.execute("SELECT count(*) FROM hand").fetchone() == (1,)
    assert flask_db(database, "upgrade").returncode == 0
    migrations_match_models(database)


def test_the_rulings_go_down_and_come_back_on_postgresql(fresh_postgres):
    up_down_up(fresh_postgres, BEFORE)
