"""How a game's page and its result to share word where the series stands when a side is one
player (a game without partners): "Ana leads", as "Ana & Carla lead"."""

from __future__ import annotations

import pytest

from testsupport.pages import Page
from testsupport.playing import enter, start_game

# Three players to 100 over a best of 3: Ana bids 10 and takes them (+100), which ends the game.
THREE = {"table": "three_handed", "player_0": "Ana", "player_1": "Bruno", "player_2": "Carla"}
ANA_WINS = {"bids": (10, 3, 3), "tricks": (10, 4, 3)}
WORDS = {
    "en": "Ana leads the series 1–0–0 · best of 3",
    "pt": "Ana à frente na série, 1–0–0 · melhor de 3",
}


@pytest.mark.parametrize(("language", "accept"), [("en", "en"), ("pt", "pt-BR")])
def test_a_single_player_leading_the_series_is_worded_in_the_singular(client, language, accept):
    token = start_game(client, target="100", best_of="3", **THREE)
    enter(client, token, **ANA_WINS)
    page = Page(client.get(f"/g/{token}", headers={"Accept-Language": accept}))
    assert page.texts("series") == [WORDS[language]]
    summary = page.find("textarea", id="result-text").raw_text()
    assert WORDS[language] in summary.replace("\u2068", "").replace("\u2069", "")
