"""What the new-game form will start, in one line: the "Rules and options" summary under the
names and Start ("GameLake · 500 to win · North deals first").

The server says it from the form's current values, so it is right without script (a form shown
again after a refusal, or opened at a table with its latest rules). The page's script
(static/options.js) says it again as the fields change, from the words and the presets' field
values given here, put on the page once.
"""

from __future__ import annotations

import json
from typing import Any

from flask_babel import gettext, ngettext
from markupsafe import Markup, escape

import scoring
from forms.base import SEAT_NAMES
from forms.house_rules import OFFERED, rules_with
from forms.new_game import NewGameForm

# The placeholder the script puts a number or a name in, in the words it is given.
BLANK = "#"
# The house rules the line names on their own; any other changed is counted.
NAMED = ("target", "hands_limit")


def isolated(text: str) -> Markup:
    """Text people typed, escaped and set apart in a <bdi> so that its direction cannot turn
    the line around it (as the pages' `bdi` filter does)."""
    return Markup("<bdi>{}</bdi>").format(text)


def chosen_label(field: Any) -> str:
    """The words of the choice a select field holds, or "" for none among its choices."""
    return next(
        (str(label) for value, label, *_ in field.iter_choices() if value == field.data), ""
    )


def shown_rules(form: NewGameForm, preset: scoring.Preset) -> scoring.Rules:
    """The rules the form's fields say, leaving out every field refused: a form shown again
    after a refusal still says what its good fields will play."""
    if form.kept_rules is not None:
        return form.kept_rules
    good = tuple(row for row in OFFERED if not form[row.name].errors)
    try:
        return rules_with(preset.rules, form, good)
    except scoring.InvalidRules:  # fields right alone but not together: refused on sending
        return preset.rules


def dealer_name(form: NewGameForm) -> Markup | str:
    """The first dealer's name as typed, or their seat's name (North's for no seat at all, or
    for one refused)."""
    seats = [str(seat) for seat in scoring.SEATS]
    chosen = form.first_dealer.data in seats and not form.first_dealer.errors
    seat = int(form.first_dealer.data) if chosen else 0
    typed = (form[f"player_{seat}"].data or "").strip()
    return isolated(typed) if typed else str(SEAT_NAMES[seat])


def what_is_played(form: NewGameForm) -> Markup:
    """The one line of what the form will start: the table and series, the rule set, the preset,
    the target, the hands, how many other house rules are changed, and who deals first; a
    choice refused beside its field is left out, as `shown_rules` leaves out a refused rule."""
    parts: list[Markup | str] = []
    if form.in_table.data:
        parts.append(isolated(chosen_label(form.in_table)))
    if form.best_of.data and not form.best_of.errors:
        parts.append(chosen_label(form.best_of))
    if form.rule_set.data and not form.rule_set.errors:
        parts.append(isolated(chosen_label(form.rule_set)))
    preset = scoring.ALL_PRESETS.get(form.preset_key())
    if preset is None:  # refused beside its field: the line keeps to what the form offers
        preset = scoring.ALL_PRESETS[scoring.DEFAULT_PRESET]
    rules = shown_rules(form, preset)
    parts.append(gettext(preset.name))
    parts.append(gettext("%(target)s to win", target=rules.target))
    if rules.hands_limit:
        hands = rules.hands_limit
        parts.append(ngettext("%(hands)s hand", "%(hands)s hands", hands, hands=hands))
    more = sum(
        1
        for row in OFFERED
        if row.name not in NAMED and getattr(rules, row.name) != getattr(preset.rules, row.name)
    )
    if more:
        parts.append(
            ngettext("%(count)s more house rule", "%(count)s more house rules", more, count=more)
        )
    # The words escaped, the name put in them keeps its <bdi> (and is escaped itself).
    parts.append(escape(gettext("%(name)s deals first")) % {"name": dealer_name(form)})
    return Markup(" · ").join(parts)


def played_words() -> dict[str, str]:
    """The line's words in the user's language for the script, a number or a name in place of
    `BLANK`: one and more hands, one and more house rules (in English and Portuguese alike, one
    is the only number said in the singular, and 0 is never said); with them the placeholder
    and the house rules the line names on their own, so the script holds neither."""
    return {
        "data-blank": BLANK,
        "data-named": json.dumps(NAMED),
        "data-to-win": gettext("%(target)s to win", target=BLANK),
        "data-hand": ngettext("%(hands)s hand", "%(hands)s hands", 1, hands=BLANK),
        "data-hands": ngettext("%(hands)s hand", "%(hands)s hands", 2, hands=BLANK),
        "data-more-rule": ngettext(
            "%(count)s more house rule", "%(count)s more house rules", 1, count=BLANK
        ),
        "data-more-rules": ngettext(
            "%(count)s more house rule", "%(count)s more house rules", 2, count=BLANK
        ),
        "data-deals-first": gettext("%(name)s deals first", name=BLANK),
    }


def preset_fields(key: str) -> str:
    """A preset's value of every offered house rule as its field would hold it, as JSON: what a
    blank field stands for, to the script."""
    rules = scoring.ALL_PRESETS[key].rules
    return json.dumps({row.name: row.field_data(getattr(rules, row.name)) for row in OFFERED})


def rule_set_fields(form: NewGameForm, number: str) -> str:
    """What choosing one of the offered rule sets puts in the form's fields, as JSON."""
    return json.dumps(dict(form.rule_set_fields).get(number))
