"""The operator's commands: a live backup, and every game exported to JSON and back."""

from __future__ import annotations

import json
import os
import sqlite3

import pytest

from app import create_app
from extensions import db
from testsupport.database import counts
from testsupport.playing import NAMES, enter, start_game

HANDS = (
    {"bids": (3, "nil", 4, 5), "tricks": (4, 0, 3, 6)},
    {"bids": (2, 3, 2, 4), "team_tricks": (5, None)},
    {"bids": (4, 4, 4, 4)},  # bids only: the hand in play travels too
)


def played_games(client) -> list[str]:
    """Two games of this device, one with hands and a hand in play; their edit tokens."""
    first = start_game(client, **NAMES)
    for hand in HANDS:
        enter(client, first, **hand)
    second = start_game(client, team_0="=cmd|' /C calc'!A0", preset="espadas")
    enter(client, second, **HANDS[1])
    return [first, second]


def exports(client, tokens) -> list[str]:
    """Every CSV the app offers for these games: each game's, and the device's."""
    bodies = [client.get(f"/g/{t}.csv").get_data(as_text=True) for t in tokens]
    bodies.append(client.get("/games.csv").get_data(as_text=True))
    return bodies


sqlite_only = pytest.mark.skipif(
    "postgresql" in os.environ.get("DATABASE_URL", ""),
    reason="the backup command is for SQLite; PostgreSQL is backed up with pg_dump",
)


@sqlite_only
def test_a_backup_is_a_consistent_sqlite_copy_taken_while_the_app_serves(
    app, client, runner, tmp_path
):
    tokens = played_games(client)
    target = tmp_path / "backup.sqlite3"
    result = runner.invoke(args=["backup", str(target)])
    assert result.exit_code == 0, result.output
    with sqlite3.connect(target) as copy:
        assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        stored = copy.execute("SELECT edit_token FROM game ORDER BY id").fetchall()
        hands = copy.execute("SELECT count(*) FROM hand").fetchone()
    assert [t for (t,) in stored] == tokens
    assert hands == (4,)


@sqlite_only
def test_a_backup_never_overwrites_a_file(app, runner, tmp_path):
    target = tmp_path / "taken.sqlite3"
    target.write_text("keep me")
    result = runner.invoke(args=["backup", str(target)])
    assert result.exit_code != 0
    assert "exists" in result.output
    assert target.read_text() == "keep me"


def test_exported_games_imported_into_an_empty_database_give_identical_csv_exports(
    app, client, runner, tmp_path
):
    tokens = played_games(client)
    before = exports(client, tokens)
    dump = tmp_path / "games.json"
    assert runner.invoke(args=["export-games", str(dump)]).exit_code == 0
    assert "edit_token" in dump.read_text(encoding="utf-8")

    with app.app_context():  # an empty database: the same one, emptied
        db.drop_all()
        db.create_all()
    assert counts(app) == (0, 0)
    result = runner.invoke(args=["import-games", str(dump)])
    assert result.exit_code == 0, result.output
    assert counts(app) == (2, 4)
    assert exports(client, tokens) == before


def test_import_refuses_a_database_that_already_holds_games(app, client, runner, tmp_path):
    played_games(client)
    dump = tmp_path / "games.json"
    runner.invoke(args=["export-games", str(dump)])
    result = runner.invoke(args=["import-games", str(dump)])
    assert result.exit_code != 0
    assert "already holds games" in result.output
    assert counts(app) == (2, 4)


def test_import_refuses_a_file_with_an_unplayable_hand_and_writes_nothing(
    app, client, runner, tmp_path
):
    played_games(client)
    dump = tmp_path / "games.json"
    runner.invoke(args=["export-games", str(dump)])
    document = json.loads(dump.read_text(encoding="utf-8"))
    document["games"][0]["hands"][0]["tricks_0"] = 9  # the tricks no longer add up to 13
    dump.write_text(json.dumps(document), encoding="utf-8")
    with app.app_context():
        db.drop_all()
        db.create_all()
    result = runner.invoke(args=["import-games", str(dump)])
    assert result.exit_code != 0
    assert "game 1" in result.output
    assert counts(app) == (0, 0)


def test_the_commands_are_offered_by_flask(tmp_path):
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'x.sqlite3'}"})
    names = set(app.cli.list_commands(None))
    assert {"backup", "export-games", "import-games"} <= names
