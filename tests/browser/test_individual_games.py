"""Games without partners on a phone, through taps only: a whole Three-handed game to 500 with
its CSV, and the pages of Cut-throat and Two-handed tables checked by axe and at 320 px.

Seats: 0 North Ana, 1 East Bruno, 2 South Carla (3 West Davi at four); each player is a side.
"""

from __future__ import annotations

import csv
import io

import pytest

from testsupport.browser import OPEN_EVERYTHING, axe_violations, page_width
from testsupport.browser_forms import post_game, post_hand
from testsupport.pages import MINUS

pytestmark = pytest.mark.browser

PLAYERS = ("Ana", "Bruno", "Carla")
WITH_AND_WITHOUT_SCRIPT = pytest.mark.parametrize(
    "javascript", [True, False], ids=["with script", "without script"]
)


@WITH_AND_WITHOUT_SCRIPT
def test_a_table_of_three_plays_a_whole_three_handed_game_to_500_on_a_phone(phone, javascript):
    scorer = phone(javascript=javascript)
    token = scorer.start_game(players=PLAYERS, dealer=0, table="three_handed")
    assert scorer.totals() == (0, 0, 0)
    assert scorer.texts(".scoreboard h2") == list(PLAYERS)
    assert scorer.texts(".hand-form .deal") == ["Ana deals · Bruno bids first"]
    # Bids go up to 17, and nobody is 100 behind at the start: no Blind Nil.
    assert scorer.locate('input[name="bid_0"][value="17"]').count() == 1
    assert scorer.locate('input[value="blind_nil"]').count() == 0

    # A hand whose tricks add up to 16 is refused in words, the taps kept.
    scorer.enter_bids(5, 6, 6)
    assert scorer.texts(".hand-form .contracts .contract") == [
        "Bruno needs 6",
        "Carla needs 6",
        "Ana needs 5",
    ]
    scorer.enter_tricks(tricks_0=5, tricks_1=6, tricks_2=5)
    assert "The tricks add up to 16; a hand has 17." in scorer.texts(".hand-form .error")
    assert scorer.totals() == (0, 0, 0)

    # Carla's count tapped again: 6, and the 17 are all there.
    scorer.choose("tricks_2", 6)
    scorer.save_hand()
    assert scorer.totals() == (50, 60, 60)

    # Then the same hand over and over, the last row left blank each time for the app to fill:
    # Ana makes 5, Bruno makes 6 with a bag, Carla is set on 6 with 5.
    expected = [50, 60, 60]
    hands = 1
    while not scorer.locate(".banner").count():
        scorer.enter_bids(5, 6, 6)
        scorer.enter_tricks(tricks_0=5, tricks_1=7)
        hands += 1
        expected = [expected[0] + 50, expected[1] + 61, expected[2] - 60]
        assert scorer.totals() == tuple(expected)
    assert hands == 9 and expected == [450, 548, -420]
    assert scorer.texts(".banner") == ["Bruno won with 548!"]
    assert scorer.texts(".scoreboard .place") == ["Place 2", "Place 1", "Place 3"]
    assert scorer.locate(".chart polyline").count() == 3

    with scorer.page.expect_download() as download:
        scorer.tap("#share > summary")
        scorer.tap('#share a[href$=".csv"]')
    rows = list(csv.DictReader(io.StringIO(download.value.path().read_text("utf-8"))))
    assert len(rows) == 27
    last = {row["team"]: row for row in rows if row["hand"] == "9"}
    assert [last[name]["total"] for name in PLAYERS] == ["450", "548", "-420"]
    assert last["Carla"]["bids"] == "6" and last["Carla"]["tricks"] == "5"

    # Rematch: the deal went round the three of them three times, so it is Ana's again.
    scorer.tap_to_load(".rematch button")
    assert scorer.token() != token
    assert scorer.totals() == (0, 0, 0)
    assert scorer.texts(".hand-form .deal") == ["Ana deals · Bruno bids first"]


def test_a_cut_throat_game_is_played_to_500_on_a_phone(phone):
    scorer = phone()
    scorer.start_game(players=("Ana", "Bo", "Cy", "Di"), dealer=3, table="cutthroat")
    assert scorer.texts(".hand-form .deal") == ["Di deals · Ana bids first"]
    # Every hand: Ana makes 4, the others 3 each; Di's row is left for the app to fill
    # (13 − 4 − 3 − 3 = 3).
    expected = [0, 0, 0, 0]
    while not scorer.locate(".banner").count():
        scorer.enter_bids(4, 3, 3, 3)
        scorer.enter_tricks(tricks_0=4, tricks_1=3, tricks_2=3)
        expected = [expected[0] + 40, expected[1] + 30, expected[2] + 30, expected[3] + 30]
        assert scorer.totals() == tuple(expected)
    assert expected == [520, 390, 390, 390]
    assert scorer.texts(".banner") == ["Ana won with 520!"]
    assert scorer.texts(".scoreboard .place") == ["Place 1", "Place 2", "Place 2", "Place 2"]
    assert scorer.locate(".chart polyline").count() == 4


