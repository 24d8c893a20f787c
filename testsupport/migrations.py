"""The migrations run in the test process through Alembic's API, on a SQLite file or on a scratch
PostgreSQL database of a test's own; the rows an older schema held, stored as the app of its day
stored them, and the proof that a migration keeps them.

Alembic runs inside an app bound to the database (migrations/env.py takes the engine from
`current_app.extensions["migrate"].db`), with a Config that names no file: env.py then leaves
the process's logging alone. A Config read from alembic.ini, as `flask db` makes it, would have
env.py apply the file's logging sections to the test process, disabling every logger the tests
had made. Only testsupport/live_server.py's `migrate` still runs `flask db upgrade` in a child
process, as `make run` does before it starts a server.
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.script import Script, ScriptDirectory
from flask.testing import FlaskClient
from sqlalchemy.engine import Connection
from sqlalchemy.engine.interfaces import ReflectedColumn

import scoring
from extensions import db
from testsupport.apps import app_on
from testsupport.database import pass_is_postgresql, postgresql_database
from testsupport.live_server import ROOT
from testsupport.playing import game_page

MIGRATIONS = ROOT / "migrations"

# The game store_old_game stores: its links, and the phone it was started on.
GAME_LINK = "oldgameeditlink00000000"
GAME_VIEW_LINK = "oldgameviewlink00000000"
PHONE = "phoneofthetable0000000"
# The table store_old_table stores the game at, made on another phone than the game's.
TABLE_LINK = "oldtableeditlink0000000"
TABLE_VIEW_LINK = "oldtableviewlink0000000"
OTHER_PHONE = "someoneelse"
# The tournament store_played_round stores.
TOURNAMENT_LINK = "oldtournamenteditlink00"
# The tables a tournament's played round needs, from tournament rounds (d2f4a6c8e0b1) on.
ROUND_TABLES = {"tournament", "tournament_team", "tournament_round", "tournament_game"}

# Each table's columns, by name, as SQLAlchemy's inspector describes them.
Schema = dict[str, dict[str, ReflectedColumn]]


def alembic_config() -> Config:
    """Alembic's settings for the project's migrations, read from no file: env.py only sets up
    logging (fileConfig, which disables every logger it does not name) when there is one."""
    config = Config(stdout=io.StringIO())  # "No new upgrade operations detected." is no news
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def revisions() -> list[Script]:
    """Every migration, oldest first, as Alembic finds them in migrations/versions."""
    return list(reversed(list(ScriptDirectory.from_config(alembic_config()).walk_revisions())))


@contextmanager
def scratch_database(folder: Path) -> Iterator[str]:
    """The URL of an empty database of the kind this pass runs on: a new PostgreSQL database on
    DATABASE_URL's server (dropped after) in the PostgreSQL pass, else a SQLite file in
    `folder`."""
    if pass_is_postgresql():
        with postgresql_database(os.environ["DATABASE_URL"], "spades_migrations") as own:
            yield own
    else:
        yield f"sqlite:///{folder / 'spades.sqlite3'}"


class Database:
    """A database the migrations are run on in this process, through an app bound to it (the
    app migrations/env.py reads the engine from), which also serves the pages a test reads after
    a migration. Every step lets go of the engine's connections, so that no SQLite file is held
    open between steps."""

    def __init__(self, url: str) -> None:
        """Bind an app to the database at `url`, as it is."""
        self.url = url
        # Nothing read is kept between requests, so that a page read after a migration is
        # read from the database as a server started after it would, not from before it.
        self.app = app_on(url, REPLAY_HANDS_KEPT=0, RENDER_CHARACTERS_KEPT=0, CAREER_STATS_KEPT=0)

    @contextmanager
    def engine(self) -> Iterator[sa.Engine]:
        """The app's engine inside its app context, disposed of when the block ends."""
        with self.app.app_context():
            try:
                yield db.engine
            finally:
                db.session.remove()
                db.engine.dispose()

    def upgrade(self, revision: str = "head") -> None:
        """Migrate up to `revision`, the newest by default."""
        self.let_go()
        with self.engine():
            command.upgrade(alembic_config(), revision)

    def downgrade(self, revision: str) -> None:
        """Migrate down to `revision`."""
        self.let_go()
        with self.engine():
            command.downgrade(alembic_config(), revision)

    def check(self) -> None:
        """Fail unless the schema is the one the models describe: Alembic's autogenerate finds
        nothing to add, drop or change (what `flask db check` reports)."""
        with self.engine():
            command.check(alembic_config())

    @contextmanager
    def connect(self) -> Iterator[Connection]:
        """A connection in a transaction, committed when the block ends."""
        with self.engine() as engine, engine.begin() as connection:
            yield connection

    def rows(self, query: str, **params: Any) -> list[tuple]:
        """The rows of a query (SQL that SQLite and PostgreSQL both take), as tuples."""
        with self.connect() as connection:
            return [tuple(row) for row in connection.execute(sa.text(query), params)]

    def schema(self) -> Schema:
        """Each table's columns, by name, as SQLAlchemy's inspector describes them."""
        with self.connect() as connection:
            return schema_of(connection)

    def client(self) -> FlaskClient:
        """A test client of the app of today on the database as it is now."""
        return self.app.test_client()

    def let_go(self) -> None:
        """Let go of every connection to the database: before a migration, so that no request
        before it holds the database open, and after the test."""
        with self.app.app_context():
            db.session.remove()
            db.engine.dispose()


