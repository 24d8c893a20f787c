"""Making stored things once: a new game, a rematch, a table. The same form sent twice, or two
phones asking at the same moment, gives the one made first."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

import scoring
from extensions import db
from games.reading import LinkReplaced
from games.scored import ScoredGame
from records.games import GameRecord, ReplacedLink
from records.tables import TableRecord

Made = TypeVar("Made")  # a stored record: a game or a table


def create_once(make: Callable[[], Made], made_before: Callable[[], Made | None]) -> Made:
    """What `made_before` finds already made, or what `make` gives, stored.

    Two sends of one form (or two rematches of one game) may arrive at once: the database's
    unique constraint lets one in, and the other finds what the first made. Anything else the
    database refuses is raised as it came.
    """
    existing = made_before()
    if existing is not None:  # a second tap, or another phone was quicker
        return existing
    made = make()
    db.session.add(made)
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        first = made_before()
        if first is None:  # refused for some other reason than a second send
            raise
        return first
    return made


def create_game(
    *,
    teams: tuple[str, str],
    players: tuple[str, ...],
    first_dealer: int,
    preset: str,
    rules: scoring.Rules,
    device: str,
    nonce: str | None,
    table_id: int | None = None,
    best_of: int | None = None,
) -> GameRecord:
    """A new stored game; the same new-game form sent twice gives the game it made first.

    `players` holds one name per seat of the rules' table; the seats it lacks are stored "".
    `table_id` counts it among a table's games; `best_of` is how long its series runs.
    """
    seated = (*players, "", "")
    # The table's edit link the game is started with: as the table was read when its link was
    # found (the session still holds it), not as it may be now.
    table = db.session.get(TableRecord, table_id) if table_id is not None else None

    def make() -> GameRecord:
        """The game as the form describes it."""
        return GameRecord(
            team_0=teams[0],
            team_1=teams[1],
            player_0=players[0],
            player_1=players[1],
            player_2=seated[2],
            player_3=seated[3],
            first_dealer=first_dealer,
            preset=preset,
            rules=rules.to_dict(),
            device=device,
            creation_nonce=nonce or None,
            table_id=table_id,
            table_generation=table.edit_generation if table is not None else 0,
            best_of=best_of,
        )

    return create_once(make, lambda: created_by(nonce))


def created_by(nonce: str | None) -> GameRecord | None:
    """The game a new-game form with this one-time token already created."""
    if not nonce:
        return None
    return db.session.scalar(select(GameRecord).where(GameRecord.creation_nonce == nonce))


def rematch(scored: ScoredGame, device: str) -> GameRecord:
    """The game's rematch: same names, rules, table and series, the deal moved on; made once,
    whoever asks."""
    old = scored.record

    def make() -> GameRecord:
        """The rematch of the old game, dealt on from where it stopped."""
        return GameRecord(
            team_0=old.team_0,
            team_1=old.team_1,
            player_0=old.player_0,
            player_1=old.player_1,
            player_2=old.player_2,
            player_3=old.player_3,
            # A finished game has no next hand (`state.next`): the deal moves on from its last.
            first_dealer=scored.state.next_dealer,
            preset=old.preset,
            rules=old.rules,
            device=device,
            rematch_of=old.id,
            table_id=old.table_id,  # a rematch is played by the same people, at the same table
            table_generation=old.table_generation,
            best_of=old.best_of,
        )

    return create_once(make, lambda: rematch_of(old))


def rematch_of(old: GameRecord) -> GameRecord | None:
    """The rematch already started for a game, if any; LinkReplaced once a link of that
    rematch was replaced: its scorer shut someone out, and the old game's Rematch button must
    not lead back in."""
    found = db.session.scalar(select(GameRecord).where(GameRecord.rematch_of == old.id))
    if found is not None and db.session.scalar(
        select(ReplacedLink.game_id).where(ReplacedLink.game_id == found.id).limit(1)
    ):
        raise LinkReplaced(old.edit_token)
    return found
