"""The new-tournament form: its name, the rules of every game (a partnership preset with house
rules, as the new-game form offers them), the games' length, the format with its rounds, and
the teams typed one per line."""

from __future__ import annotations

import re
from typing import Any

from flask_babel import gettext
from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, IntegerField, RadioField, SelectField, TextAreaField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import Optional, ValidationError

import scoring
import tournament
from forms.base import (
    Form,
    between,
    drop_bidi_controls,
    nonce_field,
    required_name_field,
    shows,
)
from forms.house_rules import (
    OFFERED,
    HouseRule,
    blind_bid_within_tricks,
    preset_wordings,
    rules_with,
    tricks_within_pack,
)
from records.games import NAME_LENGTH
from records.tournaments import FEWEST_TEAMS, MOST_ROUNDS, MOST_TEAMS, Format, most_rounds
from tournaments.services.directory import Entrant, Setup

# The house rules a tournament's games may change: the new-game form's, but the number of
# hands, which the tournament's length sets.
ROWS = tuple(row for row in OFFERED if row.name != "hands_limit")
HANDS_SPAN = scoring.RULE_LIMITS["hands_limit"]
# A round of a club's evening: long enough for a few hands, no longer than the evening.
MINUTES_SPAN = (5, 240)
# The games' length: to the rules' target, a number of hands, or minutes per round.
TO_TARGET, HANDS, MINUTES = "target", "hands", "minutes"
LENGTHS = [
    SelectChoice(TO_TARGET, _l("To the target")),
    SelectChoice(HANDS, _l("A number of hands")),
    SelectChoice(MINUTES, _l("Minutes per round")),
]
# Each format's name and what it does, in the user's language, by stored value: the one place a
# format's words live (`tournament.FORMATS` holds all else of it, and orders the choices).
FORMAT_NAMES = {
    Format.ROUND_ROBIN.value: _l("Round robin: every team meets every other once"),
    Format.SWISS.value: _l("Swiss: teams level on results meet, avoiding rematches"),
    Format.KINGS_TABLE.value: _l("King's table: winners move up a table, losers down"),
}
# A team's line: "Name: Player & Player", or "Name, Player, Player".
COLON_LINE = re.compile(r"(?P<name>[^:]*):(?P<first>[^&]*)&(?P<second>[^&]*)")
COMMA_LINE = re.compile(r"(?P<name>[^,]*),(?P<first>[^,]*),(?P<second>[^,]*)")
# Every team's line at its longest, and a little room.
TEAMS_LENGTH = MOST_TEAMS * (3 * NAME_LENGTH + 8)


def entrant(line: str, number: int) -> Entrant:
    """The team one typed line names; ValidationError saying which line, and what is wrong."""
    found = COLON_LINE.fullmatch(line) or COMMA_LINE.fullmatch(line)
    names = [
        " ".join(str(drop_bidi_controls(part)).split())
        for part in (found.groups() if found else ())
    ]
    if not found or not all(names):
        raise ValidationError(
            gettext("Line %(line)s: write a team as “Team name: Player & Player”.", line=number)
        )
    if any(len(name) > NAME_LENGTH for name in names):
        raise ValidationError(
            gettext(
                "Line %(line)s: a name has at most %(most)s characters.",
                line=number,
                most=NAME_LENGTH,
            )
        )
    if not all(shows(name) for name in names):
        raise ValidationError(
            gettext("Line %(line)s: a name has characters that cannot be shown.", line=number)
        )
    return Entrant(names[0], (names[1], names[2]))


class TeamListRefused(ValidationError):  # type: ignore[misc]  # WTForms is untyped
    """A typed list of teams with something wrong: every problem found, each in its words."""

    def __init__(self, problems: list[str]) -> None:
        """Keep every problem; the first is the error's own message."""
        super().__init__(problems[0])
        self.problems = problems


def entrants(text: str) -> tuple[Entrant, ...]:
    """The teams typed one per line (blank lines skipped), in the order typed; TeamListRefused
    naming at once every line that names no team, every team name entered twice (however
    spelt), and too few or too many teams."""
    teams: list[Entrant] = []
    problems: list[str] = []
    lines: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            team = entrant(line, number)
        except ValidationError as refused:
            problems.append(str(refused))
            continue
        first = lines.setdefault(scoring.name_key(team.name), number)
        if first != number:
            problems.append(
                gettext(
                    "Line %(line)s: a team of that name is already entered, on line %(first)s.",
                    line=number,
                    first=first,
                )
            )
        teams.append(team)
    if len(teams) < FEWEST_TEAMS and not problems:
        problems.append(
            gettext(
                "A tournament needs %(fewest)s teams at least: with one, nobody plays anybody.",
                fewest=FEWEST_TEAMS,
            )
        )
    if len(teams) > MOST_TEAMS:
        problems.append(gettext("A tournament has %(most)s teams at most.", most=MOST_TEAMS))
    if problems:
        raise TeamListRefused(problems)
    return tuple(teams)