def schema_of(connection: Connection) -> Schema:
    """Each table's columns, by name, as SQLAlchemy's inspector describes them."""
    inspector = sa.inspect(connection)
    return {
        table: {column["name"]: column for column in inspector.get_columns(table)}
        for table in inspector.get_table_names()
    }


def store_old_game(connection: Connection) -> str:
    """Store a game of one hand straight into an older schema (the first one or any later), as
    the app of its day did: only the columns of the first schema, every later one being empty or
    having a default. Its edit token. The hand: bids 4, 3, Nil, 5 and tricks 5, 3, 0, 5, which
    the rules of today score 141 to 80."""
    game = connection.execute(
        sa.text(
            "INSERT INTO game (edit_token, view_token, device, created_at, team_0, team_1,"
            " player_0, player_1, player_2, player_3, first_dealer, preset, rules, version)"
            " VALUES (:edit, :view, :phone, '2026-11-01 20:00:00', 'Team A', 'Team B', 'N', 'E',"
            " 'S', 'W', 0, :preset, :rules, 1) RETURNING id"
        ).bindparams(sa.bindparam("rules", type_=sa.JSON())),
        {
            "edit": GAME_LINK,
            "view": GAME_VIEW_LINK,
            "phone": PHONE,
            "preset": scoring.DEFAULT_PRESET,
            "rules": scoring.PRESETS[scoring.DEFAULT_PRESET].rules.to_dict(),
        },
    ).scalar_one()
    connection.execute(
        sa.text(
            "INSERT INTO hand (game_id, number, bid_0, bid_1, bid_2, bid_3, tricks_0, tricks_1,"
            " tricks_2, tricks_3, created_at) VALUES (:game, 1, '4', '3', 'nil', '5', 5, 3, 0, 5,"
            " '2026-11-01 20:10:00')"
        ),
        {"game": game},
    )
    return GAME_LINK


def store_old_table(connection: Connection) -> None:
    """Store a table, made on OTHER_PHONE, and put the game `store_old_game` stored at it (from
    tables and series, d5e9a3b8c2f4, on)."""
    table = connection.execute(
        sa.text(
            "INSERT INTO card_table (name, edit_token, view_token, device, created_at, version)"
            " VALUES ('Friday club', :edit, :view, :phone, '2026-11-01 19:00:00', 0)"
            " RETURNING id"
        ),
        {"edit": TABLE_LINK, "view": TABLE_VIEW_LINK, "phone": OTHER_PHONE},
    ).scalar_one()
    connection.execute(
        sa.text("UPDATE game SET table_id = :table WHERE edit_token = :game"),
        {"table": table, "game": GAME_LINK},
    )


