"""The security headers of every kind of answer, through the test client (issue #4): the
Content-Security-Policy, no inline script or style, noindex on game links, robots.txt and the
cookies' flags.

The table, its seats and the hands it plays are testsupport.playing's (GameLake rules).
"""

from __future__ import annotations

import secrets
from types import SimpleNamespace
from urllib.parse import urlsplit

import pytest

from testsupport.answers import Tags, csp_directives
from testsupport.apps import drop, fresh_app
from testsupport.database import view_token_of
from testsupport.pages import Page
from testsupport.playing import NAMES, NEXT_BIDS, hand_form, playing_game, rotate
from testsupport.routes import HX


@pytest.fixture
def shared(app, client, new_game, play):
    """A game with one played hand and the bids of the next, and its two tokens."""
    edit = playing_game(new_game, play)
    return SimpleNamespace(client=client, edit=edit, view=view_token_of(app, edit))


def _not_modified(s):
    """A 304 from the view page."""
    etag = s.client.get(f"/v/{s.view}").headers["ETag"]
    return s.client.get(f"/v/{s.view}", headers={"If-None-Match": etag})


ANSWERS = {
    "home 200": lambda s: s.client.get("/"),
    "game page 200": lambda s: s.client.get(f"/g/{s.edit}"),
    "game partial": lambda s: s.client.get(f"/g/{s.edit}", headers=HX),
    "view page 200": lambda s: s.client.get(f"/v/{s.view}"),
    "view partial": lambda s: s.client.get(f"/v/{s.view}", headers=HX),
    "edit hand page": lambda s: s.client.get(f"/g/{s.edit}/hands/1"),
    "undo page": lambda s: s.client.get(f"/g/{s.edit}/undo"),
    "303 new game": lambda s: s.client.post("/games", data=NAMES),
    "303 hand": lambda s: s.client.post(
        f"/g/{s.edit}/hand", data=hand_form(NEXT_BIDS, (4, 3, 2, 4))
    ),
    "303 rotate": lambda s: rotate(s.client, s.edit, "view"),
    "304": _not_modified,
    "404 view": lambda s: s.client.get(f"/v/{secrets.token_urlsafe(16)}"),
    "404 edit": lambda s: s.client.get(f"/g/{s.view}"),
    "400 rotate": lambda s: rotate(s.client, s.edit, "nope"),
    "422 new game": lambda s: s.client.post("/games", data={"target": "5"}),
    "422 hand": lambda s: s.client.post(f"/g/{s.edit}/hand", data=hand_form((1,) * 4, (13,) * 4)),
    "view csv": lambda s: s.client.get(f"/v/{s.view}.csv"),
    "edit csv": lambda s: s.client.get(f"/g/{s.edit}.csv"),
    "device csv": lambda s: s.client.get("/games.csv"),
    "json": lambda s: s.client.get(f"/v/{s.view}.json"),
    "qr": lambda s: s.client.get(f"/v/{s.view}/qr.svg"),
    "static css": lambda s: s.client.get("/static/app.css"),
    "static js": lambda s: s.client.get("/static/app.js"),
    "robots.txt": lambda s: s.client.get("/robots.txt"),
}


@pytest.mark.parametrize("name", list(ANSWERS))
def test_every_kind_of_answer_has_the_security_headers(app, shared, name):
    response = ANSWERS[name](shared)
    expected = int(name[:3]) if name[:3].isdigit() else 200
    assert response.status_code == expected, (name, response.status_code)
    headers = response.headers
    policy = headers.get("Content-Security-Policy", "")
    directives = csp_directives(response)
    assert directives.get("default-src") == ["'self'"], policy
    assert app.config["HTMX_URL"] in directives.get("script-src", []), policy
    assert "'unsafe-inline'" not in policy
    assert "'unsafe-eval'" not in policy
    assert headers.get("Referrer-Policy") == "same-origin"
    assert headers.get("X-Content-Type-Options") == "nosniff"
    assert headers.get("X-Frame-Options") == "DENY" or directives.get("frame-ancestors") == [
        "'none'"
    ]
    path = urlsplit(response.request.path).path
    if path.startswith(("/g/", "/v/")):
        assert "noindex" in headers.get("X-Robots-Tag", ""), (name, path)
    for cookie in headers.getlist("Set-Cookie"):
        cookie_name = cookie.split("=", 1)[0]
        if cookie_name in ("session", "device"):
            flags = [part.strip().lower() for part in cookie.split(";")]
            assert "httponly" in flags, cookie
            assert "samesite=lax" in flags, cookie


