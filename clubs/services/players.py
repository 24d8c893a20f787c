"""A player's own page at a club (issue 38, item 5): their rating and its course game by game,
their record with each partner (and the rating gained together) and against each opponent, and
the Spades figures of their counted games, joined names counted as one."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

import scoring
from clubs.services.club import ClubState, club_games, club_state
from clubs.services.joins import club_joins, joined_keys, name_key
from clubs.services.ratings import RatedPlayer, club_ratings, counted, sides_of
from games.career_stats import career_stats
from records.clubs import ClubRecord


@dataclass(frozen=True, slots=True)
class PlayerCard:
    """What a player's page shows: the player, their rating after each counted game (with the
    day it was started), their partners (name, games, wins, rating gained together) and
    opponents (name, games, wins) most games first, and their Spades figures."""

    player: RatedPlayer
    history: tuple[tuple[date, int], ...]
    partners: tuple[tuple[str, int, int, int], ...]
    opponents: tuple[tuple[str, int, int], ...]
    figures: scoring.Figures | None


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
    )
