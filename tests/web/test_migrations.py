"""The migrations, run in the test process through Alembic's API on a database of the kind this
pass runs on: a SQLite file, or in the PostgreSQL pass (DATABASE_URL names a server) a scratch
PostgreSQL database of the test's own.

Every migration is taken from its parent to the newest revision, down again and up again, with
the rows an older schema held kept all the way and the schema the models describe at the end;
the tests after that one keep what one migration promises beyond it.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.script import Script

from testsupport.migrations import (
    GAME_LINK,
    PHONE,
    TABLE_LINK,
    Database,
    alembic_config,
    assert_kept,
    assert_read_today,
    assert_schema_as_before,
    pass_is_postgresql,
    revisions,
    scratch_database,
    upgrade_keeping_old_rows,
)
from testsupport.playing import enter, game_page, start_game
from testsupport.tournaments import make_tournament, table_tokens, watch_token


def every_migration() -> list:
    """A parameter for each revision that has a parent, found by Alembic, so a new migration is
    covered as soon as it is written; named by its file."""
    return [
        pytest.param(script, id=Path(script.path).stem)
        for script in revisions()
        if script.down_revision is not None
    ]


@pytest.fixture
def database(tmp_path) -> Iterator[Database]:
    """An empty database of this pass's kind, its connections let go of after the test."""
    with scratch_database(tmp_path) as url:
        database = Database(url)
        try:
            yield database
        finally:
            database.let_go()


@pytest.fixture(scope="module")
def upgraded(tmp_path_factory) -> Iterator[Database]:
    """A database of this pass's kind brought from empty to the newest revision, shared by the
    tests that only read its schema or add rows of their own."""
    with scratch_database(tmp_path_factory.mktemp("migrations")) as url:
        database = Database(url)
        try:
            database.upgrade()
            yield database
        finally:
            database.let_go()


def test_an_empty_database_upgraded_has_the_tables_and_columns_the_app_reads(upgraded):
    schema = upgraded.schema()
    assert {"game", "hand", "alembic_version"} <= schema.keys()
    game_columns = {"edit_token", "view_token", "device", "rules", "version", "first_dealer"}
    assert game_columns <= schema["game"].keys()
    assert {"game_id", "number", "bid_0", "tricks_3", "team_tricks_1"} <= schema["hand"].keys()


def test_the_models_and_the_newest_migration_agree(upgraded):
    upgraded.check()


def test_the_migrated_database_takes_a_new_game_and_a_tournament(upgraded):
    # The app runs on the migrated database exactly as on one made by create_all.
    client = upgraded.client()
    token = start_game(client)
    enter(client, token, bids=(4, 3, "nil", 5), tricks=(5, 3, 0, 5))
    # A: contract 4 made with 1 bag, South's Nil +100 → 141; B: contract 8 made → 80.
    assert game_page(client, token).totals() == (141, 80)
    director = make_tournament(client)
    assert client.get(f"/w/{watch_token(client, director)}").status_code == 200
    assert len(table_tokens(client, director)) == 2


def test_a_migration_leaves_the_logging_of_the_test_process_as_it_was(database):
    """Other tests read the app's logs: a migration run in process must not reconfigure them."""
    # alembic.ini's logging sections, read by fileConfig, would disable every logger made
    # before (the app's access log among them) and replace the root logger's handlers.
    made_before = logging.getLogger("testsupport.made_before_the_migration")
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    enabled = {
        name
        for name, logger in logging.Logger.manager.loggerDict.items()
        if isinstance(logger, logging.Logger) and not logger.disabled
    }
    database.upgrade()
    database.check()
    assert not made_before.disabled
    still_enabled = {name for name in enabled if not logging.getLogger(name).disabled}
    assert still_enabled == enabled
    assert (root.handlers, root.level) == (handlers, level)
    # Why nothing changed: env.py sets logging up only from a Config's file.
    assert alembic_config().config_file_name is None


