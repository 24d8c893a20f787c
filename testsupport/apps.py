"""The app as the tests make it: on an empty database of its own, with the tests' settings."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import Flask

from app import create_app
from database import database_url
from extensions import db


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
    CSRF and rate limits off unless `config` says otherwise."""
    app = app_on(os.environ.get("DATABASE_URL") or f"sqlite:///{folder / 'test.sqlite3'}", **config)
    with app.app_context():
        db.drop_all()
        db.create_all()
    return app


def drop(app: Flask) -> None:
    """Empty the app's database and let go of its connections, after a test."""
    with app.app_context():
        db.session.remove()
        db.drop_all()
        db.engine.dispose()
