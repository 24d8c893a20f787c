"""Tournaments: made once per form with their teams and a scorer's link per table, found by
their links (the director's, the watch link, a table's), and those links replaced, the old ones
answering "replaced" from then on. Pairing, rounds and standings come with the next slices."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import InstrumentedAttribute, QueryableAttribute

import scoring
import tournament
from extensions import db
from games.claims import take_games
from games.creating import create_once
from games.links import LinkRecord, replace_link, used_by
from games.reading import LinkReplaced
from records.games import GameRecord, ReplacedLink, new_token, token_hash
from records.tournaments import (
    FEWEST_TEAMS,
    MOST_TEAMS,
    Format,
    ReplacedTournamentLink,
    RoundGameRecord,
    RoundRecord,
    TournamentRecord,
    TournamentTableRecord,
    TournamentTeamRecord,
    card_token,
    most_rounds,
    table_count,
)


class TournamentNotFound(LookupError):
    """No tournament (nor any of its tables) answers to this link, nor ever did."""


class TournamentLinkReplaced(LinkReplaced):
    """The link was a tournament's (the director's, the watch link or a table's), and was
    replaced: the director has the new one."""


class TableLinkNotFound(LookupError):
    """The tournament has no table of that number."""


class TournamentRefused(ValueError):
    """A tournament that cannot be played as described: rules without partners, too few or too
    many teams, two teams of one name, a number of rounds out of range. The form says which in
    words before this is ever reached."""


@dataclass(frozen=True, slots=True)
class Entrant:
    """A team as it is entered: its name and its two players."""

    name: str
    players: tuple[str, str]


@dataclass(frozen=True, slots=True)
class Setup:
    """What a tournament is made of: its name, every game's rules (a partnership preset and its
    house rules, a number of hands as `hands_limit`), minutes per round (None untimed), the
    format with its rounds (None for a round robin), the teams in entry order, whether the
    other side confirms each hand, and whether round 1 is seeded by rating."""

    name: str
    preset: str
    rules: scoring.Rules
    round_minutes: int | None
    format: Format
    rounds: int | None
    teams: tuple[Entrant, ...]
    confirm_hands: bool = False
    seed_by_rating: bool = False


def refusal(setup: Setup) -> str | None:
    """Why a tournament cannot be made as set up (in a developer's words), None if it can."""
    if not setup.rules.partnership:
        return "a tournament's games are partnership games"
    if not FEWEST_TEAMS <= len(setup.teams) <= MOST_TEAMS:
        return f"a tournament has {FEWEST_TEAMS} to {MOST_TEAMS} teams"
    if len({scoring.name_key(team.name) for team in setup.teams}) < len(setup.teams):
        return "two teams have one name"
    if tournament.format_of(setup.format).fixed_rounds is not None:
        return None if setup.rounds is None else f"{setup.format.value}: the teams set the rounds"
    if setup.rounds is None or not 1 <= setup.rounds <= most_rounds(setup.format, len(setup.teams)):
        return "the number of rounds is out of range"
    return None


def create_tournament(setup: Setup, device: str, nonce: str | None) -> TournamentRecord:
    """A new tournament with its teams and one scorer's link per table; the same form sent
    twice gives the tournament it made first. TournamentRefused for a setup that cannot be
    played (`refusal`), with nothing written."""
    reason = refusal(setup)
    if reason is not None:
        raise TournamentRefused(reason)

    def make() -> TournamentRecord:
        """The tournament as the form describes it, its teams and tables with it."""
        teams = [
            TournamentTeamRecord(
                entry=entry, name=team.name, player_0=team.players[0], player_1=team.players[1]
            )
            for entry, team in enumerate(setup.teams, start=1)
        ]
        tables = [
            TournamentTableRecord(number=number)
            for number in range(1, table_count(len(setup.teams)) + 1)
        ]
        return TournamentRecord(
            name=setup.name,
            preset=setup.preset,
            rules=setup.rules.to_dict(),
            round_minutes=setup.round_minutes,
            format=setup.format.value,
            rounds=setup.rounds,
            confirm_hands=setup.confirm_hands,
            seed_by_rating=setup.seed_by_rating,
            device=device,
            creation_nonce=nonce or None,
            teams=teams,
            tables=tables,
        )

    return create_once(make, lambda: tournament_created_by(nonce))


def tournament_created_by(nonce: str | None) -> TournamentRecord | None:
    """The tournament a form with this one-time token already made."""
    if not nonce:
        return None
    return db.session.scalar(
        select(TournamentRecord).where(TournamentRecord.creation_nonce == nonce)
    )


def was_replaced(token: str) -> bool:
    """Whether this was one of a tournament's links (any of them) and was replaced."""
    hashed = token_hash(token)
    found = select(ReplacedTournamentLink.tournament_id).where(
        ReplacedTournamentLink.token_hash == hashed
    )
    return db.session.scalar(found) is not None


def no_tournament(token: str) -> LookupError:
    """Why a link finds no tournament: LinkReplaced for a link that was replaced,
    TournamentNotFound for any other."""
    return TournamentLinkReplaced(token) if was_replaced(token) else TournamentNotFound(token)


def find_tournament(
    token: str, link: InstrumentedAttribute[str] = TournamentRecord.edit_token
) -> TournamentRecord:
    """The tournament behind a link (the director's unless told); LinkReplaced for a link that
    was replaced, TournamentNotFound for any other."""
    found: TournamentRecord | None = db.session.scalar(
        select(TournamentRecord).where(link == token)
    )
    if found is None:
        raise no_tournament(token)
    return found


def find_table_link(token: str) -> tuple[TournamentTableRecord, TournamentRecord]:
    """The table behind a scorer's link and its tournament, in one query; LinkReplaced for a
    link that was replaced, TournamentNotFound for any other."""
    row = db.session.execute(
        select(TournamentTableRecord, TournamentRecord)
        .join(TournamentRecord, TournamentRecord.id == TournamentTableRecord.tournament_id)
        .where(TournamentTableRecord.token == token)
    ).first()
    if row is None:
        raise no_tournament(token)
    return row[0], row[1]


# How many of a phone's tournaments its home page lists, newest first.
MY_TOURNAMENTS_SHOWN = 10


def device_tournaments(device: str | None) -> list[TournamentRecord]:
    """The tournaments whose director's link this phone holds (it made them, or replaced that
    link last), newest first, in one query."""
    if not device:
        return []
    return list(
        db.session.scalars(
            select(TournamentRecord)
            .where(TournamentRecord.device == device)
            .order_by(TournamentRecord.id.desc())
            .limit(MY_TOURNAMENTS_SHOWN)
        )
    )


def tournament_teams(tournament: TournamentRecord) -> list[TournamentTeamRecord]:
    """A tournament's teams in entry order, in one query."""
    return teams_of([tournament.id])[tournament.id]


def teams_of(ids: Sequence[int]) -> dict[int, list[TournamentTeamRecord]]:
    """The teams of these tournaments in entry order, by tournament id, in one query."""
    teams: dict[int, list[TournamentTeamRecord]] = {key: [] for key in ids}
    found = (
        select(TournamentTeamRecord)
        .where(TournamentTeamRecord.tournament_id.in_(ids))
        .order_by(TournamentTeamRecord.tournament_id, TournamentTeamRecord.entry)
    )
    for team in db.session.scalars(found):
        teams[team.tournament_id].append(team)
    return teams


def tournament_tables(tournament: TournamentRecord) -> list[TournamentTableRecord]:
    """A tournament's tables by number, each with its scorer's link, in one query."""
    return list(
        db.session.scalars(
            select(TournamentTableRecord)
            .where(TournamentTableRecord.tournament_id == tournament.id)
            .order_by(TournamentTableRecord.number)
        )
    )


class TournamentLinks:
    """A tournament's director's and watch links, as `replace_link` replaces them
    (games.links.LinkOwners)."""

    record = TournamentRecord
    replaced = ReplacedTournamentLink

    def owner(self) -> QueryableAttribute[int]:
        """The replaced link's tournament."""
        return ReplacedTournamentLink.tournament_id

    def find(self, token: str) -> LinkRecord:
        """The tournament behind a director's link."""
        return find_tournament(token)

    def edit_replaced(self, device: str | None) -> dict[object, object]:
        """The phone that replaced the director's link holds the new one."""
        return {TournamentRecord.device: device} if device else {}

    def missing(self, record_id: int) -> LookupError:
        """A tournament that is gone."""
        return TournamentNotFound(str(record_id))


TOURNAMENT_LINKS = TournamentLinks()


def replace_tournament_link(
    token: str, which: str, nonce: str | None, device: str | None = None
) -> str:
    """Give the tournament behind director's link `token` a new watch or director's link
    (`which`: view or edit), as a game's links are replaced (games.links.replace_link), at the
    asking of phone `device`; the director's token to go on with."""
    return replace_link(token, which, nonce, TOURNAMENT_LINKS, device)


def replace_table_link(token: str, number: int, nonce: str | None) -> str:
    """Give table `number` of the tournament behind director's link `token` a new scorer's
    link (its card is printed again), and every game played at that table a new edit link (the
    new card leads to the one in play): whoever holds the old card, or a game's page opened
    from it, is answered "replaced" from then on. The director's link is checked first; the
    same form sent again changes nothing more. The director's token to go on with;
    TableLinkNotFound for a table the tournament does not have."""
    tournament = find_tournament(token)
    done_by = used_by(nonce, TOURNAMENT_LINKS)
    if done_by == tournament.id:
        return token  # this form's change is made already
    if done_by is not None:  # another tournament's form sent here: made as a form of no token
        nonce = None
    # A number no tournament's table has is not asked of the database, whose integers it may
    # not fit.
    if not 1 <= number <= table_count(MOST_TEAMS):
        raise TableLinkNotFound(number)
    table = db.session.scalar(
        select(TournamentTableRecord).where(
            TournamentTableRecord.tournament_id == tournament.id,
            TournamentTableRecord.number == number,
        )
    )
    if table is None:
        raise TableLinkNotFound(number)
    kept = ReplacedTournamentLink(
        token_hash=token_hash(table.token), tournament_id=tournament.id, by_nonce=nonce
    )
    db.session.add(kept)
    try:  # the old link's row is written first, and may be taken already
        # The tournament's row before its games' rows, as every write to both takes them.
        db.session.execute(
            update(TournamentRecord)
            .where(TournamentRecord.id == tournament.id)
            .values(version=TournamentRecord.version + 1)
            .execution_options(synchronize_session=False)
        )
        db.session.execute(
            update(TournamentTableRecord)
            .where(TournamentTableRecord.id == table.id)
            .values(token=card_token())
            .execution_options(synchronize_session=False)
        )
        replace_game_links(tournament.id, number)
        db.session.commit()
    except IntegrityError:  # both sends of one form, or two forms, arrived at once
        db.session.rollback()
        if not nonce:
            raise
        return replace_table_link(token, number, nonce)  # the first send counts
    return token


def replace_game_links(tournament_id: int, number: int) -> None:
    """Give every game of the tournament played at table `number` a new edit link, keeping
    the old one as replaced (a phone that opened the table's old card holds it); their rows
    are taken in rising order of id, as every write to several games takes them."""
    at_table = (
        select(GameRecord.id)
        .join(RoundGameRecord, RoundGameRecord.game_id == GameRecord.id)
        .join(RoundRecord, RoundRecord.id == RoundGameRecord.round_id)
        .where(RoundRecord.tournament_id == tournament_id, RoundGameRecord.table == number)
    )
    take_games(at_table)
    edit_links = select(GameRecord.id, GameRecord.edit_token).where(GameRecord.id.in_(at_table))
    for game_id, edit_token in db.session.execute(edit_links.order_by(GameRecord.id)).all():
        db.session.add(ReplacedLink(token_hash=token_hash(edit_token), game_id=game_id))
        db.session.execute(
            update(GameRecord)
            .where(GameRecord.id == game_id)
            .values(edit_token=new_token(), version=GameRecord.version + 1)
            .execution_options(synchronize_session=False)
        )
