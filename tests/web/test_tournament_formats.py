"""Each entry of the registry of formats (`tournament.FORMATS`) has its words, in both
languages, on the new-tournament form, in the registry's order, and fits the column that stores
it."""

from __future__ import annotations

import tournament
from records.tournaments import FORMAT_LENGTH
from testsupport.pages import Page
from testsupport.tournaments import PT
from tournaments.forms.new_tournament import FORMAT_NAMES


def format_choices(client, headers=None) -> dict[str, str]:
    """The new-tournament form's format choices in the language `headers` ask for: each
    radio button's value and its label's text, in the form's order."""
    page = Page(client.get("/tournaments/new", headers=headers))
    fieldset = page.find("fieldset", "tournament-format")
    return {
        label.find("input").attrs["value"]: label.text
        for label in fieldset.find_all("label")
        if label.find_all("input", type="radio")
    }


def test_the_form_offers_every_format_of_the_registry_in_its_order_with_its_words(client):
    assert set(FORMAT_NAMES) == set(tournament.FORMATS)
    english = format_choices(client)
    assert list(english) == list(tournament.FORMATS)
    for value, text in english.items():
        assert text == str(FORMAT_NAMES[value])


def test_every_formats_words_are_in_portuguese_too(client):
    english = format_choices(client)
    portuguese = format_choices(client, PT)
    assert list(portuguese) == list(tournament.FORMATS)
    for value in tournament.FORMATS:
        # A missing translation would show the English words.
        assert portuguese[value] and portuguese[value] != english[value], value


def test_every_stored_format_value_fits_its_column():
    for value in tournament.FORMATS:
        assert 0 < len(value) <= FORMAT_LENGTH, value
