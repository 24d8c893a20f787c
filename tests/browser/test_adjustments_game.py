"""Adjustments on a phone, with htmx and with scripts off: added from a hand's page in the
history, shown in the history and in "why this score", removed like an undo, and one that
breaks the tie a game of two hands left.

Taps only, but for what the adjustment form asks to be typed (its points and reason) and its
side, picked from the phone's list. GameLake rules and two hands; North deals first; team A is
North & South, team B East & West. Bids are given by seat: North, East, South, West.
"""

from __future__ import annotations

import pytest

from testsupport.browser import axe_violations
from testsupport.pages import MINUS

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("javascript", [True, False], ids=["with script", "without script"])
def test_an_adjustment_is_shown_removed_and_then_breaks_a_tie(phone, javascript):
    # axe is put on the page as a script of its own, where the page runs scripts.
    scorer = phone(javascript=javascript, bypass_csp=javascript)
    scorer.start_game(house_rules={"hands_limit": "2"})

    # Hand 1: A bids 3 + 3 = 6, takes 7: +60 + 1 bag = +61.                A  61
    #         B bids 3 + 3 = 6, takes 6: +60.                              B  60
    scorer.enter_bids(3, 3, 3, 3)
    scorer.enter_tricks(team_tricks_0=7)
    assert scorer.totals() == (61, 60)

    # B loses 50 for a renege after hand 1: 60 − 50.                       A  61, B 10
    scorer.add_adjustment(1, side=1, points=-50, reason="renege")
    assert scorer.page.url.endswith(f"/g/{scorer.token()}")
    assert scorer.totals() == (61, 10)
    expected = f"Team B adjustment: renege {MINUS}50 10"
    (shown,) = scorer.texts(".history .adjustment")
    assert shown.startswith(expected), shown
    # "Why this score", under the last hand, has it without the link that removes it.
    assert scorer.texts(".last-hand .adjustment") == [expected]
    if javascript:
        assert axe_violations(scorer.page) == []

    # Removed, as an undo is: asked first, then the totals are as before.
    scorer.tap_to_load(".history .adjustment a.remove")
    assert scorer.texts(".confirm h1") == ["Remove the adjustment after hand 1?"]
    scorer.tap_to_load(".confirm button.save")
    assert scorer.totals() == (61, 60)
    assert scorer.texts(".history .adjustment") == []
    assert scorer.texts(".last-hand .adjustment") == []

    # Hand 2: A bids 6, takes 6: +60.                                      A 121
    #         B bids 6, takes 7: +60 + 1 bag = +61.                        B 121
    scorer.enter_bids(3, 3, 3, 3)
    scorer.enter_tricks(team_tricks_0=6)
    assert scorer.totals() == (121, 121)
    assert scorer.texts(".banner") == ["Tie at 121: play another hand."]

    # A ruling after hand 2 takes 10 from B: the tie is broken and the game over.
    scorer.add_adjustment(2, side=1, points=-10, reason="slow play")
    assert scorer.totals() == (121, 111)
    assert scorer.texts(".banner") == ["Team A won: highest after 2 hands."]
    assert scorer.texts(".last-hand .adjustment") == [f"Team B adjustment: slow play {MINUS}10 111"]
    assert scorer.locate(".hand-form").count() == 0
