"""The director rules from a phone (390 × 844), with and without JavaScript: from the director's
page, the rulings of table 1's game, where a tap awards it to East–West by forfeit; the ruling
page says so and logs it, the director's page lists it, and the wall shows the table's game as
a forfeit. The ruling page passes axe."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from testsupport.browser import axe_violations
from testsupport.browser_tournaments import make_tournament, start_round, watch_path
from testsupport.tournaments import teams_text

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])
def test_the_director_awards_a_game_by_forfeit_from_the_phone_and_the_wall_says_so(
    phone, screenshots, javascript
):
    director = phone(javascript=javascript, bypass_csp=True)
    at_director = make_tournament(director, teams_text(4))
    watch = watch_path(director)
    start_round(director, at_director)

    director.tap_to_load("li.round-table >> nth=0 >> a.round-table-rulings")
    expect(director.locate("h1")).to_have_text("Rulings: round 1, table 1")
    if javascript:
        assert axe_violations(director.page) == []
    director.tap_to_load("form.award button >> nth=1")
    expect(director.locate("p.forfeit")).to_have_text(
        "Forfeit: the tournament's director awarded the game to Team 2."
    )
    expect(director.locate(".game-rulings li.ruling")).to_contain_text(
        ["Forfeit: the game awarded to Team 2"]
    )
    expect(director.locate("form.withdraw-forfeit")).to_be_visible()
    director.screenshot(screenshots, f"tournament-ruling-forfeit-{director.javascript}")

    director.go(at_director)
    expect(director.locate(".tournament-log li.ruling")).to_contain_text(
        ["Round 1, table 1 · Forfeit: the game awarded to Team 2"]
    )
    wall = phone(javascript=javascript, bypass_csp=True)
    wall.go(watch)
    expect(wall.locate("li.round-table >> nth=0 >> .forfeit")).to_have_text("forfeit: Team 2 wins")
    # Team 2 has the win, with no points: first of the standings, 1 win, 0 points.
    expect(wall.locate(".tournament-standings tbody tr >> nth=0 >> th")).to_have_text("Team 2")
