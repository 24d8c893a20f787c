"""The new-game form's "Rules and options" line as the server says it (issue 26): what the form's
current values will play, in the user's language, for a fresh form, a form opened at a table or
with one of its rule sets, and a form shown again after a refusal, whose options then open; and
the values the page's script needs to say it again, put on the page once."""

from __future__ import annotations

import json

import pytest

import scoring
from forms import OFFERED
from testsupport.pages import Page, submit
from testsupport.tables import FIRST_PAIRING, make_table, start_at_table

SHUFFLE = ("shuffle", "1")  # the form shown again from what was sent, nothing written


def home(client, path: str = "/", language: str = "en") -> Page:
    """The home page in a language."""
    return Page(client.get(path, headers={"Accept-Language": language}))


def line(page: Page) -> str:
    """The form's one line of what will be played."""
    (said,) = page.texts("what-is-played")
    return said


def options_open(page: Page) -> bool:
    """Whether the form's options are shown open."""
    return "open" in page.find("details", cls="options").attrs


def sent(client, changes: dict, language: str = "en", button=None):
    """The home page's form sent with `changes` typed and tapped; the answer."""
    form = home(client, language=language).form(action="/games")
    return submit(client, form, changes, headers={"Accept-Language": language}, button=button)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "GameLake · 500 to win · North deals first"),
        ("pt-BR", "GameLake · 500 para vencer · Norte dá as cartas primeiro"),
    ],
)
def test_a_fresh_form_says_what_it_plays_in_the_users_language_with_its_options_folded(
    client, language, said
):
    page = home(client, language=language)
    assert line(page) == said
    assert not options_open(page)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Best of 3 · Classic · 300 to win · 8 hands · 2 more house rules · "),
        ("pt-BR", "Melhor de 3 · Clássico · 300 para vencer · 8 mãos · mais 2 regras da casa · "),
    ],
)
def test_the_line_names_the_series_preset_target_hands_and_counts_the_other_house_rules(
    client, language, said
):
    typed = {"best_of": "3", "preset": "classic", "target": "300", "hands_limit": "8"}
    others = {"blind_bid_min": "6", "boston_wins": "on", "first_dealer": "1"}
    answer = sent(client, typed | others, language, button=SHUFFLE)
    assert answer.status_code == 200
    dealer = "East deals first" if language == "en" else "Leste dá as cartas primeiro"
    assert line(Page(answer)) == said + dealer


def test_a_house_rule_set_to_the_presets_own_value_is_no_change(client):
    answer = sent(client, {"target": "500", "bag_limit": "10"}, button=SHUFFLE)
    assert line(Page(answer)) == "GameLake · 500 to win · North deals first"


def test_a_typed_first_dealer_is_named_set_apart_from_the_line_around_the_name(client):
    answer = sent(client, {"player_2": "Carla", "first_dealer": "2"}, button=SHUFFLE)
    # Shuffled, Carla may sit elsewhere: South is whoever sits there now, or the seat.
    south = Page(answer).value("player_2")
    dealer = south or "South"
    assert line(Page(answer)) == f"GameLake · 500 to win · {dealer} deals first"


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Classic · 8 hands · Carla deals first"),
        ("pt-BR", "Clássico · 8 mãos · Carla dá as cartas primeiro"),
    ],
)
def test_a_refused_form_comes_back_open_on_its_error_saying_what_its_good_fields_play(
    client, language, said
):
    typed = {"preset": "classic", "target": "5", "hands_limit": "8"}
    answer = sent(client, typed | {"player_2": "Carla", "first_dealer": "2"}, language)
    assert answer.status_code == 422
    page = Page(answer)
    assert options_open(page)
    assert page.errors("target")
    assert "<bdi>Carla</bdi> " in page.html  # the typed name set apart from the words around
    # The refused target is left out: the preset's own is said.
    to_win = "500 to win" if language == "en" else "500 para vencer"
    assert line(page) == said.replace(" · ", f" · {to_win} · ", 1)


def test_a_refused_series_length_or_first_dealer_is_left_out_of_the_line(client):
    # Neither can be chosen on the page: a forged or stale form sends them.
    typed = {"best_of": "999", "table": "three_handed", "player_3": "Dora", "first_dealer": "3"}
    answer = client.post("/games", data=typed)
    assert answer.status_code == 422
    page = Page(answer)
    assert page.errors("best_of")
    assert page.errors("first_dealer")
    assert line(page) == "Three-handed · 500 to win · North deals first"


def test_opened_at_a_table_the_line_names_the_table_and_its_latest_games_rules(client):
    table = make_table(client, "Friday club")
    start_at_table(client, table, **FIRST_PAIRING, target="300", hands_limit="8")
    page = home(client, f"/?table={table}")
    assert line(page) == ("Friday club · GameLake · 300 to win · 8 hands · North deals first")
    assert "<bdi>Friday club</bdi> · " in page.html
    assert not options_open(page)


def test_a_rule_set_is_named_on_the_line_and_its_option_carries_the_fields_it_fills(client):
    table = make_table(client, "Friday club")
    start_at_table(client, table, **FIRST_PAIRING, target="300", bag_mode="reset")
    kept = Page(client.get(f"/t/{table}")).form(cls="keep-rules")
    assert submit(client, kept, {"name": "Friday rules"}).status_code == 303
    # The latest game plays GameLake as it is (the form starts from the set's rules).
    start_at_table(client, table, **FIRST_PAIRING, target="", bag_mode="")

    page = home(client, f"/?table={table}")
    assert line(page) == "Friday club · GameLake · 500 to win · North deals first"
    (option,) = [
        o for o in page.find("select", id="rule_set").find_all("option") if o.attrs["value"]
    ]
    fields = json.loads(option.attrs["data-fields"])
    assert fields["table"] == "partners" and fields["preset"] == "gamelake"
    assert fields["target"] == 300 and fields["bag_mode"] == "reset"
    assert fields["nil_bonus"] is None  # the preset's own value: blank
    assert set(fields) == {"table", "preset", *(row.name for row in OFFERED)}

    chosen = home(client, f"/?table={table}&rule_set={option.attrs['value']}")
    assert line(chosen) == (
        "Friday club · Friday rules · GameLake · 300 to win · 1 more house rule · North deals first"
    )


def test_each_preset_on_the_page_carries_what_its_blank_fields_stand_for(client):
    page = home(client)
    for key, preset in scoring.ALL_PRESETS.items():
        (item,) = page.find_all("li", cls=f"preset-{key}")
        fields = json.loads(item.attrs["data-fields"])
        assert [*fields] == [row.name for row in OFFERED]
        for row in OFFERED:
            assert fields[row.name] == row.field_data(getattr(preset.rules, row.name)), key
