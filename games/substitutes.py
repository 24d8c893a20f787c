"""A substitute comes into a tournament's team: one of its two players renamed, from the
director's page, at any time.

The team's stored players change, so every game made after (the next rounds) seats the
substitute. The team's game in the round in play changes too while no hand of it is saved (it
has not begun); once one is, it keeps who played, as every game already played does, so the
stats, which read the games' player names, name who really played.
"""

from __future__ import annotations

from sqlalchemy import exists, select, update

from extensions import db
from games.tournaments import find_tournament
from models import GameRecord, HandRecord
from tournament_records import (
    RoundGameRecord,
    RoundRecord,
    TournamentRecord,
    TournamentTeamRecord,
    seat,
)


class TeamNotFound(LookupError):
    """The tournament has no team of that entry number."""


def find_team(record: TournamentRecord, entry: int) -> TournamentTeamRecord:
    """The tournament's team of this entry number; TeamNotFound for none."""
    # A number no team has is not asked of the database, whose integers it may not fit.
    team: TournamentTeamRecord | None = None
    if 1 <= entry <= 2**31 - 1:
        team = db.session.scalar(
            select(TournamentTeamRecord).where(
                TournamentTeamRecord.tournament_id == record.id,
                TournamentTeamRecord.entry == entry,
            )
        )
    if team is None:
        raise TeamNotFound(entry)
    return team


def swap_player(token: str, entry: int, partner: int, name: str) -> TournamentRecord:
    """Name `name` as player `partner` (0 or 1) of team `entry` of the tournament behind
    director's link `token`, in one transaction: the team, and its game of the latest round
    while no hand of it is saved, both versions moved. The same name sent again writes
    nothing. TeamNotFound for a team the tournament does not have; the tournament."""
    record = find_tournament(token)
    team = find_team(record, entry)
    column = f"player_{partner}"
    if getattr(team, column) == name:  # the same form sent again: done already
        return record
    setattr(team, column, name)
    latest = (
        select(RoundGameRecord)
        .join(RoundRecord, RoundRecord.id == RoundGameRecord.round_id)
        .where(RoundRecord.tournament_id == record.id)
        .order_by(RoundRecord.number.desc())
        .limit(1)
    )
    playing = db.session.scalar(
        latest.where(
            (RoundGameRecord.north_south_id == team.id) | (RoundGameRecord.east_west_id == team.id)
        )
    )
    last_round = db.session.scalar(latest.with_only_columns(RoundGameRecord.round_id))
    if playing is not None and playing.round_id == last_round:
        side = 0 if playing.north_south_id == team.id else 1
        # One statement, so a hand saved at the table meanwhile either comes first and the
        # game keeps who played, or waits for this one and is played by the substitute.
        db.session.execute(
            update(GameRecord)
            .where(
                GameRecord.id == playing.game_id,
                ~exists().where(HandRecord.game_id == playing.game_id),
            )
            .values({f"player_{seat(side, partner)}": name, "version": GameRecord.version + 1})
            .execution_options(synchronize_session=False)
        )
    # The watch page's tag names the tournament's version: its teams show the new name.
    record.version = TournamentRecord.version + 1
    db.session.commit()
    return record
