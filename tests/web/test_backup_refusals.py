"""import-games loads a file whole or not at all: a file it cannot load, or a database that is
not empty, is refused in one line with a non-zero exit, and not one row is written."""

from __future__ import annotations

import json

import pytest

from extensions import db
from games.backup import FORMAT, VERSION
from testsupport.backups import every_row
from testsupport.playing import enter, rematch, replace_link
from testsupport.tables import FIRST_PAIRING, NORTH_SOUTH_WIN, TO_100, make_table, start_at_table


@pytest.fixture
def backup_file(app, client, runner, tmp_path):
    """A file export-games wrote of a table with a game and its rematch (the first with a hand
    and a replaced view link), and the database emptied after."""
    table = make_table(client, "Friday club")
    game = start_at_table(client, table, best_of="3", **FIRST_PAIRING, **TO_100)
    enter(client, game, **NORTH_SOUTH_WIN)
    rematch(client, game)
    replace_link(client, f"/g/{game}", "view")
    path = tmp_path / "backup.json"
    result = runner.invoke(args=["export-games", str(path)])
    assert result.exit_code == 0, result.output
    with app.app_context():
        db.drop_all()
        db.create_all()
    return path


def refused(app, runner, path, words: str) -> None:
    """Run import-games on `path`: it must fail, saying `words` in one line, with every table
    of the database as it was."""
    before = every_row(app)
    result = runner.invoke(args=["import-games", str(path)])
    assert result.exit_code != 0, result.output
    assert words in result.output
    assert "nothing was imported" in result.output
    assert len(result.output.strip().splitlines()) == 1, result.output
    assert every_row(app) == before


def value(document: dict, table: str, column: str, row: int = 0):
    """Where a row's value sits in the document: its row list and its index there."""
    written = document["tables"][table]
    return written["rows"][row], written["columns"].index(column)


def set_value(document: dict, table: str, column: str, new, row: int = 0) -> None:
    """Change one value of one row in the document."""
    values, index = value(document, table, column, row)
    values[index] = new


def add_column(document: dict) -> None:
    """Give every game a column this app does not have."""
    written = document["tables"]["game"]
    written["columns"].append("colour")
    for row in written["rows"]:
        row.append("red")


def drop_a_value(document: dict) -> None:
    """Take the last value off the first hand's row."""
    document["tables"]["hand"]["rows"][0].pop()


SPOILED = {
    "a newer format version": (
        lambda d: d.update(version=VERSION + 1),
        f"format version {VERSION + 1}, newer than this app reads ({VERSION})",
    ),
    "another program's file": (
        lambda d: d.update(format="someone-elses-scores"),
        "not written by export-games",
    ),
    "tables not laid out as ours": (
        lambda d: d.update(tables=[]),
        "not laid out as export-games writes them",
    ),
    "an unknown table": (
        lambda d: d["tables"].update(scores={"columns": [], "rows": []}),
        "a table this app does not know: 'scores'",
    ),
    "an unknown column": (add_column, "a column this app does not know: game.colour"),
    "a row of the wrong length": (drop_a_value, "hand row 1 does not have one value per column"),
    "text where a number goes": (
        lambda d: set_value(d, "game", "first_dealer", "north"),
        "game row 1: first_dealer cannot be 'north'",
    ),
    "a name longer than its column": (
        lambda d: set_value(d, "game", "team_0", "R" * 41),
        "game row 1: team_0 cannot be 'RRRR",
    ),
    "a moment that is not one": (
        lambda d: set_value(d, "card_table", "created_at", "last friday"),
        "card_table row 1: created_at cannot be 'last friday'",
    ),
    "a required value missing": (
        lambda d: set_value(d, "game", "edit_token", None),
        "game row 1: edit_token is missing",
    ),
    "a hand of a game that is not in the file": (
        lambda d: set_value(d, "hand", "game_id", 999),
        "the hand rows do not load",
    ),
    "two games under one id": (
        lambda d: set_value(d, "game", "id", value(d, "game", "id", 0)[0][0], row=1),
        "the game rows do not load",
    ),
    "a column named twice": (
        lambda d: d["tables"]["card_table"]["columns"].__setitem__(1, "id"),
        "the file names a column of card_table twice",
    ),
    # Loaded, then found unplayable: every row written so far is rolled back.
    "rules that are not rules": (
        lambda d: set_value(d, "game", "rules", "gamelake"),
        "game 1 does not replay",
    ),
    "a word on a hand that no page gives": (
        lambda d: set_value(d, "hand", "verdict", "maybe"),
        "game 1: hand 1 has a word no page gives",
    ),
    "a hand whose tricks do not add up": (
        lambda d: set_value(d, "hand", "team_tricks_0", 9),
        "game 1 does not replay",
    ),
}


@pytest.mark.parametrize("spoil, words", SPOILED.values(), ids=SPOILED.keys())
def test_a_file_that_cannot_be_loaded_whole_is_refused_and_nothing_is_written(
    app, runner, backup_file, spoil, words
):
    document = json.loads(backup_file.read_text(encoding="utf-8"))
    spoil(document)
    backup_file.write_text(json.dumps(document), encoding="utf-8")
    refused(app, runner, backup_file, words)


@pytest.mark.parametrize(
    "text",
    [json.dumps({"format": FORMAT, "version": VERSION})[:-1] + ', "tab', "", "\xff\xfe not text"],
    ids=["cut short", "empty", "not UTF-8"],
)
def test_a_file_that_is_not_json_is_refused_and_nothing_is_written(app, runner, tmp_path, text):
    path = tmp_path / "backup.json"
    path.write_bytes(text.encode("latin-1"))
    refused(app, runner, path, "the file is not JSON")


NOT_EXPORTS = {
    "a list": ("[1, 2, 3]", "not written by export-games"),
    "a string": ('"spades"', "not written by export-games"),
    "no format": ('{"version": 2}', "not written by export-games"),
    "no version": (json.dumps({"format": FORMAT}), "format version is not one"),
    "version 1 without games": (
        json.dumps({"format": FORMAT, "version": 1, "games": [{"hands": 3}]}),
        "the file's games are not laid out as export-games wrote them",
    ),
}


@pytest.mark.parametrize("text, words", NOT_EXPORTS.values(), ids=NOT_EXPORTS.keys())
def test_json_that_is_not_an_export_is_refused_and_nothing_is_written(
    app, runner, tmp_path, text, words
):
    path = tmp_path / "backup.json"
    path.write_text(text, encoding="utf-8")
    refused(app, runner, path, words)


def test_a_database_that_holds_any_row_is_refused_and_keeps_its_rows(
    app, client, runner, backup_file
):
    make_table(client, "Saturday club")  # one table, no game yet
    refused(app, runner, backup_file, "the database is not empty (card_table: 1 row)")
    assert len(every_row(app)["card_table"]) == 1


def test_a_database_the_migrations_have_not_made_is_refused_both_ways_in_one_line(
    app, runner, backup_file, tmp_path
):
    with app.app_context():
        db.drop_all()
    for args in (["import-games", str(backup_file)], ["export-games", str(tmp_path / "out.json")]):
        result = runner.invoke(args=args)
        assert result.exit_code == 1, result.output
        assert "run `flask db upgrade` first" in result.output
        assert len(result.output.strip().splitlines()) == 1, result.output
    assert not (tmp_path / "out.json").exists()
