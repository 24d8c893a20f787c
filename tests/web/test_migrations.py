"""The migrations build the schema the models describe, on an empty SQLite file and, when
DATABASE_URL names a PostgreSQL server, on a fresh PostgreSQL database too.

`flask db ...` runs in a child process, as it runs on a server (Alembic's env.py sets up
logging for itself, which must not leak into the test process).
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from extensions import db
from testsupport.apps import app_on
from testsupport.migrations import (
    columns,
    flask_db,
    migrations_match_models,
    store_old_game,
    tables,
)
from testsupport.playing import enter, game_page, start_game


@pytest.fixture(scope="module")
def upgraded(tmp_path_factory) -> Path:
    """A SQLite file brought from empty to the newest migration by `flask db upgrade`."""
    database = tmp_path_factory.mktemp("migrations") / "spades.sqlite3"
    done = flask_db(database, "upgrade")
    assert done.returncode == 0, done.stderr
    return database


def test_upgrade_from_empty_creates_the_tables(upgraded):
    assert {"game", "hand", "alembic_version"} <= tables(upgraded)
    assert {"edit_token", "view_token", "device", "rules", "version", "first_dealer"} <= columns(
        upgraded, "game"
    )
    assert {"game_id", "number", "bid_0", "tricks_3", "team_tricks_1"} <= columns(upgraded, "hand")


def test_the_models_and_the_migrations_migrations_match_models(upgraded):
    done = flask_db(upgraded, "check")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "No new upgrade operations detected" in done.stdout + done.stderr


def test_the_migrated_database_takes_a_game(tmp_path, upgraded):
    # The app runs on the migrated file exactly as on one made by create_all.
    database = tmp_path / "copy.sqlite3"
    shutil.copy(upgraded, database)
    app = app_on(f"sqlite:///{database}")
    client = app.test_client()
    token = start_game(client)
    enter(client, token, bids=(4, 3, "nil", 5), tricks=(5, 3, 0, 5))
    # A: contract 4 made with 1 bag, South's Nil +100 → 141; B: contract 8 made → 80.
    assert game_page(client, token).totals() == (141, 80)
    with app.app_context():
        db.engine.dispose()


def test_upgrade_from_empty_and_check_on_postgresql(fresh_postgres):
    done = flask_db(fresh_postgres, "upgrade")
    assert done.returncode == 0, done.stderr
    migrations_match_models(fresh_postgres)


def game_from_before(database: Path, revision: str) -> str:
    """A game stored in a database at the schema of `revision`, which is then upgraded to the
    latest; the game's edit token."""
    done = flask_db(database, "upgrade", revision)
    assert done.returncode == 0, done.stderr
    token = store_old_game(database)
    done = flask_db(database, "upgrade")
    assert done.returncode == 0, done.stderr
    return token


def test_a_game_stored_before_individual_play_keeps_working_after_the_upgrade(tmp_path):
    database = tmp_path / "older.sqlite3"
    token = game_from_before(database, "b7e1c4d2a9f0")  # the schema before issue 16
    app = app_on(f"sqlite:///{database}")
    client = app.test_client()
    with sqlite3.connect(database) as connection:
        nullable = {row[1]: not row[3] for row in connection.execute("PRAGMA table_info(hand)")}
        # The hand table is copied on SQLite: the hand must come through the copy.
        kept = connection.execute("SELECT bid_0, bid_2, tricks_3 FROM hand").fetchall()
    assert nullable["bid_3"] and not nullable["bid_0"]
    assert kept == [("4", "nil", 5)]
    assert game_page(client, token).totals() == (141, 80)
    # Contracts 6 and 6: A make theirs (+60), B make theirs with a bag (+61).
    enter(client, token, bids=(3, 3, 3, 3), tricks=(3, 3, 3, 4))
    assert game_page(client, token).totals() == (201, 141)
    with app.app_context():
        db.engine.dispose()


def test_a_game_stored_before_tables_keeps_its_hands_and_can_join_one_after_the_upgrade(tmp_path):
    database = tmp_path / "older.sqlite3"
    token = game_from_before(database, "c4d8e2f1a7b3")  # the schema before issue 14
    with sqlite3.connect(database) as connection:
        # Added in place: the game table was not copied, so its hand is still there.
        assert connection.execute("SELECT count(*) FROM hand").fetchone() == (1,)
        columns = {row[1] for row in connection.execute("PRAGMA table_info(game)")}
    assert {"table_id", "best_of"} <= columns
    app = app_on(f"sqlite:///{database}")  # a new process after the upgrade
    client = app.test_client()
    assert game_page(client, token).totals() == (141, 80)
    made = client.post("/tables", data={"name": "Friday club"})
    assert made.status_code == 303
    table = made.headers["Location"].rsplit("/", 1)[-1]
    assert client.post(f"/g/{token}/table", data={"in_table": table}).status_code == 303
    assert game_page(client, token).totals() == (141, 80)
    # Back down and up again: SQLite keeps the two columns, emptied, and the game its hand.
    with app.app_context():
        db.engine.dispose()
    assert flask_db(database, "downgrade", "c4d8e2f1a7b3").returncode == 0
    assert flask_db(database, "upgrade").returncode == 0
    with sqlite3.connect(database) as connection:
        assert connection.execute("SELECT count(*), max(table_id) FROM game").fetchone() == (
            1,
            None,
        )
        assert connection.execute("SELECT count(*) FROM hand").fetchone() == (1,)
