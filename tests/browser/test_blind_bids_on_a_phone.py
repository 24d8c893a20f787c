"""A game of blind bids on a phone, taps only: the house rules typed on the new-game form, a
team far enough behind bids Blind 7 on its one row and makes it doubled, the game page counts
the hands of a short game and its page passes axe with the blind-bid row on it."""

from __future__ import annotations

import pytest

from testsupport.browser import axe_violations

pytestmark = pytest.mark.browser

HOUSE_RULES = {"blind_bid_min": "6", "blind_bid_deficit": "100", "hands_limit": "4"}


def test_a_team_far_behind_bids_blind_7_on_its_one_row_and_makes_it_doubled(phone):
    scorer = phone(bypass_csp=True)  # axe is put on the page as a script of its own
    scorer.start_game(house_rules=HOUSE_RULES)
    assert scorer.texts(".hand-form h2") == ["Hand 1 of 4"]
    assert scorer.locate(".hand-form .blind-bid").count() == 0

    # Hands 1 and 2: A bids 5 + 5 and takes 11: +101; B bids 1 + 1 and takes 2: +20.
    for _ in range(2):
        scorer.enter_bids(5, 1, 5, 1)
        scorer.enter_tricks(team_tricks_0=11)
    assert scorer.totals() == (202, 40)
    assert scorer.texts(".hand-form h2") == ["Hand 3 of 4"]

    # Hand 3, South deals: B, 162 behind, is offered one blind-bid row for both partners.
    assert scorer.locate(".hand-form .blind-bid").count() == 1
    assert axe_violations(scorer.page) == []
    scorer.choose("bid_0", 3)
    scorer.choose("bid_1", "blind_7")
    scorer.choose("bid_2", 2)
    scorer.save_hand()
    assert "(blind: doubled)" in " ".join(scorer.texts(".hand-form .contracts"))
    assert "Blind 7" in " ".join(scorer.texts(".hand-form .bids-line"))
    # A bid 5 and took 5: +50. B took 8 of its Blind 7: +140 and a bag.
    scorer.enter_tricks(team_tricks_1=8)
    assert scorer.totals() == (252, 181)
    assert "Blind 7 doubled: +140" in scorer.texts(".last-hand .breakdown")[1]
    assert scorer.texts(".hand-form h2") == ["Hand 4 of 4"]

    # Hand 4, the last: A bids 3 + 3 and takes 6: +60; B bids 3 + 3 and takes 7: +61.
    scorer.enter_bids(3, 3, 3, 3)
    scorer.enter_tricks(team_tricks_0=6)
    assert scorer.totals() == (312, 242)
    assert scorer.texts(".banner") == ["Team A won: highest after 4 hands."]
    assert axe_violations(scorer.page) == []
