"""The migrations as a server runs them: `flask db ...` in a child process (Alembic's env.py sets
up logging for itself, which must not leak into the test process), on a SQLite file or on a
scratch PostgreSQL database of its own."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from testsupport.database import postgresql_database
from testsupport.live_server import ROOT


def flask_db(database: Path | str, *args: str) -> subprocess.CompletedProcess:
    """Run `flask db <args>` on this SQLite file (or database URL); the finished process."""
    url = database if isinstance(database, str) else f"sqlite:///{database}"
    env = {
        **os.environ,
        "FLASK_APP": "app:create_app",
        "DATABASE_URL": url,
        "SECRET_KEY": "migration-test",
        "PYTHONPATH": str(ROOT),
    }
    return subprocess.run(
        [sys.executable, "-m", "flask", "db", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def scratch_postgresql(prefix: str) -> Iterator[str]:
    """The URL of a new, empty PostgreSQL database on DATABASE_URL's server, dropped after; the
    test is skipped where DATABASE_URL is not PostgreSQL (the PostgreSQL pass runs it)."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql")):
        pytest.skip("DATABASE_URL is not PostgreSQL: the PostgreSQL migration pass runs in CI")
    with postgresql_database(url, prefix) as own:
        yield own
