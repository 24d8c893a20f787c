"""Fixtures shared by the tests: an app on an empty database, its client and CLI runner; and
the tiers each test belongs to.

Each test process (one per pytest-xdist worker) makes one app and its schema, and every test
starts from that app with its tables emptied. On PostgreSQL each process has a database of its
own, made when the process starts and dropped when it ends, so that workers never meet.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from extensions import db, limiter
from testsupport.apps import drop, empty, fresh_app
from testsupport.browser import FIGURES
from testsupport.database import pass_is_postgresql, postgresql_database
from testsupport.playing import token_of

TESTS = Path(__file__).resolve().parent
# The tiers whose every test talks to the database the pass runs on (DATABASE_URL): the
# PostgreSQL pass runs them, and any other test that asks for the app (see `uses_the_database`).
DATABASE_TIERS = (TESTS / "web", TESTS / "live")

# Hypothesis would fail an example that takes over 200 ms, and a test whose examples are slow
# to make: both are about the machine's speed, not the property. Tests may still ask for less.
settings.register_profile(
    "any-machine", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("any-machine")


def pytest_configure(config: pytest.Config) -> None:
    """Give this test process a PostgreSQL database of its own when DATABASE_URL names a
    server; the process that only hands tests out to xdist's workers needs none."""
    hands_out_only = not hasattr(config, "workerinput") and config.getoption("numprocesses", None)
    if not pass_is_postgresql() or hands_out_only:
        return
    url = os.environ["DATABASE_URL"]
    worker = getattr(config, "workerinput", {}).get("workerid", "main")
    stack = contextlib.ExitStack()
    os.environ["DATABASE_URL"] = stack.enter_context(
        postgresql_database(url, f"spades_tests_{worker}")
    )
    config.add_cleanup(stack.close)
    config.add_cleanup(lambda: os.environ.__setitem__("DATABASE_URL", url))


def pytest_sessionfinish(session: pytest.Session) -> None:
    """In a pytest-xdist worker, hand the figures its browser tests measured to the process
    that prints the summary."""
    handed = getattr(session.config, "workeroutput", None)
    if handed is not None:
        handed["browser_figures"] = dict(FIGURES)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error) -> None:
    """Gather a finished worker's browser figures (pytest-xdist's hook, in the process that
    hands the tests out)."""
    FIGURES.update(getattr(node, "workeroutput", {}).get("browser_figures", {}))


def pytest_terminal_summary(terminalreporter) -> None:
    """Print the figures the browser tests measured, after pytest's own summary (here, where
    the process that prints it loads it, whether or not the tests ran in workers)."""
    if FIGURES:
        terminalreporter.section("browser figures")
        for name, value in FIGURES.items():
            terminalreporter.write_line(f"{name}: {value}")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that uses the database with `database`, which the PostgreSQL pass runs:
    by its tier, or by asking for the app wherever it lives, so none is left out by accident."""
    for item in items:
        if uses_the_database(item):
            item.add_marker(pytest.mark.database)


def uses_the_database(item: pytest.Item) -> bool:
    """Whether a test talks to the database of its pass: it lives in a database tier or asks
    for the app (directly or through the client, the runner or another fixture)."""
    path = Path(str(item.path))
    in_tier = any(path.is_relative_to(tier) for tier in DATABASE_TIERS)
    return in_tier or "app" in getattr(item, "fixturenames", ())


@pytest.fixture(scope="session")
def shared_app(tmp_path_factory):
    """This test process's app and schema, made once: a SQLite file of its own, or its own
    PostgreSQL database (see `pytest_configure`)."""
    app = fresh_app(tmp_path_factory.mktemp("app"))
    yield app
    drop(app)


@pytest.fixture
def app(shared_app):
    """The app on an empty database, with the tests' settings: whatever a test changes in its
    settings or its extensions (a kept cache replaced, say) is put back after it. A test that
    needs settings of its own from the start makes its own app (`own_app`)."""
    settings_before = dict(shared_app.config)
    extensions_before = dict(shared_app.extensions)
    served_before = (shared_app.static_folder, shared_app.debug)
    # The rate limiter is one object for every app of the process: an app a test made with
    # limits of its own has left them switched on. Its settings are this app's again.
    limiter.init_app(shared_app)
    empty(shared_app)
    yield shared_app
    with shared_app.app_context():
        db.session.remove()
    shared_app.config.clear()
    shared_app.config.update(settings_before)
    shared_app.extensions.clear()
    shared_app.extensions.update(extensions_before)
    served_after = (shared_app.static_folder, shared_app.debug)
    shared_app.static_folder, shared_app.debug = served_before
    # The next tests of this process would be served from elsewhere, or in debug: such a test
    # makes its app with `own_app`.
    assert served_after == served_before, "the shared app's static folder or debug was changed"


@pytest.fixture
def own_app(tmp_path):
    """Makes apps of the test's own, `own_app(**settings)`: for a test that needs settings from
    the start or changes the schema. Each is on an empty database of its own (a SQLite file; on
    PostgreSQL, this process's database emptied) and is let go of after the test."""
    made = []

    def make(**config):
        """One more app with these settings."""
        folder = tmp_path / f"own-app-{len(made)}"
        folder.mkdir()
        made.append(fresh_app(folder, **config))
        return made[-1]

    yield make
    for app in made:
        drop(app)


@pytest.fixture
def client(app):
    """A test client for the app."""
    return app.test_client()


@pytest.fixture
def runner(app):
    """A runner for the app's CLI commands."""
    return app.test_cli_runner()


@pytest.fixture
def new_game(client):
    """Start a game with the given form fields (defaults for the rest) and return its token."""

    def start(**fields) -> str:
        """Post the new-game form and return the edit token it redirects to."""
        response = client.post("/games", data=fields)
        assert response.status_code == 303, response.text
        return token_of(response)

    return start


@pytest.fixture
def play(client):
    """Post one whole hand to a game: bids and tricks by seat, as the tap rows send them."""

    def post(token: str, bids, tricks=None, team_tricks=None, expect=303, **extra):
        """Send bids ('nil', 'blind_nil' or numbers) and tricks; check the status code."""
        data = {f"bid_{s}": str(b) for s, b in enumerate(bids) if b is not None}
        for s, t in enumerate(tricks or ()):
            if t is not None:
                data[f"tricks_{s}"] = str(t)
        for team, t in enumerate(team_tricks or ()):
            if t is not None:
                data[f"team_tricks_{team}"] = str(t)
        data.update(extra)
        response = client.post(f"/g/{token}/hand", data=data)
        assert response.status_code == expect, response.text
        return response

    return post


@pytest.fixture
def second_app(app, own_app):
    """Makes the app a backup is imported into: on an empty database of its own (a SQLite file
    in another folder, or, under DATABASE_URL, the same database with its tables emptied once
    the first app has let go of it). Call it after reading everything from the first app."""

    def make():
        """The second app, on its empty database."""
        with app.app_context():
            db.session.remove()
            db.engine.dispose()
        return own_app()

    return make
