"""The director's form that starts a tournament's playoff: how many of the top teams play it
(2, 4 or 8, checked against the field by `tournament.first_stage`) and its games' length."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from wtforms import IntegerField, RadioField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired

from forms.base import Form
from tournaments.services.playoff import AS_ROUNDS, TO_TARGET


class PlayoffForm(Form):
    """The playoff's size and length: as the rounds, or every game to the target."""

    size = IntegerField(_l("Teams in the playoff"), validators=[InputRequired()])
    length = RadioField(
        _l("Length of a playoff game"),
        choices=[
            SelectChoice(AS_ROUNDS, _l("As the rounds")),
            SelectChoice(TO_TARGET, _l("To the target score")),
        ],
        default=AS_ROUNDS,
    )
