"""The app's forms: what a person can type or tap, and how each error is worded."""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from babel import support
from flask_babel import get_locale, gettext
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import HiddenField, IntegerField, RadioField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.i18n import messages_path
from wtforms.validators import DataRequired, Length, Optional, Regexp, ValidationError

import scoring
from models import NAME_LENGTH, NONCE_SHAPE, new_token

# Cards in a pack with both jokers: a hand cannot have more tricks than each player can hold.
MOST_CARDS = 54

NONCE_PATTERN = rf"^{NONCE_SHAPE}$"
SEAT_NAMES = (_l("North"), _l("East"), _l("South"), _l("West"))
TEAM_NAMES = (_l("Team A"), _l("Team B"))
# Who sits at the table: the partnership game, or every player a side of their own; each
# table without partners plays its own preset of scoring.INDIVIDUAL_PRESETS.
PARTNERS = "partners"
TABLES = [
    SelectChoice(PARTNERS, _l("4 players, two teams of partners")),
    SelectChoice("cutthroat", _l("4 players, each on their own")),
    SelectChoice("three_handed", _l("3 players")),
    SelectChoice("two_handed", _l("2 players")),
]


def bid_choices(most: int = scoring.TRICKS_PER_HAND) -> list[SelectChoice]:
    """The bid buttons of a hand of `most` tricks: Nil, then 1 to `most`."""
    return [SelectChoice(scoring.NIL, _l("Nil"))] + [
        SelectChoice(str(n), str(n)) for n in range(1, most + 1)
    ]


def trick_choices(most: int = scoring.TRICKS_PER_HAND) -> list[SelectChoice]:
    """The trick buttons of a hand of `most` tricks: 0 to `most`."""
    return [SelectChoice(str(n), str(n)) for n in range(most + 1)]


