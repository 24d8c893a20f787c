"""A club (issue 38, its first part): made from the home page with its own pair of links, it
holds tables and tournaments this phone holds (each held by one club at most), and rates every
player by every counted game of what it holds, as docs/rules.md's worked examples say, on the
organiser's page and the members' page (which follows the club by itself, 304 while nothing
changed). Bad input is refused in both languages with nothing written."""

from __future__ import annotations

from flask.testing import FlaskClient

from testsupport.clock import clocked
from testsupport.clubs import (
    EXAMPLE_1,
    EXAMPLE_2,
    hold,
    make_club,
    new_club,
    played_at,
    ratings,
    view_path,
)
from testsupport.database import queries_sent
from testsupport.pages import Page, submit
from testsupport.playing import enter
from testsupport.routes import HX
from testsupport.tables import EAST_WEST_WIN, NORTH_SOUTH_WIN, make_table, start_at_table
from testsupport.tournaments import (
    ONE_HAND,
    PT,
    make_tournament,
    play_round,
    round_tables,
    start_round,
    tournament_rows,
)


def test_a_club_is_made_from_the_home_page_and_this_phone_is_offered_it(app, client):
    club = new_club(client)
    listed = Page(client.get("/")).find("section", "my-clubs")
    assert [(a.find("bdi").text, a.attrs["href"]) for a in listed.find_all("a")] == [
        ("Friday club", f"/c/{club}")
    ]
    assert Page(client.get("/", headers=PT)).find("section", "my-clubs").find("h2").text == (
        "Clubes neste aparelho"
    )
    assert not Page(FlaskClient(app, use_cookies=True).get("/")).find_all("section", "my-clubs")


def test_a_club_without_a_name_is_refused_in_words_and_nothing_is_made(app, client):
    before = tournament_rows(app)
    for headers, words in ((None, "Give the club a name."), (PT, "Dê um nome ao clube.")):
        refused = make_club(client, "  ", headers=headers)
        assert refused.status_code == 422
        assert words in Page(refused).text
    assert tournament_rows(app) == before
    assert not Page(client.get("/")).find_all("section", "my-clubs")


def test_the_worked_examples_rate_the_players_of_a_club_table(client):
    club = new_club(client)
    table = make_table(client, "Tuesday table")
    assert hold(client, club, "table", "Tuesday table").status_code == 303
    members = view_path(client, club)
    assert ratings(client, f"/c/{club}") == {}
    # The club's pages link what it holds by its view link: the club's link gives no power.
    (held,) = Page(client.get(f"/c/{club}")).find("ul", "club-tables").find_all("a")
    assert held.attrs["href"].startswith("/tv/")

    played_at(client, table, EXAMPLE_1, NORTH_SOUTH_WIN)  # Ana & Bia beat Caio & Duda
    first = {
        "Ana": ("1097 ?", "1"),
        "Bia": ("1097 ?", "1"),
        "Caio": ("940 ?", "1"),
        "Duda": ("940 ?", "1"),
    }
    assert ratings(client, f"/c/{club}") == first
    assert ratings(client, members) == first

    played_at(client, table, EXAMPLE_2, NORTH_SOUTH_WIN)  # Ana & Caio beat Bia & Duda
    assert ratings(client, members, PT) == {
        "Ana": ("1192 ?", "2"),
        "Bia": ("1038 ?", "2"),
        "Caio": ("1035 ?", "2"),
        "Duda": ("881 ?", "2"),
    }
    assert list(ratings(client, members)) == ["Ana", "Bia", "Caio", "Duda"]  # best first


def test_a_game_in_play_moves_no_rating_and_names_spelt_otherwise_are_one_player(client):
    club = new_club(client)
    table = make_table(client, "Tuesday table")
    hold(client, club, "table", "Tuesday table")
    played_at(client, table, EXAMPLE_1, NORTH_SOUTH_WIN)
    start_at_table(client, table, **EXAMPLE_2)  # in play: counts nothing yet
    # "ana" and "Bia " are Ana and Bia, as career stats match them; the latest spelling shows.
    played_at(
        client,
        table,
        {"player_0": "Caio", "player_1": "ana", "player_2": "Duda", "player_3": "Bia "},
        EAST_WEST_WIN,
    )
    shown = ratings(client, f"/c/{club}")
    assert sorted(shown) == ["Bia", "Caio", "Duda", "ana"]
    assert {name: games for name, (_, games) in shown.items()} == {
        "ana": "2",
        "Bia": "2",
        "Caio": "2",
        "Duda": "2",
    }


