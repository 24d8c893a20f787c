"""The registry of tournament formats: everything that tells one format from another, in one
entry per format, so that no caller asks which format it has.

A `TournamentFormat` is its stored value (`Format`), how it pairs the next round (`pair`), how
many rounds it plays (`fixed_rounds` from the teams, or a number the director sets, up to
`rounds_limit`), whether a late team joins once round 1 has started (`late_after_start`),
whether a withdrawal would leave a round of no game (`leaves_empty_round`) and whether a bye
counts as a win in the standings (`bye_is_win`). The standings' order is the same for every
format (`standings`); only what a bye counts differs. `FORMATS` maps each stored value to
its entry, in the order the new-tournament form offers them; `format_of` finds one, and
`next_round` pairs the next round of any of them.

How each takes a withdrawal is its pairing's: a round robin keeps its schedule, the withdrawn
team's later opponents sitting out with a bye (walkovers); a Swiss pairs the teams left; King's
table closes its ladder, the teams below moving up a place. The words (a format's name in the
user's language) are the new-tournament form's (`tournaments.forms.new_tournament`), kept there by
value.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence, Set
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from .pairing import kings_table, round_robin, round_robin_empty_round, round_robin_rounds
from .rounds import NO_LATE_TEAMS, Pairing, TournamentError, check_rounds
from .swiss import swiss


class Format(StrEnum):
    """The ways a tournament pairs a round (docs/rules.md#pairing), as a tournament stores
    them; the director picks one. Each has its entry in `FORMATS`."""

    ROUND_ROBIN = "round_robin"
    SWISS = "swiss"
    KINGS_TABLE = "kings_table"


# The next round from the standings order, the rounds so far, the last round's winners by
# table, the teams withdrawn and the late teams (entry number: the rounds played when it came).
Pair = Callable[
    [Sequence[int], Sequence[Pairing], Sequence[int], Set[int], Mapping[int, int]], Pairing
]


def _never_empty(teams: int, withdrawn: Set[int], played: int) -> bool:
    """A format paired afresh each round leaves no round empty: False."""
    return False


@dataclass(frozen=True, slots=True)
class TournamentFormat:
    """One format: its stored value and all that differs between formats (see the module
    docstring); pure functions and flags only."""

    format: Format
    pair: Pair
    # The rest says how the format differs from one paired afresh each round for as many
    # rounds as the director sets: an entry names only what is its own.
    # The rounds a number of teams sets (a schedule fixed by its teams), or None: the director
    # sets them.
    fixed_rounds: Callable[[int], int] | None = None
    # The most rounds the format pairs for a number of teams by its own rule (a Swiss meets no
    # team twice), or None: only the evening limits them.
    rounds_limit: Callable[[int], int] | None = None
    # Whether a late team joins after round 1 has started: a schedule fixed by its first
    # teams takes one before round 1 only.
    late_after_start: bool = True
    # Whether the rounds still to play, after `played`, of this many teams would have one with
    # no game left once the `withdrawn` teams are gone (a fixed schedule's walkovers can empty
    # a round; a format paired afresh each round never does).
    leaves_empty_round: Callable[[int, Set[int], int], bool] = _never_empty
    # Whether a bye counts as a win in the standings (it never scores points).
    bye_is_win: bool = True

    def round_count(self, teams: int, rounds: int | None) -> int:
        """How many rounds a tournament of this format plays with this many teams and the
        `rounds` its director set (None when the teams set them)."""
        if self.fixed_rounds is not None:
            return self.fixed_rounds(teams)
        return rounds or 0

    def takes_late_team(self, played: int) -> bool:
        """Whether a late team can join once `played` rounds have been played."""
        return self.late_after_start or played == 0


def _round_robin_next(
    order: Sequence[int],
    rounds: Sequence[Pairing],
    winners: Sequence[int],
    withdrawn: Set[int],
    joined: Mapping[int, int],
) -> Pairing:
    """A round robin's next round: the schedule's round after the ones so far."""
    return round_robin(order, len(rounds) + 1, withdrawn)


def _swiss_next(
    order: Sequence[int],
    rounds: Sequence[Pairing],
    winners: Sequence[int],
    withdrawn: Set[int],
    joined: Mapping[int, int],
) -> Pairing:
    """A Swiss's next round, paired around the teams withdrawn and with the late ones."""
    return swiss(order, rounds, withdrawn, joined)


def _kings_table_next(
    order: Sequence[int],
    rounds: Sequence[Pairing],
    winners: Sequence[int],
    withdrawn: Set[int],
    joined: Mapping[int, int],
) -> Pairing:
    """King's table's next round from the last one and its winners; the teams that joined
    since the last round queue at the bottom table (round 1 seats every team by entry)."""
    late = sorted(team for team, after in joined.items() if after == len(rounds) and rounds)
    return kings_table(order, rounds[-1] if rounds else None, winners, withdrawn, late)


ROUND_ROBIN = TournamentFormat(
    format=Format.ROUND_ROBIN,
    pair=_round_robin_next,
    fixed_rounds=round_robin_rounds,
    late_after_start=False,
    leaves_empty_round=round_robin_empty_round,
)
SWISS = TournamentFormat(
    format=Format.SWISS,
    pair=_swiss_next,
    # A Swiss meets no team twice: at most a round robin's rounds.
    rounds_limit=round_robin_rounds,
)
KINGS_TABLE = TournamentFormat(
    format=Format.KINGS_TABLE,
    pair=_kings_table_next,
    # The team sitting out a ladder's round waits for the bottom table: no win for that.
    bye_is_win=False,
)
# Every format by its stored value, in the order the new-tournament form offers them.
FORMATS: Mapping[str, TournamentFormat] = MappingProxyType(
    {entry.format.value: entry for entry in (ROUND_ROBIN, SWISS, KINGS_TABLE)}
)


def format_of(format: str) -> TournamentFormat:
    """The entry of the format a stored value (or a `Format`) names, or `TournamentError`
    `bad_format` for any other."""
    try:
        return FORMATS[format]
    except KeyError:
        raise TournamentError("bad_format", f"no format {format!r}") from None


def next_round(
    format: Format | str,
    order: Sequence[int],
    rounds: Sequence[Pairing],
    winners: Sequence[int] = (),
    withdrawn: Set[int] = frozenset(),
    joined: Mapping[int, int] = NO_LATE_TEAMS,
) -> Pairing:
    """The next round of a tournament of this `format` (a `Format` or its stored value), from
    the standings `order` before it, the `rounds` so far and, for King's table, each table's
    winner in the last round (`winners`, in table order), without the `withdrawn` teams and
    with the late teams that `joined` (entry number: the rounds played when it came). A format
    whose schedule its first teams fix takes a late team before round 1 only (`TournamentError`
    `bad_late`)."""
    kind = format_of(format)
    if not kind.late_after_start and any(joined.values()):
        raise TournamentError("bad_late", f"a {kind.format.value} schedule takes no late team")
    check_rounds(len(order), rounds, withdrawn, joined)
    return kind.pair(order, rounds, winners, withdrawn, joined)
