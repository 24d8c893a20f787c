"""A table's rule sets on its own page (issue 26): the rules of its latest game kept under a
name, renamed and removed, each a write with its one-time token behind the edit link only;
bad names refused with a message in the user's language, nothing written."""

from __future__ import annotations

import pytest
from sqlalchemy import select

import scoring
from extensions import db
from records.tables import RuleSetRecord
from testsupport.pages import Page, submit
from testsupport.playing import replace_link
from testsupport.tables import FIRST_PAIRING, make_table, start_at_table, view_token

BOSTON_TABLE = {"target": "300", "bag_limit": "5", "bag_mode": "reset"}


def table_with_a_game(client, **typed) -> str:
    """A table whose one game is played to 300 with five bags to a reset penalty (or as
    `typed` says); the table's edit token."""
    table = make_table(client)
    start_at_table(client, table, **FIRST_PAIRING, **(BOSTON_TABLE | typed))
    return table


def keep(client, table: str, name: str, expect: int = 303, **headers):
    """Keep the latest game's rules under `name` from the table's page; the answer."""
    form = Page(client.get(f"/t/{table}")).form(cls="keep-rules")
    response = submit(client, form, {"name": name}, headers=headers)
    assert response.status_code == expect, response.text
    return response


def kept(app) -> list[tuple[str | None, str, dict]]:
    """Every stored rule set's name, preset and rules, removed ones too, oldest first."""
    with app.app_context():
        rows = db.session.scalars(select(RuleSetRecord).order_by(RuleSetRecord.id)).all()
        return [(row.name, row.preset, row.rules) for row in rows]


def rule_set_forms(client, table: str, action: str) -> list:
    """The forms of the table's page whose address ends with `action` ("name", "remove")."""
    page = Page(client.get(f"/t/{table}"))
    return [f for f in page.find_all("form") if f.attrs.get("action", "").endswith(action)]


def test_the_rules_of_the_latest_game_are_kept_under_a_name(app, client):
    table = table_with_a_game(client)
    keep(client, table, "Friday rules")
    expected = scoring.PRESETS[scoring.DEFAULT_PRESET].rules.but(
        target=300, bag_limit=5, bag_mode=scoring.BagMode.RESET
    )
    assert kept(app) == [("Friday rules", scoring.DEFAULT_PRESET, expected.to_dict())]
    page = Page(client.get(f"/t/{table}"))
    assert "Friday rules" in page.text
    assert "300" in page.find("li", cls="rule-set").text


def test_a_double_tapped_keep_makes_one_rule_set(app, client):
    table = table_with_a_game(client)
    form = Page(client.get(f"/t/{table}")).form(cls="keep-rules")
    first = submit(client, form, {"name": "Friday rules"})
    again = submit(client, form, {"name": "Friday rules"})
    assert first.status_code == again.status_code == 303
    assert [name for name, _, _ in kept(app)] == ["Friday rules"]


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("   ", "Give the rule set a name."),
        ("x" * 41, "40"),
        ("Friday\x07", "This name has characters that cannot be shown."),
    ],
)
def test_a_name_that_is_empty_too_long_or_unprintable_is_refused(app, client, name, message):
    table = table_with_a_game(client)
    response = keep(client, table, name, expect=422)
    assert any(message in error for error in Page(response).errors("name"))
    assert kept(app) == []


def test_a_name_another_rule_set_has_is_refused_in_both_languages(app, client):
    table = table_with_a_game(client)
    keep(client, table, "Friday rules")
    response = keep(client, table, "Friday rules", expect=422)
    assert Page(response).errors("name") == ["The table already has a rule set by that name."]
    response = keep(client, table, "Friday rules", expect=422, **{"Accept-Language": "pt-BR"})
    assert Page(response).errors("name") == ["A mesa já tem um conjunto de regras com esse nome."]
    assert len(kept(app)) == 1


def test_a_table_without_a_game_has_no_rules_to_keep(app, client):
    table = make_table(client)
    assert not Page(client.get(f"/t/{table}")).has_form("keep-rules")
    response = client.post(f"/t/{table}/rule-sets", data={"name": "Friday rules"})
    assert response.status_code == 422
    assert "No game at this table yet" in response.text
    assert kept(app) == []


def test_a_rule_set_is_renamed_and_a_taken_name_is_refused(app, client):
    table = table_with_a_game(client)
    keep(client, table, "Friday rules")
    keep(client, table, "Sunday rules")
    friday = rule_set_forms(client, table, "/name")[0]
    assert submit(client, friday, {"name": "Club rules"}).status_code == 303
    assert sorted(name for name, _, _ in kept(app)) == ["Club rules", "Sunday rules"]
    friday = rule_set_forms(client, table, "/name")[0]
    refused = submit(client, friday, {"name": "Sunday rules"})
    assert refused.status_code == 422
    assert Page(refused).errors("name") == ["The table already has a rule set by that name."]
    assert sorted(name for name, _, _ in kept(app)) == ["Club rules", "Sunday rules"]


