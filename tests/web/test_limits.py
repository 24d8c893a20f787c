"""Rate limits: a real table never meets them; fast writers and link guessers do."""

from __future__ import annotations

import secrets
import socket

import pytest

from extensions import db
from testsupport.apps import app_on
from testsupport.database import counts, view_token_of
from testsupport.missing import cannot_run
from testsupport.pages import form_data
from testsupport.playing import game_page, start_game

REDIS = ("127.0.0.1", 6379)


def limited_app(tmp_path, **config):
    """The app with its rate limits on (the shared fixture turns them off), on a fresh file."""
    # Each app starts with fresh in-memory counters.
    app = app_on(f"sqlite:///{tmp_path / 'limits.sqlite3'}", RATELIMIT_ENABLED=True, **config)
    with app.app_context():
        db.create_all()
    return app


def test_six_phones_polling_every_two_seconds_for_a_minute_are_never_limited(tmp_path):
    app = limited_app(tmp_path)
    client = app.test_client()
    token = start_game(client)
    view = view_token_of(app, token)
    # Six phones behind one Wi-Fi address, a poll every 2 s for a minute: 6 × 30 = 180,
    # sent here all at once, which is harder on the limits than spreading them out.
    statuses = {
        client.get(f"/v/{view}", headers={"HX-Request": "true"}).status_code for _ in range(180)
    }
    # Meanwhile the scorer enters three hands, each as bids then tricks.
    for _ in range(3):
        page = game_page(client, token)
        data = form_data(page.form("hand-form")) | {f"bid_{s}": "3" for s in range(4)}
        statuses.add(client.post(f"/g/{token}/hand", data=data).status_code)
        page = game_page(client, token)
        data = form_data(page.form("hand-form")) | {"team_tricks_0": "7"}
        statuses.add(client.post(f"/g/{token}/hand", data=data).status_code)
    assert statuses == {200, 303}


def test_guessing_links_is_stopped_after_thirty_misses_a_minute(tmp_path):
    app = limited_app(tmp_path)
    client = app.test_client()
    misses = [client.get(f"/v/{secrets.token_urlsafe(16)}").status_code for _ in range(30)]
    assert set(misses) == {404}
    stopped = client.get(f"/g/{secrets.token_urlsafe(16)}")
    assert stopped.status_code == 429
    assert "Wait a minute" in stopped.get_data(as_text=True)


def test_a_finished_games_page_asking_a_made_up_table_link_counts_as_a_guess(tmp_path):
    app = limited_app(tmp_path, GUESS_LIMIT="3 per minute")
    client = app.test_client()
    asked = {"HX-Request": "true"}
    # A finished game's page asking its table's link is told "no more" (286), but a link that
    # never was is still a guess: the fourth is stopped.
    misses = [client.get(f"/s/{'A' * 26}?after={n}", headers=asked).status_code for n in range(3)]
    assert set(misses) == {286}
    assert client.get(f"/s/{'B' * 26}?after=1", headers=asked).status_code == 429


@pytest.mark.parametrize("tag", ["*", "forged"])
def test_a_guesser_who_is_stopped_cannot_test_links_by_asking_if_they_changed(tmp_path, tag):
    app = limited_app(tmp_path, GUESS_LIMIT="3 per minute")
    client = app.test_client()
    view = view_token_of(app, start_game(client))
    real = client.get(f"/v/{view}", headers={"HX-Request": "true"}).headers["ETag"]
    for _ in range(3):
        assert client.get(f"/v/{secrets.token_urlsafe(16)}").status_code == 404
    # Anyone can write "*" or a tag of the game's id and version; neither gets the 304 that
    # would tell a real link from a made-up one.
    asked = "*" if tag == "*" else '"1-0-en-p"'
    headers = {"HX-Request": "true", "If-None-Match": asked}
    assert client.get(f"/v/{view}", headers=headers).status_code == 429
    # The phone that was given the page still hears that nothing changed.
    headers["If-None-Match"] = real
    assert client.get(f"/v/{view}", headers=headers).status_code == 304


def test_lookups_that_find_their_game_do_not_count_as_guesses(tmp_path):
    app = limited_app(tmp_path, GUESS_LIMIT="3 per minute")
    client = app.test_client()
    token = start_game(client)
    assert {client.get(f"/g/{token}").status_code for _ in range(10)} == {200}


def test_writing_faster_than_any_table_is_refused_with_429_and_nothing_written(tmp_path):
    app = limited_app(tmp_path, WRITE_LIMIT="5 per minute")
    client = app.test_client()
    for _ in range(5):
        start_game(client)
    refused = client.post("/games", data={})
    assert refused.status_code == 429
    assert counts(app) == (5, 0)


def redis_reachable() -> bool:
    """Whether this machine's Redis answers on its usual port."""
    try:
        with socket.create_connection(REDIS, timeout=1):
            return True
    except OSError:
        return False


def test_limits_are_kept_in_redis_when_a_storage_uri_names_it(tmp_path):
    if not redis_reachable():
        cannot_run("no Redis on 127.0.0.1:6379: the shared rate-limit storage is not tested")
    import redis

    server = redis.Redis(*REDIS)
    # A prefix of this run's own: counters of an earlier run, or of another checkout's suite
    # sharing this Redis, can never refuse these writes, however close together they run.
    prefix = f"spades-test-{secrets.token_hex(8)}"
    pattern = f"*{prefix}*"
    app = limited_app(
        tmp_path,
        RATELIMIT_STORAGE_URI="redis://127.0.0.1:6379/0",
        RATELIMIT_KEY_PREFIX=prefix,
        WRITE_LIMIT="2 per minute",
    )
    client = app.test_client()
    start_game(client)
    start_game(client)
    assert client.post("/games", data={}).status_code == 429
    keys = list(server.scan_iter(pattern))
    try:
        assert keys, "no rate-limit counter was written to Redis"
        # A sliding window keeps one entry per write: the two games started here.
        assert server.llen(keys[0]) >= 2
    finally:
        for key in keys:
            server.delete(key)
