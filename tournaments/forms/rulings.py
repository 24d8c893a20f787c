"""The director's ruling that awards a table's game by forfeit: to which side, by the button
tapped (North–South or East–West), and why, for the rulings' log."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from wtforms import SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import DataRequired, InputRequired, Length

from forms.adjustment import REASON_LENGTH
from forms.base import ActionForm, drop_bidi_controls, printable, strip


class AwardForm(ActionForm):
    """The side (0 North–South, 1 East–West) the game is awarded to, with the game's version
    the page showed and a one-time token, as every write to a game carries."""

    side = SelectField(
        choices=[SelectChoice(side, str(side)) for side in (0, 1)],
        coerce=int,
        validators=[InputRequired()],
    )
    reason = StringField(
        _l("Why the game is awarded"),
        validators=[
            DataRequired(message=_l("Say why the game is awarded by forfeit.")),
            Length(max=REASON_LENGTH),
            printable,
        ],
        filters=[drop_bidi_controls, strip],
    )
