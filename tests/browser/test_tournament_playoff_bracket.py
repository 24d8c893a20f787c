"""The playoff on a director's phone (390 × 844) and the wall (a 1920 × 1080 television), in
both languages with JavaScript: four teams play a Swiss of two rounds of one hand (North–South
winning every table, so Team 1 ends on top with two wins), the director picks the top 4 and
starts the playoff, the wall shows the semi-finals' bracket and, refreshing itself, each
game's totals, then the final and Team 1 named champion (North–South winning again). The
wall passes axe with the bracket on it. Screenshots go to build/screenshots/."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from testsupport.browser import TV_SIZE, axe_violations
from testsupport.browser_tournaments import (
    make_tournament,
    play_hand,
    start_round,
    table_paths,
    watch_path,
)
from testsupport.tournaments import teams_text

pytestmark = pytest.mark.browser

WORDS = {
    "en-US": {
        "semis": "Semi-finals",
        "final": "Final",
        "champion": "Champion: Team 1",
        "seeds": ["Seed 1", "Seed 4"],
        "winner": "winner",
    },
    "pt-BR": {
        "semis": "Semifinais",
        "final": "Final",
        "champion": "Campeã: Team 1",
        "seeds": ["Cabeça de chave 1", "Cabeça de chave 4"],
        "winner": "vencedora",
    },
}


@pytest.mark.parametrize("locale", ["en-US", "pt-BR"])
def test_the_director_starts_the_playoff_from_the_phone_and_the_wall_names_the_champion(
    phone, screenshots, locale
):
    words = WORDS[locale]
    director = phone(locale=locale, bypass_csp=True)
    at_director = make_tournament(director, teams_text(4))
    tables = table_paths(director, at_director)
    for _ in range(2):
        start_round(director, at_director)
        for table in tables:
            play_hand(director, table)
    director.go(at_director)
    wall = phone(locale=locale, screen=TV_SIZE, bypass_csp=True)
    wall.go(watch_path(director))
    expect(wall.locate(".tournament-bracket")).to_have_count(0)

    director.choose("size", "4")
    director.choose("length", "rounds")
    director.tap_to_load("form.start-playoff button")
    expect(director.locate(".tournament-bracket h3")).to_have_text([words["semis"]])
    expect(director.locate("li.bracket-table")).to_have_count(2)
    expect(director.locate("form.start-playoff")).to_have_count(0)
    director.screenshot(screenshots, f"tournament-playoff-director-{locale}")

    # The wall refreshes itself into the semi-finals, then shows each game's totals.
    expect(wall.locate(".tournament-bracket h3")).to_have_text([words["semis"]])
    first = wall.locate("li.bracket-table >> nth=0")
    expect(first.locator(".bracket-seed")).to_have_text(words["seeds"])
    expect(first.locator("bdi").first).to_have_text("Team 1")
    for table in tables:
        play_hand(director, table)
    expect(first.locator(".bracket-total")).to_have_text(["61", "60"])
    expect(wall.locate(".bracket-winner")).to_have_count(2)
    expect(wall.locate(".bracket-winner .bracket-won")).to_have_text([words["winner"]] * 2)

    director.go(at_director)
    director.tap_to_load("form.next-stage button")
    expect(director.locate(".tournament-bracket h3")).to_have_text([words["semis"], words["final"]])
    play_hand(director, tables[0])
    expect(wall.locate(".tournament-bracket .champion")).to_have_text(words["champion"])
    expect(wall.locate(".tournament-bracket h3")).to_have_text([words["semis"], words["final"]])
    assert axe_violations(wall.page) == []
    wall.screenshot(screenshots, f"tournament-playoff-wall-{locale}")
