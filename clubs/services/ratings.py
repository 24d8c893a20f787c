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

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from functools import cached_property

from flask import current_app

import ratings
import scoring
from clubs.services.club import ClubGames, ClubState, club_games, club_holding, club_state
from clubs.services.joins import Joins, club_joins, joined_keys, name_key, resolve
from games.career_stats import career_stats
from games.kept import Kept
from games.replays import Replays
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


def sides_of(game: ScoredGame, joins: Joins) -> tuple[tuple[str, ...], ...]:
    """The game's sides by matched name, joined names as one: two partners each, or one player
    each without partners."""
    players, rules = game.record.players, game.state.rules
    return tuple(
        tuple(resolve(name_key(players[seat]), joins) for seat in rules.seats_of(side))
        for side in rules.sides
    )


# How often a rating pass notes where it stands (`Trace`), to rate on from there once a later
# game changes: a save at the latest games then rates at most this many again.
CHECKPOINT_GAMES = 256
# How many games' traces a worker keeps (`traces`: each club's last pass, about 1.5 KB a game),
# and where its app keeps them.
TRACE_GAMES_KEPT = 40_000
TRACES = "club_rating_traces"
# One counted game as the ledger notes it: as rated, its day, its players' ratings before and
# after it.
Step = tuple[ratings.Played, date, dict[str, ratings.Rating], dict[str, ratings.Rating]]


# Not slots: the ledger is kept in the instance's own dict once noted (`cached_property`).
@dataclass(frozen=True)
class ClubRatings:
    """A club's players rated (best first), each game's chances before it (every side's chance
    to win, in whole percentages, by the game's id; none for a game that names one player
    twice), and each player's ledger, noted from the counted games' `steps` when first asked
    for (a player's page alone reads it)."""

    players: list[RatedPlayer]
    chances: dict[int, tuple[int, ...]]
    steps: tuple[Step | None, ...] = field(repr=False)

    @cached_property
    def ledger(self) -> Ledger:
        """Each player's counted games as their page shows them."""
        ledger = Ledger()
        for step in self.steps:
            if step is not None:
                ledger.add(*step)
        return ledger


@dataclass(frozen=True, slots=True)
class Stood:
    """Where a rating pass stood before a game: each player's rating, each name as spelt."""

    rated: dict[str, ratings.Rating]
    spelt: dict[str, str]


@dataclass(frozen=True, slots=True)
class Trace:
    """A rating pass over a club's games, in order, kept so that the next pass rates on from
    the first game that changed rather than from the first game: what each game's rating
    depends on (`signature`), each game's chances and counted step, and where the pass stood
    before every `every`-th game (before game 0 first)."""

    signatures: tuple[Hashable, ...]
    chances: tuple[tuple[int, ...] | None, ...]
    steps: tuple[Step | None, ...]
    checkpoints: tuple[Stood, ...]
    every: int  # how many games apart its checkpoints are


def signature(game: ScoredGame, forfeited: bool, sides: tuple[tuple[str, ...], ...]) -> Hashable:
    """What a game's part in the ratings depends on: the game after its latest write (its
    names, its hands), whether it was forfeited, and its sides as the joins match them."""
    return (Replays.key(game.record), forfeited, sides)


