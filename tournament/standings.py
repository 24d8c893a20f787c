"""A tournament's standings, ranked as docs/rules.md#standings says.

`standings(teams, games, byes, format)` takes every game of the tournament as a `GameResult` (a
game still in play, with no winner yet, counts nothing), the byes given so far (one entry
number per bye), the format and the late teams' rounds `joined`, and returns one `Row` per
team, best first. Ranking: wins; then the round a team joined (the teams entered with the
tournament first: a late team, with fewer games behind it, ranks below the teams with as many
wins; with no late team this key ties everyone and changes nothing); then point difference;
then points; then, among the teams still level, their games with each other (wins minus losses
in them, forfeits included; a part of the group still level is ranked again by its own games
alone); then equal. A shared place takes the places it covers (1, 2, 2, 4) and lists its teams
by entry number. `order_of(rows)` is the strict order the pairing needs.

A forfeit is a win for the winner and a loss for the other team, with no points for or against.
A bye scores no points; whether it is a win is its format's (`formats`, `bye_is_win`): a win in
round robin and Swiss, neither a win nor a loss in King's table. The order is every format's.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby

from .formats import Format, format_of
from .rounds import NO_LATE_TEAMS, TournamentError


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game as the standings see it: its two teams (entry numbers), their final totals
    (North–South first; the engine's totals, adjustments included), the winner as the game's
    own ending says (None while it is in play) and whether it was decided by a forfeit."""

    north_south: int
    east_west: int
    totals: tuple[int, int] = (0, 0)
    winner: int | None = None
    forfeit: bool = False

    @property
    def teams(self) -> tuple[int, int]:
        """Both teams, North–South first."""
        return (self.north_south, self.east_west)

    @property
    def loser(self) -> int | None:
        """The team that lost the game; None while it is in play."""
        if self.winner is None:
            return None
        return self.east_west if self.winner == self.north_south else self.north_south


@dataclass(frozen=True, slots=True)
class Row:
    """One team's line in the standings.

    `wins` counts games won (forfeits too) and, in round robin and Swiss, byes; `losses` the
    games lost; `byes` the byes had, whether they count as wins or not; `played` the finished
    games (forfeits included, byes not); `points` and `against` the totals it scored and its
    opponents scored in its games (nothing for a forfeit).
    """

    place: int
    team: int
    wins: int
    losses: int
    byes: int
    played: int
    points: int
    against: int

    @property
    def difference(self) -> int:
        """The point difference: the team's totals minus its opponents' totals."""
        return self.points - self.against


def _check(teams: int, games: Sequence[GameResult], byes: Sequence[int]) -> None:
    """Raise `TournamentError` for a game or a bye naming a team outside 1..`teams`, a game of
    a team against itself, or a winner that did not play the game."""
    if teams < 2:
        raise TournamentError("too_few_teams", "a tournament needs at least two teams")
    known = range(1, teams + 1)
    for game in games:
        if game.north_south == game.east_west or not set(game.teams) <= set(known):
            raise TournamentError("bad_result", f"not two of the teams: {game.teams}")
        if game.winner is not None and game.winner not in game.teams:
            raise TournamentError("bad_result", f"winner {game.winner} did not play {game.teams}")
    if any(team not in known for team in byes):
        raise TournamentError("bad_bye", f"a bye for no team of 1..{teams}")


def _head_to_head(group: list[int], games: Sequence[GameResult]) -> list[list[int]]:
    """A group of teams level on wins, difference and points, split into tiers best first by
    their finished games with each other; a tier still level but smaller than the group is
    split again by its own games, and a group its games cannot split is one shared tier."""
    if len(group) == 1:
        return [group]
    members = set(group)
    score = dict.fromkeys(group, 0)
    for game in games:
        winner, loser = game.winner, game.loser
        if winner is not None and loser is not None and set(game.teams) <= members:
            score[winner] += 1
            score[loser] -= 1
    ranked = sorted(group, key=lambda team: (-score[team], team))
    tiers = [list(tier) for _, tier in groupby(ranked, key=score.__getitem__)]
    if len(tiers) == 1:
        return tiers
    return [part for tier in tiers for part in _head_to_head(tier, games)]


def standings(
    teams: int,
    games: Iterable[GameResult],
    byes: Iterable[int],
    format: Format | str,
    joined: Mapping[int, int] = NO_LATE_TEAMS,
) -> tuple[Row, ...]:
    """The standings of teams 1..`teams` from the tournament's games and byes (see the module
    docstring), one `Row` per team, best first; `format` is a `Format` or its stored value,
    `joined` the late teams (entry number: the rounds played when it came)."""
    bye_is_win = format_of(format).bye_is_win
    played = list(games)
    given = list(byes)
    _check(teams, played, given)
    finished = [game for game in played if game.winner is not None]
    wins = dict.fromkeys(range(1, teams + 1), 0)
    losses, count, points, against = dict(wins), dict(wins), dict(wins), dict(wins)
    bye_count = {team: given.count(team) for team in wins}
    for game in played:
        winner, loser = game.winner, game.loser
        if winner is None or loser is None:
            continue  # a game in play counts nothing until it ends
        wins[winner] += 1
        losses[loser] += 1
        for team, own, theirs in zip(game.teams, game.totals, reversed(game.totals), strict=True):
            count[team] += 1
            if not game.forfeit:
                points[team] += own
                against[team] += theirs
    if bye_is_win:
        for team in wins:
            wins[team] += bye_count[team]

    def level(team: int) -> tuple[int, int, int, int]:
        """The first four keys, best smallest: wins, the round joined, point difference,
        points."""
        return (-wins[team], joined.get(team, 0), against[team] - points[team], -points[team])

    rows: list[Row] = []
    for _, group in groupby(sorted(wins, key=lambda team: (level(team), team)), key=level):
        for tier in _head_to_head(list(group), finished):
            place = len(rows) + 1
            rows.extend(
                Row(
                    place=place,
                    team=team,
                    wins=wins[team],
                    losses=losses[team],
                    byes=bye_count[team],
                    played=count[team],
                    points=points[team],
                    against=against[team],
                )
                for team in tier
            )
    return tuple(rows)


def order_of(rows: Iterable[Row]) -> tuple[int, ...]:
    """The strict standings order (entry numbers, best first) that pairing takes: the rows'
    own order, where a shared place already lists its teams by entry number."""
    return tuple(row.team for row in rows)
