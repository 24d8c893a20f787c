"""No game link in any log line: gunicorn's access and error logs and the app's own, through a
real failure of the database in the middle of a save."""

from __future__ import annotations

import os
import re
import sqlite3
from contextlib import closing

import pytest

from testsupport.http_phone import Phone
from testsupport.live_server import migrate, serve, stop

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        os.environ.get("DATABASE_URL", "").startswith("postgres"),
        reason="the failure is made by dropping a table from the SQLite file: the SQLite pass",
    ),
]


def test_a_500_in_a_live_server_writes_no_link_token_to_any_log(tmp_path):
    path = tmp_path / "logs.sqlite3"
    url = f"sqlite:///{path}"
    migrate(url)
    access, errors = tmp_path / "access.log", tmp_path / "error.log"
    # Both of gunicorn's logs to files, whatever gunicorn.conf.py says ("-" for access).
    logs = f"--access-logfile {access} --error-logfile {errors} --log-level debug"
    process, base = serve(url, workers=1, GUNICORN_CMD_ARGS=logs, RATELIMIT_ENABLED="false")
    try:
        phone = Phone(base)
        _, action, form = phone.form_on("/", action="/games")
        status, location, _ = phone.request("POST", action, form)
        assert status == 303
        edit = location.rsplit("/", 1)[1]
        status, _, page = phone.request("GET", f"/g/{edit}")
        view = re.search(r"/v/([A-Za-z0-9_-]{22})", page)[1]
        assert phone.request("GET", f"/v/{view}")[0] == 200
        _, action, form = phone.form_on(f"/g/{edit}", "hand-form")
        # The database loses a table under the running server: the next save fails inside
        # the app, with the game's link among its query's values.
        with closing(sqlite3.connect(path)) as database:
            database.execute("DROP TABLE hand")
            database.commit()
        bids = {f"bid_{s}": "3" for s in range(4)}
        status, _, page = phone.request("POST", action, form | bids)
        assert status == 500
        assert "our side" in page
    finally:
        stop(process)
    logged = access.read_text() + errors.read_text()
    assert "no such table: hand" in logged  # the failure itself was logged, with its traceback
    assert '"POST" 500' in access.read_text()
    for token in (edit, view):
        assert token not in logged, [line for line in logged.splitlines() if token in line]
