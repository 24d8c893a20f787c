"""Tables: the people who play together, whose games collect in one place whichever phone
kept the score. Found by their own pair of links, made once per form, joined by games."""

from __future__ import annotations

from sqlalchemy import or_, select
from sqlalchemy.orm import InstrumentedAttribute, QueryableAttribute

import scoring
from extensions import db
from games.career_stats import career, career_stats
from games.claims import Write, commit
from games.creating import create_once
from games.links import LinkRecord, replace_link
from games.reading import LinkReplaced, scored_games
from games.scored import ScoredGame
from games.states import games_state
from records.games import GameRecord, token_hash
from records.tables import ReplacedTableLink, TableRecord

# Names offered on the new-game form: the most recently used first, this many at most.
NAMES_OFFERED = 40
# Tables a phone is offered on the new-game form, newest first.
DEVICE_TABLES_SHOWN = 20


class TableNotFound(LookupError):
    """No table answers to this link, nor ever did."""


class AlreadyAtTable(Exception):
    """The game already counts for another table: it stays there."""


def find_table(
    token: str, link: InstrumentedAttribute[str] = TableRecord.edit_token
) -> TableRecord:
    """The table behind a link (the edit link unless told); LinkReplaced for a link that was
    replaced, TableNotFound for any other."""
    table: TableRecord | None = db.session.scalar(select(TableRecord).where(link == token))
    if table is None:
        hashed = token_hash(token)
        replaced = select(ReplacedTableLink.table_id).where(ReplacedTableLink.token_hash == hashed)
        if db.session.scalar(replaced) is not None:
            raise LinkReplaced(token)
        raise TableNotFound(token)
    return table


class TableLinks:
    """A table's links, as `replace_link` replaces them (games.links.LinkOwners)."""

    record = TableRecord
    replaced = ReplacedTableLink

    def owner(self) -> QueryableAttribute[int]:
        """The replaced link's table."""
        return ReplacedTableLink.table_id

    def find(self, token: str) -> LinkRecord:
        """The table behind an edit link."""
        return find_table(token)

    def edit_replaced(self, device: str | None) -> dict[object, object]:
        """The phones that held the old edit link are offered the table no longer
        (`device_tables`): only the one that replaced it, and those that start or join a game
        with the new one."""
        changes: dict[object, object] = {
            TableRecord.edit_generation: TableRecord.edit_generation + 1
        }
        if device:
            changes[TableRecord.device] = device
        return changes

    def missing(self, record_id: int) -> LookupError:
        """A table that is gone."""
        return TableNotFound(str(record_id))


TABLE_LINKS = TableLinks()


def create_table(name: str, device: str, nonce: str | None) -> TableRecord:
    """A new table; the same form sent twice gives the table it made first."""
    return create_once(
        lambda: TableRecord(name=name, device=device, creation_nonce=nonce or None),
        lambda: table_created_by(nonce),
    )


def table_created_by(nonce: str | None) -> TableRecord | None:
    """The table a form with this one-time token already made."""
    if not nonce:
        return None
    return db.session.scalar(select(TableRecord).where(TableRecord.creation_nonce == nonce))


def table_games(table: TableRecord) -> list[ScoredGame]:
    """Every game of a table, replayed, in the order they were started (two queries at most,
    however many games and hands)."""
    records = db.session.scalars(
        select(GameRecord).where(GameRecord.table_id == table.id).order_by(GameRecord.id)
    ).all()
    return scored_games(list(records))


def recent_table_games(table: TableRecord, most: int | None) -> list[ScoredGame]:
    """A table's newest games (`most` of them, or all), newest first, replayed (two queries
    at most)."""
    records = db.session.scalars(
        select(GameRecord)
        .where(GameRecord.table_id == table.id)
        .order_by(GameRecord.id.desc())
        .limit(most)
    ).all()
    return scored_games(list(records))


def table_state(table: TableRecord) -> tuple[int, int, int, int]:
    """What a table's pages depend on, in one small query: the table's own version, then its
    games' state (`games_state`: how many, their versions summed, the newest).

    A game joins a table at most once and never leaves it (`join_table`), so every change of
    what a table holds moves the count. (While a game could move to another table, one leaving
    as another joined could leave all three figures as they were: the followed page answered
    "not modified" and the stats went on counting the game that left.)"""
    return (table.version, *games_state(GameRecord.table_id == table.id))


def device_tables(device: str | None) -> list[TableRecord]:
    """The tables whose edit link this phone holds, newest first: the ones it made or whose
    edit link it replaced last, and those it started a game at (or whose game joined one)
    with the edit link the table has now."""
    if not device:
        return []
    played_in = select(GameRecord.id).where(
        GameRecord.device == device,
        GameRecord.table_id == TableRecord.id,
        GameRecord.table_generation == TableRecord.edit_generation,
    )
    return list(
        db.session.scalars(
            select(TableRecord)
            .where(or_(TableRecord.device == device, played_in.exists()))
            .order_by(TableRecord.id.desc())
            .limit(DEVICE_TABLES_SHOWN)
        ).all()
    )


def join_table(scored: ScoredGame, table: TableRecord, write: Write) -> None:
    """Count a game among a table's games from now on (its series, its stats); a write to the
    game like any other, so its pages show it at once. Joining the table it is at changes
    nothing; AlreadyAtTable if it counts for another, Conflict if another write came first."""
    record = scored.record
    if record.table_id == table.id:  # a resent form, or a second look: it is there already
        return
    if record.table_id is not None:  # its series and stats are another table's
        raise AlreadyAtTable(record.table_id)
    # A finished game counts in the series of the table's later games from now on.
    generation = table.edit_generation  # the edit link it joins with
    commit(
        record,
        write,
        ending_changed=scored.state.over,
        table_id=table.id,
        table_generation=generation,
    )


def names_used(device: str | None, table: TableRecord | None) -> list[str]:
    """The player names of this phone's games and of the table's, the latest games' first, each
    spelling once (how names are matched across games is scoring.name_key's to say)."""
    where = []
    if device:
        where.append(GameRecord.device == device)
    if table is not None:
        where.append(GameRecord.table_id == table.id)
    if not where:
        return []
    rows = db.session.execute(
        select(GameRecord.player_0, GameRecord.player_1, GameRecord.player_2, GameRecord.player_3)
        .where(or_(*where))
        .order_by(GameRecord.id.desc())
        .limit(NAMES_OFFERED)
    )
    names: dict[str, None] = {}
    for row in rows:
        for name in row:
            if name:
                names.setdefault(name)
    return list(names)[:NAMES_OFFERED]


def replace_table_link(token: str, which: str, nonce: str | None, device: str | None = None) -> str:
    """Give the table behind edit link `token` a new view or edit link (`which`), as a game's
    links are replaced (games.links.replace_link), at the asking of phone `device`; the edit
    token to go on with."""
    return replace_link(token, which, nonce, TABLE_LINKS, device)


def table_career(
    table: TableRecord, state: tuple[int, int, int, int] | None = None
) -> scoring.Career:
    """The career figures of a table's finished games: one small query while it is unchanged
    (none when its `state`, as `table_state` gives it, is known already)."""
    key = ("table", table.id, state or table_state(table))
    return career_stats().get_or_make(key, lambda: career(table_games(table)))
