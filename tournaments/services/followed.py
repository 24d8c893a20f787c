"""What the pages that follow a tournament by themselves read on every poll, in one small query
each: the watch page (`watched_games`) and a table's link (`followed_table`). While what they
read stands still, they are answered 304 with nothing more read."""

from __future__ import annotations

from datetime import datetime
from typing import Any, NamedTuple

from sqlalchemy import Select, distinct, func, select
from sqlalchemy.orm import InstrumentedAttribute

from extensions import db
from games.clock import deadline, minutes_left
from games.reading import call_time_if_due
from games.states import GamesState, state_columns, state_of
from records.clubs import ClubTournamentRecord
from records.games import GameRecord
from records.tournaments import (
    RoundGameRecord,
    RoundRecord,
    TournamentRecord,
    TournamentTableRecord,
    TournamentTeamRecord,
)
from tournaments.services.directory import no_tournament


def with_games_state(
    query: Select[*tuple[Any, ...]], *grouped: InstrumentedAttribute[int]
) -> Select[*tuple[Any, ...]]:
    """`query`, which selects a tournament's row (and rows `grouped` by their keys), with what
    the tournament's games look like (`games.states.GamesState`: any round started or hand
    saved moves it), grouped by the tournament, so its other columns may be selected as they
    are."""
    return (
        query.add_columns(*state_columns())
        .outerjoin(RoundRecord, RoundRecord.tournament_id == TournamentRecord.id)
        .outerjoin(RoundGameRecord, RoundGameRecord.round_id == RoundRecord.id)
        .outerjoin(GameRecord, GameRecord.id == RoundGameRecord.game_id)
        .group_by(TournamentRecord.id, *grouped)
    )


def followed_table(token: str) -> tuple[TournamentTableRecord, TournamentRecord, GamesState]:
    """A table's link as its card's page reads it on every poll, in one small query: the table,
    its tournament and what the tournament's games look like (`with_games_state`); as
    `find_table_link` for a link that is no table's. A card's link typed in small letters is
    found too (`records.tournaments.card_token` writes capitals)."""
    query = select(TournamentTableRecord, TournamentRecord).join(
        TournamentRecord, TournamentRecord.id == TournamentTableRecord.tournament_id
    )
    query = with_games_state(query, TournamentTableRecord.id)
    row = db.session.execute(query.where(TournamentTableRecord.token == token)).first()
    if row is None and token != token.upper():  # a card's link typed in small letters
        row = db.session.execute(query.where(TournamentTableRecord.token == token.upper())).first()
    if row is None:
        raise no_tournament(token)
    return row[0], row[1], state_of(row[2:])


class Seen(NamedTuple):
    """A tournament as a page that follows it reads it on every poll (`watched_games`)."""

    record: TournamentRecord
    state: GamesState
    teams: int  # how many teams the tournament has, withdrawn ones too
    club: int | None  # the id of the club that holds it, if one does


def watched_games(
    token: str, link: InstrumentedAttribute[str] = TournamentRecord.view_token
) -> Seen:
    """The tournament behind a watch link (or the director's, as `link` says), what its games
    look like (`with_games_state`), how many teams it has (which the wall's pages follow) and
    the club that holds it, in one small query, all that an unchanged watch page's (or
    director's page's) poll reads; as `find_tournament` for a link that is no tournament's."""
    teams = (
        select(func.count(distinct(TournamentTeamRecord.entry)))
        .where(TournamentTeamRecord.tournament_id == TournamentRecord.id)
        .correlate(TournamentRecord)
        .scalar_subquery()
    )
    # The club that holds it (records.clubs), whose ratings give its tables' chances on the wall.
    club = (
        select(ClubTournamentRecord.club_id)
        .where(ClubTournamentRecord.tournament_id == TournamentRecord.id)
        .correlate(TournamentRecord)
        .scalar_subquery()
    )
    query = with_games_state(select(TournamentRecord, teams, club))
    row = db.session.execute(query.where(link == token)).first()
    if row is None:
        raise no_tournament(token)
    return Seen(row[0], state_of(row[3:]), int(row[1]), row[2])


class Watched(NamedTuple):
    """What a page that follows the tournament by itself reads on every poll (`watched`)."""

    record: TournamentRecord
    state: GamesState
    # Minutes left on the latest round's clock: 0 once time is called; None without minutes
    # per round or a round.
    clock: int | None
    teams: int  # how many teams the tournament has, withdrawn ones too
    club: int | None  # the id of the club that holds it, if one does


def watched(token: str, link: InstrumentedAttribute[str] = TournamentRecord.view_token) -> Watched:
    """What a watch page's poll reads (the director's page's, by the `link` it goes by):
    `watched_games`, and with minutes per round the latest round's clock in one small query
    more. The read that finds the deadline passed calls time
    (`games.reading.call_time_if_due`) and reads the games again, as the call left them."""
    seen = watched_games(token, link)
    clock = latest_clock(seen.record)
    if clock is None:
        return Watched(seen.record, seen.state, None, seen.teams, seen.club)
    _, due, called_at = clock
    if clock_called(seen.record, clock):
        seen = watched_games(token, link)
        return Watched(seen.record, seen.state, 0, seen.teams, seen.club)
    return Watched(seen.record, seen.state, minutes_left(due, called_at), seen.teams, seen.club)


# The latest round's clock: its id, its deadline, and when its time was called (None yet).
Clock = tuple[int, datetime, datetime | None]


def latest_clock(record: TournamentRecord) -> Clock | None:
    """The latest round's clock, in one small query; None without minutes per round or a
    round."""
    if record.round_minutes is None:
        return None
    latest = db.session.execute(
        select(RoundRecord.id, RoundRecord.started_at, RoundRecord.time_called_at)
        .where(RoundRecord.tournament_id == record.id, RoundRecord.playoff.is_(False))
        .order_by(RoundRecord.number.desc())
        .limit(1)
    ).first()
    if latest is None:
        return None
    return latest.id, deadline(latest.started_at, record.round_minutes), latest.time_called_at


def clock_called(record: TournamentRecord, clock: Clock | None = None) -> bool:
    """Whether the latest round's clock called time just now (its deadline passed, and no read
    had called it yet: `games.reading.call_time_if_due`, which commits); `clock` as
    `latest_clock` read it, or read here."""
    clock = latest_clock(record) if clock is None else clock
    if clock is None or clock[2] is not None:
        return False
    return call_time_if_due(clock[0], clock[1])
