"""The sharing side of a game through the test client (issue #4).

The view link and the edit link are two separate keys: the view link shows the live scoreboard,
its exports and its QR code and can change nothing; every write sits under the edit link. The
tests below check that separation, that no view answer leaks the edit token, link rotation, the
scoreboard's ETag/304 answer (which must not replay the game), polling, the CSV and JSON exports,
the QR code, the share panel, the security headers, and that gunicorn never logs a link.

Seats are 0-3 clockwise (North, East, South, West); team A is seats 0 and 2, team B 1 and 3.
Games use the default GameLake rules (500 to win, -200 loses).
"""

from __future__ import annotations

import csv
import html
import io
import json
import re
import runpy
import secrets
import xml.etree.ElementTree as ET
from contextlib import contextmanager
from datetime import timedelta
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import urlsplit

import pytest
import segno
from flask import Response, request_started
from sqlalchemy import select, text
from werkzeug.test import Client

import scoring
from extensions import db
from models import GameRecord, HandRecord
from testsupport.apps import drop, fresh_app
from testsupport.database import queries_sent, view_token_of
from testsupport.pages import MINUS, Page
from testsupport.playing import NAMES
from testsupport.qr_reading import SVG, dark_modules, raster
from web import qr as share
from web.pages import HISTORY_SHOWN

TOKEN = re.compile(r"^[A-Za-z0-9_-]{22,}$")
ROOT = Path(__file__).resolve().parents[2]


# A bid 4 + 3 = 7 and take 3 + 3 = 6: set, -70. B bid 3 + 3 = 6 and take 4 + 3 = 7: +60 + 1 bag.
A_SET = {"bids": (4, 3, 3, 3), "tricks": (3, 4, 3, 3)}
# Ana's Nil made (+100), Carla bid 5 and took 6 (+50 + 1 bag): A +151. B bid 7, took 7: +70.
ANA_NIL = {"bids": ("nil", 4, 5, 3), "tricks": (0, 4, 6, 3)}
# A bid 6 and take 7: +61. B bid 6 and take 6: +60.
EVEN = {"bids": (3, 3, 3, 3), "tricks": (4, 3, 3, 3)}
# The bids of the hand in play after one hand: A (Ana & Carla) need 4, B (Bruno & Davi) need 7.
NEXT_BIDS = (2, 3, 2, 4)
# A bid 2 and take 4: +22. B bid 10 and take 9: -100. Twice, and B falls to -200: A win.
FLOOR_HAND = {"bids": (1, 5, 1, 5), "tricks": (2, 4, 2, 5)}

CSV_HEADER_LINE = (
    "game,hand,dealer,team,players,bids,tricks,contract,contract_points,bag_points,"
    "nil_points,bag_penalty,bonus_points,hand_points,bags,total"
)
CSV_HEADER = CSV_HEADER_LINE.split(",")


# --- helpers ----------------------------------------------------------------------------------


def game_tokens(app) -> list[tuple[str, str]]:
    """Every stored game's (edit token, view token), oldest first."""
    with app.app_context():
        rows = db.session.execute(
            select(GameRecord.edit_token, GameRecord.view_token).order_by(GameRecord.id)
        )
        return [tuple(row) for row in rows]


def snapshot(app) -> tuple[list, list]:
    """Everything a write could change: every game row (tokens, version) and every hand row."""
    with app.app_context():
        games = [
            tuple(row)
            for row in db.session.execute(
                select(
                    GameRecord.id, GameRecord.edit_token, GameRecord.view_token, GameRecord.version
                ).order_by(GameRecord.id)
            )
        ]
        hands = [
            (h.game_id, h.number, h.bids, h.tricks, h.team_tricks)
            for h in db.session.scalars(
                select(HandRecord).order_by(HandRecord.game_id, HandRecord.number)
            )
        ]
    return games, hands


def playing_game(new_game, play, hands=(A_SET,), bids=NEXT_BIDS) -> str:
    """A game with the given played hands and then the bids of the hand in play (if any)."""
    token = new_game(**NAMES)
    for hand in hands:
        play(token, hand["bids"], hand["tricks"])
    if bids is not None:
        play(token, bids)
    return token


def finished_game(new_game, play) -> str:
    """A game team A won in two hands, team B having fallen to exactly -200."""
    return playing_game(new_game, play, hands=(FLOOR_HAND, FLOOR_HAND), bids=None)


def rotate(client, edit_token: str, link: str):
    """Press one of the share panel's "new link" buttons."""
    return client.post(f"/g/{edit_token}/rotate", data={"link": link})


HX = {"HX-Request": "true"}


