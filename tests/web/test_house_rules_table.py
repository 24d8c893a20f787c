"""The table of rule parameters (forms.house_rules): one row per field of `scoring.Rules`, and
everything the new-game form, the home page, the game page and docs/formats.md say of the rules
comes from it."""

from __future__ import annotations

import re
from dataclasses import fields, replace
from enum import StrEnum
from pathlib import Path
from types import SimpleNamespace

import pytest

import scoring
from forms.house_rules import HOUSE_RULES, OFFERED, Kind, Tables, rules_with
from testsupport.database import stored_game
from testsupport.pages import Page
from testsupport.playing import game_page, start_game

FORMATS = Path(__file__).parents[2] / "docs" / "formats.md"  # the game JSON's keys
RULE_FIELDS = [f.name for f in fields(scoring.Rules)]
DEFAULTS = scoring.Rules()
ROWS = {row.name: row for row in HOUSE_RULES}
NUMBER_ROWS = [row for row in OFFERED if not row.options]
CHOICE_ROWS = [row for row in HOUSE_RULES if row.kind is Kind.CHOICE]
PRESET = scoring.ALL_PRESETS[scoring.DEFAULT_PRESET]


def test_every_rule_parameter_has_one_row_in_the_engines_order_and_no_row_lacks_one():
    assert [row.name for row in HOUSE_RULES] == RULE_FIELDS


def test_the_parameters_a_table_sets_itself_are_rows_the_form_does_not_offer(client):
    fixed = {row.name for row in HOUSE_RULES if row.tables is Tables.FIXED}
    assert fixed == {"players", "partnership", "blind_nil_exchange"}
    page = Page(client.get("/"))
    assert all(page.find_all(name=name) == [] for name in fixed)


@pytest.mark.parametrize("row", HOUSE_RULES, ids=lambda row: row.name)
def test_each_rows_kind_fits_the_value_the_engine_keeps(row):
    default = getattr(DEFAULTS, row.name)
    if row.kind is Kind.CHOICE:
        assert isinstance(default, StrEnum)
    elif row.kind is Kind.YES_NO:
        assert isinstance(default, bool)
    else:
        assert isinstance(default, int | None) and not isinstance(default, bool)
    if row.tables is not Tables.FIXED and row.kind in (Kind.NUMBER, Kind.OFF_AT_ZERO):
        assert row.name in scoring.RULE_LIMITS


@pytest.mark.parametrize("row", CHOICE_ROWS, ids=lambda row: row.name)
def test_a_choice_offers_every_value_the_engine_names_and_no_other(row):
    kind = type(getattr(DEFAULTS, row.name))
    assert [option.rule for option in row.options] == list(kind)
    assert [option.value for option in row.options] == [value.value for value in kind]


def test_a_yes_or_no_offers_both_and_nothing_else():
    for row in OFFERED:
        if row.kind is Kind.YES_NO:
            assert sorted(option.rule for option in row.options) == [False, True], row.name


def test_the_home_page_lists_the_offered_rows_in_the_tables_order(client):
    box = Page(client.get("/")).find("details", "house-rules")
    shown = [node.attrs["name"] for node in box.iter() if node.tag in ("input", "select")]
    assert shown == [row.name for row in OFFERED]


@pytest.mark.parametrize("row", NUMBER_ROWS, ids=lambda row: row.name)
def test_the_form_refuses_a_number_just_outside_the_engines_span(client, row):
    span = row.span
    message = f"A whole number from {span.low} to {span.high}."
    for value in (span.low - 1, span.high + 1):
        page = Page(start_game(client, expect=422, **{row.name: str(value)}))
        assert message in page.errors(row.name), (value, page.errors(row.name))


def other_value(row):
    """What the form is sent for this row, and what the engine then plays by: a value unlike
    the default preset's."""
    preset = getattr(PRESET.rules, row.name)
    if row.options:
        option = next(o for o in row.options if o.rule != preset)
        return option.value, option.rule
    # The ends of its range, each as the row reads it (0 turns an OFF_AT_ZERO rule off).
    candidates = [(sent, row.rule_value(sent)) for sent in (row.span.low, row.span.high)]
    return next((str(sent), rule) for sent, rule in candidates if rule != preset)


def test_every_house_rule_filled_in_reaches_the_games_rules_and_its_summary(app, client):
    sent = {row.name: other_value(row) for row in OFFERED}
    # A blind bid is at most the hand's tricks, which this sends at their lowest (1).
    assert sent["tricks_per_hand"] == ("1", 1)
    sent["blind_bid_min"] = ("1", 1)
    token = start_game(client, **{name: value for name, (value, _) in sent.items()})
    rules = stored_game(app, token).scoring_rules
    assert {name: getattr(rules, name) for name in sent} == {
        name: rule for name, (_, rule) in sent.items()
    }
    summary = game_page(client, token).find("p", "rules-summary").text
    assert summary.startswith(f"{PRESET.name} · ")
    assert [part.split(":")[0] for part in summary.split(" · ")[1:]] == [
        str(ROWS[name].label) for name in sent
    ]


def test_a_game_by_its_preset_says_only_the_presets_name(client):
    token = start_game(client)
    assert game_page(client, token).find("p", "rules-summary").text == PRESET.name


def test_the_summary_names_a_changed_house_rule_with_its_value_in_either_language(client):
    token = start_game(client, bag_limit="7", bag_mode="reset")
    english = game_page(client, token).find("p", "rules-summary").text
    assert english == "GameLake · Bags before a penalty: 7 · Bags past the limit: Reset to zero"
    portuguese = game_page(client, token, headers={"Accept-Language": "pt-BR"})
    assert portuguese.find("p", "rules-summary").text == (
        "GameLake · Sobras até a penalidade: 7 · Sobras além do limite: Voltam a zero"
    )


def test_a_table_without_partners_is_summed_up_by_its_own_preset(client):
    token = start_game(client, table="three_handed", target="300")
    preset = scoring.INDIVIDUAL_PRESETS["three_handed"]
    summary = game_page(client, token).find("p", "rules-summary").text
    assert summary == f"{preset.name} · Points to win: 300"


def test_a_rule_for_partners_only_is_applied_at_a_table_of_partners_and_nowhere_else():
    row = replace(ROWS["min_team_bid"], tables=Tables.PARTNERS)
    form = {"min_team_bid": SimpleNamespace(data=4)}
    alone = scoring.INDIVIDUAL_PRESETS["cutthroat"].rules
    assert rules_with(PRESET.rules, form, (row,)).min_team_bid == 4
    assert rules_with(alone, form, (row,)) == alone


def test_the_formats_page_lists_exactly_the_rule_parameters_as_the_json_exports_rules_keys():
    rows = FORMATS.read_text(encoding="utf-8").splitlines()
    row = next(line for line in rows if line.startswith("| `rules` |"))
    listed = re.findall(r"`(\w+)`", row.split("|")[2])
    assert listed == RULE_FIELDS
