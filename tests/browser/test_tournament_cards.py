"""A tournament on a phone (390 × 844): made on its form, its director's page, and the table
cards opened to print; a round started, a card leading to its table's game, and the watch page
with the round; in both languages, every page passing axe, and the whole path by plain forms and
links without JavaScript too. Screenshots go to build/screenshots/."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from testsupport.browser import OPEN_EVERYTHING, Phone, axe_violations

pytestmark = pytest.mark.browser

TEAMS = (
    "Reds: Ana & Bia\nBlues, Caio, Duda\nGreens: Eva & Fabio\nGolds: Gil & Hugo\nWhites: Ivo & Ju"
)
WORDS = {
    "en-US": {"lang": "en", "table": "Table", "teams": "5 teams"},
    "pt-BR": {"lang": "pt-BR", "table": "Mesa", "teams": "5 duplas"},
}


def make_tournament(director: Phone, teams: str = TEAMS) -> int:
    """Fill in the new-tournament form (a Swiss of three rounds, 40 minutes a round) and send
    it; the status of the answer to the form."""
    director.go("/tournaments/new")
    director.type_into('.new-tournament input[name="name"]', "Club night")
    director.type_into('.new-tournament textarea[name="teams"]', teams)
    director.choose("format", "swiss")
    director.type_into('.new-tournament input[name="rounds"]', "3")
    director.choose("length", "minutes")
    director.type_into('.new-tournament input[name="minutes"]', "40")
    with director.page.expect_response(
        lambda r: r.request.method == "POST" and urlsplit(r.url).path == "/tournaments/new"
    ) as answer:
        director.tap_to_load(".new-tournament button.save")
    return answer.value.status


def no_violations(director: Phone, name: str, found: dict) -> None:
    """Run axe on the page as it is, everything folded opened; note what it finds by page."""
    director.page.evaluate(OPEN_EVERYTHING)
    violations = axe_violations(director.page)
    if violations:
        found[name] = violations


@pytest.mark.parametrize("locale", ["en-US", "pt-BR"])
def test_a_tournament_is_made_and_its_cards_opened_on_a_phone_passing_axe(
    phone, screenshots, locale
):
    words = WORDS[locale]
    director = phone(locale=locale, bypass_csp=True)
    found: dict[str, list[str]] = {}

    # One team is no tournament: refused on screen, beside the teams.
    assert make_tournament(director, "Reds: Ana & Bia") == 422
    expect(director.locate("html")).to_have_attribute("lang", words["lang"])
    error = director.locate(".new-tournament .team-list .error")
    expect(error).to_be_visible()
    director.screenshot(screenshots, f"tournament-form-refused-{locale}")
    no_violations(director, "form refused", found)

    assert make_tournament(director) == 303
    assert re.search(r"/d/[A-Za-z0-9_-]+$", director.page.url), director.page.url
    expect(director.locate("main h1")).to_have_text("Club night")
    expect(director.locate(".tournament-teams h2")).to_have_text(words["teams"])
    expect(director.locate(".tournament-teams li")).to_have_count(5)
    expect(director.locate(".watch-qr svg")).to_have_count(1)
    director.screenshot(screenshots, f"tournament-director-{locale}")
    no_violations(director, "director", found)

    director.tap_to_load("a.print-cards")
    expect(director.locate("li.card")).to_have_count(2)
    expect(director.locate("li.card .card-number")).to_have_text(
        [f"{words['table']} 1", f"{words['table']} 2"]
    )
    expect(director.locate("li.card .card-qr svg")).to_have_count(2)
    addresses = director.locate("li.card .card-address").all_inner_texts()
    assert all(re.fullmatch(rf"{director.base_url}/s/[A-Za-z0-9_-]+", a) for a in addresses)
    director.screenshot(screenshots, f"tournament-cards-{locale}")
    no_violations(director, "cards", found)

    # A table's card leads to its page, which names the tournament and the table.
    director.go(urlsplit(addresses[1]).path)
    expect(director.locate("h1.table-number")).to_have_text(f"{words['table']} 2")
    no_violations(director, "table", found)
    assert found == {}, "\n".join(f"{page}: {v}" for page, vs in found.items() for v in vs)


def test_a_tournament_is_made_and_its_cards_opened_without_javascript(phone):
    director = phone(javascript=False)
    assert make_tournament(director) == 303
    expect(director.locate("main h1")).to_have_text("Club night")
    director.tap_to_load("a.print-cards")
    expect(director.locate("li.card")).to_have_count(2)
    director.tap_to_load(".cards-head a")
    # A table's card went astray: its link is replaced, and the card shows the new one.
    director.tap_to_load("a.print-cards")
    before = director.locate("li.card .card-address").all_inner_texts()
    director.tap_to_load(".cards-head a")
    director.tap_to_load("form.rotate-table >> nth=1 >> button")
    expect(director.locate("main h1")).to_have_text("A new link for table 2?")  # what it does
    director.tap_to_load("form.confirm-table-link button")
    assert urlsplit(director.page.url).fragment == "tables"
    director.tap_to_load("a.print-cards")
    after = director.locate("li.card .card-address").all_inner_texts()
    assert after[0] == before[0] and after[1] != before[1]
    assert director.page.evaluate("() => typeof htmx") == "undefined"


@pytest.mark.parametrize("locale", ["en-US", "pt-BR"])
def test_a_round_started_on_a_phone_leads_each_card_to_its_game_and_passes_axe(
    phone, screenshots, locale
):
    director = phone(locale=locale, bypass_csp=True)
    found: dict[str, list[str]] = {}
    assert make_tournament(director) == 303
    at_director = urlsplit(director.page.url).path
    director.tap_to_load("a.print-cards")
    addresses = director.locate("li.card .card-address").all_inner_texts()
    director.go(urlsplit(addresses[0]).path)
    expect(director.locate("p.next-at-table")).to_contain_text("Reds")
    no_violations(director, "table between rounds", found)

    director.go(at_director)
    director.tap_to_load("form.start-round button")
    expect(director.locate("li.round-table")).to_have_count(2)
    expect(director.locate("p.round-bye")).to_contain_text("Whites")
    expect(director.locate(".tournament-standings tbody tr")).to_have_count(5)
    director.screenshot(screenshots, f"tournament-round-{locale}")
    no_violations(director, "director in a round", found)
    watch_url = director.locate("input#watch-link").get_attribute("value") or ""

    # Table 1's card now opens the game at table 1, an ordinary game page.
    director.go(urlsplit(addresses[0]).path)
    assert re.search(r"/g/[A-Za-z0-9_-]+$", director.page.url), director.page.url
    no_violations(director, "table's game", found)

    director.go(urlsplit(watch_url).path)
    expect(director.locate("li.round-table")).to_have_count(2)
    expect(director.locate("a.round-table-game")).to_have_count(0)
    director.screenshot(screenshots, f"tournament-watch-round-{locale}")
    no_violations(director, "watch in a round", found)
    assert found == {}, "\n".join(f"{page}: {v}" for page, vs in found.items() for v in vs)
