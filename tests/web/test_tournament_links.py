"""A tournament's links: the director's page and its watch link with a QR code, the watch page
that never leads to a link that changes anything (and answers 304 while nothing changed), the
table cards with every table's scorer's link and its QR code, each table's page, and every link
replaced, the old one answering 410 from then on; the director's page's queries do not grow
with the teams."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
import segno

from testsupport.database import MAX_QUERIES, queries_sent
from testsupport.pages import Page, submit
from testsupport.qr_reading import SVG, decode_qr, qr_dark_modules
from testsupport.tournaments import (
    PT,
    make_tournament,
    replace_table_link,
    replace_tournament_link,
    round_tables,
    start_round,
    table_link_form,
    table_tokens,
    teams_text,
    tournament_rows,
    watch_token,
)
from web import qr as share


def qr_codes(html: str) -> list[str]:
    """Every inline QR code (an SVG) of a page, as text."""
    return re.findall(r"<svg\b.*?</svg>", html, re.S)


def reads_as(svg: str, url: str) -> bool:
    """Whether an inline QR code draws exactly this URL's code (and reads back as it, where a
    QR reader is installed)."""
    code = segno.make(url, error=share.SHARE_QR_ERROR, micro=False)
    matrix = {(r, c) for r, row in enumerate(code.matrix) for c, bit in enumerate(row) if bit}
    size = int(ET.fromstring(svg).get("viewBox").split()[2])  # noqa: S314 - the app's own
    decoded = decode_qr(qr_dark_modules(svg), size)
    return qr_dark_modules(svg) == matrix and decoded in (None, url)


def test_the_directors_page_shares_the_watch_link_with_its_qr_code(client):
    director = make_tournament(client)
    html = client.get(f"/d/{director}").text
    watch = watch_token(client, director)
    page = Page(html)
    assert page.find("input", id="watch-link").attrs["value"] == f"http://localhost/w/{watch}"
    assert page.find("input", id="director-link").attrs["value"] == (
        f"http://localhost/d/{director}"
    )
    (code,) = qr_codes(html)
    assert ET.fromstring(code).tag == f"{SVG}svg"  # noqa: S314 - the app's own output
    assert reads_as(code, f"http://localhost/w/{watch}")
    assert page.find("a", "print-cards").attrs["href"] == f"/d/{director}/cards"


def test_the_watch_page_shows_the_tournament_and_never_a_link_that_changes_anything(client):
    director = make_tournament(client)
    watch = watch_token(client, director)
    tables = table_tokens(client, director)
    for headers in (None, PT):
        response = client.get(f"/w/{watch}", headers=headers)
        assert response.status_code == 200
        page = Page(response)
        assert page.find("h1").text == "Club night"
        assert len(page.find("section", "tournament-teams").find_all("li")) == 5
        for secret in (director, *tables):
            assert secret not in response.text
        assert not page.find_all("form", "rotate")
        assert "/d/" not in response.text
        assert "/s/" not in response.text


def test_the_cards_page_has_a_card_for_every_table_with_its_link_in_words_and_as_a_qr_code(
    client,
):
    director = make_tournament(client, teams=teams_text(9))
    response = client.get(f"/d/{director}/cards")
    assert response.status_code == 200
    page = Page(response)
    cards = page.find_all("li", "card")
    tokens = table_tokens(client, director)
    assert len(cards) == len(tokens) == 4  # nine teams: four tables, one team sitting out
    assert len(set(tokens)) == 4
    for number, (card, token) in enumerate(zip(cards, tokens, strict=True), start=1):
        assert card.find("h2", "card-number").text == f"Table {number}"
        url = f"http://localhost/s/{token}"
        assert card.find("p", "card-address").text == url
    codes = qr_codes(response.text)
    assert len(codes) == 4
    for code, token in zip(codes, tokens, strict=True):
        assert reads_as(code, f"http://localhost/s/{token}")
    portuguese = Page(client.get(f"/d/{director}/cards", headers=PT))
    assert portuguese.texts("card-number") == ["Mesa 1", "Mesa 2", "Mesa 3", "Mesa 4"]


def test_a_tables_link_names_its_tournament_and_table_and_never_the_directors_link(client):
    director = make_tournament(client)
    watch = watch_token(client, director)
    for number, token in enumerate(table_tokens(client, director), start=1):
        response = client.get(f"/s/{token}")
        assert response.status_code == 200
        page = Page(response)
        assert page.find("h1", "table-number").text == f"Table {number}"
        assert page.find("p", "tournament-name").text == "Club night"
        assert "The round has not started." in page.text
        assert director not in response.text
        assert watch not in response.text
    portuguese = Page(client.get(f"/s/{token}", headers=PT))
    assert portuguese.find("h1", "table-number").text == "Mesa 2"
    assert "A rodada não começou." in portuguese.text


def test_a_new_watch_link_stops_the_old_one_and_keeps_the_directors(app, client):
    director = make_tournament(client)
    old = watch_token(client, director)
    assert replace_tournament_link(client, director, "view") == director
    new = watch_token(client, director)
    assert new != old
    gone = client.get(f"/w/{old}")
    assert gone.status_code == 410
    assert "Ask the tournament's director for the new one." in Page(gone).text
    assert "Peça o novo ao diretor do torneio." in client.get(f"/w/{old}", headers=PT).text
    assert client.get(f"/w/{new}").status_code == 200
    assert tournament_rows(app)["replaced_tournament_link"] == 1


def test_a_new_directors_link_stops_the_old_one_everywhere(client):
    director = make_tournament(client)
    new = replace_tournament_link(client, director, "edit")
    assert new != director
    for path in ("", "/cards"):
        assert client.get(f"/d/{director}{path}").status_code == 410
        assert client.get(f"/d/{new}{path}").status_code == 200
    refused = client.post(f"/d/{director}/rotate", data={"link": "view"})
    assert refused.status_code == 410
    refused = client.post(f"/d/{director}/tables/1/rotate", data={})
    assert refused.status_code == 410


def test_a_tables_new_link_stops_its_old_one_and_leaves_the_other_tables_alone(app, client):
    director = make_tournament(client, teams=teams_text(6))
    before = table_tokens(client, director)
    response = replace_table_link(client, director, 2)
    assert response.status_code == 303
    assert response.headers["Location"] == f"/d/{director}#tables"
    after = table_tokens(client, director)
    assert after[0] == before[0] and after[2] == before[2]
    assert after[1] != before[1]
    assert client.get(f"/s/{before[1]}").status_code == 410
    assert client.get(f"/s/{after[1]}").status_code == 200
    assert f"/s/{after[1]}" in client.get(f"/d/{director}/cards").text
    assert tournament_rows(app)["replaced_tournament_link"] == 1


def test_a_tables_new_link_asked_for_twice_by_one_form_is_made_once(app, client):
    director = make_tournament(client)
    before = table_tokens(client, director)
    form = table_link_form(client, director, 1)
    first = submit(client, form)
    second = submit(client, form)
    assert first.status_code == second.status_code == 303
    assert first.headers["Location"] == second.headers["Location"]
    after = table_tokens(client, director)
    assert after[0] != before[0]
    assert client.get(f"/s/{after[0]}").status_code == 200
    assert tournament_rows(app)["replaced_tournament_link"] == 1


@pytest.mark.parametrize(
    "path", ["/d/nosuchtournament000", "/d/nosuchtournament000/cards", "/w/nosuch", "/s/nosuch"]
)
def test_a_link_that_finds_no_tournament_is_a_404_in_the_users_language(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert "There is no tournament at this link." in response.text
    portuguese = client.get(path, headers=PT)
    assert "Não há torneio neste link." in portuguese.text


# Beyond the last table, none at all, and numbers too big for the database's integers.
@pytest.mark.parametrize("number", [3, 0, 2**31, 10**30])
def test_a_table_the_tournament_does_not_have_is_a_404_with_nothing_written(app, client, number):
    director = make_tournament(client)
    response = client.post(f"/d/{director}/tables/{number}/rotate", data={})
    assert response.status_code == 404
    assert tournament_rows(app)["replaced_tournament_link"] == 0


def test_a_watch_or_table_link_used_as_the_directors_changes_nothing(app, client):
    director = make_tournament(client)
    watch = watch_token(client, director)
    table = table_tokens(client, director)[0]
    for token in (watch, table):
        assert client.post(f"/d/{token}/rotate", data={"link": "edit"}).status_code == 404
        assert client.post(f"/d/{token}/tables/1/rotate", data={}).status_code == 404
        assert client.get(f"/d/{token}").status_code == 404
    assert client.post(f"/w/{watch}", data={}).status_code == 405
    assert tournament_rows(app)["replaced_tournament_link"] == 0
    assert client.get(f"/w/{watch}").status_code == 200


def test_the_watch_page_answers_304_while_nothing_changed_and_the_page_after_a_change(client):
    director = make_tournament(client)
    watch = watch_token(client, director)
    first = client.get(f"/w/{watch}")
    etag = first.headers["ETag"]
    assert first.headers["Cache-Control"] == "no-cache"
    unchanged = client.get(f"/w/{watch}", headers={"If-None-Match": etag})
    assert unchanged.status_code == 304
    assert unchanged.get_data() == b""
    in_portuguese = client.get(f"/w/{watch}", headers={"If-None-Match": etag} | PT)
    assert in_portuguese.status_code == 200
    replace_table_link(client, director, 1)  # the tournament changed: its version moved on
    changed = client.get(f"/w/{watch}", headers={"If-None-Match": etag})
    assert changed.status_code == 200
    assert changed.headers["ETag"] != etag


def test_the_directors_and_tables_pages_are_never_kept_and_robots_stay_off_every_link(client):
    director = make_tournament(client)
    watch = watch_token(client, director)
    table = table_tokens(client, director)[0]
    for path in (f"/d/{director}", f"/d/{director}/cards", f"/s/{table}"):
        response = client.get(path)
        assert response.headers["Cache-Control"] == "no-store", path
        assert response.headers["X-Robots-Tag"] == "noindex, nofollow", path
    assert client.get(f"/w/{watch}").headers["X-Robots-Tag"] == "noindex, nofollow"
    robots = client.get("/robots.txt").text.splitlines()
    assert {"Disallow: /d/", "Disallow: /w/", "Disallow: /s/"} <= set(robots)


def directors_page_queries(app, client, teams: int) -> int:
    """How many queries the director's page of a tournament of `teams` teams runs."""
    director = make_tournament(client, format="round_robin", teams=teams_text(teams))
    with queries_sent(app) as statements:
        response = client.get(f"/d/{director}")
    assert response.status_code == 200
    return len(statements)


