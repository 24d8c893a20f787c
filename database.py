"""The database engine: which URL, and how SQLite connections are made safe for several workers.

The hooks are attached to the app's own engine, not to SQLAlchemy's global Engine class, and
whether a transaction writes is asked of the caller (`writing`), not guessed here.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from flask import Flask
from sqlalchemy import event

from extensions import db

# How long an SQLite writer waits for another's lock before giving up. Generous: a machine
# pinned to one busy core must never turn a queue of saves into errors.
SQLITE_BUSY_MS = 15000


def database_url(url: str | None, sqlite_path: Path | None) -> str:
    """The SQLAlchemy URL: DATABASE_URL with psycopg 3 for PostgreSQL, else the SQLite file."""
    if not url:
        return f"sqlite:///{sqlite_path}"
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def init_app(
    app: Flask, writing: Callable[[], bool], wrote: Callable[[], None] | None = None
) -> None:
    """Bind the database to the app; on SQLite, tune every connection of the app's engine.

    `writing` tells whether the transaction about to begin belongs to a write, so that it
    takes SQLite's write lock at once (BEGIN IMMEDIATE) instead of failing half-way; `wrote`
    is told of every commit, so that what a write reads after its commit (the page it answers
    with) can be a plain read that leaves the lock to the next writer.
    """
    options = app.config.setdefault("SQLALCHEMY_ENGINE_OPTIONS", {})
    # Never write a query's values into an error or a log: they hold game links.
    options.setdefault("hide_parameters", True)
    if not app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        # A server restarted or failed over drops the pool's connections: test each one before
        # use, so that the next save goes through instead of failing on a dead connection.
        options.setdefault("pool_pre_ping", True)
    db.init_app(app)
    with app.app_context():
        engine = db.engine
    if engine.dialect.name != "sqlite":
        return

    @event.listens_for(engine, "connect")
    def sqlite_pragmas(dbapi_connection: Any, connection_record: Any) -> None:
        """Make each SQLite connection safe for several workers: WAL, a busy wait, foreign keys."""
        # Let the "begin" hook below issue BEGIN, so that writes can take the lock up front.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_MS}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def sqlite_begin(connection: Any) -> None:
        """Start a write with BEGIN IMMEDIATE, so that concurrent writers wait their turn.

        A deferred transaction that reads and then writes cannot wait for the lock: SQLite
        refuses it at once with "database is locked" when another writer got there first.
        """
        connection.exec_driver_sql("BEGIN IMMEDIATE" if writing() else "BEGIN")

    if wrote is not None:

        @event.listens_for(engine, "commit")
        def sqlite_commit(connection: Any) -> None:
            """Tell the app that a write was committed."""
            wrote()
