"""A team withdrawn from a tournament between rounds: its games stay and count in the
standings, it is paired no more (a Swiss pairs the teams left, `tournament.swiss`; King's
table moves the teams below it up a place, `tournament.kings_table`).

It reads the standing of `rounds`, and holds the claim every change of the director's stands
on (`director_write`): done once, whatever the network repeats (the form's one-time token), and
checked against the tournament as the changes sent before it left it, never dropped because its
page was older.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import func, select, update
from sqlalchemy.exc import OperationalError

from extensions import db
from games.claims import among_recent, remembered
from games.reading import lost_race
from records.tournaments import RoundRecord, TournamentRecord, TournamentTeamRecord
from tournaments.services.directory import find_tournament
from tournaments.services.rounds import RoundRefused, Standing, standing
from tournaments.services.seeding import pairing_numbers


def withdraw_refusal(now: Standing, entry: int) -> str | None:
    """Why team `entry` cannot withdraw now, as a `RoundRefused` code: `no_team` (no such
    team), `withdrawn` (it withdrew already), `in_play` (a game of the round is still being
    played), `playoff` (the playoff has started), `too_few` (fewer than two teams would be left
    to pair) or `empty_round` (a round robin's schedule would be left with a round of no game:
    its later opponents have a bye each, `tournament.round_robin`; the format's
    `leaves_empty_round`); None if it can."""
    active = [team.entry for team in now.teams if team.withdrawn_after is None]
    if entry not in active:
        return "withdrawn" if any(team.entry == entry for team in now.teams) else "no_team"
    if now.current is not None and not now.current.over:
        return "in_play"
    if now.playoff.stages:
        return "playoff"
    if len(active) <= 2:
        return "too_few"
    gone = {team.entry for team in now.teams if team.withdrawn_after is not None} | {entry}
    scheduled = pairing_numbers(now.record, now.teams, gone)  # a seeded schedule's by seed
    if now.format.leaves_empty_round(len(now.teams), scheduled, len(now.rounds)):
        return "empty_round"
    return None


def withdraw_team(token: str, entry: int, nonce: str | None) -> TournamentRecord:
    """Withdraw team `entry` of the tournament behind director's link `token` between rounds:
    note how many rounds were played, bumping the tournament's version (`director_write`: the
    same form sent again is answered as done). RoundRefused (see `withdraw_refusal`) with
    nothing written."""

    def write(now: Standing) -> None:
        """Note the rounds played on the team's row."""
        db.session.execute(
            update(TournamentTeamRecord)
            .where(TournamentTeamRecord.id == now.team(entry).id)
            .values(withdrawn_after=len(now.rounds))
            .execution_options(synchronize_session=False)
        )

    return director_write(token, nonce, lambda now: withdraw_refusal(now, entry), write)


# How many times a director's change is checked and claimed again when other changes came
# first: each of them was applied, so this is more than the changes of a tournament a room of
# phones can send at the same moment.
CLAIM_TRIES = 64


def director_write(
    token: str,
    nonce: str | None,
    check: Callable[[Standing], str | None],
    write: Callable[[Standing], None],
    made: Callable[[Standing], bool] = lambda now: False,
) -> TournamentRecord:
    """Make one change of the director's to the tournament behind director's link `token`,
    once: a form whose one-time token `nonce` the tournament remembers, or whose change the
    tournament has already (`made`), is answered as done, with nothing written. Otherwise the
    change is checked (`check`: a RoundRefused code, or None) against the tournament as it
    stands, the tournament claimed (`claim`) and the change written (`write`) and committed in
    one transaction. When another change came first, all is read, checked and claimed again, so
    a form from a page shown before is applied to the tournament as it is, or refused: never
    dropped. RoundRefused with nothing written (`busy` when other changes kept coming first);
    the tournament."""
    for _ in range(CLAIM_TRIES):
        record = find_tournament(token)
        if sent_before(record, nonce):
            return record
        now = standing(record)
        if made(now):
            return record
        refusal = check(now)
        if refusal is not None:
            raise RoundRefused(refusal)
        try:
            if not claim(record, now, nonce):
                continue
            write(now)
            db.session.commit()
        except OperationalError as error:  # the database let another write go on first
            db.session.rollback()
            if not lost_race(error):
                raise
            continue
        except BaseException:  # a refusal found once claimed: nothing of it is kept
            db.session.rollback()
            raise
        return record
    raise RoundRefused("busy")


def sent_before(record: TournamentRecord, nonce: str | None) -> bool:
    """Whether the director's form of this one-time token made its change already (the
    tournament remembers its recent ones)."""
    return among_recent(nonce, None, record.recent_nonces)


def claim(record: TournamentRecord, now: Standing, nonce: str | None) -> bool:
    """Move the tournament's version on for a change of the director's, remembering the form's
    one-time token, as the first step of its transaction: False, with nothing written, when
    another change came first since `now` was read (one moved the version, or a round or a
    playoff's stage started, which does not move it); then the change is to be checked again."""
    claimed = db.session.connection().execute(
        update(TournamentRecord)
        .where(TournamentRecord.id == record.id, TournamentRecord.version == record.version)
        .values(
            version=TournamentRecord.version + 1,
            recent_nonces=remembered(record.recent_nonces, nonce),
        )
    )
    # Starting a round does not move the version, so the rounds are counted again.
    started = len(now.rounds) + len(now.playoff.stages)
    if claimed.rowcount != 1 or rounds_now(record) != started:
        db.session.rollback()
        return False
    return True


def rounds_now(record: TournamentRecord) -> int:
    """How many rounds the tournament has, its playoff's stages with them, as the database
    holds it now."""
    counted = db.session.scalar(
        select(func.count(RoundRecord.id)).where(RoundRecord.tournament_id == record.id)
    )
    return counted or 0
