"""Adjustments on a phone: added from a hand's page in the history, shown in the history and in
"why this score", removed like an undo, and one that breaks the tie a game of two hands left.

Taps only, but for what the adjustment form asks to be typed (its points and reason) and its
side, picked from the phone's list. GameLake rules and two hands; North deals first; team A is
North & South, team B East & West. Bids are given by seat: North, East, South, West.
"""

from __future__ import annotations

import pytest

from testsupport.browser import axe_violations
from testsupport.pages import MINUS

pytestmark = pytest.mark.browser


def add_adjustment(scorer, hand: int, side: int, points: int, reason: str, check=None) -> None:
    """From the game page, open hand `hand` from the history, tap "Add an adjustment", fill it
    in and add it; `check(scorer)` looks at the form first."""
    scorer.tap_to_load(scorer.locate(".history .hand").nth(-hand).locator("a.edit"))
    scorer.tap_to_load(scorer.page.get_by_role("link", name="Add an adjustment after this hand…"))
    assert scorer.texts(".adjustment-form h2") == [f"Add an adjustment after hand {hand}"]
    if check is not None:
        check(scorer)
    scorer.locate('.adjustment-form select[name="side"]').select_option(str(side))
    scorer.type_into('.adjustment-form input[name="points"]', str(points))
    scorer.type_into('.adjustment-form input[name="reason"]', reason)
    scorer.tap_to_save(".adjustment-form button.save")


def no_axe_violations(scorer) -> None:
    """The adjustment form passes axe."""
    assert axe_violations(scorer.page) == []


def test_an_adjustment_is_shown_removed_and_then_breaks_a_tie(phone):
    scorer = phone(bypass_csp=True)  # axe is put on the page as a script of its own
    scorer.start_game(house_rules={"hands_limit": "2"})

    # Hand 1: A bids 3 + 3 = 6, takes 7: +60 + 1 bag = +61.                A  61
    #         B bids 3 + 3 = 6, takes 6: +60.                              B  60
    scorer.enter_bids(3, 3, 3, 3)
    scorer.enter_tricks(team_tricks_0=7)
    assert scorer.totals() == (61, 60)

    # B loses 50 for a renege after hand 1: 60 − 50.                       A  61, B 10
    add_adjustment(scorer, 1, side=1, points=-50, reason="renege", check=no_axe_violations)
    assert scorer.page.url.endswith(f"/g/{scorer.token()}")
    assert scorer.totals() == (61, 10)
    expected = f"Team B adjustment: renege {MINUS}50 10"
    (shown,) = scorer.texts(".history .adjustment")
    assert shown.startswith(expected), shown
    # "Why this score", under the last hand, has it without the link that removes it.
    assert scorer.texts(".last-hand .adjustment") == [expected]

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
    add_adjustment(scorer, 2, side=1, points=-10, reason="slow play")
    assert scorer.totals() == (121, 111)
    assert scorer.texts(".banner") == ["Team A won: highest after 2 hands."]
    assert scorer.texts(".last-hand .adjustment") == [
        f"Team B adjustment: slow play {MINUS}10 111"
    ]
    assert scorer.locate(".hand-form").count() == 0
