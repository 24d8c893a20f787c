"""The tables a director should look at: those of the round (or playoff stage) in play where
nothing has been saved for a while. A table saves a hand's bids as it starts the hand; a table
that has saved nothing for `QUIET_MINUTES` has a long hand, a problem, or a phone that stopped
sending. The tricks of a hand are not timed (a hand's row keeps when its bids came), so the time
counted is since the latest hand began, or since the round started when no hand has."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import func, select

from extensions import db
from records.games import HandRecord
from tournaments.services.rounds import Standing

QUIET_MINUTES = 10  # about two hands' play, as a table plays them


def quiet_tables(now: Standing, at: datetime) -> tuple[tuple[int, int], ...]:
    """The tables still playing that have saved nothing for `QUIET_MINUTES` or more at `at`,
    in table order: each table's number and the whole minutes since it last saved. One small
    query once a round has started, whether or not its tables still play, so that the
    director's page runs as many queries in a round as between rounds."""
    current = now.playoff.current or now.current
    if current is None:
        return ()
    games = [table.scored.record.id for table in current.tables]
    latest = dict(
        db.session.execute(
            select(HandRecord.game_id, func.max(HandRecord.created_at))
            .where(HandRecord.game_id.in_(games))
            .group_by(HandRecord.game_id)
        ).all()
    )
    # A game played out that waits for a word or a ruling has nothing left to save.
    playing = [table for table in current.tables if not table.played_out]
    quiet = []
    for table in playing:
        since = latest.get(table.scored.record.id) or current.record.started_at
        minutes = int((at - since).total_seconds() // 60)
        if minutes >= QUIET_MINUTES:
            quiet.append((table.table, minutes))
    return tuple(quiet)