def rated_players(
    games: list[tuple[ScoredGame, bool]],
    joins: Joins,
    since: Trace | None = None,
    every: int = CHECKPOINT_GAMES,
) -> tuple[ClubRatings, Trace]:
    """Every player of these games (in the order they were started, each with whether it was
    forfeited), names joined by the organiser as one, with their rating, best first (then by
    name); a player of no counted game keeps a new player's rating. With them, the chance of
    each side of every game from the ratings before it: after the games started before it.
    And the pass's trace: given the trace of an earlier pass (`since`), the games before the
    first one that differs are not rated again, from the checkpoint before it on (one each
    `every` games, as that pass noted them)."""
    if every < 1:
        raise ValueError(f"a checkpoint every {every} games")
    if since is not None and since.every != every:  # its checkpoints stand elsewhere
        since = None
    sides = [sides_of(game, joins) for game, _ in games]
    signatures = tuple(signature(g, f, s) for (g, f), s in zip(games, sides, strict=True))
    same = 0
    if since is not None:
        limit = min(len(signatures), len(since.signatures))
        while same < limit and signatures[same] == since.signatures[same]:
            same += 1
    kept = 0 if since is None else min(same // every, len(since.checkpoints) - 1)
    start = kept * every
    stood = Stood({}, {}) if since is None else since.checkpoints[kept]
    rated, spelt = dict(stood.rated), dict(stood.spelt)
    checkpoints = [stood] if since is None else list(since.checkpoints[: kept + 1])
    chances = [] if since is None else list(since.chances[:start])
    steps = [] if since is None else list(since.steps[:start])
    for index in range(start, len(games)):
        if index > start and index % every == 0:
            checkpoints.append(Stood(dict(rated), dict(spelt)))
        game, forfeited = games[index]
        for name in game.record.players:
            if name:
                key = name_key(name)
                root = resolve(key, joins)
                if root == key:
                    spelt[key] = name  # the latest spelling of the name kept is shown
                else:
                    spelt.setdefault(root, name)  # until the name kept is seen itself
        playing = [player for side in sides[index] for player in side]
        chances.append(
            ratings.chances(rated, sides[index]) if len(set(playing)) == len(playing) else None
        )
        found = counted(game, forfeited, sides[index])
        step = None
        if found is not None:
            before = {player: rated.get(player, ratings.Rating()) for player in playing}
            rated = ratings.rate([found], rated)
            step = (found, game.record.created_at.date(), before, {p: rated[p] for p in playing})
        steps.append(step)
    players = [
        RatedPlayer(key, name, rated.get(key, ratings.Rating())) for key, name in spelt.items()
    ]
    ranked = sorted(players, key=lambda player: (-player.shown, name_key(player.name)))
    by_game = {
        game.record.id: shares
        for (game, _), shares in zip(games, chances, strict=True)
        if shares is not None
    }
    trace = Trace(signatures, tuple(chances), tuple(steps), tuple(checkpoints), every)
    return ClubRatings(ranked, by_game, trace.steps), trace


def checkpoint_games() -> int:
    """How often this app's rating passes note where they stand (`CHECKPOINT_GAMES` unless
    its `CLUB_RATING_CHECKPOINT` says: tests take a few, to rate on from the middle)."""
    return int(current_app.config.get("CLUB_RATING_CHECKPOINT", CHECKPOINT_GAMES))


def traces() -> Kept[Trace]:
    """This worker's last rating pass of each club it rated lately, by club id: up to
    `TRACE_GAMES_KEPT` games' in all, the least recently used going first."""
    kept: Kept[Trace] | None = current_app.extensions.get(TRACES)
    if kept is None:
        kept = current_app.extensions.setdefault(TRACES, Kept(TRACE_GAMES_KEPT, trace_size))
    return kept


def trace_size(trace: Trace) -> int:
    """What a trace counts for in a worker's budget of them: its games, and one."""
    return len(trace.signatures) + 1


def club_ratings(
    club: ClubRecord,
    state: ClubState | None = None,
    games: ClubGames | None = None,
) -> ClubRatings:
    """The club's players with their ratings, and its games' chances, worked out once per
    change of its games (kept under the club's state, as the stats pages keep theirs): one
    small query while nothing changed (none when `state`, as `club_state` gives it, is known
    already). A change rates on from the first game it changed (`rated_players`), from the
    trace of the club's last pass on this worker; the club's games are read here unless the
    caller shares its own read (`games`, as `games_once` gives it)."""
    key = ("club-ratings", club.id, state or club_state(club))

    def rated() -> ClubRatings:
        """The club's players rated from its games, as its joins count them."""
        played = club_games(club) if games is None else games()
        joins = joined_keys(club_joins(club))
        found, trace = rated_players(played, joins, traces().get(club.id), checkpoint_games())
        traces().keep(club.id, trace)
        return found

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
