"""What every form here shares: WTForms' messages in the user's language, the name fields, the
range check of whole numbers, the one-time token and the button form."""

from __future__ import annotations

import unicodedata
from functools import cache
from typing import Any

from babel import support
from flask_babel import get_locale, gettext
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import HiddenField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.i18n import messages_path
from wtforms.validators import DataRequired, Length, Optional, Regexp, ValidationError

from records.games import NAME_LENGTH, NONCE_SHAPE, new_token

# A check WTForms runs on a field: it raises ValidationError to refuse the value.
Check = Any

NONCE_PATTERN = rf"^{NONCE_SHAPE}$"
SEAT_NAMES = (_l("North"), _l("East"), _l("South"), _l("West"))
TEAM_NAMES = (_l("Team A"), _l("Team B"))
# The characters that change the direction of the text after them: embeddings, overrides and
# isolates (U+202A-U+202E, U+2066-U+2069) and the direction marks (LRM, RLM, ALM). A name ending
# in a right-to-left override would reverse the score printed after it; no name needs them.
BIDI_CONTROLS = dict.fromkeys(
    map(ord, "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
)


def name_field(label: Any, length: int = NAME_LENGTH) -> Any:
    """A short optional name field; blank takes the default shown as its placeholder."""
    return StringField(
        label,
        validators=[Optional(), Length(max=length), printable],
        filters=[drop_bidi_controls, strip],
    )


def required_name_field(label: Any, missing: Any) -> Any:
    """A short name that must be given (`missing` says so when it is not)."""
    return StringField(
        label,
        validators=[DataRequired(message=missing), Length(max=NAME_LENGTH), printable],
        filters=[drop_bidi_controls, strip],
    )


def printable(form: Any, field: Any) -> None:
    """Refuse invisible control characters: no table needs them, and some databases refuse them."""
    if not shows(field.data or ""):
        raise ValidationError(gettext("This name has characters that cannot be shown."))


def shows(text: str) -> bool:
    """Whether a name has no control character (see `printable`)."""
    return not any(unicodedata.category(c) == "Cc" for c in text)


def drop_bidi_controls(value: object) -> object:
    """Remove the characters that would turn the text around a name (see BIDI_CONTROLS)."""
    return value.translate(BIDI_CONTROLS) if isinstance(value, str) else value


def strip(value: object) -> object:
    """Trim spaces so a name of only spaces counts as blank."""
    return value.strip() if isinstance(value, str) else value


def fresh_nonce() -> str:
    """A new one-time token for each rendered form."""
    return new_token()


def nonce_field() -> Any:
    """The hidden one-time token of a form, so the same form sent twice is recognised."""
    return HiddenField(default=fresh_nonce, validators=[Optional(), Regexp(NONCE_PATTERN)])


def between(low: int, high: int) -> Check:
    """A range check that compares whole numbers as they are.

    WTForms' NumberRange turns the number into a float first, which fails with an error
    instead of a refusal for a number of more than about 300 digits.
    """

    def check(form: Any, field: Any) -> None:
        """Refuse a number outside low..high with a message beside the field."""
        if field.data is not None and not low <= field.data <= high:
            raise ValidationError(
                gettext("A whole number from %(low)s to %(high)s.", low=low, high=high)
            )

    return check


@cache
def _wtforms_catalog(locale: str) -> support.NullTranslations:
    """WTForms' own messages in one language, read from disk once per worker."""
    return support.Translations.load(messages_path(), [locale], domain="wtforms")


class Form(FlaskForm):  # type: ignore[misc]  # Flask-WTF ships no types
    """The base of every form here: WTForms' messages in the user's language."""

    class Meta(FlaskForm.Meta):  # type: ignore[misc]
        """Form settings shared by every form."""

        def get_translations(self, form: Any) -> support.NullTranslations:
            """The cached catalogue (Flask-WTF would read and parse it on every request)."""
            return _wtforms_catalog(str(get_locale()))


class ActionForm(Form):
    """A button's form: the CSRF token, the version the page showed (a game's, or a
    tournament's), a one-time token."""

    version = HiddenField(validators=[Optional(), Regexp(r"^\d{1,9}$")])
    nonce = nonce_field()

    def seen_version(self) -> int | None:
        """The version the page showed, as a number, if it said (the field checked it)."""
        return int(self.version.data) if self.version.data else None


def table_choices(tables: Any) -> list[SelectChoice]:
    """One choice per table (stored table records), chosen by its edit link, named by its name."""
    return [SelectChoice(t.edit_token, t.name) for t in tables]