def test_htmx_served_from_this_site_is_allowed_by_self_and_never_named_as_a_bare_path(
    tmp_path,
):
    # A bare path is no CSP source: browsers drop it with a console error. 'self' allows it.
    app = fresh_app(tmp_path, HTMX_URL="/vendor/htmx.min.js")
    try:
        client = app.test_client()
        for path in ("/", "/sw.js"):
            response = client.get(path)
            policy = response.headers["Content-Security-Policy"]
            for directive, sources in csp_directives(response).items():
                for source in sources:
                    valid = source.startswith("'") or "://" in source or source.endswith(":")
                    assert valid, (path, directive, source)
            assert "/vendor/htmx.min.js" not in policy
        assert csp_directives(client.get("/"))["script-src"] == ["'self'"]
        assert '<script src="/vendor/htmx.min.js"' in client.get("/").get_data(as_text=True)
    finally:
        drop(app)


def test_the_home_page_describes_the_app_to_search_engines_in_the_visitors_language(client):
    english = Page(client.get("/")).find("meta", name="description")
    assert "Spades" in english.attrs["content"]
    portuguese = client.get("/", headers={"Accept-Language": "pt-BR"})
    content = Page(portuguese).find("meta", name="description").attrs["content"]
    assert "Espadas" in content


HTML_ANSWERS = [
    "home 200",
    "game page 200",
    "game partial",
    "view page 200",
    "view partial",
    "edit hand page",
    "undo page",
    "404 view",
    "404 edit",
    "400 rotate",
    "422 new game",
    "422 hand",
]


@pytest.mark.parametrize("name", HTML_ANSWERS)
def test_no_html_answer_has_inline_script_and_game_pages_say_noindex(shared, name):
    response = ANSWERS[name](shared)
    assert response.mimetype == "text/html", name
    body = response.get_data(as_text=True)
    tags = Tags(body)
    for script in tags.all("script"):
        assert script.get("src"), f"inline <script> on {name}"
    assert all(not text.strip() for text in tags.scripts), name
    for tag, attrs in tags.tags:
        handlers = [a for a in attrs if a.lower().startswith("on")]
        assert not handlers, f"<{tag}> has inline handlers {handlers} on {name}"
        assert "style" not in attrs, f"<{tag}> has a style attribute on {name}"
        assert tag != "style", f"inline <style> on {name}"
    path = urlsplit(response.request.path).path
    if "<html" in body and path.startswith(("/g/", "/v/")):
        assert tags.all("meta", name="robots", content="noindex"), name


def test_robots_txt_keeps_crawlers_off_game_links(client):
    response = client.get("/robots.txt")
    assert response.status_code == 200
    assert response.mimetype == "text/plain"
    lines = [line.strip() for line in response.get_data(as_text=True).splitlines()]
    assert "User-agent: *" in lines
    assert "Disallow: /g/" in lines
    assert "Disallow: /v/" in lines


def test_the_session_cookie_is_httponly_and_samesite_lax(app, client, new_game):
    new_game(**NAMES)
    client.get("/")
    session = client.get_cookie(app.config.get("SESSION_COOKIE_NAME", "session"))
    assert session is not None
    assert session.http_only
    assert session.same_site == "Lax"
    device = client.get_cookie("device")
    assert device.http_only
    assert device.same_site == "Lax"
