"""The director's form that brings a substitute into a team: which of its two players leaves,
and the name of who comes in, checked as the new-tournament form checks a player's name; with
the team's players as its page showed them and a one-time token, so a form from a page shown
before another substitute came in, or sent twice, is recognised."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext
from flask_babel import lazy_gettext as _l
from wtforms import HiddenField, RadioField
from wtforms.validators import ValidationError

import scoring
from forms.base import Form, nonce_field, required_name_field


class SwapForm(Form):
    """One player of a team replaced: the player (0 or 1, named by the team's players as they
    stand) and the substitute's name, which is not the partner's; the players the page showed
    (`shown`) and the one-time token."""

    player = RadioField(_l("Who leaves"), choices=[0, 1], coerce=int, default=0)
    name = required_name_field(_l("Substitute"), _l("Name the player who comes in."))
    shown_0 = HiddenField()
    shown_1 = HiddenField()
    nonce = nonce_field()

    def __init__(self, players: tuple[str, str], *args: Any, **kwargs: Any) -> None:
        """The form for a team of these two players, who name the choices."""
        super().__init__(*args, **kwargs)
        self.players = players
        self.player.choices = list(enumerate(players))

    @property
    def partner(self) -> int:
        """The player who leaves, 0 or 1."""
        return 1 if self.player.data == 1 else 0

    @property
    def shown(self) -> str | None:
        """The player who leaves as the form's page named them; None when it did not say."""
        shown: str | None = (self.shown_0, self.shown_1)[self.partner].data
        return shown if shown else None

    def validate_name(self, field: Any) -> None:
        """Refuse the partner's own name (however spelt): a team is two players."""
        kept = self.players[1 - self.partner]
        if field.data and scoring.name_key(field.data) == scoring.name_key(kept):
            raise ValidationError(gettext("That is the partner's name: a team is two players."))