def test_on_sqlite_the_migrations_copy_tables_unenforced_and_leave_foreign_keys_enforced(
    database,
):
    """Alembic alters a SQLite table by copying it and dropping the old one: migrations/env.py
    turns foreign keys off for the migrations, so that the drop deletes no row that refers to
    the table, and back on for the connection the app's pool gets back."""
    if pass_is_postgresql():
        pytest.skip("SQLite's pragma: PostgreSQL alters a table in place")
    enforced_at_drops = []

    def note_enforcement(connection, cursor, statement, *args) -> None:
        """Note whether SQLite enforces foreign keys as a table is dropped."""
        if statement.lstrip().upper().startswith("DROP TABLE"):
            (enforced,) = cursor.connection.execute("PRAGMA foreign_keys").fetchone()
            enforced_at_drops.append(enforced)

    with database.engine() as engine:
        sa.event.listen(engine, "before_cursor_execute", note_enforcement)
        try:
            command.upgrade(alembic_config(), "head")
        finally:
            sa.event.remove(engine, "before_cursor_execute", note_enforcement)
        # Every batch copy, the game table's among them, dropped its old table unenforced.
        assert enforced_at_drops and not any(enforced_at_drops)
        # The migrations' connection went back to the pool; the app takes it from there.
        assert engine.pool.checkedin() == 1
        with engine.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar_one() == 1


def test_on_sqlite_a_migration_that_leaves_a_row_referring_to_none_is_rolled_back(database):
    """With foreign keys unenforced, SQLite would keep a row referring to a row that is not
    there: migrations/env.py checks after each migration (PRAGMA foreign_key_check) and rolls
    the migration back, its DDL with it, when one is found."""
    if pass_is_postgresql():
        pytest.skip("SQLite's pragma: PostgreSQL enforces foreign keys in every migration")
    before = "c4d8e2f1a7b3"  # the next migration, d5e9a3b8c2f4, makes the card_table table
    database.upgrade(before)
    # A hand of no game, stored by a connection that enforces nothing (sqlite3's default).
    with closing(sqlite3.connect(sa.make_url(database.url).database)) as raw, raw:
        raw.execute(
            "INSERT INTO hand (game_id, number, bid_0, bid_1, bid_2, bid_3, created_at)"
            " VALUES (999, 1, '4', '3', '3', '3', '2026-11-01 20:10:00')"
        )
    with pytest.raises(RuntimeError, match=r"not there \(1 in all\): hand row 1 -> game"):
        database.upgrade()
    assert database.rows("SELECT version_num FROM alembic_version") == [(before,)]
    assert "card_table" not in database.schema()


@pytest.mark.parametrize("script", every_migration())
def test_each_migration_keeps_the_rows_stored_before_it_up_down_and_up_again(
    database, script: Script
):
    """Old rows stored at the revision's parent are kept, with the app of today reading the old
    game, up to the newest revision, down to the parent (whose schema comes back as it was) and
    up again, where the schema is the one the models describe."""
    before = script.down_revision
    assert isinstance(before, str), "a merge of two revisions: store the rows at which parent?"
    old = upgrade_keeping_old_rows(database, before)
    database.downgrade(before)
    assert_schema_as_before(database, old)
    assert_kept(database, old)
    database.upgrade()
    assert_kept(database, old)
    assert_read_today(database)
    database.check()


def test_a_game_stored_before_individual_play_gets_every_later_column_empty_and_takes_a_hand(
    database,
):
    # The hand comes through SQLite's copy of the hand table (checked on the way up).
    upgrade_keeping_old_rows(database, "b7e1c4d2a9f0")  # the schema before issue 16
    hand = database.schema()["hand"]
    assert hand["bid_3"]["nullable"] and not hand["bid_0"]["nullable"]
    with database.connect() as connection:
        query = sa.text(
            "SELECT table_id, best_of, series_version, table_generation, time_called_after,"
            " adjustments FROM game"
        ).columns(adjustments=sa.JSON)
        # No table, no series, time not called, no adjustment.
        assert [tuple(row) for row in connection.execute(query)] == [(None, None, 0, 0, None, [])]
    client = database.client()
    # Contracts 6 and 6: A make theirs (+60), B make theirs with a bag (+61).
    enter(client, GAME_LINK, bids=(3, 3, 3, 3), tricks=(3, 3, 3, 4))
    assert game_page(client, GAME_LINK).totals() == (201, 141)


