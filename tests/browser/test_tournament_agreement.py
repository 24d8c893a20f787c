"""Opponents confirm each hand, on a phone (390 × 844), in both languages, with and without
script: the director ticks the option, the table's scorer saves a hand from the card's link,
East–West agree with one tap more than the hand cost (counted), and a hand disputed at the other
table flags it on the director's page until the director lets it stand. Every page passes axe."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from testsupport.browser import Phone, passes_axe
from testsupport.browser_tournaments import make_tournament, play_hand, start_round, table_paths
from testsupport.tournaments import teams_text

pytestmark = pytest.mark.browser

ASKED = {
    "en-US": ("Hand 1: Team 2, do you agree?", "Team 2 agree"),
    "pt-BR": ("Mão 1: Team 2, vocês concordam?", "Team 2 concordam"),
}
# An ordinary hand on a phone: four bids and Save, then one team's tricks and Save.
HAND_TAPS = 7


@pytest.mark.parametrize("locale", ["en-US", "pt-BR"])
@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])
def test_east_west_agree_with_one_tap_and_a_disputed_hand_waits_for_the_director(
    phone, locale, javascript
):
    director = phone(bypass_csp=True)
    at_director = make_tournament(director, teams_text(4), confirm_hands=True)
    card, other_table = table_paths(director, at_director)
    start_round(director, at_director)

    scorer: Phone = phone(locale=locale, javascript=javascript, bypass_csp=True)
    scorer.go(card)
    before = scorer.taps
    scorer.enter_bids(3, 3, 3, 3)
    scorer.enter_tricks(team_tricks_0=7)
    assert scorer.taps - before == HAND_TAPS
    asked, agree = ASKED[locale]
    expect(scorer.locate("form.agreement h2")).to_have_text(asked)
    expect(scorer.locate("form.agreement button.save")).to_have_text(agree)
    passes_axe(scorer)
    scorer.tap_to_save(scorer.locate("form.agreement button.save"))
    assert scorer.taps - before == HAND_TAPS + 1  # the word costs one tap
    expect(scorer.locate("form.agreement")).to_have_count(0)
    if not javascript:  # with script the page has already moved on to what comes next
        expect(scorer.locate("a.next-here")).to_be_visible()

    # At the other table East–West dispute their hand, on that table's phone.
    play_hand(director, other_table)
    table_two = phone(javascript=javascript, bypass_csp=True)
    table_two.go(other_table)
    expect(table_two.locate("form.agreement button.save")).to_have_text("Team 4 agree")
    table_two.tap_to_save(table_two.locate("form.agreement button.dispute"))
    expect(table_two.locate("p.disputed")).to_have_text(
        "Hand 1 is disputed: the director will rule on it. Play on."
    )

    # The director sees it at the top of the page, and lets the hand stand from its rulings.
    director.go(at_director)
    expect(director.locate("p.status-line")).to_contain_text("table 2: hand 1 disputed")
    expect(director.locate("p.status-line")).to_contain_text("1 of 2 tables finished")
    expect(director.locate("form.start-round")).to_have_count(0)
    passes_axe(director)
    director.tap_to_load(director.locate("a.round-table-rulings").nth(1))
    passes_axe(director)
    director.tap_to_load(director.locate("form.uphold button"))
    director.go(at_director)
    expect(director.locate("p.status-line")).to_contain_text("2 of 2 tables finished")
    expect(director.locate("form.start-round button")).to_be_visible()


OUTBOX = "() => JSON.parse(localStorage.getItem('spades-outbox')) || []"


def test_a_word_tapped_offline_waits_on_the_phone_with_its_button_and_is_sent_once(phone):
    director = phone(bypass_csp=True)
    at_director = make_tournament(director, teams_text(4), confirm_hands=True)
    card, _ = table_paths(director, at_director)
    start_round(director, at_director)
    play_hand(director, card)
    scorer = phone(expect_errors=True)  # the failed send shows in its console
    scorer.go(card)
    scorer.context.set_offline(True)
    scorer.tap(scorer.locate("form.agreement button.save"))
    scorer.page.wait_for_function(f"() => ({OUTBOX})().length === 1")
    (kept,) = scorer.page.evaluate(OUTBOX)
    assert "verdict=agree" in kept["body"], kept  # the button tapped goes with it
    scorer.context.set_offline(False)
    scorer.page.reload()  # the page opened again: the outbox goes out by itself
    scorer.page.wait_for_function(f"() => ({OUTBOX})().length === 0")
    status = director.page.request.get(director.base_url + at_director).text()
    assert "1 of 2 tables finished" in status
