"""The app served by gunicorn, as in production, for tests that need a real server."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from flask import Flask
from sqlalchemy.engine import make_url

from extensions import db
from testsupport.apps import app_on
from testsupport.database import postgresql_database

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
READY_AT_MOST_SECONDS = 120
PORT_TRIES = 5


def free_port() -> int:
    """A loopback port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def server_env(database_url: str, **extra: str) -> dict[str, str]:
    """The environment gunicorn and `flask db` run with: this database, a fixed secret."""
    env = dict(os.environ)
    env.update(
        DATABASE_URL=database_url,
        SECRET_KEY="live-server-secret",
        FLASK_APP="app:create_app",
        PYTHONPATH=str(ROOT),
    )
    env.update(extra)
    return env


def migrate(database_url: str) -> None:
    """Create the schema the way `make run` does: `flask db upgrade`."""
    subprocess.run(
        [str(BIN / "flask"), "db", "upgrade"],
        cwd=ROOT,
        env=server_env(database_url),
        check=True,
        capture_output=True,
    )


def start(database_url: str, port: int, workers: int = 2, **extra: str) -> subprocess.Popen:
    """Start gunicorn with the project's config; returns once it answers."""
    process = subprocess.Popen(
        [
            str(BIN / "gunicorn"),
            "--config",
            str(ROOT / "gunicorn.conf.py"),
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "app:create_app()",
        ],
        cwd=ROOT,
        env=server_env(database_url, **extra),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # its own process group, so a test can kill master and workers
    )
    try:
        wait_until_ready(process, port)
    except RuntimeError:
        stop(process)
        raise
    return process


def wait_until_ready(
    process: subprocess.Popen, port: int, path: str = "/robots.txt", log: Path | None = None
) -> None:
    """Return once the server answers `path`; fail, with its error log if kept, if it never does."""

    def logged() -> str:
        """What the server wrote to its error log, to show with the failure."""
        return f":\n{log.read_text()}" if log is not None else ""

    # A cap, not a guess of how long starting takes: readiness is the answer itself.
    deadline = time.monotonic() + READY_AT_MOST_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"gunicorn exited while starting{logged()}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"gunicorn did not answer within {READY_AT_MOST_SECONDS} s{logged()}")


def stop(process: subprocess.Popen, sig: int = signal.SIGTERM) -> None:
    """Stop gunicorn's master and workers (SIGKILL to simulate a crash) and wait for them."""
    try:
        os.killpg(process.pid, sig)
    except ProcessLookupError:
        return
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=15)


def serve(database_url: str, workers: int = 2, **extra: str) -> tuple[subprocess.Popen, str]:
    """gunicorn on a free port, answering; the process and its base URL.

    A port found free can be taken by another program before gunicorn binds it: gunicorn then
    exits while starting, and the next free port is tried.
    """
    for attempt in range(PORT_TRIES):
        port = free_port()
        try:
            return start(database_url, port, workers, **extra), f"http://127.0.0.1:{port}"
        except RuntimeError:
            if attempt == PORT_TRIES - 1:
                raise
    raise AssertionError("unreachable")


@contextmanager
def live_server(database_url: str, workers: int = 2, **extra: str):
    """A migrated database served by gunicorn for the duration of the block; yields its base URL."""
    migrate(database_url)
    process, base = serve(database_url, workers, **extra)
    try:
        yield base
    finally:
        stop(process)


@contextmanager
def served_database(folder: Path, name: str):
    """The database URL for a live server: its own PostgreSQL database when DATABASE_URL names
    a PostgreSQL server (other tests' tables are left alone), else SQLite file `name` in
    `folder`; the database is gone after the block (dropped, or left in the test's folder)."""
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith(("postgresql://", "postgres://")):
        with postgresql_database(url, f"spades_{name}") as own:
            yield own
    else:
        yield f"sqlite:///{folder / f'{name}.sqlite3'}"


@dataclass(frozen=True)
class Served:
    """A live server's base URL, the kind of its database (sqlite, postgresql), and an app on
    that database for a test's setup and reads."""

    base: str
    kind: str
    app: Flask


@contextmanager
def served_app(folder: Path, name: str, workers: int) -> Iterator[Served]:
    """gunicorn with `workers` workers and no rate limits on a database of its own
    (`served_database`), and an app on that database; all gone after the block."""
    with (
        served_database(folder, name) as url,
        live_server(url, workers=workers, RATELIMIT_ENABLED="false") as base,
    ):
        app = app_on(url)
        try:
            yield Served(base, make_url(url).get_backend_name(), app)
        finally:
            with app.app_context():
                db.session.remove()
                db.engine.dispose()
