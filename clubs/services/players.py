"""A player's own page at a club (issue 38, item 5): their rating and its course game by game,
their nights, their record with each partner (and the rating gained together) and against each
opponent, and the Spades figures of their counted games, joined names counted as one."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import date

import scoring
from clubs.services.club import ClubGames, ClubState, games_once, tournament_games
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


def club_career(club: ClubRecord, state: ClubState, games: ClubGames) -> scoring.Career:
    """The Spades figures of the club's counted games (`games`, read when needed), every name
    as the club shows its player (joined names as one), worked out once per change of the club
    (kept as its ratings are)."""

    def count() -> scoring.Career:
        """The figures, from the club's games."""
        joins = joined_keys(club_joins(club))
        names = {player.key: player.name for player in club_ratings(club, state, games).players}
        played = []
        for game, forfeited in games():
            sides = sides_of(game, joins)
            if counted(game, forfeited, sides) is None:
                continue
            named = tuple(tuple(names[key] for key in side) for side in sides)
            played.append(scoring.PlayedGame(sides=named, state=game.state))
        return scoring.career(played)

    return career_stats().get_or_make(("club-career", club.id, state), count)


def club_nights(
    club: ClubRecord, state: ClubState, games: ClubGames
) -> dict[str, list[PlayerNight]]:
    """Each player's nights at the club (by name key, joins followed), the latest first: each
    tournament (on the day its first round started, as a season counts it) and each evening
    at its tables, with the counted games (`games`, read when needed) they played and won in
    it; worked out once per change of the club, as its figures are."""

    def count() -> dict[str, list[PlayerNight]]:
        """The nights, from the club's counted games (in the order they were started)."""
        joins, held = joined_keys(club_joins(club)), tournament_games(club)
        # Each player's nights by what makes one (a tournament's id, or an evening's day),
        # each with the place of its first game in the club's order.
        tally: dict[str, dict[tuple[str, object], tuple[PlayerNight, int]]] = {}
        for index, (game, forfeited) in enumerate(games()):
            found = counted(game, forfeited, sides_of(game, joins))
            if found is None:
                continue
            tournament = held.get(game.record.id)
            night: tuple[str, object]
            if tournament is None:
                day = game.record.created_at.date()
                night, first = ("evening", day), PlayerNight(day, "", 0, 0)
            else:
                night = ("tournament", tournament.id)
                first = PlayerNight(tournament.day, tournament.name, 0, 0)
            for side, place in zip(found.sides, found.places, strict=True):
                for player in side:
                    nights = tally.setdefault(player, {})
                    was, began = nights.get(night, (first, index))
                    won = was.won + (place == 1)
                    nights[night] = (replace(was, games=was.games + 1, won=won), began)
        return {player: latest_first(nights.values()) for player, nights in tally.items()}

    return career_stats().get_or_make(("club-nights", club.id, state), count)


def latest_first(nights: Iterable[tuple[PlayerNight, int]]) -> list[PlayerNight]:
    """Nights, each with the place of its first game in the club's order, the latest first: by
    day, then (a tournament and an evening on one day) by their first games."""
    ordered = sorted(nights, key=lambda noted: (noted[0].day, noted[1]), reverse=True)
    return [night for night, _ in ordered]


def player_card(club: ClubRecord, key: str, state: ClubState) -> PlayerCard | None:
    """The page of the club's player matched by name key `key` (joins followed), as the club
    stands at `state` (`club_state`, which the caller has read); None for a name the club does
    not have."""
    games = games_once(club)
    rated = club_ratings(club, state, games)
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
    career = club_career(club, state, games)
    figures = next((f for f in career.players if name_key(f.name) == key), None)
    return PlayerCard(
        found,
        tuple(ledger.history.get(key, ())),
        tuple(partners),  # type: ignore[arg-type]
        tuple(opponents),  # type: ignore[arg-type]
        figures,
        tuple(club_nights(club, state, games).get(key, ())),
    )
