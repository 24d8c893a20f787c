"""The director's ruling that awards a table's game by forfeit: to which side, by the button
tapped (North–South or East–West)."""

from __future__ import annotations

from wtforms import SelectField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired

from forms.base import ActionForm


class AwardForm(ActionForm):
    """The side (0 North–South, 1 East–West) the game is awarded to, with the game's version
    the page showed and a one-time token, as every write to a game carries."""

    side = SelectField(
        choices=[SelectChoice(side, str(side)) for side in (0, 1)],
        coerce=int,
        validators=[InputRequired()],
    )
