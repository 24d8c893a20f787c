"""A table's edit link chosen or pasted on a form: a link that finds no table counts as a guess
on every route, a replaced one says so, and the new-game form keeps what was chosen."""

from __future__ import annotations

import re
import secrets

import pytest

from testsupport.apps import drop, fresh_app
from testsupport.database import counts, stored_game
from testsupport.pages import Page, form_data, submit
from testsupport.playing import start_game

PORTUGUESE = {"Accept-Language": "pt-BR"}
NO_TABLE = "There is no table at that link."
REPLACED = {
    "en": "That table's link was replaced. Ask for the new one.",
    "pt": "O link dessa mesa foi substituído. Peça o novo.",
}


@pytest.fixture
def limited(tmp_path):
    """The app with the guess limit on, at three misses a minute (its own fresh counters)."""
    app = fresh_app(tmp_path, RATELIMIT_ENABLED=True, GUESS_LIMIT="3 per minute")
    yield app
    drop(app)


def unknown() -> str:
    """A token that no table has."""
    return secrets.token_urlsafe(16)


def make_table(client, name: str = "Friday club") -> str:
    """Make a table through its form; its edit token."""
    form = Page(client.get("/tables/new")).form(action="/tables")
    response = submit(client, form, {"name": name})
    match = re.fullmatch(r"/t/([A-Za-z0-9_-]+)", response.headers["Location"])
    assert match, response.headers.get("Location")
    return match.group(1)


def replaced_table_link(client) -> str:
    """A table's edit link that its owner has just replaced (the old one, now gone)."""
    old = make_table(client)
    page = Page(client.get(f"/t/{old}"))
    assert submit(client, page.form(cls="rotate"), button=("link", "edit")).status_code == 303
    assert client.get(f"/t/{old}").status_code == 410
    return old


def join_with_pasted_link(client, game: str, link: str, headers=None):
    """Paste a table's edit link into a game's "Add to a table" form and send it."""
    form = Page(client.get(f"/g/{game}/table")).form(action=f"/g/{game}/table")
    return submit(client, form, {"table_link": link}, headers=headers)


def new_game_with_table(client, table: str, headers=None):
    """Send the new-game form with its Table set to a table's edit link."""
    data = form_data(Page(client.get("/")).form(action="/games")) | {"in_table": table}
    return client.post("/games", data=data, headers=headers or {})


def assert_guessing_is_stopped(client) -> None:
    """The address has used up its guesses: the next link that finds nothing is refused."""
    assert client.get(f"/t/{unknown()}").status_code == 429


def test_a_table_link_in_the_home_pages_address_that_finds_no_table_counts_as_a_guess(limited):
    client = limited.test_client()
    assert {client.get(f"/?table={unknown()}").status_code for _ in range(3)} == {200}
    assert_guessing_is_stopped(client)
    assert client.get(f"/?table={unknown()}").status_code == 429


def test_an_unknown_table_on_the_new_game_form_counts_as_a_guess(limited):
    client = limited.test_client()
    assert {new_game_with_table(client, unknown()).status_code for _ in range(3)} == {422}
    assert_guessing_is_stopped(client)
    assert counts(limited) == (0, 0)


def test_an_unknown_table_link_pasted_to_add_a_game_to_a_table_counts_as_a_guess(limited):
    client = limited.test_client()
    game = start_game(client)
    for _ in range(3):
        refused = join_with_pasted_link(client, game, f"https://example.org/t/{unknown()}")
        assert refused.status_code == 422
        assert NO_TABLE in Page(refused).all_errors()
    assert_guessing_is_stopped(client)
    assert stored_game(limited, game).table_id is None


def test_the_home_page_and_a_game_at_no_table_are_never_refused_for_others_guesses(limited):
    client = limited.test_client()
    for _ in range(3):
        assert client.get(f"/t/{unknown()}").status_code == 404
    assert_guessing_is_stopped(client)
    assert client.get("/").status_code == 200
    start_game(client)


def test_table_links_that_find_their_table_or_were_replaced_are_no_guesses(limited):
    client = limited.test_client()
    table = make_table(client)
    for _ in range(5):
        assert client.get(f"/?table={table}").status_code == 200
    old = replaced_table_link(client)
    for _ in range(5):
        assert new_game_with_table(client, old).status_code == 422
    assert client.get(f"/t/{unknown()}").status_code == 404


@pytest.mark.parametrize(("language", "headers"), [("en", {}), ("pt", PORTUGUESE)])
def test_a_replaced_table_link_pasted_to_add_a_game_says_it_was_replaced(
    app, client, language, headers
):
    old = replaced_table_link(app.test_client())
    game = start_game(client)
    refused = join_with_pasted_link(client, game, f"http://localhost/t/{old}", headers)
    assert refused.status_code == 422
    assert Page(refused).errors("table_link") == [REPLACED[language]]
    assert stored_game(app, game).table_id is None


@pytest.mark.parametrize(("language", "headers"), [("en", {}), ("pt", PORTUGUESE)])
def test_a_replaced_table_link_chosen_for_a_new_game_says_it_was_replaced(
    app, client, language, headers
):
    old = replaced_table_link(client)
    refused = new_game_with_table(client, old, headers)
    assert refused.status_code == 422
    assert Page(refused).errors("in_table") == [REPLACED[language]]
    assert counts(app) == (0, 0)


@pytest.mark.parametrize("kind", ["unknown", "replaced"])
def test_the_new_game_form_keeps_a_table_it_refused_so_start_never_makes_a_game_at_no_table(
    app, client, kind
):
    table = unknown() if kind == "unknown" else replaced_table_link(client)
    page = Page(client.get(f"/?table={table}"))
    assert page.value("in_table") == table
    assert page.errors("in_table")  # said before Start is pressed
    refused = submit(client, page.form(action="/games"))
    assert refused.status_code == 422
    again = Page(refused)
    assert again.value("in_table") == table
    assert again.errors("in_table") == [NO_TABLE if kind == "unknown" else REPLACED["en"]]
    assert submit(client, again.form(action="/games")).status_code == 422
    assert counts(app) == (0, 0)
