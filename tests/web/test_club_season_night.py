"""Issue 38's "done when", through HTTP: a club's season of three nights (a Swiss, an evening of
two casual tables, a cut-throat evening), a name joined, and a hand of the first night corrected
after the third. The season's standings, every player's rating and the chances shown equal a
count this test works out itself with the openskill library, and the club comes back the same
from the backup."""

from __future__ import annotations

from testsupport.backups import answer, exported, imported
from testsupport.clock import clocked
from testsupport.clubs import (
    MODEL,
    hold,
    model_ratings,
    new_club,
    played_at,
    ratings,
    view_path,
    whole_percentages,
)
from testsupport.pages import Page, submit
from testsupport.playing import correct_hand, enter
from testsupport.tables import EAST_WEST_WIN, NORTH_SOUTH_WIN, make_table, start_at_table
from testsupport.tournaments import (
    EAST_WEST_WINS,
    ONE_HAND,
    make_tournament,
    play_round,
    round_tables,
    start_round,
)

DAY = 24 * 60
TEAMS = "Reds: Ana & Bia\nBlues: Caio & Duda\nGreens: Eva & Fabio\nGolds: Gil & Hugo\n"
# Night 2's two casual tables, and night 3's cut-throat table (Ana written "Ana B." there).
TABLE_A = {"player_0": "Ana", "player_1": "Eva", "player_2": "Caio", "player_3": "Fabio"}
TABLE_B = {"player_0": "Bia", "player_1": "Gil", "player_2": "Duda", "player_3": "Hugo"}
CUT_THROAT = {"player_0": "Ana B.", "player_1": "Bia", "player_2": "Caio", "player_3": "Duda"}
# The cut-throat game to 100: tied at 130 after two hands, then Duda (seat 3) wins with 170,
# Caio second with 160, Ana and Bia level third with 130.
CUT_THROAT_HANDS = (
    ((4, 3, 3, 3), (4, 3, 3, 3)),
    ((6, 7, "nil", "nil"), (6, 7, 0, 0)),
    ((3, 3, 3, 4), (3, 3, 3, 4)),
)


def expected_ratings(games) -> dict[str, tuple[int, int]]:
    """Each player's rating shown (1000 + 40 × (μ − 3σ), rounded) and games, counted here
    with the openskill library from the games in the order they were started: each a list of
    sides (names) and their places."""
    rated, counted = {}, {}
    for sides, places in games:
        teams = [[rated.get(name, MODEL.rating(name=name)) for name in side] for side in sides]
        for side, new in zip(sides, MODEL.rate(teams, ranks=list(places)), strict=True):
            for name, player in zip(side, new, strict=True):
                rated[name] = player
                counted[name] = counted.get(name, 0) + 1
    return {
        name: (round(1000 + 40 * (player.mu - 3 * player.sigma)), counted[name])
        for name, player in rated.items()
    }


