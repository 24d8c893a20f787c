"""The view link and the edit link of a game through the test client (issue #4): two separate
keys. The view link shows the live scoreboard, its exports and its QR code and can change
nothing; every write sits under the edit link. The tests below check that separation, that no
view answer leaks the edit token, and that either link can be replaced by a new one.

The table, its seats and the hands it plays are testsupport.playing's (GameLake rules).
"""

from __future__ import annotations

import re
import secrets
from urllib.parse import urlsplit

import pytest

from testsupport.database import game_tokens, snapshot, view_token_of
from testsupport.playing import (
    A_SET,
    ANA_NIL,
    EVEN,
    NAMES,
    NEXT_BIDS,
    finished_game,
    playing_game,
    rotate,
)
from testsupport.routes import HX, send, write_requests

TOKEN = re.compile(r"^[A-Za-z0-9_-]{22,}$")


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
    pages = sum(method == "GET" for method, _, _ in requests)
    for method, path, data in requests[:pages]:
        assert send(client, method, path, data).status_code == 200, path
    for method, path, data in requests[pages:]:
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
