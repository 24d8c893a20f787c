"""A club night played end to end from the table cards alone (issue 37's evening): twelve teams
in a Swiss of three rounds whose opponents confirm each hand. Three table phones (390 × 844)
open their card's link once and never reload or type an address again: each moves into its
table's game when a round starts, is scored by taps, agreed (or disputed) by East–West, and
says at the end that the tournament is over. The other three tables send their hands over HTTP.
The director starts every round from the top of the page, confirms a withdrawal, rules on the
disputed hand and adds a late team; the wall, on a television (1920 × 1080), follows the night
without scrolling or cutting anything off. Every page passes axe."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from testsupport.browser import PHONE_SIZE, TV_SIZE, Phone, passes_axe
from testsupport.browser_tournaments import (
    agree,
    make_tournament,
    play_hand,
    table_paths,
    watch_path,
    withdraw_team,
)
from testsupport.tournaments import teams_text

pytestmark = pytest.mark.browser

TEAMS = 12
ROUNDS = 3
A_GAME = re.compile(r"/g/[A-Za-z0-9_-]+$")
# The table whose phone's East–West dispute their hand in round 1 (of the three phones').
DISPUTING = 3
# What the wall is like at one moment: whether it scrolls, and its visible tables and standings
# rows, each wholly on the screen or not.
WALL = """() => {
  const TABLES = "li.round-table, li.next-pairing";
  const cut = selector => [...document.querySelectorAll(selector)]
    .filter(e => e.checkVisibility())
    .filter(e => { const r = e.getBoundingClientRect();
                   return r.top < 0 || r.left < 0 || r.bottom > innerHeight
                          || r.right > innerWidth; }).length;
  const shown = selector => [...document.querySelectorAll(selector)]
    .filter(e => e.checkVisibility()).length;
  return { scrolls: document.documentElement.scrollHeight > innerHeight,
           tables: shown(TABLES), rows: shown(".tournament-standings tbody tr"),
           cut: cut(TABLES) + cut(".tournament-standings tbody tr") };
}"""


def start_from_the_top(director: Phone, round_number: int) -> None:
    """On the director's page as it refreshes itself, wait for "Start round N", check that it
    sits on the first screen, and tap it."""
    button = director.locate("form.start-round button")
    expect(button).to_have_text(f"Start round {round_number}")
    box = button.bounding_box()
    assert box is not None and box["y"] + box["height"] <= PHONE_SIZE["height"], box
    director.tap_to_load(button)


def score_by_taps(table: Phone, round_number: int, number: int) -> None:
    """The table's phone, having moved into its game by itself, saves the game's one hand by
    taps (North–South 61 to 60) and East–West give their word with one tap: they agree, but
    at the disputing table in round 1."""
    table.page.wait_for_url(A_GAME)
    expect(table.locate("p.tournament-seat")).to_have_text(
        f"Club night · Round {round_number} · Table {number}"
    )
    table.enter_bids(3, 3, 3, 3)
    table.enter_tricks(team_tricks_0=7)
    word = "dispute" if (round_number, number) == (1, DISPUTING) else "save"
    table.tap_to_save(table.locate(f"form.agreement button.{word}"))


def the_wall_fits(wall: Phone, tables: int, teams: int) -> None:
    """The wall, as it follows the night by itself, shows every table (of the round, or of the
    next round between rounds) and every team's row, nothing cut, no scroll."""
    expect(wall.locate("li.round-table, li.next-pairing")).to_have_count(tables)
    expect(wall.locate(".tournament-standings tbody tr")).to_have_count(teams)
    seen = wall.page.evaluate(WALL)
    assert seen == {"scrolls": False, "tables": tables, "rows": teams, "cut": 0}, seen


def test_a_club_night_runs_from_the_table_cards_to_its_final_standings(phone, screenshots):
    director = phone(bypass_csp=True)
    at_director = make_tournament(
        director, teams_text(TEAMS), rounds=str(ROUNDS), confirm_hands=True
    )
    cards = table_paths(director, at_director)
    assert len(cards) == TEAMS // 2
    wall = phone(screen=TV_SIZE, bypass_csp=True)
    wall.go(watch_path(director))

    # Three tables scan their cards once, before the first round; nobody goes anywhere after.
    tables = [phone(bypass_csp=True) for _ in range(3)]
    for table, card in zip(tables, cards, strict=False):
        table.go(card)
        expect(table.locate("section.table-card p.notice")).to_be_visible()
    passes_axe(tables[0])
    by_http = cards[len(tables) :]

    for round_number in range(1, ROUNDS + 1):
        director.go(at_director)
        start_from_the_top(director, round_number)
        for number, table in enumerate(tables, start=1):
            score_by_taps(table, round_number, number)
        for card in by_http:
            play_hand(director, card)
            agree(director, card)
        if round_number == 1:
            passes_axe(tables[0])
            # The disputed hand flags its table at the top of the director's page, which
            # refreshes itself, until the director lets it stand.
            director.go(at_director)
            status = director.locate("p.status-line")
            expect(status).to_contain_text(f"table {DISPUTING}: hand 1 disputed")
            expect(status).to_contain_text("5 of 6 tables finished")
            passes_axe(director)
            director.tap_to_load(director.locate("a.round-table-rulings").nth(DISPUTING - 1))
            director.tap_to_load(director.locate("form.uphold button"))
            director.go(at_director)
            expect(director.locate("p.status-line")).to_contain_text("6 of 6 tables finished")
            the_wall_fits(wall, TEAMS // 2, TEAMS)
            wall.screenshot(screenshots, "club-night-wall-round-1", full_page=False)
            passes_axe(wall)

            # Between rounds 1 and 2: Team 12 leaves (confirmed), Team 13 comes late.
            withdraw_team(director, at_director, f"Team {TEAMS}")
            director.type_into('form.late-team input[name="name"]', "Team 13")
            director.type_into('form.late-team input[name="player_0"]', "Player 13a")
            director.type_into('form.late-team input[name="player_1"]', "Player 13b")
            director.tap_to_load("form.late-team button")
            expect(director.locate(".tournament-teams .late")).to_have_text(["joined in round 2"])

    # After the last round every phone says the night is over, and the wall still fits it.
    for table in tables:
        expect(table.locate("p.next-at-table")).to_have_text(
            "Every round has been played: the tournament is over."
        )
    passes_axe(tables[-1])
    director.go(at_director)
    expect(director.locate("p.status-line")).to_have_text(
        f"Round {ROUNDS} · 6 of 6 tables finished"
    )
    expect(director.locate("p.notice").first).to_have_text("Every round has been played.")
    the_wall_fits(wall, TEAMS // 2, TEAMS + 1)
    wall.screenshot(screenshots, "club-night-wall-over", full_page=False)
    passes_axe(wall)
