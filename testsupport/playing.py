"""A game played through Flask's test client the way a person plays it: the table most tests
sit at, starting a game on the home page's form, tapping hands into the game page's form.
"""

from __future__ import annotations

import re

from testsupport.pages import Node, Page, submit

# The table most tests sit at: partners Ana & Carla (Reds), Bruno & Davi (Blues).
NAMES = {
    "team_0": "Reds",
    "team_1": "Blues",
    "player_0": "Ana",
    "player_1": "Bruno",
    "player_2": "Carla",
    "player_3": "Davi",
}


def token_of(response) -> str:
    """The game token a response redirects to (/g/<token>)."""
    assert response.status_code == 303, (response.status_code, response.get_data(as_text=True))
    match = re.fullmatch(r"/g/([A-Za-z0-9_-]+)", response.headers["Location"])
    assert match, response.headers["Location"]
    return match.group(1)


def start_game(client, expect: int = 303, **typed):
    """Fill in the new-game form on the home page and press Start; the token, or the response.

    With the default `expect` (303) the new game's token is returned; otherwise the response.
    """
    form = Page(client.get("/")).form(action="/games")
    response = submit(client, form, typed)
    assert response.status_code == expect, response.get_data(as_text=True)
    return token_of(response) if expect == 303 else response


def hand_taps(bids=None, tricks=None, team_tricks=None) -> dict:
    """The taps for a hand: bids by seat ('nil', 'blind_nil' or a number), tricks by seat
    and/or by team; a None inside a tuple leaves that row blank."""
    taps = {}
    for prefix, values in (("bid", bids), ("tricks", tricks), ("team_tricks", team_tricks)):
        for index, value in enumerate(values or ()):
            taps[f"{prefix}_{index}"] = value
    return taps


def enter(
    client, token, bids=None, tricks=None, team_tricks=None, expect=303, headers=None, page=None
) -> Page:
    """Tap a hand into the game page's form and save it; the page that answers, parsed.

    The form is read from `page` when given (the game page as last seen), else fetched. Bids
    left as None keep what the form already shows (the bids of the hand in play). A save must
    redirect (303) back to the game page, which is followed and returned; any other `expect`ed
    status is checked and that answer returned (its response is `Page.response`).
    """
    taps = hand_taps(bids, tricks, team_tricks)
    if page is None or not shows_fields(page.form("hand-form"), taps):
        page = Page(client.get(hand_form_url(token, bids, tricks, team_tricks), headers=headers))
    saving = expect == 303
    response = submit(client, page.form("hand-form"), taps, headers, follow_redirects=saving)
    if saving:
        assert [r.status_code for r in response.history] == [303], response.status_code
        assert response.history[0].headers["Location"] == f"/g/{token}"
        assert response.status_code == 200
    else:
        assert response.status_code == expect, response.get_data(as_text=True)
    return Page(response)


def shows_fields(form: Node, taps: dict) -> bool:
    """Whether the form has a tap row for every field these taps need."""
    return all(form.find_all("input", name=name, type="radio") for name in taps)


def hand_form_url(token, bids=None, tricks=None, team_tricks=None) -> str:
    """The game page showing the rows these taps need: the page offers the trick rows with
    the bids (?whole=1), each player's tricks (?players=1) and the bid rows with the tricks
    (?bids=1) only when asked."""
    asks = []
    if tricks or team_tricks:
        asks.append("whole=1")
    if tricks:
        asks.append("players=1")
    if bids:
        asks.append("bids=1")
    return f"/g/{token}" + ("?" + "&".join(asks) if asks else "")


def game_page(client, token, **kwargs) -> Page:
    """The game page, parsed; it must answer 200."""
    response = client.get(f"/g/{token}", **kwargs)
    assert response.status_code == 200, response.status_code
    return Page(response)
