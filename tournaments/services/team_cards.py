"""A team's own card, from where the tournament stands (`rounds.Standing`): its place, each
round as it played it, and where it plays now or next; what a bridge pair reads on its personal
score card. Read from the standing alone: nothing more is asked of the database."""

from __future__ import annotations

from dataclasses import dataclass

import tournament
from records.tournaments import TournamentTeamRecord
from tournaments.services.rounds import PlayedRound, Standing, TableGame


@dataclass(frozen=True, slots=True)
class TeamRound:
    """One round as a team played it: its number, and its table, opponent and totals (the
    team's first), with whether it won (None while the game goes on); or, with no table, that
    it sat out (a bye or a walkover)."""

    number: int
    playoff: bool = False
    table: int | None = None
    opponent: TournamentTeamRecord | None = None
    totals: tuple[int, int] = (0, 0)
    won: bool | None = None
    forfeit: bool = False


@dataclass(frozen=True, slots=True)
class TeamCard:
    """A team's card: the team, its line in the standings, its rounds in order, and where it
    plays next when the next round can start now (its table and opponent; None when it sits
    out or no round can start)."""

    team: TournamentTeamRecord
    row: tournament.Row
    rounds: tuple[TeamRound, ...]
    next_table: tuple[int, TournamentTeamRecord] | None


def team_card(now: Standing, entry: int) -> TeamCard:
    """The card of team `entry` (KeyError for a team the tournament does not have)."""
    team = next((team for team in now.teams if team.entry == entry), None)
    if team is None:
        raise KeyError(entry)
    row = next(row for row in now.rows if row.team == entry)
    stages = (*now.rounds, *now.playoff.stages)
    played = tuple(team_round(played, entry) for played in stages)
    return TeamCard(team, row, played, next_table(now, entry))


def team_round(played: PlayedRound, entry: int) -> TeamRound:
    """How team `entry` played round `played`."""
    number, playoff = played.record.number, played.record.playoff
    for table in played.tables:
        sides = (table.north_south, table.east_west)
        for side, own in enumerate(sides):
            if own.entry == entry:
                return seated(number, playoff, table, side)
    return TeamRound(number, playoff)


def seated(number: int, playoff: bool, table: TableGame, side: int) -> TeamRound:
    """Round `number` (a playoff stage's, when `playoff`) from the side (0 North–South, 1
    East–West) the team sat at `table`."""
    result = table.result()
    totals = table.scored.state.totals
    winner = result.winner
    own = (table.north_south, table.east_west)[side]
    return TeamRound(
        number,
        playoff,
        table.table,
        (table.north_south, table.east_west)[1 - side],
        (totals[side], totals[1 - side]),
        None if winner is None else winner == own.entry,
        table.forfeit is not None,
    )


def next_table(now: Standing, entry: int) -> tuple[int, TournamentTeamRecord] | None:
    """The table and opponent team `entry` meets if the next round starts now."""
    for number, pair in enumerate(now.next_tables(), start=1):
        if entry in pair.teams:
            other = pair.east_west if pair.north_south == entry else pair.north_south
            return number, now.team(other)
    return None
