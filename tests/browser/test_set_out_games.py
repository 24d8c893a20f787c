"""Set twice and you lose, on a phone, taps only: a team set twice loses at once, whatever the
totals; with "only sets in a row" a hand made starts the count again.

GameLake rules (bags: 10 cost 100, and carry). North deals first; team A is North & South,
team B East & West. Bids are given by seat: North, East, South, West. Both games play the
same first three hands:

    hand 1: A bids 2 + 2 = 4, takes 3: set, −40.                      A −40
            B bids 3 + 3 = 6, takes 10: +60 + 4 bags.                 B  64   (B 4 bags)
    hand 2: North bids Nil and takes none, South 4 and takes 9:
            +40 + 5 bags + 100 = +145.                                A 105   (A 5 bags)
            B bids 2 + 2 = 4, takes 4: +40.                           B 104
    hand 3: A bids 1 + 1 = 2, takes 1: set, −20.                      A  85
            B bids 1 + 1 = 2, takes 12: +20 + 10 bags; 14 bags
            reach 10: −100, 4 left. +30 − 100 = −70.                  B  34   (B 4 bags)
"""

from __future__ import annotations

import pytest

from testsupport.browser import axe_violations

pytestmark = pytest.mark.browser


def play_the_first_three_hands(scorer, in_a_row: bool) -> None:
    """Play hands 1 to 3 of the module's docstring, checking the totals and set counts."""
    scorer.enter_bids(2, 3, 2, 3)
    scorer.enter_tricks(team_tricks_0=3)
    assert scorer.totals() == (-40, 64)
    once = "Set once in a row" if in_a_row else "Set once"
    assert scorer.texts(".scoreboard .team-0 .sets") == [f"{once}: one more set loses"]
    assert scorer.texts(".scoreboard .team-1 .sets") == []

    scorer.enter_bids("nil", 2, 4, 2)
    scorer.enter_tricks(tricks_0=0, tricks_2=9)
    assert scorer.totals() == (105, 104)
    # A hand made breaks a run of sets, not the count of sets in the game.
    shown = [] if in_a_row else ["Set once: one more set loses"]
    assert scorer.texts(".scoreboard .team-0 .sets") == shown

    scorer.enter_bids(1, 1, 1, 1)
    scorer.enter_tricks(team_tricks_0=1)
    assert scorer.totals() == (85, 34)


def test_a_team_set_twice_loses_though_it_leads_with_scripts_off(phone):
    scorer = phone(javascript=False)
    scorer.start_game(house_rules={"sets_to_lose": "2"})
    assert scorer.texts(".scoreboard .sets") == []
    play_the_first_three_hands(scorer, in_a_row=False)
    # Hand 3 is A's second set: B wins at 34 against 85.
    assert scorer.texts(".banner") == ["Team B won: Team A were set out."]
    assert scorer.locate(".hand-form").count() == 0
    assert scorer.page.evaluate("() => typeof htmx") == "undefined"


def test_only_sets_in_a_row_count_when_the_table_says_so(phone):
    scorer = phone(bypass_csp=True)  # axe is put on the page as a script of its own
    scorer.start_game(house_rules={"sets_to_lose": "2", "sets_in_a_row": "on"})
    play_the_first_three_hands(scorer, in_a_row=True)
    # Hand 3's set follows a hand made: the first of a new run, so the game goes on.
    assert scorer.texts(".banner") == []
    assert scorer.texts(".scoreboard .team-0 .sets") == ["Set once in a row: one more set loses"]
    assert axe_violations(scorer.page) == []

    # Hand 4, the same as hand 3, with West dealing:
    #   A: 1 + 1 = 2, takes 1: set, −20.                                       A  65
    #   B: 1 + 1 = 2, takes 12: +20 + 10 bags; 14 bags: −100, 4 left. −70.     B −36
    scorer.enter_bids(1, 1, 1, 1)
    scorer.enter_tricks(team_tricks_0=1)
    assert scorer.totals() == (65, -36)
    assert scorer.texts(".banner") == ["Team B won: Team A were set out."]
    assert scorer.locate(".hand-form").count() == 0
