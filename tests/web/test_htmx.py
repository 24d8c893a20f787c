"""htmx: the same routes answer a whole page to a browser and the swappable part to htmx.

Also the htmx script tag itself (pinned, with its hash), the config that lets htmx swap the
409 and 422 answers that carry a form, and CSRF protection left on as in production.
"""

from __future__ import annotations

import json
import re

import pytest

from extensions import db
from testsupport.apps import app_on
from testsupport.database import counts, snapshot
from testsupport.pages import Page, submit
from testsupport.playing import enter, start_game
from testsupport.routes import HX


def is_partial(response) -> bool:
    """Whether a response is just the game's swappable section, with no page around it."""
    html = response.get_data(as_text=True)
    return html.lstrip().startswith('<section class="game"') and "<html" not in html


def varies_on_hx_request(response) -> bool:
    """Whether caches are told that the answer depends on the HX-Request header."""
    return "hx-request" in {v.strip().lower() for v in response.headers.get("Vary", "").split(",")}


def test_the_game_page_is_whole_for_a_browser_and_a_section_for_htmx(client):
    token = start_game(client)
    whole = client.get(f"/g/{token}")
    part = client.get(f"/g/{token}", headers=HX)
    assert whole.status_code == part.status_code == 200
    assert "<html" in whole.get_data(as_text=True)
    assert '<section class="game"' in whole.get_data(as_text=True)
    assert is_partial(part)
    assert varies_on_hx_request(whole)
    assert varies_on_hx_request(part)
    # The part has what the page has: the scoreboard and the form.
    assert Page(part).totals() == (0, 0)
    assert Page(part).form("hand-form").attrs["hx-post"] == f"/g/{token}/hand"


def test_a_saved_hand_answers_htmx_with_the_section_in_one_round_trip(app, client):
    token = start_game(client)
    form = Page(client.get(f"/g/{token}?whole=1&players=1", headers=HX)).form("hand-form")
    taps = {"bid_0": 4, "bid_1": 3, "bid_2": "nil", "bid_3": 5}
    taps |= {"tricks_0": 5, "tricks_1": 3, "tricks_2": 0, "tricks_3": 5}
    here = {"HX-Current-URL": f"http://localhost/g/{token}"}
    response = submit(client, form, taps, headers=HX | here)
    # The new part comes with the answer to the POST itself: no redirect to follow.
    assert response.status_code == 200
    assert is_partial(response)
    assert varies_on_hx_request(response)
    # The page stays where it was: nothing to put in the address bar.
    assert "HX-Replace-Url" not in response.headers
    # A: +40 + 1 bag + 100 for South's Nil = 141; B: contract 8 made, +80.
    assert Page(response).totals() == (141, 80)
    assert counts(app) == (1, 1)

    # The same form sent again (its answer lost on the way) is the same answer, saved once.
    again = submit(client, form, taps, headers=HX | here)
    assert again.status_code == 200
    assert Page(again).totals() == (141, 80)
    assert counts(app) == (1, 1)

    # Without htmx, the same POST ends on the whole page.
    form = Page(client.get(f"/g/{token}")).form("hand-form")
    taps = {"bid_0": 4, "bid_1": 3, "bid_2": 3, "bid_3": 2}
    response = submit(client, form, taps, follow_redirects=True)
    assert response.status_code == 200
    assert "<html" in response.get_data(as_text=True)


def test_a_refused_hand_answers_htmx_with_the_section_and_its_errors(app, client):
    token = start_game(client)
    before = snapshot(app)
    data = {"bid_0": "4", "bid_1": "3", "bid_2": "nil"}  # West forgot to bid
    response = client.post(f"/g/{token}/hand", data=data, headers=HX)
    assert response.status_code == 422
    assert is_partial(response)
    assert varies_on_hx_request(response)
    page = Page(response)
    assert page.errors("bid_3") == ["Choose a bid."]
    assert [page.checked(f"bid_{s}") for s in range(3)] == ["4", "3", "nil"]
    assert snapshot(app) == before

    response = client.post(f"/g/{token}/hand", data=data)
    assert response.status_code == 422
    assert "<html" in response.get_data(as_text=True)
    assert varies_on_hx_request(response)


def test_the_edit_page_and_a_refused_edit_answer_htmx_with_the_edit_section(app, client):
    token = start_game(client)
    enter(client, token, bids=(4, 3, "nil", 5), tricks=(5, 3, 0, 5))
    part = client.get(f"/g/{token}/hands/1", headers=HX)
    html = part.get_data(as_text=True)
    assert html.lstrip().startswith('<section class="edit-hand"') and "<html" not in html
    assert varies_on_hx_request(part)
    before = snapshot(app)
    # 5 + 3 + 0 + 4 = 12 tricks.
    form = Page(part).form("hand-form")
    response = submit(client, form, {"tricks_3": 4}, headers=HX)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert html.lstrip().startswith('<section class="edit-hand"') and "<html" not in html
    assert any("13" in m for m in Page(response).form_errors())
    assert snapshot(app) == before


def test_a_saved_edit_answers_htmx_with_the_game_and_its_address(client):
    token = start_game(client)
    enter(client, token, bids=(4, 3, "nil", 5), tricks=(5, 3, 0, 5))
    form = Page(client.get(f"/g/{token}/hands/1", headers=HX)).form("hand-form")
    here = {"HX-Current-URL": f"http://localhost/g/{token}/hands/1"}
    response = submit(client, form, {"tricks_0": 4, "tricks_3": 6}, headers=HX | here)
    assert response.status_code == 200
    assert is_partial(response)
    # The edit page's address gives way to the game's, as the redirect gives it without script.
    assert response.headers["HX-Replace-Url"] == f"/g/{token}"
    # A: 4 made exactly +40, Nil +100 = 140; B: 8 bid, 9 taken, +81.
    assert Page(response).totals() == (140, 81)


