"""The director's form that adds a team late: its name and its two players, each checked as
the new-tournament form checks a team's names, and the tournament's version the page showed
(so the form sent again is answered as done)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from flask_babel import gettext
from flask_babel import lazy_gettext as _l
from wtforms.validators import ValidationError

import scoring
from forms.base import ActionForm, required_name_field
from tournaments.services.directory import Entrant


class LateTeamForm(ActionForm):
    """A team added late: its name, not one the tournament has (however spelt), and its two
    players."""

    name = required_name_field(_l("Team name"), _l("Give the team a name."))
    player_0 = required_name_field(_l("First player"), _l("Name the team's two players."))
    player_1 = required_name_field(_l("Second player"), _l("Name the team's two players."))

    def __init__(self, names: Iterable[str] = (), *args: Any, **kwargs: Any) -> None:
        """The form for a tournament whose teams have these names."""
        super().__init__(*args, **kwargs)
        self.taken = {scoring.name_key(name) for name in names}

    def validate_name(self, field: Any) -> None:
        """Refuse a name a team of the tournament has, as the new-tournament form does."""
        if field.data and scoring.name_key(field.data) in self.taken:
            raise ValidationError(gettext("A team of that name is already entered."))

    def entrant(self) -> Entrant:
        """The team the valid form describes."""
        return Entrant(self.name.data, (self.player_0.data, self.player_1.data))
