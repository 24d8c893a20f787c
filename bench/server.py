"""gunicorn as `make run` starts it: the project's config file, its worker count and class.

Ports, the environment, migrating, waiting and stopping are the tests' own
(testsupport/live_server.py); only how the server is started differs.
"""

from __future__ import annotations

import os
import runpy
import secrets
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

from testsupport import live_server
from testsupport.live_server import PORT_TRIES, free_port, stop, wait_until_ready

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
CONFIG = ROOT / "gunicorn.conf.py"
APP = "app:create_app()"  # what `make run` serves
CEILING = "bench.ceiling:app"
CEILING_304 = "bench.ceiling:not_modified"  # the poll's 304, looked up nowhere
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")  # the unit of /proc's CPU times
SECRET = secrets.token_hex(16)  # signs the sessions of one run
# The app limits each address to WRITE_LIMIT writes; every benchmark request comes from
# 127.0.0.1, so the limit is raised out of reach (the limiter itself still runs and is timed).
WRITE_LIMIT = "1000000 per minute"


def gunicorn_settings() -> dict:
    """The worker count and class gunicorn.conf.py gives in this environment."""
    settings = runpy.run_path(str(CONFIG))
    return {"workers": settings["workers"], "worker_class": settings["worker_class"]}


def server_env(database_url: str) -> dict[str, str]:
    """The environment of `make run` with this database, the run's secret and its write limit."""
    return live_server.server_env(database_url, SECRET_KEY=SECRET, WRITE_LIMIT=WRITE_LIMIT)


def process_figures(pid: str) -> tuple[bytes, int, float] | None:
    """A running process's command line (its words NUL-separated, as /proc gives them), its
    parent's pid and the CPU time (user and system) it has used so far; None once it ended."""
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes()
        text = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    fields = text[text.rindex(")") + 2 :].split()  # after the name, which may hold anything
    return command, int(fields[1]), (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def cpu_seconds(port: int) -> float:
    """The CPU time the gunicorn serving `port` has used so far: its master and its workers,
    known by the address in their command line, which workers inherit."""
    address = f"127.0.0.1:{port}".encode()
    total = 0.0
    for entry in os.listdir("/proc"):
        figures = process_figures(entry) if entry.isdigit() else None
        if figures is not None and address in figures[0].split(b"\0"):
            total += figures[2]
    return total


@contextmanager
def serve(app: str, env: dict[str, str], log: Path, ready_path: str = "/robots.txt"):
    """Serve `app` with gunicorn and the project's config on a free loopback port, as
    `make run` does (no worker count or class given on the command line); yields the port.

    The access log goes where `make run` sends it, to standard output, here discarded; the
    error log is kept in `log`. A port found free can be taken by another program before
    gunicorn binds it (another benchmark's server, when the smoke runs are run side by side):
    gunicorn then exits while starting, and the next free port is tried.
    """
    for attempt in range(1, PORT_TRIES + 1):
        port = free_port()
        process = start(app, port, env, log)
        try:
            wait_until_ready(process, port, ready_path, log)
            break
        except RuntimeError:
            exited = process.poll() is not None  # else it never answered: no port to blame
            stop(process)
            if not exited or attempt == PORT_TRIES:
                raise
    try:
        yield port
    finally:
        stop(process)


def start(app: str, port: int, env: dict[str, str], log: Path) -> subprocess.Popen:
    """Start gunicorn serving `app` on `port` with the project's config, its error log
    appended to `log`; returns at once."""
    command = [
        str(BIN / "gunicorn"),
        "--config",
        str(CONFIG),
        "--bind",
        f"127.0.0.1:{port}",
        app,
    ]
    with log.open("ab") as errors:
        return subprocess.Popen(  # noqa: S603
            command,
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=errors,
            start_new_session=True,  # its own process group: master and workers stop together
        )