class TournamentForm(Form):
    """A new tournament: name, rules, length, format and rounds, and the teams.

    The house-rule fields are made from `ROWS`, below the class."""

    nonce = nonce_field()
    name = required_name_field(_l("Name of the tournament"), _l("Give the tournament a name."))
    preset = SelectField(
        _l("Rules"),
        # Partnership presets only: every game of a tournament is played by two teams.
        choices=[SelectChoice(key, _l(preset.name)) for key, preset in scoring.PRESETS.items()],
        default=scoring.DEFAULT_PRESET,
    )
    length = RadioField(_l("Length of a game"), choices=LENGTHS, default=TO_TARGET)
    hands = IntegerField(
        _l("Hands in a game"), validators=[Optional(), between(1, HANDS_SPAN.high)]
    )
    minutes = IntegerField(_l("Minutes per round"), validators=[Optional(), between(*MINUTES_SPAN)])
    format = RadioField(
        _l("Format"),
        choices=[SelectChoice(value, FORMAT_NAMES[value]) for value in tournament.FORMATS],
        # The registry's first format: the round robin.
        default=next(iter(tournament.FORMATS)),
    )
    rounds = IntegerField(
        _l("Rounds (Swiss or King's table)"),
        validators=[Optional(), between(1, MOST_ROUNDS)],
    )
    confirm_hands = BooleanField(
        _l("Opponents confirm each hand"),
        description=_l(
            "After each hand the scorer saves, East–West agree on the same phone with one tap,"
            " or dispute it for the director to rule. A game counts once every hand is agreed"
            " or ruled."
        ),
    )
    seed_by_rating = BooleanField(
        _l("Seed round 1 by rating"),
        description=_l(
            "For a club's tournament: round 1 pairs and seats the teams by their players'"
            " ratings at the club, strongest first, instead of the order they were entered."
        ),
    )
    teams = TextAreaField(
        _l("Teams, one per line"),
        description=_l("Team name: Player & Player. Or: Team name, Player, Player."),
    )

    # The teams as the field's check read them, once it has passed.
    entered: tuple[Entrant, ...] = ()

    def validate_teams(self, field: Any) -> None:
        """Read the teams; refuse a line that names none, a duplicate, too few or too many."""
        if len(field.data or "") > TEAMS_LENGTH:
            raise ValidationError(gettext("That is more than the teams of a tournament need."))
        try:
            self.entered = entrants(field.data or "")
        except TeamListRefused as refused:
            # Every problem beside the list at once, not one per sending, in the list's order
            # (WTForms adds the message raised after those already there).
            field.errors.extend(refused.problems[:-1])
            raise ValidationError(refused.problems[-1]) from refused

    def validate(self, extra_validators: Any = None) -> bool:
        """Check every field, then what one field needs of another: the number of hands or of
        minutes the chosen length asks for, and the rounds of a format whose director sets
        them, a Swiss or a King's table (for a Swiss, no more than its teams can play without
        meeting twice)."""
        valid = bool(super().validate(extra_validators))
        wanted = {HANDS: self.hands, MINUTES: self.minutes}.get(self.length.data)
        if wanted is not None and wanted.data is None and not wanted.errors:
            words = {
                HANDS: gettext("How many hands is a game?"),
                MINUTES: gettext("How many minutes is a round?"),
            }
            wanted.errors = [words[str(self.length.data)]]
            valid = False
        # A format not offered has its own error already (not a valid choice).
        kind = tournament.FORMATS.get(str(self.format.data))
        if kind is not None and kind.fixed_rounds is None:
            valid = self.check_rounds(kind.format) and valid
        return valid

    def check_rounds(self, form: Format) -> bool:
        """Whether the rounds typed suit the format and the teams; if not, why, beside them."""
        field = self.rounds
        if field.errors:
            return False
        if field.data is None:
            field.errors = [gettext("How many rounds are played?")]
            return False
        teams = len(self.entered)
        high = most_rounds(form, teams)
        if teams and field.data > high:
            field.errors = [
                gettext(
                    "With %(teams)s teams a Swiss has %(high)s rounds at most: more would"
                    " make teams meet again.",
                    teams=teams,
                    high=high,
                )
            ]
            return False
        return True

    def validate_tricks_per_hand(self, field: Any) -> None:
        """Every player needs a card for every trick, as on the new-game form."""
        tricks_within_pack(field, scoring.PRESETS.get(str(self.preset.data)))

    def validate_blind_bid_min(self, field: Any) -> None:
        """A blind bid is at most the hand's tricks, as on the new-game form."""
        blind_bid_within_tricks(self, field, scoring.PRESETS.get(str(self.preset.data)))

    def preset_values(self, key: Any) -> dict[str, str]:
        """The numbers of the house rules under preset `key`, in words (a preset the form does
        not offer has none): the blank fields' placeholders."""
        preset = scoring.PRESETS.get(str(key))
        return preset_wordings(preset.rules, ROWS) if preset is not None else {}

    def house_rules(self) -> list[tuple[HouseRule, Any]]:
        """Each house rule a tournament may change, with its field, in the table's order."""
        return [(row, self[row.name]) for row in ROWS]

    def setup(self) -> Setup:
        """The tournament the valid form describes."""
        rules = rules_with(scoring.PRESETS[self.preset.data].rules, self, ROWS)
        rules = rules.but(hands_limit=self.hands.data if self.length.data == HANDS else 0)
        kind = tournament.format_of(str(self.format.data))
        return Setup(
            name=self.name.data,
            preset=self.preset.data,
            rules=rules,
            round_minutes=self.minutes.data if self.length.data == MINUTES else None,
            format=kind.format,
            # A format whose teams set its rounds takes none from the director.
            rounds=None if kind.fixed_rounds is not None else self.rounds.data,
            teams=self.entered,
            confirm_hands=bool(self.confirm_hands.data),
            seed_by_rating=bool(self.seed_by_rating.data),
        )


# One field per house rule, after the fields above, in the table's order.
for _row in ROWS:
    setattr(TournamentForm, _row.name, _row.field())
