"""Replacing a link, a game's, a table's or a tournament's: the old one stops working at once
and answers "replaced" from then on."""

from __future__ import annotations

from typing import Protocol

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import QueryableAttribute

from extensions import db
from games.reading import GameNotFound, LinkReplaced, find
from records.games import GameRecord, ReplacedLink, new_token, token_hash
from records.tables import ReplacedTableLink, TableRecord
from records.tournaments import ReplacedTournamentLink, TournamentRecord

# What owns a pair of links, and where its replaced links are kept.
LinkRecord = GameRecord | TableRecord | TournamentRecord
ReplacedRecord = ReplacedLink | ReplacedTableLink | ReplacedTournamentLink


class LinkOwners(Protocol):
    """What replacing a link needs to know of the records that own such links (games, tables,
    tournaments): their stored type, the type its replaced links are kept as and the column of
    those that names their record, how a record is found by its edit link, and what says one
    is gone."""

    @property
    def record(self) -> type[LinkRecord]:
        """The stored type, with its `edit_token`, `view_token`, `version` and
        `creation_nonce`."""

    @property
    def replaced(self) -> type[ReplacedRecord]:
        """The type of the rows that keep a replaced link's hash (`token_hash`) and the
        one-time token of the form that replaced it (`by_nonce`)."""

    def owner(self) -> QueryableAttribute[int]:
        """The column of those rows that names the record whose link it was."""

    def find(self, token: str) -> LinkRecord:
        """The record behind an edit link; LinkReplaced or a not-found error otherwise."""

    def edit_replaced(self, device: str | None) -> dict[object, object]:
        """What else a new edit link changes in the record's row, given to it by the phone
        `device` (None when unknown), by column."""

    def missing(self, record_id: int) -> LookupError:
        """What says the record is gone."""


class GameLinks:
    """A game's links, as `replace_link` replaces them."""

    record = GameRecord
    replaced = ReplacedLink

    def owner(self) -> QueryableAttribute[int]:
        """The replaced link's game."""
        return ReplacedLink.game_id

    def find(self, token: str) -> LinkRecord:
        """The game behind an edit link."""
        return find(token)

    def edit_replaced(self, device: str | None) -> dict[object, object]:
        """Nothing else: a game's phone is the one that started it, whoever holds its link."""
        return {}

    def missing(self, record_id: int) -> LookupError:
        """A game that is gone."""
        return GameNotFound(str(record_id))


GAME_LINKS = GameLinks()


def replace_link(
    token: str,
    which: str,
    nonce: str | None,
    owners: LinkOwners = GAME_LINKS,
    device: str | None = None,
) -> str:
    """Give the game (or another owner of links) behind edit link `token` a new view or edit
    link (`which`), at the asking of phone `device` (None when unknown); the edit token to go
    on with. The old link stops working at once and answers "replaced" from then on.

    The link is checked first: a replaced one answers "replaced" to every form, one sent
    before included, with one exception: the very form that replaced it (its one-time token),
    sent again while nothing replaced a link of the record since, is answered as the first
    send was (a second tap on a slow network). The same form sent again changes nothing more.
    """
    try:
        record = owners.find(token)
    except LinkReplaced:
        again = replaced_by(token, nonce, owners) if which == "edit" else None
        if again is None:
            raise
        return current_edit_token(again, owners)
    done_by = used_by(nonce, owners)
    if done_by == record.id:
        return token  # this form's change is made already, and left this link as it was
    if done_by is not None:  # another record's form sent here: made as a form of no token
        nonce = None
    record_type, replaced_type = owners.record, owners.replaced
    fresh = new_token()
    column = record_type.view_token if which == "view" else record_type.edit_token
    changes: dict[object, object] = {column: fresh, record_type.version: record_type.version + 1}
    if which == "edit":  # the form that made it must not lead to its new edit link
        changes[record_type.creation_nonce] = None
        changes |= owners.edit_replaced(device)
    old = record.view_token if which == "view" else record.edit_token
    kept = {"token_hash": token_hash(old), owners.owner().key: record.id, "by_nonce": nonce}
    try:
        # The record's row first, as every write to it takes it: the old link's row, which
        # may be taken already, refers to it, and would otherwise lock it for sharing first.
        db.session.execute(
            update(record_type)
            .where(record_type.id == record.id)
            .values(changes)
            .execution_options(synchronize_session=False)
        )
        db.session.add(replaced_type(**kept))
        db.session.commit()
    except IntegrityError:  # both sends of one form, or two forms, arrived at once
        db.session.rollback()
        if not nonce:
            owners.find(token)  # the other replaced this link first: LinkReplaced
            raise
        return replace_link(token, which, nonce, owners, device)  # the first send counts
    return fresh if which == "edit" else token


def used_by(nonce: str | None, owners: LinkOwners = GAME_LINKS) -> int | None:
    """The record whose link a form of this one-time token replaced, if any."""
    if not nonce:
        return None
    found = db.session.scalar(select(owners.owner()).where(owners.replaced.by_nonce == nonce))
    return None if found is None else int(found)


def replaced_by(token: str, nonce: str | None, owners: LinkOwners = GAME_LINKS) -> int | None:
    """The record whose replaced link `token` this form (one-time token `nonce`) replaced,
    while that is the last link of the record replaced; None otherwise: another form, or a
    link replaced since, whose new link the sender may not learn."""
    if not nonce:
        return None
    replaced, owner = owners.replaced, owners.owner()
    mine = (
        select(owner, replaced.replaced_at)
        .where(replaced.token_hash == token_hash(token), replaced.by_nonce == nonce)
        .subquery()
    )
    later = (  # a tie of the clocks counts as later: the sender learns nothing then
        select(replaced.token_hash)
        .where(
            owner == mine.c[owner.key],
            replaced.replaced_at >= mine.c.replaced_at,
            replaced.token_hash != token_hash(token),
        )
        .exists()
    )
    found = db.session.scalar(select(mine.c[owner.key]).where(~later))
    return None if found is None else int(found)


def current_edit_token(record_id: int, owners: LinkOwners = GAME_LINKS) -> str:
    """The edit link a game (or another owner of links) has now."""
    record_type = owners.record
    token = db.session.scalar(select(record_type.edit_token).where(record_type.id == record_id))
    if token is None:  # deleted since: nothing to go on with
        raise owners.missing(record_id)
    return str(token)