class Tags(HTMLParser):
    """Every start tag of an HTML text with its attributes, and each <script>'s content."""

    def __init__(self, text: str):
        """Parse the text at once."""
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict]] = []
        self.scripts: list[str] = []
        self._in_script = False
        self.feed(text)
        self.close()

    def handle_starttag(self, tag, attrs):
        """Keep the tag; start collecting a script's text."""
        self.tags.append((tag, {k: ("" if v is None else v) for k, v in attrs}))
        if tag == "script":
            self._in_script = True
            self.scripts.append("")

    def handle_startendtag(self, tag, attrs):
        """A self-closed tag has no content."""
        self.tags.append((tag, {k: ("" if v is None else v) for k, v in attrs}))

    def handle_endtag(self, tag):
        """Stop collecting a script's text."""
        if tag == "script":
            self._in_script = False

    def handle_data(self, data):
        """Text inside a <script> is inline script."""
        if self._in_script:
            self.scripts[-1] += data

    def all(self, tag: str, **attrs) -> list[dict]:
        """The attributes of every tag with this name and these attribute values."""
        found = []
        for name, have in self.tags:
            if name == tag and all(have.get(k.rstrip("_")) == v for k, v in attrs.items()):
                found.append(have)
        return found

    def one(self, tag: str, **attrs) -> dict:
        """The attributes of the only tag with this name and these attribute values."""
        found = self.all(tag, **attrs)
        assert len(found) == 1, f"expected one <{tag} {attrs}>, found {found}"
        return found[0]


def text_of(markup: str) -> str:
    """What a reader sees: tags dropped, entities decoded, white space collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]*>", " ", markup)).split())


def section_tag(markup: str) -> dict:
    """The attributes of the scoreboard's `<section class="game view">` element."""
    return Tags(markup).one("section", class_="game view")


def csv_table(response) -> list[list[str]]:
    """A CSV answer read back with the csv module."""
    return list(csv.reader(io.StringIO(response.get_data(as_text=True), newline="")))


def csp_directives(response) -> dict[str, list[str]]:
    """The Content-Security-Policy header as {directive: [sources]}."""
    policy = response.headers.get("Content-Security-Policy", "")
    directives = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            directives[words[0]] = words[1:]
    return directives


def qr_dark_modules(svg_text: str) -> set[tuple[int, int]]:
    """The (row, column) of every dark module in a QR SVG the app served."""
    return dark_modules(ET.fromstring(svg_text))  # noqa: S314 - the app's own output


def decode_qr(dark: set[tuple[int, int]], size: int):
    """The text purepix reads from the drawn modules, or None when purepix is not installed."""
    try:
        import purepix
    except ImportError:
        return None
    scale = 3
    image = purepix.Image("L", (size * scale, size * scale), raster(dark, size, scale))
    return purepix.qr.decode(image).decode()


def write_requests(token: str) -> list[tuple[str, str, dict]]:
    """Every route of the edit link: (method, path, form data), writes and edit-only pages.

    The game behind the real token has one played hand and the bids of hand 2 in, so each of
    these would do something with the edit token.
    """
    return [
        ("GET", f"/g/{token}", {}),
        ("GET", f"/g/{token}/hands/1", {}),
        ("GET", f"/g/{token}/undo", {}),
        ("GET", f"/g/{token}.csv", {}),
        ("POST", f"/g/{token}/hand", hand_form(NEXT_BIDS, (4, 3, 2, 4))),
        ("POST", f"/g/{token}/hands/1", hand_form((4, 3, 3, 3), (4, 3, 3, 3))),
        ("POST", f"/g/{token}/rematch", {}),
        ("POST", f"/g/{token}/undo", {}),
        ("POST", f"/g/{token}/rotate", {"link": "view"}),
        ("POST", f"/g/{token}/rotate", {"link": "edit"}),
    ]


def hand_form(bids, tricks) -> dict:
    """The hand form's fields for these bids and tricks by seat."""
    data = {f"bid_{s}": str(b) for s, b in enumerate(bids)}
    data.update({f"tricks_{s}": str(t) for s, t in enumerate(tricks)})
    return data


def send(client, method: str, path: str, data: dict, headers=None):
    """Send one request as a browser form would."""
    if method == "GET":
        return client.get(path, headers=headers)
    return client.post(path, data=data, headers=headers)


# --- the view link and the edit link are separate ---------------------------------------------


@pytest.mark.parametrize("kind", ["view token", "old edit token", "old view token", "random"])
def test_every_edit_route_refuses_any_other_token_and_writes_nothing(
    app, client, new_game, play, kind
):
    edit = playing_game(new_game, play)
    view = view_token_of(app, edit)
    if kind == "old edit token":
        assert rotate(client, edit, "edit").status_code == 303
        token = edit
    elif kind == "old view token":
        assert rotate(client, edit, "view").status_code == 303
        token = view
    elif kind == "view token":
        token = view
    else:
        token = secrets.token_urlsafe(16)
        assert len(token) == 22
    # A replaced link says so (410 Gone); any other token was never a link here (404).
    expected = 410 if kind.startswith("old") else 404
    before = snapshot(app)
    for method, path, data in write_requests(token):
        for headers in (None, HX):
            response = send(client, method, path, data, headers)
            assert response.status_code == expected, (method, path, headers, response.status_code)
            assert snapshot(app) == before, (method, path, "changed the database")


