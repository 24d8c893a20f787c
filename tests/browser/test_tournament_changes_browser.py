"""The director's late changes from the phone (390 × 844), with and without JavaScript, in a
Swiss of five teams, one hand a game: round 1 pairs Team 1–Team 2 at table 1 and Team 3–Team 4
at table 2, Team 5 having the bye (a win with no points). Screenshots go to
build/screenshots/."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from testsupport.browser_tournaments import (
    bring_in_substitute,
    make_tournament,
    play_hand,
    standing_of,
    start_round,
    table_paths,
    watch_path,
)
from testsupport.tournaments import teams_text

pytestmark = pytest.mark.browser

SCRIPT = pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])


@SCRIPT
def test_a_substitute_brought_in_from_the_phone_is_named_at_the_teams_next_table(
    phone, screenshots, javascript
):
    """Round 1 played, North–South winning both tables 61 to 60: Teams 1 and 3 have 1 win, 0
    losses, 61 points, +1; Team 5 1 win, 0 points (its bye); Teams 2 and 4 0 wins, 1 loss, 60
    points, −1. Bea comes in for Player 1b of Team 1, which changes none of it: Team 1 still
    first, 1–0, 61, +1. Round 2 pairs Team 1–Team 3 at table 1, Team 1 North–South, and that
    game names Player 1a and Bea, not Player 1b."""
    director = phone(javascript=javascript, bypass_csp=True)
    at_director = make_tournament(director, teams_text(5))
    tables = table_paths(director, at_director)
    start_round(director, at_director)
    for table in tables:
        play_hand(director, table)

    bring_in_substitute(director, at_director, 1, 1, "Bea")
    # After "Choose…", Team 1's two players as they are now: Player 1a and Bea.
    for nth, player in ((1, "Player 1a"), (2, "Bea")):
        option = director.locate("form.swap-player option").nth(nth)
        expect(option).to_contain_text("Team 1")
        expect(option).to_contain_text(player)
    expect(standing_of(director, "Team 1")).to_have_text(["1", "Team 1", "1", "0", "61", "1"])
    expect(standing_of(director, "Team 5")).to_have_text(["3", "Team 5", "1", "0", "0", "0"])
    director.screenshot(screenshots, f"tournament-substitute-{director.javascript}")

    start_round(director, at_director)
    expect(director.locate("li.round-table >> nth=0 >> .round-table-teams bdi")).to_have_text(
        ["Team 1", "Team 3"]
    )
    director.tap_to_load("li.round-table >> nth=0 >> a.round-table-game")
    expect(director.locate(".hand-form")).to_contain_text("Bea")
    expect(director.locate(".hand-form")).not_to_contain_text("Player 1b")
    director.screenshot(screenshots, f"tournament-substitute-game-{director.javascript}")


@SCRIPT
def test_a_round_cancelled_from_the_phone_before_any_hand_starts_again(
    phone, screenshots, javascript
):
    """Round 1 started: Team 5's bye is the only win (1 win, 0 points), the four others 0 wins,
    0 losses. "Cancel round 1" tapped before any hand: no round, every team 0 wins, 0 losses, 0
    points. Round 1 started again pairs the same two tables, Team 5 on the bye with its win
    again; the wall shows it."""
    director = phone(javascript=javascript, bypass_csp=True)
    at_director = make_tournament(director, teams_text(5))
    start_round(director, at_director)
    expect(standing_of(director, "Team 5")).to_have_text(["1", "Team 5", "1", "0", "0", "0"])

    expect(director.locate("form.cancel-round button")).to_have_text("Cancel round 1")
    director.tap_to_load("form.cancel-round button")
    expect(director.locate(".tournament-round .notice")).to_have_text("No round has started yet.")
    expect(director.locate("form.start-round button")).to_have_text("Start round 1")
    for team in range(1, 6):
        expect(standing_of(director, f"Team {team}").nth(2)).to_have_text("0")
    expect(standing_of(director, "Team 5")).to_have_text(["1", "Team 5", "0", "0", "0", "0"])
    director.screenshot(screenshots, f"tournament-round-cancelled-{director.javascript}")

    start_round(director, at_director)
    expect(standing_of(director, "Team 5")).to_have_text(["1", "Team 5", "1", "0", "0", "0"])
    wall = phone(javascript=javascript, bypass_csp=True)
    wall.go(watch_path(director))
    expect(wall.locate("li.round-table .round-table-teams")).to_have_text(
        ["Team 1 0 – 0 Team 2", "Team 3 0 – 0 Team 4"]
    )
    expect(wall.locate("p.round-bye")).to_have_text(["Team 5 has the bye this round."])
