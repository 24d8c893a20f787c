"""Claiming a game for a write and committing it: applied once, whatever the network repeats
(the form's one-time token), or refused whole when another write came first."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from sqlalchemy import Select, bindparam, select, update
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm.attributes import set_committed_value

import scoring
from extensions import db
from games.reading import lost_race, replays
from games.replays import Replays
from games.scored import ScoredGame
from records.games import GameRecord, StoredHand
from records.tables import TableRecord

Written = TypeVar("Written")

log = logging.getLogger(__name__)

# How many of a game's latest writes are recognised when their form comes again: more than the
# saves a phone can have waiting to be sent (a dozen hands' worth).
RECENT_WRITES = 24

# The claim of a game at the version the form saw, the statement every write runs: built once.
GAMES, TABLES = GameRecord.__table__, TableRecord.__table__
CLAIM_GAME = (
    update(GAMES)
    .where(GAMES.c.id == bindparam("game_id"), GAMES.c.version == bindparam("seen"))
    .values(
        version=bindparam("new_version"),
        last_nonce=bindparam("nonce"),
        recent_nonces=bindparam("recent"),
    )
)


@dataclass(frozen=True)
class Write:
    """What a form that writes carries besides its fields: the game version its page showed
    (None when it did not say) and its one-time token (None for an old page without one)."""

    seen_version: str | None
    nonce: str | None


class Conflict(Exception):
    """Another phone changed the game after this form was shown."""


def among_recent(nonce: str | None, last_nonce: str | None, recent_nonces: str | None) -> bool:
    """Whether a form's one-time token is one of a game's recent writes (its latest, or one of
    the `recent_nonces` it keeps)."""
    if not nonce:
        return False
    return nonce == last_nonce or nonce in (recent_nonces or "").split()


def is_repeat(record: GameRecord, write: Write) -> bool:
    """Whether this exact form was already applied to the game (a double tap, a resend), however
    many writes came after it."""
    return among_recent(write.nonce, record.last_nonce, record.recent_nonces)


def was_applied(token: str, write: Write) -> bool:
    """Whether this exact form was already applied, read afresh after a refused write."""
    if not write.nonce:  # nothing to recognise it by: no need to read the row
        return False
    row = db.session.execute(
        select(GameRecord.last_nonce, GameRecord.recent_nonces).where(
            GameRecord.edit_token == token
        )
    ).first()
    return row is not None and among_recent(write.nonce, row.last_nonce, row.recent_nonces)


def overtaken(record: GameRecord, write: Write) -> bool:
    """Whether the form's page showed an older version of the game than the one loaded."""
    return write.seen_version not in (None, "") and write.seen_version != str(record.version)


def claim(record: GameRecord, write: Write, changed: dict[str, Any]) -> dict[str, Any]:
    """Claim the game for this write (its version moves on), setting the `changed` values of
    its row in the same statement; Conflict when another came first. Gives the values the claim
    wrote in the game's row.

    The claim is the first statement of a write that locks anything (see `commit_with`): it
    writes the row's `last_nonce`, one of its unique keys, so on PostgreSQL it locks the row
    FOR UPDATE, which waits for the KEY SHARE lock that a row referring to the game (a hand, a
    ruling) takes when it is written. Two writes that each wrote such a row before claiming
    would wait on each other (a deadlock); claiming first, the second waits at its claim for
    the first to commit and then finds the version moved: Conflict."""
    expected = record.version
    if overtaken(record, write):
        raise Conflict
    version, nonce = expected + 1, write.nonce or None
    recent = remembered(record.recent_nonces, write.nonce)
    values = {"game_id": record.id, "seen": expected, "new_version": version}
    statement = CLAIM_GAME.values(**changed) if changed else CLAIM_GAME
    done = db.session.connection().execute(statement, values | {"nonce": nonce, "recent": recent})
    if done.rowcount != 1:
        raise Conflict
    return {"version": version, "last_nonce": nonce, "recent_nonces": recent}


def remembered(recent: str | None, nonce: str | None) -> str:
    """The game's recent one-time tokens with this write's added, the oldest let go."""
    tokens = (recent or "").split() + ([nonce] if nonce else [])
    return " ".join(tokens[-RECENT_WRITES:])


def take_games(games: Select[Any]) -> None:
    """Lock the game rows `games` selects (by `GameRecord.id`), in rising order of id, as every
    write to several games takes them: two such writes may wait on each other, never deadlock
    (on PostgreSQL; SQLite has one writer at a time). A write that takes its tournament's row,
    or a round's, takes it before these."""
    db.session.execute(games.order_by(GameRecord.id).with_for_update(of=GameRecord)).all()


