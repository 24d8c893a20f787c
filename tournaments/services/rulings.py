"""A tournament director's rulings on one table's game: a game awarded by forfeit (and that
forfeit withdrawn), its latest hand undone, a played hand corrected, points adjusted after a
hand, a hand the other side disputed upheld as saved. Each writes its change and its row of the
tournament's log (`records.rulings`) in one transaction, through the game's own claim
(games.claims), so a scorer's form shown before the ruling is refused as overtaken; or it is
refused whole, nothing written.

The hand's changes are the scorer's own (games.writing, games.inputs); a forfeit is stored on
the tournament's game (`RoundGameRecord.forfeit_to`) and moves the game's version, which a
game's pages and the watch page's tag follow.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TypeVar

from sqlalchemy import select, update

import scoring
from extensions import db
from games.claims import Write, commit_with
from games.inputs import add_adjustment, resume
from games.reading import scored_games
from games.scored import ScoredGame
from games.writing import Bids, Tricks, edit_hand, keep_ended, store_verdict, undo_last
from records.games import DISPUTED, RULED, GameRecord
from records.rulings import (
    ADJUSTMENT,
    CORRECTION,
    FORFEIT,
    FORFEIT_WITHDRAWN,
    RESUMED,
    UNDO,
    UPHELD,
    RulingRecord,
)
from records.tournaments import RoundGameRecord, RoundRecord, TournamentRecord
from tournaments.services.directory import find_tournament
from tournaments.services.rounds import RoundRefused

Written = TypeVar("Written")


class NoSuchTableGame(LookupError):
    """The tournament has no game at that table in that round."""


@dataclass(frozen=True, slots=True)
class RuledGame:
    """A table's game as the director rules on it: the tournament, the round's number, the
    table's number, its stored link to the round and the game replayed (with its forfeit)."""

    tournament: TournamentRecord
    round: int
    table: int
    link: RoundGameRecord
    scored: ScoredGame


@dataclass(frozen=True, slots=True)
class LoggedRuling:
    """A ruling as the log shows it: its row, and the round, table and teams of its game."""

    ruling: RulingRecord
    round: int
    table: int
    sides: tuple[str, str]

    @property
    def created_at(self) -> datetime:
        """When the ruling was made."""
        return self.ruling.created_at


def ruled_game(token: str, round_number: int, table: int) -> RuledGame:
    """The game at `table` in round `round_number` of the tournament behind director's link
    `token`, read with its link in one query and replayed; TournamentNotFound for a link that
    is not a director's, NoSuchTableGame for a round or table the tournament does not have."""
    record = find_tournament(token)
    row = db.session.execute(
        select(RoundGameRecord, GameRecord)
        .join(RoundRecord, RoundRecord.id == RoundGameRecord.round_id)
        .join(GameRecord, GameRecord.id == RoundGameRecord.game_id)
        .where(
            RoundRecord.tournament_id == record.id,
            RoundRecord.number == round_number,
            RoundGameRecord.table == table,
        )
    ).first()
    if row is None:
        raise NoSuchTableGame(token)
    link, game = row
    scored = replace(
        scored_games([game])[0],
        in_tournament=True,
        forfeit=link.forfeit_to,
        confirm_hands=record.confirm_hands,
    )
    return RuledGame(record, round_number, table, link, scored)


def _logged(ruled: RuledGame, kind: str, write: Callable[[], Written], **named: object) -> Written:
    """Run a ruling's `write` with its log row added to the same transaction (the write's
    commit keeps both, or neither); a write refused leaves no row behind."""
    ruling = RulingRecord(
        tournament_id=ruled.tournament.id, game_id=ruled.scored.record.id, kind=kind, **named
    )
    db.session.add(ruling)
    try:
        # The row is written by the commit, after the game's claim: written before, its
        # reference to the game would lock the game's row first (see games.claims.claim).
        with db.session.no_autoflush:
            return write()
    except BaseException:
        if ruling in db.session:  # still pending: the write was refused before its commit
            db.session.expunge(ruling)
        raise


def _not_forfeited(ruled: RuledGame) -> None:
    """RoundRefused (`forfeited`) for a game awarded by forfeit: its hands no longer decide
    it, so the forfeit is withdrawn before they are ruled on."""
    if ruled.scored.forfeit is not None:
        raise RoundRefused("forfeited")


def award(ruled: RuledGame, side: int, reason: str, write: Write) -> None:
    """Award the game to `side` (0 North–South, 1 East–West) by forfeit, for `reason` (kept in
    the rulings' log): it is over, the other team lost, and no points count either way.
    RoundRefused (`forfeited`) when it was awarded already, ValueError for a side that is
    neither; Conflict when overtaken."""
    if side not in (0, 1):
        raise ValueError(side)
    _not_forfeited(ruled)
    _logged(ruled, FORFEIT, lambda: _set_forfeit(ruled, side, write), side=side, reason=reason)