BID_CHOICES = bid_choices()
BLIND_NIL_CHOICE = SelectChoice(scoring.BLIND_NIL, _l("Blind Nil"))
TRICK_CHOICES = trick_choices()
# The characters that change the direction of the text after them: embeddings, overrides and
# isolates (U+202A-U+202E, U+2066-U+2069) and the direction marks (LRM, RLM, ALM). A name ending
# in a right-to-left override would reverse the score printed after it; no name needs them.
BIDI_CONTROLS = dict.fromkeys(
    map(ord, "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
)


def _name(label, length=NAME_LENGTH):
    """A short optional name field; blank takes the default shown as its placeholder."""
    return StringField(
        label,
        validators=[Optional(), Length(max=length), _printable],
        filters=[_drop_bidi_controls, _strip],
    )


def _printable(form, field):
    """Refuse invisible control characters: no table needs them, and some databases refuse them."""
    if any(unicodedata.category(c) == "Cc" for c in field.data or ""):
        raise ValidationError(gettext("This name has characters that cannot be shown."))


def _drop_bidi_controls(value):
    """Remove the characters that would turn the text around a name (see BIDI_CONTROLS)."""
    return value.translate(BIDI_CONTROLS) if isinstance(value, str) else value


def _strip(value):
    """Trim spaces so a name of only spaces counts as blank."""
    return value.strip() if isinstance(value, str) else value


def _fresh_nonce():
    """A new one-time token for each rendered form."""
    return new_token()


def _number(label, low, high, description=""):
    """An optional whole-number house rule; blank keeps the preset's value."""
    return IntegerField(
        label, validators=[Optional(), _between(low, high)], description=description
    )


def _between(low: int, high: int):
    """A range check that compares whole numbers as they are.

    WTForms' NumberRange turns the number into a float first, which fails with an error
    instead of a refusal for a number of more than about 300 digits.
    """

    def check(form, field):
        """Refuse a number outside low..high with a message beside the field."""
        if field.data is not None and not low <= field.data <= high:
            raise ValidationError(
                gettext("A whole number from %(low)s to %(high)s.", low=low, high=high)
            )

    return check


def _keep_or(*choices):
    """Choices of a select house rule, headed by 'as the preset'."""
    return [SelectChoice("", _l("As the preset")), *(SelectChoice(v, t) for v, t in choices)]


@cache
def _wtforms_catalog(locale: str) -> support.NullTranslations:
    """WTForms' own messages in one language, read from disk once per worker."""
    return support.Translations.load(messages_path(), [locale], domain="wtforms")


class Form(FlaskForm):
    """The base of every form here: WTForms' messages in the user's language."""

    class Meta(FlaskForm.Meta):
        """Form settings shared by every form."""

        def get_translations(self, form):
            """The cached catalogue (Flask-WTF would read and parse it on every request)."""
            return _wtforms_catalog(str(get_locale()))


BEST_OF_CHOICES = [
    SelectChoice("", _l("Single games")),
    *(SelectChoice(str(n), _l("Best of %(games)s", games=n)) for n in (3, 5, 7)),
]


class NewGameForm(Form):
    """The table, teams, seats, first dealer, rule preset and house rules for a new game, and
    the group it is played in (its table of people) with how long its series runs."""

    nonce = HiddenField(default=_fresh_nonce, validators=[Optional(), Regexp(NONCE_PATTERN)])
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
    team_0 = _name(TEAM_NAMES[0])
    team_1 = _name(TEAM_NAMES[1])
    player_0 = _name(SEAT_NAMES[0])
    player_1 = _name(SEAT_NAMES[1])
    player_2 = _name(SEAT_NAMES[2])
    player_3 = _name(SEAT_NAMES[3])
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
    target = _number(_l("Points to win"), 10, 10000)
    floor = _number(_l("Losing floor"), -10000, 0, _l("A negative score; 0: no floor."))
    nil_bonus = _number(_l("Nil bonus"), 0, 1000)
    blind_nil_bonus = _number(_l("Blind Nil bonus"), 0, 1000, _l("0: no Blind Nil."))
    blind_nil_deficit = _number(
        _l("Blind Nil only when behind by"), 0, 10000, _l("0: whatever the score.")
    )
    bag_limit = _number(_l("Bags before a penalty"), 1, 100)
    bag_penalty = _number(_l("Bag penalty"), 0, 1000)
    bag_mode = SelectField(
        _l("Bags past the limit"),
        choices=_keep_or(
            ("carry", _l("Carry over")), ("reset", _l("Reset to zero")), ("off", _l("Not counted"))
        ),
        default="",
    )
    failed_nil_tricks = SelectField(
        _l("Tricks of a Nil bidder"),
        choices=_keep_or(
            ("bags", _l("Count as bags")),
            ("partner", _l("Count toward the partner")),
            ("nothing", _l("Count for nothing")),
        ),
        default="",
    )
    min_team_bid = _number(_l("Minimum team bid"), 0, 26, _l("0: none."))
    ten_for_200 = SelectField(
        _l("10 for 200"), choices=_keep_or(("off", _l("Off")), ("on", _l("On"))), default=""
    )
    boston_bonus = _number(_l("Bonus for all 13 tricks"), 0, 1000, _l("0: none."))
    tricks_per_hand = _number(
        _l("Tricks a hand"), 1, 27, _l("13; 17 with three players (18 with both jokers).")
    )
    bids_may_total_tricks = SelectField(
        _l("Bids adding up to the tricks"),
        choices=_keep_or(("yes", _l("Allowed")), ("no", _l("Not allowed: the dealer changes"))),
        default="",
    )
    set_scores = SelectField(
        _l("A contract not made"),
        choices=_keep_or(
            ("minus", _l("Loses 10 a trick bid")), ("zero", _l("Scores nothing for it"))
        ),
        default="",
    )

    def validate_first_dealer(self, field) -> None:
        """The first dealer must sit at the chosen table (seats 0 to players − 1)."""
        preset = scoring.ALL_PRESETS.get(self.preset_key())
        if preset is None:  # an unknown preset is refused beside its own field
            return
        players = preset.rules.players
        if field.data is not None and field.data.isdigit() and int(field.data) >= players:
            raise ValidationError(gettext("Choose one of the players at the table."))

    def offer_tables(self, tables) -> None:
        """Offer these tables (stored table records) besides "No table"."""
        self.in_table.choices = [
            SelectChoice("", _l("No table")),
            *(SelectChoice(t.edit_token, t.name) for t in tables),
        ]

    def series_length(self) -> int | None:
        """How many games the series is played over, or None for single games."""
        return int(self.best_of.data) if self.best_of.data else None

    def shuffle_seats(self, rng) -> None:
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

    def rules(self) -> scoring.Rules:
        """The chosen preset with every filled-in house rule applied."""
        rules = scoring.ALL_PRESETS[self.preset_key()].rules
        changes = {}
        for name in ("target", "nil_bonus", "bag_limit", "bag_penalty", "min_team_bid"):
            if self[name].data is not None:
                changes[name] = self[name].data
        for name in ("floor", "blind_nil_bonus", "blind_nil_deficit"):
            if self[name].data is not None:
                changes[name] = self[name].data or None  # 0 turns the rule off
        if self.boston_bonus.data is not None:
            changes["boston_bonus"] = self.boston_bonus.data
        for name in ("bag_mode", "failed_nil_tricks"):
            if self[name].data:
                changes[name] = self[name].data
        if self.ten_for_200.data:
            changes["ten_for_200"] = self.ten_for_200.data == "on"
        if self.tricks_per_hand.data is not None:
            changes["tricks_per_hand"] = self.tricks_per_hand.data
        if self.bids_may_total_tricks.data:
            changes["bids_may_total_tricks"] = self.bids_may_total_tricks.data == "yes"
        if self.set_scores.data:
            changes["set_scores"] = self.set_scores.data
        return rules.but(**changes)

    def validate_tricks_per_hand(self, field) -> None:
        """Every player needs a card for every trick: at most the pack (54 cards with both
        jokers) shared between the players at the table."""
        preset = scoring.ALL_PRESETS.get(self.preset_key())
        if field.data is None or preset is None:
            return
        most = MOST_CARDS // preset.rules.players
        if field.data > most:
            raise ValidationError(
                gettext("A whole number from %(low)s to %(high)s.", low=1, high=most)
            )


class TableForm(Form):
    """A new table of people who play together: its name."""

    nonce = HiddenField(default=_fresh_nonce, validators=[Optional(), Regexp(NONCE_PATTERN)])
    name = StringField(
        _l("Name of the table"),
        validators=[
            DataRequired(message=_l("Give the table a name.")),
            Length(max=NAME_LENGTH),
            _printable,
        ],
        filters=[_drop_bidi_controls, _strip],
    )


class ActionForm(Form):
    """A button's form: the CSRF token, the game version the page showed, a one-time token."""

    version = HiddenField(validators=[Optional(), Regexp(r"^\d{1,9}$")])
    nonce = HiddenField(default=_fresh_nonce, validators=[Optional(), Regexp(NONCE_PATTERN)])


class HandForm(ActionForm):
    """One bid per seat and the tricks taken; blank tricks are filled in where only one is
    missing. Made for the partnership game; `for_rules` fits it to any table."""

    bid_0 = RadioField(choices=BID_CHOICES, validate_choice=False)
    bid_1 = RadioField(choices=BID_CHOICES, validate_choice=False)
    bid_2 = RadioField(choices=BID_CHOICES, validate_choice=False)
    bid_3 = RadioField(choices=BID_CHOICES, validate_choice=False)
    tricks_0 = RadioField(choices=TRICK_CHOICES, validate_choice=False)
    tricks_1 = RadioField(choices=TRICK_CHOICES, validate_choice=False)
    tricks_2 = RadioField(choices=TRICK_CHOICES, validate_choice=False)
    tricks_3 = RadioField(choices=TRICK_CHOICES, validate_choice=False)
    team_tricks_0 = RadioField(choices=TRICK_CHOICES, validate_choice=False)
    team_tricks_1 = RadioField(choices=TRICK_CHOICES, validate_choice=False)

    rules_played = scoring.Rules()

    def for_rules(self, rules: scoring.Rules) -> HandForm:
        """Fit the buttons and seats to a game's rules (a hand of 17 tricks has 17 buttons)."""
        self.rules_played = rules
        if rules.tricks_per_hand != scoring.TRICKS_PER_HAND:
            most = rules.tricks_per_hand
            for seat in scoring.SEATS:
                self[f"bid_{seat}"].choices = bid_choices(most)
                self[f"tricks_{seat}"].choices = trick_choices(most)
        return self

    def offer_blind_nil(self, allowed: tuple[bool, ...]) -> None:
        """Show the Blind Nil choice only to the seats whose side may bid it now."""
        rules = self.rules_played
        for seat in rules.seats:
            choices = self[f"bid_{seat}"].choices
            if allowed[rules.side_of(seat)] and BLIND_NIL_CHOICE not in choices:
                self[f"bid_{seat}"].choices = [*choices, BLIND_NIL_CHOICE]

    def bid_fields(self) -> list:
        """The bid field of every seat at the table, by seat."""
        return [self[f"bid_{seat}"] for seat in self.rules_played.seats]

    def trick_fields(self) -> list:
        """Every trick field the table uses: each seat's, then the teams' totals."""
        rules = self.rules_played
        fields = [self[f"tricks_{seat}"] for seat in rules.seats]
        if rules.partnership:
            fields += [self.team_tricks_0, self.team_tricks_1]
        return fields

    def shown(self) -> tuple:
        """What the tap rows show of this form: each button field's offered values and the one
        chosen (the key a kept render of the rows is found under)."""
        return tuple(
            (field.name, field.data, tuple(choice.value for choice in field.choices))
            for field in self
            if isinstance(field, RadioField)
        )

    def fill_from(self, hand) -> None:
        """Pre-select the stored inputs of a hand (for the hand in play or an edit)."""
        for seat, bid in enumerate(hand.bids):
            self[f"bid_{seat}"].data = str(bid)
        for seat, value in enumerate(hand.tricks):
            self[f"tricks_{seat}"].data = None if value is None else str(value)
        for team, value in enumerate(hand.team_tricks):
            self[f"team_tricks_{team}"].data = None if value is None else str(value)

    def parsed(self) -> tuple[tuple, tuple, tuple] | None:
        """Bids, seat tricks and team tricks as the engine takes them, or None after noting errors.

        Only the values the tap rows offer are accepted: anything else (other digits, signs,
        spaces) is an error beside its field, never a guess.
        """
        seats = self.rules_played.seats
        bids = tuple(self._pick(f"bid_{s}", _bid_value) for s in seats)
        tricks = tuple(self._pick(f"tricks_{s}", _trick_value) for s in seats)
        # Read at every table: without partners the engine refuses a team total sent anyway.
        team_tricks = tuple(self._pick(f"team_tricks_{t}", _trick_value) for t in (0, 1))
        if self.has_errors():
            return None
        return bids, tricks, team_tricks

    def _pick(self, name, parse):
        """Parse one field's raw value, noting an error on it when it is not an offered value."""
        raw = self[name].data
        if raw in (None, ""):
            return None
        value = parse(raw)
        if value is None:
            self.add_error(name, gettext("Choose one of the buttons."))
        return value

    def add_error(self, name: str | None, message: str) -> None:
        """Note an error beside a field, or for the whole form when name is None."""
        if name is None:
            self.form_errors.append(message)
        else:
            field = self[name]
            field.errors = [*field.errors, message]

    def has_errors(self) -> bool:
        """Whether any field or the form itself has an error noted."""
        return bool(self.form_errors) or any(field.errors for field in self)

    def add_problems(self, problems) -> None:
        """Word the engine's problems and put each beside the field it concerns."""
        for problem in problems:
            self.add_error(_field_of(problem), problem_message(problem, self.rules_played))


def _bid_value(raw: str):
    """A bid from its button value, or None for anything the buttons do not offer."""
    if raw in (scoring.NIL, scoring.BLIND_NIL):
        return raw
    return _trick_value(raw) if raw != "0" else None


def _trick_value(raw: str) -> int | None:
    """A count of one or two plain digits from its button value, or None for anything else;
    whether it fits the hand is the engine's to say, in words that name the hand's tricks."""
    if isinstance(raw, str) and raw.isascii() and raw.isdigit() and len(raw) <= 2:
        return int(raw)
    return None


def _field_of(problem) -> str | None:
    """Which field an engine problem belongs beside."""
    if problem.code.startswith("bid") or problem.code.startswith("blind_nil"):
        return f"bid_{problem.seat}" if problem.seat is not None else None
    if problem.code.startswith("tricks") and problem.seat is not None:
        return f"tricks_{problem.seat}"
    if problem.code.startswith("team_tricks") and problem.team is not None:
        return f"team_tricks_{problem.team}"
    return None


def problem_message(problem, rules: scoring.Rules | None = None) -> str:
    """The user's-language sentence for one engine problem in a game of these rules (the
    partnership game when not given)."""
    rules = rules or scoring.Rules()
    most = rules.tricks_per_hand
    params = problem.params
    code = problem.code
    if code == "bid_missing":
        return gettext("Choose a bid.")
    if code == "bid_out_of_range":
        return gettext("A bid is Nil or a number from 1 to %(most)s.", most=most)
    if code == "blind_nil_not_allowed":
        return gettext("These rules do not allow Blind Nil.")
    if code == "blind_nil_not_behind" and not rules.partnership:
        return gettext(
            "Blind Nil only when you are %(deficit)s or more behind the leader.",
            deficit=params.get("deficit"),
        )
    if code == "blind_nil_not_behind":
        return gettext(
            "Blind Nil only when your team is %(deficit)s or more behind.",
            deficit=params.get("deficit"),
        )
    if code == "team_bid_below_minimum" and not rules.partnership:
        return gettext("Each player must bid at least %(minimum)s.", minimum=params.get("minimum"))
    if code == "team_bid_below_minimum":
        return gettext(
            "Each team must bid at least %(minimum)s in all.", minimum=params.get("minimum")
        )
    if code == "bids_total_tricks":
        return gettext(
            "The bids may not add up to %(total)s: the dealer bids something else.",
            total=params.get("total"),
        )
    if code == "team_tricks_without_partners":
        return gettext("Without partners, enter each player's tricks.")
    if code == "tricks_missing":
        return gettext("Enter the tricks taken.")
    if code == "tricks_not_tapped" and not rules.partnership:
        return gettext("Tap the tricks each player took.")
    if code == "tricks_not_tapped":
        return gettext("Tap the tricks each team took.")
    if code in ("tricks_out_of_range", "team_tricks_out_of_range"):
        return gettext("Tricks are a number from 0 to %(most)s.", most=most)
    if code == "team_tricks_with_nil":
        return gettext("With a Nil bidder, enter each partner's tricks.")
    if code == "team_tricks_mismatch":
        return gettext("The partners' tricks do not add up to the team's.")
    if code == "tricks_total":
        return gettext(
            "The tricks add up to %(total)s; a hand has %(most)s.",
            total=params.get("total"),
            most=most,
        )
    if code == "game_over":
        return gettext("The game is over: no more hands.")
    return gettext("This hand cannot be scored.")


class JoinTableForm(ActionForm):
    """Count a game among a table's games: one of this phone's tables, or a table's edit link
    pasted whole."""

    in_table = SelectField(_l("Table"), choices=[], validate_choice=False)
    table_link = StringField(
        _l("Or paste the table's edit link"),
        validators=[Optional(), Length(max=300)],
        filters=[_strip],
    )

    def offer_tables(self, tables) -> None:
        """Offer these tables (stored table records)."""
        self.in_table.choices = [SelectChoice(t.edit_token, t.name) for t in tables]

    def table_token(self) -> str | None:
        """The edit token of the table asked for: from the pasted link when there is one (its
        last part), else the chosen table; None when neither has a token's shape."""
        raw = self.table_link.data or self.in_table.data or ""
        token = raw.rstrip("/").rsplit("/", 1)[-1]
        return token if re.fullmatch(NONCE_PATTERN, token) else None
