"""Fixtures shared by the web tests: an app on a fresh database, its client and CLI runner."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

from testsupport.apps import drop, fresh_app
from testsupport.migrations import scratch_postgresql
from testsupport.playing import token_of

# Hypothesis would fail an example that takes over 200 ms, and a test whose examples are slow
# to make: both are about the machine's speed, not the property. Tests may still ask for less.
settings.register_profile(
    "any-machine", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("any-machine")


@pytest.fixture
def app(tmp_path):
    """The app on an empty database: a temporary SQLite file, or DATABASE_URL when it is set."""
    app = fresh_app(tmp_path)
    yield app
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
def fresh_postgres():
    """The URL of a new, empty PostgreSQL database on DATABASE_URL's server, dropped after; the
    test is skipped where DATABASE_URL is not PostgreSQL (the PostgreSQL pass runs it)."""
    yield from scratch_postgresql("spades_migrations")
