"""A game of a fixed number of hands, on a phone, taps only: the game page counts the hands,
a tie after the last plays on (docs/rules.md#hands-limit), and the next hand that leaves one team
ahead ends it.

GameLake rules and two hands; North deals first; team A is North & South, team B East & West.
Bids are given by seat: North, East, South, West.
"""

from __future__ import annotations

import pytest

from testsupport.browser import axe_violations

pytestmark = pytest.mark.browser


def test_a_tie_after_the_last_hand_plays_on_until_one_team_leads(phone):
    scorer = phone(bypass_csp=True)  # axe is put on the page as a script of its own
    scorer.start_game(house_rules={"hands_limit": "2"})
    assert scorer.texts(".hand-form h2") == ["Hand 1 of 2"]

    # Hand 1: A bids 3 + 3 = 6, takes 7: +60 + 1 bag = +61.                A  61
    #         B bids 3 + 3 = 6, takes 6: +60.                              B  60
    scorer.enter_bids(3, 3, 3, 3)
    scorer.enter_tricks(team_tricks_0=7)
    assert scorer.totals() == (61, 60)
    assert scorer.texts(".hand-form h2") == ["Hand 2 of 2"]

    # Hand 2: A bids 6, takes 6: +60.                                      A 121
    #         B bids 6, takes 7: +60 + 1 bag = +61.                        B 121
    scorer.enter_bids(3, 3, 3, 3)
    scorer.enter_tricks(team_tricks_0=6)
    assert scorer.totals() == (121, 121)
    # Level after the last hand: one more, past the count.
    assert scorer.texts(".banner") == ["Tie at 121: play another hand."]
    assert scorer.texts(".hand-form h2") == ["Hand 3"]
    assert axe_violations(scorer.page) == []

    # Hand 3: A bids 6, takes 7: +61.                                      A 182
    #         B bids 6, takes 6: +60.                                      B 181
    scorer.enter_bids(3, 3, 3, 3)
    scorer.enter_tricks(team_tricks_0=7)
    assert scorer.totals() == (182, 181)
    assert scorer.texts(".banner") == ["Team A won: highest after 3 hands."]
    assert scorer.locate(".hand-form").count() == 0
