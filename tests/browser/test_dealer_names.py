"""The first-dealer buttons of the new-game form name the players as their names are typed."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def dealer_button(scorer, seat: int):
    """The label text of the first-dealer button of a seat."""
    return scorer.locate(f'.dealer label:has(> input[value="{seat}"]) > span')


def test_the_first_dealer_buttons_show_the_names_as_they_are_typed(phone):
    scorer = phone()
    scorer.go("/")
    expect(dealer_button(scorer, 2)).to_have_text("South")
    scorer.type_into('input[name="player_2"]', "Carla")
    expect(dealer_button(scorer, 2)).to_have_text("Carla")
    expect(dealer_button(scorer, 2).locator("bdi")).to_have_text("Carla")
    expect(dealer_button(scorer, 0)).to_have_text("North")  # the others keep their seats
    # Rubbed out, the button is the seat's again; spaces alone are no name.
    scorer.type_into('input[name="player_2"]', "   ")
    expect(dealer_button(scorer, 2)).to_have_text("South")


def test_the_typed_name_on_a_dealer_button_is_the_dealer_of_the_game(phone):
    scorer = phone(locale="pt-BR")
    scorer.go("/")
    expect(dealer_button(scorer, 1)).to_have_text("Leste")
    scorer.type_into('input[name="player_1"]', "Bruno")
    expect(dealer_button(scorer, 1)).to_have_text("Bruno")
    scorer.choose("first_dealer", 1)
    scorer.tap_to_load('form[action="/games"] button.save')
    assert scorer.texts(".hand-form .deal")[0].startswith("Bruno dá as cartas")