def test_a_rule_set_is_removed_once_however_often_its_form_is_sent(app, client):
    table = table_with_a_game(client)
    keep(client, table, "Friday rules")
    remove = rule_set_forms(client, table, "/remove")[0]
    assert submit(client, remove).status_code == 303
    assert submit(client, remove).status_code == 303  # a double tap: answered as the first
    assert "Friday rules" not in Page(client.get(f"/t/{table}")).text
    assert [name for name, _, _ in kept(app)] == [None]
    keep(client, table, "Friday rules")  # its name is free again
    assert [name for name, _, _ in kept(app)] == [None, "Friday rules"]


def test_a_removed_rule_set_cannot_be_renamed_or_removed_by_a_new_form(app, client):
    table = table_with_a_game(client)
    keep(client, table, "Friday rules")
    rename = rule_set_forms(client, table, "/name")[0]
    remove = rule_set_forms(client, table, "/remove")[0]
    assert submit(client, remove).status_code == 303
    assert submit(client, rename, {"name": "Club rules"}).status_code == 404
    action = remove.attrs["action"]
    response = client.post(action, data={"nonce": "anotherformtoken0000000"})
    assert response.status_code == 404
    assert "The table has no such rule set" in response.text
    assert [name for name, _, _ in kept(app)] == [None]


def test_another_tables_rule_set_is_not_reached_through_this_tables_link(app, client):
    ours = table_with_a_game(client)
    theirs = table_with_a_game(client)
    keep(client, theirs, "Their rules")
    number = rule_set_forms(client, theirs, "/name")[0].attrs["action"].split("/")[-2]
    renamed = client.post(f"/t/{ours}/rule-sets/{number}/name", data={"name": "Mine now"})
    removed = client.post(f"/t/{ours}/rule-sets/{number}/remove", data={})
    assert renamed.status_code == removed.status_code == 404
    assert [name for name, _, _ in kept(app)] == ["Their rules"]


def test_the_view_link_never_reaches_the_rule_sets(app, client):
    table = table_with_a_game(client)
    keep(client, table, "Friday rules")
    view = view_token(client, table)
    assert "Friday rules" not in client.get(f"/tv/{view}").text
    number = rule_set_forms(client, table, "/name")[0].attrs["action"].split("/")[-2]
    assert client.post(f"/t/{view}/rule-sets", data={"name": "Mine"}).status_code == 404
    assert client.post(f"/tv/{view}/rule-sets", data={"name": "Mine"}).status_code in (404, 405)
    removed = client.post(f"/t/{view}/rule-sets/{number}/remove", data={})
    assert removed.status_code == 404
    assert [name for name, _, _ in kept(app)] == ["Friday rules"]


def test_a_replaced_table_link_answers_410_and_writes_nothing(app, client):
    table = table_with_a_game(client)
    keep(client, table, "Friday rules")
    number = rule_set_forms(client, table, "/name")[0].attrs["action"].split("/")[-2]
    replace_link(client, f"/t/{table}", "edit")
    assert client.post(f"/t/{table}/rule-sets", data={"name": "Mine"}).status_code == 410
    renamed = client.post(f"/t/{table}/rule-sets/{number}/name", data={"name": "Mine"})
    removed = client.post(f"/t/{table}/rule-sets/{number}/remove", data={})
    assert renamed.status_code == removed.status_code == 410
    assert [name for name, _, _ in kept(app)] == ["Friday rules"]


@pytest.mark.parametrize("number", ["99999999999999999999", "1234567890"])
def test_a_rule_set_number_no_database_can_hold_is_no_rule_set_not_an_error(app, client, number):
    """A number too long for an integer column is answered as any unknown set: 404 on the
    table's forms, and the plain form on the new-game page."""
    table = table_with_a_game(client)
    keep(client, table, "Friday rules")
    renamed = client.post(f"/t/{table}/rule-sets/{number}/name", data={"name": "Other"})
    removed = client.post(f"/t/{table}/rule-sets/{number}/remove", data={})
    assert renamed.status_code == removed.status_code == 404
    assert client.get(f"/?table={table}&rule_set={number}").status_code == 200
    assert [name for name, _, _ in kept(app)] == ["Friday rules"]


@pytest.mark.parametrize("number", ["\u00b2", "\u0663", "+1", " 1"])
def test_a_rule_set_number_in_other_digits_or_signs_opens_the_plain_form(client, number):
    table = table_with_a_game(client)
    keep(client, table, "Friday rules")
    page = Page(client.get("/", query_string={"table": table, "rule_set": number}))
    assert page.response.status_code == 200
    assert 'name="rule_set"' in page.response.text  # the table's sets offered, none chosen


def test_one_tables_keep_form_sent_to_another_table_is_refused_there_not_taken_as_sent(app, client):
    """A form's one-time token recognises a resend at the table it came from only: sent to
    another table it is refused (422, with a message) and keeps nothing, instead of being
    answered as kept while nothing was."""
    first, second = table_with_a_game(client), table_with_a_game(client, target="400")
    form = Page(client.get(f"/t/{first}")).form(cls="keep-rules")
    assert submit(client, form, {"name": "Friday rules"}).status_code == 303
    data = {i.attrs["name"]: i.attrs.get("value", "") for i in form.find_all("input")}
    answer = client.post(f"/t/{second}/rule-sets", data=data | {"name": "Saturday rules"})
    assert answer.status_code == 422
    assert Page(answer).all_errors()
    assert [name for name, _, _ in kept(app)] == ["Friday rules"]