def test_a_tournaments_games_count_once_added_and_a_forfeit_moves_no_rating(client):
    club = new_club(client)
    director = make_tournament(client, **ONE_HAND)
    assert hold(client, club, "tournament", "Club night").status_code == 303
    start_round(client, director)
    tables = play_round(client, director, "NE")  # Reds beat Blues; Golds beat Greens
    assert [(t.north_south, t.east_west) for t in tables] == [
        ("Reds", "Blues"),
        ("Greens", "Golds"),
    ]
    shown = ratings(client, f"/c/{club}")
    assert {name: games for name, (_, games) in shown.items()} == {
        name: "1" for name in ("Ana", "Bia", "Caio", "Duda", "Eva", "Fabio", "Gil", "Hugo")
    }
    assert shown["Ana"] == shown["Bia"] == ("1097 ?", "1")  # the winners of a first game
    # Round 2: table 1's game awarded by forfeit before a hand is played counts nothing.
    start_round(client, director)
    second = round_tables(client, director)
    ruling = Page(client.get(f"/d/{director}/rounds/2/tables/1")).form(cls="award")
    assert submit(client, ruling, {"reason": "No show"}, button=("side", "0")).status_code == 303
    assert second[0].totals == (0, 0)
    after = ratings(client, f"/c/{club}")
    # Nobody moved: the forfeit counts nothing, round 2's other game is in play, and the team
    # with round 1's bye (Ivo & Ju) shows as new players.
    assert {name: after[name] for name in shown} == shown
    assert {after[name] for name in after if name not in shown} == {("1000 ?", "0")}


def test_a_table_held_by_a_club_is_offered_to_no_other_and_a_forced_choice_is_refused(client):
    first, second = new_club(client), new_club(client, "Saturday club")
    table = make_table(client, "Tuesday table")
    hold(client, first, "table", "Tuesday table")
    form = Page(client.get(f"/c/{second}")).form(cls="hold-table")
    assert not form.find_all("option")
    assert "no table that a club does not hold already" in form.text
    for headers, words in ((None, "Not a valid choice"), (PT, "Escolha inválida")):
        refused = client.post(
            f"/c/{second}/table",
            data={"held": table, "nonce": "a" * 22},
            headers=headers,
        )
        assert refused.status_code == 422, refused.status_code
        assert words in Page(refused).text
    played_at(client, table, EXAMPLE_1, NORTH_SOUTH_WIN)
    assert ratings(client, f"/c/{first}")["Ana"] == ("1097 ?", "1")
    assert not Page(client.get(f"/c/{second}")).find_all("table", "club-ratings")