def test_the_same_edit_routes_work_with_the_edit_token(app, client, new_game, play):
    # The control for the test above: with the real edit token every route does its job.
    edit = playing_game(new_game, play)
    requests = write_requests(edit)
    for method, path, data in requests[:4]:
        assert send(client, method, path, data).status_code == 200, path
    for method, path, data in requests[4:]:
        before = snapshot(app)
        response = send(client, method, path, data)
        assert response.status_code == 303, (path, response.status_code)
        assert snapshot(app) != before, (path, "wrote nothing")


@pytest.mark.parametrize("kind", ["edit token", "random"])
def test_every_view_route_answers_404_to_the_edit_token_or_any_other(
    app, client, new_game, play, kind
):
    edit = playing_game(new_game, play)
    token = edit if kind == "edit token" else secrets.token_urlsafe(16)
    for path in (f"/v/{token}", f"/v/{token}.json", f"/v/{token}.csv", f"/v/{token}/qr.svg"):
        for headers in (None, HX):
            response = client.get(path, headers=headers)
            assert response.status_code == 404, (path, headers, response.status_code)
    view = view_token_of(app, edit)
    assert client.get(f"/v/{view}").status_code == 200


@pytest.mark.parametrize("finished", [False, True], ids=["in play", "finished"])
def test_no_view_answer_holds_the_edit_token_or_the_device_id(
    app, client, new_game, play, finished
):
    if finished:
        edit = finished_game(new_game, play)
    else:
        edit = playing_game(new_game, play, hands=(A_SET, ANA_NIL, EVEN))
    view = view_token_of(app, edit)
    device = client.get_cookie("device").value
    answers = {
        "page": client.get(f"/v/{view}"),
        "all hands": client.get(f"/v/{view}?all=1"),
        "partial": client.get(f"/v/{view}", headers=HX),
        "json": client.get(f"/v/{view}.json"),
        "csv": client.get(f"/v/{view}.csv"),
        "qr": client.get(f"/v/{view}/qr.svg"),
    }
    for name, response in answers.items():
        assert response.status_code == 200, name
        body = response.get_data(as_text=True)
        assert edit not in body, f"the {name} answer holds the edit token"
        assert device not in body, f"the {name} answer holds the device id"
        for header, value in response.headers.items():
            assert edit not in value, f"the {name} answer's {header} holds the edit token"
    # The page does hold the view link itself, so the check above is looking at real content.
    assert f"/v/{view}.csv" in answers["page"].get_data(as_text=True)


def test_view_and_edit_tokens_differ_are_long_urlsafe_and_unrelated(app, new_game):
    new_game(**NAMES)
    new_game(team_0="Greens", team_1="Golds")
    pairs = game_tokens(app)
    assert len(pairs) == 2
    for edit, view in pairs:
        assert TOKEN.match(edit), edit
        assert TOKEN.match(view), view
        assert edit != view
        assert not edit.startswith(view)
        assert not view.startswith(edit)
    every = [token for pair in pairs for token in pair]
    assert len(set(every)) == 4


# --- rotating a link ---------------------------------------------------------------------------


def test_a_new_view_link_redirects_to_the_edit_page_and_the_old_one_is_gone_at_once(
    app, client, new_game, play
):
    edit = playing_game(new_game, play)
    old = view_token_of(app, edit)
    assert client.get(f"/v/{old}").status_code == 200
    response = rotate(client, edit, "view")
    assert response.status_code == 303
    location = urlsplit(response.headers["Location"])
    assert location.path == f"/g/{edit}"
    assert location.fragment == "share"
    new = view_token_of(app, edit)
    assert new != old
    assert TOKEN.match(new)
    for suffix in ("", ".json", ".csv", "/qr.svg"):
        assert client.get(f"/v/{old}{suffix}").status_code == 410, suffix
        assert client.get(f"/v/{new}{suffix}").status_code == 200, suffix
    assert client.get(f"/v/{old}", headers=HX).status_code == 410
    page = client.get(f"/g/{edit}").get_data(as_text=True)
    assert f"/v/{new}" in page
    assert old not in page


def test_a_new_edit_link_redirects_to_itself_and_the_old_edit_link_is_gone(
    app, client, new_game, play
):
    old = playing_game(new_game, play)
    view = view_token_of(app, old)
    response = rotate(client, old, "edit")
    assert response.status_code == 303
    location = urlsplit(response.headers["Location"])
    [(new, view_after)] = game_tokens(app)
    assert location.path == f"/g/{new}"
    assert new != old
    assert TOKEN.match(new)
    assert view_after == view
    assert client.get(f"/g/{old}").status_code == 410
    assert client.get(f"/g/{old}.csv").status_code == 410
    assert client.get(f"/g/{new}").status_code == 200
    assert client.get(f"/v/{view}").status_code == 200
    play(new, NEXT_BIDS, (4, 3, 2, 4))  # the new link writes


@pytest.mark.parametrize("link", ["", "both", "VIEW", "device", None])
def test_rotating_an_unknown_link_is_a_400_and_changes_nothing(app, client, new_game, play, link):
    edit = playing_game(new_game, play)
    before = snapshot(app)
    data = {} if link is None else {"link": link}
    response = client.post(f"/g/{edit}/rotate", data=data)
    assert response.status_code == 400
    assert snapshot(app) == before


