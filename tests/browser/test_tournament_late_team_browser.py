"""A late team added from the director's phone (390 × 844), with and without JavaScript: a
Swiss of five teams, round 1 played (Team 1–Team 2 and Team 3–Team 4, North–South winning,
Team 5 on the bye), then Team 6 typed into **Add a late team** between rounds. The standings
show six teams, Team 6 last with 0 wins, 0 losses, 0 points; the cards page prints a third
table, and round 2, started from the phone, seats Team 6 at a table on the wall (six teams,
three tables, no bye). Screenshots go to build/screenshots/."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from testsupport.browser_tournaments import (
    make_tournament,
    play_hand,
    start_round,
    table_paths,
    watch_path,
)
from testsupport.tournaments import teams_text

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])
def test_the_director_adds_a_late_team_and_the_wall_seats_it_next_round(
    phone, screenshots, javascript
):
    director = phone(javascript=javascript, bypass_csp=True)
    at_director = make_tournament(director, teams_text(5))
    tables = table_paths(director, at_director)
    assert len(tables) == 2
    start_round(director, at_director)
    for table in tables:
        play_hand(director, table)
    director.go(at_director)
    expect(director.locate(".tournament-standings tbody tr")).to_have_count(5)

    director.type_into('form.late-team input[name="name"]', "Team 6")
    director.type_into('form.late-team input[name="player_0"]', "Player 6a")
    director.type_into('form.late-team input[name="player_1"]', "Player 6b")
    director.screenshot(screenshots, "tournament-late-team-form")
    director.tap_to_load("form.late-team button")
    rows = director.locate(".tournament-standings tbody tr")
    expect(rows).to_have_count(6)
    expect(rows.last.locator("th, td")).to_have_text(["6", "Team 6", "0", "0", "0", "0"])
    expect(director.locate(".tournament-teams .late")).to_have_text(["joined in round 2"])
    assert len(table_paths(director, at_director)) == 3

    start_round(director, at_director)
    wall = phone(javascript=javascript, bypass_csp=True)
    wall.go(watch_path(director))
    expect(wall.locate("li.round-table")).to_have_count(3)
    seated = wall.locate("li.round-table .round-table-teams bdi").filter(has_text="Team 6")
    expect(seated).to_have_count(1)
    expect(wall.locate("p.round-bye")).to_have_count(0)
    wall.screenshot(screenshots, "tournament-late-team-wall")