def withdraw_forfeit(ruled: RuledGame, write: Write) -> None:
    """Withdraw the game's forfeit: its hands decide it again, as they stand. RoundRefused
    (`not_forfeited`) when it has none; RoundEnded when its hands do not end it and its round
    has ended (the forfeit would no longer count); Conflict when overtaken."""
    if ruled.scored.forfeit is None:
        raise RoundRefused("not_forfeited")
    _logged(ruled, FORFEIT_WITHDRAWN, lambda: _set_forfeit(ruled, None, write))


def _set_forfeit(ruled: RuledGame, side: int | None, write: Write) -> None:
    """Claim the game for the forfeit (or none) and store it on the tournament's game: its
    version moves, so every page of it and every form shown before see the change."""

    def store() -> None:
        """Store the forfeit, once the game is claimed; one withdrawn (None) only while the
        game's round stands as it is or its hands end the game (games.writing.keep_ended)."""
        if side is None:
            keep_ended(ruled.scored, ruled.scored.state, "forfeit")
        db.session.execute(
            update(RoundGameRecord)
            .where(RoundGameRecord.id == ruled.link.id)
            .values(forfeit_to=side)
            .execution_options(synchronize_session=False)
        )

    commit_with(ruled.scored.record, write, store, ending_changed=True)


def undo(ruled: RuledGame, write: Write) -> None:
    """Undo the game's latest hand (played, or the bids in play), as its scorer can.
    RoundRefused (`forfeited`, `no_hand`), RoundEnded (games.writing.undo_last); Conflict
    when overtaken."""
    _not_forfeited(ruled)
    if not ruled.scored.hands:
        raise RoundRefused("no_hand")
    last = ruled.scored.hands[-1].number
    _logged(ruled, UNDO, lambda: undo_last(ruled.scored, write), hand=last)


def play_on(ruled: RuledGame, write: Write) -> ScoredGame:
    """Take back the time its round's clock called at the game: it plays on to its other ends
    (games.inputs.resume, whose refusals it raises: HandRefused when time was not called,
    RoundEnded once its round has ended); RoundRefused (`forfeited`)."""
    _not_forfeited(ruled)
    return _logged(ruled, RESUMED, lambda: resume(ruled.scored, write))


def correct(
    ruled: RuledGame, number: int, hand: tuple[Bids, Tricks, Tricks], write: Write
) -> ScoredGame:
    """Correct played hand `number` as its scorer can (games.writing.edit_hand, whose
    refusals it raises); RoundRefused (`forfeited`); the game as written. The hand counts as
    ruled: where the other side confirms each hand, it is not asked again."""
    _not_forfeited(ruled)
    return _logged(
        ruled,
        CORRECTION,
        lambda: edit_hand(ruled.scored, number, *hand, write, verdict=RULED),
        hand=number,
    )


def uphold(ruled: RuledGame, number: int, write: Write) -> ScoredGame:
    """Rule that disputed hand `number` stands as its scorer saved it: it counts. RoundRefused
    (`forfeited`, `not_disputed` for a hand that is not disputed now); Conflict when
    overtaken; the game as written."""
    _not_forfeited(ruled)
    hand = next((h for h in ruled.scored.unsettled if h.number == number), None)
    if hand is None or hand.verdict != DISPUTED:
        raise RoundRefused("not_disputed")
    return _logged(
        ruled, UPHELD, lambda: store_verdict(ruled.scored, hand, RULED, write), hand=number
    )


def adjust(ruled: RuledGame, adjustment: scoring.Adjustment, write: Write) -> ScoredGame:
    """Add an adjustment with its reason after a played hand, as its scorer can
    (games.inputs.add_adjustment, whose refusals it raises); RoundRefused (`forfeited`)."""
    _not_forfeited(ruled)
    return _logged(
        ruled,
        ADJUSTMENT,
        lambda: add_adjustment(ruled.scored, adjustment, write),
        hand=adjustment.after_hand,
        side=adjustment.side,
        points=adjustment.points,
        reason=adjustment.reason,
    )


def tournament_log(record: TournamentRecord) -> list[LoggedRuling]:
    """Every ruling of the tournament, newest first, with its game's round, table and teams
    (one query, whatever their number)."""
    rows = db.session.execute(
        select(
            RulingRecord,
            RoundRecord.number,
            RoundGameRecord.table,
            GameRecord.team_0,
            GameRecord.team_1,
        )
        .join(RoundGameRecord, RoundGameRecord.game_id == RulingRecord.game_id)
        .join(RoundRecord, RoundRecord.id == RoundGameRecord.round_id)
        .join(GameRecord, GameRecord.id == RulingRecord.game_id)
        .where(RulingRecord.tournament_id == record.id)
        .order_by(RulingRecord.created_at.desc(), RulingRecord.id.desc())
    ).all()
    return [
        LoggedRuling(ruling, number, table, (north_south, east_west))
        for ruling, number, table, north_south, east_west in rows
    ]


def game_rulings(game_id: int) -> list[RulingRecord]:
    """The rulings on one game, newest first (one query), for its history."""
    return list(
        db.session.scalars(
            select(RulingRecord)
            .where(RulingRecord.game_id == game_id)
            .order_by(RulingRecord.created_at.desc(), RulingRecord.id.desc())
        )
    )
