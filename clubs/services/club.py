"""Clubs: made once per form, found by their own pair of links, holding tables and tournaments
(each held by one club at most, added once and never taken away), and the games of what they
hold, which every figure of the club is worked out from."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from functools import cache
from typing import NamedTuple

from sqlalchemy import ColumnElement, func, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import InstrumentedAttribute, QueryableAttribute

from extensions import db
from games.creating import create_once
from games.links import LinkRecord, replace_link
from games.reading import LinkReplaced, scored_games
from games.scored import ScoredGame
from games.states import state_columns, state_of
from records.clubs import ClubRecord, ClubTableRecord, ClubTournamentRecord, ReplacedClubLink
from records.games import GameRecord, token_hash
from records.tables import TableRecord
from records.tournaments import RoundGameRecord, RoundRecord, TournamentRecord
from tables.services.table import device_tables
from tournaments.services.directory import device_tournaments

# Clubs a phone is offered on the home page, newest first.
DEVICE_CLUBS_SHOWN = 20
# What a club's pages depend on (`club_state`): the club's own version, its games' state, and
# the versions of the tables and tournaments it holds summed (their links shown on its pages).
ClubState = tuple[int, int, int, int, int]


class ClubNotFound(LookupError):
    """No club answers to this link, nor ever did."""


class AlreadyInClub(Exception):
    """The table or tournament is held by a club already (this one, or another): it stays."""

    def __init__(self, here: bool) -> None:
        """Say whether the club that holds it is the one asking."""
        super().__init__(here)
        self.here = here


def find_club(token: str, link: InstrumentedAttribute[str] = ClubRecord.edit_token) -> ClubRecord:
    """The club behind a link (the organiser's unless told); LinkReplaced for a link that was
    replaced, ClubNotFound for any other."""
    club: ClubRecord | None = db.session.scalar(select(ClubRecord).where(link == token))
    if club is None:
        replaced = select(ReplacedClubLink.club_id).where(
            ReplacedClubLink.token_hash == token_hash(token)
        )
        if db.session.scalar(replaced) is not None:
            raise LinkReplaced(token)
        raise ClubNotFound(token)
    return club


class ClubLinks:
    """A club's links, as `replace_link` replaces them (games.links.LinkOwners)."""

    record = ClubRecord
    replaced = ReplacedClubLink

    def owner(self) -> QueryableAttribute[int]:
        """The replaced link's club."""
        return ReplacedClubLink.club_id

    def find(self, token: str) -> LinkRecord:
        """The club behind an organiser's link."""
        return find_club(token)

    def edit_replaced(self, device: str | None) -> dict[object, object]:
        """The phone that replaced the organiser's link holds the new one."""
        return {ClubRecord.device: device} if device else {}

    def missing(self, record_id: int) -> LookupError:
        """A club that is gone."""
        return ClubNotFound(str(record_id))


CLUB_LINKS = ClubLinks()


def create_club(name: str, device: str, nonce: str | None) -> ClubRecord:
    """A new club; the same form sent twice gives the club it made first."""

    def made_before() -> ClubRecord | None:
        """The club a form with this one-time token already made."""
        if not nonce:
            return None
        return db.session.scalar(select(ClubRecord).where(ClubRecord.creation_nonce == nonce))

    return create_once(
        lambda: ClubRecord(name=name, device=device, creation_nonce=nonce or None), made_before
    )


def replace_club_link(token: str, which: str, nonce: str | None, device: str | None = None) -> str:
    """Give the club behind organiser's link `token` a new view or organiser's link (`which`),
    as a game's links are replaced (games.links.replace_link), at the asking of phone
    `device`; the organiser's token to go on with."""
    return replace_link(token, which, nonce, CLUB_LINKS, device)


def device_clubs(device: str | None) -> list[ClubRecord]:
    """The clubs whose organiser's link this phone holds (it made them, or replaced that link
    last), newest first, in one query."""
    if not device:
        return []
    return list(
        db.session.scalars(
            select(ClubRecord)
            .where(ClubRecord.device == device)
            .order_by(ClubRecord.id.desc())
            .limit(DEVICE_CLUBS_SHOWN)
        )
    )


def club_tables(club: ClubRecord) -> list[TableRecord]:
    """The tables the club holds, in the order they were added (one query)."""
    return list(
        db.session.scalars(
            select(TableRecord)
            .join(ClubTableRecord, ClubTableRecord.table_id == TableRecord.id)
            .where(ClubTableRecord.club_id == club.id)
            .order_by(ClubTableRecord.id)
        )
    )


def club_tournaments(club: ClubRecord) -> list[TournamentRecord]:
    """The tournaments the club holds, in the order they were added (one query)."""
    return list(
        db.session.scalars(
            select(TournamentRecord)
            .join(ClubTournamentRecord, ClubTournamentRecord.tournament_id == TournamentRecord.id)
            .where(ClubTournamentRecord.club_id == club.id)
            .order_by(ClubTournamentRecord.id)
        )
    )


def held_games(club: ClubRecord) -> ColumnElement[bool]:
    """The condition that picks the club's games: those played at its tables, and those of
    its tournaments' rounds and playoff stages."""
    at_tables = select(ClubTableRecord.table_id).where(ClubTableRecord.club_id == club.id)
    in_tournaments = (
        select(RoundGameRecord.game_id)
        .join(RoundRecord, RoundRecord.id == RoundGameRecord.round_id)
        .join(ClubTournamentRecord, ClubTournamentRecord.tournament_id == RoundRecord.tournament_id)
        .where(ClubTournamentRecord.club_id == club.id)
    )
    return or_(GameRecord.table_id.in_(at_tables), GameRecord.id.in_(in_tournaments))


def club_state(club: ClubRecord) -> ClubState:
    """What a club's pages depend on, in one small query: its own version (moved by what it is
    given to hold, its joins and its seasons), its games' state (`games.states.GamesState`),
    and the versions of what it holds summed (a table's or tournament's link replaced moves
    its own version, and the club's pages show those links)."""
    held = (
        select(func.coalesce(func.sum(TableRecord.version), 0))
        .join(ClubTableRecord, ClubTableRecord.table_id == TableRecord.id)
        .where(ClubTableRecord.club_id == club.id)
        .scalar_subquery()
        + select(func.coalesce(func.sum(TournamentRecord.version), 0))
        .join(ClubTournamentRecord, ClubTournamentRecord.tournament_id == TournamentRecord.id)
        .where(ClubTournamentRecord.club_id == club.id)
        .scalar_subquery()
    )
    row = db.session.execute(select(*state_columns(), held).where(held_games(club))).one()
    return (club.version, *state_of(row[:3]), int(row[3]))


def club_games(club: ClubRecord) -> list[tuple[ScoredGame, bool]]:
    """Every game of the club, replayed, in the order they were started (creation, then id),
    each with whether its tournament's director awarded it by forfeit. Three queries, however
    many games and hands."""
    forfeits = select(RoundGameRecord.game_id).where(RoundGameRecord.forfeit_to.is_not(None))
    rows = db.session.execute(
        select(GameRecord, GameRecord.id.in_(forfeits))
        .where(held_games(club))
        .order_by(GameRecord.created_at, GameRecord.id)
    ).all()
    scored = scored_games([row[0] for row in rows])
    return [(game, bool(row[1])) for game, row in zip(scored, rows, strict=True)]


class HeldTournament(NamedTuple):
    """A tournament of the club as a night of it: its id, and its day and name as a season
    shows them (the day its first round started)."""

    id: int
    day: date
    name: str


def tournament_games(club: ClubRecord) -> dict[int, HeldTournament]:
    """The tournament of each game of the club's tournaments, by game id, in one query."""
    first = (
        select(func.min(RoundRecord.started_at))
        .where(RoundRecord.tournament_id == TournamentRecord.id)
        .correlate(TournamentRecord)
        .scalar_subquery()
    )
    rows = db.session.execute(
        select(RoundGameRecord.game_id, TournamentRecord.id, first, TournamentRecord.name)
        .join(RoundRecord, RoundRecord.id == RoundGameRecord.round_id)
        .join(TournamentRecord, TournamentRecord.id == RoundRecord.tournament_id)
        .join(ClubTournamentRecord, ClubTournamentRecord.tournament_id == TournamentRecord.id)
        .where(ClubTournamentRecord.club_id == club.id)
    )
    return {game: HeldTournament(held, began.date(), name) for game, held, began, name in rows}


# The club's games as `club_games` reads them, read when first asked for (`games_once`).
ClubGames = Callable[[], list[tuple[ScoredGame, bool]]]


def games_once(club: ClubRecord) -> ClubGames:
    """The club's games (`club_games`), read on the first call and the same list after: the
    parts of one count (ratings, figures, nights) share one read, and a part kept already
    reads nothing."""
    return cache(lambda: club_games(club))


def add_table(club: ClubRecord, table: TableRecord, nonce: str | None) -> None:
    """Hold a table from now on: its games, past and future, are the club's. The same form sent
    again changes nothing; AlreadyInClub when a club holds it already."""
    _add(club, ClubTableRecord, ClubTableRecord.table_id, table.id, nonce)


def add_tournament(club: ClubRecord, tournament: TournamentRecord, nonce: str | None) -> None:
    """Hold a tournament from now on, as `add_table` holds a table."""
    _add(club, ClubTournamentRecord, ClubTournamentRecord.tournament_id, tournament.id, nonce)


Held = type[ClubTableRecord] | type[ClubTournamentRecord]


def _add(
    club: ClubRecord, kind: Held, key: InstrumentedAttribute[int], value: int, nonce: str | None
) -> None:
    """Store that the club holds the row of `kind` whose `key` is `value`, and move the club's
    version, in one transaction; a form sent again (its one-time token stored already) is
    done, and what a club holds already (the unique key) is AlreadyInClub."""

    def sent_before() -> bool:
        """Whether this form's one-time token is stored already."""
        return bool(nonce) and db.session.scalar(select(kind.id).where(kind.by_nonce == nonce))

    if sent_before():
        return
    holder = db.session.scalar(select(kind.club_id).where(key == value))
    if holder is not None:
        raise AlreadyInClub(holder == club.id)
    db.session.add(kind(club_id=club.id, by_nonce=nonce or None, **{key.key: value}))
    db.session.execute(
        update(ClubRecord).where(ClubRecord.id == club.id).values(version=ClubRecord.version + 1)
    )
    try:
        db.session.commit()
    except IntegrityError as error:  # another send of this form, or another club, came first
        db.session.rollback()
        if sent_before():
            return
        raise AlreadyInClub(False) from error


def offered_tables(device: str | None) -> list[TableRecord]:
    """The tables this phone may give a club: those whose edit link it holds
    (tables.services.table.device_tables) that no club holds yet."""
    tables = device_tables(device)
    ids = [table.id for table in tables]
    held = set(
        db.session.scalars(
            select(ClubTableRecord.table_id).where(ClubTableRecord.table_id.in_(ids))
        )
    )
    return [table for table in tables if table.id not in held]


def offered_tournaments(device: str | None) -> list[TournamentRecord]:
    """The tournaments this phone may give a club: those whose director's link it holds
    (tournaments.services.directory.device_tournaments) that no club holds yet."""
    found = device_tournaments(device)
    ids = [tournament.id for tournament in found]
    held = set(
        db.session.scalars(
            select(ClubTournamentRecord.tournament_id).where(
                ClubTournamentRecord.tournament_id.in_(ids)
            )
        )
    )
    return [tournament for tournament in found if tournament.id not in held]


def club_by_id(club_id: int) -> ClubRecord | None:
    """The club of this id (as a game's link found it), or None once it is gone."""
    return db.session.get(ClubRecord, club_id)


def club_holding(tournament: TournamentRecord) -> ClubRecord | None:
    """The club that holds the tournament, if one does (one query)."""
    return db.session.scalar(
        select(ClubRecord)
        .join(ClubTournamentRecord, ClubTournamentRecord.club_id == ClubRecord.id)
        .where(ClubTournamentRecord.tournament_id == tournament.id)
    )
