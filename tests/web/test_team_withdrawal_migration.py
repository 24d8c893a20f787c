"""The migration that lets a tournament team withdraw (f1a3c5e7b9d4): added empty to a database
holding a played round, gone again on the way down with the round's games kept, and the schema
the models describe after it, on SQLite and on PostgreSQL."""

from __future__ import annotations

import sqlite3

from testsupport.migrations import flask_db, migrations_match_models, store_old_game

BEFORE = "e8b3c5d7f9a2"  # the revision before the withdrawal, the round's clock


def columns(database) -> set[str]:
    """The columns of the stored teams' table."""
    with sqlite3.connect(database) as connection:
        return {row[1] for row in connection.execute("PRAGMA table_info(tournament_team)")}


def store_round(database) -> None:
    """A tournament with one round whose one table plays the stored game."""
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


def test_the_withdrawal_column_comes_and_goes_and_every_team_and_round_game_stays(tmp_path):
    database = tmp_path / "older.sqlite3"
    assert flask_db(database, "upgrade", BEFORE).returncode == 0
    store_old_game(database)
    store_round(database)
    done = flask_db(database, "upgrade")
    assert done.returncode == 0, done.stderr
    assert "withdrawn_after" in columns(database)
    with sqlite3.connect(database) as connection:
        kept = connection.execute("SELECT withdrawn_after FROM tournament_team").fetchall()
    assert kept == [(None,), (None,)]
    migrations_match_models(database)

    assert flask_db(database, "downgrade", BEFORE).returncode == 0
    assert "withdrawn_after" not in columns(database)
    with sqlite3.connect(database) as connection:
        assert connection.execute("SELECT count(*) FROM tournament_team").fetchone() == (2,)
        assert connection.execute("SELECT count(*) FROM tournament_game").fetchone() == (1,)
        assert connection.execute("SELECT count(*) FROM hand").fetchone() == (1,)
    assert flask_db(database, "upgrade").returncode == 0
    migrations_match_models(database)


def test_the_withdrawal_column_goes_down_and_comes_back_on_postgresql(fresh_postgres):
    for args in (("upgrade",), ("downgrade", BEFORE), ("upgrade",), ("check",)):
        done = flask_db(fresh_postgres, *args)
        assert done.returncode == 0, (args, done.stdout + done.stderr)
