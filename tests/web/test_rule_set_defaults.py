"""The new-game form opened for a table (issue 26): it starts from the rules of the table's
latest game, offers the table's rule sets, and a set chosen is played exactly as it was kept;
a set the chosen table does not have is refused with a message in the user's language.

The form's route calls these helpers of `tables.routes.rule_sets`; here they are asked directly, in
the request the route would answer."""

from __future__ import annotations

import pytest
from sqlalchemy import select

import scoring
from extensions import db
from forms import NewGameForm
from records.tables import RuleSetRecord
from tables.routes.rule_sets import offer_rule_sets, open_at_table, play_rule_set
from tables.services import rule_sets
from tables.services.table import find_table
from testsupport.pages import Page, submit
from testsupport.tables import FIRST_PAIRING, make_table, start_at_table

HOUSE = {"target": "300", "bag_limit": "5", "bag_mode": "reset", "ten_for_200": "on"}


def keep(app, client, table: str, name: str) -> int:
    """Keep the table's latest game's rules as a rule set from its page; the set's number."""
    form = Page(client.get(f"/t/{table}")).form(cls="keep-rules")
    assert submit(client, form, {"name": name}).status_code == 303
    with app.app_context():
        found = db.session.scalar(select(RuleSetRecord.id).where(RuleSetRecord.name == name))
    assert found is not None
    return found


def stored_rules(app, table: str) -> tuple[str, dict]:
    """The preset and rules of the table's latest game as stored."""
    with app.app_context():
        latest = rule_sets.latest_rules(find_table(table))
        assert latest is not None
        return latest[0], latest[1].to_dict()


def opened_form(app, table: str, asked: str | None = None) -> NewGameForm:
    """The new-game form as `/?table=<table>` (and `&rule_set=<asked>`) shows it."""
    with app.test_request_context(f"/?table={table}"):
        form = NewGameForm(formdata=None)
        open_at_table(form, find_table(table), asked)
        offer_rule_sets(form, find_table(table))
        # Read while the request lasts: the offered names come from its session.
        form.offered = [(c.value, c.label) for c in form.rule_set.choices]
        return form


def sent_form(app, table: str, data: dict, language: str = "en") -> tuple[bool, NewGameForm]:
    """A new-game form sent for the table with `data`: whether it holds once the chosen rule
    set is put in it, and the form."""
    headers = {"Accept-Language": language}
    fields = {"in_table": table, **data}
    with app.test_request_context("/games", method="POST", data=fields, headers=headers):
        form = NewGameForm()
        assert form.validate_on_submit(), form.errors
        holds = play_rule_set(form, find_table(table))
        form.chosen = (form.preset_key(), form.rules().to_dict()) if holds else None
        return holds, form


def test_a_game_at_a_table_starts_from_the_rules_of_its_latest_game(app, client):
    table = make_table(client)
    start_at_table(client, table, **FIRST_PAIRING, **HOUSE, preset="classic")
    form = opened_form(app, table)
    assert (form.preset_key(), form.rules().to_dict()) == stored_rules(app, table)
    assert form.preset.data == "classic"
    assert (form.target.data, form.bag_mode.data, form.ten_for_200.data) == (300, "reset", "on")
    assert form.nil_bonus.data is None  # as the preset: left blank


def test_after_a_cut_throat_game_the_next_one_at_the_table_is_cut_throat_too(app, client):
    table = make_table(client)
    start_at_table(client, table, **FIRST_PAIRING, table="cutthroat", floor="-150")
    form = opened_form(app, table)
    assert form.table.data == "cutthroat"
    assert (form.preset_key(), form.rules().to_dict()) == stored_rules(app, table)


def test_a_table_without_games_opens_the_form_as_it_always_was(app, client):
    table = make_table(client)
    form = opened_form(app, table)
    assert form.preset_key() == scoring.DEFAULT_PRESET
    assert form.rules() == scoring.PRESETS[scoring.DEFAULT_PRESET].rules
    assert form.offered == [("", "None: the rules below")]


def test_the_tables_rule_sets_are_offered_and_one_asked_for_is_filled_in(app, client):
    table = make_table(client)
    start_at_table(client, table, **FIRST_PAIRING, **HOUSE)
    friday = keep(app, client, table, "Friday rules")
    friday_rules = stored_rules(app, table)
    start_at_table(client, table, **FIRST_PAIRING, preset="classic", target="200")
    form = opened_form(app, table, str(friday))
    assert form.offered == [("", "None: the rules below"), (str(friday), "Friday rules")]
    assert form.rule_set.data == str(friday)
    assert (form.preset_key(), form.rules().to_dict()) == friday_rules


def test_a_rule_set_chosen_is_played_exactly_whatever_the_other_fields_say(app, client):
    table = make_table(client)
    start_at_table(client, table, **FIRST_PAIRING, **HOUSE, table="cutthroat")
    friday = keep(app, client, table, "Friday rules")
    friday_rules = stored_rules(app, table)
    typed = {"table": "partners", "preset": "classic", "target": "150", "rule_set": str(friday)}
    holds, form = sent_form(app, table, typed)
    assert holds
    assert form.chosen == friday_rules


def test_a_rule_set_whose_table_lacks_the_first_dealers_seat_is_refused(app, client):
    table = make_table(client)
    start_at_table(client, table, **FIRST_PAIRING, table="two_handed")
    pair = keep(app, client, table, "Two of us")
    holds, form = sent_form(app, table, {"rule_set": str(pair), "first_dealer": "3"})
    assert not holds
    assert form.first_dealer.errors == ["Choose one of the players at the table."]


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "The table has no such rule set. Choose another."),
        ("pt-BR", "A mesa não tem esse conjunto de regras. Escolha outro."),
    ],
)
def test_an_unknown_rule_set_or_another_tables_is_refused(app, client, language, message):
    ours, theirs = make_table(client), make_table(client, "Other club")
    start_at_table(client, theirs, **FIRST_PAIRING)
    their_set = keep(app, client, theirs, "Their rules")
    for asked in (str(their_set), "999"):
        holds, form = sent_form(app, ours, {"rule_set": asked}, language)
        assert not holds
        assert form.rule_set.errors == [message]


def test_a_rule_set_is_played_with_the_rules_the_form_does_not_offer_too(app, client):
    table = make_table(client)
    rules = scoring.PRESETS["gamelake"].rules.but(sets_to_lose=2, boston_wins=True, hands_limit=8)
    with app.app_context():
        kept = rule_sets.keep_rule_set(find_table(table), "Club nights", "gamelake", rules, None)
        number = kept.id
    holds, form = sent_form(app, table, {"rule_set": str(number), "preset": "classic"})
    assert holds
    assert form.chosen == ("gamelake", rules.to_dict())
