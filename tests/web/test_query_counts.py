"""SQL queries per request: a small constant, whatever the number of hands in the game.

Every page replays the stored hands, so a page that loaded them one by one (or a hand's
breakdown that asked the database) would grow with the game. Counting queries is not a
timing: it belongs here, where `make bench` measures the time.
"""

from __future__ import annotations

import pytest
from sqlalchemy import select

from app import create_app
from extensions import db
from games import Replays
from games.reading import replay_hands, stored_hands
from records.games import GameRecord
from testsupport import builders
from testsupport.database import MAX_QUERIES, queries_sent
from testsupport.pages import Page, form_data
from testsupport.playing import hand_taps
from testsupport.routes import HX

SMALL, LARGE = 2, 30
# Every bid made, one bag a hand: 30 hands stay far below the 10000 the games are played to.
HANDS = builders.ONE_BAG_HANDS


def game_with_hands(app, count: int) -> tuple[str, str]:
    """A game played to 10000 with `count` hands stored through the service layer, as the hand
    form stores them; its edit and view tokens."""
    built = builders.game_with_hands(app, count, played=HANDS, target=10000)
    return built.edit, built.view


def queries_per_request(app, client, token: str, view: str) -> dict[str, int]:
    """How many queries each page of a game runs, checking that each answers as it should."""
    etag = client.get(f"/v/{view}", headers=HX).headers["ETag"]
    requests = {
        "GET /g/<t>": (200, lambda: client.get(f"/g/{token}")),
        "GET /v/<t>": (200, lambda: client.get(f"/v/{view}")),
        "GET /v/<t> htmx": (200, lambda: client.get(f"/v/{view}", headers=HX)),
        "GET /v/<t> htmx unchanged": (
            304,
            lambda: client.get(f"/v/{view}", headers=HX | {"If-None-Match": etag}),
        ),
        "GET /v/<t>.json": (200, lambda: client.get(f"/v/{view}.json")),
        "GET /g/<t>.csv": (200, lambda: client.get(f"/g/{token}.csv")),
    }
    counts = {}
    for name, (status, send) in requests.items():
        # Counted as for a game no worker has kept the replay of: the most a page runs.
        app.extensions["replays"].clear()
        with queries_sent(app) as statements:
            response = send()
        assert response.status_code == status, (name, response.status_code)
        counts[name] = len(statements)
    form = Page(client.get(f"/g/{token}")).form("hand-form")
    data = form_data(form) | hand_taps(**HANDS[0])
    app.extensions["replays"].clear()
    with queries_sent(app) as statements:  # the whole hand, with every hidden input
        response = client.post(form.attrs["action"], data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    counts["POST /g/<t>/hand"] = len(statements)
    return counts


@pytest.mark.parametrize("hands", [SMALL, LARGE])
def test_every_game_page_and_a_saved_hand_run_at_most_four_queries(app, client, hands):
    counts = queries_per_request(app, client, *game_with_hands(app, hands))
    assert {name: n for name, n in counts.items() if n > MAX_QUERIES} == {}


def test_the_queries_of_a_page_do_not_grow_with_the_hands_of_the_game(app, client):
    small = queries_per_request(app, client, *game_with_hands(app, SMALL))
    large = queries_per_request(app, client, *game_with_hands(app, LARGE))
    assert large == small


def test_a_page_of_an_unchanged_game_reads_only_the_game_row_the_second_time(app, client):
    token, view = game_with_hands(app, LARGE)
    bodies = {}
    for path, headers in ((f"/v/{view}", HX), (f"/g/{token}", {})):
        first = client.get(path, headers=headers)
        with queries_sent(app) as statements:
            again = client.get(path, headers=headers)
        assert again.status_code == first.status_code == 200
        assert len(statements) == 1, statements
        assert "FROM hand" not in statements[0]
        bodies[path] = (first.get_data(as_text=True), again.get_data(as_text=True))
    # The scoreboard is the same both times (the edit page's form carries a fresh one-time
    # token each time, so only the scoreboard is compared whole).
    first, again = bodies[f"/v/{view}"]
    assert again == first
    assert f"Hand {LARGE + 1}" in again


def test_a_hand_saved_by_another_worker_shows_on_the_next_page(app, client):
    """Each worker keeps its own replays: a write through another one must still show at once."""
    token, view = game_with_hands(app, SMALL)
    other = create_app(
        {key: app.config[key] for key in ("TESTING", "SECRET_KEY", "SQLALCHEMY_DATABASE_URI")}
        | {"WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False}
    )
    before = client.get(f"/v/{view}", headers=HX).get_data(as_text=True)
    assert f"Hand {SMALL + 1}" in before
    form = Page(other.test_client().get(f"/g/{token}")).form("hand-form")
    data = form_data(form) | hand_taps(**HANDS[0])
    assert other.test_client().post(form.attrs["action"], data=data).status_code == 303
    with other.app_context():
        db.engine.dispose()
    after = client.get(f"/v/{view}", headers=HX).get_data(as_text=True)
    assert f"Hand {SMALL + 2}" in after


def test_with_no_replays_kept_every_page_reads_the_hands_again(app, client):
    app.extensions["replays"] = Replays(0)
    token, _view = game_with_hands(app, SMALL)
    client.get(f"/g/{token}")
    with queries_sent(app) as statements:
        again = client.get(f"/g/{token}")
    assert again.status_code == 200
    assert any("FROM hand" in s for s in statements), statements


@pytest.mark.parametrize(("budget", "read_again"), [(LARGE, True), (LARGE + 1, False)])
def test_a_game_over_the_replay_budget_is_read_again_and_one_within_it_is_kept(
    app, client, budget, read_again
):
    app.extensions["replays"] = Replays(budget)
    token, _view = game_with_hands(app, LARGE)
    assert client.get(f"/g/{token}").status_code == 200
    with queries_sent(app) as statements:
        again = client.get(f"/g/{token}")
    assert again.status_code == 200
    assert any("FROM hand" in s for s in statements) == read_again, statements


def kept_and_read_afresh(app, token: str) -> tuple[object, object]:
    """The replay this worker kept for the game as it stands, and the one its stored hands
    give when read afresh."""
    with app.app_context():
        record = db.session.scalar(select(GameRecord).where(GameRecord.edit_token == token))
        kept = app.extensions["replays"].get(Replays.key(record))
        fresh = replay_hands(record, stored_hands([record.id])[record.id])
        db.session.remove()
    return kept, fresh


def test_the_game_a_write_keeps_is_the_game_its_stored_hands_give_read_afresh(app, client):
    """After every kind of hand write (bids, their change, tricks, a correction), the replay
    the worker kept without reading the hands equals the one read back from the database."""
    token, _view = game_with_hands(app, SMALL)
    writes = [
        ("hand", hand_taps(bids=(4, 3, 3, 2))),  # bids alone
        ("hand", hand_taps(bids=(5, 3, 3, 2))),  # the bids in play changed
        ("hand", hand_taps(bids=(5, 3, 3, 2), tricks=(5, 3, 3, 2))),  # their tricks
        ("hands/1", hand_taps(bids=(2, 3, 3, 3), tricks=(3, 3, 3, 4))),  # hand 1 corrected
        ("hand", hand_taps(bids=(3, 3, 3, 3), team_tricks=(7, None))),  # a whole hand at once
    ]
    for path, taps in writes:
        page = Page(client.get(f"/g/{token}/{path}" if path != "hand" else f"/g/{token}"))
        form = page.form("hand-form")
        response = client.post(form.attrs["action"], data=form_data(form) | taps)
        assert response.status_code == 303, (path, response.get_data(as_text=True))
        kept, fresh = kept_and_read_afresh(app, token)
        assert kept is not None, path
        assert kept == fresh, path


def test_a_save_reads_the_games_row_once_and_answers_without_reading_again(app, client):
    token, _view = game_with_hands(app, SMALL)
    form = Page(client.get(f"/g/{token}", headers=HX)).form("hand-form")
    data = form_data(form) | hand_taps(**HANDS[0])
    with queries_sent(app) as statements:
        response = client.post(form.attrs["action"], data=data, headers=HX)
    assert response.status_code == 200
    assert f"Hand {SMALL + 2}" in response.get_data(as_text=True)
    reads = [s for s in statements if s.lstrip().upper().startswith("SELECT")]
    assert len(reads) == 1, reads  # the game before the write: the answer shows it as written
    assert not any("FROM hand" in s for s in reads), reads
    assert len(statements) == 3, statements  # that read, the hand's INSERT, the game's UPDATE


def test_a_save_another_phone_overtook_is_refused_in_three_statements(app, client):
    """Two phones hold the same form; the first saves. The second's save (another one-time
    token, the version both saw) is refused with 409 in three statements: the game read by its
    link (whose version tells the form is overtaken: nothing is written, the claim comes first),
    the check by its link whether this very form was the one applied, and the game read again
    for the page showing what is saved. The refused write's rollback does not make the route
    read the row a fourth time."""
    token, _view = game_with_hands(app, SMALL)
    form = Page(client.get(f"/g/{token}", headers=HX)).form("hand-form")
    data = form_data(form) | hand_taps(**HANDS[0])
    assert client.post(form.attrs["action"], data=data, headers=HX).status_code == 200
    late = data | {"nonce": "anotherphonesformtoken0"}
    with queries_sent(app) as statements:
        response = client.post(form.attrs["action"], data=late, headers=HX)
    assert response.status_code == 409
    assert len(statements) == 3, statements