def test_a_season_of_three_nights_adds_up_as_worked_out_here_and_survives_the_backup(
    app, client, runner, second_app, tmp_path
):
    clock = clocked(app)
    club = new_club(client)
    first, second = make_table(client, "Table A"), make_table(client, "Table B")
    for name in ("Table A", "Table B"):
        hold(client, club, "table", name)
    form = Page(client.get(f"/c/{club}")).form(cls="new-season")
    season = {"name": "Winter", "first_day": "2026-12-01", "last_day": "2026-12-31"}
    points = {"place_points": "10, 8, 6, 5", "win_points": "3", "attendance_points": "1"}
    assert submit(client, form, season | points).status_code == 303

    # Night 1: a Swiss of four teams, one round. Reds beat Blues, Greens beat Golds.
    director = make_tournament(client, name="Night 1", teams=TEAMS, rounds="1", **ONE_HAND)
    hold(client, club, "tournament", "Night 1")
    start_round(client, director)
    play_round(client, director, "NN")
    clock.advance(7 * DAY)
    # Night 2: an evening at two tables. Ana & Caio beat Eva & Fabio; Gil & Hugo beat Bia & Duda.
    played_at(client, first, TABLE_A, NORTH_SOUTH_WIN)
    played_at(client, second, TABLE_B, EAST_WEST_WIN)
    clock.advance(7 * DAY)
    # Night 3: a cut-throat evening; its chances are read before its first hand.
    game = start_at_table(client, first, table="cutthroat", **CUT_THROAT)
    shown_chances = Page(client.get(f"/g/{game}")).find("p", "chances").text
    for bids, tricks in CUT_THROAT_HANDS:
        enter(client, game, bids=bids)
        enter(client, game, tricks=tricks)
    # "Ana B." is Ana; and night 1's table 1 is corrected: Blues won it after all.
    joined = Page(client.get(f"/c/{club}")).form(cls="join-names")
    assert submit(client, joined, {"name": "Ana B.", "same_as": "Ana"}).status_code == 303
    correct_hand(client, round_tables(client, director)[0].game, 1, EAST_WEST_WINS)

    # The count, worked out here. Night 1 as corrected: Blues (first by a set) and Greens won.
    night_1 = [
        ((("ana", "bia"), ("caio", "duda")), (2, 1)),
        ((("eva", "fabio"), ("gil", "hugo")), (1, 2)),
    ]
    night_2 = [
        ((("ana", "caio"), ("eva", "fabio")), (1, 2)),
        ((("bia", "duda"), ("gil", "hugo")), (2, 1)),
    ]
    night_3 = [((("ana",), ("bia",), ("caio",), ("duda",)), (3, 3, 2, 1))]
    expected = expected_ratings(night_1 + night_2 + night_3)
    shown = ratings(client, f"/c/{club}")
    assert {name.lower(): (int(r.split()[0]), int(g)) for name, (r, g) in shown.items()} == expected

    # The chances shown before the cut-throat game: the model's, from the ratings as they were
    # then (night 1 not corrected yet, Reds the winners; "Ana B." not joined yet, a new player).
    then = model_ratings([((("ana", "bia"), ("caio", "duda")), (1, 2)), night_1[1], *night_2])
    sides = [
        [then.get(name, MODEL.rating(name=name))] for name in ("ana b.", "bia", "caio", "duda")
    ]
    shares = whole_percentages(MODEL.predict_win(sides))
    names = ("Ana B.", "Bia", "Caio", "Duda")
    chances = " · ".join(f"{name} {share} %" for name, share in zip(names, shares, strict=True))
    assert shown_chances == f"Chances before the game: {chances}"

    # The season, every night counted (no best N): night 1 by final place as corrected (Blues
    # 10, Greens 8, Golds 6, Reds 5), nights 2 and 3 by 3 a game won; 1 a night for playing.
    members = view_path(client, club)
    season_page = Page(client.get(members)).find("ul", "club-seasons").find("a").attrs["href"]
    table = Page(client.get(season_page)).find("table", "season-standings").find("tbody")
    standings = {
        row.find("th").text: int(row.find("td", "points").text) for row in table.find_all("tr")
    }
    assert standings == {
        "Ana": (5 + 1) + (3 + 1) + 1,
        "Bia": (5 + 1) + 1 + 1,
        "Caio": (10 + 1) + (3 + 1) + 1,
        "Duda": (10 + 1) + 1 + (3 + 1),
        "Eva": (8 + 1) + 1,
        "Fabio": (8 + 1) + 1,
        "Gil": (6 + 1) + (3 + 1),
        "Hugo": (6 + 1) + (3 + 1),
    }

    # The backup carries the club whole: the same pages from another server.
    player = Page(client.get(members)).find("table", "club-ratings").find("a").attrs["href"]
    paths = (members, season_page, player)
    before = {path: answer(client, path) for path in paths}
    exported(runner, tmp_path / "backup.json")
    other = second_app()
    imported(other, tmp_path / "backup.json")
    other.config["CLOCK"] = clock
    again = other.test_client()
    assert {path: answer(again, path) for path in paths} == before
