"""A Boston wins the game, on a phone in Portuguese, taps only: a team that bids and takes every
trick of a hand wins at once, however far it is from 500.

GameLake rules; North deals first; Dupla A is North & South, Dupla B East & West. Bids are
given by seat: North, East, South, West.
"""

from __future__ import annotations

import pytest

from testsupport.browser import axe_violations

pytestmark = pytest.mark.browser


def test_a_team_that_takes_all_13_tricks_on_its_own_contract_wins_the_game(phone):
    scorer = phone(locale="pt-BR", bypass_csp=True)  # axe is put on the page as a script
    scorer.start_game(house_rules={"boston_wins": "on"})
    assert scorer.page.locator("html").get_attribute("lang") == "pt-BR"
    assert scorer.texts(".hand-form h2") == ["Mão 1"]

    # Hand 1: A bids 3 + 3 = 6, takes 7: +60 + 1 bag = +61.               A  61
    #         B bids 3 + 3 = 6, takes 6: +60.                             B  60
    scorer.enter_bids(3, 3, 3, 3)
    scorer.enter_tricks(team_tricks_0=7)
    assert scorer.totals() == (61, 60)
    assert scorer.texts(".banner") == []

    # Hand 2: A bids 4 + 4 = 8 and takes all 13: +80 + 5 bags = +85.     A 146
    #         B bids 2 + 2 = 4 and takes none: set, −40.                  B  20
    # A made its own contract with every trick: a Boston, and the game is A's.
    scorer.enter_bids(4, 2, 4, 2)
    scorer.enter_tricks(team_tricks_0=13)
    assert scorer.totals() == (146, 20)
    assert scorer.texts(".banner") == ["Dupla A vence: fez todas as vazas de uma mão."]
    assert scorer.locate(".hand-form").count() == 0
    assert axe_violations(scorer.page) == []
