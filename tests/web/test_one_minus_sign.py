"""One minus sign wherever a tournament's numbers are shown: the director's page, the wall, the
results sheet and a ruling page write a negative total, point difference or bracket score with
the minus sign (U+2212), as the game pages do, never a hyphen ("38 – -75")."""

from __future__ import annotations

import re

import pytest

from testsupport.pages import Page
from testsupport.tournaments import (
    ONE_HAND,
    make_tournament,
    play_table,
    round_tables,
    start_round,
    teams_text,
    watch_token,
)

# A hyphen written as a minus: one before a digit that follows no letter, digit or slash.
HYPHEN_MINUS = re.compile(r"(?<![\w/])-\d")


@pytest.fixture
def set_table(client):
    """Four teams in round 1: table 1's North–South set (−70 to 61), table 2 still playing;
    the director's token."""
    director = make_tournament(client, **ONE_HAND, teams=teams_text(4), rounds="1")
    start_round(client, director)
    play_table(client, round_tables(client, director)[0].game, north_south_wins=False)
    return director


def test_every_tournament_page_writes_a_negative_number_with_the_minus_sign(client, set_table):
    watch = watch_token(client, set_table)
    pages = (
        f"/d/{set_table}",
        f"/w/{watch}",
        f"/w/{watch}/results",
        f"/d/{set_table}/rounds/1/tables/1",
    )
    for path in pages:
        main = Page(client.get(path)).find("main").text
        assert "\u221270" in main, path
        assert not HYPHEN_MINUS.search(main), (path, HYPHEN_MINUS.findall(main))
