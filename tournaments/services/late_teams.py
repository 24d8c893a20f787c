"""A team added to a tournament late, between rounds (or before round 1), from the director's
page: it gets the next entry number, notes how many rounds had been played
(`tournament_team.joined_after`), and joins the next round's pairing with no results, ranked
below the teams with as many wins (`tournament.standings`). When the teams then outgrow the
tables, the table links the next round needs are made with it, in the same transaction.
"""

from __future__ import annotations

import scoring
from extensions import db
from records.tournaments import (
    MOST_TEAMS,
    TournamentRecord,
    TournamentTableRecord,
    TournamentTeamRecord,
    table_count,
)
from tournaments.services.directory import Entrant, tournament_tables
from tournaments.services.rounds import Standing
from tournaments.services.withdrawing import director_write


def late_refusal(now: Standing) -> str | None:
    """Why no team can be added now, as a `RoundRefused` code: `round_robin` (a format whose
    schedule its teams fix, as a round robin's every-pair-once, that has started: its
    `takes_late_team`), `in_play` (a game of the round is still being played), `no_round_left`
    (every round has been played) or `too_many` (the tournament has the most teams there are);
    None if one can."""
    if not now.format.takes_late_team(len(now.rounds)):
        return "round_robin"
    if now.current is not None and not now.current.over:
        return "in_play"
    if len(now.rounds) >= now.round_count:
        return "no_round_left"
    if len(now.teams) >= MOST_TEAMS:
        return "too_many"
    return None


def name_taken(now: Standing, name: str) -> bool:
    """Whether a team of the tournament already has this name, however spelt (as the
    new-tournament form tells names apart)."""
    key = scoring.name_key(name)
    return any(scoring.name_key(team.name) == key for team in now.teams)


def add_team(token: str, team: Entrant, nonce: str | None) -> TournamentRecord:
    """Add `team` to the tournament behind director's link `token` between rounds, with the
    next entry number and the rounds played so far, and the table links the next round then
    needs, bumping the tournament's version, in one transaction (`director_write`: the same
    form sent again is answered as done). RoundRefused (see `late_refusal`, and `name_taken`)
    with nothing written."""

    def check(now: Standing) -> str | None:
        """Why the team cannot join the tournament as it stands, if it cannot."""
        refusal = late_refusal(now)
        if refusal is None and name_taken(now, team.name):
            return "name_taken"
        return refusal

    def write(now: Standing) -> None:
        """The team's row, and the tables the teams playing then need."""
        record = now.record
        db.session.add(
            TournamentTeamRecord(
                tournament_id=record.id,
                entry=len(now.teams) + 1,
                name=team.name,
                player_0=team.players[0],
                player_1=team.players[1],
                joined_after=len(now.rounds),
            )
        )
        playing = 1 + sum(1 for kept in now.teams if kept.withdrawn_after is None)
        have = len(tournament_tables(record))
        db.session.add_all(
            TournamentTableRecord(tournament_id=record.id, number=number)
            for number in range(have + 1, table_count(playing) + 1)
        )

    return director_write(token, nonce, check, write)
