"""The wall of a club's tournament on a television (1920 × 1080), in both languages: a director
makes a tournament of sixteen teams and a club from the home page, gives the club the
tournament and starts round 1; each of the eight tables shows its chances before the game
beside its teams, and the wall still holds the round and the standings on one screen, nothing
cut, axe content."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from testsupport.browser import TV_SIZE, axe_violations, page_width
from testsupport.browser_tournaments import make_tournament, start_round, watch_path
from testsupport.tournaments import teams_text

pytestmark = pytest.mark.browser

# Sixteen teams of players new to the club: every table even.
EVEN = {"en-US": "chances before: 50 % – 50 %", "pt-BR": "chances antes: 50 % – 50 %"}


@pytest.mark.parametrize("locale", ["en-US", "pt-BR"])
def test_a_club_tournaments_wall_gives_every_table_its_chances_on_one_screen(
    phone, screenshots, locale
):
    director = phone()
    at_director = make_tournament(director, teams_text(16))
    director.go("/")
    director.tap_to_load('a[href="/clubs/new"]')
    director.type_into('input[name="name"]', "Friday club")
    director.tap_to_load("button.save")
    director.tap_to_load("form.hold-tournament button")
    expect(director.locate("ul.club-tournaments li")).to_have_count(1)
    start_round(director, at_director)

    wall = phone(screen=TV_SIZE, locale=locale, bypass_csp=True)
    wall.go(watch_path(director))
    expect(wall.locate("li.round-table .round-table-chances")).to_have_text([EVEN[locale]] * 8)
    everything = wall.locate(".wall").first.bounding_box()
    assert everything is not None
    assert everything["y"] + everything["height"] <= TV_SIZE["height"], everything
    assert page_width(wall.page) <= TV_SIZE["width"]
    assert axe_violations(wall.page) == []
    wall.screenshot(screenshots, f"club-tournament-wall-{locale}", full_page=False)
