"""A team withdrawn from a tournament between rounds: its games stay and count in the
standings, it is paired no more (a Swiss pairs the teams left, `tournament.swiss`; King's
table moves the teams below it up a place, `tournament.kings_table`).

Kept beside `games.rounds`, whose standing it reads, as `games.cancelling` is.
"""

from __future__ import annotations

from sqlalchemy import func, select, update

import tournament
from extensions import db
from games.rounds import RoundRefused, Standing, standing
from games.tournaments import find_tournament
from tournament_records import Format, RoundRecord, TournamentRecord, TournamentTeamRecord


def withdraw_refusal(now: Standing, entry: int) -> str | None:
    """Why team `entry` cannot withdraw now, as a `RoundRefused` code: `no_team` (no such
    team, or it withdrew already), `in_play` (a game of the round is still being played),
    `playoff` (the playoff has started), `too_few` (fewer than two teams would be left to
    pair) or `empty_round` (a round robin's schedule would be left with a round of no game:
    its later opponents have a bye each, `tournament.round_robin`); None if it can."""
    active = [team.entry for team in now.teams if team.withdrawn_after is None]
    if entry not in active:
        return "no_team"
    if now.current is not None and not now.current.over:
        return "in_play"
    if now.playoff.stages:
        return "playoff"
    if len(active) <= 2:
        return "too_few"
    if now.record.format == Format.ROUND_ROBIN and empty_round_left(now, entry):
        return "empty_round"
    return None


def empty_round_left(now: Standing, entry: int) -> bool:
    """Whether a round robin's rounds still to play would have no game once team `entry`
    withdrew too (every game of it with a team that left)."""
    gone = {team.entry for team in now.teams if team.withdrawn_after is not None} | {entry}
    order = tuple(range(1, len(now.teams) + 1))
    return any(
        not tournament.round_robin(order, number, gone).tables
        for number in range(len(now.rounds) + 1, now.round_count + 1)
    )


def withdraw_team(token: str, entry: int, seen_version: int | None) -> TournamentRecord:
    """Withdraw team `entry` of the tournament behind director's link `token` between rounds:
    note how many rounds were played, bumping the tournament's version. A form from a page
    shown before the version moved (the same form sent again) is answered as done, with
    nothing more written. RoundRefused (see `withdraw_refusal`) with nothing written."""
    record = find_tournament(token)
    if seen_version is not None and seen_version != record.version:
        return record
    now = standing(record)
    refusal = withdraw_refusal(now, entry)
    if refusal is not None:
        raise RoundRefused(refusal)
    if not claim_between_rounds(record, now):
        return record
    db.session.execute(
        update(TournamentTeamRecord)
        .where(TournamentTeamRecord.id == now.team(entry).id)
        .values(withdrawn_after=len(now.rounds))
        .execution_options(synchronize_session=False)
    )
    db.session.commit()
    return record


def claim_between_rounds(record: TournamentRecord, now: Standing) -> bool:
    """Move the tournament's version on for a change between rounds (a team withdrawn or
    added), as the first step of its transaction: False, with nothing written, when another
    form moved it a moment before (this one is then answered as done); RoundRefused
    (`in_play`) when a round started since `now` was read, which would make the change one
    mid-round."""
    claimed = db.session.connection().execute(
        update(TournamentRecord)
        .where(TournamentRecord.id == record.id, TournamentRecord.version == record.version)
        .values(version=TournamentRecord.version + 1)
    )
    if claimed.rowcount != 1:
        db.session.rollback()
        return False
    # Starting a round does not move the version, so the rounds are counted again.
    rounds_now = db.session.scalar(
        select(func.count(RoundRecord.id)).where(
            RoundRecord.tournament_id == record.id, RoundRecord.playoff.is_(False)
        )
    )
    if rounds_now != len(now.rounds):
        db.session.rollback()
        raise RoundRefused("in_play")
    return True
