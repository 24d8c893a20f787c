"""Hosting-grade behaviour: one-time tokens after a link is replaced, a proxy in front, replaced
links, database restarts, tokens kept out of logs, hostile paths and cookies, HTTPS cookies,
the public address, private caching, the secret key, and the wording of our own errors.

Each test runs on SQLite and, in the PostgreSQL pass (DATABASE_URL), on PostgreSQL.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import re
import secrets
import stat

import psycopg
import pytest
from flask import request
from sqlalchemy import select, text

import games
from app import EmptySecretKey, create_app, instance_secret
from extensions import db
from records.games import GameRecord
from testsupport.database import counts, view_token_of
from testsupport.playing import rotate, token_of
from web.qr import qr_svg

NONCE = "hand-form-token-0001"  # the shape of a one-time token: 16 to 32 URL-safe characters


def bids(client, token: str, nonce: str | None = None, **headers):
    """Save the bids 3, 3, 3, 3 of the next hand; the answer."""
    data = {f"bid_{s}": "3" for s in range(4)}
    if nonce:
        data["nonce"] = nonce
    return client.post(f"/g/{token}/hand", data=data, headers=headers)


def location_token(response) -> str:
    """The edit token a redirect leads to."""
    return re.search(r"/g/([A-Za-z0-9_-]+)", response.headers["Location"])[1]


# 1. One-time tokens find only what their own form made.


def test_a_revoked_scorer_cannot_get_the_new_edit_link_back_with_an_old_form_token(app, client):
    old = token_of(client.post("/games", data={}))
    assert bids(client, old, NONCE).status_code == 303
    new = location_token(rotate(client, old, "edit"))
    assert client.get(f"/g/{old}").status_code == 410
    # The revoked scorer sends the new-game form with the token of the hand form it had.
    answer = client.post("/games", data={"nonce": NONCE})
    assert answer.status_code == 303
    assert new not in answer.headers["Location"]
    assert counts(app) == (2, 1)  # a new game of its own, nothing more


def test_the_new_game_form_sent_again_after_the_edit_link_was_replaced_leads_nowhere_old(
    app, client
):
    first = client.post("/games", data={"nonce": NONCE})
    again = client.post("/games", data={"nonce": NONCE})
    assert first.headers["Location"] == again.headers["Location"]  # a double tap: one game
    new = location_token(rotate(client, token_of(first), "edit"))
    resent = client.post("/games", data={"nonce": NONCE})
    assert new not in resent.headers["Location"]


def test_a_second_tap_on_new_edit_link_lands_on_the_new_link_and_replaces_it_once(app, client):
    old = token_of(client.post("/games", data={}))
    first = rotate(client, old, "edit", nonce=NONCE)
    second = rotate(client, old, "edit", nonce=NONCE)
    assert first.status_code == second.status_code == 303
    assert first.headers["Location"] == second.headers["Location"]
    new = location_token(first)
    assert client.get(f"/g/{new}").status_code == 200
    # Another form on the old link learns nothing about the new one.
    assert rotate(client, old, "edit", nonce="other-form-token-01").status_code == 410


def test_a_second_tap_on_new_view_link_replaces_it_once(app, client):
    token = token_of(client.post("/games", data={}))
    before = view_token_of(app, token)
    rotate(client, token, "view", nonce=NONCE)
    after = view_token_of(app, token)
    rotate(client, token, "view", nonce=NONCE)
    assert view_token_of(app, token) == after != before


# 2. and 3. Behind a proxy, and a room of tables behind one address.


def limited(own_app, **config):
    """An app with its rate limits on, fresh counters, a small guess limit."""
    config.setdefault("GUESS_LIMIT", "30 per minute")
    return own_app(RATELIMIT_ENABLED=True, **config)


def test_behind_a_proxy_one_guesser_does_not_stop_the_other_clients(own_app):
    app = limited(own_app, PROXY_HOPS=1)
    client = app.test_client()
    honest = {}
    for n in range(3):
        address = {"X-Forwarded-For": f"198.51.100.{n + 1}"}
        honest[n] = token_of(client.post("/games", data={}, headers=address))
    guesser = {"X-Forwarded-For": "203.0.113.9"}
    statuses = {client.get(f"/v/{secrets.token_urlsafe(16)}", headers=guesser).status_code}
    for _ in range(149):
        statuses.add(client.get(f"/v/{secrets.token_urlsafe(16)}", headers=guesser).status_code)
    assert statuses == {404, 429}  # the guesser is slowed down
    refused = 0
    for n, token in honest.items():
        address = {"X-Forwarded-For": f"198.51.100.{n + 1}"}
        for _ in range(9):
            refused += client.get(f"/g/{token}", headers=address).status_code != 200
    assert refused == 0


def test_without_a_proxy_setting_a_forwarded_address_is_not_believed(own_app):
    app = limited(own_app, GUESS_LIMIT="3 per minute")
    client = app.test_client()
    for n in range(3):
        spoofed = {"X-Forwarded-For": f"192.0.2.{n}"}
        assert client.get(f"/v/{secrets.token_urlsafe(16)}", headers=spoofed).status_code == 404
    spoofed = {"X-Forwarded-For": "192.0.2.99"}
    assert client.get(f"/v/{secrets.token_urlsafe(16)}", headers=spoofed).status_code == 429


def test_the_app_sees_the_client_address_the_proxy_passes_on(own_app):
    app = own_app(PROXY_HOPS=1)
    seen = []
    app.before_request(lambda: seen.append(request.remote_addr))
    app.test_client().get("/robots.txt", headers={"X-Forwarded-For": "198.51.100.7"})
    assert seen == ["198.51.100.7"]


def test_a_replaced_view_link_answers_410_and_never_counts_as_a_guess(own_app):
    app = limited(own_app, GUESS_LIMIT="3 per minute")
    client = app.test_client()
    token = token_of(client.post("/games", data={}))
    old_view = view_token_of(app, token)
    rotate(client, token, "view")
    # A phone left on the old view link polls every 3 s: ten minutes of it.
    polls = [client.get(f"/v/{old_view}", headers={"HX-Request": "true"}) for _ in range(200)]
    assert {p.status_code for p in polls} == {410}
    assert "replaced" in polls[0].get_data(as_text=True)
    # The scorer's saves and everyone's pages go on; made-up links are still slowed down.
    assert bids(client, token).status_code == 303
    misses = [client.get(f"/v/{secrets.token_urlsafe(16)}").status_code for _ in range(4)]
    assert misses == [404, 404, 404, 429]


def test_a_room_of_ten_tables_behind_one_address_never_meets_a_limit(own_app):
    app = limited(own_app)  # the production limits: 60 writes and 30 guesses a minute
    client = app.test_client()
    tables = [token_of(client.post("/games", data={})) for _ in range(10)]
    views = [view_token_of(app, token) for token in tables]
    statuses = set()
    # Each table enters ten hands (bids, then tricks) in the same minute, and three phones
    # at each follow its view link: 200 writes and 300 polls from one address. (Bids of 2 and
    # 4 tricks to the first team keep every game from its end.)
    for _ in range(10):
        for token, view in zip(tables, views, strict=True):
            data = {f"bid_{s}": "2" for s in range(4)}
            statuses.add(client.post(f"/g/{token}/hand", data=data).status_code)
            data |= {"team_tricks_0": "4"}
            statuses.add(client.post(f"/g/{token}/hand", data=data).status_code)
            for _ in range(3):
                statuses.add(client.get(f"/v/{view}", headers={"HX-Request": "true"}).status_code)
    assert statuses == {200, 303}


# 4. A database restart loses no save.


def test_a_save_after_the_database_dropped_every_connection_is_stored(own_app):
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        pytest.skip("dropping the server's connections is a PostgreSQL matter: the PG pass runs it")
    name = f"spades-test-{secrets.token_hex(4)}"
    app = own_app(SQLALCHEMY_ENGINE_OPTIONS={"connect_args": {"application_name": name}})
    client = app.test_client()
    token = token_of(client.post("/games", data={}))
    assert client.get(f"/g/{token}").status_code == 200  # the pool holds a connection now
    # From a connection of its own, as an administrator restarting the server would.
    url = os.environ["DATABASE_URL"].replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(url, autocommit=True) as admin:
        killed = admin.execute(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
            " WHERE application_name = %s",
            (name,),
        ).fetchone()[0]
    assert killed >= 1
    for _ in range(3):
        assert bids(client, token).status_code == 303
        data = {f"bid_{s}": "3" for s in range(4)} | {"team_tricks_0": "6"}
        assert client.post(f"/g/{token}/hand", data=data).status_code == 303
    assert counts(app) == (1, 3)


# 5. and 11. Our own failures: no token in any log line, and a page that says whose fault it is.


def test_a_500_logs_no_link_token_and_no_query_values(own_app, caplog, monkeypatch):
    app = own_app(PROPAGATE_EXCEPTIONS=False)  # answered as in production, not raised in the test
    client = app.test_client()
    token = token_of(client.post("/games", data={}))

    def broken(scored, *args, **kwargs):
        """A save that fails in the database, with the game's link among the query's values."""
        db.session.execute(text("SELECT * FROM no_such_table WHERE x = :t"), {"t": token})

    monkeypatch.setattr(games, "enter_hand", broken)
    with caplog.at_level(logging.DEBUG):
        answer = bids(client, token)
    assert answer.status_code == 500
    logged = caplog.text + "".join(r.exc_text or "" for r in caplog.records)
    assert "no_such_table" in logged  # the error itself was logged
    assert token not in logged
    page = answer.get_data(as_text=True)
    assert "our side" in page and "Nothing was saved" in page
    assert counts(app) == (1, 0)


# 6. Hostile paths and cookies answer 4xx, never 500.


@pytest.mark.parametrize(
    "path", ["/v/abc%00def", "/g/abc%00def", "/v/" + "a" * 33, "/g/x%00/hand", "/v/%C0%AF.json"]
)
def test_a_nul_byte_or_an_overlong_token_in_a_path_is_a_404(client, path):
    assert client.get(path).status_code == 404
    assert client.post(path, data={}).status_code in (404, 405)


@pytest.mark.parametrize("device", ["ab\x00cd", "x" * 33, "a b", "é" * 8])
def test_a_device_cookie_of_the_wrong_shape_is_ignored(app, client, device):
    client.set_cookie("device", device)
    assert client.get("/").status_code == 200
    assert client.get("/games.csv").status_code == 200
    answer = client.post("/games", data={})
    assert answer.status_code == 303
    with app.app_context():
        stored = db.session.scalar(select(GameRecord.device))
    assert stored != device and re.fullmatch(r"[A-Za-z0-9_-]{1,32}", stored)


# 7. Cookies under HTTPS.


def test_with_secure_cookies_every_cookie_is_secure_and_hsts_is_sent(own_app):
    app = own_app(SESSION_COOKIE_SECURE=True)
    client = app.test_client()
    created = client.post("/games", data={})
    language = client.post("/language", data={"language": "pt_BR", "next": "/"})
    cookies = created.headers.getlist("Set-Cookie") + language.headers.getlist("Set-Cookie")
    assert cookies and all("Secure" in cookie for cookie in cookies), cookies
    token = token_of(created)
    view = view_token_of(app, token)
    page = client.get(f"/v/{view}")
    poll = client.get(f"/v/{view}", headers={"If-None-Match": page.headers["ETag"]})
    assert poll.status_code == 304  # answered before Flask, by the poll shortcut
    for answer in (created, client.get("/"), page, poll):
        assert answer.headers["Strict-Transport-Security"].startswith("max-age=")


def test_without_https_there_is_no_hsts(client):
    assert "Strict-Transport-Security" not in client.get("/").headers


# 8. A proxy's public host, and an explicit public address.


def test_behind_a_proxy_a_form_posted_over_https_to_the_public_host_is_accepted(own_app):
    app = own_app(PROXY_HOPS=1, WTF_CSRF_ENABLED=True)
    client = app.test_client()
    proxied = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "spades.example.org"}
    home = client.get("/", base_url="http://127.0.0.1:8000", headers=proxied)
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', home.text)[1]
    headers = proxied | {"Referer": "https://spades.example.org/"}
    answer = client.post(
        "/games", data={"csrf_token": csrf}, base_url="http://127.0.0.1:8000", headers=headers
    )
    assert answer.status_code == 303
    page = client.get(answer.headers["Location"], base_url="http://127.0.0.1:8000", headers=proxied)
    assert 'value="https://spades.example.org/v/' in page.text


def test_a_proxy_that_hides_the_public_host_gets_a_message_that_says_so(own_app):
    app = own_app(WTF_CSRF_ENABLED=True)
    client = app.test_client()
    home = client.get("/", base_url="https://127.0.0.1:8000")
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', home.text)[1]
    answer = client.post(
        "/games",
        data={"csrf_token": csrf},
        base_url="https://127.0.0.1:8000",
        headers={"Referer": "https://spades.example.org/"},
    )
    assert answer.status_code == 400
    assert "X-Forwarded-Host" in answer.text and "too old" not in answer.text


def test_share_links_and_the_qr_code_use_the_public_address_when_one_is_set(own_app):
    app = own_app(PUBLIC_URL="https://spades.example.org/")
    client = app.test_client()
    token = token_of(client.post("/games", data={}))
    page = client.get(f"/g/{token}").text
    view = view_token_of(app, token)
    assert f'value="https://spades.example.org/v/{view}"' in page
    assert f'value="https://spades.example.org/g/{token}"' in page
    drawn = client.get(f"/v/{view}/qr.svg").text
    expected = qr_svg(f"https://spades.example.org/v/{view}")
    assert re.search(r' d="([^"]+)"', drawn)[1] == re.search(r' d="([^"]+)"', expected)[1]


# 9. Nothing that carries an edit link is kept by a cache.


def test_every_answer_that_carries_an_edit_link_is_no_store(app, client):
    created = client.post("/games", data={})
    token = token_of(created)
    view = view_token_of(app, token)
    for path in ("/", "/games.csv", f"/g/{token}", f"/g/{token}.csv", f"/g/{token}/hands/1"):
        assert client.get(path).headers["Cache-Control"] == "no-store", path
    assert created.headers["Cache-Control"] == "no-store"
    assert client.get(f"/v/{view}").headers["Cache-Control"] == "no-cache"


# 10. The secret key.


def test_an_empty_secret_key_file_is_refused_with_a_clear_message(tmp_path):
    path = tmp_path / "secret_key"
    path.write_text("")
    with pytest.raises(EmptySecretKey, match="delete it"):
        instance_secret(path)


def test_a_new_secret_key_is_written_whole_and_private(tmp_path):
    path = tmp_path / "secret_key"
    key = instance_secret(path)
    assert len(key) == 64 and path.read_text() == key
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert list(tmp_path.iterdir()) == [path]  # no temporary file left behind
    assert instance_secret(path) == key


def read_key(path) -> str:
    """One worker's start: the key it ends up with."""
    return instance_secret(path)


def test_workers_starting_together_agree_on_one_secret_key(tmp_path):
    path = tmp_path / "secret_key"
    with multiprocessing.get_context("fork").Pool(8) as pool:
        keys = pool.map(read_key, [path] * 64)
    assert len(set(keys)) == 1 and path.read_text() == keys[0]


def test_a_secret_key_in_the_environment_does_not_override_a_tests_own(tmp_path, monkeypatch):
    monkeypatch.setenv("SECRET_KEY", "from-the-environment")
    app = create_app({"TESTING": True, "SECRET_KEY": "the-tests-own"})
    assert app.secret_key == "the-tests-own"
    assert create_app({"TESTING": True}).secret_key == "from-the-environment"
