"""The operator's commands: a live backup, and every stored row exported to JSON and back (the
version-1 files of games the first export-games wrote too)."""

from __future__ import annotations

import json
import os
import sqlite3

import pytest
from sqlalchemy import select
from sqlalchemy.orm import selectinload

from app import create_app
from extensions import db
from games.backup import FORMAT
from records.games import HAND_INPUTS, GameRecord
from testsupport.backups import answer
from testsupport.database import counts
from testsupport.playing import NAMES, enter, rematch, start_game
from testsupport.tables import NORTH_SOUTH_WIN, TO_100

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


# The fields of a game in a version-1 file, as the first export-games wrote them.
VERSION_1_GAME_FIELDS = (
    "edit_token",
    "view_token",
    "device",
    "team_0",
    "team_1",
    "player_0",
    "player_1",
    "player_2",
    "player_3",
    "first_dealer",
    "preset",
    "rules",
    "version",
)


def version_1_file(app, path) -> dict:
    """Write the stored games to `path` as the first export-games did (format version 1: each
    game's fields, its hands' inputs, a rematch by its place in the file); the document."""
    with app.app_context():
        stored = db.session.scalars(
            select(GameRecord).order_by(GameRecord.id).options(selectinload(GameRecord.hands))
        ).all()
        place = {game.id: n for n, game in enumerate(stored)}
        games = [
            {field: getattr(game, field) for field in VERSION_1_GAME_FIELDS}
            | {
                "created_at": game.created_at.isoformat(),
                "rematch_of": place.get(game.rematch_of),
                "hands": [
                    {"number": hand.number} | {field: getattr(hand, field) for field in HAND_INPUTS}
                    for hand in game.hands
                ],
            }
            for game in stored
        ]
        db.session.remove()
    document = {"format": FORMAT, "version": 1, "games": games}
    path.write_text(json.dumps(document), encoding="utf-8")
    return document


def emptied(app) -> None:
    """Drop the app's tables and make them again, empty."""
    with app.app_context():
        db.drop_all()
        db.create_all()
    assert counts(app) == (0, 0)


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

    emptied(app)  # an empty database: the same one, emptied
    result = runner.invoke(args=["import-games", str(dump)])
    assert result.exit_code == 0, result.output
    assert counts(app) == (2, 4)
    assert exports(client, tokens) == before


def test_a_version_1_file_imported_into_an_empty_database_gives_the_same_pages_and_csv(
    app, client, runner, tmp_path
):
    tokens = played_games(client)
    won = start_game(client, **NAMES, **TO_100)
    enter(client, won, **NORTH_SOUTH_WIN)
    tokens += [won, rematch(client, won)]  # a rematch travels by its place in the file
    enter(client, tokens[-1], **HANDS[0])
    before = exports(client, tokens), [answer(client, f"/g/{token}") for token in tokens]
    dump = tmp_path / "games.json"
    version_1_file(app, dump)

    emptied(app)
    result = runner.invoke(args=["import-games", str(dump)])
    assert result.exit_code == 0, result.output
    assert counts(app) == (4, 6)
    assert (exports(client, tokens), [answer(client, f"/g/{token}") for token in tokens]) == before


def test_import_refuses_a_database_that_already_holds_games(app, client, runner, tmp_path):
    played_games(client)
    dump = tmp_path / "games.json"
    runner.invoke(args=["export-games", str(dump)])
    result = runner.invoke(args=["import-games", str(dump)])
    assert result.exit_code != 0
    assert "the database is not empty (game: 2 rows, hand: 4 rows)" in result.output
    assert counts(app) == (2, 4)


def test_import_refuses_a_file_with_an_unplayable_hand_and_writes_nothing(
    app, client, runner, tmp_path
):
    played_games(client)
    dump = tmp_path / "games.json"
    document = version_1_file(app, dump)
    document["games"][0]["hands"][0]["tricks_0"] = 9  # the tricks no longer add up to 13
    dump.write_text(json.dumps(document), encoding="utf-8")
    emptied(app)
    result = runner.invoke(args=["import-games", str(dump)])
    assert result.exit_code != 0
    assert "game 1 does not replay" in result.output
    assert counts(app) == (0, 0)


def test_an_export_into_a_folder_that_does_not_exist_says_so(app, client, runner, tmp_path):
    played_games(client)
    result = runner.invoke(args=["export-games", str(tmp_path / "no such folder" / "g.json")])
    assert result.exit_code != 0
    assert "cannot be written: No such file or directory" in result.output


def test_the_commands_are_offered_by_flask(tmp_path):
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'x.sqlite3'}"})
    names = set(app.cli.list_commands(None))
    assert {"backup", "export-games", "import-games"} <= names
