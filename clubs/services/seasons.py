"""A club's seasons (docs/rules.md, "A season"): a named span of days, its nights and the points
each gives, and its standings over every player's best nights.

A season's **nights** are the club's tournaments whose first round started within it, and each
day within it on which a counted game started at the club's tables (an **evening**). Days are
UTC days, as every stored time is. Seasons may overlap: a night counts in every season whose
span holds it. A tournament gives each player who played a game for a team (a substitute too)
the points of the team's final place; an evening gives the points per game won to each winner
of a counted game that day; both give the attendance points to each player of the night.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import date

from sqlalchemy import select, update

import ratings
from clubs.services.club import ClubState, club_games, club_state, club_tournaments
from clubs.services.joins import Joins, club_joins, joined_keys, name_key, resolve
from clubs.services.ratings import (
    checkpoint_games,
    club_ratings,
    counted,
    rated_players,
    sides_of,
    traces,
)
from extensions import db
from games.career_stats import career_stats
from games.creating import create_once
from games.scored import ScoredGame
from records.clubs import ClubRecord, ClubSeasonRecord
from records.games import utc_now
from tournaments.services.rounds import standings

TOURNAMENT = "tournament"
EVENING = "evening"


class SeasonNotFound(LookupError):
    """The club has no season of that number."""


@dataclass(frozen=True, slots=True)
class SeasonSetup:
    """What a season is made of (see `records.clubs.ClubSeasonRecord`)."""

    name: str
    first_day: date
    last_day: date
    place_points: tuple[int, ...]
    win_points: int = 1
    attendance_points: int = 0
    best_nights: int | None = None


@dataclass(frozen=True, slots=True)
class Night:
    """One night of a season: its day, its kind (`TOURNAMENT` or `EVENING`), its name (the
    tournament's; none for an evening) and the points it gave, by player key."""

    day: date
    kind: str
    name: str
    points: dict[str, int]


@dataclass(frozen=True, slots=True)
class SeasonStanding:
    """A season as its page shows it: its nights in order, its standings (each row's player a
    name as the club shows it), its champions once it is over (its last day has passed), and
    each player's rating trend over it."""

    season: ClubSeasonRecord
    nights: tuple[Night, ...]
    rows: tuple[ratings.SeasonRow, ...]
    over: bool
    # Each player's rating at the season's end less their rating when it began, by name.
    trends: dict[str, int]

    @property
    def champions(self) -> tuple[str, ...]:
        """The players of the first place once the season is over; none before."""
        return tuple(row.player for row in self.rows if row.place == 1) if self.over else ()


def create_season(club: ClubRecord, setup: SeasonSetup, nonce: str | None) -> ClubSeasonRecord:
    """A new season of the club, moving the club's version (its pages list its seasons); the
    same form sent twice, even at once, gives the season it made first."""

    def made_before() -> ClubSeasonRecord | None:
        """The season a form with this one-time token already made."""
        if not nonce:
            return None
        found: ClubSeasonRecord | None = db.session.scalar(
            select(ClubSeasonRecord).where(ClubSeasonRecord.by_nonce == nonce)
        )
        return found

    def make() -> ClubSeasonRecord:
        """The season as the form describes it, the club's version moved with it."""
        db.session.execute(
            update(ClubRecord)
            .where(ClubRecord.id == club.id)
            .values(version=ClubRecord.version + 1)
        )
        return ClubSeasonRecord(
            club_id=club.id,
            name=setup.name,
            first_day=setup.first_day,
            last_day=setup.last_day,
            place_points=list(setup.place_points),
            win_points=setup.win_points,
            attendance_points=setup.attendance_points,
            best_nights=setup.best_nights,
            by_nonce=nonce or None,
        )

    return create_once(make, made_before)


def club_seasons(club: ClubRecord) -> list[ClubSeasonRecord]:
    """The club's seasons, the latest first (one query)."""
    return list(
        db.session.scalars(
            select(ClubSeasonRecord)
            .where(ClubSeasonRecord.club_id == club.id)
            .order_by(ClubSeasonRecord.first_day.desc(), ClubSeasonRecord.id.desc())
        )
    )


def find_season(club: ClubRecord, number: int) -> ClubSeasonRecord:
    """The club's season of this number (its id); SeasonNotFound otherwise."""
    season: ClubSeasonRecord | None = db.session.scalar(
        select(ClubSeasonRecord).where(
            ClubSeasonRecord.id == number, ClubSeasonRecord.club_id == club.id
        )
    )
    if season is None:
        raise SeasonNotFound(number)
    return season


def season_standing(
    club: ClubRecord, season: ClubSeasonRecord, state: ClubState | None = None
) -> SeasonStanding:
    """The season as it stands, worked out once per change of the club's games (kept under the
    club's state, as its ratings are: `state` when the caller read it already) and once more
    when its last day has passed."""
    over = utc_now().date() > season.last_day
    state = state or club_state(club)
    key = ("club-season", club.id, season.id, state, over)
    return career_stats().get_or_make(key, lambda: count_season(club, season, over, state))


def count_season(
    club: ClubRecord, season: ClubSeasonRecord, over: bool, state: ClubState
) -> SeasonStanding:
    """The season counted from the club's games and tournaments (see the module's docstring);
    `over` once its last day has passed."""
    joins = joined_keys(club_joins(club))
    games = club_games(club)
    within = [(g, f) for g, f in games if g.record.created_at.date() <= season.last_day]
    everyone = club_ratings(club, state, lambda: games).players
    since, every = traces().get(club.id), checkpoint_games()
    # The ratings at the season's end are the club's own while no game came after it; those
    # at its start, after the games started before its first day. Both are rated on from the
    # club's last pass, which these games begin.
    if len(within) == len(games):
        rated = everyone
    else:
        rated = rated_players(within, joins, since, every)[0].players
    before = [(g, f) for g, f in within if g.record.created_at.date() < season.first_day]
    begun = {p.key: p.shown for p in rated_players(before, joins, since, every)[0].players}
    names = {player.key: player.name for player in everyone}
    nights = sorted(
        [*evenings(season, games, joins), *tournament_nights(club, season, joins)],
        key=lambda night: (night.day, night.kind, night.name),
    )
    by_player: dict[str, list[int]] = defaultdict(list)
    for night in nights:
        for player, points in night.points.items():
            by_player[player].append(points)
    at_end = {player.key: player.shown for player in rated}
    rows = ratings.season_standings(
        by_player, at_end, season.best_nights, name=lambda key: name_key(names.get(key, key))
    )
    new = ratings.shown(ratings.Rating())  # a player with no game before the season
    trends = {
        names.get(row.player, row.player): at_end.get(row.player, new) - begun.get(row.player, new)
        for row in rows
    }
    shown = tuple(replace(row, player=names.get(row.player, row.player)) for row in rows)
    return SeasonStanding(season, tuple(nights), shown, over, trends)


def evenings(
    season: ClubSeasonRecord, games: Iterable[tuple[ScoredGame, bool]], joins: Joins
) -> list[Night]:
    """The evenings of the season: each day within it when a counted game started at the
    club's tables, with its points (per game won, and for playing)."""
    points: dict[date, dict[str, int]] = {}
    for game, forfeited in games:
        day = game.record.created_at.date()
        if game.record.table_id is None or not season.first_day <= day <= season.last_day:
            continue
        found = counted(game, forfeited, sides_of(game, joins))
        if found is None:
            continue
        night = points.setdefault(day, {})
        for side, place in zip(found.sides, found.places, strict=True):
            for player in side:
                if player not in night:
                    night[player] = season.attendance_points
                if place == 1:
                    night[player] += season.win_points
    return [Night(day, EVENING, "", night) for day, night in points.items()]


def tournament_nights(club: ClubRecord, season: ClubSeasonRecord, joins: Joins) -> list[Night]:
    """The club's tournaments whose first round started within the season, each with the
    points of its teams' final places (after the playoff, once it is over:
    `tournaments.services.rounds.Standing.final_places`) for the players who played a game
    for them, the playoff's games included."""
    nights = []
    for now in standings(club_tournaments(club)):
        if not now.rounds:
            continue
        day = now.rounds[0].record.started_at.date()
        if not season.first_day <= day <= season.last_day:
            continue
        place_of = now.final_places()
        night: dict[str, int] = {}
        for stage in (*now.rounds, *now.playoff.stages):
            for table in stage.tables:
                if table.forfeit is not None and not table.scored.played:
                    continue  # a game awarded before a hand of it was played seats nobody
                players = table.scored.record.players
                for side, team in enumerate((table.north_south, table.east_west)):
                    points = ratings.place_points(season.place_points, place_of[team.entry])
                    for seat in (side, side + 2):
                        player = resolve(name_key(players[seat]), joins)
                        night[player] = points + season.attendance_points
        nights.append(Night(day, TOURNAMENT, now.record.name, night))
    return nights
