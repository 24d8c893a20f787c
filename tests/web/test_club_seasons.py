"""A club's season (issue 38, item 4), through HTTP: made on the organiser's page, its nights
(the club's tournaments, and evenings at its tables) give points as docs/rules.md says, and its
page shows the standings over each player's best nights (worked example 4), the nights, and the
champion once its last day has passed. A season that cannot be is refused in both languages,
with nothing written."""

from __future__ import annotations

import re

from testsupport.clock import clocked
from testsupport.clubs import EXAMPLE_1, EXAMPLE_2, hold, new_club, played_at
from testsupport.pages import Page, submit
from testsupport.playing import enter
from testsupport.routes import HX
from testsupport.tables import EAST_WEST_WIN, NORTH_SOUTH_WIN, make_table
from testsupport.tournaments import (
    EAST_WEST_WINS,
    ONE_HAND,
    PT,
    make_tournament,
    play_round,
    play_stage,
    round_tables,
    start_playoff,
    start_round,
)

# Three Friday nights of four teams, one round of one hand each. Table 1's East–West team wins
# by a set (first), table 2's North–South team by a point (second); the two losers follow.
NIGHTS = (
    ("Night 1", "Reds: Ana & Bia\nBlues: Pia & Rui\nGreens: Quim & Sol\nGolds: Tom & Uma\n"),
    ("Night 2", "Reds: Pia & Bia\nBlues: Ana & Xavi\nGreens: Tom & Sol\nGolds: Vera & Uma\n"),
    ("Night 3", "Reds: Ana & Bia\nBlues: Zeca & Yan\nGreens: Pia & Sol\nGolds: Vera & Uma\n"),
)
WORKED_EXAMPLE = {"place_points": "10, 8, 6, 5", "best_nights": "2"}
DAY = 24 * 60  # minutes


def make_season(client, club: str, headers=None, **typed):
    """Fill the organiser's new-season form (first and last days around the test clock's
    Friday unless told) and send it; the answer."""
    form = Page(client.get(f"/c/{club}")).form(cls="new-season")
    days = {"name": "Winter", "first_day": "2026-12-01", "last_day": "2026-12-31"}
    return submit(client, form, days | typed, headers=headers)


def season_path(client, club: str) -> str:
    """The members' page of the club's latest season, as the club's page links it."""
    found = re.search(r'href="(/cv/[^"]+/seasons/\d+)"', client.get(f"/c/{club}").text)
    assert found
    return found.group(1)


def standings(client, path: str, headers=None) -> list[tuple[str, ...]]:
    """The season's standings as its page shows them: place, player, points, nights, rating,
    and the rating's trend over the season."""
    return Page(client.get(path, headers=headers)).rows("season-standings")


def test_a_season_of_three_nights_counts_each_players_best_two_as_worked_example_4(app, client):
    clock = clocked(app)
    club = new_club(client)
    assert make_season(client, club, **WORKED_EXAMPLE).status_code == 303
    for name, teams in NIGHTS:
        director = make_tournament(client, name=name, teams=teams, rounds="1", **ONE_HAND)
        assert hold(client, club, "tournament", name).status_code == 303
        start_round(client, director)
        play_round(client, director, "EN")
        clock.advance(7 * DAY)  # a week later
    season = season_path(client, club)
    rows = {row[1]: row for row in standings(client, season)}
    # Pia: 1st (10), 4th (5), 2nd (8): her best two nights, 18. Quim: 2nd on night 1 only, 8.
    assert rows["Pia"][2:4] == ("18", "3")
    assert rows["Quim"][2:4] == ("8", "1")
    assert standings(client, season)[0][:2] == ("1", "Pia")  # 18 is the most
    nights = Page(client.get(season)).find("ul", "season-nights").find_all("li")
    assert [night.text.split(" · ")[1] for night in nights] == ["Night 1", "Night 2", "Night 3"]
    # No champion until the season's last day has passed; then the first place is.
    assert not Page(client.get(season)).find_all("p", "champion")
    clock.advance(10 * DAY)
    assert Page(client.get(season)).find("p", "champion").text == "Champion: Pia"
    assert Page(client.get(season, headers=PT)).find("p", "champion").text == "Campeão: Pia"
    # Its standings download as CSV and JSON, as the page shows them.
    sheet = client.get(f"{season}/standings.csv").get_data(as_text=True).splitlines()
    assert sheet[0] == "place,player,points,nights,rating"
    assert sheet[1].startswith("1,Pia,18,3,")
    data = client.get(f"{season}/standings.json").get_json()
    assert (data["name"], data["first_day"], data["champions"]) == ("Winter", "2026-12-01", ["Pia"])
    assert data["standings"][0] | {"rating": 0} == {
        "place": 1,
        "player": "Pia",
        "points": 18,
        "nights": 3,
        "rating": 0,
    }
    assert client.get(f"{season.rsplit('/', 1)[0]}/999/standings.csv").status_code == 404


