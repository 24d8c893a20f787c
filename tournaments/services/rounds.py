"""A tournament's rounds: where it stands (its rounds, each table's game replayed through the
engine, the standings counted from the finished games), the next round paired and started with
one game per table in one transaction, and the game a table's scorer's link leads to.

Queries per call are constant in the number of rounds, tables and hands: the teams in one, the
rounds with all their games in one, the hands of the games not kept in one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from sqlalchemy import select

import tournament
from extensions import db
from games.clock import deadline, minutes_left
from games.reading import call_time_if_due, scored_games
from games.scored import ScoredGame
from records.games import GameRecord
from records.tournaments import (
    RoundGameRecord,
    RoundRecord,
    TournamentRecord,
    TournamentTableRecord,
    TournamentTeamRecord,
)
from tournaments.services.brackets import Bracket
from tournaments.services.directory import teams_of
from tournaments.services.seeding import seeded_round


class RoundRefused(ValueError):
    """A round that cannot start now, with a `code`: `in_play` (the last round has a game
    still being played) or `no_round_left` (the tournament has played all its rounds)."""

    def __init__(self, code: str) -> None:
        """Keep the code the page turns into words."""
        super().__init__(code)
        self.code = code


@dataclass(frozen=True, slots=True)
class TableGame:
    """The game at one table of a round: its number, its two teams (North–South first), the
    stored game replayed, and the side the director awarded it to by forfeit (None without)."""

    table: int
    north_south: TournamentTeamRecord
    east_west: TournamentTeamRecord
    scored: ScoredGame
    forfeit: int | None = None

    @property
    def played_out(self) -> bool:
        """Whether the game has ended: awarded by forfeit, or won as its own ending says,
        whether or not its every hand counts yet (see `over`)."""
        state = self.scored.state
        return self.forfeit is not None or (state.over and state.winner is not None)

    @property
    def over(self) -> bool:
        """Whether the game has ended and counts: played out, with, where the other side
        confirms each hand, every hand agreed or ruled (a forfeit counts whatever they say)."""
        return self.played_out and (self.forfeit is not None or not self.scored.unsettled)

    def result(self) -> tournament.GameResult:
        """The game as the standings count it: the teams' entry numbers, the engine's totals,
        and the winner once it is over; a forfeit its winner, with no points either way."""
        state = self.scored.state
        sides = (self.north_south.entry, self.east_west.entry)
        if self.forfeit is not None:
            return tournament.GameResult(*sides, winner=sides[self.forfeit], forfeit=True)
        winner = sides[state.winner] if self.over and state.winner is not None else None
        return tournament.GameResult(
            sides[0], sides[1], (state.totals[0], state.totals[1]), winner=winner
        )


@dataclass(frozen=True, slots=True)
class PlayedRound:
    """A round as it stands: its stored row, the team with the bye (None when all play), its
    tables' games in table order, its deadline with minutes per round (None without), and in a
    round robin its walkovers: the teams whose opponent had withdrawn, sitting out with a bye
    (`tournament.round_robin`; not stored, they are the teams due to play that no table
    seats)."""

    record: RoundRecord
    bye: TournamentTeamRecord | None
    tables: tuple[TableGame, ...]
    deadline: datetime | None = None
    walkovers: tuple[TournamentTeamRecord, ...] = ()

    @property
    def clock_waiting(self) -> datetime | None:
        """The round's deadline while its clock has not called time yet, else None."""
        return self.deadline if self.record.time_called_at is None else None

    def minutes_left(self) -> int | None:
        """Whole minutes until time is called (see `minutes_left`), None without a clock."""
        if self.deadline is None:
            return None
        return minutes_left(self.deadline, self.record.time_called_at)

    @property
    def over(self) -> bool:
        """Whether every game of the round has ended."""
        return all(table.over for table in self.tables)

    def pairing(self) -> tournament.Pairing:
        """The round as the pairing package sees it: entry numbers by table, and the bye."""
        return tournament.Pairing(
            tables=tuple(
                tournament.Table(table.north_south.entry, table.east_west.entry)
                for table in self.tables
            ),
            bye=self.bye.entry if self.bye is not None else None,
            walkovers=tuple(team.entry for team in self.walkovers),
        )


