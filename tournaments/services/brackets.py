"""A tournament's playoff as it stands: its stages (rounds marked `playoff`, read with the
rounds by `tournaments.services.rounds.standing` and kept apart from them, never counted in the
standings), the seed of each team, each table's winner, the next stage's tables and the champion.

Its size and seeds are those of its first stage's tables (the bracket's order, as
`tournament.bracket` seats them), so nothing more of it is stored.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

import tournament


class Team(Protocol):
    """A team as the bracket reads it (a stored tournament team)."""

    @property
    def entry(self) -> int:
        """Its entry number."""
        ...

    @property
    def name(self) -> str:
        """Its name."""
        ...


class TableGame(Protocol):
    """A stage's game at one table as the bracket reads it
    (`tournaments.services.rounds.TableGame`)."""

    @property
    def north_south(self) -> Team:
        """The team seated North–South."""
        ...

    @property
    def east_west(self) -> Team:
        """The team seated East–West."""
        ...

    def result(self) -> tournament.GameResult:
        """The game's totals and winner, once it is over."""
        ...


class Stage(Protocol):
    """A stage as the bracket reads it (`tournaments.services.rounds.PlayedRound`, not imported: the
    rounds read the bracket)."""

    @property
    def tables(self) -> Sequence[TableGame]:
        """Its games in table order."""
        ...

    @property
    def over(self) -> bool:
        """Whether every game of it has ended."""
        ...

    def pairing(self) -> tournament.Pairing:
        """Its tables as entry numbers."""
        ...


S = TypeVar("S", bound=Stage)


@dataclass(frozen=True, slots=True)
class Bracket(Generic[S]):
    """The playoff's stages in order, first stage first (none before it starts)."""

    stages: tuple[S, ...] = ()

    @property
    def current(self) -> S | None:
        """The latest stage, if the playoff has started."""
        return self.stages[-1] if self.stages else None

    @property
    def size(self) -> int:
        """How many teams the playoff began with (0 before it starts)."""
        return 2 * len(self.stages[0].tables) if self.stages else 0

    def seeds(self) -> tuple[int, ...]:
        """The playoff's teams' entry numbers, seed 1 first, as its first stage seated them."""
        if not self.stages:
            return ()
        seeds = [0] * self.size
        for table, seated in zip(tournament.bracket(self.size), self.stages[0].tables, strict=True):
            seeds[table.north_south - 1] = seated.north_south.entry
            seeds[table.east_west - 1] = seated.east_west.entry
        return tuple(seeds)

    def seed(self, entry: int) -> int:
        """The seed (1..size) of the playoff's team of entry number `entry`."""
        return self.seeds().index(entry) + 1

    @property
    def over(self) -> bool:
        """Whether the final has been played to its end."""
        current = self.current
        return current is not None and len(current.tables) == 1 and current.over

    @property
    def champion(self) -> Team | None:
        """The final's winner once it has ended, else None."""
        if not self.over or self.current is None:
            return None
        final = self.current.tables[0]
        winner = final.result().winner
        return final.north_south if winner == final.north_south.entry else final.east_west

    def places(self) -> dict[int, int]:
        """Once the final has ended, each playoff team's place by entry number: the champion
        1, a team beaten in a stage of `t` tables `t` + 1 (the final's loser 2, a semi-final's
        losers 3, a quarter-final's 5); nothing before."""
        champion = self.champion
        if champion is None:
            return {}
        places = {}
        for stage in self.stages:
            for table in stage.tables:
                winner = table.result().winner
                for team in (table.north_south, table.east_west):
                    if team.entry != winner:
                        places[team.entry] = len(stage.tables) + 1
        return places | {champion.entry: 1}

    def refusal(self) -> str | None:
        """Why the next stage cannot start now (a `RoundRefused` code): `no_playoff` (it has
        not started), `in_play` (a game of this stage is still being played) or `over` (the
        final has been played); None if it can."""
        current = self.current
        if current is None:
            return "no_playoff"
        if not current.over:
            return "in_play"
        if len(current.tables) == 1:
            return "over"
        return None

    def next_stage(self) -> tuple[tournament.Table, ...]:
        """The next stage's tables (entry numbers) from this stage's winners; call it only
        when `refusal` is None."""
        stage = self.stages[-1]
        last = stage.pairing().tables
        winners = [table.result().winner or 0 for table in stage.tables]
        return tournament.next_stage(last, winners, self.seeds())