def test_a_round_played_before_the_round_clock_gets_every_later_tournament_column_empty(database):
    upgrade_keeping_old_rows(database, "d2f4a6c8e0b1")  # the schema before the round clock
    # Time never called, not a playoff stage; no team withdrawn or late; no forfeit, no ruling.
    assert database.rows("SELECT time_called_at, playoff FROM tournament_round") == [(None, False)]
    assert database.rows("SELECT withdrawn_after, joined_after FROM tournament_team") == [
        (None, None),
        (None, None),
    ]
    assert database.rows("SELECT forfeit_to FROM tournament_game") == [(None,)]
    assert database.rows("SELECT count(*) FROM tournament_ruling") == [(0,)]


def test_a_game_stored_before_tables_joins_one_and_keeps_its_hand_down_and_up_again(database):
    before = "c4d8e2f1a7b3"  # the schema before issue 14
    upgrade_keeping_old_rows(database, before)
    client = database.client()
    made = client.post("/tables", data={"name": "Friday club"})
    assert made.status_code == 303
    table = made.headers["Location"].rsplit("/", 1)[-1]
    assert client.post(f"/g/{GAME_LINK}/table", data={"in_table": table}).status_code == 303
    assert game_page(client, GAME_LINK).totals() == (141, 80)
    database.downgrade(before)
    database.upgrade()
    # The downgrade dropped the game's two columns (on SQLite too) and the upgrade made them
    # again, empty.
    assert database.rows("SELECT count(*), max(table_id), max(best_of) FROM game") == [
        (1, None, None)
    ]
    # Joining the table moved the game's version on, so the game is no longer the old row; its
    # hand is.
    assert database.rows("SELECT count(*) FROM hand") == [(1,)]


def test_a_phone_that_played_at_a_table_before_the_edit_link_counts_is_still_offered_it(database):
    before = "e7a1c3f5b9d2"  # the schema before the edit-link counts
    old = upgrade_keeping_old_rows(database, before)
    client = database.client()
    # The table was made on another phone: this one knows it only by the game it played there.
    client.set_cookie("device", PHONE)
    assert f'href="/t/{TABLE_LINK}"' in client.get("/").text
    # The rule sets came after the table: the migration that makes them makes none for it.
    assert database.rows("SELECT count(*) FROM rule_set") == [(0,)]
    database.downgrade(before)
    database.upgrade()
    assert database.rows("SELECT table_generation FROM game") == [(0,)]
    assert_kept(database, old)


def test_the_playoff_downgrade_takes_its_stages_out_but_keeps_their_games_and_every_round(
    database,
):
    before = "a2c4e6f8b0d1"  # the schema before the playoff
    upgrade_keeping_old_rows(database, before)
    with database.connect() as connection:
        # A final after the round: a stage of the playoff, its table's game a copy of the
        # round's with links of its own.
        final_game = connection.execute(
            sa.text(
                "INSERT INTO game (edit_token, view_token, created_at, team_0, team_1, player_0,"
                " player_1, player_2, player_3, first_dealer, preset, rules, version)"
                " SELECT 'finaleditlink', 'finalviewlink', created_at, team_0, team_1, player_0,"
                " player_1, player_2, player_3, 0, preset, rules, 0 FROM game"
                " WHERE edit_token = :game RETURNING id"
            ),
            {"game": GAME_LINK},
        ).scalar_one()
        final = connection.execute(
            sa.text(
                "INSERT INTO tournament_round (tournament_id, number, started_at, playoff)"
                " SELECT tournament_id, 2, '2026-12-04 21:00:00', true FROM tournament_round"
                " WHERE number = 1 RETURNING id"
            )
        ).scalar_one()
        connection.execute(
            sa.text(
                'INSERT INTO tournament_game (round_id, "table", game_id, north_south_id,'
                " east_west_id) SELECT :final, 1, :game, north_south_id, east_west_id"
                " FROM tournament_game"
            ),
            {"final": final, "game": final_game},
        )
    database.downgrade(before)
    assert database.rows("SELECT number FROM tournament_round") == [(1,)]
    played = database.rows(
        "SELECT number FROM tournament_game JOIN tournament_round ON round_id = tournament_round.id"
    )
    assert played == [(1,)]
    assert database.rows("SELECT count(*) FROM tournament_team") == [(2,)]
    # The final's game stays, a game without a round; the round's keeps its hand.
    assert database.rows("SELECT count(*) FROM game") == [(2,)]
    assert database.rows("SELECT count(*) FROM hand") == [(1,)]
