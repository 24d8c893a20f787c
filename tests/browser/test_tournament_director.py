"""The director's evening on a phone (390 × 844), end to end: a tournament made from the home
page, its table cards opened to print, round 1 started, its tables and the standings seen, and
round 2 started once every table has finished (the tables' hands sent by their scorers over
HTTP). In both languages, every page passing axe, and by plain forms and links without
JavaScript too. Screenshots go to build/screenshots/."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from testsupport.browser import OPEN_EVERYTHING, Phone, axe_violations
from testsupport.browser_tournaments import make_tournament, play_hand
from testsupport.tournaments import teams_text

pytestmark = pytest.mark.browser

WORDS = {
    "en-US": {"table": "Table", "round": "Round {} of 2"},
    "pt-BR": {"table": "Mesa", "round": "Rodada {} de 2"},
}


def passes_axe(director: Phone, name: str, found: dict[str, list[str]]) -> None:
    """Run axe on the page as it is, everything folded opened (with script only: axe is one);
    note what it finds by page."""
    if not director.javascript:
        return
    director.page.evaluate(OPEN_EVERYTHING)
    violations = axe_violations(director.page)
    if violations:
        found[name] = violations


def standings_teams(director: Phone) -> list[str]:
    """The teams of the standings the page shows, best first."""
    return director.texts(".tournament-standings tbody th")


@pytest.mark.parametrize("locale", ["en-US", "pt-BR"])
@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])
def test_a_director_makes_a_tournament_prints_its_cards_and_runs_two_rounds_on_a_phone(
    phone, screenshots, locale, javascript
):
    words = WORDS[locale]
    director = phone(locale=locale, javascript=javascript, bypass_csp=True)
    found: dict[str, list[str]] = {}

    at_director = make_tournament(director, teams_text(4))
    expect(director.locate(".tournament-round p.notice")).to_be_visible()  # no round yet
    expect(director.locate("li.round-table")).to_have_count(0)
    passes_axe(director, "director before the first round", found)

    director.tap_to_load("a.print-cards")
    expect(director.locate("li.card .card-number")).to_have_text(
        [f"{words['table']} 1", f"{words['table']} 2"]
    )
    tables = [f"/s/{a.rsplit('/s/', 1)[1]}" for a in director.texts("li.card .card-address")]
    passes_axe(director, "cards", found)
    director.tap_to_load(".cards-head a")

    # Round 1: two tables in entry order, the standings of all four, no second round yet.
    director.tap_to_load("form.start-round button")
    expect(director.locate(".tournament-round h2")).to_have_text(words["round"].format(1))
    expect(director.locate("li.round-table")).to_have_count(2)
    expect(director.locate("li.round-table >> nth=0 >> .round-table-teams bdi")).to_have_text(
        ["Team 1", "Team 2"]
    )
    expect(director.locate(".tournament-standings tbody tr")).to_have_count(4)
    expect(director.locate(".tournament-round p.notice")).to_have_count(0)  # in play
    expect(director.locate("form.start-round")).to_have_count(0)
    passes_axe(director, "director in round 1", found)

    # Each table's scorer saves its one hand: North–South wins at both.
    for table in tables:
        play_hand(director, table)
    director.go(at_director)
    expect(director.locate(".tournament-round p.notice")).to_be_visible()  # all finished
    assert standings_teams(director) == ["Team 1", "Team 3", "Team 2", "Team 4"]
    director.screenshot(screenshots, f"tournament-director-round-over-{locale}")
    passes_axe(director, "director after round 1", found)

    # Round 2, a Swiss's: the winners meet at table 1, the losers at table 2.
    director.tap_to_load("form.start-round button")
    expect(director.locate(".tournament-round h2")).to_have_text(words["round"].format(2))
    expect(director.locate("li.round-table .round-table-teams bdi")).to_have_text(
        ["Team 1", "Team 3", "Team 2", "Team 4"]
    )
    expect(director.locate("li.round-table .round-table-total")).to_have_text(["0"] * 4)
    passes_axe(director, "director in round 2", found)
    assert found == {}, "\n".join(f"{page}: {v}" for page, vs in found.items() for v in vs)
    if not javascript:
        assert director.page.evaluate("() => typeof htmx") == "undefined"


@pytest.mark.parametrize("locale", ["en-US", "pt-BR"])
def test_the_house_rules_placeholders_follow_the_preset_chosen_on_the_new_tournament_form(
    phone, locale
):
    director = phone(locale=locale)
    director.go("/tournaments/new")
    floor = director.locate('input[name="floor"]')
    written = floor.get_attribute("placeholder")
    other = next(
        key
        for key in director.page.eval_on_selector_all(
            'select[name="preset"] option', "options => options.map(o => o.value)"
        )
        if director.locate(f".preset-{key}").get_attribute("data-placeholders")
        and key != director.locate('select[name="preset"]').input_value()
        and json.loads(director.locate(f".preset-{key}").get_attribute("data-placeholders"))[
            "floor"
        ]
        != written
    )
    director.select("preset", other)
    expected = json.loads(director.locate(f".preset-{other}").get_attribute("data-placeholders"))
    expect(floor).to_have_attribute("placeholder", expected["floor"])
    expect(director.locate('input[name="target"]')).to_have_attribute(
        "placeholder", expected["target"]
    )
