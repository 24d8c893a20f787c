"""The shared result of a game that ended by a house rule (issue 26): a Boston, a set-out, the
hands limit or time called. The plain-text summary says why, in the very sentence of the
scoreboard's banner, in the page's language.

Seats are 0-3 clockwise; team A is seats 0 and 2, team B seats 1 and 3; GameLake rules.
"""

from __future__ import annotations

import pytest

from testsupport.database import view_token_of
from testsupport.pages import MINUS, Page
from testsupport.playing import EVEN, enter, game_page, press, start_game

ISOLATES = str.maketrans("", "", "\u2068\u2069")  # around every typed name in plain text
# A bids 4 + 4 and takes 6: set, −80. B bids 3 + 3 and takes 7: +60 and a bag.
A_SET = {"bids": (4, 3, 4, 3), "team_tricks": (6, 7)}
# A bids 4 + 4 and takes 8: +80. B bids 3 + 3 and takes 5: set, −60.
B_SET = {"bids": (4, 3, 4, 3), "team_tricks": (8, 5)}
# A bids 4 + 4 and takes every trick: +80 and 5 bags. B bids 1 + 1 and takes none: set, −20.
A_BOSTON = {"bids": (4, 1, 4, 1), "team_tricks": (13, 0)}


def summary(page: Page) -> list[str]:
    """The lines of a page's result summary, names without their isolating marks."""
    return page.find("textarea", id="result-text").raw_text().translate(ISOLATES).split("\n")


def boston(client) -> str:
    """Team A wins at once by taking every trick of hand 1 (85 to −20)."""
    token = start_game(client, preset="gamelake", boston_wins="on")
    enter(client, token, **A_BOSTON)
    return token


def set_out(client) -> str:
    """Team A is set twice in three hands and loses, though ahead (A −80, B +60, B −60...)."""
    token = start_game(client, preset="gamelake", sets_to_lose="2")
    for hand in (A_SET, B_SET, A_SET):
        enter(client, token, **hand)
    return token


def hands_limit(client) -> str:
    """Two hands, both won by team B: B is higher after the last."""
    token = start_game(client, preset="gamelake", hands_limit="2")
    for _ in range(2):
        enter(client, token, **A_SET)
    return token


def time_called(client) -> str:
    """Time is called once hand 2's bids are in; after it team A leads, 122 to 120."""
    token = start_game(client, preset="gamelake")
    enter(client, token, **EVEN)
    enter(client, token, bids=EVEN["bids"])
    press(client, token, "time")
    enter(client, token, tricks=EVEN["tricks"])
    return token


ENDINGS = {
    "boston": (boston, "Team A won: they took every trick of a hand."),
    "set out": (set_out, "Team B won: Team A were set out."),
    "hands limit": (hands_limit, "Team B won: highest after 2 hands."),
    "time called": (time_called, "Team A won: highest when time was called."),
}


@pytest.mark.parametrize(("play", "words"), ENDINGS.values(), ids=ENDINGS.keys())
def test_the_summary_says_why_the_game_ended_as_the_banner_does(app, client, play, words):
    token = play(client)
    page = game_page(client, token)
    assert page.find(cls="banner").text == words
    lines = summary(page)
    assert lines[1:] == [words, f"http://localhost/v/{view_token_of(app, token)}"]
    assert lines[0].startswith("♠ Spades — Team A (North & South) ")


@pytest.mark.parametrize("play", [ending for ending, _ in ENDINGS.values()], ids=ENDINGS.keys())
def test_in_portuguese_the_summary_says_why_in_the_portuguese_banners_words(client, play):
    token = play(client)
    client.set_cookie("lang", "pt_BR")
    page = game_page(client, token)
    banner = page.find(cls="banner").text
    assert banner not in [words for _, words in ENDINGS.values()]  # not English
    assert summary(page)[1] == banner


def test_the_portuguese_set_out_is_said_in_full(client):
    token = set_out(client)
    client.set_cookie("lang", "pt_BR")
    assert summary(game_page(client, token))[1] == "Team B vence: Team A furou vezes demais."


def test_names_in_the_reason_are_plain_text_isolated_from_the_words_around_them(client):
    # The page escapes a name once; the plain text must hold it as typed, marks around it.
    token = start_game(client, preset="gamelake", boston_wins="on", team_0="Tom & <Jerry>")
    enter(client, token, **A_BOSTON)
    text = game_page(client, token).find("textarea", id="result-text").raw_text()
    reason = text.split("\n")[1]
    assert reason == "\u2068Tom & <Jerry>\u2069 won: they took every trick of a hand."
    assert f"85 – {MINUS}20" in text
