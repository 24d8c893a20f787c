"""A club's players and their ratings (docs/rules.md, "Club seasons and ratings"): the names
played in the club's games, matched as career stats match them, each rated by every counted game
of the club, in the order the games were started, by the pure `ratings` package (openskill).

A game counts once it has ended by its own ending: not while in play or tied, not when its
tournament's director awarded it by forfeit. With partners its two teams are its sides, the
winner first; without, each player is a side of one, the winner first and the others by their
totals (equal totals share a place). A game that names one player twice cannot be rated and
counts nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import NamedTuple

import ratings
import scoring
from clubs.services.club import ClubState, club_games, club_holding, club_state
from clubs.services.joins import Joins, club_joins, joined_keys, name_key, resolve
from games.career_stats import career_stats
from games.scored import ScoredGame
from records.clubs import ClubRecord
from records.tournaments import TournamentRecord, TournamentTeamRecord


@dataclass(frozen=True, slots=True)
class RatedPlayer:
    """A player of the club as its pages show them: the name key they are matched by (joins
    followed), their name (as it was last spelt) and their rating after every counted game."""

    key: str
    name: str
    rating: ratings.Rating

    @property
    def shown(self) -> int:
        """The rating as the club reads it (1000 for a new player)."""
        return ratings.shown(self.rating)


def counted(
    game: ScoredGame, forfeited: bool, sides: tuple[tuple[str, ...], ...]
) -> ratings.Played | None:
    """The game as the ratings count it: its `sides` by matched name (`sides_of`, which the
    caller has read already) and their places; None for a game that does not count (see the
    module's docstring)."""
    state = game.state
    if forfeited or not state.over or state.tied:
        return None
    try:
        return ratings.Played(sides, places(state))
    except ValueError:  # one name twice: nobody can tell who won what
        return None


def places(state: scoring.Game) -> tuple[int, ...]:
    """Each side's place: the winner first, the others by their totals, highest first, equal
    totals sharing a place; by totals alone when the game has no winner."""
    winner = state.winner
    if winner is None:
        return state.places
    others = [total for side, total in enumerate(state.totals) if side != winner]
    return tuple(
        1 if side == winner else 2 + sum(other > total for other in others)
        for side, total in enumerate(state.totals)
    )


@dataclass
class Ledger:
    """Each player's counted games as their own page shows them, by player key: their rating
    shown after each game (with the day it was started), and their record with each partner
    (games, wins, rating gained together) and against each opponent (games, wins)."""

    history: dict[str, list[tuple[date, int]]] = field(default_factory=dict)
    partners: dict[str, dict[str, list[int]]] = field(default_factory=dict)
    opponents: dict[str, dict[str, list[int]]] = field(default_factory=dict)

    def add(
        self,
        game: ratings.Played,
        day: date,
        before: Mapping[str, ratings.Rating],
        after: Mapping[str, ratings.Rating],
    ) -> None:
        """Note one counted game, from the ratings before it and after it."""
        for side, place in zip(game.sides, game.places, strict=True):
            won = int(place == 1)
            opponents = [player for other in game.sides if other is not side for player in other]
            for player in side:
                shown = ratings.shown(after[player])
                gain = shown - ratings.shown(before.get(player, ratings.Rating()))
                self.history.setdefault(player, []).append((day, shown))
                for partner in side:
                    if partner != player:
                        tally(self.partners, player, partner, (1, won, gain))
                for opponent in opponents:
                    tally(self.opponents, player, opponent, (1, won))


def tally(
    book: dict[str, dict[str, list[int]]], player: str, other: str, values: tuple[int, ...]
) -> None:
    """Add `values` to the player's record with `other` in `book`, figure by figure."""
    record = book.setdefault(player, {}).setdefault(other, [0] * len(values))
    for index, value in enumerate(values):
        record[index] += value


class ClubRatings(NamedTuple):
    """A club's players rated (best first), each game's chances before it (every side's chance
    to win, in whole percentages, by the game's id; none for a game that names one player
    twice), and each player's ledger."""

    players: list[RatedPlayer]
    chances: dict[int, tuple[int, ...]]
    ledger: Ledger


def sides_of(game: ScoredGame, joins: Joins) -> tuple[tuple[str, ...], ...]:
    """The game's sides by matched name, joined names as one: two partners each, or one player
    each without partners."""
    players, rules = game.record.players, game.state.rules
    return tuple(
        tuple(resolve(name_key(players[seat]), joins) for seat in rules.seats_of(side))
        for side in rules.sides
    )


def rated_players(games: list[tuple[ScoredGame, bool]], joins: Joins) -> ClubRatings:
    """Every player of these games (in the order they were started, each with whether it was
    forfeited), names joined by the organiser as one, with their rating, best first (then by
    name); a player of no counted game keeps a new player's rating. With them, the chance of
    each side of every game from the ratings before it: after the games started before it."""
    spelt: dict[str, str] = {}
    rated: dict[str, ratings.Rating] = {}
    chances: dict[int, tuple[int, ...]] = {}
    ledger = Ledger()
    for game, forfeited in games:
        for name in game.record.players:
            if name:
                key = name_key(name)
                root = resolve(key, joins)
                if root == key:
                    spelt[key] = name  # the latest spelling of the name kept is shown
                else:
                    spelt.setdefault(root, name)  # until the name kept is seen itself
        sides = sides_of(game, joins)
        if len({player for side in sides for player in side}) == sum(map(len, sides)):
            chances[game.record.id] = ratings.chances(rated, sides)
        found = counted(game, forfeited, sides)
        if found is not None:
            before, rated = rated, ratings.rate([found], rated)
            ledger.add(found, game.record.created_at.date(), before, rated)
    players = [
        RatedPlayer(key, name, rated.get(key, ratings.Rating())) for key, name in spelt.items()
    ]
    ranked = sorted(players, key=lambda player: (-player.shown, name_key(player.name)))
    return ClubRatings(ranked, chances, ledger)


def club_ratings(club: ClubRecord, state: ClubState | None = None) -> ClubRatings:
    """The club's players with their ratings, and its games' chances, worked out once per
    change of its games (kept under the club's state, as the stats pages keep theirs): one
    small query while nothing changed (none when `state`, as `club_state` gives it, is known
    already)."""
    key = ("club-ratings", club.id, state or club_state(club))

    def rated() -> ClubRatings:
        """The club's players rated from its games, as its joins count them."""
        return rated_players(club_games(club), joined_keys(club_joins(club)))

    return career_stats().get_or_make(key, rated)


def team_strengths(
    tournament: TournamentRecord, teams: Iterable[TournamentTeamRecord]
) -> dict[int, float] | None:
    """Each team's strength to seed round 1 (docs/rules.md: the sum of its two players' μ − 3σ
    at the club), by entry number, its players matched as the club's ratings match them; None
    for a tournament no club holds."""
    club = club_holding(tournament)
    if club is None:
        return None
    rated = {player.key: player.rating for player in club_ratings(club).players}
    joins = joined_keys(club_joins(club))
    return {
        team.entry: ratings.strength(
            rated, (resolve(name_key(name), joins) for name in team.players)
        )
        for team in teams
    }
