"""The view link's scoreboard polled through the test client (issue #4): its ETag and 304
answer, which must not replay the game, and the shortcut that answers an unchanged poll before
Flask with the same headers and one query of the game row.

The table, its seats and the hands it plays are testsupport.playing's (GameLake rules).
"""

from __future__ import annotations

import re
import secrets

import pytest
from sqlalchemy import text

from extensions import db
from testsupport.answers import text_of
from testsupport.database import queries_sent, view_token_of
from testsupport.playing import NEXT_BIDS, playing_game
from testsupport.routes import HX, flask_requests, without_shortcut


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
    # (nginx with gzip, as in docs/hosting.md) hands the browser W/"..." instead of
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
    # The hand table is not read (a column such as `confirm_hands` only names hands).
    assert not re.search(r"\bhand\b", asked[0].lower().split("from", 1)[1]), asked[0]
    play(edit, NEXT_BIDS, (4, 3, 2, 4))
    with queries_sent(app) as asked:
        response = client.get(f"/v/{view}", headers={**headers, "If-None-Match": etag})
    assert response.status_code == 200
    # Read again: the new hand shows (its hands kept as the write in this worker left them).
    assert "Hand 3" in text_of(response.get_data(as_text=True))


# --- an unchanged poll answered before Flask ------------------------------------------------------


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
