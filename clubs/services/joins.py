"""Two names of a club's games that are one person ("Ana B." and "Ana Beatriz"), joined by its
organiser and undone again (docs/rules.md, "Players"): every figure of the club is counted as if
the joined names had always been one. A join is refused when the two names are one already, when
the first is joined to another name already, when either was never played at the club, or when
both sat in the same game (one person cannot sit twice)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError

import scoring
from clubs.services.club import held_games
from extensions import db
from records.clubs import ClubJoinRecord, ClubRecord
from records.games import GameRecord

# Joined names by name key: each joined name's key to the key it counts as.
Joins = Mapping[str, str]
# How a club matches names (`scoring.name_key`), kept for the names it has met: a club's pages
# match every seat of every game, where a club has some dozens of names.
name_key = lru_cache(maxsize=4096)(scoring.name_key)


class JoinRefused(ValueError):
    """A join that cannot be made, with a `code`: `itself` (the two are one name already),
    `joined` (the first is joined to another name already), `unknown` (a name never played at
    the club) or `same_game` (both sat in one game)."""

    def __init__(self, code: str) -> None:
        """Keep the code the page turns into words."""
        super().__init__(code)
        self.code = code


def club_joins(club: ClubRecord) -> list[ClubJoinRecord]:
    """The club's joins, in the order they were made (one query)."""
    return list(
        db.session.scalars(
            select(ClubJoinRecord)
            .where(ClubJoinRecord.club_id == club.id)
            .order_by(ClubJoinRecord.id)
        )
    )


def joined_keys(joins: Iterable[ClubJoinRecord]) -> dict[str, str]:
    """The joins as name keys: each joined name's key to the key of the name it counts as."""
    return {name_key(join.name): name_key(join.same_as) for join in joins}


def resolve(key: str, joins: Joins) -> str:
    """The name key a name's key counts as, joins followed to their end."""
    if key not in joins:  # most names are joined to none: asked once per seat of every game
        return key
    seen = {key}
    while key in joins and joins[key] not in seen:
        key = joins[key]
        seen.add(key)
    return key


def join_names(club: ClubRecord, name: str, same_as: str, nonce: str | None) -> None:
    """Count `name` as `same_as` in every figure of the club from now on; the same form sent
    again changes nothing. JoinRefused (see its codes) with nothing written. The club's row is
    taken first, so that two joins sent at once are checked one after the other (each sees the
    other's join), never both against the joins as they were."""
    if _sent_before(nonce):
        return
    _moved(club)
    try:
        _check_and_join(club, name, same_as, nonce)
        db.session.commit()
    except JoinRefused:
        db.session.rollback()
        raise
    except IntegrityError:  # this form sent again, or the same name joined a moment before
        db.session.rollback()
        if not _sent_before(nonce):
            raise JoinRefused("joined") from None


def _check_and_join(club: ClubRecord, name: str, same_as: str, nonce: str | None) -> None:
    """Check the join against the club's joins and games as they are now (JoinRefused), then
    add it to the transaction."""
    joins = joined_keys(club_joins(club))
    first, second = name_key(name), name_key(same_as)
    if resolve(first, joins) == resolve(second, joins):
        raise JoinRefused("itself")
    if first in joins:
        raise JoinRefused("joined")
    wanted = {resolve(first, joins), resolve(second, joins)}
    played: set[str] = set()
    seats = (GameRecord.player_0, GameRecord.player_1, GameRecord.player_2, GameRecord.player_3)
    for row in db.session.execute(select(*seats).where(held_games(club))):
        sat = {resolve(name_key(player), joins) for player in row if player}
        if wanted <= sat:
            raise JoinRefused("same_game")
        played |= sat
    if not wanted <= played:
        raise JoinRefused("unknown")
    db.session.add(
        ClubJoinRecord(club_id=club.id, name=name, same_as=same_as, by_nonce=nonce or None)
    )


def undo_join(club: ClubRecord, join_id: int) -> None:
    """Undo one of the club's joins: its two names count apart again. A join undone already
    (this form sent again) changes nothing."""
    gone = db.session.execute(
        delete(ClubJoinRecord).where(
            ClubJoinRecord.id == join_id, ClubJoinRecord.club_id == club.id
        )
    )
    if gone.rowcount:  # type: ignore[attr-defined]  # a DML result's count
        _moved(club)
    db.session.commit()


def _sent_before(nonce: str | None) -> bool:
    """Whether a join with this one-time token is stored already."""
    if not nonce:
        return False
    found = select(ClubJoinRecord.id).where(ClubJoinRecord.by_nonce == nonce)
    return db.session.scalar(found) is not None


def _moved(club: ClubRecord) -> None:
    """Move the club's version on, in the write's transaction: its figures are counted again."""
    db.session.execute(
        update(ClubRecord).where(ClubRecord.id == club.id).values(version=ClubRecord.version + 1)
    )
