"""What adds up across games: the score of a series, and the career figures of a phone's games
(a table's and a tournament's are asked for in their rooms), with the cache that keeps them.
Always worked out from the stored inputs through the engine, never stored."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar, cast

from flask import current_app
from sqlalchemy import ColumnElement, or_, select

import scoring
from extensions import db
from games.kept import Kept
from games.reading import scored_games
from games.scored import ScoredGame
from games.states import games_state
from records.games import GameRecord
from records.tournaments import RoundGameRecord, RoundRecord, TournamentRecord

SideKeys = tuple[tuple[str, ...], ...]
T = TypeVar("T")


def side_names(scored: ScoredGame) -> tuple[tuple[str, ...], ...]:
    """The names of the players on each side of a game, read with the rules its replay already
    parsed (parsing them again for each of a table's games would cost more than the stats)."""
    rules, players = scored.state.rules, scored.record.players
    return tuple(tuple(players[seat] for seat in rules.seats_of(side)) for side in rules.sides)


def side_keys(scored: ScoredGame) -> SideKeys:
    """Who plays on each side of a game, as matched across games (scoring.name_key): the same
    people are the same side whatever the seats, spelling or team names."""
    return tuple(
        tuple(sorted(scoring.name_key(name) for name in side)) for side in side_names(scored)
    )


def played_game(scored: ScoredGame) -> scoring.PlayedGame:
    """A game as the career figures read it: who sat on each side, and its replayed score."""
    return scoring.PlayedGame(sides=side_names(scored), state=scored.state)


def earlier_games(record: GameRecord) -> list[GameRecord]:
    """The games before this one in its series' reach (one query): the table's games started
    before it, or without a table the games it is a rematch of, back to the first."""
    if record.table_id is not None:
        return list(
            db.session.scalars(
                select(GameRecord)
                .where(GameRecord.table_id == record.table_id, GameRecord.id < record.id)
                .order_by(GameRecord.id)
            ).all()
        )
    if record.rematch_of is None:
        return []
    chain = (
        select(GameRecord.id, GameRecord.rematch_of)
        .where(GameRecord.id == record.rematch_of)
        .cte("chain", recursive=True)
    )
    chain = chain.union_all(
        select(GameRecord.id, GameRecord.rematch_of).where(GameRecord.id == chain.c.rematch_of)
    )
    return list(
        db.session.scalars(
            select(GameRecord).where(GameRecord.id.in_(select(chain.c.id))).order_by(GameRecord.id)
        ).all()
    )


def series_of(scored: ScoredGame) -> scoring.Series | None:
    """The score of the series this game is part of, counting it once it is over; None for a
    game on its own (no table, no rematch, no best-of), which costs no query.

    A series is the finished games between the same sides: the same people together, whoever
    sat where. Games of the table (or of the rematch chain) with other sides are not in it.
    """
    record = scored.record
    if record.table_id is None and record.rematch_of is None and record.best_of is None:
        return None
    if record.table_id is None:  # a rematch chain: a few games, read each time
        return count_series(scored)
    # At a table every game before this one is read: kept until one of the table's games changes.
    key = ("series", record.id, record.version, games_state(GameRecord.table_id == record.table_id))
    return career_stats().get_or_make(key, lambda: count_series(scored))


def count_series(scored: ScoredGame) -> scoring.Series | None:
    """The series score of `series_of`, from the games before this one (read here)."""
    record = scored.record
    keys = side_keys(scored)
    winners = []
    for earlier in scored_games(earlier_games(record)):
        winner = aligned_winner(earlier, keys)
        if winner is not None:
            winners.append(winner)
    if scored.state.over and scored.state.winner is not None:
        winners.append(scored.state.winner)
    if not winners and record.best_of is None:
        return None
    score = scoring.series(winners, record.best_of, sides=len(keys))
    if score.decided and not scored.state.over:  # decided before this game: it starts the next
        return scoring.Series(wins=(0,) * len(keys), best_of=record.best_of, played=0, winner=None)
    return score


def aligned_winner(scored: ScoredGame, keys: SideKeys) -> int | None:
    """Which of the sides `keys` names won this finished game; None when the game is not over
    or was played between other sides."""
    state = scored.state
    if not state.over or state.winner is None:
        return None
    theirs = side_keys(scored)
    if sorted(theirs) != sorted(keys):
        return None
    return keys.index(theirs[state.winner])


def career(games: list[ScoredGame]) -> scoring.Career:
    """The career figures of the players and partnerships of these games (those in progress
    count in none)."""
    return scoring.career([played_game(scored) for scored in games])


def of_device(device: str) -> ColumnElement[bool]:
    """The games a phone's career figures count: those started on it, and those of the
    tournaments whose director's link it holds (it made them, or replaced that link last), whose
    games the director's rounds made on no phone's behalf."""
    directed = (
        select(RoundGameRecord.game_id)
        .join(RoundRecord, RoundRecord.id == RoundGameRecord.round_id)
        .join(TournamentRecord, TournamentRecord.id == RoundRecord.tournament_id)
        .where(TournamentRecord.device == device)
    )
    return or_(GameRecord.device == device, GameRecord.id.in_(directed))


def device_games_all(device: str | None) -> list[ScoredGame]:
    """Every game this phone's career figures count (`of_device`), in the order they were
    started (two queries at most)."""
    if not device:
        return []
    records = db.session.scalars(
        select(GameRecord).where(of_device(device)).order_by(GameRecord.id)
    ).all()
    return scored_games(list(records))


class CareerStats(Kept[Any]):
    """What this worker added up last (career figures, series scores), up to a number of sums,
    under what it depends on: which games (a table's, a phone's), how many, their versions
    summed and the newest. Every write to a game moves its version on, so a changed sum is
    simply looked up under a new key and a kept one is never out of date; a table that has not
    changed then costs one small query instead of replaying and adding up every game."""

    def get_or_make(self, key: Hashable, make: Callable[[], T]) -> T:
        """What is kept under `key`, or what `make` gives, then kept (as `make` types it)."""
        return cast(T, super().get_or_make(key, make))


def career_stats() -> CareerStats:
    """This worker's kept sums (made by `create_app`)."""
    kept: CareerStats = current_app.extensions["career_stats"]
    return kept


def device_career(device: str | None) -> scoring.Career:
    """The career figures of this phone's finished games (`of_device`)."""
    if not device:
        return career([])
    key = ("device", device, games_state(of_device(device)))
    return career_stats().get_or_make(key, lambda: career(device_games_all(device)))
