"""The wall of a field larger than one screen: its tables and standings shown a page at a time
(eight tables and sixteen teams each), every wall turning to the next page at the same moment of
the clock, a wall without script turning by the page's number; between rounds it says where
each team plays next, during the playoff it shows the bracket instead of the last round; and a
QR code of the watch link for spectators' phones."""

from __future__ import annotations

import math

import pytest

from testsupport.clock import clocked
from testsupport.database import queries_sent
from testsupport.pages import Page
from testsupport.tournaments import (
    ONE_HAND,
    PT,
    make_tournament,
    play_round,
    start_playoff,
    start_round,
    teams_text,
    watch_token,
)
from tournaments.services.wall import PAGE_SECONDS, ROWS_PER_PAGE, TABLES_PER_PAGE, clock_page

PART = {"HX-Request": "true"}
ONE_PAGE_TURN = PAGE_SECONDS / 60  # the clock's unit is the minute


def shown(wall: Page) -> tuple[list[str], list[str]]:
    """The tables (by number) and standings teams a wall's page shows: those not `off-page`."""
    tables = [
        item.find("span", "round-table-number").text
        for item in wall.find_all("li", "round-table")
        if "off-page" not in item.classes
    ]
    rows = [
        row.find("th").text
        for row in wall.find("section", "tournament-standings").find("tbody").find_all("tr")
        if "off-page" not in row.classes
    ]
    return tables, rows


def page_line(wall: Page) -> str:
    """What the wall says of its page."""
    return wall.find("p", "wall-page").text


@pytest.fixture
def big_round(app, client):
    """A Swiss of 40 teams (20 tables, three pages) with round 1 started at the test's clock:
    the clock and the watch link's path."""
    clock = clocked(app)
    director = make_tournament(client, **(ONE_HAND | {"teams": teams_text(40)}))
    start_round(client, director)
    return clock, f"/w/{watch_token(client, director)}"


def test_a_field_of_forty_fills_three_pages_that_show_every_table_and_team_once(client, big_round):
    clock, watch = big_round
    pages = math.ceil(40 / ROWS_PER_PAGE)
    seen_tables: list[str] = []
    seen_rows: list[str] = []
    first = page_line(Page(client.get(watch)))
    for _ in range(pages):
        wall = Page(client.get(watch))
        tables, rows = shown(wall)
        assert len(tables) <= TABLES_PER_PAGE and len(rows) <= ROWS_PER_PAGE
        seen_tables += tables
        seen_rows += rows
        clock.advance(ONE_PAGE_TURN)
    assert sorted(seen_tables) == sorted(f"Table {n}" for n in range(1, 21))
    assert sorted(seen_rows) == sorted(f"Team {n}" for n in range(1, 41))
    assert page_line(Page(client.get(watch))) == first  # round again
    assert first in {f"Page {n} of {pages}" for n in range(1, pages + 1)}
    assert page_line(Page(client.get(watch, headers=PT))).startswith("Página ")