# --- ETag and 304 ------------------------------------------------------------------------------


def test_the_view_page_has_an_etag_and_the_same_request_with_it_gets_an_empty_304(
    app, client, new_game, play
):
    view = view_token_of(app, playing_game(new_game, play))
    first = client.get(f"/v/{view}")
    assert first.status_code == 200
    etag = first.headers.get("ETag")
    assert etag
    again = client.get(f"/v/{view}", headers={"If-None-Match": etag})
    assert again.status_code == 304
    assert again.get_data() == b""
    assert again.headers.get("ETag") == etag
    partial = client.get(f"/v/{view}", headers=HX)
    assert partial.headers.get("ETag")
    again = client.get(f"/v/{view}", headers={**HX, "If-None-Match": partial.headers["ETag"]})
    assert again.status_code == 304
    assert again.get_data() == b""


def test_after_bids_or_a_hand_the_old_etag_gets_a_fresh_200_and_a_new_etag(
    app, client, new_game, play
):
    edit = playing_game(new_game, play, bids=None)
    view = view_token_of(app, edit)
    etags = [client.get(f"/v/{view}").headers["ETag"]]
    # The bids of hand 2 go in.
    play(edit, NEXT_BIDS)
    response = client.get(f"/v/{view}", headers={"If-None-Match": etags[-1]})
    assert response.status_code == 200
    assert "need 4" in text_of(response.get_data(as_text=True))
    etags.append(response.headers["ETag"])
    # Then its tricks: A bid 4 and take 4 + 2 = 6 (+42), B bid 7 and take 3 + 4 = 7 (+70).
    play(edit, NEXT_BIDS, (4, 3, 2, 4))
    response = client.get(f"/v/{view}", headers={"If-None-Match": etags[-1]})
    assert response.status_code == 200
    assert "Hand 3" in text_of(response.get_data(as_text=True))
    etags.append(response.headers["ETag"])
    assert len(set(etags)) == 3
    assert client.get(f"/v/{view}", headers={"If-None-Match": etags[-1]}).status_code == 304


def test_a_weak_form_of_the_etag_also_gets_a_304(app, client, new_game, play):
    # If-None-Match uses the weak comparison (RFC 9110, 13.1.2). A proxy compressing the page
    # (nginx with gzip, as in the README's deployment) hands the browser W/"..." instead of
    # the app's strong ETag, and that is what the browser sends back while polling.
    view = view_token_of(app, playing_game(new_game, play))
    etag = client.get(f"/v/{view}", headers=HX).headers["ETag"]
    assert etag.startswith('"')
    response = client.get(f"/v/{view}", headers={**HX, "If-None-Match": f"W/{etag}"})
    assert response.status_code == 304
    assert response.get_data() == b""


def test_the_partial_and_the_full_page_have_different_etags(app, client, new_game, play):
    view = view_token_of(app, playing_game(new_game, play))
    full = client.get(f"/v/{view}")
    partial = client.get(f"/v/{view}", headers=HX)
    assert full.headers["ETag"] != partial.headers["ETag"]
    # The page's ETag does not answer for the partial, nor the other way round.
    crossed = client.get(f"/v/{view}", headers={**HX, "If-None-Match": full.headers["ETag"]})
    assert crossed.status_code == 200
    assert crossed.get_data(as_text=True).lstrip().startswith('<section class="game view"')
    crossed = client.get(f"/v/{view}", headers={"If-None-Match": partial.headers["ETag"]})
    assert crossed.status_code == 200
    assert "<html" in crossed.get_data(as_text=True)


@pytest.mark.parametrize("headers", [{}, HX], ids=["page", "partial"])
def test_a_304_runs_one_query_and_a_changed_game_is_read_again(
    app, client, new_game, play, headers
):
    edit = playing_game(new_game, play)
    view = view_token_of(app, edit)
    etag = client.get(f"/v/{view}", headers=headers).headers["ETag"]
    # Flask's own route (a HEAD, or the app without the shortcut in front of it).
    with queries_sent(app) as asked:
        response = without_shortcut(app).get(
            f"/v/{view}", headers={**headers, "If-None-Match": etag}
        )
    assert response.status_code == 304
    assert len(asked) == 1, asked
    assert "hand" not in asked[0].lower().split("from", 1)[1]
    play(edit, NEXT_BIDS, (4, 3, 2, 4))
    with queries_sent(app) as asked:
        response = client.get(f"/v/{view}", headers={**headers, "If-None-Match": etag})
    assert response.status_code == 200
    # Read again: the new hand shows (its hands kept as the write in this worker left them).
    assert "Hand 3" in text_of(response.get_data(as_text=True))


@contextmanager
def flask_requests(app):
    """Count the requests that reach Flask's dispatch inside the block."""
    seen = []

    def started(sender, **extra):
        """Note one request entering the app."""
        seen.append(sender)

    with request_started.connected_to(started, app):
        yield seen


