"""gunicorn as `make run` starts it: the project's config file, its worker count and class."""

from __future__ import annotations

import os
import runpy
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
CONFIG = ROOT / "gunicorn.conf.py"
APP = "app:create_app()"  # what `make run` serves
CEILING = "bench.ceiling:app"
CEILING_304 = "bench.ceiling:not_modified"  # the poll's 304, looked up nowhere
SECRET = secrets.token_hex(16)  # signs the sessions of one run
# The app limits each address to WRITE_LIMIT writes; every benchmark request comes from
# 127.0.0.1, so the limit is raised out of reach (the limiter itself still runs and is timed).
WRITE_LIMIT = "1000000 per minute"


def gunicorn_settings() -> dict:
    """The worker count and class gunicorn.conf.py gives in this environment."""
    settings = runpy.run_path(str(CONFIG))
    return {"workers": settings["workers"], "worker_class": settings["worker_class"]}


def server_env(database_url: str) -> dict[str, str]:
    """The environment of `make run` with this database and a fixed secret."""
    env = dict(os.environ)
    env.update(
        DATABASE_URL=database_url,
        SECRET_KEY=SECRET,
        WRITE_LIMIT=WRITE_LIMIT,
        FLASK_APP="app:create_app",
        PYTHONPATH=str(ROOT),
    )
    return env


def migrate(database_url: str) -> None:
    """Create the schema the way `make run` does: `flask db upgrade`."""
    subprocess.run(  # noqa: S603
        [str(BIN / "flask"), "db", "upgrade"],
        cwd=ROOT,
        env=server_env(database_url),
        check=True,
        capture_output=True,
    )


def free_port() -> int:
    """A loopback port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def serve(app: str, env: dict[str, str], log: Path, ready_path: str = "/robots.txt"):
    """Serve `app` with gunicorn and the project's config on a free loopback port, as
    `make run` does (no worker count or class given on the command line); yields the port.

    The access log goes where `make run` sends it, to standard output, here discarded; the
    error log is kept in `log`.
    """
    port = free_port()
    command = [
        str(BIN / "gunicorn"),
        "--config",
        str(CONFIG),
        "--bind",
        f"127.0.0.1:{port}",
        app,
    ]
    with log.open("ab") as errors:
        process = subprocess.Popen(  # noqa: S603
            command,
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=errors,
            start_new_session=True,  # its own process group: master and workers stop together
        )
    try:
        wait_until_ready(process, port, ready_path, log)
        yield port
    finally:
        stop(process)


def wait_until_ready(process: subprocess.Popen, port: int, path: str, log: Path) -> None:
    """Return once the server answers `path`; fail with its error log if it never does."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"gunicorn exited while starting:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"gunicorn did not answer within 30 s:\n{log.read_text()}")


def stop(process: subprocess.Popen) -> None:
    """Stop gunicorn's master and workers and wait for them."""
    try:
        os.killpg(process.pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=15)
