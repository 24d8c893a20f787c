"""A tournament's latest round cancelled before anything of it is saved, so the director can
pair it again: the round and its games deleted in one transaction, their links then answering
404 like any link that never was (a game with nothing in it leaves nothing to keep a link for).

It reads the standing of `rounds`, as every change between rounds does.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, select, update

from extensions import db
from games.claims import take_games
from records.games import GameRecord, HandRecord
from records.tournaments import RoundRecord, TournamentRecord, TournamentTeamRecord
from tournaments.services.rounds import RoundRefused, Standing
from tournaments.services.withdrawing import director_write


def untouched(
    hands: int, adjustments: list[dict[str, Any]] | None, time_called_after: int | None
) -> bool:
    """Whether nothing of a game is saved, from its number of stored hands (bids alone count),
    its adjustments and its time called."""
    return not hands and not adjustments and time_called_after is None


def cancel_refusal(now: Standing, number: int | None = None) -> str | None:
    """Why the latest round (round `number`, when told) cannot be cancelled now, as a
    `RoundRefused` code: `no_round` (no round, or not the latest) or `hands_saved` (a table
    saved something, a game was awarded by forfeit, or the round's clock called time); None if
    it can."""
    current = now.current
    if current is None or number not in (None, current.record.number):
        return "no_round"
    # A game awarded by forfeit is a ruling the log keeps: its round stands.
    if current.record.time_called_at is None and all(
        table.forfeit is None
        and untouched(
            len(table.scored.hands),
            table.scored.record.adjustments,
            table.scored.record.time_called_after,
        )
        for table in current.tables
    ):
        return None
    return "hands_saved"


def still_untouched(round_id: int, game_ids: list[int]) -> bool:
    """Whether nothing of the round is saved, as the database holds it now (not as a kept
    replay or the session remembers it)."""
    called = db.session.scalar(select(RoundRecord.time_called_at).where(RoundRecord.id == round_id))
    hands = db.session.scalar(
        select(HandRecord.id).where(HandRecord.game_id.in_(game_ids)).limit(1)
    )
    games = db.session.execute(
        select(GameRecord.adjustments, GameRecord.time_called_after).where(
            GameRecord.id.in_(game_ids)
        )
    )
    return (
        called is None
        and hands is None
        and all(untouched(0, adjustments, after) for adjustments, after in games)
    )


def cancel_round(
    token: str, number: int, seen_version: int | None, nonce: str | None
) -> TournamentRecord:
    """Cancel round `number`, the latest, of the tournament behind director's link `token`:
    delete it and its games in one transaction, bumping the tournament's version
    (`director_write`: the same form sent again is answered as done). RoundRefused
    (`no_round`, `hands_saved`, or for a form from a page shown before: see `stale_cancel`)
    with nothing written; the tournament."""

    def check(now: Standing) -> str | None:
        """Why the round cannot be cancelled as the tournament stands, if it cannot."""
        return stale_cancel(now, number, seen_version, cancel_refusal(now, number))

    return director_write(token, nonce, check, delete_round)


def stale_cancel(
    now: Standing, number: int, seen_version: int | None, refusal: str | None
) -> str | None:
    """Why a cancel from a page that showed the tournament at version `seen_version` is
    refused, given the `refusal` of the tournament as it is now: `cancelled` when that page's
    round is gone, another form having cancelled it since; `changed` when the version moved
    since, as a cancel does, for the round there may then be a pairing started again since
    (which does not move the version) that its page never showed; else `refusal`."""
    if seen_version is None or seen_version == now.record.version:
        return refusal
    current = now.current
    if refusal == "no_round" and (current is None or current.record.number < number):
        return "cancelled"
    return refusal or "changed"


def delete_round(now: Standing) -> None:
    """Delete the round in play and its games, once the tournament is claimed; RoundRefused
    (`hands_saved`), with nothing written, when a table saved something of it meanwhile."""
    current = now.current
    if current is None:  # `cancel_refusal` said there is one
        raise RoundRefused("no_round")
    round_id = current.record.id
    game_ids = [table.scored.record.id for table in current.tables]
    # The round's row, then its games' (in rising order of id), as the round's clock takes
    # them (games.reading.call_time_if_due). The games' rows are written before they are read
    # again, so that a hand saved at a table meanwhile is either seen here or waits for this
    # transaction and finds no game.
    db.session.execute(select(RoundRecord.id).where(RoundRecord.id == round_id).with_for_update())
    take_games(select(GameRecord.id).where(GameRecord.id.in_(game_ids)))
    db.session.execute(
        update(GameRecord)
        .where(GameRecord.id.in_(game_ids))
        .values(version=GameRecord.version + 1)
        .execution_options(synchronize_session=False)
    )
    if not still_untouched(round_id, game_ids):
        db.session.rollback()
        raise RoundRefused("hands_saved")
    # The round's table rows go with it (ON DELETE CASCADE), then the games, their hands none.
    db.session.execute(delete(RoundRecord).where(RoundRecord.id == round_id))
    db.session.execute(delete(GameRecord).where(GameRecord.id.in_(game_ids)))
    if len(now.rounds) == 1:  # round 1's seeds go with it: round 1 seeds again when it starts
        db.session.execute(
            update(TournamentTeamRecord)
            .where(TournamentTeamRecord.tournament_id == now.record.id)
            .values(seed=None)
            .execution_options(synchronize_session=False)
        )