def without_shortcut(app):
    """A client for the Flask app alone, without the middleware that answers unchanged polls."""
    return Client(app.wsgi_app.wsgi_app, Response)


@pytest.mark.parametrize("headers", [{}, HX], ids=["page", "partial"])
def test_an_unchanged_poll_is_answered_before_flask_with_the_headers_flask_would_give(
    app, client, new_game, play, headers
):
    view = view_token_of(app, playing_game(new_game, play))
    etag = client.get(f"/v/{view}", headers=headers).headers["ETag"]
    asked = {**headers, "If-None-Match": etag}
    with flask_requests(app) as seen:
        fast = client.get(f"/v/{view}", headers=asked)
    assert fast.status_code == 304
    assert seen == []
    with flask_requests(app) as seen:
        slow = without_shortcut(app).get(f"/v/{view}", headers=asked)
    assert slow.status_code == 304
    assert len(seen) == 1
    rate_limit = ("X-RateLimit", "Retry-After")
    slow_headers = {k: v for k, v in slow.headers.items() if not k.startswith(rate_limit)}
    assert dict(fast.headers.items()) == slow_headers


def test_an_unchanged_poll_costs_one_query_of_the_game_row_and_nothing_else(
    app, client, new_game, play
):
    with app.app_context():
        if db.engine.dialect.name != "sqlite":
            pytest.skip("SQLite reports the shortcut's driver-level query; its pass runs this")
    view = view_token_of(app, playing_game(new_game, play))
    etag = client.get(f"/v/{view}", headers=HX).headers["ETag"]
    with queries_sent(app) as asked:
        response = client.get(f"/v/{view}", headers={**HX, "If-None-Match": etag})
    assert response.status_code == 304
    assert len(asked) == 1, asked
    assert "FROM game" in asked[0]
    assert "hand" not in asked[0].lower()


@pytest.mark.parametrize("by", ["browser", "cookie"])
def test_a_poll_in_another_language_than_its_etag_gets_the_page_in_that_language(
    app, client, new_game, play, by
):
    view = view_token_of(app, playing_game(new_game, play))
    english = client.get(f"/v/{view}", headers=HX).headers["ETag"]
    asked = dict(HX)
    if by == "cookie":
        client.set_cookie("lang", "pt_BR")
    else:
        asked["Accept-Language"] = "pt-BR,pt;q=0.9"
    response = client.get(f"/v/{view}", headers={**asked, "If-None-Match": english})
    assert response.status_code == 200
    assert "Mão 2" in text_of(response.get_data(as_text=True))
    portuguese = response.headers["ETag"]
    assert portuguese != english
    again = client.get(f"/v/{view}", headers={**asked, "If-None-Match": portuguese})
    assert again.status_code == 304


def test_a_poll_the_database_cannot_answer_gets_the_apps_own_error_page(
    app, client, new_game, play
):
    view = view_token_of(app, playing_game(new_game, play))
    etag = client.get(f"/v/{view}", headers=HX).headers["ETag"]
    app.config["PROPAGATE_EXCEPTIONS"] = False  # as when served, not as when testing
    with app.app_context():
        db.session.execute(text("ALTER TABLE game RENAME TO game_away"))
        db.session.commit()
    try:
        response = client.get(f"/v/{view}", headers={**HX, "If-None-Match": etag})
    finally:
        with app.app_context():
            db.session.execute(text("ALTER TABLE game_away RENAME TO game"))
            db.session.commit()
    assert response.status_code == 500
    assert "Sorry (500)" in response.get_data(as_text=True)


@pytest.mark.parametrize("etag", ["*", '"1-0-en-p"', '"nothing"'])
def test_a_poll_with_an_unknown_link_is_a_404_whatever_etag_it_sends(app, client, etag):
    response = client.get(f"/v/{secrets.token_urlsafe(16)}", headers={**HX, "If-None-Match": etag})
    assert response.status_code == 404
    assert "There is no game at this link" in response.get_data(as_text=True)


def test_only_a_get_of_the_scoreboard_itself_is_answered_before_flask(app, client, new_game, play):
    view = view_token_of(app, playing_game(new_game, play))
    etag = client.get(f"/v/{view}").headers["ETag"]
    asked = {"If-None-Match": etag}
    with flask_requests(app) as seen:
        assert client.head(f"/v/{view}", headers=asked).status_code == 304
        assert client.get(f"/v/{view}.json", headers=asked).status_code == 200
        assert client.get(f"/v/{view}/qr.svg", headers=asked).status_code == 200
        assert client.post(f"/v/{view}", headers=asked).status_code == 405
    assert len(seen) == 4


# --- the live scoreboard -----------------------------------------------------------------------


def test_a_game_in_progress_polls_every_3_seconds(app, client, new_game, play):
    view = view_token_of(app, playing_game(new_game, play))
    for headers in (HX, {}):
        body = client.get(f"/v/{view}", headers=headers).get_data(as_text=True)
        section = section_tag(body)
        assert section.get("hx-trigger") == "every 3s"
        assert section.get("hx-get") == f"/v/{view}"
    partial = client.get(f"/v/{view}", headers=HX).get_data(as_text=True)
    assert partial.lstrip().startswith('<section class="game view"')
    assert "<html" not in partial