def test_a_two_handed_game_is_played_to_500_on_a_phone(phone):
    scorer = phone()
    scorer.start_game(players=("Ana", "Bruno"), dealer=0, table="two_handed")
    # No deal: the one who is not "dealing" draws first, and it alternates.
    draws = []
    expected = [0, 0]
    while not scorer.locate(".banner").count():
        draws.append(scorer.texts(".hand-form .deal")[0])
        scorer.enter_bids(6, 6)
        scorer.enter_tricks(tricks_0=7)  # Bruno's 6 filled in
        expected = [expected[0] + 61, expected[1] + 60]
        assert scorer.totals() == tuple(expected)
    assert draws[:2] == ["Bruno draws first and bids first", "Ana draws first and bids first"]
    assert expected == [549, 540]
    assert scorer.texts(".banner") == ["Ana won with 549!"]


@pytest.fixture(scope="module")
def tables(browser, base_url):
    """A Cut-throat game with long names two hands in, and a Two-handed game with its bids in."""
    context = browser.new_context()
    request = context.request
    names = {f"player_{s}": f"{n} the Long-Named" for s, n in enumerate(("Ana", "Bo", "Cy", "Di"))}
    four = post_game(request, base_url, table="cutthroat", **names)
    post_hand(request, base_url, four, bid_0=4, bid_1=3, bid_2="nil", bid_3=5)
    post_hand(request, base_url, four, tricks_0=5, tricks_1=3, tricks_2=0)  # West: 5
    post_hand(request, base_url, four, bid_0=1, bid_1=1, bid_2=1, bid_3=1)
    post_hand(request, base_url, four, tricks_0=10, tricks_1=1, tricks_2=1)
    two = post_game(request, base_url, table="two_handed", player_0="Ana", player_1="Bruno")
    post_hand(request, base_url, two, bid_0=6, bid_1="blind_nil")
    pages = {"cut-throat": f"/g/{four}", "two players": f"/g/{two}", "home": "/"}
    state = context.storage_state()
    context.close()
    return pages, state


@pytest.mark.parametrize("locale", ["en-US", "pt-BR"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_pages_without_partners_pass_axe(phone, tables, scheme, locale):
    pages, state = tables
    visitor = phone(locale=locale, color_scheme=scheme, bypass_csp=True, storage_state=state)
    found = {}
    for name, path in pages.items():
        visitor.go(path)
        visitor.page.evaluate(OPEN_EVERYTHING)
        if name == "home":
            visitor.choose("table", "three_handed")
        violations = axe_violations(visitor.page)
        if violations:
            found[name] = violations
    assert found == {}, found


def test_four_columns_of_cut_throat_fit_a_320_px_screen(phone, tables):
    pages, state = tables
    narrow = phone(width=320, storage_state=state)
    narrow.go(pages["cut-throat"])
    narrow.page.evaluate(OPEN_EVERYTHING)
    assert narrow.locate(".scoreboard .team").count() == 4
    assert page_width(narrow.page) <= 320
    tops = narrow.locate(".scoreboard .team").evaluate_all(
        "teams => teams.map(t => Math.round(t.getBoundingClientRect().top))"
    )
    assert len(set(tops)) == 1  # side by side, one row


def test_the_new_game_form_shows_only_the_seats_of_the_table_chosen(phone):
    scorer = phone(javascript=False)
    scorer.go("/")
    assert scorer.locate('input[name="player_3"]').is_visible()
    scorer.choose("table", "two_handed")
    assert scorer.locate('input[name="player_1"]').is_visible()
    assert not scorer.locate('input[name="player_2"]').is_visible()
    assert not scorer.locate('input[name="team_0"]').is_visible()
    scorer.choose("table", "three_handed")
    assert scorer.locate('input[name="player_2"]').is_visible()
    assert not scorer.locate('input[name="player_3"]').is_visible()


def test_two_players_are_told_who_draws_first_and_reminded_of_the_discards(phone, tables):
    pages, state = tables
    visitor = phone(storage_state=state)
    visitor.go(pages["two players"])
    assert visitor.texts(".hand-form .deal") == ["Bruno draws first and bids first"]
    assert visitor.texts(".reminder") == [
        "Blind Nil: you may swap up to 3 cards for cards from the discards."
    ]
    assert MINUS not in visitor.texts(".scoreboard .total")[0]
