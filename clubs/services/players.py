"""A player's own page at a club (issue 38, item 5): their rating and its course game by game,
their nights, their record with each partner (and the rating gained together) and against each
opponent, and the Spades figures of their counted games, joined names counted as one."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date

import scoring
from clubs.services.club import ClubState, club_games, club_state, tournament_games
from clubs.services.joins import club_joins, joined_keys, name_key
from clubs.services.ratings import RatedPlayer, club_ratings, counted, sides_of
from games.career_stats import career_stats
from records.clubs import ClubRecord


@dataclass(frozen=True, slots=True)
class PlayerCard:
    """What a player's page shows: the player, their rating after each counted game (with the
    day it was started), their partners (name, games, wins, rating gained together) and
    opponents (name, games, wins) most games first, their Spades figures, and their nights,
    the latest first."""

    player: RatedPlayer
    history: tuple[tuple[date, int], ...]
    partners: tuple[tuple[str, int, int, int], ...]
    opponents: tuple[tuple[str, int, int], ...]
    figures: scoring.Figures | None
    nights: tuple[PlayerNight, ...]


@dataclass(frozen=True, slots=True)
class PlayerNight:
    """A night a player played at the club: its day (a tournament's: the day of the player's
    first game in it), the tournament's name (none for an evening at the club's tables), and
    the player's counted games that night and the games of them they won."""

    day: date
    tournament: str
    games: int
    won: int


def club_career(club: ClubRecord, state: ClubState) -> scoring.Career:
    """The Spades figures of the club's counted games, every name as the club shows its player
    (joined names as one), worked out once per change of the club (kept as its ratings are)."""

    def count() -> scoring.Career:
        """The figures, from the club's games."""
        joins, games = joined_keys(club_joins(club)), club_games(club)
        names = {player.key: player.name for player in club_ratings(club, state, games).players}
        played = []
        for game, forfeited in games:
            sides = sides_of(game, joins)
            if counted(game, forfeited, sides) is None:
                continue
            named = tuple(tuple(names[key] for key in side) for side in sides)
            played.append(scoring.PlayedGame(sides=named, state=game.state))
        return scoring.career(played)

    return career_stats().get_or_make(("club-career", club.id, state), count)


def club_nights(club: ClubRecord, state: ClubState) -> dict[str, list[PlayerNight]]:
    """Each player's nights at the club (by name key, joins followed), the latest first: each
    evening at its tables and each tournament, with the counted games they played and won in
    it; worked out once per change of the club, as its figures are."""

    def count() -> dict[str, list[PlayerNight]]:
        """The nights, from the club's counted games (in the order they were started)."""
        joins, held = joined_keys(club_joins(club)), tournament_games(club)
        # Each player's nights by what makes one: a tournament (its id), or an evening's day.
        tally: dict[str, dict[tuple[str, object], PlayerNight]] = {}
        for game, forfeited in club_games(club):
            found = counted(game, forfeited, sides_of(game, joins))
            if found is None:
                continue
            day = game.record.created_at.date()
            tournament = held.get(game.record.id)
            night = ("tournament", tournament[0]) if tournament else ("evening", day)
            first = PlayerNight(day, tournament[1] if tournament else "", 0, 0)
            for side, place in zip(found.sides, found.places, strict=True):
                for player in side:
                    nights = tally.setdefault(player, {})
                    was = nights.get(night, first)
                    nights[night] = replace(was, games=was.games + 1, won=was.won + (place == 1))
        return {
            player: sorted(nights.values(), key=lambda night: night.day, reverse=True)
            for player, nights in tally.items()
        }

    return career_stats().get_or_make(("club-nights", club.id, state), count)


def player_card(club: ClubRecord, key: str) -> PlayerCard | None:
    """The page of the club's player matched by name key `key` (joins followed); None for a
    name the club does not have."""
    state = club_state(club)
    rated = club_ratings(club, state)
    found = next((player for player in rated.players if player.key == key), None)
    if found is None:
        return None
    names = {player.key: player.name for player in rated.players}
    ledger = rated.ledger

    def most_games(row: tuple) -> tuple:  # type: ignore[type-arg]
        """Most games first, then by name."""
        return (-row[1], name_key(row[0]))

    partners = sorted(
        ((names[other], *figures) for other, figures in ledger.partners.get(key, {}).items()),
        key=most_games,
    )
    opponents = sorted(
        ((names[other], *figures) for other, figures in ledger.opponents.get(key, {}).items()),
        key=most_games,
    )
    figures = next((f for f in club_career(club, state).players if name_key(f.name) == key), None)
    return PlayerCard(
        found,
        tuple(ledger.history.get(key, ())),
        tuple(partners),  # type: ignore[arg-type]
        tuple(opponents),  # type: ignore[arg-type]
        figures,
        tuple(club_nights(club, state).get(key, ())),
    )
