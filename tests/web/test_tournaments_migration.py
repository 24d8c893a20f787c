"""The migration that adds the tournaments' tables (c6e2a9d4f8b1): made on a database that
holds games, gone again on the way down with every game and hand left as it was, and the schema
the models describe after it, on SQLite and on PostgreSQL."""

from __future__ import annotations

import sqlite3

from app import create_app
from extensions import db
from testsupport.migrations import (
    flask_db,
    migrations_match_models,
    store_old_game,
    tables,
    up_down_up,
)
from testsupport.playing import game_page
from testsupport.tournaments import make_tournament, table_tokens, watch_token

BEFORE = "b9d3f5a7c1e2"  # the revision before the tournaments
TOURNAMENT_TABLES = {
    "tournament",
    "tournament_team",
    "tournament_table",
    "replaced_tournament_link",
}


def app_on_file(database):
    """The app of today on a migrated SQLite file, as a new process would start it."""
    return create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test-secret",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}",
            "WTF_CSRF_ENABLED": False,
        }
    )


def test_the_tournaments_tables_come_and_go_and_every_game_stays(tmp_path):
    database = tmp_path / "older.sqlite3"
    assert flask_db(database, "upgrade", BEFORE).returncode == 0
    assert not TOURNAMENT_TABLES & tables(database)
    game = store_old_game(database)
    done = flask_db(database, "upgrade")
    assert done.returncode == 0, done.stderr
    assert tables(database) >= TOURNAMENT_TABLES
    migrations_match_models(database)

    app = app_on_file(database)
    client = app.test_client()
    assert game_page(client, game).totals() == (141, 80)
    director = make_tournament(client)
    assert client.get(f"/w/{watch_token(client, director)}").status_code == 200
    assert len(table_tokens(client, director)) == 2
    with app.app_context():
        db.engine.dispose()

    assert flask_db(database, "downgrade", BEFORE).returncode == 0
    assert not TOURNAMENT_TABLES & tables(database)
    with sqlite3.connect(database) as connection:
        assert connection.execute("SELECT count(*) FROM hand").fetchone() == (1,)
    assert flask_db(database, "upgrade").returncode == 0
    migrations_match_models(database)


def test_the_tournaments_tables_go_down_and_come_back_on_postgresql(fresh_postgres):
    up_down_up(fresh_postgres, BEFORE)
