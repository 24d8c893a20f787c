"""What only a browser can tell on a 390 × 844 phone: how big the totals are drawn beside the
names, that each player on their own has a colour of their own, the tab's title after a save,
and which presets the new-game form describes for the table chosen (with and without script).

Seats: 0 North Ana, 1 East Bo, 2 South Cy (3 West Di at four); each player is a side.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from testsupport.browser import axe_violations, wait_until
from testsupport.browser_forms import post_game, post_hand, view_token

pytestmark = pytest.mark.browser

FOUR = {"player_0": "Ana", "player_1": "Bo", "player_2": "Cy", "player_3": "Di"}
THREE = {"player_0": "Ana", "player_1": "Bo", "player_2": "Cy"}
WITH_AND_WITHOUT_SCRIPT = pytest.mark.parametrize(
    "javascript", [True, False], ids=["with script", "without script"]
)

THREE_AFTER_A_HAND = "\u2068Ana\u2069 50 · \u2068Bo\u2069 60 · \u2068Cy\u2069 60"
# Where each <title> that names the page sits (a chart's, inside its <svg>, names the chart).
PAGE_TITLES_IN = """() => [...document.querySelectorAll("title")]
  .filter(title => !title.closest("svg")).map(title => title.parentElement.tagName)"""
# The title of the phone's offline copy of the page shown, if it keeps one.
KEPT_TITLE = """async () => {
  const kept = await caches.match(location.pathname);
  return kept && new DOMParser().parseFromString(await kept.text(), "text/html").title;
}"""

# Each column's name and total as drawn: font sizes in CSS pixels, the colour of its top edge.
COLUMNS = """
() => [...document.querySelectorAll(".scoreboard .team")].map(team => ({
  name: parseFloat(getComputedStyle(team.querySelector("h2")).fontSize),
  total: parseFloat(getComputedStyle(team.querySelector(".total")).fontSize),
  edge: getComputedStyle(team).borderTopColor,
}))
"""


@pytest.fixture(scope="module")
def games(browser, base_url):
    """A Cut-throat game and a Three-handed one, each one hand in, by their pages."""
    context = browser.new_context()
    request = context.request
    four = post_game(request, base_url, table="cutthroat", **FOUR)
    post_hand(request, base_url, four, bid_0=4, bid_1=3, bid_2=3, bid_3=3)
    post_hand(request, base_url, four, tricks_0=4, tricks_1=3, tricks_2=3)
    three = post_game(request, base_url, table="three_handed", **THREE)
    post_hand(request, base_url, three, bid_0=5, bid_1=6, bid_2=6)
    post_hand(request, base_url, three, tricks_0=5, tricks_1=6, tricks_2=6)
    state = context.storage_state()
    context.close()
    return {"cut-throat": f"/g/{four}", "three-handed": f"/g/{three}"}, state


@pytest.mark.parametrize("table", ["cut-throat", "three-handed"])
def test_with_three_or_four_players_each_total_is_drawn_at_least_as_large_as_its_name(
    phone, games, table
):
    pages, state = games
    visitor = phone(storage_state=state)
    visitor.go(pages[table])
    columns = visitor.page.evaluate(COLUMNS)
    assert len(columns) == (4 if table == "cut-throat" else 3)
    for column in columns:
        assert column["total"] >= column["name"], columns


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_four_players_on_their_own_each_have_a_colour_of_their_own(phone, games, scheme):
    pages, state = games
    visitor = phone(color_scheme=scheme, bypass_csp=True, storage_state=state)
    visitor.go(pages["cut-throat"])
    edges = [column["edge"] for column in visitor.page.evaluate(COLUMNS)]
    assert len(set(edges)) == 4, edges
    # The colours are also the breakdown's and the chart's: still read easily on the card.
    assert axe_violations(visitor.page) == []


def test_the_tabs_title_shows_the_score_after_a_save_swapped_in_by_htmx(phone, base_url):
    scorer = phone()
    token = scorer.start_game(players=("Ana", "Bo", "Cy"), table="three_handed")
    assert scorer.page.title() == "\u2068Ana\u2069 0 · \u2068Bo\u2069 0 · \u2068Cy\u2069 0"
    watcher = phone()
    watcher.go(f"/v/{view_token(scorer.context.request, base_url, token)}")
    scorer.enter_bids(5, 6, 6)
    scorer.enter_tricks(tricks_0=5, tricks_1=6)  # Cy's 6 filled in by the app
    assert scorer.page.title() == THREE_AFTER_A_HAND
    # The swap kept one title, in the head, and put none into the page.
    assert scorer.page.evaluate(PAGE_TITLES_IN) == ["HEAD"]
    # The view link's poll brings the new title too.
    expect(watcher.page).to_have_title(THREE_AFTER_A_HAND)


def test_the_phones_offline_copy_of_a_game_takes_the_title_of_the_last_save(phone):
    scorer = phone(expect_errors=True)  # offline, the browser notes the failed requests
    scorer.start_game(players=("Ana", "Bo", "Cy"), table="three_handed")
    scorer.enter_bids(5, 6, 6)
    scorer.enter_tricks(tricks_0=5, tricks_1=6)
    wait_until(
        scorer,
        f"async (title) => ({KEPT_TITLE})().then((kept) => kept === title)",
        THREE_AFTER_A_HAND,
    )
    scorer.context.set_offline(True)
    scorer.page.reload()
    assert scorer.page.title() == THREE_AFTER_A_HAND
    assert scorer.page.evaluate(PAGE_TITLES_IN) == ["HEAD"]


@WITH_AND_WITHOUT_SCRIPT
def test_the_presets_listed_are_only_those_the_table_chosen_can_play(phone, javascript):
    person = phone(javascript=javascript)
    person.go("/")
    person.tap(".new-game details.options > summary")  # the presets are behind it
    listed = ".presets li strong"
    partners = ["GameLake", "GameLake short game", "Classic", "Jogo Espadas", "The Spruce"]
    assert person.texts(f"{listed} >> visible=true") == partners
    for table, name in (
        ("cutthroat", "Cut-throat"),
        ("three_handed", "Three-handed"),
        ("two_handed", "Two-handed (The Spruce)"),
    ):
        person.choose("table", table)
        assert not person.locate('select[name="preset"]').is_visible()
        assert person.texts(f"{listed} >> visible=true") == [name], table
    person.choose("table", "partners")
    assert person.texts(f"{listed} >> visible=true") == partners
