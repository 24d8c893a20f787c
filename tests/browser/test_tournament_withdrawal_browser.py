"""A team withdrawn from a round robin from the director's phone (390 × 844), with and without
JavaScript. Round robin of six teams, one hand a game: round 1 is Team 1–Team 6, Team 2–Team 5
and Team 3–Team 4, North–South winning each 61 to 60, so Teams 1, 2 and 3 have 1 win, 0
losses, 61 points, +1 and Teams 4, 5 and 6 0 wins, 1 loss, 60 points, −1. "Withdraw Team 5"
is tapped: the standings keep six rows, Team 5's marked "(withdrawn)" with its 0–1, 60, −1.
Round 2 of the schedule is 1–5, 6–4, 2–3: started from the phone, the wall shows two tables
(Team 4–Team 6, Team 2–Team 3) and says Team 1 sits out with a bye, its opponent having
withdrawn. Screenshots go to build/screenshots/."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from testsupport.browser_tournaments import (
    make_tournament,
    play_hand,
    standing_of,
    start_round,
    table_paths,
    watch_path,
    withdraw_team,
)
from testsupport.tournaments import teams_text

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])
def test_a_team_withdrawn_from_a_round_robin_gives_its_next_opponent_a_bye_on_the_wall(
    phone, screenshots, javascript
):
    director = phone(javascript=javascript, bypass_csp=True)
    at_director = make_tournament(director, teams_text(6), format="round_robin")
    tables = table_paths(director, at_director)
    start_round(director, at_director)
    for table in tables:
        play_hand(director, table)
    director.go(at_director)
    expect(standing_of(director, "Team 5")).to_have_text(["4", "Team 5", "0", "1", "60", "−1"])

    withdraw_team(director, at_director, "Team 5")
    expect(director.locate(".tournament-standings tbody tr")).to_have_count(6)
    expect(standing_of(director, "Team 5")).to_have_text(
        ["4", "Team 5 (withdrawn)", "0", "1", "60", "−1"]
    )
    expect(standing_of(director, "Team 1")).to_have_text(["1", "Team 1", "1", "0", "61", "1"])
    director.screenshot(screenshots, f"tournament-withdrawn-standings-{director.javascript}")

    start_round(director, at_director)
    wall = phone(javascript=javascript, bypass_csp=True)
    wall.go(watch_path(director))
    expect(wall.locate("li.round-table .round-table-teams")).to_have_text(
        [r"Team 4 0 – 0 Team 6", "Team 2 0 – 0 Team 3"]
    )
    expect(wall.locate("p.round-walkover")).to_have_text(
        ["Team 1 has a bye this round: its opponent withdrew."]
    )
    wall.screenshot(screenshots, f"tournament-withdrawn-wall-{wall.javascript}")
