"""Issue 38's quality bar: a club's pages (the organiser's, the members', a season's and a
player's) send as many queries for a season of three nights as for one, however many
tournaments, games and players the nights add, each page read first after a change (when it
counts everything again)."""

from __future__ import annotations

from testsupport.clock import clocked
from testsupport.clubs import hold, new_club, played_at, view_path
from testsupport.database import queries_sent
from testsupport.pages import Page, submit
from testsupport.tables import NORTH_SOUTH_WIN, make_table
from testsupport.tournaments import ONE_HAND, make_tournament, play_round, start_round

DAY = 24 * 60


def play_night(client, club: str, table: str, number: int) -> None:
    """A night at the club: a Swiss of four teams (Ana's among them) played one round, then a
    casual game at the club's table, each night with four players new to the club."""
    fresh = [f"P{number}-{seat}" for seat in range(4)]
    teams = f"Reds: Ana & Bia\nBlues: Caio & Duda\nGreens: {fresh[0]} & {fresh[1]}\n"
    teams += f"Golds: {fresh[2]} & {fresh[3]}\n"
    director = make_tournament(client, name=f"Night {number}", teams=teams, rounds="1", **ONE_HAND)
    hold(client, club, "tournament", f"Night {number}")
    start_round(client, director)
    play_round(client, director, "NN")
    seats = {"player_0": "Ana", "player_1": fresh[0], "player_2": "Caio", "player_3": fresh[2]}
    played_at(client, table, seats, NORTH_SOUTH_WIN)


def queries_per_page(app, client, paths: list[str]) -> dict[str, int]:
    """The queries each page sends when read (in this order), each answering 200."""
    sent = {}
    for path in paths:
        with queries_sent(app) as asked:
            answer = client.get(path)
        assert answer.status_code == 200, path
        sent[path] = len(asked)
    return sent


def test_the_club_pages_send_as_many_queries_after_three_nights_as_after_one(app, client):
    clock = clocked(app)
    club = new_club(client)
    table = make_table(client, "Tuesday table")
    hold(client, club, "table", "Tuesday table")
    form = Page(client.get(f"/c/{club}")).form(cls="new-season")
    season = {"name": "Winter", "first_day": "2026-01-01", "last_day": "2027-12-31"}
    assert submit(client, form, season | {"place_points": "10, 8, 6, 5"}).status_code == 303
    play_night(client, club, table, 1)
    members = view_path(client, club)
    season_page = Page(client.get(members)).find("ul", "club-seasons").find("a").attrs["href"]
    rows = Page(client.get(members)).find("table", "club-ratings").find_all("a")
    (ana,) = [row.attrs["href"] for row in rows if row.text == "Ana"]
    paths = [f"/c/{club}", members, season_page, ana]
    clock.advance(DAY)
    played_at(
        client,
        table,
        {"player_0": "Ana", "player_1": "Bia", "player_2": "Caio", "player_3": "Duda"},
        NORTH_SOUTH_WIN,
    )
    one_night = queries_per_page(app, client, paths)

    for number in (2, 3):
        clock.advance(7 * DAY)
        play_night(client, club, table, number)
    three_nights = queries_per_page(app, client, paths)

    assert three_nights == one_night
    assert len(Page(client.get(season_page)).find("table", "season-standings").find_all("tr")) > 12