def test_polling_stops_once_the_game_is_over(app, client, new_game, play):
    view = view_token_of(app, finished_game(new_game, play))
    for headers in (HX, {}):
        body = client.get(f"/v/{view}", headers=headers).get_data(as_text=True)
        section = section_tag(body)
        assert "hx-trigger" not in section
        assert "hx-get" not in section
        assert "every 3s" not in body
        assert "Reds won" in text_of(body)


def test_the_view_page_shows_the_score_the_hand_in_play_and_history_without_edit_links(
    app, client, new_game, play
):
    edit = playing_game(new_game, play)  # hand 1 played (Reds -70, Blues 61), hand 2 bid
    view = view_token_of(app, edit)
    body = client.get(f"/v/{view}").get_data(as_text=True)
    tags = Tags(body)
    text = text_of(body)
    # Totals and bags.
    assert f"Reds Ana & Carla {MINUS}70" in text
    assert "Blues Bruno & Davi 61" in text
    assert "1 bag" in text
    # The hand in play: who deals, the bids in bidding order and both contracts.
    assert "Hand 2" in text
    assert "Bruno deals · Carla bids first" in text
    assert "Carla 2 · Davi 4 · Ana 2 · Bruno 3" in text
    assert "Ana & Carla need 4" in text
    assert "Bruno & Davi need 7" in text
    # History, read-only.
    assert "Hand 1 · Ana dealt" in text
    assert "Edit" not in text
    assert not tags.all("a", class_="edit")
    assert "/hands/" not in body
    assert "/g/" not in body
    assert [form.get("action") for form in tags.all("form")] == ["/language"]
    # The chart and the downloads.
    assert re.search(r"<figure class=\"chart\"><svg\b", body)
    links = {a.get("href") for a in tags.all("a")}
    assert f"/v/{view}.csv" in links
    assert f"/v/{view}.json" in links


def test_a_view_showing_all_hands_keeps_showing_them_all_when_it_polls(app, client, new_game):
    # More hands than a page lists at first; played to 10000 so the game goes on.
    # Each hand: A bid 3 + 3 and take 6 (+60), B bid 4 + 3 and take 7 (+70).
    edit = new_game(**NAMES, target="10000")
    view = view_token_of(app, edit)
    for _ in range(11):
        data = hand_form((3, 4, 3, 3), (3, 4, 3, 3))
        assert client.post(f"/g/{edit}/hand", data=data).status_code == 303
    first = client.get(f"/v/{view}").get_data(as_text=True)
    assert first.count('<li class="hand">') == HISTORY_SHOWN
    assert "Show all 11 hands" in text_of(first)
    page = client.get(f"/v/{view}?all=1").get_data(as_text=True)
    assert page.count('<li class="hand">') == 11
    # The page asks for itself again every 3 s and htmx swaps in what comes back.
    poll = section_tag(page)["hx-get"]
    polled = client.get(poll, headers=HX).get_data(as_text=True)
    assert polled.count('<li class="hand">') == 11, f"polling {poll} shows fewer hands"


def test_the_view_page_says_it_is_waiting_for_bids_before_any_are_in(app, client, new_game, play):
    view = view_token_of(app, playing_game(new_game, play, bids=None))
    text = text_of(client.get(f"/v/{view}").get_data(as_text=True))
    assert "Waiting for the bids." in text
    assert "need" not in text


# --- CSV ---------------------------------------------------------------------------------------


def test_the_csv_is_an_attachment_with_the_exact_header_and_safe_cells(app, client, new_game, play):
    edit = new_game(**{**NAMES, "team_0": "=SUM(A1)"})
    play(edit, A_SET["bids"], A_SET["tricks"])
    view = view_token_of(app, edit)
    response = client.get(f"/v/{view}.csv")
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    disposition = response.headers.get("Content-Disposition", "")
    assert disposition.startswith("attachment")
    match = re.search(r'filename="?([^";]+)"?', disposition)
    assert match, disposition
    assert match.group(1).endswith(".csv")
    rows = csv_table(response)
    assert rows[0] == CSV_HEADER
    assert response.get_data(as_text=True).startswith(CSV_HEADER_LINE + "\r\n")
    records = [dict(zip(CSV_HEADER, row, strict=True)) for row in rows[1:]]
    assert len(records) == 2
    first, second = records
    assert first["team"] == "'=SUM(A1)"
    assert first["game"].startswith("'=SUM(A1) vs Blues")
    assert first["total"] == "-70"
    assert first["contract_points"] == "-70"
    assert first["hand_points"] == "-70"
    assert int(first["total"]) == -70
    assert (second["team"], second["total"], second["bags"]) == ("Blues", "61", "1")
    assert first["dealer"] == "Ana"
    assert (first["players"], first["bids"], first["tricks"]) == ("Ana & Carla", "4/3", "3/3")
    # No cell anywhere starts with a formula character.
    for row in rows[1:]:
        for cell in row:
            assert not cell.startswith(("=", "+", "@")), cell
            assert not cell.startswith("-") or re.fullmatch(r"-\d+", cell), cell


