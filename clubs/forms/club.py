"""The forms of a club: a new club, and a table or a tournament of this phone's given to it."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from wtforms import SelectField

from forms.base import ActionForm, Form, nonce_field, required_name_field


class ClubForm(Form):
    """A new club: its name."""

    nonce = nonce_field()
    name = required_name_field(_l("Name of the club"), _l("Give the club a name."))


class HoldForm(ActionForm):
    """A table or a tournament the club holds from now on: one of those whose edit link this
    phone holds and no club holds yet, chosen by that link (the choices are the page's)."""

    held = SelectField(_l("Choose"), choices=[])


class JoinForm(ActionForm):
    """Two names of the club's players that are one person: `name` counts as `same_as` from
    now on (the choices are the page's: the club's players)."""

    name = SelectField(_l("This name"), choices=[])
    same_as = SelectField(_l("is the same person as"), choices=[])
