"""A new season of a club: its name, its first and last days, and how its nights give points."""

from __future__ import annotations

import re
from typing import Any

from flask_babel import gettext
from flask_babel import lazy_gettext as _l
from wtforms import DateField, IntegerField, StringField
from wtforms.validators import (
    DataRequired,
    InputRequired,
    Length,
    NumberRange,
    Optional,
    ValidationError,
)

from clubs.services.seasons import SeasonSetup
from forms.base import Form, nonce_field, required_name_field

MOST_POINTS = 1000  # a night's points for one thing, at most: far above any table's
MOST_PLACES = 64  # as many places as a tournament has teams
POINTS_LENGTH = 400


class SeasonForm(Form):
    """A new season: name, days, points per place, per game won and for playing, best nights."""

    nonce = nonce_field()
    name = required_name_field(_l("Name of the season"), _l("Give the season a name."))
    first_day = DateField(
        _l("First day"), validators=[DataRequired(message=_l("Which day does it begin?"))]
    )
    last_day = DateField(
        _l("Last day"), validators=[DataRequired(message=_l("Which day does it end?"))]
    )
    place_points = StringField(
        _l("Points per place in a tournament"),
        default="10, 8, 6, 5, 4, 3, 2, 1",
        description=_l("Place 1 first, separated by commas; places beyond the list get 0."),
        validators=[Length(max=POINTS_LENGTH)],
    )
    win_points = IntegerField(
        _l("Points per game won on an evening"),
        default=1,
        validators=[InputRequired(), NumberRange(0, MOST_POINTS)],
    )
    attendance_points = IntegerField(
        _l("Points for playing in a night"),
        default=0,
        validators=[InputRequired(), NumberRange(0, MOST_POINTS)],
    )
    best_nights = IntegerField(
        _l("Count each player's best nights (blank: every night)"),
        validators=[Optional(), NumberRange(1, 365)],
    )

    # The points per place as the field's check read them, once it has passed.
    places: tuple[int, ...] = ()

    def validate_last_day(self, field: Any) -> None:
        """A season ends on or after the day it begins."""
        if self.first_day.data and field.data and field.data < self.first_day.data:
            raise ValidationError(gettext("The season ends before it begins."))

    def validate_place_points(self, field: Any) -> None:
        """Read the points per place: a whole number of 0 or more for every place, place 1
        first, none left out."""
        parts = [part.strip() for part in (field.data or "").split(",")]
        if parts == [""]:
            raise ValidationError(gettext("Give the points of place 1 at least."))
        for place, part in enumerate(parts, start=1):
            if not re.fullmatch(r"\d{1,4}", part) or int(part) > MOST_POINTS:
                raise ValidationError(
                    gettext(
                        "Place %(place)s needs its points: a whole number from 0 to %(most)s.",
                        place=place,
                        most=MOST_POINTS,
                    )
                )
        if len(parts) > MOST_PLACES:
            raise ValidationError(gettext("That is more places than a tournament has teams."))
        self.places = tuple(int(part) for part in parts)

    def setup(self) -> SeasonSetup:
        """The season the valid form describes."""
        return SeasonSetup(
            name=self.name.data,
            first_day=self.first_day.data,
            last_day=self.last_day.data,
            place_points=self.places,
            win_points=self.win_points.data,
            attendance_points=self.attendance_points.data,
            best_nights=self.best_nights.data,
        )
