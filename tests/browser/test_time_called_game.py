"""Time called on a phone, taps only: the scorer's Call time ends a game that one team leads
at once, Resume takes that back, and time called once the bids are in makes that hand the
last; a tie then plays one more hand (docs/rules.md#time-called).

GameLake rules, played to 500; North deals first; team A is North & South, team B East &
West. Bids are given by seat: North, East, South, West.
"""

from __future__ import annotations

import pytest

from testsupport.browser import axe_violations

pytestmark = pytest.mark.browser

CALL_TIME = "form.actions button:text-is('Call time')"
RESUME = "form.actions button:text-is('Resume')"


def test_time_called_ends_the_game_after_the_hand_in_play_and_resume_takes_it_back(phone):
    scorer = phone(bypass_csp=True)  # axe is put on the page as a script of its own
    scorer.start_game()
    view = scorer.locate("#view-link").input_value().removeprefix(scorer.base_url)

    # Hand 1: A bids 3 + 3 = 6, takes 7: +60 + 1 bag = +61.                A  61
    #         B bids 3 + 3 = 6, takes 6: +60.                              B  60
    scorer.enter_bids(3, 3, 3, 3)
    scorer.enter_tricks(team_tricks_0=7)
    assert scorer.totals() == (61, 60)

    # Time called before hand 2's bids: hand 1 was the last, and A leads.
    scorer.tap_to_save(CALL_TIME)
    assert scorer.texts(".banner") == ["Team A won: highest when time was called."]
    assert scorer.locate(".hand-form").count() == 0
    # Resume: the game is open again and time is no longer called.
    scorer.tap_to_save(RESUME)
    assert scorer.texts(".banner") == []
    assert scorer.texts(".time-called") == []
    assert scorer.texts(".hand-form h2") == ["Hand 2"]

    # Hand 2's bids are in when time is called: this hand is the last.
    scorer.enter_bids(3, 3, 3, 3)
    scorer.tap_to_save(CALL_TIME)
    assert scorer.texts(".time-called") == ["Time called: hand 2 is the last."]
    assert scorer.locate(RESUME).count() == 1
    assert axe_violations(scorer.page) == []
    # The view link says so too.
    watcher = phone()
    watcher.go(view)
    assert watcher.texts(".time-called") == ["Time called: hand 2 is the last."]

    # Hand 2: A takes 6 of its 6: +60; B takes 7 of its 6: +61.           A 121, B 121
    scorer.enter_tricks(team_tricks_0=6)
    assert scorer.totals() == (121, 121)
    assert scorer.texts(".time-called") == [
        "Time called: the top is shared, so one more hand decides."
    ]
    assert scorer.texts(".hand-form h2") == ["Hand 3"]

    # Hand 3: A takes 6 of its 6: +60; B takes 7 of its 6: +61.           A 181, B 182
    scorer.enter_bids(3, 3, 3, 3)
    scorer.enter_tricks(team_tricks_0=6)
    assert scorer.totals() == (181, 182)
    assert scorer.texts(".banner") == ["Team B won: highest when time was called."]
    assert scorer.locate(".hand-form").count() == 0
