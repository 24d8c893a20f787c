"""A table's rule sets on the pages: the new-game form opened for a table (its latest game's
rules filled in, its rule sets offered, one of them played when chosen) and the forms that
keep, rename and remove them on the table's own page (its routes are in `tables.routes.table`)."""

from __future__ import annotations

from typing import Any, NamedTuple

from flask_babel import gettext

import scoring
from forms import NewGameForm
from records.tables import TableRecord
from tables.forms.table import RuleSetForm
from tables.services import rule_sets
from web.filters import rules_summary


class KeptRules(NamedTuple):
    """A rule set's rules as `rules_summary` reads a game's: its preset and its engine rules."""

    preset: str
    scoring_rules: scoring.Rules


def no_such_rule_set() -> str:
    """What a person is told of a rule set the table does not have."""
    return gettext("The table has no such rule set. Choose another.")


def offer_rule_sets(form: NewGameForm, table: TableRecord | None) -> None:
    """Offer the chosen table's rule sets on the new-game form (none without a table)."""
    form.offer_rule_sets(rule_sets.rule_sets(table) if table is not None else [])


def open_at_table(form: NewGameForm, table: TableRecord | None, asked: str | None) -> None:
    """The new-game form opened for a table: the rules of the set the address asks for
    (`?rule_set=<its number>`) filled in and that set chosen, else its latest game's rules."""
    if table is None:
        return
    if asked:
        try:
            kept = rule_sets.find_rule_set(table, asked)
        except rule_sets.RuleSetNotFound:
            pass
        else:
            form.rule_set.data = str(kept.id)
            form.fill_rules(kept.preset, scoring.Rules.from_dict(kept.rules))
            return
    latest = rule_sets.latest_rules(table)
    if latest is not None:
        form.fill_rules(*latest)


def play_rule_set(form: NewGameForm, table: TableRecord | None) -> bool:
    """Put the rule set chosen on a sent new-game form in its preset and house-rule fields, so
    that the game plays exactly that set whatever else the form said; whether the form still
    holds (False, with the reason beside the field, for a set the chosen table does not have)."""
    if not form.rule_set.data:
        return True
    try:
        if table is None:
            raise rule_sets.RuleSetNotFound(form.rule_set.data)
        kept = rule_sets.find_rule_set(table, form.rule_set.data)
    except rule_sets.RuleSetNotFound:
        form.rule_set.errors = [no_such_rule_set()]
        return False
    form.play_exactly(kept.preset, scoring.Rules.from_dict(kept.rules))
    return bool(form.validate())  # the first dealer must sit at the set's table


def table_rule_sets(
    table: TableRecord, sent: RuleSetForm | None = None, sent_for: int | None = None
) -> dict[str, Any]:
    """What the table's page shows of its rule sets: each with its rules in words (its preset's
    name and the house rules that differ) and its rename form, and
    the form that keeps the latest game's rules (`sent` shown again in place of the one for
    `sent_for`, a set's number, or of the keep form when None)."""
    shown = []
    for kept in rule_sets.rule_sets(table):
        rename = RuleSetForm(formdata=None, name=kept.name)
        if sent is not None and sent_for == kept.id:
            rename = sent
        rules = KeptRules(kept.preset, scoring.Rules.from_dict(kept.rules))
        shown.append((kept, rules_summary(rules), rename))
    keep = sent if sent is not None and sent_for is None else RuleSetForm(formdata=None)
    return {"rule_sets": shown, "keep_form": keep, "has_games": has_games(table)}


def has_games(table: TableRecord) -> bool:
    """Whether the table has a game whose rules can be kept."""
    return rule_sets.latest_rules(table) is not None
