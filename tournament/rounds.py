"""The words every part of the tournament package shares: tables, rounds, errors (the formats
are `formats`).

A team is its entry number (1, 2, …, `n` in the order the teams were entered); the caller maps
its own team records to these numbers and back. A strict standings order is a tuple of all the
entry numbers, best first.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence, Set
from dataclasses import dataclass
from types import MappingProxyType

# No team came late: every team was entered with the tournament (an empty `joined`).
NO_LATE_TEAMS: Mapping[int, int] = MappingProxyType({})


class TournamentError(ValueError):
    """An input the tournament package cannot pair or rank, with a stable `code` for the
    caller to turn into a message in the user's language.

    Codes: `bad_format`, `too_few_teams`, `bad_order`, `bad_round`, `no_round_left`,
    `bad_winners`, `bad_result`, `bad_bye`, `bad_late`; a playoff's
    `bad_playoff_size`, `playoff_too_large`, `no_stage_left`.
    """

    def __init__(self, code: str, detail: str) -> None:
        """Keep the code for the caller and the detail (English, for logs) as the message."""
        super().__init__(f"{code}: {detail}")
        self.code = code
        self.detail = detail


@dataclass(frozen=True, slots=True)
class Table:
    """One game of a round: the team sitting North–South and the team sitting East–West."""

    north_south: int
    east_west: int

    @property
    def teams(self) -> tuple[int, int]:
        """Both teams, North–South first."""
        return (self.north_south, self.east_west)


@dataclass(frozen=True, slots=True)
class Pairing:
    """A round's pairing: its tables in table order (table 1 first), the team with the bye, if
    any, and the `walkovers`: in a round robin, the teams whose opponent of the schedule has
    withdrawn, each sitting out with a bye too. The same value describes a round already
    played, as the history of the next."""

    tables: tuple[Table, ...]
    bye: int | None = None
    walkovers: tuple[int, ...] = ()

    @property
    def byes(self) -> tuple[int, ...]:
        """Every team sitting the round out with a bye: the bye, then the walkovers."""
        return (self.bye, *self.walkovers) if self.bye is not None else self.walkovers

    def table_of(self, team: int) -> int | None:
        """The table number (1-based) where a team plays in this round; None on its bye."""
        for number, table in enumerate(self.tables, start=1):
            if team in table.teams:
                return number
        return None


def check_order(order: Sequence[int]) -> tuple[int, ...]:
    """The standings order as a tuple, once it is seen to hold each of 1..n exactly once for
    at least two teams; raises `TournamentError` otherwise."""
    teams = tuple(order)
    if len(teams) < 2:
        raise TournamentError("too_few_teams", "a tournament needs at least two teams")
    if sorted(teams) != list(range(1, len(teams) + 1)):
        raise TournamentError("bad_order", f"not each of 1..{len(teams)} once: {teams}")
    return teams


def check_rounds(
    teams: int,
    rounds: Iterable[Pairing],
    withdrawn: Set[int] = frozenset(),
    joined: Mapping[int, int] = NO_LATE_TEAMS,
) -> None:
    """Raise `TournamentError` unless every past round seats each of the `teams` entries once
    (at a table or on the bye), as any round this package made does; a `withdrawn` team may be
    missing from a round (the rounds after it withdrew), and so may a late team from the
    rounds played before it `joined` (its entry number: the rounds played when it came)."""
    everyone = set(range(1, teams + 1))
    for number, pairing in enumerate(rounds, start=1):
        seated = [team for table in pairing.tables for team in table.teams] + [*pairing.byes]
        absent = withdrawn | {team for team, after in joined.items() if after >= number}
        if len(set(seated)) != len(seated) or not everyone - absent <= set(seated) <= everyone:
            raise TournamentError("bad_round", f"round {number} does not seat each team once")


def seat(pairs: Iterable[tuple[int, int]], order: Sequence[int]) -> tuple[Table, ...]:
    """Tables for these pairs, kept in their order, each with its higher-placed team in
    `order` (the standings before the round) sitting North–South."""
    place = {team: index for index, team in enumerate(order)}
    tables = []
    for one, other in pairs:
        high, low = sorted((one, other), key=place.__getitem__)
        tables.append(Table(north_south=high, east_west=low))
    return tuple(tables)


def opponents(teams: int, rounds: Iterable[Pairing]) -> dict[int, set[int]]:
    """Each of the `teams` entries' opponents so far (a forfeited game too: it was paired, so
    it counts as a meeting)."""
    found: dict[int, set[int]] = {team: set() for team in range(1, teams + 1)}
    for pairing in rounds:
        for table in pairing.tables:
            found[table.north_south].add(table.east_west)
            found[table.east_west].add(table.north_south)
    return found


def byes_had(teams: int, rounds: Iterable[Pairing]) -> dict[int, int]:
    """How many byes each of the `teams` entries has had so far."""
    count = dict.fromkeys(range(1, teams + 1), 0)
    for pairing in rounds:
        if pairing.bye is not None:
            count[pairing.bye] += 1
    return count
