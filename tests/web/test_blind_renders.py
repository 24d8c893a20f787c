"""A new hand's kept buttons (web/renders.py) and the new house rules: the blind-bid row is part
of what the buttons show, so a game offered a blind bid is never shown the buttons kept for a
game that is not, nor the other way round; and a first hand that bids itself (trick rows only)
never stands in for a later hand with the same dealer."""

from __future__ import annotations

import re

import pytest

from testsupport.apps import app_on
from testsupport.pages import Page
from testsupport.playing import enter, start_game

# Without Blind Nil, whose button would set the two games' bid rows apart on its own.
BLIND_RULES = {
    "preset": "gamelake",
    "blind_nil_bonus": "0",
    "blind_bid_min": "6",
    "blind_bid_deficit": "100",
}
# Two hands each, so both games have the same dealer: in one team B falls 280 behind (a blind
# bid offered), in the other the teams stay level (none).
RUNS_AWAY = {"bids": (6, 1, 6, 1), "team_tricks": (12, 1)}
LEVEL = {"bids": (3, 3, 3, 3), "team_tricks": (6, 7)}
# Per-request values: one-time tokens and the CSRF token.
TOKENS = re.compile(r'(name="?(?:nonce|csrf_token)"? value=")[^"]*(")')


def played(client, hand: dict) -> str:
    """A game of the blind-bid rules with two hands like `hand` played."""
    token = start_game(client, **BLIND_RULES)
    page = None
    for _ in range(2):
        page = enter(client, token, **hand, page=page)
    return token


def keeping_nothing(app):
    """A client of a second app on the same database whose worker keeps no page, part or
    replay: each page it shows is rendered whole."""
    uri = app.config["SQLALCHEMY_DATABASE_URI"]
    return app_on(uri, RENDER_CHARACTERS_KEPT=0, REPLAY_HANDS_KEPT=0).test_client()


def shown(client, token: str) -> str:
    """The game page, its per-request tokens blanked."""
    response = client.get(f"/g/{token}")
    assert response.status_code == 200
    return TOKENS.sub(r"\1\2", response.get_data(as_text=True))


@pytest.mark.parametrize("first", ["offered", "not offered"])
def test_a_game_offered_a_blind_bid_and_one_not_each_get_their_own_buttons(app, client, first):
    games = {"offered": played(client, RUNS_AWAY), "not offered": played(client, LEVEL)}
    order = [first, *(name for name in games if name != first)]
    app.extensions["renders"].clear()  # as a worker that has shown neither game yet
    pages = {name: shown(client, games[name]) for name in order}
    whole = keeping_nothing(app)
    for name, token in games.items():
        assert pages[name] == shown(whole, token), name
    rows = {name: Page(pages[name]).find_all("fieldset", cls="blind-bid") for name in games}
    assert len(rows["offered"]) == 1
    assert rows["not offered"] == []


def first_hand_game(app) -> str:
    """A GameLake game whose first hand bids itself, started through the new-game form."""
    return start_game(app.test_client(), first_hand_bids_itself="on")


def test_hand_5_is_never_shown_the_kept_trick_rows_of_a_first_hand_with_the_same_dealer(
    app, client
):
    first, later = first_hand_game(app), first_hand_game(app)
    page = enter(client, later, team_tricks=(6, 7))
    for _ in range(3):
        page = enter(client, later, **LEVEL, page=page)
    app.extensions["renders"].clear()
    assert Page(shown(client, first)).find_all("input", name="bid_0") == []  # hand 1: tricks
    assert Page(shown(client, later)).find_all("input", name="bid_0") != []  # hand 5: bids
    assert shown(client, later) == shown(keeping_nothing(app), later)
