"""Many phones at once against gunicorn: every acknowledged hand is stored once, none twice.

gunicorn runs the app with 4 worker processes on a temporary SQLite file (or, when DATABASE_URL
names a PostgreSQL server, on a database of its own made there for the test). 20 games are
started, then 200 whole hands are sent from 32 threads at once, each as a phone would: load the
game page (session cookie, CSRF token, version, one-time nonce), tap a hand in, save; one in ten
is a double tap, the same rendered form sent twice at the same moment. Two phones saving the same
hand number race; the loser gets 409. Each hand sent has bids no other has, so every stored row
can be traced to the submission that made it, and none may be stored twice.

The phones' HTTP client is testsupport/http_phone.py, which the crash test uses too.
"""

from __future__ import annotations

import random
import sqlite3
import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing

import pytest
from sqlalchemy import create_engine, text

from app import create_app
from database import database_url as normalise_url
from extensions import db
from testsupport.http_phone import SERVER_GONE, Phone, bids_of, hand_changes, start_games
from testsupport.live_server import live_server
from testsupport.live_server import served_database as own_database

pytestmark = pytest.mark.slow

GAMES = 20
SUBMISSIONS = 200
THREADS = 32
DOUBLE_TAP = 10  # every 10th submission is one form sent twice at once
WORKERS = 4


def stored_hands(url: str) -> list[dict]:
    """Every stored hand row with its game's edit token, read straight from the database."""
    engine = create_engine(normalise_url(url, None))
    try:
        with engine.connect() as connection:
            rows = connection.execute(
                text(
                    "SELECT g.edit_token AS token, h.* FROM hand h JOIN game g ON g.id = h.game_id"
                    " ORDER BY h.game_id, h.number"
                )
            )
            return [dict(row._mapping) for row in rows]
    finally:
        engine.dispose()


def stored_bids(row: dict) -> tuple:
    """A stored row's four bids as numbers (the test only sends numbers)."""
    return tuple(int(row[f"bid_{s}"]) for s in range(4))


@pytest.fixture
def served_database(tmp_path):
    """The database URL for the live server (testsupport.live_server.served_database)."""
    with own_database(tmp_path, "race") as url:
        yield url


def test_200_concurrent_hands_over_20_games_are_each_stored_once_or_refused_with_409(
    served_database,
):
    with live_server(served_database, workers=WORKERS, RATELIMIT_ENABLED="false") as base:
        tokens = start_games(base, GAMES)
        plan = [(number, tokens[number % GAMES]) for number in range(SUBMISSIONS)]
        random.Random(6).shuffle(plan)

        def send(item):
            """One phone saving submission `number` as a whole hand on its game; every
            DOUBLE_TAP-th one sends the same rendered form twice at the same moment."""
            number, token = item
            phone = Phone(base)
            try:
                # the page with the trick rows beside the bids
                status, action, data = phone.form_on(f"/g/{token}?whole=1", "hand-form")
                if data is None:
                    return number, token, (status,)
                taps = data | hand_changes(number)
                if number % DOUBLE_TAP:
                    return number, token, (phone.request("POST", action, taps)[0],)
                at_once = threading.Barrier(2)

                def tap(_):
                    at_once.wait()
                    return phone.request("POST", action, taps)[0]

                with ThreadPoolExecutor(max_workers=2) as fingers:
                    return number, token, tuple(fingers.map(tap, range(2)))
            except SERVER_GONE as error:  # a dropped connection counts against the server
                return number, token, (f"error: {error!r}",)

        with ThreadPoolExecutor(max_workers=THREADS) as pool:
            results = list(pool.map(send, plan))
    statuses = Counter(status for _, _, answers in results for status in answers)
    acknowledged = Counter(
        (token, bids_of(number)) for number, token, answers in results if 303 in answers
    )
    taps = Counter(
        "same" if len(set(answers)) == 1 else "different"
        for _, _, answers in results
        if len(answers) == 2
    )
    rows = stored_hands(served_database)
    stored = Counter((row["token"], stored_bids(row)) for row in rows)
    duplicates = sum(
        seen - 1 for seen in Counter((r["token"], r["number"]) for r in rows).values() if seen > 1
    )
    server_errors = sum(seen for s, seen in statuses.items() if isinstance(s, int) and s >= 500)
    others = {s: seen for s, seen in statuses.items() if s not in (303, 409)}
    print(
        f"\nraces ({served_database.split(':')[0]}, {WORKERS} workers, {THREADS} threads):"
        f" {len(results)} submissions over {GAMES} games, {taps.total()} of them"
        f" double taps ({sum(statuses.values())} POSTs); 303: {statuses[303]},"
        f" 409: {statuses[409]}, other: {others}, 5xx: {server_errors},"
        f" hands acknowledged: {sum(acknowledged.values())}, stored: {len(rows)},"
        f" duplicates: {duplicates}; double taps answered alike: {taps['same']},"
        f" differently: {taps['different']}"
    )
    assert server_errors == 0, statuses
    assert not others, others
    assert duplicates == 0
    assert stored == acknowledged, "stored hands differ from the acknowledged ones"
    assert all(seen == 1 for seen in stored.values())
    for token in tokens:
        numbers = [row["number"] for row in rows if row["token"] == token]
        assert numbers == list(range(1, len(numbers) + 1)), (token, numbers)
    # Issue #6: a double tap saves once and answers both taps with the same result.
    assert taps["different"] == 0, [answers for _, _, answers in results if len(set(answers)) > 1]
    assert statuses[303] >= GAMES, "too few hands were saved for the test to mean anything"


def test_every_new_sqlite_connection_has_wal_a_busy_timeout_and_foreign_keys(tmp_path):
    path = tmp_path / "pragmas.sqlite3"
    app = create_app(
        {"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"}
    )
    with app.app_context():
        engine = db.engine
        try:
            with engine.connect() as first, engine.connect() as second:
                assert first.connection.dbapi_connection is not second.connection.dbapi_connection
                for connection in (first, second):
                    pragma = connection.exec_driver_sql
                    assert pragma("PRAGMA journal_mode").scalar() == "wal"
                    assert pragma("PRAGMA busy_timeout").scalar() >= 5000
                    assert pragma("PRAGMA foreign_keys").scalar() == 1
        finally:
            engine.dispose()
    # The mode is the file's, not only the connection's: a plain connection sees it too.
    with closing(sqlite3.connect(path)) as plain:
        assert plain.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
