"""Finding stored games and replaying them into what a page shows; and, as a game of a
tournament round is found, that round's clock.

A round played to minutes calls time at its deadline at every table still playing. Nothing runs
at the deadline itself: the first read of one of the round's games after it (a table's phone, a
view link, the director's or the watch page) calls time as it stood at the deadline, from when
each hand's bids were stored, so the outcome is the same whenever that read comes and whether
or not a page was open then.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from flask import current_app
from sqlalchemy import bindparam, func, select, update
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import InstrumentedAttribute

import scoring
from extensions import db
from games.by_link import BY_LINK
from games.clock import Seat, deadline
from games.replays import Replay, Replays
from games.scored import ScoredGame
from records.games import (
    GameRecord,
    HandRecord,
    ReplacedLink,
    StoredHand,
    token_hash,
    utc_now,
)
from records.tournaments import (
    RoundGameRecord,
    RoundRecord,
)

MY_GAMES_SHOWN = 20
# Time called at one game by its round's clock: built once.
GAMES = GameRecord.__table__
CALL_TIME = (
    update(GAMES)
    .where(GAMES.c.id == bindparam("game_id"), GAMES.c.time_called_after.is_(None))
    .values(time_called_after=bindparam("after"), version=GAMES.c.version + 1)
)
# The stored hands of some games, in order (`stored_hands`): built once too.
HANDS_OF = (
    select(*StoredHand.columns())
    .where(HandRecord.game_id.in_(bindparam("game_ids", expanding=True)))
    .order_by(HandRecord.game_id, HandRecord.number)
)


# A game as its link finds it (`found`): its row, where it is played if it is a tournament's,
# the side its director awarded it by forfeit (None without one), and the club that holds it.
Found = tuple[GameRecord, Seat | None, int | None, int | None]


class GameNotFound(LookupError):
    """No game answers to this link, nor ever did."""


class LinkReplaced(LookupError):
    """The link was a game's, and was replaced: whoever holds it needs the new one."""


def replays() -> Replays:
    """This worker's kept replays (made by `create_app`)."""
    kept: Replays = current_app.extensions["replays"]
    return kept


def find(token: str, link: InstrumentedAttribute[str] = GameRecord.edit_token) -> GameRecord:
    """The stored game behind a link (the edit link unless told); LinkReplaced for a link that
    was replaced, GameNotFound for any other."""
    return found(token, link)[0]


def found(token: str, link: InstrumentedAttribute[str] = GameRecord.edit_token) -> Found:
    """As `find`, with where the game is played if it is a tournament's (its `Seat`) and the
    side its director awarded it by forfeit, read in the same query (see `Found`)."""
    row = db.session.execute(BY_LINK[link.key], {"token": token}).first()
    if row is None:
        replaced = select(ReplacedLink.game_id).where(ReplacedLink.token_hash == token_hash(token))
        if db.session.scalar(replaced) is not None:
            raise LinkReplaced(token)
        raise GameNotFound(token)
    record: GameRecord = row[0]
    (
        round_id,
        started_at,
        minutes,
        in_round,
        forfeit,
        name,
        number,
        playoff,
        table,
        card,
        later,
        confirm,
        club,
    ) = row[1:]
    due = None if minutes is None else deadline(started_at, minutes)
    if due is not None and call_time_if_due(round_id, due):
        return found(token, link)  # read again: the call changed the game
    seat = (
        None
        if in_round is None
        else Seat(name, number, playoff, table, card, due, not later, bool(confirm))
    )
    return record, seat, forfeit, club


def load(token: str, link: InstrumentedAttribute[str] = GameRecord.edit_token) -> ScoredGame:
    """The game behind a link (the edit link unless told), replayed, with its tournament's
    forfeit; GameNotFound otherwise."""
    return replayed(found(token, link))


def replayed(game: Found) -> ScoredGame:
    """A game as `found` gives it, replayed, with its tournament's forfeit and seat, and the
    club that holds it."""
    record, seat, forfeit, club = game
    scored = scored_games([record])[0]
    # Only a game of the latest round (or stage) waits for a word (tournaments.services.rounds).
    confirm = seat is not None and seat.confirm_hands and seat.latest
    return replace(
        scored,
        in_tournament=seat is not None,
        forfeit=forfeit,
        seat=seat,
        confirm_hands=confirm,
        club=club,
    )


def scored_games(records: list[GameRecord]) -> list[ScoredGame]:
    """Each game with its hands and replayed score; hands are read only for games not kept."""
    kept: dict[int, Replay] = {}
    for record in records:
        replay = replays().get(Replays.key(record))
        if replay is not None:
            kept[record.id] = replay
    missing = [record for record in records if record.id not in kept]
    if missing:
        hands = stored_hands([record.id for record in missing])
        for record in missing:
            kept[record.id] = replay_hands(record, hands[record.id])
            replays().keep(Replays.key(record), kept[record.id])
    return [ScoredGame(record, *kept[record.id]) for record in records]


