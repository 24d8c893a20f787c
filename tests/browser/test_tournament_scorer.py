"""A table's scorer on a phone (390 × 844): the link on the table's card leads to the edit page
of the game at that table, the hand is entered by taps, the game ends, and once every table has
finished the same link says who plays there next. In both languages, every page passing axe,
and without JavaScript too (plain forms). Screenshots go to build/screenshots/."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from testsupport.browser import Phone, passes_axe
from testsupport.browser_tournaments import make_tournament, play_hand, start_round, table_paths
from testsupport.tournaments import teams_text

pytestmark = pytest.mark.browser

NEXT = {
    "en-US": "Next at this table: Team 1 (North–South) against Team 3 (East–West).",
    "pt-BR": "A seguir nesta mesa: Team 1 (Norte–Sul) contra Team 3 (Leste–Oeste).",
}


def at_a_game_page(scorer: Phone) -> None:
    """The phone shows a game's edit page (where a table's link leads in a round)."""
    assert re.search(r"/g/[A-Za-z0-9_-]+$", scorer.page.url), scorer.page.url


@pytest.mark.parametrize("locale", ["en-US", "pt-BR"])
@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])
def test_a_table_scorer_keeps_the_game_from_the_card_and_is_told_who_plays_there_next(
    phone, screenshots, locale, javascript
):
    director = phone()
    at_director = make_tournament(director, teams_text(4))
    card, other_table = table_paths(director, at_director)
    start_round(director, at_director)

    # The card's link: the game at table 1, Team 1 North–South against Team 2, no hand yet.
    scorer = phone(locale=locale, javascript=javascript, bypass_csp=True)
    scorer.go(card)
    at_a_game_page(scorer)
    expect(scorer.locate(".scoreboard .team h2")).to_contain_text(["Team 1", "Team 2"])
    assert scorer.totals() == (0, 0)
    passes_axe(scorer)

    # The one hand of the game, by taps: Team 1 bids 6 and takes 7 (61), Team 2 bids 6 (60).
    scorer.enter_bids(3, 3, 3, 3)
    scorer.enter_tricks(team_tricks_0=7)
    assert scorer.totals() == (61, 60)
    expect(scorer.locate(".banner")).to_be_visible()
    expect(scorer.locate(".hand-form")).to_have_count(0)  # the game has ended
    passes_axe(scorer)

    # Table 2 still playing: the card's link still leads to this table's game.
    scorer.go(card)
    at_a_game_page(scorer)
    play_hand(director, other_table)

    # Every table has finished: the link names the table and who plays there next.
    scorer.go(card)
    assert scorer.page.url.endswith(card), scorer.page.url
    expect(scorer.locate("h1.table-number")).to_contain_text("1")
    expect(scorer.locate("p.next-at-table")).to_have_text(NEXT[locale])
    scorer.screenshot(screenshots, f"tournament-scorer-next-{locale}")
    passes_axe(scorer)
