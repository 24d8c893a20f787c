"""The forms of a table of people who play together: a new table, a game joining one, and the
table's rule sets kept, renamed and removed."""

from __future__ import annotations

import re
from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import SelectField, StringField
from wtforms.validators import Length, Optional

from forms.base import (
    NONCE_PATTERN,
    ActionForm,
    Form,
    nonce_field,
    required_name_field,
    table_choices,
)
from forms.base import strip as strip_spaces


class TableForm(Form):
    """A new table of people who play together: its name."""

    nonce = nonce_field()
    name = required_name_field(_l("Name of the table"), _l("Give the table a name."))


class JoinTableForm(ActionForm):
    """Count a game among a table's games: one of this phone's tables, or a table's edit link
    pasted whole."""

    in_table = SelectField(_l("Table"), choices=[], validate_choice=False)
    table_link = StringField(
        _l("Or paste the table's edit link"),
        validators=[Optional(), Length(max=300)],
        filters=[strip_spaces],
    )

    def offer_tables(self, tables: Any) -> None:
        """Offer these tables (stored table records)."""
        self.in_table.choices = table_choices(tables)

    def table_token(self) -> str | None:
        """The edit token of the table asked for: from the pasted link when there is one (its
        last part), else the chosen table; None when neither has a token's shape."""
        raw = self.table_link.data or self.in_table.data or ""
        token = raw.rstrip("/").rsplit("/", 1)[-1]
        return token if re.fullmatch(NONCE_PATTERN, token) else None


class RuleSetForm(Form):
    """A name for a table's rule set: to keep the rules of its latest game as one, or to rename
    one. Each form carries its own one-time token."""

    nonce = nonce_field()
    name = required_name_field(_l("Name of the rule set"), _l("Give the rule set a name."))


class RemoveRuleSetForm(Form):
    """The button that removes one of a table's rule sets: its one-time token only."""

    nonce = nonce_field()
