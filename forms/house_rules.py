"""The rule parameters in words: one row per field of `scoring.Rules`.

Each row gives a parameter's label and help in the user's language, what kind of value it takes
and at which tables it is offered; its range is the engine's (`scoring.RULE_LIMITS`) and its
choices the engine's named values. The new-game form's house-rule fields, their conversion to
`scoring.Rules`, the form's list on the home page and the game page's rules summary all come
from this table.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import Any

from flask_babel import gettext
from flask_babel import lazy_gettext as _l
from wtforms import IntegerField, SelectField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import Optional, ValidationError

import scoring
from forms.base import between


class Kind(Enum):
    """What kind of value a rule parameter takes in the form."""

    NUMBER = "a whole number, taken as typed"
    OFF_AT_ZERO = "a whole number, where 0 turns the rule off (the engine's None)"
    CHOICE = "one of the values the engine names"
    YES_NO = "on or off"


class Tables(Enum):
    """Where a rule parameter is offered as a house rule."""

    ANY = "at every table"
    PARTNERS = "only at a table of partners"
    FIXED = "never: the table or the preset sets it"


@dataclass(frozen=True, slots=True)
class Option:
    """One value of a choice: what the form sends, what the engine takes, and its words."""

    value: str
    rule: object
    label: Any


def _named(values: type[StrEnum], labels: dict[Any, Any]) -> tuple[Option, ...]:
    """The options of a parameter whose values the engine names, in the engine's order; a value
    without words fails here, when the app starts."""
    return tuple(Option(value.value, value, labels[value]) for value in values)


@dataclass(frozen=True, slots=True)
class HouseRule:
    """One rule parameter: its field's name, label and help, its kind, its tables, for a
    choice its options, and whether the new-game form offers it yet."""

    name: str
    label: Any
    kind: Kind
    help: Any = ""
    tables: Tables = Tables.ANY
    options: tuple[Option, ...] = ()
    # False for a rule the engine keeps but the scorer's page cannot play yet: offering it would
    # start games nobody can finish as the rule says.
    offered: bool = True

    @property
    def partners_only(self) -> bool:
        """Whether this house rule is offered only at a table of partners."""
        return self.tables is Tables.PARTNERS

    @property
    def span(self) -> scoring.Span:
        """The whole numbers this parameter may be set to, as the engine gives them."""
        return scoring.RULE_LIMITS[self.name]

    def field(self) -> Any:
        """The form field of this house rule; blank keeps the preset's value."""
        if self.options:
            keep = SelectChoice("", _l("As the preset"))
            choices = [keep, *(SelectChoice(o.value, o.label) for o in self.options)]
            return SelectField(self.label, choices=choices, default="", description=self.help)
        check = between(self.span.low, self.span.high)
        return IntegerField(self.label, validators=[Optional(), check], description=self.help)

    def rule_value(self, data: Any) -> object:
        """The engine's value for what the form's field holds (not blank)."""
        if self.options:
            return next(o.rule for o in self.options if o.value == data)
        if self.kind is Kind.OFF_AT_ZERO:
            return data or None
        return data

    def field_data(self, value: object) -> Any:
        """What this rule's field holds for the engine's value: `rule_value` undone."""
        for option in self.options:
            if option.rule == value:
                return option.value
        if self.kind is Kind.OFF_AT_ZERO and value is None:
            return 0
        return value

    def wording(self, value: object) -> str:
        """The engine's value of this parameter in the user's language."""
        for option in self.options:
            if option.rule == value:
                return str(option.label)
        return gettext("Off") if value is None else str(value)


HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule("target", _l("Points to win"), Kind.NUMBER),
    HouseRule("floor", _l("Losing floor"), Kind.OFF_AT_ZERO, _l("A negative score; 0: no floor.")),
    HouseRule("nil_bonus", _l("Nil bonus"), Kind.NUMBER),
    HouseRule("blind_nil_bonus", _l("Blind Nil bonus"), Kind.OFF_AT_ZERO, _l("0: no Blind Nil.")),
    HouseRule(
        "blind_nil_deficit",
        _l("Blind Nil only when behind by"),
        Kind.OFF_AT_ZERO,
        _l("0: whatever the score."),
    ),
    HouseRule(
        "blind_nil_exchange",
        _l("Cards swapped after a Blind Nil"),
        Kind.NUMBER,
        tables=Tables.FIXED,
    ),
    HouseRule("bag_limit", _l("Bags before a penalty"), Kind.NUMBER),
    HouseRule("bag_penalty", _l("Bag penalty"), Kind.NUMBER),
    HouseRule(
        "bag_mode",
        _l("Bags past the limit"),
        Kind.CHOICE,
        options=_named(
            scoring.BagMode,
            {
                scoring.BagMode.CARRY: _l("Carry over"),
                scoring.BagMode.RESET: _l("Reset to zero"),
                scoring.BagMode.OFF: _l("Not counted"),
            },
        ),
    ),
    HouseRule(
        "failed_nil_tricks",
        _l("Tricks of a Nil bidder"),
        Kind.CHOICE,
        options=_named(
            scoring.FailedNilTricks,
            {
                scoring.FailedNilTricks.BAGS: _l("Count as bags"),
                scoring.FailedNilTricks.PARTNER: _l("Count toward the partner"),
                scoring.FailedNilTricks.NOTHING: _l("Count for nothing"),
            },
        ),
    ),
    HouseRule("min_team_bid", _l("Minimum team bid"), Kind.NUMBER, _l("0: none.")),
    HouseRule(
        "ten_for_200",
        _l("10 for 200"),
        Kind.YES_NO,
        options=(Option("off", False, _l("Off")), Option("on", True, _l("On"))),
    ),
    HouseRule("boston_bonus", _l("Bonus for all 13 tricks"), Kind.NUMBER, _l("0: none.")),
    HouseRule("players", _l("Players"), Kind.NUMBER, tables=Tables.FIXED),
    HouseRule("partnership", _l("Partners"), Kind.YES_NO, tables=Tables.FIXED),
    HouseRule(
        "tricks_per_hand",
        _l("Tricks a hand"),
        Kind.NUMBER,
        _l("13; 17 with three players (18 with both jokers)."),
    ),
    HouseRule(
        "bids_may_total_tricks",
        _l("Bids adding up to the tricks"),
        Kind.YES_NO,
        options=(
            Option("yes", True, _l("Allowed")),
            Option("no", False, _l("Not allowed: the dealer changes")),
        ),
    ),
    HouseRule(
        "set_scores",
        _l("A contract not made"),
        Kind.CHOICE,
        options=_named(
            scoring.SetScores,
            {
                scoring.SetScores.MINUS: _l("Loses 10 a trick bid"),
                scoring.SetScores.ZERO: _l("Scores nothing for it"),
            },
        ),
    ),
    # The rules of docs/rules.md#more-house-rules that need no stored input beyond the hands:
    # the scorer's page offers the blind bid, asks hand 1 for its tricks only and says "set
    # once" and "hand 4 of 8". Time called and adjustments are stored inputs of their own.
    HouseRule(
        "blind_bid_min",
        _l("Smallest blind bid"),
        Kind.NUMBER,
        _l("0: no blind bids."),
    ),
    HouseRule(
        "blind_bid_deficit",
        _l("Blind bids only when behind by"),
        Kind.OFF_AT_ZERO,
        _l("0: whatever the score."),
    ),
    HouseRule(
        "sets_to_lose",
        _l("Sets that lose the game"),
        Kind.NUMBER,
        _l("0: none."),
        tables=Tables.PARTNERS,
    ),
    HouseRule(
        "sets_in_a_row",
        _l("Only sets in a row count"),
        Kind.YES_NO,
        _l("On: a hand made starts the count again."),
        tables=Tables.PARTNERS,
        options=(Option("off", False, _l("Off")), Option("on", True, _l("On"))),
    ),
    HouseRule(
        "boston_wins",
        _l("Taking every trick wins the game"),
        Kind.YES_NO,
        _l("With a contract of the team's own, made."),
        options=(Option("off", False, _l("Off")), Option("on", True, _l("On"))),
    ),
    HouseRule(
        "hands_limit",
        _l("Hands in a game"),
        Kind.NUMBER,
        _l("0: play to the target."),
    ),
    HouseRule(
        "first_hand_bids_itself",
        _l("First hand bids itself"),
        Kind.YES_NO,
        _l("No bids on hand 1: ten points a trick taken."),
        options=(Option("off", False, _l("Off")), Option("on", True, _l("On"))),
    ),
)
# The rows a person may change when starting a game, in the order the form lists them.
OFFERED = tuple(row for row in HOUSE_RULES if row.tables is not Tables.FIXED and row.offered)


def rules_with(
    rules: scoring.Rules, form: Any, rows: tuple[HouseRule, ...] = OFFERED
) -> scoring.Rules:
    """These rules with every house rule of `rows` filled in on the form applied; a rule for
    partners only is left as it is at a table without partners."""
    changes = {}
    for row in rows:
        data = form[row.name].data
        if data is None or data == "":
            continue
        if row.partners_only and not rules.partnership:
            continue
        changes[row.name] = row.rule_value(data)
    return rules.but(**changes)


def tricks_within_pack(field: Any, preset: scoring.Preset | None) -> None:
    """Refuse more tricks a hand than the pack (54 cards with both jokers) gives every player
    at the preset's table; nothing to say for a blank field or a preset refused beside its own
    field."""
    if field.data is None or preset is None:
        return
    most = scoring.most_tricks(preset.rules.players)
    if field.data > most:
        low = scoring.RULE_LIMITS["tricks_per_hand"].low
        raise ValidationError(
            gettext("A whole number from %(low)s to %(high)s.", low=low, high=most)
        )


def blind_bid_within_tricks(form: Any, field: Any, preset: scoring.Preset | None) -> None:
    """Refuse a smallest blind bid above the hand's tricks (the number typed beside it, else
    the preset's): it would allow no blind bid, and the engine refuses such rules. Nothing to
    say for a blank field or a preset refused beside its own field."""
    if field.data is None or preset is None:
        return
    tricks = form["tricks_per_hand"].data or preset.rules.tricks_per_hand
    if field.data > tricks:
        raise ValidationError(gettext("At most the tricks of a hand: %(tricks)s.", tricks=tricks))


def changes(
    preset: scoring.Rules, rules: scoring.Rules, rows: tuple[HouseRule, ...] = OFFERED
) -> list[tuple[str, str]]:
    """The house rules of `rules` among `rows` (every one offered, unless told) that differ
    from the preset's, each as its label and its value in the user's language."""
    return [
        (str(row.label), row.wording(getattr(rules, row.name)))
        for row in rows
        if getattr(rules, row.name) != getattr(preset, row.name)
    ]


def preset_wordings(rules: scoring.Rules, rows: tuple[HouseRule, ...] = OFFERED) -> dict[str, str]:
    """What each number among `rows` is under a preset's `rules`, in the user's language: the
    placeholder of its blank field, which keeps that value."""
    return {row.name: row.wording(getattr(rules, row.name)) for row in rows if not row.options}