@dataclass(frozen=True, slots=True)
class Standing:
    """A tournament as it stands: its teams in entry order, its rounds so far, the
    standings counted from their finished games, best first, and the playoff after them."""

    record: TournamentRecord
    teams: tuple[TournamentTeamRecord, ...]
    rounds: tuple[PlayedRound, ...]
    rows: tuple[tournament.Row, ...]
    playoff: Bracket[PlayedRound]

    @property
    def current(self) -> PlayedRound | None:
        """The latest round, if one has started."""
        return self.rounds[-1] if self.rounds else None

    def final_places(self) -> dict[int, int]:
        """Each team's final place by entry number: once the playoff is over, its teams by how
        far they went (`Bracket.places`), the others after them in the standings' places;
        before, the standings' places."""
        places = {row.team: row.place for row in self.rows}
        played = self.playoff.places()
        if not played:
            return places
        beyond = self.playoff.size + 1
        return {team: played.get(team, max(place, beyond)) for team, place in places.items()}

    def team(self, entry: int) -> TournamentTeamRecord:
        """The team of this entry number."""
        return self.teams[entry - 1]

    @property
    def format(self) -> tournament.TournamentFormat:
        """The tournament's format: its entry in the registry, which says all that differs
        between formats (its pairing, its rounds, its late teams and withdrawals)."""
        return tournament.format_of(self.record.format)

    @property
    def round_count(self) -> int:
        """How many rounds the tournament plays: a round robin's teams say it, the others set
        it (the format's `round_count`)."""
        return self.format.round_count(len(self.teams), self.record.rounds)

    def refusal(self) -> str | None:
        """Why the next round cannot start now (a `RoundRefused` code), None if it can."""
        if self.current is not None and not self.current.over:
            return "in_play"
        if len(self.rounds) >= self.round_count:
            return "no_round_left"
        return None

    def table_game(self, number: int) -> GameRecord | None:
        """The game at table `number` in the latest round, or the playoff's latest stage, while
        it is in play (some game of it still going), None between them and before the first."""
        current = self.playoff.current or self.current
        if current is None or current.over:
            return None
        for table in current.tables:
            if table.table == number:
                return table.scored.record
        return None

    def next_tables(self) -> tuple[tournament.Table, ...]:
        """The tables of the next round, or of the playoff's next stage once it has started, if
        it started now; none when it cannot start."""
        if self.playoff.stages:
            return self.playoff.next_stage() if self.playoff.refusal() is None else ()
        pairing = self.next_pairing()
        return pairing.tables if pairing is not None else ()

    def next_pairing(self) -> tournament.Pairing | None:
        """The pairing the next round would have if it started now (from the standings as they
        are), None when no round can start."""
        if self.refusal() is not None:
            return None
        winners: Sequence[int] = ()
        if self.current is not None:
            winners = [table.result().winner or 0 for table in self.current.tables]
        # Teams that withdrew between rounds are paired no more (`withdrawing`).
        withdrawn = {team.entry for team in self.teams if team.withdrawn_after is not None}
        joined = late_teams(self.teams)
        played = [played.pairing() for played in self.rounds]
        order = tournament.order_of(self.rows)
        seeded = seeded_round(self.record, self.teams, order, played, withdrawn, joined)
        return seeded or tournament.next_round(
            self.record.format,
            order,
            played,
            winners,
            withdrawn,
            joined,
        )


def late_teams(teams: Sequence[TournamentTeamRecord]) -> dict[int, int]:
    """The teams added late (tournaments.services.late_teams), by entry number: the rounds played
    when each came, as pairing and standings take them."""
    return {team.entry: team.joined_after for team in teams if team.joined_after is not None}


def standing(record: TournamentRecord) -> Standing:
    """The tournament as it stands now (see `Standing`), read as `standings` reads many."""
    return standings([record])[0]


# A round, one of its tables, and that table's game, as `standings` reads them.
Seated = tuple[RoundRecord, RoundGameRecord, GameRecord]


