"""A table's phone at a club night (390 × 844) runs itself from its card: opened once on the
card's link before round 1, it moves into the table's game when the director starts the round,
its scorer plays the game by taps, the finished game's page says what comes next at the table,
and the phone moves into round 2's game by itself. Nobody reloads or types an address. In both
languages, with and without JavaScript (without it, the pages load themselves again), every
page passing axe. Screenshots go to build/screenshots/."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from testsupport.browser import passes_axe
from testsupport.browser_tournaments import make_tournament, play_hand, start_round, table_paths
from testsupport.tournaments import teams_text

pytestmark = pytest.mark.browser

SEAT = {
    "en-US": ("Club night · Round 1 · Table 1", "Club night · Round 2 · Table 1"),
    "pt-BR": ("Club night · Rodada 1 · Mesa 1", "Club night · Rodada 2 · Mesa 1"),
}
OVER_HERE = {
    "en-US": "This table's game is over.",
    "pt-BR": "A partida desta mesa terminou.",
}
NEXT = {
    "en-US": "Next at this table: Team 1 (North–South) against Team 3 (East–West).",
    "pt-BR": "A seguir nesta mesa: Team 1 (Norte–Sul) contra Team 3 (Leste–Oeste).",
}
A_GAME = re.compile(r"/g/[A-Za-z0-9_-]+$")


@pytest.mark.parametrize("locale", ["en-US", "pt-BR"])
@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])
def test_a_table_phone_moves_into_each_rounds_game_by_itself(
    phone, screenshots, locale, javascript
):
    director = phone()
    at_director = make_tournament(director, teams_text(4))
    card, other_table = table_paths(director, at_director)

    scorer = phone(locale=locale, javascript=javascript, bypass_csp=True)
    scorer.go(card)
    expect(scorer.locate("section.table-card p.notice")).to_be_visible()  # not started yet
    passes_axe(scorer)

    start_round(director, at_director)
    scorer.page.wait_for_url(A_GAME)
    first_game = scorer.page.url
    expect(scorer.locate("p.tournament-seat")).to_have_text(SEAT[locale][0])
    expect(scorer.locate("form.rematch")).to_have_count(0)
    passes_axe(scorer)

    # The game's one hand, by taps; table 2 still plays.
    scorer.enter_bids(3, 3, 3, 3)
    scorer.enter_tricks(team_tricks_0=7)
    expect(scorer.locate("p.next-at-table")).to_contain_text(OVER_HERE[locale])
    expect(scorer.locate("form.rematch")).to_have_count(0)
    scorer.screenshot(screenshots, f"table-phone-over-{locale}-{scorer.javascript}")
    passes_axe(scorer)

    play_hand(director, other_table)
    expect(scorer.locate("p.next-at-table")).to_have_text(NEXT[locale])
    passes_axe(scorer)

    start_round(director, at_director)
    scorer.page.wait_for_url(lambda url: A_GAME.search(url) is not None and url != first_game)
    expect(scorer.locate("p.tournament-seat")).to_have_text(SEAT[locale][1])
    expect(scorer.locate(".hand-form")).to_be_visible()
