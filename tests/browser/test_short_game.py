"""A short game in Portuguese, with and without JavaScript, and errors that show on screen.

Without script the forms post and the answers redirect, as on a phone that blocks it; with
script htmx swaps the answers in place. Either way a refused hand and an edit that came too
late must say so where the scorer is looking.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from testsupport.pages import MINUS

pytestmark = pytest.mark.browser

WITH_AND_WITHOUT_SCRIPT = pytest.mark.parametrize(
    "javascript", [True, False], ids=["with script", "without script"]
)


@WITH_AND_WITHOUT_SCRIPT
def test_a_short_espadas_game_is_played_in_portuguese(phone, screenshots, javascript):
    scorer = phone(locale="pt-BR", javascript=javascript)
    scorer.go("/")
    assert scorer.page.locator("html").get_attribute("lang") == "pt-BR"
    assert scorer.texts("h1") == ["Nova partida"]
    scorer.start_game(dealer=0, preset="espadas")
    assert scorer.texts(".hand-form h2") == ["Mão 1"]
    assert scorer.texts(".hand-form .deal") == ["Norte dá as cartas · Leste aposta primeiro"]
    # Jogo Espadas allows Blind Nil whatever the score.
    assert scorer.locate('.hand-form input[value="blind_nil"]').count() == 4

    # Hand 1, Norte deals; everyone bids 1. Dupla A takes nothing, Dupla B all 13.
    #   A (Norte & Sul): 1 + 1 = 2, took 0 → set, −20.                        → −20
    #   B (Leste & Oeste): 2, took 13 → +20 + 11 bags = +31; 11 bags reach 10:
    #     −100 and, by Espadas' rule, back to 0 bags. 31 − 100 = −69          → −69
    scorer.enter_bids(1, 1, 1, 1)
    scorer.enter_tricks(team_tricks_0=0)
    assert scorer.totals() == (-20, -69)
    assert scorer.texts(".scoreboard .total") == [MINUS + "20", MINUS + "69"]
    team_a, team_b = scorer.texts(".last-hand .breakdown")
    assert "contrato 2 furou: " + MINUS + "20" in team_a
    assert "penalidade de 10 sobras: " + MINUS + "100" in team_b
    assert [b.split(" ")[0] for b in scorer.texts(".scoreboard .team .bags")] == ["0", "0"]

    # Hand 2, Leste deals; Leste bids Blind Nil and takes nothing.
    #   A: 4 + 4 = 8, took 9 → +80 + 1 bag.                      = +81  → −20 + 81 = 61
    #   B: Oeste 3, took 13 − 9 − 0 = 4 → +30 + 1 bag; Leste's
    #      Blind Nil +200.                                       = +231 → −69 + 231 = 162
    scorer.enter_bids(4, "blind_nil", 4, 3)
    if javascript:
        scorer.screenshot(screenshots, "8-portuguese-tricks")
    assert "precisam de" in " ".join(scorer.texts(".hand-form .contract"))
    scorer.enter_tricks(tricks_1=0, team_tricks_0=9)
    assert scorer.totals() == (61, 162)
    assert scorer.texts(".banner") == ["Dupla B vence com 162!"]
    assert "Leste cumpriu o Nil às cegas: +200" in scorer.texts(".last-hand .breakdown")[1]
    assert scorer.locate(".hand-form").count() == 0
    scorer.screenshot(screenshots, f"9-portuguese-over-{'script' if javascript else 'no-script'}")
    if not javascript:
        assert scorer.page.evaluate("() => typeof htmx") == "undefined"


@WITH_AND_WITHOUT_SCRIPT
def test_a_hand_whose_tricks_are_not_13_is_refused_with_a_message_on_screen(phone, javascript):
    scorer = phone(javascript=javascript)
    scorer.start_game()
    scorer.enter_bids(3, 3, 3, 3)
    # 8 + 6 = 14 tricks: one too many.
    scorer.enter_tricks(team_tricks_0=8, team_tricks_1=6)
    message = scorer.page.get_by_text("The tricks add up to 14; a hand has 13.")
    expect(message).to_be_visible()
    expect(message).to_be_in_viewport()
    assert scorer.totals() == (0, 0)
    # The taps are kept: fixing one row is enough.
    scorer.enter_tricks(team_tricks_1=5)
    assert scorer.texts(".history .number") == ["Hand 1"]


@WITH_AND_WITHOUT_SCRIPT
def test_an_edit_made_stale_by_another_phone_shows_the_409_message(phone, javascript):
    first = phone(javascript=javascript)
    token = first.start_game()
    # Hand 1: A bid 3 + 3 = 6, took 7 → +61; B bid 6, took 6 → +60.
    first.enter_bids(3, 3, 3, 3)
    first.enter_tricks(team_tricks_0=7)
    assert first.totals() == (61, 60)

    second = phone(javascript=javascript)
    second.go(f"/g/{token}/hands/1")
    first.go(f"/g/{token}/hands/1")
    # The first phone corrects the hand: A took 8 → +62; B took 5 → set, −60.
    first.choose("team_tricks_0", 8)
    first.choose("team_tricks_1", 5)
    first.tap_to_save(".hand-form button.save")
    assert first.totals() == (62, -60)

    # The second phone, still showing the old hand, saves its own change.
    second.choose("team_tricks_0", 6)
    second.choose("team_tricks_1", 7)
    with second.page.expect_response(lambda r: r.request.method == "POST") as answer:
        second.tap_to_save(".hand-form button.save")
    assert answer.value.status == 409
    message = second.page.get_by_text(
        "Another phone changed this game first. Here is what is saved now."
    )
    expect(message).to_be_visible()
    expect(message).to_be_in_viewport()
    # It now shows what the first phone saved.
    assert second.locate('input[name="team_tricks_0"]:checked').get_attribute("value") == "8"
    second.go(f"/g/{token}")
    assert second.totals() == (62, -60)