def test_the_directors_page_runs_the_same_few_queries_for_two_teams_or_sixty_four(app, client):
    few = directors_page_queries(app, client, 2)
    many = directors_page_queries(app, client, 64)
    assert few == many <= MAX_QUERIES


def test_a_table_link_of_another_tournament_reaches_only_its_own_tables_game(app, client):
    """Two tournaments in one club: each table's link leads to its own tournament's game at
    that table, and is refused, in the user's language and with nothing written, wherever the
    other tournament's director's link is asked for (a table number the other does not have,
    the director's pages)."""
    small = make_tournament(client)  # five teams: two tables
    large = make_tournament(client, name="Big night", teams=teams_text(16))  # eight tables
    for director in (small, large):
        start_round(client, director)
    small_tables = table_tokens(client, small)
    large_tables = table_tokens(client, large)
    small_games = [table.game for table in round_tables(client, small)]
    large_games = [table.game for table in round_tables(client, large)]
    for tokens, games in ((small_tables, small_games), (large_tables, large_games)):
        for token, game in zip(tokens, games, strict=True):
            assert client.get(f"/s/{token}").headers["Location"] == f"/g/{game}"

    before = tournament_rows(app)
    refused = client.post(f"/d/{small}/tables/5/rotate", data={}, headers=PT)
    assert refused.status_code == 404
    assert "Não há torneio neste link." in refused.text
    for token in large_tables:
        assert client.get(f"/d/{token}").status_code == 404
        assert client.post(f"/d/{token}/rounds", data={}).status_code == 403
    assert tournament_rows(app) == before
    assert [client.get(f"/s/{token}").status_code for token in large_tables[2:]] == [303] * 6


def test_a_new_link_is_confirmed_on_a_second_screen_and_nothing_is_replaced_before(app, client):
    director = make_tournament(client)
    page = Page(client.get(f"/d/{director}"))
    assert page.form(cls="rotate").attrs["method"] == "get"
    assert all(form.attrs["method"] == "get" for form in page.find_all("form", "rotate-table"))
    for which, heading in (("view", "A new watch link?"), ("edit", "A new director's link?")):
        shown = Page(client.get(f"/d/{director}/links/new", query_string={"link": which}))
        assert shown.find("h1").text == heading
        assert shown.form(cls="confirm-new-link").find("button").attrs["value"] == which
    table = Page(client.get(f"/d/{director}/tables/2/new-link", headers=PT))
    assert table.find("h1").text == "Um novo link para a mesa 2?"
    assert tournament_rows(app)["replaced_tournament_link"] == 0  # nothing replaced yet
    assert client.get(f"/d/{director}/links/new?link=other").status_code == 404
    assert client.get(f"/d/{director}/tables/9/new-link").status_code == 404
    watch = watch_token(client, director)
    assert client.get(f"/d/{watch}/links/new?link=view").status_code == 404
