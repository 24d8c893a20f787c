"""A tournament's players' stats on a phone: reached from the wall's "Players' stats" link, the
round's two games counted, in both languages, passing axe; and the director's phone counts them
on its own stats.

Four teams of a Swiss, one hand a game; round 1 pairs Team 1 against Team 2 at table 1 and Team
3 against Team 4 at table 2, North–South winning both 61 to 60 (the tables' hands sent over
HTTP): 2 finished games of 1 hand, 8 players and 4 partnerships of one game each.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from testsupport.browser import OPEN_EVERYTHING, axe_violations
from testsupport.browser_tournaments import (
    make_tournament,
    play_hand,
    start_round,
    table_paths,
    watch_path,
)
from testsupport.tournaments import teams_text

pytestmark = pytest.mark.browser

WORDS = {
    "en-US": {"link": "Players' stats", "hint": "2 finished games · 2 hands."},
    "pt-BR": {"link": "Estatísticas dos jogadores", "hint": "2 partidas terminadas · 2 mãos."},
}


@pytest.mark.parametrize("locale", ["en-US", "pt-BR"])
def test_the_walls_players_stats_count_the_rounds_games_and_pass_axe(phone, locale):
    words = WORDS[locale]
    director = phone(locale=locale, bypass_csp=True)
    at_director = make_tournament(director, teams_text(4))
    watch = watch_path(director)
    tables = table_paths(director, at_director)
    start_round(director, at_director)
    for table in tables:
        play_hand(director, table)

    director.go(watch)
    link = f'.results-links a.stats-link[href="{watch}/stats"]'
    expect(director.locate(link)).to_have_text(words["link"])
    director.tap_to_load(link)
    assert director.page.url.endswith(f"{watch}/stats")
    expect(director.locate(".stats > .hint")).to_contain_text(words["hint"])
    expect(director.locate(".stats details.figures")).to_have_count(8 + 4)
    director.page.evaluate(OPEN_EVERYTHING)
    assert axe_violations(director.page) == []
    # The director's phone made the tournament: its own stats count the same games.
    director.go("/stats")
    expect(director.locate(".stats > .hint")).to_contain_text(words["hint"])
