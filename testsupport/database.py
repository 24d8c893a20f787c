"""The app's database seen from a test: its rows read straight from it, the queries a request
sends it (also counted by `make bench`), and a PostgreSQL database of a test's or a benchmark's
own.
"""

from __future__ import annotations

import os
import uuid
from contextlib import contextmanager
from urllib.parse import urlsplit

from sqlalchemy import event, select

from extensions import db
from records.games import GameRecord, HandRecord


def snapshot(app) -> tuple[list[tuple], list[tuple]]:
    """Every stored game and hand row, column by column, to prove nothing was changed."""
    with app.app_context():
        games = [_row(g) for g in db.session.scalars(select(GameRecord).order_by(GameRecord.id))]
        hands = [_row(h) for h in db.session.scalars(select(HandRecord).order_by(HandRecord.id))]
        db.session.remove()
    return games, hands


def _row(obj) -> tuple:
    """The column values of a model instance."""
    return tuple(getattr(obj, c.key) for c in obj.__mapper__.column_attrs)


def counts(app) -> tuple[int, int]:
    """How many games and hands are stored."""
    games, hands = snapshot(app)
    return len(games), len(hands)


def stored_game(app, token: str) -> GameRecord:
    """The stored game behind an edit token (detached, columns loaded)."""
    with app.app_context():
        game = db.session.scalar(select(GameRecord).where(GameRecord.edit_token == token))
        assert game is not None, token
        db.session.expunge(game)
        db.session.remove()
    return game


def stored_hands(app, token: str) -> list[HandRecord]:
    """The stored hands of a game, in order (detached, columns loaded)."""
    with app.app_context():
        game = db.session.scalar(select(GameRecord).where(GameRecord.edit_token == token))
        hands = list(
            db.session.scalars(
                select(HandRecord).where(HandRecord.game_id == game.id).order_by(HandRecord.number)
            )
        )
        for hand in hands:
            db.session.expunge(hand)
        db.session.remove()
    return hands


def game_tokens(app) -> list[tuple[str, str]]:
    """Every stored game's (edit token, view token), oldest first."""
    with app.app_context():
        rows = db.session.execute(
            select(GameRecord.edit_token, GameRecord.view_token).order_by(GameRecord.id)
        )
        return [tuple(row) for row in rows]


def view_token_of(app, edit_token: str) -> str:
    """The view link's token of the game behind an edit token, read from the database."""
    with app.app_context():
        token = db.session.scalar(
            select(GameRecord.view_token).where(GameRecord.edit_token == edit_token)
        )
    assert token is not None, f"no game with edit token {edit_token}"
    return token


# The most queries any page or saved hand may send, however many hands its game has (issue #17):
# checked by tests/web/test_query_counts.py and by `make bench`.
MAX_QUERIES = 4
# Transaction control and connection settings are not queries a page asks for. (SQLite needs
# an explicit BEGIN, which the app sends; PostgreSQL's driver begins on its own, so counting
# it would make a count depend on the database.)
NOT_QUERIES = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE", "PRAGMA")


@contextmanager
def queries_sent(app):
    """Collect the queries the app sends its database inside the block, less transaction control.

    On SQLite, SQLite itself reports every statement, those the unchanged-poll shortcut sends
    on a driver connection included; elsewhere SQLAlchemy's events see all but those.
    """
    with app.app_context():
        engine = db.engine
    statements: list[str] = []

    def keep(statement: str) -> None:
        """Keep a statement that asks the database something."""
        if not statement.lstrip().upper().startswith(NOT_QUERIES):
            statements.append(statement)

    def trace(dbapi_connection, record, proxy):
        """Have SQLite report the statements of a connection taken from the pool."""
        dbapi_connection.set_trace_callback(keep)

    def untrace(dbapi_connection, record):
        """Stop reporting once it goes back to the pool."""
        dbapi_connection.set_trace_callback(None)

    def before_cursor_execute(conn, cursor, statement, parameters, context, executemany):
        """Keep a statement SQLAlchemy is about to send."""
        keep(statement)

    if engine.dialect.name == "sqlite":
        listeners = [("checkout", trace), ("checkin", untrace)]
    else:
        listeners = [("before_cursor_execute", before_cursor_execute)]
    for name, listener in listeners:
        event.listen(engine, name, listener)
    try:
        yield statements
    finally:
        for name, listener in listeners:
            event.remove(engine, name, listener)


def pass_is_postgresql() -> bool:
    """Whether this pass of the suite runs on PostgreSQL (DATABASE_URL names a server); else it
    runs on SQLite."""
    return os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql"))


@contextmanager
def postgresql_database(url: str, prefix: str = "spades_scratch", connect_timeout: int = 5):
    """A new, empty database on the PostgreSQL server of `url`, dropped afterwards with whatever
    is still connected to it; yields its URL (the scheme of `url` kept). Other databases on the
    server, the one `url` names included, are left alone."""
    import psycopg
    from psycopg import sql

    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    conninfo = url.replace("+psycopg", "")  # SQLAlchemy's name of the driver, not libpq's

    def admin(statement: sql.Composed) -> None:
        """Run one statement on the server, outside any transaction (as CREATE DATABASE must)."""
        with psycopg.connect(conninfo, autocommit=True, connect_timeout=connect_timeout) as db:
            db.execute(statement)

    admin(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield urlsplit(url)._replace(path=f"/{name}").geturl()
    finally:
        admin(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