def test_the_edit_and_view_csv_are_the_same_file(app, client, new_game, play):
    edit = playing_game(new_game, play, hands=(A_SET, ANA_NIL))
    view = view_token_of(app, edit)
    by_edit = client.get(f"/g/{edit}.csv")
    by_view = client.get(f"/v/{view}.csv")
    assert by_edit.status_code == by_view.status_code == 200
    assert by_edit.get_data() == by_view.get_data()
    assert by_edit.headers["Content-Disposition"] == by_view.headers["Content-Disposition"]
    assert len(csv_table(by_view)) == 1 + 2 * 2


def test_the_device_csv_has_every_game_of_this_device_and_no_other(app, client, new_game, play):
    first = playing_game(new_game, play, hands=(A_SET,), bids=None)
    second = new_game(team_0="Greens", team_1="Golds")
    play(second, EVEN["bids"], EVEN["tricks"])
    play(second, A_SET["bids"], A_SET["tricks"])
    other = app.test_client()
    response = other.post("/games", data={"team_0": "Others", "team_1": "Strangers"})
    assert response.status_code == 303
    other_token = urlsplit(response.headers["Location"]).path.rsplit("/", 1)[1]
    assert other.post(f"/g/{other_token}/hand", data=hand_form(*EVEN.values())).status_code == 303
    assert first != second

    response = client.get("/games.csv")
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    assert response.headers["Content-Disposition"].startswith("attachment")
    assert response.headers["Content-Disposition"].rstrip('"').endswith(".csv")
    rows = csv_table(response)
    assert rows[0] == CSV_HEADER
    teams = [row[3] for row in rows[1:]]
    assert sorted(teams) == sorted(["Reds", "Blues"] + ["Greens", "Golds"] * 2)
    assert not {"Others", "Strangers"} & {cell for row in rows for cell in row}
    # The other device sees only its own game.
    theirs = csv_table(other.get("/games.csv"))
    assert sorted(row[3] for row in theirs[1:]) == ["Others", "Strangers"]


def test_the_device_csv_of_a_device_without_games_is_just_the_header(app, client, new_game):
    new_game(**NAMES)
    stranger = app.test_client()
    response = stranger.get("/games.csv")
    assert response.status_code == 200
    assert csv_table(response) == [CSV_HEADER]


# --- JSON --------------------------------------------------------------------------------------


def test_the_json_matches_the_scoreboard_and_the_engine(app, client, new_game, play):
    played = (A_SET, ANA_NIL, EVEN)
    edit = playing_game(new_game, play, hands=played)
    view = view_token_of(app, edit)
    response = client.get(f"/v/{view}.json")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    body = response.get_data(as_text=True)
    assert edit not in body
    assert view not in body
    data = json.loads(body)

    # The engine, replaying the same hands by itself.
    rules = scoring.PRESETS[scoring.DEFAULT_PRESET].rules
    hands = [scoring.Hand(tuple(h["bids"]), tuple(h["tricks"])) for h in played]
    engine = scoring.replay(rules, hands, 0)
    assert data["rules"] == rules.to_dict()
    assert data["totals"] == list(engine.totals)
    assert data["bags"] == list(engine.bags)
    assert data["totals"] == [-70 + 151 + 61, 61 + 70 + 60]
    assert data["status"] == "playing"
    assert data["winner"] is None
    assert data["teams"] == ["Reds", "Blues"]
    assert data["players"] == ["Ana", "Bruno", "Carla", "Davi"]

    # Every played hand (not the one in play), with a breakdown adding up to its points.
    assert [h["number"] for h in data["hands"]] == [1, 2, 3]
    running = [0, 0]
    for hand, result in zip(data["hands"], engine.hands, strict=True):
        assert hand["bids"] == list(result.hand.bids)
        for team in hand["teams"]:
            points = team["points"]
            assert sum(item["points"] for item in team["items"]) == points, hand["number"]
            assert points == result.teams[team["team"]].points
            running[team["team"]] += points
            assert team["total"] == running[team["team"]]
    assert {item["kind"] for item in data["hands"][1]["teams"][0]["items"]} >= {"nil", "bags"}

    # The scoreboard on the view page says the same.
    text = text_of(client.get(f"/v/{view}").get_data(as_text=True))
    assert f"Reds Ana & Carla {data['totals'][0]}" in text
    assert f"Blues Bruno & Davi {data['totals'][1]}" in text
    for bags in data["bags"]:
        assert f"{bags} bag" in text