def test_the_season_shows_each_players_rating_trend_over_it_and_a_qr_code_of_its_page(app, client):
    clock = clocked(app)  # Friday 4 December
    club = new_club(client)
    table = make_table(client, "Tuesday table")
    hold(client, club, "table", "Tuesday table")
    played_at(client, table, EXAMPLE_1, NORTH_SOUTH_WIN)  # before the season: worked example 1
    days = {"first_day": "2026-12-05", "last_day": "2026-12-31"}
    assert make_season(client, club, **days, place_points="1").status_code == 303
    clock.advance(DAY)
    played_at(client, table, EXAMPLE_2, NORTH_SOUTH_WIN)  # in it: worked example 2
    season = season_path(client, club)
    # docs/rules.md's worked examples: Ana 1097 then 1192, Bia 1097 then 1038, Caio 940 then
    # 1035, Duda 940 then 881.
    trends = {row[1]: (row[4], row[5]) for row in standings(client, season)}
    assert trends == {
        "Ana": ("1192", "+95"),
        "Caio": ("1035", "+95"),
        "Bia": ("1038", "\u221259"),
        "Duda": ("881", "\u221259"),
    }
    qr = Page(client.get(season)).find("img", "qr").attrs["src"]
    assert qr == f"{season}/qr.svg"
    image = client.get(qr)
    assert image.status_code == 200
    assert image.mimetype == "image/svg+xml"
    assert client.get(f"{season.rsplit('/', 1)[0]}/999/qr.svg").status_code == 404


def test_an_evening_at_the_clubs_tables_gives_points_per_game_won_and_for_playing(app, client):
    clocked(app)
    club = new_club(client)
    table = make_table(client, "Tuesday table")
    hold(client, club, "table", "Tuesday table")
    made = make_season(client, club, win_points="3", attendance_points="2", place_points="1")
    assert made.status_code == 303
    seats = {"player_0": "Ana", "player_1": "Caio", "player_2": "Bia", "player_3": "Duda"}
    played_at(client, table, seats, NORTH_SOUTH_WIN)  # Ana & Bia win
    played_at(client, table, seats, EAST_WEST_WIN)  # Caio & Duda win
    played_at(client, table, seats, NORTH_SOUTH_WIN)  # Ana & Bia win again
    rows = {row[1]: row[2:4] for row in standings(client, season_path(client, club))}
    # One evening: 2 for playing, 3 a game won.
    assert rows == {"Ana": ("8", "1"), "Bia": ("8", "1"), "Caio": ("5", "1"), "Duda": ("5", "1")}


def test_the_season_page_answers_304_until_a_game_of_the_club_is_saved(app, client):
    clocked(app)
    club = new_club(client)
    table = make_table(client, "Tuesday table")
    hold(client, club, "table", "Tuesday table")
    make_season(client, club)
    season = season_path(client, club)
    first = client.get(season, headers=HX)
    unchanged = client.get(season, headers=HX | {"If-None-Match": first.headers["ETag"]})
    assert unchanged.status_code == 304
    seats = {"player_0": "Ana", "player_1": "Caio", "player_2": "Bia", "player_3": "Duda"}
    played_at(client, table, seats, NORTH_SOUTH_WIN)
    moved = client.get(season, headers=HX | {"If-None-Match": first.headers["ETag"]})
    assert moved.status_code == 200
    assert "Ana" in moved.get_data(as_text=True)
    # The members' page lists the seasons: a new one moves it too.
    members = season.split("/seasons/")[0]
    shown = client.get(members, headers=HX)
    make_season(client, club, name="Spring")
    again = client.get(members, headers=HX | {"If-None-Match": shown.headers["ETag"]})
    assert again.status_code == 200
    assert "Spring" in again.get_data(as_text=True)


