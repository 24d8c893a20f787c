"""The hand form: one tap row per seat for the bid and the tricks, and the teams' tricks; its
fields are named as the stored hand's input columns (`records.games.HAND_INPUTS`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Any

from flask_babel import gettext
from flask_babel import lazy_gettext as _l
from wtforms import RadioField
from wtforms.fields.choices import SelectChoice

import scoring
from forms.base import ActionForm
from forms.problems import problem_message
from records.games import BID_COLUMNS, TEAM_TRICK_COLUMNS, TRICK_COLUMNS


def bid_choices(most: int = scoring.TRICKS_PER_HAND) -> list[SelectChoice]:
    """The bid buttons of a hand of `most` tricks: Nil, then 1 to `most`."""
    return [SelectChoice(scoring.NIL, _l("Nil"))] + [
        SelectChoice(str(n), str(n)) for n in range(1, most + 1)
    ]


def trick_choices(most: int = scoring.TRICKS_PER_HAND) -> list[SelectChoice]:
    """The trick buttons of a hand of `most` tricks: 0 to `most`."""
    return [SelectChoice(str(n), str(n)) for n in range(most + 1)]


def blind_choices(least: int, most: int) -> list[SelectChoice]:
    """The blind-bid buttons of a hand of `most` tricks at a table whose smallest blind bid is
    `least`: Blind `least` to Blind `most`, sent as the engine writes them ("blind_7")."""
    return [
        SelectChoice(scoring.bid_text(scoring.Blind(n)), _l("Blind %(num)s", num=n))
        for n in range(least, most + 1)
    ]


BID_CHOICES = bid_choices()
BLIND_NIL_CHOICE = SelectChoice(scoring.BLIND_NIL, _l("Blind Nil"))
TRICK_CHOICES = trick_choices()


class HandForm(ActionForm):
    """One bid per seat and the tricks taken; blank tricks are filled in where only one is
    missing. Made for the partnership game; `for_rules` fits it to any table.

    Its tap rows are made from the stored hand's columns, below the class."""

    rules_played = scoring.Rules()
    # The teams offered a blind bid, each with its one row of buttons (a table of partners);
    # without partners the player's own row gets the buttons instead.
    blind_rows: Mapping[int, list[SelectChoice]] = MappingProxyType({})

    def for_rules(self, rules: scoring.Rules) -> HandForm:
        """Fit the buttons and seats to a game's rules (a hand of 17 tricks has 17 buttons)."""
        self.rules_played = rules
        if rules.tricks_per_hand != scoring.TRICKS_PER_HAND:
            most = rules.tricks_per_hand
            for seat in scoring.SEATS:
                self[BID_COLUMNS[seat]].choices = bid_choices(most)
                self[TRICK_COLUMNS[seat]].choices = trick_choices(most)
        return self

    def offer_blind_nil(self, allowed: tuple[bool, ...]) -> None:
        """Show the Blind Nil choice only to the seats whose side may bid it now."""
        rules = self.rules_played
        for seat in rules.seats:
            field = self[BID_COLUMNS[seat]]
            if allowed[rules.side_of(seat)] and BLIND_NIL_CHOICE not in field.choices:
                field.choices = [*field.choices, BLIND_NIL_CHOICE]

    def offer_blind_bids(self, allowed: tuple[bool, ...]) -> None:
        """Offer Blind N (from the table's smallest blind bid to the hand's tricks) to the sides
        that may bid blind now: a team's one row, sent on its first seat's field, or a player's
        own row."""
        rules = self.rules_played
        choices = blind_choices(rules.blind_bid_min, rules.tricks_per_hand)
        if not choices:
            return
        rows = {}
        for side in rules.sides:
            if not allowed[side]:
                continue
            if rules.partnership:
                rows[side] = choices
            else:
                field = self[BID_COLUMNS[side]]
                field.choices = [*field.choices, *choices]
        self.blind_rows = rows

    def blind_field(self, team: int) -> Any:
        """The field a team's blind bid is sent on: its first seat's bid."""
        return self[BID_COLUMNS[self.rules_played.seats_of(team)[0]]]

    def blind_chosen(self, team: int) -> bool:
        """Whether the team's blind-bid row holds the chosen bid (its errors belong there)."""
        data = self.blind_field(team).data
        return isinstance(_bid_value(data) if data else None, scoring.Blind)

    def bid_fields(self) -> list[Any]:
        """The bid field of every seat at the table, by seat."""
        return [self[BID_COLUMNS[seat]] for seat in self.rules_played.seats]

    def trick_fields(self) -> list[Any]:
        """Every trick field the table uses: each seat's, then the teams' totals."""
        rules = self.rules_played
        fields = [self[TRICK_COLUMNS[seat]] for seat in rules.seats]
        if rules.partnership:
            fields += [self[name] for name in TEAM_TRICK_COLUMNS]
        return fields

    def shown(self) -> tuple[tuple[str, Any, tuple[Any, ...]], ...]:
        """What the tap rows show of this form: each button field's offered values and the one
        chosen, and the teams' blind-bid rows (the key a kept render of the rows is found
        under)."""
        rows = tuple(
            (field.name, field.data, tuple(choice.value for choice in field.choices))
            for field in self
            if isinstance(field, RadioField)
        )
        blind = tuple(
            (team, tuple(choice.value for choice in choices))
            for team, choices in sorted(self.blind_rows.items())
        )
        return (*rows, ("blind rows", None, blind)) if blind else rows

    def fill_from(self, hand: Any) -> None:
        """Pre-select the stored inputs of a hand (for the hand in play or an edit)."""
        for name, bid in zip(BID_COLUMNS, hand.bids, strict=False):
            # No bid (a first hand that bids itself) is no button chosen.
            self[name].data = "" if bid is None else scoring.bid_text(bid)
        tricks = zip(TRICK_COLUMNS, hand.tricks, strict=False)  # the seats at the table
        team_tricks = zip(TEAM_TRICK_COLUMNS, hand.team_tricks, strict=True)
        for name, value in (*tricks, *team_tricks):
            self[name].data = None if value is None else str(value)

    def parsed(self) -> tuple[tuple[Any, ...], tuple[Any, ...], tuple[Any, ...]] | None:
        """Bids, seat tricks and team tricks as the engine takes them, or None after noting errors.

        Only the values the tap rows offer are accepted: anything else (other digits, signs,
        spaces) is an error beside its field, never a guess.
        """
        seats = self.rules_played.seats
        bids = self._team_blind_bids(tuple(self._pick(BID_COLUMNS[s], _bid_value) for s in seats))
        tricks = tuple(self._pick(TRICK_COLUMNS[s], _trick_value) for s in seats)
        # Read at every table: without partners the engine refuses a team total sent anyway.
        team_tricks = tuple(self._pick(name, _trick_value) for name in TEAM_TRICK_COLUMNS)
        if self.has_errors():
            return None
        return bids, tricks, team_tricks

    def _team_blind_bids(self, bids: tuple[Any, ...]) -> tuple[Any, ...]:
        """The bids with a team's blind bid, tapped on its one row, put on the partner's seat
        too, as the engine takes it; a partner who bid on their own keeps that bid, for the
        engine to refuse beside the row."""
        rules = self.rules_played
        if not rules.partnership:
            return bids
        filled = list(bids)
        for team in rules.sides:
            first, second = rules.seats_of(team)
            if scoring.is_blind(filled[first]) and filled[second] is None:
                filled[second] = filled[first]
        return tuple(filled)

    def _pick(self, name: str, parse: Callable[[str], Any]) -> Any:
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
            if message not in self.form_errors:  # one problem of every seat is said once
                self.form_errors.append(message)
        else:
            field = self[name]
            field.errors = [*field.errors, message]

    def has_errors(self) -> bool:
        """Whether any field or the form itself has an error noted."""
        return bool(self.form_errors) or any(field.errors for field in self)

    def add_problems(self, problems: Iterable[scoring.Problem]) -> None:
        """Word the engine's problems and put each beside the field it concerns."""
        for problem in problems:
            self.add_error(_field_of(problem), problem_message(problem, self.rules_played))


