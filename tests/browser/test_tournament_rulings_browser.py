"""The director rules from a phone (390 × 844), with and without JavaScript: from the director's
page, the rulings of table 1's game, where a tap awards it to East–West by forfeit; the ruling
page says so and logs it, the director's page lists it, and the wall shows the table's game as
a forfeit. The ruling page passes axe. And, on the same ruling page, an adjustment with its
reason and a hand undone, each logged on the director's page and counted in its standings."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from testsupport.browser import axe_violations
from testsupport.browser_tournaments import (
    make_tournament,
    play_hand,
    standing_of,
    start_round,
    table_paths,
    watch_path,
)
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
    director.type_into('form.award input[name="reason"]', "Team 1 never came")
    director.tap_to_load("form.award button >> nth=1")
    expect(director.locate("p.forfeit")).to_have_text(
        "Forfeit: the tournament's director awarded the game to Team 2."
    )
    expect(director.locate(".game-rulings li.ruling")).to_contain_text(
        ["Forfeit: the game awarded to Team 2: Team 1 never came"]
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


@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])
def test_the_director_adjusts_then_undoes_a_hand_from_the_phone_and_the_log_lists_both(
    phone, screenshots, javascript
):
    """Five teams of a Swiss, one hand a game. Table 1 played, North–South winning 61 to 60:
    Team 1 1 win, 0 losses, 61 points, +1; Team 2 0 wins, 1 loss, 60 points, −1. From table
    1's ruling page, 20 points to Team 2 after hand 1 ("renege"): Team 2 wins 80 to 61, so 1
    win, 0 losses, 80 points, +19 and Team 1 0 wins, 1 loss, 61, −19. Hand 1 undone: the game
    is in play again and counts nothing, Teams 1 and 2 at 0 wins, 0 losses, 0 points, 0. The
    director's log lists both rulings, newest first."""
    director = phone(javascript=javascript, bypass_csp=True)
    at_director = make_tournament(director, teams_text(5))
    table = table_paths(director, at_director)[0]
    start_round(director, at_director)
    play_hand(director, table)
    director.go(at_director)
    expect(standing_of(director, "Team 1")).to_have_text(["1", "Team 1", "1", "0", "61", "1"])
    expect(standing_of(director, "Team 2")).to_have_text(["5", "Team 2", "0", "1", "60", "−1"])

    director.tap_to_load("li.round-table >> nth=0 >> a.round-table-rulings")
    director.tap_to_load("ul.ruling-hands a.adjust")
    director.select("side", "1")
    director.type_into('.adjustment-form input[name="points"]', "20")
    director.type_into('.adjustment-form input[name="reason"]', "renege")
    director.tap_to_load(".adjustment-form button.save")
    expect(director.locate("h1")).to_have_text("Rulings: round 1, table 1")
    director.go(at_director)
    expect(standing_of(director, "Team 2")).to_have_text(["1", "Team 2", "1", "0", "80", "19"])
    expect(standing_of(director, "Team 1")).to_have_text(["5", "Team 1", "0", "1", "61", "−19"])

    director.tap_to_load("li.round-table >> nth=0 >> a.round-table-rulings")
    director.tap_to_load("form.undo button")
    expect(director.locate("p.ruling-game")).to_contain_text("0 hands played")
    director.screenshot(screenshots, f"tournament-ruling-undo-{director.javascript}")
    director.go(at_director)
    for team in ("Team 1", "Team 2"):
        expect(standing_of(director, team).nth(2)).to_have_text("0")
        expect(standing_of(director, team).nth(4)).to_have_text("0")
    expect(director.locate(".tournament-log li.ruling")).to_contain_text(
        [
            "Round 1, table 1 · Hand 1 undone",
            "Round 1, table 1 · +20 to Team 2 after hand 1: renege",
        ]
    )
    director.screenshot(screenshots, f"tournament-ruling-log-{director.javascript}")
