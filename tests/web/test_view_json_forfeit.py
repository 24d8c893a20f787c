"""A tournament's game awarded by forfeit, as its view link's JSON (`/v/<token>.json`) says it:
over, won by the team the director awarded it to, for the reason "forfeit", with no next hand,
whatever its hands say; as the view page says it. The JSON keeps every key of an ordinary
game's, and the forfeit withdrawn, the hands decide it again.

Five teams of a Swiss (testsupport.builders.tournament_in_round): two tables a round.
"""

from __future__ import annotations

from testsupport.builders import hands_entered, tournament_in_round
from testsupport.database import view_token_of
from testsupport.director_tools import award, ruling_page
from testsupport.pages import Page, submit

# What a forfeit changes in the JSON: the rest is the hands' as before.
DECIDED = ("status", "winner", "reason", "next")


def game_json(client, view: str) -> dict:
    """The game's JSON from its view link."""
    response = client.get(f"/v/{view}.json")
    assert response.status_code == 200
    return response.get_json()


def decided(data: dict) -> tuple:
    """The JSON's status, winner, reason and next hand."""
    return tuple(data[key] for key in DECIDED)


def the_rest(data: dict) -> dict:
    """The JSON less what a forfeit changes."""
    return {key: value for key, value in data.items() if key not in DECIDED}


def forfeit_notice(client, view: str) -> str:
    """The view page's words on the game's forfeit."""
    return Page(client.get(f"/v/{view}")).find("p", "forfeit").text


def test_a_game_won_by_its_hands_then_awarded_to_the_other_team_is_its_forfeit_in_the_json(
    app, client
):
    """Round 1 played, one hand a game, North–South winning at every table (reason "hands");
    table 1 then awarded to East–West."""
    built = tournament_in_round(app, 5, 1, winners="N")
    view = view_token_of(app, built.rounds[0][0])
    before = game_json(client, view)
    assert decided(before) == ("over", 0, "hands", None)

    award(client, built.director, 1, 1)
    after = game_json(client, view)
    assert decided(after) == ("over", 1, "forfeit", None)
    assert the_rest(after) == the_rest(before)
    assert after["sides"][1]["name"] in forfeit_notice(client, view)


def test_a_game_of_bids_alone_awarded_is_over_in_the_json_and_playing_again_once_withdrawn(
    app, client
):
    """Round 1 started, table 2's first hand bid and not played; the game awarded to
    North–South, then the forfeit withdrawn."""
    built = tournament_in_round(app, 5, 0, hands=2, start_next=True)
    game = built.rounds[0][1]
    hands_entered(app, game, [{"bids": (3, 3, 3, 3)}])
    view = view_token_of(app, game)
    before = game_json(client, view)
    assert decided(before)[:3] == ("playing", None, None)
    assert before["next"] is not None

    award(client, built.director, 2, 0)
    awarded = game_json(client, view)
    assert decided(awarded) == ("over", 0, "forfeit", None)
    assert the_rest(awarded) == the_rest(before)
    assert awarded["sides"][0]["name"] in forfeit_notice(client, view)

    withdraw = ruling_page(client, built.director, 2).form(cls="withdraw-forfeit")
    assert submit(client, withdraw).status_code == 303
    assert game_json(client, view) == before