# One tap row per input column of a stored hand, in the columns' order; the buttons any value
# is checked against are the ones `parsed` accepts, so WTForms' own choice check is off.
for _names, _choices in (
    (BID_COLUMNS, BID_CHOICES),
    (TRICK_COLUMNS, TRICK_CHOICES),
    (TEAM_TRICK_COLUMNS, TRICK_CHOICES),
):
    for _name in _names:
        setattr(HandForm, _name, RadioField(choices=_choices, validate_choice=False))


def _bid_value(raw: str) -> scoring.Bid | None:
    """A bid from its button value, or None for anything the buttons do not offer."""
    if raw in (scoring.NIL, scoring.BLIND_NIL):
        return raw
    if isinstance(raw, str) and raw.startswith(scoring.BLIND_PREFIX):
        # Any blind count of one or two digits; which are allowed is the engine's to say.
        count = _trick_value(raw.removeprefix(scoring.BLIND_PREFIX))
        return scoring.Blind(count) if count else None
    return _trick_value(raw) if raw != "0" else None


def _trick_value(raw: str) -> int | None:
    """A count of one or two plain digits from its button value, or None for anything else;
    whether it fits the hand is the engine's to say, in words that name the hand's tricks."""
    if isinstance(raw, str) and raw.isascii() and raw.isdigit() and len(raw) <= 2:
        return int(raw)
    return None


def _field_of(problem: scoring.Problem) -> str | None:
    """Which field an engine problem belongs beside; a bid on a hand that bids itself has no
    row to stand beside."""
    if problem.code == "bid_on_first_hand":
        return None
    if problem.code.startswith(("bid", "blind_nil", "blind_bid")):
        return BID_COLUMNS[problem.seat] if problem.seat is not None else None
    if problem.code.startswith("tricks") and problem.seat is not None:
        return TRICK_COLUMNS[problem.seat]
    if problem.code.startswith("team_tricks") and problem.team is not None:
        return TEAM_TRICK_COLUMNS[problem.team]
    return None
