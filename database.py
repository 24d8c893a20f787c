"""The database engine: which URL, and how SQLite connections are made safe for several workers.

The hooks are attached to the app's own engine, not to SQLAlchemy's global Engine class.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask
from sqlalchemy import event

from extensions import db

# How long an SQLite writer waits for another's lock before giving up. Generous: a machine
# pinned to one busy core must never turn a queue of saves into errors.
SQLITE_BUSY_MS = 15000
# Marks, on an SQLite connection, a transaction that has begun writing.
HOLDS_WRITE_LOCK = "holds_write_lock"
# The statements that change nothing: reads, and the control of the transaction itself. Any
# other (INSERT, UPDATE, DELETE, a schema change, a savepoint) is the start of a write.
NOT_WRITES = frozenset(
    {"SELECT", "WITH", "PRAGMA", "BEGIN", "COMMIT", "END", "ROLLBACK", "RELEASE"}
)


def database_url(url: str | None, sqlite_path: Path | None) -> str:
    """The SQLAlchemy URL: DATABASE_URL with psycopg 3 for PostgreSQL, else the SQLite file."""
    if not url:
        return f"sqlite:///{sqlite_path}"
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def init_app(app: Flask) -> None:
    """Bind the database to the app; on SQLite, tune every connection of the app's engine.

    On SQLite a transaction reads without the write lock, and its first write statement takes
    it (see `take_write_lock`): the lock is held only while a write is written and committed,
    not while its request reads the game, checks the hand and makes its answer.
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
        # Let the hooks below issue BEGIN, so that a write can take the lock when it starts.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_MS}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def sqlite_begin(connection: Any) -> None:
        """Start a transaction as a read: it sees one snapshot and holds no lock."""
        connection.info[HOLDS_WRITE_LOCK] = False
        connection.exec_driver_sql("BEGIN")

    @event.listens_for(engine, "before_cursor_execute")
    def take_write_lock(
        connection: Any, cursor: Any, statement: str, *args: Any, **kwargs: Any
    ) -> None:
        """Before a transaction's first change (see `is_write`), end its read and start again
        with BEGIN IMMEDIATE, which waits its turn for the write lock.

        A read that goes on into a write cannot wait for the lock: SQLite refuses it at once
        with "database is locked" when another writer holds it or wrote since the read began.
        What was read stays valid for the write only as far as the write itself checks it:
        every write here claims its game at the version it read (games.claims.claim), or adds
        a row that a unique constraint keeps single, and is refused whole otherwise.
        """
        if connection.info.get(HOLDS_WRITE_LOCK, True) or not is_write(statement):
            return
        connection.info[HOLDS_WRITE_LOCK] = True
        cursor.execute("COMMIT")  # only a read so far: nothing to keep but the snapshot's end
        cursor.execute("BEGIN IMMEDIATE")


def is_write(statement: str) -> bool:
    """Whether an SQL statement may change the database (rows or schema), by its first word."""
    words = statement.split(None, 1)
    return bool(words) and words[0].upper() not in NOT_WRITES
