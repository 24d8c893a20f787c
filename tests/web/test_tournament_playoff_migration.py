"""The migration that marks a round as a stage of the playoff (c4e6a8b0d2f3): added false to a
database holding a played round, gone again on the way down with that round and its game kept
(a playoff stage taken out, its game kept as a game without a round), and the schema the
models describe after it, on SQLite and on PostgreSQL."""

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

BEFORE = "a2c4e6f8b0d1"  # the revision before the playoff, the late team


def test_the_playoff_column_comes_false_and_goes_with_its_stages_but_every_round_stays(tmp_path):
    database = tmp_path / "older.sqlite3"
    assert flask_db(database, "upgrade", BEFORE).returncode == 0
    store_old_game(database)
    store_played_round(database)
    done = flask_db(database, "upgrade")
    assert done.returncode == 0, done.stderr
    assert "playoff" in columns(database, "tournament_round")
    with sqlite3.connect(database) as connection:
        assert connection.execute("SELECT playoff FROM tournament_round").fetchall() == [(0,)]
        # A final after the round: a stage of the playoff, its table's game a copy of the
        # round's with links of its own.
        connection.executescript(
            "INSERT INTO game (id, edit_token, view_token, created_at, team_0, team_1, player_0,"
            " player_1, player_2, player_3, first_dealer, preset, rules, version, recent_nonces)"
            " SELECT 2, 'finaleditlink', 'finalviewlink', created_at, team_0, team_1, player_0,"
            " player_1, player_2, player_3, 0, preset, rules, 0, '' FROM game;"
            "INSERT INTO tournament_round (id, tournament_id, number, started_at, playoff)"
            " VALUES (2, 1, 2, '2026-12-04 21:00', 1);"
            'INSERT INTO tournament_game (id, round_id, "table", game_id, north_south_id,'
            " east_west_id) VALUES (2, 2, 1, 2, 1, 2);"
        )
    migrations_match_models(database)

    assert flask_db(database, "downgrade", BEFORE).returncode == 0
    assert "playoff" not in columns(database, "tournament_round")
    with sqlite3.connect(database) as connection:
        assert connection.execute("SELECT id FROM tournament_round").fetchall() == [(1,)]
        assert connection.execute("SELECT round_id FROM tournament_game").fetchall() == [(1,)]
        assert connection.execute("SELECT count(*) FROM tournament_team").fetchone() == (2,)
        assert connection.execute("SELECT count(*) FROM game").fetchone() == (2,)
        assert connection.execute("SELECT count(*) FROM hand").fetchone() == (1,)
    assert flask_db(database, "upgrade").returncode == 0
    migrations_match_models(database)


def test_the_playoff_column_goes_down_and_comes_back_on_postgresql(fresh_postgres):
    up_down_up(fresh_postgres, BEFORE)