def stored_hands(game_ids: list[int]) -> dict[int, list[StoredHand]]:
    """Every stored hand of these games, in order, by game (one query, plain values)."""
    hands: dict[int, list[StoredHand]] = {game_id: [] for game_id in game_ids}
    rows = db.session.execute(HANDS_OF, {"game_ids": game_ids})
    for row in rows:
        hands[row.game_id].append(StoredHand(*row))
    return hands


def replay_hands(record: GameRecord, hands: list[StoredHand]) -> Replay:
    """A game's hands and the score their played ones add up to."""
    played = [h.to_engine() for h in hands if h.played]
    return tuple(hands), replay_record(record, played)


def recorded_adjustments(record: GameRecord) -> tuple[scoring.Adjustment, ...]:
    """A game's stored adjustments as the engine's values, in the order recorded."""
    return tuple(scoring.Adjustment(**a) for a in record.adjustments or ())


def replay_record(record: GameRecord, played: list[scoring.Hand]) -> scoring.Game:
    """Replay a game's played hands with its rules, first dealer, time called and adjustments
    as stored. Raises what `scoring.replay` raises."""
    return replay_with(record, played, record.time_called_after, recorded_adjustments(record))


def replay_with(
    record: GameRecord,
    played: list[scoring.Hand],
    time_called_after: int | None,
    adjustments: tuple[scoring.Adjustment, ...],
) -> scoring.Game:
    """Replay a game's played hands with its rules and first dealer and these two other
    inputs (a write tries them before it stores them). Raises what `scoring.replay` raises."""
    return scoring.replay(
        record.scoring_rules,
        played,
        record.first_dealer,
        time_called_after=time_called_after,
        adjustments=adjustments,
    )


def device_games(device: str | None) -> list[ScoredGame]:
    """The newest games started on one phone (its `device` cookie), replayed."""
    if not device:
        return []
    records = db.session.scalars(
        select(GameRecord)
        .where(GameRecord.device == device)
        .order_by(GameRecord.created_at.desc(), GameRecord.id.desc())
        .limit(MY_GAMES_SHOWN)
    ).all()
    return scored_games(list(records))


# What PostgreSQL says when it ends a transaction to let another go on: a deadlock, a
# serialization failure (SQLSTATE codes).
LOST_RACE = {"40P01", "40001"}


def lost_race(error: OperationalError) -> bool:
    """Whether the database ended the write's transaction to let another write go on (a
    deadlock, a serialization failure): another write came first, as with a Conflict."""
    return getattr(error.orig, "sqlstate", None) in LOST_RACE


def call_time_if_due(round_id: int, due: datetime) -> bool:
    """Call time at every game of the round still playing once its deadline `due` has come:
    after the hands whose bids were stored by then (docs/rules.md#time-called: the hand in play
    is finished). A game that has ended, or where time was called already, is left as it is.
    Done once, in one transaction, whoever comes first; whether it was done by this call."""
    if utc_now() < due:
        return False
    try:
        return calls_time(round_id, due)
    except OperationalError as error:  # the lock order should keep this from happening
        db.session.rollback()
        if not lost_race(error):
            raise
        return False  # another write went on first: the next read calls time


def calls_time(round_id: int, due: datetime) -> bool:
    """Call time at the round's games still playing, as `call_time_if_due` says, its deadline
    `due` passed: the round's row first, then its games' in rising order of id."""
    rounds = RoundRecord.__table__
    claimed = db.session.connection().execute(
        update(rounds)
        .where(rounds.c.id == round_id, rounds.c.time_called_at.is_(None))
        .values(time_called_at=due)
    )
    if claimed.rowcount != 1:  # another read called it a moment before
        db.session.rollback()
        return False
    records = list(
        db.session.scalars(
            select(GameRecord)
            .join(RoundGameRecord, RoundGameRecord.game_id == GameRecord.id)
            .where(RoundGameRecord.round_id == round_id, GameRecord.time_called_after.is_(None))
            # Taken in rising order of id after the round's row, as every write to several of
            # a tournament's games takes them (games.claims.take_games).
            .order_by(GameRecord.id)
            .with_for_update(of=GameRecord)
        )
    )
    counted = db.session.execute(
        select(HandRecord.game_id, func.count(HandRecord.id))
        .where(
            HandRecord.game_id.in_([record.id for record in records]),
            HandRecord.created_at <= due,
        )
        .group_by(HandRecord.game_id)
    )
    bid_by_then = {game_id: count for game_id, count in counted}
    calls = []
    for game in scored_games(records):
        if game.state.over:
            continue
        after = bid_by_then.get(game.record.id, 0)
        played = [hand.to_engine() for hand in game.played]
        try:
            replay_with(game.record, played, after, recorded_adjustments(game.record))
        except scoring.ScoringError:  # hands saved past the deadline in a race with this call
            continue
        calls.append({"game_id": game.record.id, "after": after})
    if calls:
        db.session.execute(CALL_TIME, calls)
    db.session.commit()
    return True
