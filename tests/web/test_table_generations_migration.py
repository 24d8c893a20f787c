"""The migration that counts a table's edit links (card_table.edit_generation) and keeps the
one each game came with (game.table_generation): the tables and games stored before it keep
their hands, and every phone that played at a table keeps being offered it."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import scoring
from app import create_app
from extensions import db
from testsupport.migrations import flask_db, up_down_up
from testsupport.playing import game_page

BEFORE = "e7a1c3f5b9d2"  # the revision before the edit-link counts
PHONE = "phoneofthetable0000000"
TABLE_LINK = "oldtableeditlink0000000"
GAME_LINK = "oldgameeditlink00000000"


def store_table_and_game(database: Path) -> None:
    """Store a table and a game of one hand played at it from PHONE, straight into the schema
    before the migration, as the app of its day did. The hand: bids 4, 3, Nil, 5 and tricks 5,
    3, 0, 5, which the rules of today score 141 to 80."""
    rules = json.dumps(scoring.PRESETS[scoring.DEFAULT_PRESET].rules.to_dict())
    with sqlite3.connect(database) as connection:
        connection.execute(
            "INSERT INTO card_table (id, name, edit_token, view_token, device, created_at,"
            " version) VALUES (1, 'Friday club', ?, 'oldtableviewlink0000000', 'someoneelse',"
            " '2026-11-01', 0)",
            (TABLE_LINK,),
        )
        connection.execute(
            "INSERT INTO game (id, edit_token, view_token, device, created_at, team_0, team_1,"
            " player_0, player_1, player_2, player_3, first_dealer, preset, rules, version,"
            " series_version, recent_nonces, table_id) VALUES (1, ?, 'oldgameviewlink00000000',"
            " ?, '2026-11-01', 'Team A', 'Team B', 'N', 'E', 'S', 'W', 0, ?, ?, 1, 0, '', 1)",
            (GAME_LINK, PHONE, scoring.DEFAULT_PRESET, rules),
        )
        connection.execute(
            "INSERT INTO hand (game_id, number, bid_0, bid_1, bid_2, bid_3, tricks_0, tricks_1,"
            " tricks_2, tricks_3, created_at) VALUES (1, 1, '4', '3', 'nil', '5', 5, 3, 0, 5,"
            " '2026-11-01')"
        )


def test_a_phone_that_played_at_a_table_before_the_upgrade_is_still_offered_it(tmp_path):
    database = tmp_path / "older.sqlite3"
    assert flask_db(database, "upgrade", BEFORE).returncode == 0
    store_table_and_game(database)
    done = flask_db(database, "upgrade")
    assert done.returncode == 0, done.stderr
    with sqlite3.connect(database) as connection:
        # Added in place: the game table was not copied, so its hand is still there.
        assert connection.execute("SELECT count(*) FROM hand").fetchone() == (1,)
    settings = {
        "TESTING": True,
        "SECRET_KEY": "test-secret",
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}",
        "WTF_CSRF_ENABLED": False,
    }
    app = create_app(settings)  # a new process after the upgrade
    client = app.test_client()
    client.set_cookie("device", PHONE)
    assert f'href="/t/{TABLE_LINK}"' in client.get("/").text
    assert game_page(client, GAME_LINK).totals() == (141, 80)
    with app.app_context():
        db.engine.dispose()
    # Back down and up again: SQLite keeps the two columns, and the game its hand.
    assert flask_db(database, "downgrade", BEFORE).returncode == 0
    assert flask_db(database, "upgrade").returncode == 0
    with sqlite3.connect(database) as connection:
        assert connection.execute("SELECT count(*) FROM hand").fetchone() == (1,)
        row = connection.execute("SELECT table_generation FROM game").fetchone()
        assert row == (0,)


def test_the_edit_link_counts_go_down_and_come_back_on_postgresql(fresh_postgres):
    up_down_up(fresh_postgres, BEFORE)
