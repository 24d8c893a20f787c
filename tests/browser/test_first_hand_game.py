"""The first hand bids itself, on a phone, taps only: hand 1 asks only for the tricks and
scores ten a trick taken, without bags; from hand 2 on the bids are asked for as usual.

GameLake rules played to 200 (a house rule); North deals first; team A is North & South,
team B East & West. Bids are given by seat: North, East, South, West.
"""

from __future__ import annotations

import pytest

from testsupport.browser import axe_violations

pytestmark = pytest.mark.browser


def test_hand_1_asks_only_for_the_tricks_and_scores_ten_a_trick(phone):
    scorer = phone(bypass_csp=True)  # axe is put on the page as a script of its own
    scorer.start_game(house_rules={"first_hand_bids_itself": "on", "target": "200"})
    assert scorer.texts(".hand-form h2") == ["Hand 1"]
    assert scorer.texts(".hand-form .contracts") == [
        "First hand: no bids. Each side scores 10 a trick it takes."
    ]
    assert scorer.locate('.hand-form input[name^="bid_"]').count() == 0
    assert scorer.texts(".hand-form button.save") == ["Save hand"]
    assert axe_violations(scorer.page) == []

    # Hand 1: A takes 8: +80, no bag.                                      A  80
    #         B takes 5: +50, no bag.                                      B  50
    scorer.enter_tricks(team_tricks_0=8)
    assert scorer.totals() == (80, 50)
    team_a, team_b = scorer.texts(".last-hand .breakdown")
    assert "first hand: 8 tricks at 10" in team_a and team_a.endswith("= +80")
    assert "first hand: 5 tricks at 10" in team_b and team_b.endswith("= +50")
    assert [b.split(" · ")[0] for b in scorer.texts(".scoreboard .bags")] == ["0 bags"] * 2

    # Hand 2 is bid as usual.
    #   A bids 3 + 3 = 6, takes 8: +60 + 2 bags = +62.                     A 142
    #   B bids 2 + 3 = 5, takes 5: +50.                                    B 100
    assert scorer.locate('.hand-form input[name="bid_0"]').count() > 0
    scorer.enter_bids(3, 2, 3, 3)
    scorer.enter_tricks(team_tricks_0=8)
    assert scorer.totals() == (142, 100)

    # Hand 3: A bids 6, takes 7: +61.                                      A 203
    #         B bids 6, takes 6: +60.                                      B 160
    scorer.enter_bids(3, 3, 3, 3)
    scorer.enter_tricks(team_tricks_0=7)
    assert scorer.totals() == (203, 160)
    assert scorer.texts(".banner") == ["Team A won with 203!"]
    assert scorer.locate(".hand-form").count() == 0
