"""A club on a phone (390 × 844), in both languages, with and without script: the organiser makes
a table and a club from the home page, gives the club the table, and a game played at the table
rates its four players (docs/rules.md's worked example 1); a member following the members' link
sees the ratings come in by themselves, opens the season the organiser made and a player's page,
and the members' and season's pages fit a television. Every page passes axe, and nothing on the
organiser's pages is too small to tap."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from testsupport.browser import TV_SIZE, Phone, passes_axe, small_targets

pytestmark = pytest.mark.browser

WORDS = {
    "en-US": {"new": "New club", "ratings": "Ratings"},
    "pt-BR": {"new": "Novo clube", "ratings": "Ratings"},
}
# docs/rules.md's worked example 1: Ana & Bia (North–South) beat Caio & Duda.
RATED = [
    ["Ana", "1097 ?", "1"],
    ["Bia", "1097 ?", "1"],
    ["Caio", "940 ?", "1"],
    ["Duda", "940 ?", "1"],
]


def rows(phone: Phone) -> list[list[str]]:
    """The ratings table's rows as the phone shows them, cell by cell."""
    return phone.page.eval_on_selector_all(
        "table.club-ratings tbody tr",
        "rows => rows.map(r => [...r.children].map(c => c.innerText.trim()))",
    )


@pytest.mark.parametrize("locale", ["en-US", "pt-BR"])
@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])
def test_an_organiser_gives_a_club_its_table_and_its_members_follow_the_ratings(
    phone, screenshots, locale, javascript
):
    organiser = phone(locale=locale, javascript=javascript, bypass_csp=True)
    organiser.go("/")
    organiser.tap_to_load('a[href="/tables/new"]')
    organiser.type_into('input[name="name"]', "Tuesday table")
    organiser.tap_to_load("button.save")
    table = organiser.page.url.rsplit("/", 1)[-1]

    organiser.go("/")
    expect(organiser.locate('a[href="/clubs/new"]')).to_have_text(WORDS[locale]["new"])
    organiser.tap_to_load('a[href="/clubs/new"]')
    organiser.type_into('input[name="name"]', "Friday club")
    organiser.tap_to_load("button.save")
    assert re.search(r"/c/[A-Za-z0-9_-]+$", organiser.page.url), organiser.page.url
    club = organiser.page.url
    organiser.tap_to_load("form.hold-table button")
    expect(organiser.locate("ul.club-tables li")).to_have_text(["Tuesday table"])
    assert small_targets(organiser.page) == []
    passes_axe(organiser)
    members = urlsplit(organiser.locate("input#view-link").get_attribute("value") or "").path
    assert members.startswith("/cv/"), members

    member = phone(locale=locale, javascript=javascript, bypass_csp=True)
    member.go(members)
    expect(member.locate("section.club h2").first).to_have_text(WORDS[locale]["ratings"])

    # The organiser plays a game at the table: one hand to 100, North–South take ten.
    organiser.go(f"/?table={table}")
    for seat, name in enumerate(("Ana", "Caio", "Bia", "Duda")):
        organiser.type_into(f'input[name="player_{seat}"]', name)
    organiser.set_house_rule("target", "100")
    organiser.tap_to_load('form[action="/games"] button.save')
    organiser.enter_bids(5, 3, 5, 2)
    organiser.enter_tricks(team_tricks_0=10)

    if not javascript:  # without script the page loads itself again after a while
        member.page.reload()
    # The game ended: its players' ratings moved (before, they showed as new players).
    expect(member.locate("table.club-ratings tbody tr").first).to_contain_text("1097")
    assert rows(member) == RATED
    passes_axe(member)
    organiser.go(urlsplit(club).path)
    assert rows(organiser) == RATED

    # A season, made on the organiser's page: its page and a player's, on the member's phone.
    organiser.type_into('form.new-season input[name="name"]', "Winter")
    organiser.page.fill('form.new-season input[name="first_day"]', "2000-01-01")
    organiser.page.fill('form.new-season input[name="last_day"]', "2099-12-31")
    organiser.tap_to_load("form.new-season button")
    member.go(members)
    member.tap_to_load(member.locate("ul.club-seasons a").first)
    expect(member.locate("table.season-standings tbody tr")).to_have_count(4)
    season = urlsplit(member.page.url).path
    passes_axe(member)
    member.go(members)
    member.tap_to_load(member.locate("table.club-ratings a").first)
    expect(member.locate("table.player-partners tbody tr")).to_have_text([re.compile("Bia")])
    passes_axe(member)

    wall = phone(screen=TV_SIZE, locale=locale, bypass_csp=True)
    for path, name in ((members, "members"), (season, "season")):
        wall.go(path)
        assert not wall.page.evaluate("document.documentElement.scrollWidth > innerWidth")
        wall.screenshot(screenshots, f"club-{name}-{locale}", full_page=False)
        passes_axe(wall)
    wall.go(members)
    assert rows(wall) == RATED