def test_a_season_that_cannot_be_is_refused_in_words_with_nothing_written(client):
    club = new_club(client)
    cases = (
        (
            {"first_day": "2026-12-31", "last_day": "2026-12-01"},
            "last_day",
            "The season ends before it begins.",
            "A temporada termina antes de começar.",
        ),
        (
            {"place_points": "10, -8, 6"},
            "place_points",
            "Place 2 needs its points: a whole number from 0 to 1000.",
            "A colocação 2 precisa dos seus pontos: um número inteiro de 0 a 1000.",
        ),
        (
            {"place_points": "10, , 6"},
            "place_points",
            "Place 2 needs its points: a whole number from 0 to 1000.",
            "A colocação 2 precisa dos seus pontos: um número inteiro de 0 a 1000.",
        ),
        (
            {"place_points": ""},
            "place_points",
            "Give the points of place 1 at least.",
            "Dê os pontos da 1ª colocação, pelo menos.",
        ),
    )
    for typed, field, english, portuguese in cases:
        for headers, words in ((None, english), (PT, portuguese)):
            refused = make_season(client, club, headers=headers, **typed)
            assert refused.status_code == 422, (typed, refused.status_code)
            assert Page(refused).errors(field) == [words]
    assert "No season yet." in Page(client.get(f"/c/{club}")).text


SEEDED_TEAMS = "T1: Ana & Bia\nT2: Eva & Fabio\nT3: Caio & Duda\nT4: Gil & Hugo\n"


def test_a_club_tournament_seeded_by_rating_pairs_round_1_strongest_first(client):
    club = new_club(client)
    table = make_table(client, "Tuesday table")
    hold(client, club, "table", "Tuesday table")
    seats = {"player_0": "Ana", "player_1": "Caio", "player_2": "Bia", "player_3": "Duda"}
    for _ in range(3):  # Caio & Duda win three times: the strongest; Ana & Bia the weakest
        played_at(client, table, seats, EAST_WEST_WIN)
    typed = {"teams": SEEDED_TEAMS, "rounds": "1", "seed_by_rating": "y"}
    seeded = make_tournament(client, name="Seeded", **ONE_HAND, **typed)
    plain = make_tournament(client, name="Plain", **ONE_HAND, **typed | {"seed_by_rating": None})
    for name in ("Seeded", "Plain"):
        assert hold(client, club, "tournament", name).status_code == 303
    # T3 (strongest), then T2 and T4 (new players, level: entry order), then T1.
    for director, pairs in (
        (seeded, [("T3", "T2"), ("T4", "T1")]),
        (plain, [("T1", "T2"), ("T3", "T4")]),
    ):
        start_round(client, director)
        assert [(t.north_south, t.east_west) for t in round_tables(client, director)] == pairs
    # A tournament no club holds keeps its entry order, whatever it asked.
    alone = make_tournament(client, name="Alone", **ONE_HAND, **typed)
    start_round(client, alone)
    assert [(t.north_south, t.east_west) for t in round_tables(client, alone)] == [
        ("T1", "T2"),
        ("T3", "T4"),
    ]


def test_a_seeded_round_robin_plays_every_round_by_the_seeds_round_1_kept(client):
    club = new_club(client)
    table = make_table(client, "Tuesday table")
    hold(client, club, "table", "Tuesday table")
    seats = {"player_0": "Ana", "player_1": "Caio", "player_2": "Bia", "player_3": "Duda"}
    for _ in range(3):  # Caio & Duda (T3) the strongest, Ana & Bia (T1) the weakest
        played_at(client, table, seats, EAST_WEST_WIN)
    typed = {"teams": SEEDED_TEAMS, "format": "round_robin", "seed_by_rating": "y"}
    director = make_tournament(client, name="Seeded", **ONE_HAND, **typed)
    assert hold(client, club, "tournament", "Seeded").status_code == 303
    # Seeds T3, T2, T4, T1 in slots 1–4; the circle method: 1–4 and 2–3, then 1–3 and 4–2,
    # then 1–2 and 3–4 (docs/rules.md, "Pairing"). North–South: the higher seed in round 1,
    # then the higher in the standings (every game won by North–South, level teams by entry).
    schedule = [
        [("T3", "T1"), ("T2", "T4")],
        [("T3", "T4"), ("T2", "T1")],
        [("T2", "T3"), ("T1", "T4")],
    ]
    for number, pairs in enumerate(schedule, start=1):
        start_round(client, director)
        assert [(t.north_south, t.east_west) for t in round_tables(client, director)] == pairs
        play_round(client, director, "NN")
        if number == 1:  # Ana & Bia now win five times: their ratings move, the seeds stay
            for _ in range(5):
                played_at(client, table, seats, NORTH_SOUTH_WIN)
    met = {frozenset(pair) for pairs in schedule for pair in pairs}
    assert len(met) == 6  # every team met every other once


