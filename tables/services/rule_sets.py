"""A table's rule sets ("Friday rules"): the rules of a game at the table kept under a name,
picked when a game is started there, renamed and removed. And the rules a new game at a table
starts from: its latest game's.

Each change is one transaction. Keeping a set is done once per form (its one-time token), and
so is removing one: a removed set stays, nameless, holding the token of the form that removed it.
"""

from __future__ import annotations

import re

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

import scoring
from extensions import db
from games.creating import create_once
from records.games import GameRecord
from records.tables import RuleSetRecord, TableRecord


class RuleSetNotFound(LookupError):
    """The table has no rule set by that number (never had, removed, or another table's)."""


class NameTaken(ValueError):
    """Another rule set of the table already has that name."""


def rule_sets(table: TableRecord) -> list[RuleSetRecord]:
    """The table's rule sets, by name."""
    return list(
        db.session.scalars(
            select(RuleSetRecord)
            .where(RuleSetRecord.table_id == table.id, RuleSetRecord.name.is_not(None))
            .order_by(RuleSetRecord.name, RuleSetRecord.id)
        ).all()
    )


# A rule set's number as an address or a form gives it: plain digits, few enough for any
# database's integer column (anything else is no rule set, never an error).
SET_NUMBER = re.compile(r"[0-9]{1,9}")


def set_number(number: object) -> int | None:
    """A rule set's number from an address or a form (text or a whole number), or None when it
    cannot be one."""
    text = str(number) if isinstance(number, int) and not isinstance(number, bool) else number
    if not isinstance(text, str) or SET_NUMBER.fullmatch(text) is None:
        return None
    return int(text)


def stored_rule_set(table: TableRecord, number: object) -> RuleSetRecord | None:
    """The table's rule set row by its number, removed or not; None for any other number."""
    set_id = set_number(number)
    found = None if set_id is None else db.session.get(RuleSetRecord, set_id)
    return found if found is not None and found.table_id == table.id else None


def find_rule_set(table: TableRecord, number: object) -> RuleSetRecord:
    """One of the table's rule sets by its number; RuleSetNotFound when it has none such."""
    found = stored_rule_set(table, number)
    if found is None or found.name is None:
        raise RuleSetNotFound(number)
    return found


def latest_rules(table: TableRecord) -> tuple[str, scoring.Rules] | None:
    """The preset and rules of the table's latest game, or None before its first."""
    row = db.session.execute(
        select(GameRecord.preset, GameRecord.rules)
        .where(GameRecord.table_id == table.id)
        .order_by(GameRecord.id.desc())
        .limit(1)
    ).first()
    return None if row is None else (row.preset, scoring.Rules.from_dict(row.rules))


def _name_taken(table: TableRecord, name: str, but: int | None = None) -> bool:
    """Whether another of the table's rule sets than `but` is called `name`."""
    query = select(RuleSetRecord.id).where(
        RuleSetRecord.table_id == table.id, RuleSetRecord.name == name
    )
    if but is not None:
        query = query.where(RuleSetRecord.id != but)
    return db.session.scalar(query) is not None


def keep_rule_set(
    table: TableRecord, name: str, preset: str, rules: scoring.Rules, nonce: str | None
) -> RuleSetRecord:
    """Keep these rules as a rule set of the table; the same form sent twice gives the set it
    made first. NameTaken when another set has the name."""

    def made_before() -> RuleSetRecord | None:
        """The set this very form already made."""
        if not nonce:
            return None
        made = select(RuleSetRecord).where(
            RuleSetRecord.creation_nonce == nonce, RuleSetRecord.table_id == table.id
        )
        return db.session.scalar(made)

    if made_before() is None and _name_taken(table, name):
        raise NameTaken(name)

    def make() -> RuleSetRecord:
        """The new set as the form describes it."""
        return RuleSetRecord(
            table_id=table.id,
            name=name,
            preset=preset,
            rules=rules.to_dict(),
            creation_nonce=nonce or None,
        )

    try:
        return create_once(make, made_before)
    except IntegrityError:  # another form took the name at the same moment
        raise NameTaken(name) from None


def rename_rule_set(table: TableRecord, set_id: int, name: str) -> RuleSetRecord:
    """Give one of the table's rule sets a new name (the same name again changes nothing, so a
    resent form is answered as the first; of two phones renaming one set, the last name sent
    stays, as with a table's own name); NameTaken when another set has it."""
    kept = find_rule_set(table, set_id)
    if kept.name == name:
        return kept
    if _name_taken(table, name, but=kept.id):
        raise NameTaken(name)
    kept.name = name
    try:
        db.session.commit()
    except IntegrityError:  # taken at the same moment by another form
        db.session.rollback()
        raise NameTaken(name) from None
    return kept


def remove_rule_set(table: TableRecord, set_id: int, nonce: str | None) -> None:
    """Remove one of the table's rule sets; the form that removed it, sent again, changes
    nothing and is not refused."""
    found = stored_rule_set(table, set_id)
    if found is not None and nonce and found.removal_nonce == nonce:
        return
    kept = find_rule_set(table, set_id)
    # The name goes, so that a new set may take it; the row stays to recognise the form.
    kept.name = None
    kept.removal_nonce = nonce or None
    try:
        db.session.commit()
    except IntegrityError:  # a token another removal already used: not a form of ours
        db.session.rollback()
        raise RuleSetNotFound(set_id) from None
