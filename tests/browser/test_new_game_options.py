"""The new-game form on a 390 × 844 phone (issue 26): the four names and Start on the first
screen, everything else behind one "Rules and options" line that says what will be played and
follows the fields as they change, with and without script; a table's rule set picked there
fills the fields it plays by.

Seats: 0 North, 1 East, 2 South, 3 West; names are typed only where a test says so.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from testsupport.browser import PHONE_SIZE, axe_violations
from testsupport.browser_forms import hidden_value, post_game

pytestmark = pytest.mark.browser

LINE = ".new-game .what-is-played"
OPTIONS = ".new-game details.options"
START = 'form[action="/games"] button.save'
WITH_AND_WITHOUT_SCRIPT = pytest.mark.parametrize(
    "javascript", [True, False], ids=["with script", "without script"]
)
# Where each box sits on the page: the bottom edge of every name box and of Start, in CSS px.
BOTTOMS = """() => [
  ...document.querySelectorAll('.table-picture input'),
  document.querySelector('form[action="/games"] button.save'),
].map(box => box.getBoundingClientRect().bottom + scrollY)"""


def make_table_with_a_rule_set(request, base_url: str, phone) -> str:
    """A table named "Friday club" whose rule set "Friday rules" plays to 300 over 8 hands,
    kept from a game by taps on its page, and whose latest game plays GameLake as it is; the
    table's edit token."""
    new_table = request.get(base_url + "/tables/new").text()
    answer = request.post(
        base_url + "/tables",
        form={"csrf_token": hidden_value(new_table, "csrf_token"), "name": "Friday club"},
    )
    match = re.search(r"/t/([A-Za-z0-9_-]+)$", answer.url)
    assert match, answer.url
    table = match.group(1)
    post_game(request, base_url, in_table=table, target="300", hands_limit="8")
    phone.go(f"/t/{table}")
    phone.type_into('.keep-rules input[name="name"]', "Friday rules")
    phone.tap_to_load(".keep-rules button.save")
    post_game(request, base_url, in_table=table)
    return table


@WITH_AND_WITHOUT_SCRIPT
def test_the_four_names_and_start_are_on_the_first_screen_with_the_rest_behind_one_line(
    phone, javascript
):
    person = phone(javascript=javascript)
    person.go("/")
    bottoms = person.page.evaluate(BOTTOMS)
    assert len(bottoms) == 5
    assert max(bottoms) <= PHONE_SIZE["height"], bottoms
    assert person.texts(LINE) == ["GameLake · 500 to win · North deals first"]
    expect(person.locate(OPTIONS)).not_to_have_attribute("open", "")
    for hidden in ('select[name="in_table"]', 'input[name="team_0"]', 'select[name="preset"]'):
        assert not person.locate(hidden).is_visible(), hidden


def test_the_line_follows_the_preset_the_first_dealer_and_the_house_rules_as_they_change(phone):
    person = phone()
    person.go("/")
    line = person.locate(LINE)
    person.choose("first_dealer", 1)
    expect(line).to_have_text("GameLake · 500 to win · East deals first")
    person.type_into('input[name="player_1"]', "Bo")
    expect(line).to_have_text("GameLake · 500 to win · Bo deals first")
    expect(line.locator("bdi")).to_have_text("Bo")  # set apart from the words around it
    person.select("preset", "classic")
    expect(line).to_have_text("Classic · 500 to win · Bo deals first")
    person.type_into('input[name="target"]', "300")
    person.type_into('input[name="hands_limit"]', "8")
    person.type_into('input[name="blind_bid_min"]', "6")
    expect(line).to_have_text("Classic · 300 to win · 8 hands · 1 more house rule · Bo deals first")
    person.select("best_of", "3")
    person.choose("table", "cutthroat")
    expect(line).to_have_text(
        "Best of 3 · Cut-throat · 300 to win · 8 hands · 1 more house rule · Bo deals first"
    )
    # A rule blanked is the preset's again.
    person.type_into('input[name="target"]', "")
    expect(line).to_have_text(
        "Best of 3 · Cut-throat · 500 to win · 8 hands · 1 more house rule · Bo deals first"
    )
    said = line.inner_text()
    # The server, sent the same fields (Shuffle seats shows the form again), says the same of
    # everything but the dealer's name: Bo may sit elsewhere now.
    person.tap_to_load('form[action="/games"] button.shuffle')
    east = person.locate('input[name="player_1"]').input_value()
    dealer = east or "East"
    assert person.texts(LINE) == [said.replace("Bo", dealer)]


def test_without_script_the_options_open_by_a_tap_and_the_game_plays_what_was_chosen(phone):
    person = phone(javascript=False)
    person.go("/")
    person.tap(f"{OPTIONS} > summary")
    expect(person.locate('select[name="preset"]')).to_be_visible()
    person.choose("first_dealer", 2)
    person.select("preset", "classic")
    person.tap("details.house-rules > summary")
    person.type_into('input[name="hands_limit"]', "8")
    person.tap_to_load(START)
    assert person.texts(".hand-form h2") == ["Hand 1 of 8"]
    assert person.texts(".hand-form .deal")[0].startswith("South deals")
    assert person.texts(".rules-summary")[0].startswith("Classic")


@WITH_AND_WITHOUT_SCRIPT
def test_a_refused_form_comes_back_with_its_options_open_on_the_error(phone, javascript):
    person = phone(javascript=javascript)
    person.go("/")
    person.type_into('input[name="target"]', "-5")
    person.tap_to_load(START)
    expect(person.locate(OPTIONS)).to_have_attribute("open", "")
    expect(person.locate('label:has(input[name="target"]) [role=alert]')).to_be_visible()
    # What is left of the line still says what the good fields play.
    assert person.texts(LINE) == ["GameLake · 500 to win · North deals first"]


def test_a_rule_set_picked_fills_the_fields_and_the_line_and_is_played(phone, base_url):
    person = phone()
    table = make_table_with_a_rule_set(person.context.request, base_url, person)
    person.go(f"/?table={table}")
    line = person.locate(LINE)
    expect(line).to_have_text("Friday club · GameLake · 500 to win · North deals first")
    person.select("rule_set", person.locate("#rule_set option >> nth=1").get_attribute("value"))
    expect(person.locate('input[name="target"]')).to_have_value("300")
    expect(person.locate('input[name="hands_limit"]')).to_have_value("8")
    expect(line).to_have_text(
        "Friday club · Friday rules · GameLake · 300 to win · 8 hands · North deals first"
    )
    person.tap_to_load(START)
    assert person.texts(".hand-form h2") == ["Hand 1 of 8"]


@pytest.mark.parametrize("opened", [False, True], ids=["folded", "opened"])
def test_the_new_game_form_passes_axe_folded_and_opened(phone, opened):
    person = phone(bypass_csp=True)  # axe is put on the page as a script of its own
    person.go("/")
    if opened:
        person.tap(f"{OPTIONS} > summary")
        person.tap("details.house-rules > summary")
    assert axe_violations(person.page) == []
