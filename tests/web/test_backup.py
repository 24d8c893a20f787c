"""A backup keeps everything: `flask export-games` writes every table and column of the models to
one file, and `flask import-games` loads it into an empty database, where every link answers as
it did (a tournament's standings and games too) and the app goes on giving new rows fresh
ids."""

from __future__ import annotations

import json

from extensions import db
from testsupport.backups import (
    answer,
    every_row,
    everything_answered,
    exported,
    imported,
    play_evening,
)
from testsupport.builders import TOURNAMENT_HANDS, hands_entered, tournament_in_round
from testsupport.playing import enter, link_on, rematch, replace_link
from testsupport.tables import FIRST_PAIRING, NORTH_SOUTH_WIN, TO_100, make_table, start_at_table
from testsupport.tournaments import DOWNLOADS
from web.device import DEVICE_COOKIE


def same_phone(client, app):
    """A client of `app` holding the device cookie `client` holds: the same phone."""
    phone = app.test_client()
    phone.set_cookie(DEVICE_COOKIE, client.get_cookie(DEVICE_COOKIE).value)
    return phone


def test_a_clubs_evening_imported_into_an_empty_app_answers_every_link_as_before(
    client, runner, second_app, tmp_path
):
    evening = play_evening(client)
    before = everything_answered(client, evening)
    assert [before[gone][0] for gone in evening.gone] == [410, 410, 410]
    # The tournament's pages (its two tables' links lead to their games in round 1, then table
    # 1's game and table 2's ruling page), then its replaced director's, watch and table links.
    statuses = [200] * 3 + [303] * 2 + [200] * 2 + [410] * 3
    assert [before[page][0] for page in evening.tournament] == statuses
    assert {status for status, *_ in before.values()} == {200, 303, 410}
    dump = tmp_path / "backup.json"
    exported(runner, dump)

    other = second_app()
    imported(other, dump)
    after = everything_answered(same_phone(client, other), evening)
    assert [path for path in before if after[path] != before[path]] == []
    assert after == before


def test_every_column_of_every_table_goes_into_the_file_and_comes_back_identical(
    app, client, runner, second_app, tmp_path
):
    play_evening(client)
    rows = every_row(app)
    # Every table holds rows, so a column the file leaves out would show in the comparison.
    assert [name for name, held in rows.items() if not held] == []
    document = exported(runner, tmp_path / "backup.json")
    with app.app_context():
        tables = db.metadata.sorted_tables
    assert sorted(document["tables"]) == sorted(table.name for table in tables)
    for table in tables:
        written = document["tables"][table.name]
        assert written["columns"] == [column.name for column in table.columns], table.name
        assert len(written["rows"]) == len(rows[table.name]), table.name

    other = second_app()
    imported(other, tmp_path / "backup.json")
    assert every_row(other) == rows


def test_after_an_import_new_tables_games_hands_and_links_get_fresh_ids(
    client, runner, second_app, tmp_path
):
    table = make_table(client, "Friday club")
    game = start_at_table(client, table, best_of="3", **FIRST_PAIRING, **TO_100)
    enter(client, game, **NORTH_SOUTH_WIN)
    replace_link(client, f"/g/{game}", "view")
    exported(runner, tmp_path / "backup.json")

    other = second_app()
    imported(other, tmp_path / "backup.json")
    phone = same_phone(client, other)
    new_table = make_table(phone, "Saturday club")
    new_game = start_at_table(phone, new_table, **FIRST_PAIRING, **TO_100)
    enter(phone, new_game, **NORTH_SOUTH_WIN)
    next_game = rematch(phone, new_game)
    replace_link(phone, f"/t/{new_table}", "view")
    replace_link(phone, f"/g/{next_game}", "edit")
    assert phone.get(f"/tv/{link_on(phone, f'/t/{new_table}', '/tv')}").status_code == 200
    # What was imported is still there, beside the new rows.
    assert phone.get(f"/g/{game}").status_code == 200
    assert phone.get(f"/t/{table}").status_code == 200


def test_a_played_tournament_comes_back_with_the_same_standings_and_games(
    app, client, runner, second_app, tmp_path
):
    """A Swiss of four teams, games of two hands: round 1 played (North–South win both tables,
    122 to 120), round 2 started with a hand played at table 1. Team 1 and Team 3 share first
    place, Team 2 and Team 4 third; its pages and downloads answer the same from the backup."""
    # Built through the service layer: the backup is the subject here, not the director's walk.
    built = tournament_in_round(app, 4, 1, rounds=2, hands=2, start_next=True)
    hands_entered(app, built.rounds[1][0], [TOURNAMENT_HANDS["N"]])
    director, watch = built.director, built.watch
    paths = [f"/d/{director}", f"/w/{watch}", *(f"/w/{watch}/{name}" for name in DOWNLOADS)]
    before = {path: answer(client, path) for path in paths}
    assert {status for status, *_ in before.values()} == {200}
    ranked = json.loads(before[f"/w/{watch}/standings.json"][3])["standings"]
    assert [(row["place"], row["team"], row["points"]) for row in ranked] == [
        (1, "Team 1", 122),
        (1, "Team 3", 122),
        (3, "Team 2", 120),
        (3, "Team 4", 120),
    ]
    exported(runner, tmp_path / "backup.json")

    other = second_app()
    imported(other, tmp_path / "backup.json")
    phone = other.test_client()
    assert {path: answer(phone, path) for path in paths} == before