def test_the_polled_part_leaves_the_turning_to_the_page_and_stays_304_as_the_clock_moves(
    app, client, big_round
):
    clock, watch = big_round
    part = client.get(watch, headers=PART)
    wall = Page(part)
    # Every table and row says its page, none is marked off it, and the line says how to word
    # a page: the page's script (static/view.js) turns them on the clock.
    assert not wall.find_all(cls="off-page")
    pages = [item.attrs["data-page"] for item in wall.find_all("li", "round-table")]
    assert pages == [str(n // TABLES_PER_PAGE + 1) for n in range(20)]
    assert wall.find("section", "wall").attrs["data-pages"] == "3"
    assert wall.find("p", "wall-page").attrs["data-words"] == "Page %s of 3"
    tag = part.headers["ETag"]
    clock.advance(ONE_PAGE_TURN)
    with queries_sent(app) as statements:
        unchanged = client.get(watch, headers=PART | {"If-None-Match": tag})
    assert unchanged.status_code == 304
    assert len(statements) == 1, statements
    # The whole page marks the page of the moment, and so changes with the clock.
    whole = client.get(watch)
    clock.advance(ONE_PAGE_TURN)
    turned = client.get(watch, headers={"If-None-Match": whole.headers["ETag"]})
    assert turned.status_code == 200
    assert page_line(Page(turned)) != page_line(Page(whole))


def test_a_wall_without_script_turns_to_the_next_page_by_number(client, big_round):
    clock, watch = big_round
    for number, following in ((1, 2), (2, 3), (3, 1)):
        page = Page(client.get(f"{watch}?page={number}"))
        assert page_line(page) == f"Page {number} of 3"
        refresh = page.find("meta", **{"http-equiv": "refresh"})
        assert refresh.attrs["content"] == f"{PAGE_SECONDS};url={watch}?page={following}"
    tables, rows = shown(Page(client.get(f"{watch}?page=3")))
    assert tables == [f"Table {n}" for n in range(17, 21)]
    assert len(rows) == 40 - 2 * ROWS_PER_PAGE
    # A page the wall does not have is the clock's, as with no number at all.
    at = clock_page(3, clock.now)
    for asked in ("9", "0", "two"):
        assert page_line(Page(client.get(f"{watch}?page={asked}"))) == f"Page {at} of 3"


def test_a_field_that_fits_one_screen_has_no_pages(client):
    director = make_tournament(client, **(ONE_HAND | {"teams": teams_text(16)}))
    start_round(client, director)
    page = Page(client.get(f"/w/{watch_token(client, director)}"))
    assert not page.find_all("p", "wall-page")
    assert not page.find_all(cls="off-page")
    assert page.find("meta", **{"http-equiv": "refresh"}).attrs["content"] == "15"
    assert len(shown(page)[0]) == 8 and len(shown(page)[1]) == 16


def test_between_rounds_the_wall_says_where_each_team_plays_next(client):
    director = make_tournament(client, **(ONE_HAND | {"teams": teams_text(4), "rounds": "2"}))
    watch = f"/w/{watch_token(client, director)}"
    before = Page(client.get(watch)).find("section", "next-round")
    assert before.find("h2").text == "Round 1: where each team plays"
    start_round(client, director)
    playing = Page(client.get(watch))
    assert not playing.find_all("section", "next-round")
    assert len(playing.find_all("li", "round-table")) == 2
    play_round(client, director, "NN")
    between = Page(client.get(watch)).find("section", "next-round")
    assert between.find("h2").text == "Round 2: where each team plays"
    seats = [item.text for item in between.find_all("li", "next-pairing")]
    assert seats == [
        item.text for item in Page(client.get(f"/d/{director}")).find_all("li", "next-pairing")
    ]
    assert len(seats) == 2
    portuguese = Page(client.get(watch, headers=PT)).find("section", "next-round")
    assert portuguese.find("h2").text == "Rodada 2: onde cada dupla joga"


def test_during_the_playoff_the_wall_shows_the_bracket_not_the_last_round(client):
    director = make_tournament(client, **(ONE_HAND | {"teams": teams_text(4), "rounds": "1"}))
    watch = f"/w/{watch_token(client, director)}"
    start_round(client, director)
    play_round(client, director, "NN")
    start_playoff(client, director, 2)
    wall = Page(client.get(watch)).find("section", "wall")
    assert wall.find("section", "tournament-bracket")
    assert not wall.find_all("section", "tournament-round")
    assert wall.find("section", "tournament-standings")


def test_the_wall_carries_a_qr_code_of_the_watch_link(client):
    director = make_tournament(client, **ONE_HAND)
    watch = f"/w/{watch_token(client, director)}"
    image = Page(client.get(watch)).find("p", "wall-follow").find("img")
    assert image.attrs["src"] == f"{watch}/qr.svg"
    assert image.attrs["alt"] == "QR code of the watch link"
    code = client.get(image.attrs["src"])
    assert code.status_code == 200 and code.mimetype == "image/svg+xml"
    assert "<title>QR code of the watch link</title>" in code.get_data(as_text=True)
    assert client.get(f"/w/{'x' * 22}/qr.svg").status_code == 404
    assert client.get(f"/w/{director}/qr.svg").status_code == 404  # the director's link