def test_the_json_of_a_finished_game_names_the_winner_like_the_scoreboard(
    app, client, new_game, play
):
    view = view_token_of(app, finished_game(new_game, play))
    data = client.get(f"/v/{view}.json").get_json()
    engine = scoring.replay(
        scoring.PRESETS[scoring.DEFAULT_PRESET].rules,
        [scoring.Hand(FLOOR_HAND["bids"], FLOOR_HAND["tricks"])] * 2,
        0,
    )
    assert data["totals"] == list(engine.totals) == [44, -200]
    assert data["bags"] == list(engine.bags)
    assert data["status"] == "over"
    assert data["winner"] == engine.winner == 0
    assert data["reason"] == "floor"
    assert data["next"] is None
    text = text_of(client.get(f"/v/{view}").get_data(as_text=True))
    assert "Reds won: Blues fell to -200." in text.replace(MINUS, "-")


# --- QR code -----------------------------------------------------------------------------------


def test_the_qr_code_is_svg_of_the_absolute_view_link(app, client, new_game, play):
    view = view_token_of(app, playing_game(new_game, play))
    response = client.get(f"/v/{view}/qr.svg")
    assert response.status_code == 200
    assert response.mimetype == "image/svg+xml"
    served = response.get_data(as_text=True)
    root = ET.fromstring(served)  # noqa: S314 - the app's own output
    assert root.tag == f"{SVG}svg"
    assert "<script" not in served
    url = f"http://localhost/v/{view}"
    expected = str(share.qr_svg(url))
    assert qr_dark_modules(served) == qr_dark_modules(expected)
    code = segno.make(url, error=share.SHARE_QR_ERROR, micro=False)
    matrix = {(r, c) for r, row in enumerate(code.matrix) for c, bit in enumerate(row) if bit}
    assert qr_dark_modules(served) == matrix
    size = int(root.get("viewBox").split()[2])
    decoded = decode_qr(qr_dark_modules(served), size)
    if decoded is not None:
        assert decoded == url


# --- the share panel on the edit page ----------------------------------------------------------


def test_the_edit_page_has_the_share_panel(app, client, new_game, play):
    edit = playing_game(new_game, play)
    view = view_token_of(app, edit)
    body = client.get(f"/g/{edit}").get_data(as_text=True)
    tags = Tags(body)
    tags.one("details", class_="share", id="share")
    view_input = tags.one("input", id="view-link")
    assert view_input.get("value") == f"http://localhost/v/{view}"
    assert "readonly" in view_input
    assert tags.one("button", class_="copy", **{"data-copy": "view-link"})
    assert tags.one("button", class_="share-sheet", **{"data-share": "view-link"})
    qr = tags.one("img", class_="qr")
    assert qr.get("src") == f"/v/{view}/qr.svg"
    assert qr.get("alt")
    assert client.get(qr["src"]).mimetype == "image/svg+xml"
    # The edit link, with its warning.
    keeper = body[body.index('<div class="keeper">') :]
    keeper = keeper[: keeper.index("</div>")]
    assert "change the score" in text_of(keeper)
    assert 'class="warning"' in keeper
    edit_input = tags.one("input", id="edit-link")
    assert edit_input.get("value") == f"http://localhost/g/{edit}"
    assert "readonly" in edit_input
    assert tags.one("button", class_="copy", **{"data-copy": "edit-link"})
    # The rotate buttons.
    tags.one("form", class_="rotate", method="post", action=f"/g/{edit}/rotate")
    assert tags.one("button", type="submit", name="link", value="view")
    assert tags.one("button", type="submit", name="link", value="edit")


# --- security headers --------------------------------------------------------------------------


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


# --- gunicorn's access log ---------------------------------------------------------------------


def test_gunicorns_access_log_never_has_the_path_query_or_referer():
    from gunicorn import glogging
    from gunicorn.config import Config

    settings = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    fmt = settings["access_log_format"]
    atoms = set(re.findall(r"%\(([^)]+)\)s", fmt))
    assert not atoms & {"r", "U", "q", "f"}, fmt
    for atom in atoms:
        if atom.startswith("{"):
            lowered = atom.lower()
            assert not any(word in lowered for word in ("uri", "path", "referer", "query", "url"))
            assert not lowered.endswith("}o"), f"response header {atom} may hold a Location"
    # Format one line the way gunicorn does, for a request whose link is a secret.
    secret = secrets.token_urlsafe(16)
    cfg = Config()
    cfg.set("access_log_format", fmt)
    logger = glogging.Logger(cfg)
    environ = {
        "REQUEST_METHOD": "POST",
        "RAW_URI": f"/g/{secret}/hand?x={secret}",
        "PATH_INFO": f"/g/{secret}/hand",
        "QUERY_STRING": f"x={secret}",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "HTTP_REFERER": f"http://localhost/g/{secret}",
        "HTTP_USER_AGENT": "phone",
    }
    request = SimpleNamespace(headers=[("REFERER", f"http://localhost/v/{secret}")])
    answer = SimpleNamespace(
        status="303 SEE OTHER", sent=10, headers=[("Location", f"/g/{secret}")]
    )
    atoms_used = logger.atoms(answer, request, environ, timedelta(milliseconds=12))
    line = fmt % glogging.SafeAtoms(atoms_used)
    assert secret not in line
    assert '"POST" 303' in line