def standings(records: Sequence[TournamentRecord]) -> list[Standing]:
    """Each tournament as it stands now (see `Standing`), in three queries however many
    tournaments, rounds and hands: their teams, their rounds with their games, and the hands of
    the games not kept. The first read after a round's deadline calls time at its tables first
    (`games.reading.call_time_if_due`) and reads that tournament again."""
    if not records:
        return []
    ids = [record.id for record in records]
    teams = teams_of(ids)
    # Every round has a table at least (two teams make one), so the join finds every round.
    rows = db.session.execute(
        select(RoundRecord, RoundGameRecord, GameRecord)
        .join(RoundGameRecord, RoundGameRecord.round_id == RoundRecord.id)
        .join(GameRecord, GameRecord.id == RoundGameRecord.game_id)
        .where(RoundRecord.tournament_id.in_(ids))
        .order_by(RoundRecord.tournament_id, RoundRecord.number, RoundGameRecord.table)
    ).all()
    scored = scored_games([row[2] for row in rows])
    seated: dict[int, list[tuple[Seated, ScoredGame]]] = {key: [] for key in ids}
    for (played, link, stored), game in zip(rows, scored, strict=True):
        seated[played.tournament_id].append(((played, link, stored), game))
    found = []
    for record in records:
        one = stood(record, tuple(teams[record.id]), seated[record.id])
        if one is None:  # time was called at its tables, which committed: all read again
            return standings(records)
        found.append(one)
    return found


def stood(
    record: TournamentRecord,
    teams: tuple[TournamentTeamRecord, ...],
    seated: Sequence[tuple[Seated, ScoredGame]],
) -> Standing | None:
    """One tournament as it stands, from its teams and its rounds' games (`standings`); None
    when this read called time at its latest round's tables (so it is to be read again)."""
    by_id = {team.id: team for team in teams}
    latest = seated[-1][0][0].number if seated and record.confirm_hands else None
    stored: dict[int, RoundRecord] = {}
    tables: dict[int, list[TableGame]] = {}
    for (played, link, _game), game in seated:
        stored.setdefault(played.id, played)
        tables.setdefault(played.id, []).append(
            TableGame(
                link.table,
                by_id[link.north_south_id],
                by_id[link.east_west_id],
                # Only the latest round's (or stage's) hands wait for a word: once a later one
                # has started, a round's results count as they stand, as without the option.
                replace(game, confirm_hands=True) if played.number == latest else game,
                link.forfeit_to,
            )
        )
    minutes = record.round_minutes
    everything = tuple(
        PlayedRound(
            played,
            by_id[played.bye_team_id] if played.bye_team_id is not None else None,
            tuple(tables[played.id]),
            deadline(played.started_at, minutes) if minutes and not played.playoff else None,
            walkovers(teams, played, tables[played.id]),
        )
        for played in stored.values()
    )
    # The playoff's stages are numbered after the last round: the rounds are those before.
    rounds = tuple(played for played in everything if not played.record.playoff)
    waiting = rounds[-1].clock_waiting if rounds else None
    if waiting is not None and call_time_if_due(rounds[-1].record.id, waiting):
        return None
    results = [table.result() for played in rounds for table in played.tables]
    byes = [team for played in rounds for team in played.pairing().byes]
    ranked = tournament.standings(len(teams), results, byes, record.format, late_teams(teams))
    return Standing(record, teams, rounds, tuple(ranked), Bracket(everything[len(rounds) :]))


def walkovers(
    teams: Sequence[TournamentTeamRecord], played: RoundRecord, tables: Sequence[TableGame]
) -> tuple[TournamentTeamRecord, ...]:
    """The teams of a round that sat out although they were due to play (entered by then, not
    withdrawn yet) and had not the bye: a round robin's walkovers. None in a playoff stage,
    which seats only its teams."""
    if played.playoff:
        return ()
    seated = {team.id for table in tables for team in (table.north_south, table.east_west)}
    return tuple(
        team
        for team in teams
        if team.id not in seated
        and team.id != played.bye_team_id
        and (team.joined_after is None or team.joined_after < played.number)
        and (team.withdrawn_after is None or team.withdrawn_after >= played.number)
    )


def is_watch_or_table_link(token: str) -> bool:
    """Whether this is a tournament's watch link or one of its tables' links (which show, and
    never start a round)."""
    watch = select(TournamentRecord.id).where(TournamentRecord.view_token == token)
    table = select(TournamentTableRecord.id).where(TournamentTableRecord.token == token)
    return db.session.scalar(watch.union_all(table).limit(1)) is not None
