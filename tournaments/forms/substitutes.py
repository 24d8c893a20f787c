"""The director's form that brings a substitute into a team: the player who leaves, chosen from
one list of every team's players, and the name of who comes in, checked as the new-tournament
form checks a player's name. Each choice carries the player's name as the page showed it, so a
form from a page shown before another substitute came in is recognised; a one-time token tells
a form sent twice."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from flask_babel import gettext
from flask_babel import lazy_gettext as _l
from wtforms import SelectField
from wtforms.validators import ValidationError

import scoring
from forms.base import Form, nonce_field, required_name_field
from records.tournaments import TournamentTeamRecord

# A choice's value: the team's entry number, the player's place in it (0 or 1) and the
# player's name as shown, apart by this mark (a name may hold one too: it is read last).
APART = ":"
ENTRY = re.compile(r"[1-9][0-9]{0,5}")  # an entry number as the page writes it
# Each name set apart (Unicode's first-strong isolate), so that a right-to-left name keeps
# the others in their places, as <bdi> does where markup may be used.
FIRST_STRONG_ISOLATE, POP_ISOLATE = "\u2068", "\u2069"


def isolated(name: str) -> str:
    """A name set apart from the text around it (an option's text holds no markup)."""
    return f"{FIRST_STRONG_ISOLATE}{name}{POP_ISOLATE}"


def seat_value(entry: int, player: int, name: str) -> str:
    """The value of the choice of player `player` (0 or 1), named `name`, of team `entry`."""
    return APART.join((str(entry), str(player), name))


class SwapForm(Form):
    """One player of a team replaced: the player who leaves (a choice of every team's two, as
    they stand) and the substitute's name, which is not the partner's; and the one-time token."""

    seat = SelectField(_l("Who leaves"), validate_choice=False)
    name = required_name_field(_l("Substitute"), _l("Name the player who comes in."))
    nonce = nonce_field()

    def __init__(self, teams: Sequence[TournamentTeamRecord], *args: Any, **kwargs: Any) -> None:
        """The form for these teams, whose players name the choices."""
        super().__init__(*args, **kwargs)
        self.teams = {team.entry: team for team in teams}
        # Nothing chosen at first: a name typed and sent without a choice replaces nobody.
        self.seat.choices = [("", gettext("Choose…"))] + [
            (seat_value(team.entry, index, player), f"{isolated(team.name)} — {isolated(player)}")
            for team in teams
            for index, player in enumerate(team.players)
        ]

    def chosen(self) -> tuple[int, int, str] | None:
        """The team's entry number, the player (0 or 1) and their name as the page showed
        them; None for a choice that names no player of the teams."""
        parts = str(self.seat.data or "").split(APART, 2)
        if len(parts) != 3 or not ENTRY.fullmatch(parts[0]) or parts[1] not in ("0", "1"):
            return None
        entry = int(parts[0])
        if entry not in self.teams or not parts[2]:  # every choice names who it shows
            return None
        return entry, int(parts[1]), parts[2]

    def valid_choice(self) -> tuple[int, int, str]:
        """`chosen`, of a form that has passed its checks (a ValueError otherwise)."""
        chosen = self.chosen()
        if chosen is None:
            raise ValueError("the form's choice was refused: read it only once it is valid")
        return chosen

    @property
    def entry(self) -> int:
        """The team whose player leaves."""
        return self.valid_choice()[0]

    @property
    def partner(self) -> int:
        """The player who leaves, 0 or 1."""
        return self.valid_choice()[1]

    @property
    def shown(self) -> str | None:
        """The player who leaves as the form's page named them; None when it did not say."""
        chosen = self.chosen()
        return chosen[2] or None if chosen is not None else None

    def validate_seat(self, field: Any) -> None:
        """Refuse a choice that names no player of the tournament's teams."""
        if self.chosen() is None:
            raise ValidationError(gettext("Choose the player who leaves."))

    def validate_name(self, field: Any) -> None:
        """Refuse the partner's own name (however spelt): a team is two players."""
        chosen = self.chosen()
        if chosen is None or not field.data:
            return
        team = self.teams[chosen[0]]
        kept = team.players[1 - chosen[1]]
        if scoring.name_key(field.data) == scoring.name_key(kept):
            raise ValidationError(gettext("That is the partner's name: a team is two players."))
