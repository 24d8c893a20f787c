"""The new-game form: the table, names, seats, first dealer, rule preset and house rules, and
the group the game is played in."""

from __future__ import annotations

from random import Random
from typing import Any

from flask_babel import gettext
from flask_babel import lazy_gettext as _l
from wtforms import RadioField, SelectField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import Optional, Regexp, ValidationError

import scoring
from forms.base import (
    NONCE_PATTERN,
    SEAT_NAMES,
    TEAM_NAMES,
    Form,
    name_field,
    nonce_field,
    table_choices,
)
from forms.house_rules import (
    OFFERED,
    HouseRule,
    blind_bid_within_tricks,
    rules_with,
    tricks_within_pack,
)

# Who sits at the table: the partnership game, or every player a side of their own; each
# table without partners plays its own preset of scoring.INDIVIDUAL_PRESETS.
PARTNERS = "partners"
TABLES = [
    SelectChoice(PARTNERS, _l("4 players, two teams of partners")),
    SelectChoice("cutthroat", _l("4 players, each on their own")),
    SelectChoice("three_handed", _l("3 players")),
    SelectChoice("two_handed", _l("2 players")),
]
BEST_OF_CHOICES = [
    SelectChoice("", _l("Single games")),
    *(SelectChoice(str(n), _l("Best of %(games)s", games=n)) for n in (3, 5, 7)),
]


# The choice of no rule set: the preset and house rules as the form shows them.
NO_RULE_SET = SelectChoice("", _l("None: the rules below"))


