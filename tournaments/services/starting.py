"""A tournament's next round (or its playoff's next stage) started: paired from where it
stands (`tournaments.services.rounds.standing`), one game per table made in one transaction, once
whatever the network repeats (the form's one-time token).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError, OperationalError

import tournament
from extensions import db
from games.claims import take_games
from games.creating import create_once
from games.reading import lost_race
from records.games import GameRecord
from records.tournaments import (
    RoundGameRecord,
    RoundRecord,
    TournamentRecord,
    TournamentTeamRecord,
    seat,
)
from tournaments.services.directory import find_tournament
from tournaments.services.followed import clock_called
from tournaments.services.rounds import RoundRefused, Standing, standing
from tournaments.services.seeding import seeds_to_keep


def round_started_by(nonce: str | None) -> RoundRecord | None:
    """The round a start form with this one-time token already started."""
    if not nonce:
        return None
    return db.session.scalar(select(RoundRecord).where(RoundRecord.start_nonce == nonce))


def held(token: str) -> TournamentRecord:
    """The tournament behind director's link `token` (find_tournament), its row taken, then its
    rounds' rows, then its games' (each in rising order of id, as the round's clock and Cancel
    round take them), before anything of its standing is read: a write
    to one of its games that came first (an undo, a correction, a forfeit withdrawn) is seen
    as it left the game, and one that comes after waits, then finds the round ended
    (games.writing.keep_ended). On SQLite the first write takes the one write lock to the
    same end."""
    while True:
        record = find_tournament(token)
        db.session.execute(  # a write that changes nothing, for its lock
            update(TournamentRecord)
            .where(TournamentRecord.id == record.id)
            .values(version=TournamentRecord.version)
            .execution_options(synchronize_session=False)
        )
        rounds = select(RoundRecord.id).where(RoundRecord.tournament_id == record.id)
        db.session.execute(rounds.order_by(RoundRecord.id).with_for_update()).all()
        take_games(
            select(GameRecord.id)
            .join(RoundGameRecord, RoundGameRecord.game_id == GameRecord.id)
            .where(RoundGameRecord.round_id.in_(rounds))
        )
        # A clock whose deadline passed unread calls time now, in a transaction of its own
        # (the locks go with its commit): then all is taken again, once.
        if not clock_called(record):
            return record


@contextmanager
def holding(token: str) -> Iterator[TournamentRecord]:
    """The tournament behind director's link `token`, held (`held`) for the block; what the
    block leaves uncommitted (a form sent again, a refusal) is rolled back at its end, so its
    locks go at once, and a deadlock the database still finds is refused as `busy`."""
    try:
        yield held(token)
    except OperationalError as error:
        if not lost_race(error):
            raise
        raise RoundRefused("busy") from error
    finally:
        db.session.rollback()  # after a start, nothing is left to roll back


def started_here(record: TournamentRecord, nonce: str | None) -> bool:
    """Whether a start form with this one-time token already started a round (or a playoff's
    stage) of this tournament: the same form sent again."""
    again = round_started_by(nonce)
    return again is not None and again.tournament_id == record.id


def start_round(token: str, nonce: str | None) -> TournamentRecord:
    """Pair and start the next round of the tournament behind director's link `token`: one
    game per table, each with the tournament's rules, its North–South team at seats 0 and 2
    and North dealing first, all stored in one transaction. The same form sent again answers
    with the round it started. RoundRefused while a game of the last round is in play or when
    no round is left, with nothing written; the tournament."""
    with holding(token) as record:  # the link first: a replaced one answers so, to any form
        if started_here(record, nonce):
            return record
        now = standing(record)
        pairing = now.next_pairing()
        if pairing is None:
            raise RoundRefused(now.refusal() or "in_play")
        if not pairing.tables:  # a schedule left with no game (withdrawals refuse to leave one)
            raise RoundRefused("no_round_left")
        bye = now.team(pairing.bye) if pairing.bye is not None else None
        # Round 1 of a tournament seeded by rating keeps its seeds, in the round's transaction.
        seeds = seeds_to_keep(record, now.teams, len(now.rounds))
        if seeds:
            rows = [{"id": row, "seed": seed} for row, seed in seeds.items()]
            db.session.execute(update(TournamentTeamRecord), rows)
        start_once(now, pairing.tables, record.rules, nonce, bye)
        return record


def start_once(
    now: Standing,
    tables: Sequence[tournament.Table],
    rules: dict[str, Any],
    nonce: str | None,
    bye: TournamentTeamRecord | None = None,
    playoff: bool = False,
) -> None:
    """Store the round (or the playoff's stage) after those of `now`: one game per table of
    `tables` with these `rules`, the North–South team at seats 0 and 2 and North dealing
    first, and the `bye`, in one transaction; once, whatever the network repeats (the form's
    one-time token `nonce`). RoundRefused (`in_play`) if another form stored it just before."""

    def make() -> RoundRecord:
        """The round as paired, its games with it."""
        games = []
        for number, table in enumerate(tables, start=1):
            north_south, east_west = now.team(table.north_south), now.team(table.east_west)
            seated = {
                f"player_{seat(side, partner)}": name
                for side, team in enumerate((north_south, east_west))
                for partner, name in enumerate(team.players)
            }
            game = GameRecord(
                team_0=north_south.name,
                team_1=east_west.name,
                **seated,
                first_dealer=0,
                preset=now.record.preset,
                rules=dict(rules),  # each game keeps its own copy
            )
            games.append(
                RoundGameRecord(
                    table=number,
                    game=game,
                    north_south_id=north_south.id,
                    east_west_id=east_west.id,
                )
            )
        return RoundRecord(
            tournament_id=now.record.id,
            number=len(now.rounds) + len(now.playoff.stages) + 1,
            bye_team_id=bye.id if bye is not None else None,
            start_nonce=nonce or None,
            games=games,
            playoff=playoff,
        )

    if round_started_by(nonce) is not None:  # another tournament's form: started as one of none
        nonce = None
    try:
        create_once(make, lambda: round_started_by(nonce))
    except IntegrityError:  # another form started this round a moment before
        raise RoundRefused("in_play") from None