def store_played_round(connection: Connection) -> None:
    """Store a tournament with two teams and one round whose one table plays the game
    `store_old_game` stored (from tournament rounds, d2f4a6c8e0b1, on)."""

    def insert(statement: str, **params: Any) -> int:
        """Run one INSERT ... RETURNING id; the new row's id."""
        return connection.execute(sa.text(statement), params).scalar_one()

    tournament = insert(
        "INSERT INTO tournament (name, edit_token, view_token, created_at, preset, rules, format,"
        " version) VALUES ('Night', :edit, 'oldtournamentviewlink00', '2026-12-04 19:00:00',"
        " 'gamelake', '{}', 'swiss', 0) RETURNING id",
        edit=TOURNAMENT_LINK,
    )
    teams = [
        insert(
            "INSERT INTO tournament_team (tournament_id, entry, name, player_0, player_1)"
            " VALUES (:tournament, :entry, :name, :first, :second) RETURNING id",
            tournament=tournament,
            entry=entry,
            name=name,
            first=first,
            second=second,
        )
        for entry, name, first, second in ((1, "A", "a", "b"), (2, "B", "c", "d"))
    ]
    played = insert(
        "INSERT INTO tournament_round (tournament_id, number, started_at)"
        " VALUES (:tournament, 1, '2026-12-04 19:00:00') RETURNING id",
        tournament=tournament,
    )
    connection.execute(
        sa.text(
            'INSERT INTO tournament_game (round_id, "table", game_id, north_south_id,'
            " east_west_id) SELECT :round, 1, id, :north_south, :east_west FROM game"
            " WHERE edit_token = :game"
        ),
        {"round": played, "north_south": teams[0], "east_west": teams[1], "game": GAME_LINK},
    )


@dataclass(frozen=True)
class OldRows:
    """What an older schema held when the old rows were stored: each table's columns, and the
    rows of each table, their values in those columns (sorted, since no order is promised)."""

    schema: Schema
    rows: dict[str, list[tuple]]


def rows_in(connection: Connection, columns: dict[str, list[str]]) -> dict[str, list[tuple]]:
    """Every row of each table, its values in the columns named."""
    found = {}
    for table, names in columns.items():
        every_row = sa.table(table, *(sa.column(name) for name in names)).select()
        found[table] = sorted((tuple(row) for row in connection.execute(every_row)), key=repr)
    return found


def store_old_rows(database: Database) -> OldRows:
    """Store the rows an older schema can hold: a game with a hand; where the schema has
    tables, the game at a table; where it has tournament rounds, a tournament with a played
    round. What the database then holds."""
    with database.connect() as connection:
        schema = schema_of(connection)
        store_old_game(connection)
        if "card_table" in schema:
            store_old_table(connection)
        if schema.keys() >= ROUND_TABLES:
            store_played_round(connection)
        # The revision a database is at is no row of the app's: it moves with every step.
        tables = {t: list(columns) for t, columns in schema.items() if t != "alembic_version"}
        return OldRows(schema, rows_in(connection, tables))


def assert_kept(database: Database, old: OldRows) -> None:
    """Check that every row stored in the older schema is still there, each value as it was in
    the columns that schema had, and that no row came."""
    with database.connect() as connection:
        now = rows_in(connection, {table: list(old.schema[table]) for table in old.rows})
    for table, rows in old.rows.items():
        assert now[table] == rows, f"the rows of {table} changed"


def assert_read_today(database: Database) -> None:
    """Check that the app of today, on the upgraded database, scores the old game's hand 141 to
    80."""
    assert game_page(database.client(), GAME_LINK).totals() == (141, 80)


def assert_schema_as_before(database: Database, old: OldRows) -> None:
    """Check that the database has the tables and columns it had when the old rows were stored:
    a downgrade takes away what the upgrades added, on SQLite as on PostgreSQL."""
    now = database.schema()
    assert now.keys() == old.schema.keys(), "the downgrade left or took tables"
    for table, columns in old.schema.items():
        assert now[table].keys() == columns.keys(), f"the columns of {table} differ"


def upgrade_keeping_old_rows(database: Database, before: str) -> OldRows:
    """Migrate an empty database to `before`, store the old rows there, migrate on to the newest
    revision and check that they are kept; what the database held at `before`."""
    database.upgrade(before)
    old = store_old_rows(database)
    database.upgrade()
    assert_kept(database, old)
    assert_read_today(database)
    return old