class NewGameForm(Form):
    """The table, teams, seats, first dealer, rule preset and house rules for a new game, and
    the group it is played in (its table of people) with how long its series runs.

    The house-rule fields are made from `forms.house_rules.OFFERED`, below the class."""

    nonce = nonce_field()
    # The edit link of the table of people the game counts for; "" for a game on its own. The
    # choices are the tables this phone knows (`offer_tables`); any table's edit link is taken.
    in_table = SelectField(
        _l("Table"),
        choices=[SelectChoice("", _l("No table"))],
        default="",
        validate_choice=False,
        validators=[Optional(), Regexp(NONCE_PATTERN, message=_l("Choose one of the tables."))],
    )
    best_of = SelectField(_l("Series"), choices=BEST_OF_CHOICES, default="")

    table = RadioField(_l("Players"), choices=TABLES, default=PARTNERS)
    team_0 = name_field(TEAM_NAMES[0])
    team_1 = name_field(TEAM_NAMES[1])
    player_0 = name_field(SEAT_NAMES[0])
    player_1 = name_field(SEAT_NAMES[1])
    player_2 = name_field(SEAT_NAMES[2])
    player_3 = name_field(SEAT_NAMES[3])
    first_dealer = RadioField(
        _l("First dealer"),
        choices=[SelectChoice(str(s), str(s)) for s in scoring.SEATS],
        default="0",
    )
    preset = SelectField(
        _l("Rules"),
        # Named as the engine names them, in the user's language through the catalogue.
        choices=[SelectChoice(key, _l(preset.name)) for key, preset in scoring.PRESETS.items()],
        default=scoring.DEFAULT_PRESET,
    )

    # One of the chosen table's rule sets by its number, "" for none: a set chosen is played
    # exactly, whatever the preset and house-rule fields say (`offer_rule_sets`).
    rule_set = SelectField(
        _l("Rule set"),
        choices=[NO_RULE_SET],
        default="",
        validate_choice=False,
        validators=[Optional(), Regexp(r"^\d{1,9}$", message=_l("Choose one of the rule sets."))],
    )

    # The rules a chosen rule set is played by, whatever the fields say (`play_exactly`).
    kept_rules: scoring.Rules | None = None
    # Each offered rule set's field values by its number (`offer_rule_sets`).
    rule_set_fields: tuple[tuple[str, dict[str, Any] | None], ...] = ()

    def validate_first_dealer(self, field: Any) -> None:
        """The first dealer must sit at the chosen table (seats 0 to players − 1)."""
        preset = scoring.ALL_PRESETS.get(self.preset_key())
        if preset is None:  # an unknown preset is refused beside its own field
            return
        players = preset.rules.players
        if field.data is not None and field.data.isdigit() and int(field.data) >= players:
            raise ValidationError(gettext("Choose one of the players at the table."))

    def validate_tricks_per_hand(self, field: Any) -> None:
        """Every player needs a card for every trick (`tricks_within_pack`)."""
        tricks_within_pack(field, scoring.ALL_PRESETS.get(self.preset_key()))

    def validate_blind_bid_min(self, field: Any) -> None:
        """A blind bid is at most the hand's tricks (the number typed beside it, else the
        preset's): a smallest blind bid above them would allow none, and the engine refuses it."""
        blind_bid_within_tricks(self, field, scoring.ALL_PRESETS.get(self.preset_key()))

    def validate_sets_to_lose(self, field: Any) -> None:
        """A set-out is a team's: at a table without partners the rule is refused, as the
        engine refuses it, rather than dropped unseen."""
        preset = scoring.ALL_PRESETS.get(self.preset_key())
        if field.data and preset is not None and not preset.rules.partnership:
            raise ValidationError(
                gettext("Only partners can be set out: leave this blank at this table.")
            )

    def offer_tables(self, tables: Any) -> None:
        """Offer these tables (stored table records) besides "No table"."""
        self.in_table.choices = [
            SelectChoice("", _l("No table")),
            *table_choices(tables),
        ]

    def offer_rule_sets(self, sets: Any) -> None:
        """Offer these rule sets of the chosen table (stored rule-set records) besides none."""
        self.rule_set.choices = [
            NO_RULE_SET,
            *(SelectChoice(str(s.id), s.name) for s in sets),
        ]
        # What each set puts in the fields, for the page's script to show it when it is chosen.
        self.rule_set_fields = tuple(
            (str(s.id), shown_fields(s.preset, scoring.Rules.from_dict(s.rules))) for s in sets
        )

    def fill_rules(self, preset: str, rules: scoring.Rules) -> None:
        """Show a game's rules on the form (`shown_fields`), so that `rules()` gives these
        rules back; a preset no longer offered leaves the form as it is."""
        for name, data in (shown_fields(preset, rules) or {}).items():
            self[name].data = data

    def series_length(self) -> int | None:
        """How many games the series is played over, or None for single games."""
        return int(self.best_of.data) if self.best_of.data else None

    def shuffle_seats(self, rng: Random) -> None:
        """Deal the typed names to new seats. With partners, the partnerships change: the
        player in the North seat keeps it, and one of the two who were not their partner sits
        opposite. Without partners, the players at the table change seats at random."""
        names = [self[f"player_{seat}"].data or "" for seat in scoring.SEATS]
        if self.preset_key() in scoring.INDIVIDUAL_PRESETS:
            seats = scoring.ALL_PRESETS[self.preset_key()].rules.seats
            seated = [names[seat] for seat in seats]
            rng.shuffle(seated)
            for seat, name in zip(seats, seated, strict=True):
                self[f"player_{seat}"].data = name
            return
        partner = rng.choice([1, 3])  # whoever sat East or West becomes North's partner
        others = [names[2], names[4 - partner]]
        rng.shuffle(others)
        self.player_2.data = names[partner]
        self.player_1.data, self.player_3.data = others
        self.team_0.data = self.team_1.data = ""  # the old team names belong to old partners

    def preset_key(self) -> str:
        """The preset the game plays by: the chosen one for partners, else the table's own."""
        table = self.table.data
        if table != PARTNERS and table in scoring.INDIVIDUAL_PRESETS:
            return str(table)
        return str(self.preset.data)

    def names(self) -> tuple[tuple[str, str], tuple[str, ...]]:
        """Team and player names (one per seat of the chosen table), with the defaults for
        those left blank."""

        def name(field: str, default: object) -> str:
            """The field's name, or the default for a blank one."""
            return str(self[field].data or default)

        teams = (name("team_0", TEAM_NAMES[0]), name("team_1", TEAM_NAMES[1]))
        seats = scoring.ALL_PRESETS[self.preset_key()].rules.seats
        players = tuple(name(f"player_{seat}", SEAT_NAMES[seat]) for seat in seats)
        return teams, players

    def house_rules(self) -> list[tuple[HouseRule, Any]]:
        """Each offered row of the table of house rules with its field, in the table's order."""
        return [(row, self[row.name]) for row in OFFERED]

    def rules(self) -> scoring.Rules:
        """The chosen preset with every filled-in house rule applied; a rule set's rules as
        they were kept when one is played (`play_exactly`)."""
        if self.kept_rules is not None:
            return self.kept_rules
        return rules_with(scoring.ALL_PRESETS[self.preset_key()].rules, self)

    def play_exactly(self, preset: str, rules: scoring.Rules) -> None:
        """Play these rules as they are (a rule set's), shown on the form as `fill_rules` does:
        a parameter the form does not offer keeps its kept value too."""
        self.fill_rules(preset, rules)
        self.kept_rules = rules


def shown_fields(preset: str, rules: scoring.Rules) -> dict[str, Any] | None:
    """What the form's fields hold to show a game's rules: its table (and its preset, for a
    table of partners) and every offered house rule, blank where it is the preset's; None
    for a preset no longer offered."""
    if preset in scoring.INDIVIDUAL_PRESETS:
        fields: dict[str, Any] = {"table": preset}
    elif preset in scoring.PRESETS:
        fields = {"table": PARTNERS, "preset": preset}
    else:
        return None
    base = scoring.ALL_PRESETS[preset].rules
    for row in OFFERED:
        value = getattr(rules, row.name)
        blank = "" if row.options else None
        fields[row.name] = blank if value == getattr(base, row.name) else row.field_data(value)
    return fields


# One field per row of the table, made after the fields above so that the form lists them
# after the preset, in the table's order.
for _row in OFFERED:
    setattr(NewGameForm, _row.name, _row.field())