def test_a_form_from_before_another_phones_save_is_refused_with_409(app, client):
    token = start_game(client)
    stale = Page(client.get(f"/g/{token}", headers=HX)).form("hand-form")
    enter(client, token, bids=(4, 3, 3, 2))  # another phone saves the bids first
    before = snapshot(app)
    taps = {"bid_0": 5, "bid_1": 3, "bid_2": 3, "bid_3": 2}
    response = submit(client, stale, taps, headers=HX)
    assert response.status_code == 409
    assert is_partial(response)
    assert snapshot(app) == before
    page = Page(response)
    assert "Another phone changed this game first." in page.text
    # What is saved now is shown: the other phone's bids.
    assert [page.checked(f"bid_{s}") for s in range(4)] == ["4", "3", "3", "2"]


def test_the_base_page_loads_a_pinned_htmx_with_its_hash(client):
    page = Page(client.get("/"))
    [script] = [s for s in page.find_all("script") if "htmx" in s.attrs.get("src", "")]
    assert re.fullmatch(
        r"https://[^\s\"]+htmx\.org@\d+\.\d+\.\d+/[^\s\"]+\.js", script.attrs["src"]
    )
    assert re.fullmatch(r"sha384-[A-Za-z0-9+/]{64}", script.attrs["integrity"])
    assert script.attrs["crossorigin"] == "anonymous"


def first_rule(handling: list[dict], status: int) -> dict:
    """The responseHandling entry htmx applies to a status (the first whose code matches)."""
    for rule in handling:
        if re.search(rule["code"], str(status)):
            return rule
    raise AssertionError(f"no rule for {status}")


def test_the_htmx_config_swaps_the_409_and_422_answers(client):
    page = Page(client.get("/"))
    meta = page.find("meta", name="htmx-config")
    config = json.loads(meta.attrs["content"])
    handling = config["responseHandling"]
    for status in (409, 422):
        rule = first_rule(handling, status)
        assert rule["swap"] is True, status
        assert rule.get("error") is False, status
    for status in (200, 303):
        assert first_rule(handling, status)["swap"] is True
    for status in (400, 404, 413, 500):
        rule = first_rule(handling, status)
        assert rule["swap"] is False and rule.get("error") is True, status


# --- CSRF left on -----------------------------------------------------------------------------


@pytest.fixture
def csrf_client(app):
    """A client of an app like production's, with CSRF protection on, on the test database."""
    uri = app.config["SQLALCHEMY_DATABASE_URI"]
    secured = app_on(uri, SECRET_KEY="test-secret-csrf", WTF_CSRF_ENABLED=True)
    yield secured.test_client()
    with secured.app_context():
        db.session.remove()
        db.engine.dispose()


def test_with_csrf_on_a_post_without_the_token_is_refused_and_saves_nothing(app, csrf_client):
    response = csrf_client.post("/games", data={"team_0": "Reds"})
    assert response.status_code == 400
    assert counts(app) == (0, 0)
    assert "Reload the page" in Page(response).text

    # A game started properly, then a hand posted without the token.
    token = start_game(csrf_client)
    before = snapshot(app)
    data = {"bid_0": "4", "bid_1": "3", "bid_2": "3", "bid_3": "2"}
    response = csrf_client.post(f"/g/{token}/hand", data=data)
    assert response.status_code == 400
    response = csrf_client.post(f"/g/{token}/hand", data={**data, "csrf_token": "forged"})
    assert response.status_code == 400
    response = csrf_client.post(f"/g/{token}/undo", data={})
    assert response.status_code == 400
    response = csrf_client.post(f"/g/{token}/rematch", data={})
    assert response.status_code == 400
    response = csrf_client.post("/language", data={"language": "pt_BR", "next": "/"})
    assert response.status_code == 400
    assert "lang=" not in response.headers.get("Set-Cookie", "")
    assert snapshot(app) == before


def test_with_csrf_on_the_forms_carry_their_token_and_work(app, csrf_client):
    home = Page(csrf_client.get("/"))
    form = home.form(action="/games")
    token_field = form.find("input", name="csrf_token")
    assert len(token_field.attrs["value"]) > 20
    response = submit(csrf_client, form, {"team_0": "Reds"})
    assert response.status_code == 303
    assert counts(app) == (1, 0)
    token = response.headers["Location"].rsplit("/", 1)[1]

    form = Page(csrf_client.get(f"/g/{token}?whole=1")).form("hand-form")
    assert form.find("input", name="csrf_token").attrs["value"]
    taps = {"bid_0": 4, "bid_1": 3, "bid_2": 3, "bid_3": 2, "team_tricks_0": 8}
    response = submit(csrf_client, form, taps)
    assert response.status_code == 303
    assert counts(app) == (1, 1)

    # The same works for htmx, which sends the form's fields, token included.
    form = Page(csrf_client.get(f"/g/{token}?whole=1", headers=HX)).form("hand-form")
    taps = {"bid_0": 4, "bid_1": 3, "bid_2": 3, "bid_3": 2, "team_tricks_0": 8}
    response = submit(csrf_client, form, taps, headers=HX)
    assert response.status_code == 200
    assert counts(app) == (1, 2)

    undo = Page(csrf_client.get(f"/g/{token}/undo")).find("form")
    assert submit(csrf_client, undo).status_code == 303
    assert counts(app) == (1, 1)

    language = Page(csrf_client.get(f"/g/{token}")).form("language")
    response = submit(csrf_client, language, button=("language", "pt_BR"))
    assert response.status_code == 303
    assert "lang=pt_BR" in response.headers.get("Set-Cookie", "")