def touch_later_games(game_id: int, table_ids: set[int]) -> None:
    """Move on the series version of every game whose series line may count this one's ending
    (see games.career_stats.earlier_games): the later games of its tables (the one it is at, and
    the one it leaves or joins) and its rematches, one after another, wherever they are. Their
    own version stays, so their scorers' forms stay good.

    Run by `commit_with` once the game itself is claimed, and the later games are locked in the
    order of their ids: every write then takes its games' rows in rising order, so two
    corrections at one table may wait on each other but never deadlock (on PostgreSQL; SQLite
    has one writer at a time)."""
    chain = select(GAMES.c.id).where(GAMES.c.rematch_of == game_id).cte(recursive=True)
    chain = chain.union_all(select(GAMES.c.id).where(GAMES.c.rematch_of == chain.c.id))
    later = GAMES.c.id.in_(select(chain.c.id))
    if table_ids:
        later = later | (GAMES.c.table_id.in_(sorted(table_ids)) & (GAMES.c.id > game_id))
    locked = select(GAMES.c.id).where(later).order_by(GAMES.c.id).with_for_update()
    db.session.connection().execute(
        update(GAMES)
        .where(GAMES.c.id.in_(locked.scalar_subquery()))
        .values(series_version=GAMES.c.series_version + 1)
    )


def commit(
    record: GameRecord, write: Write, ending_changed: bool = False, **changed: Any
) -> tuple[Any, ...]:
    """Commit a write of the game's row alone (see `commit_with`); gives the key of the game's
    replay as the write leaves it (see `Replays.key`)."""
    return commit_with(record, write, lambda: None, ending_changed, **changed)[0]


def commit_with(
    record: GameRecord,
    write: Write,
    writes: Callable[[], Written],
    ending_changed: bool = False,
    **changed: Any,
) -> tuple[tuple[Any, ...], Written]:
    """Commit a write to the game as one transaction: first its claim (`claim`: the game's
    row locked, its version moved), then `writes`, the write's other statements (a hand's row,
    a ruling's), then the commit; Conflict, with nothing kept, if overtaken. Every write of a
    game's own (a scorer's, a ruling) goes through here, so each takes the game's row before
    any other (see `claim`), and the later games of its series after it, in the order of their
    ids (`touch_later_games`); a write to several games at once (a round started, cancelled or
    its time called, a table's new card) takes their rows with `take_games`.

    `ending_changed` says the write may change how the game ended, or whether it did, which
    the later games of its series show; `changed` names any other value the write sets in the
    game's row, written with its claim. Once committed, the record holds the row's new values,
    so that it is shown without reading the row again. Gives the key of the game's replay as
    the write leaves it (see `Replays.key`), and what `writes` gave."""
    try:
        claimed = claim(record, write, changed)
        if ending_changed:  # the table it was at, and any it moves to
            at = (record.table_id, changed.get("table_id"))
            touch_later_games(record.id, {table for table in at if table is not None})
        written = writes()
        # Off the session, the record keeps the values it was read with: the commit would
        # expire them, and whatever showed it next would read the row again.
        db.session.expunge(record)
        db.session.commit()
    except (Conflict, IntegrityError) as error:
        db.session.rollback()
        raise Conflict from error
    except OperationalError as error:
        db.session.rollback()
        if lost_race(error):  # the lock order above should keep this from happening
            log.warning("write to game %s ended by the database to let another go on", record.id)
            raise Conflict from error
        raise
    except Exception:  # a refusal `writes` found under the claim: nothing of it is kept
        db.session.rollback()
        raise
    for name, value in (claimed | changed).items():
        set_committed_value(record, name, value)
    return Replays.key(record), written


def commit_and_keep(
    scored: ScoredGame,
    write: Write,
    store: Callable[[], tuple[StoredHand, ...]],
    state: scoring.Game,
) -> ScoredGame:
    """Commit a hand's write (see `commit_with`: `store` writes the hand after the claim and
    gives the game's hands as the write leaves them) and keep the game's replay as the write
    leaves it, for the pages that show this version next; the game as written, which the
    answer to the write shows without reading anything again."""
    ending_changed = scored.state.over or state.over  # how it ended, or whether it did
    key, hands = commit_with(scored.record, write, store, ending_changed)
    replays().keep(key, (hands, state))
    return replace(scored, hands=hands, state=state)
