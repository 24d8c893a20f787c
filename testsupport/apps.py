"""The app as the tests make it: on a database of its own, with the tests' settings.

A test process makes its schema once and starts each test from empty tables (`empty`): making
the app and its tables again for every test cost more than most tests themselves.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import Flask
from sqlalchemy import text

from app import create_app
from database import database_url
from extensions import db
from games.kept import Kept

# How long emptying the tables waits for another connection's lock before it fails.
LOCK_WAIT = "30s"


def app_on(url: str, **config: Any) -> Flask:
    """The app with the tests' settings (CSRF and rate limits off unless `config` says
    otherwise) on the database at `url` as it is: nothing is dropped or made."""
    return create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test-secret",
            "SQLALCHEMY_DATABASE_URI": database_url(url, None),
            "WTF_CSRF_ENABLED": False,
            # Tests post far faster than a table; the limits have tests of their own.
            "RATELIMIT_ENABLED": False,
            **config,
        }
    )


def fresh_app(folder: Path, **config: Any) -> Flask:
    """The app on an empty database (a SQLite file in `folder`, or DATABASE_URL when it is set),
    CSRF and rate limits off unless `config` says otherwise. On DATABASE_URL the tables are made
    where missing and emptied: every app of a test process shares that database's schema."""
    app = app_on(os.environ.get("DATABASE_URL") or f"sqlite:///{folder / 'test.sqlite3'}", **config)
    empty(app)
    return app


def empty(app: Flask) -> None:
    """Delete every stored row, numbering from 1 again, and forget what the app kept of them
    (its kept replays, stats and pages are keyed by ids that the next rows reuse). Tables a
    test dropped are made again first."""
    with app.app_context():
        db.session.remove()
        tables = db.metadata.sorted_tables
        with db.engine.begin() as connection:
            db.metadata.create_all(connection)  # only those missing: a look-up per table
            if connection.dialect.name == "postgresql":
                names = ", ".join(
                    connection.dialect.identifier_preparer.format_table(t) for t in tables
                )
                # A connection some test left in a transaction would hold the lock TRUNCATE
                # waits for: fail that test's successor with the reason instead of hanging.
                connection.execute(text(f"SET LOCAL lock_timeout = '{LOCK_WAIT}'"))
                connection.execute(text(f"TRUNCATE {names} RESTART IDENTITY CASCADE"))
            else:  # children before parents, so no foreign key is ever left dangling
                for table in reversed(tables):
                    connection.execute(table.delete())
    for kept in app.extensions.values():
        if isinstance(kept, Kept):
            kept.clear()


def drop(app: Flask) -> None:
    """Empty the app's database and let go of its connections, after a test."""
    empty(app)
    with app.app_context():
        db.session.remove()
        db.engine.dispose()