def test_a_tournament_nights_points_follow_its_playoff_once_the_final_has_ended(app, client):
    clocked(app)
    club = new_club(client)
    assert make_season(client, club, **WORKED_EXAMPLE).status_code == 303
    name, teams = NIGHTS[0]
    director = make_tournament(client, name=name, teams=teams, rounds="1", **ONE_HAND)
    hold(client, club, "tournament", name)
    start_round(client, director)
    play_round(client, director, "NN")  # Reds and Greens win alike: they share first place

    def points() -> dict[str, str]:
        """Each player's points, as the season's page shows them."""
        return {row[1]: row[2] for row in standings(client, season_path(client, club))}

    by_rounds = dict.fromkeys(("Ana", "Bia", "Quim", "Sol"), "10") | dict.fromkeys(
        ("Pia", "Rui", "Tom", "Uma"), "6"
    )
    assert points() == by_rounds
    assert start_playoff(client, director, 2).status_code == 303
    assert points() == by_rounds  # the final in play moves nothing yet
    play_stage(client, director, "E")  # Greens (seed 2, East–West) win the final
    after = points()
    # Greens first (10), Reds second (8); the teams outside the playoff after them (6 each).
    assert after == dict.fromkeys(("Quim", "Sol"), "10") | dict.fromkeys(
        ("Ana", "Bia"), "8"
    ) | dict.fromkeys(("Pia", "Rui", "Tom", "Uma"), "6")


SIX_TEAMS = "".join(f"T{n}: A{n} & B{n}\n" for n in range(1, 7))


def test_a_team_level_with_the_playoffs_last_seed_but_left_out_places_after_the_playoff(
    app, client
):
    clocked(app)
    club = new_club(client)
    assert make_season(client, club, **WORKED_EXAMPLE).status_code == 303
    director = make_tournament(client, name="Six", teams=SIX_TEAMS, rounds="1", **ONE_HAND)
    hold(client, club, "tournament", "Six")
    start_round(client, director)
    play_round(client, director, "NNN")  # T1, T3 and T5 win alike: they share first place
    assert start_playoff(client, director, 2).status_code == 303  # T1 and T3, by entry
    play_stage(client, director, "E")  # T3 wins the final
    rows = {row[1]: row[2] for row in standings(client, season_path(client, club))}
    # T3 first (10), T1 second (8); T5, first in the standings, third after the playoff's
    # two (6); the three beaten teams fourth (5).
    expected = {"A3": "10", "A1": "8", "A5": "6", "A2": "5", "A4": "5", "A6": "5"}
    assert {name: points for name, points in rows.items() if name.startswith("A")} == expected


def test_a_game_awarded_by_forfeit_after_a_hand_still_gives_its_players_their_places(app, client):
    clocked(app)
    club = new_club(client)
    assert make_season(client, club, **WORKED_EXAMPLE).status_code == 303
    director = make_tournament(
        client, name="Night 1", teams=NIGHTS[0][1], rounds="1", length="hands", hands="2"
    )
    hold(client, club, "tournament", "Night 1")
    start_round(client, director)
    first, _ = round_tables(client, director)
    enter(client, first.game, EAST_WEST_WINS["bids"], EAST_WEST_WINS["tricks"])  # Blues lead
    ruling = Page(client.get(f"/d/{director}/rounds/1/tables/1")).form(cls="award")
    assert submit(client, ruling, {"reason": "Left"}, button=("side", "1")).status_code == 303
    award = Page(client.get(f"/d/{director}/rounds/1/tables/2")).form(cls="award")
    assert submit(client, award, {"reason": "No show"}, button=("side", "0")).status_code == 303
    rows = {row[1]: row[2] for row in standings(client, season_path(client, club))}
    # Table 1 was played a hand before it was awarded: its four players count; table 2's
    # game was awarded before a hand, and seats nobody.
    assert set(rows) == {"Ana", "Bia", "Pia", "Rui"}
    assert rows["Pia"] == rows["Rui"]
    assert int(rows["Pia"]) > int(rows["Ana"])
