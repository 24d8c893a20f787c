"""Issue 38, item 3: the wall of a club's tournament gives each table the chance of each side
before its game (until its first hand), as the club's ratings count it (the openskill library's,
worked out here), and follows a change to those ratings made anywhere in the club."""

from __future__ import annotations

from testsupport.clubs import MODEL, hold, model_ratings, new_club, whole_percentages
from testsupport.pages import Page, submit
from testsupport.playing import enter, hand_taps
from testsupport.routes import HX
from testsupport.tables import NORTH_SOUTH_WIN, make_table, start_at_table
from testsupport.tournaments import (
    ONE_HAND,
    PT,
    make_tournament,
    play_round,
    start_round,
    watch_token,
)

TEAMS = "Reds: Ana & Bia\nBlues: Caio & Duda\nGreens: Eva & Fabio\nGolds: Gil & Hugo\n"
# Ana & Bia (North, South) against Caio & Duda at the club's table; corrected, Caio & Duda
# win it after all: North–South are set (3 of 5 tricks), East–West make 10.
SEATS = {"player_0": "Ana", "player_1": "Caio", "player_2": "Bia", "player_3": "Duda"}
EAST_WEST_AFTER_ALL = hand_taps((3, 5, 2, 5), team_tricks=(3, 10))


def wall_chances(client, path: str, headers=None) -> list[str]:
    """Each table's chances, as the wall shows them."""
    page = Page(client.get(path, headers=headers))
    return [span.text for span in page.find_all("span", "round-table-chances")]


def shares(games, *teams) -> list[int]:
    """The model's chances of these teams (names) after the games, in whole percentages."""
    rated = model_ratings(games)
    sides = [[rated.get(name, MODEL.rating(name=name)) for name in team] for team in teams]
    return whole_percentages(MODEL.predict_win(sides))


def test_a_club_tournaments_wall_shows_each_tables_chances_and_follows_a_correction(client):
    club = new_club(client)
    table = make_table(client, "Tuesday table")
    hold(client, club, "table", "Tuesday table")
    game = start_at_table(client, table, **SEATS)
    enter(client, game, NORTH_SOUTH_WIN["bids"], team_tricks=NORTH_SOUTH_WIN["team_tricks"])
    director = make_tournament(client, name="Night 1", teams=TEAMS, rounds="1", **ONE_HAND)
    hold(client, club, "tournament", "Night 1")
    start_round(client, director)
    wall = f"/w/{watch_token(client, director)}"

    won = [((("ana", "bia"), ("caio", "duda")), (1, 2))]
    reds, greens = shares(won, ("ana", "bia"), ("caio", "duda")), [50, 50]
    assert reds[0] > reds[1]
    assert wall_chances(client, wall) == [
        f"chances before: {reds[0]} % – {reds[1]} %",
        f"chances before: {greens[0]} % – {greens[1]} %",
    ]
    assert wall_chances(client, wall, PT)[0] == f"chances antes: {reds[0]} % – {reds[1]} %"

    # The game at the club's table is corrected: the wall follows it, though nothing of the
    # tournament changed.
    first = client.get(wall, headers=HX)
    edit = Page(client.get(f"/g/{game}/hands/1")).form(cls="hand-form")
    assert submit(client, edit, EAST_WEST_AFTER_ALL).status_code == 303
    again = client.get(wall, headers=HX | {"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 200
    lost = [((("ana", "bia"), ("caio", "duda")), (2, 1))]
    blues = shares(lost, ("ana", "bia"), ("caio", "duda"))
    assert blues == [reds[1], reds[0]]
    shown = [span.text for span in Page(again).find_all("span", "round-table-chances")]
    assert shown[0] == f"chances before: {blues[0]} % – {blues[1]} %"
    # A table's chances go once its first hand is played, as on its scorer's page.
    play_round(client, director, "NN")
    assert wall_chances(client, wall) == []


def test_the_wall_of_a_tournament_no_club_holds_shows_no_chances(client):
    director = make_tournament(client, name="Alone", teams=TEAMS, rounds="1", **ONE_HAND)
    start_round(client, director)
    wall = f"/w/{watch_token(client, director)}"
    assert Page(client.get(wall)).find_all("li", "round-table")
    assert wall_chances(client, wall) == []


def test_a_game_awarded_by_forfeit_before_a_hand_shows_no_chances_on_the_wall(client):
    club = new_club(client)
    director = make_tournament(client, name="Night 1", teams=TEAMS, rounds="1", **ONE_HAND)
    hold(client, club, "tournament", "Night 1")
    start_round(client, director)
    wall = f"/w/{watch_token(client, director)}"
    assert len(wall_chances(client, wall)) == 2
    award = Page(client.get(f"/d/{director}/rounds/1/tables/1")).form(cls="award")
    assert submit(client, award, {"reason": "No show"}, button=("side", "0")).status_code == 303
    # Table 1's game is decided: only table 2's chances are left.
    assert wall_chances(client, wall) == ["chances before: 50 % – 50 %"]