def test_the_members_page_answers_304_from_one_query_until_a_game_is_saved(app, client):
    club = new_club(client)
    table = make_table(client, "Tuesday table")
    hold(client, club, "table", "Tuesday table")
    members = view_path(client, club)
    first = client.get(members, headers=HX)
    assert first.status_code == 200
    with queries_sent(app) as asked:
        again = client.get(members, headers=HX | {"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304
    assert len(asked) == 2, asked  # the club by its link, then its games' state
    played_at(client, table, EXAMPLE_1, NORTH_SOUTH_WIN)
    moved = client.get(members, headers=HX | {"If-None-Match": first.headers["ETag"]})
    assert moved.status_code == 200
    assert "1097" in moved.get_data(as_text=True)


def test_the_ratings_download_as_csv_and_json_as_the_page_shows_them(client):
    club = new_club(client)
    table = make_table(client, "Tuesday table")
    hold(client, club, "table", "Tuesday table")
    played_at(client, table, EXAMPLE_1, NORTH_SOUTH_WIN)
    members = view_path(client, club)
    sheet = client.get(f"{members}/ratings.csv")
    disposition = sheet.headers["Content-Disposition"]
    assert disposition == "attachment; filename=spades-ratings-friday-club.csv"
    assert sheet.get_data(as_text=True).splitlines() == [
        "place,player,rating,provisional,games,mu,sigma",
        "1,Ana,1097,true,1,26.9643,8.178",
        "1,Bia,1097,true,1,26.9643,8.178",
        "3,Caio,940,true,1,23.0357,8.178",
        "3,Duda,940,true,1,23.0357,8.178",
    ]
    data = client.get(f"{members}/ratings.json").get_json()
    assert data["name"] == "Friday club"
    assert data["players"][2] == {
        "place": 3,
        "player": "Caio",
        "rating": 940,
        "provisional": True,
        "games": 1,
        "mu": 23.0357,
        "sigma": 8.178,
    }


def test_the_scorer_page_of_a_club_game_shows_each_sides_chance_before_it(client):
    club = new_club(client)
    table = make_table(client, "Tuesday table")
    hold(client, club, "table", "Tuesday table")
    first = start_at_table(client, table, **EXAMPLE_1)

    def chances(game: str, headers=None) -> str:
        """The game page's line of chances, as read."""
        return Page(client.get(f"/g/{game}", headers=headers)).find("p", "chances").text

    assert chances(first) == "Chances before the game: Team A 50 % · Team B 50 %"
    enter(client, first, NORTH_SOUTH_WIN["bids"], team_tricks=NORTH_SOUTH_WIN["team_tricks"])
    played_at(client, table, EXAMPLE_2, NORTH_SOUTH_WIN)
    # Worked example 3: a cut-throat game of the four after the first two.
    seats = {"player_0": "Duda", "player_1": "Ana", "player_2": "Bia", "player_3": "Caio"}
    third = start_at_table(client, table, table="cutthroat", **seats)
    assert chances(third) == (
        "Chances before the game: Duda 17 % · Ana 33 % · Bia 25 % · Caio 25 %"
    )
    assert chances(third, PT).startswith("Chances antes da partida: Duda 17 %")
    # A game at a table no club holds shows none.
    other = start_at_table(client, make_table(client, "Home table"), **EXAMPLE_1)
    assert not Page(client.get(f"/g/{other}")).find_all("p", "chances")


def test_a_players_page_shows_the_rating_game_by_game_partners_opponents_and_figures(client):
    club = new_club(client)
    table = make_table(client, "Tuesday table")
    hold(client, club, "table", "Tuesday table")
    played_at(client, table, EXAMPLE_1, NORTH_SOUTH_WIN)  # Ana & Bia beat Caio & Duda
    played_at(client, table, EXAMPLE_2, NORTH_SOUTH_WIN)  # Ana & Caio beat Bia & Duda
    members = view_path(client, club)
    link = Page(client.get(members)).find("table", "club-ratings").find("a")
    assert link.text == "Ana"
    page = Page(client.get(link.attrs["href"]))
    assert page.find("h1").text == "Ana"
    assert page.find("p", "player-rating").text == "Rating 1192 · provisional · 2 games counted"
    assert page.find("figure", "chart").find("title").text == "The rating of Ana after each game"
    # Rating gained with each partner: 1000 → 1097 with Bia, 1097 → 1192 with Caio.
    assert page.rows("player-partners") == [("Bia", "1", "1", "+97"), ("Caio", "1", "1", "+95")]
    opponents = [("Duda", "2", "2"), ("Bia", "1", "1"), ("Caio", "1", "1")]
    assert page.rows("player-opponents") == opponents
    figures = [item.text for item in page.find("ul", "player-figures").find_all("li")]
    assert figures[0] == "Contracts made: 2 of 2"
    assert client.get(f"{members}/players/nobody").status_code == 404


def test_a_players_page_lists_their_nights_with_their_games_and_wins(app, client):
    clock = clocked(app)  # Friday 4 December
    club = new_club(client)
    table = make_table(client, "Tuesday table")
    hold(client, club, "table", "Tuesday table")
    played_at(client, table, EXAMPLE_1, NORTH_SOUTH_WIN)  # Ana & Bia beat Caio & Duda
    teams = "Reds: Ana & Bia\nBlues: Caio & Duda\n"
    director = make_tournament(client, name="Night 1", teams=teams, rounds="1", **ONE_HAND)
    hold(client, club, "tournament", "Night 1")
    start_round(client, director)
    play_round(client, director, "N")  # Ana & Bia win
    clock.advance(24 * 60)
    played_at(client, table, EXAMPLE_2, NORTH_SOUTH_WIN)  # Ana & Caio beat Bia & Duda
    played_at(client, table, EXAMPLE_1, EAST_WEST_WIN)  # Caio & Duda beat Ana & Bia
    links = Page(client.get(view_path(client, club))).find("table", "club-ratings").find_all("a")
    (ana,) = [link.attrs["href"] for link in links if link.text == "Ana"]

    def nights(headers=None) -> list[tuple[str, ...]]:
        """The player's nights, row by row, as the page shows them."""
        return Page(client.get(ana, headers=headers)).rows("player-nights")

    # The latest first: on Friday, the tournament started after the game at the table.
    assert nights() == [
        ("2026-12-05", "an evening at the club's tables", "2", "1"),
        ("2026-12-04", "Night 1", "1", "1"),
        ("2026-12-04", "an evening at the club's tables", "1", "1"),
    ]
    assert nights(PT)[0][1] == "uma noite nas mesas do clube"


def test_a_players_page_is_reached_whatever_the_name_holds(client):
    club = new_club(client)
    table = make_table(client, "Tuesday table")
    hold(client, club, "table", "Tuesday table")
    odd = {"player_0": "/Ana", "player_1": "..", "player_2": "Bia?x=1", "player_3": "Duda#2"}
    played_at(client, table, odd, NORTH_SOUTH_WIN)
    links = Page(client.get(view_path(client, club))).find("table", "club-ratings").find_all("a")
    for link in links:
        page = client.get(link.attrs["href"])
        assert page.status_code == 200, (link.text, link.attrs["href"])
        assert Page(page).find("h1").text == link.text
    assert sorted(link.text for link in links) == sorted(odd.values())
