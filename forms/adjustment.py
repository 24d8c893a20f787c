"""The form of an adjustment: points given to (or taken from) one side after a hand, with a
reason. Its checks beyond "a whole number" and "a side" are the engine's (forms.problems)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import IntegerField, RadioField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length, Optional

import scoring
from forms.base import ActionForm, drop_bidi_controls, printable, strip
from forms.problems import problem_message

# A reason is a few words ("renege", "slow play"): enough for a ruling, short in a history line.
REASON_LENGTH = 60


# Whether an adjustment gives the points or takes them away: chosen beside the number, since a
# phone's number pad (an iPhone's) may have no minus key.
TAKE = "take"


class AdjustmentForm(ActionForm):
    """Which side, how many points (given, or taken away when `direction` says so or the
    number is negative), and why."""

    side = SelectField(_l("For"), coerce=int)
    direction = RadioField(
        choices=[
            SelectChoice("give", _l("Give points")),
            SelectChoice(TAKE, _l("Take points away")),
        ],
        default="give",
        validators=[Optional()],
    )
    points = IntegerField(
        _l("Points"), validators=[InputRequired(message=_l("Enter the points, as a number."))]
    )
    reason = StringField(
        _l("Reason"),
        validators=[Length(max=REASON_LENGTH), printable],
        filters=[drop_bidi_controls, strip],
    )

    def for_sides(self, sides: Iterable[str]) -> AdjustmentForm:
        """The form offering these sides (teams, or players without partners), in order."""
        self.side.choices = list(enumerate(sides))
        return self

    def adjustment(self, after_hand: int) -> scoring.Adjustment:
        """The adjustment as sent, once the form validated, recorded after hand `after_hand`."""
        points = -abs(self.points.data) if self.direction.data == TAKE else self.points.data
        return scoring.Adjustment(after_hand, self.side.data, points, self.reason.data)

    def add_problems(self, problems: Iterable[scoring.Problem], rules: scoring.Rules) -> None:
        """Word the engine's problems, each beside the field it concerns (or the form's)."""
        for problem in problems:
            field: Any = _FIELD_OF.get(problem.code)
            message = problem_message(problem, rules)
            if field is None:
                self.form_errors.append(message)
            else:
                self[field].errors = [*self[field].errors, message]


# Which field an adjustment's problem is said beside; any other is the whole form's.
_FIELD_OF = {
    "adjustment_side": "side",
    "adjustment_zero": "points",
    "adjustment_too_large": "points",
    "adjustment_reason_missing": "reason",
}
