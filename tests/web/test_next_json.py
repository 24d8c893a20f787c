"""The JSON download's `next` (issue 26): what the next hand needs, every field of the engine's
`NextHand`, the new house rules' figures included, and nothing once the game is over."""

from __future__ import annotations

import dataclasses

import scoring
from testsupport.database import stored_game
from testsupport.playing import A_SET, NAMES, enter, press, start_game

HOUSE_RULES = {
    "blind_bid_min": "6",
    "blind_bid_deficit": "100",
    "sets_to_lose": "2",
    "hands_limit": "8",
}


def next_of(client, app, token: str) -> dict:
    """The `next` of a game's JSON download, through its view link."""
    view = stored_game(app, token).view_token
    return client.get(f"/v/{view}.json").get_json()["next"]


def test_next_says_the_sets_the_hands_left_and_who_may_bid_blind(client, app):
    token = start_game(client, **NAMES, **HOUSE_RULES)
    # A bids 4 + 3 = 7 and takes 6: set, −70; B bids 6 and takes 7: +61. A is 131 behind.
    enter(client, token, **A_SET)
    nxt = next_of(client, app, token)
    assert nxt["number"] == 2
    assert nxt["sets"] == [1, 0]
    assert nxt["sets_left"] == [1, 2]
    assert nxt["hands_left"] == 7
    assert nxt["blind_bid_allowed"] == [True, False]
    assert (nxt["time_called"], nxt["bids_itself"], nxt["sudden_death"]) == (False, False, False)
    enter(client, token, bids=(3, 3, 3, 3))  # hand 2 in play: time called makes it the last
    press(client, token, "time")
    assert next_of(client, app, token)["time_called"] is True


def test_next_holds_every_field_the_engine_gives_but_a_draw_where_cards_are_dealt(client, app):
    token = start_game(client, **NAMES)
    names = {field.name for field in dataclasses.fields(scoring.NextHand)}
    assert set(next_of(client, app, token)) == names - {"first_to_draw"}


def test_a_first_hand_that_bids_itself_is_said_in_next(client, app):
    token = start_game(client, **NAMES, first_hand_bids_itself="on")
    assert next_of(client, app, token)["bids_itself"] is True
