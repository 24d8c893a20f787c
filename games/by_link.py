"""The query behind every game page: a game by one of its links, with what its page shows of
where it is played (its tournament's round, clock, table and forfeit) and the club that holds it,
in one statement built once per link."""

from __future__ import annotations

from sqlalchemy import and_, bindparam, func, select
from sqlalchemy.orm import aliased

from records.clubs import ClubTableRecord, ClubTournamentRecord
from records.games import GameRecord
from records.tournaments import (
    RoundGameRecord,
    RoundRecord,
    TournamentRecord,
    TournamentTableRecord,
)

# A tournament game's round and tournament whatever its clock says (`Seat`), beside the round
# joined only while its clock runs.
SEAT_ROUND = aliased(RoundRecord)
SEAT_TOURNAMENT = aliased(TournamentRecord)
LATER_ROUND = aliased(RoundRecord)
# Whether a round (or playoff stage) has been followed by another: a game of the latest one is
# the one its table's phone follows on from.
LATER = (
    select(LATER_ROUND.id)
    .where(
        LATER_ROUND.tournament_id == SEAT_ROUND.tournament_id,
        LATER_ROUND.number > SEAT_ROUND.number,
    )
    .exists()
)
# The club that holds a game: its table's, or its tournament's (records.clubs), read with it.
CLUB_OF = func.coalesce(
    select(ClubTableRecord.club_id)
    .where(ClubTableRecord.table_id == GameRecord.table_id)
    .scalar_subquery(),
    select(ClubTournamentRecord.club_id)
    .where(ClubTournamentRecord.tournament_id == SEAT_ROUND.tournament_id)
    .scalar_subquery(),
)
# A game by one of its links, the query behind every game page, with its tournament round's
# clock while that clock has not called time (the round, its start and minutes; else None, as
# for a playoff stage's game), and, for a tournament's game, the side the director awarded it
# by forfeit and where it is played (`Seat`): built once per link.
BY_LINK = {
    link.key: select(
        GameRecord,
        RoundRecord.id,
        RoundRecord.started_at,
        TournamentRecord.round_minutes,
        RoundGameRecord.id,
        RoundGameRecord.forfeit_to,
        SEAT_TOURNAMENT.name,
        SEAT_ROUND.number,
        SEAT_ROUND.playoff,
        RoundGameRecord.table,
        TournamentTableRecord.token,
        LATER,
        SEAT_TOURNAMENT.confirm_hands,
        CLUB_OF,
    )
    .outerjoin(RoundGameRecord, RoundGameRecord.game_id == GameRecord.id)
    .outerjoin(SEAT_ROUND, SEAT_ROUND.id == RoundGameRecord.round_id)
    .outerjoin(SEAT_TOURNAMENT, SEAT_TOURNAMENT.id == SEAT_ROUND.tournament_id)
    .outerjoin(
        TournamentTableRecord,
        and_(
            TournamentTableRecord.tournament_id == SEAT_ROUND.tournament_id,
            TournamentTableRecord.number == RoundGameRecord.table,
        ),
    )
    .outerjoin(
        RoundRecord,
        # A playoff stage has no clock: its games are found without one.
        and_(
            RoundRecord.id == RoundGameRecord.round_id,
            RoundRecord.time_called_at.is_(None),
            RoundRecord.playoff.is_(False),
        ),
    )
    .outerjoin(TournamentRecord, TournamentRecord.id == RoundRecord.tournament_id)
    .where(link == bindparam("token"))
    for link in (GameRecord.edit_token, GameRecord.view_token)
}
