"""The rating model: every player starts at openskill's defaults and each counted game moves
all its players at once, from their ratings before it (Weng and Lin, 2011; `PlackettLuce` with
no option of its own: no sigma limit, no balance, no margins, no weights)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

# The model, with every default the rules name (mu 25, sigma 25/3, beta 25/6, kappa 0.0001,
# tau 25/300): made once, as it holds nothing of any game.
MODEL = PlackettLuce()
PROVISIONAL_GAMES = 5  # a rating of fewer counted games is shown as provisional
SHOWN_BASE = 1000  # the rating shown: SHOWN_BASE + SHOWN_SCALE × (mu − 3 sigma)
SHOWN_SCALE = 40


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating: the model's mean and deviation, and the games counted so far."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0

    @property
    def conservative(self) -> float:
        """mu − 3 sigma: what the model is nearly sure the player is worth."""
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        """Whether too few games are counted for the rating to be taken as settled."""
        return self.games < PROVISIONAL_GAMES


@dataclass(frozen=True, slots=True)
class Played:
    """One counted game: its sides (two players each with partners, one each without), and
    each side's place, 1 the winner's; sides level on totals share a place."""

    sides: tuple[tuple[str, ...], ...]
    places: tuple[int, ...]

    def __post_init__(self) -> None:
        """Refuse a game the model cannot rate: fewer than two sides, a place for each side
        missing, a side without a player, or a player on two sides."""
        players = [player for side in self.sides for player in side]
        if len(self.sides) < 2 or len(self.places) != len(self.sides) or not all(self.sides):
            raise ValueError("a game has two sides at least, each with a place and a player")
        if len(set(players)) != len(players):
            raise ValueError("a player sits once in a game")
        if not all(1 <= place <= len(self.sides) for place in self.places):
            raise ValueError("a side's place is one of the game's")


def shown(rating: Rating) -> int:
    """The rating as a club reads it: a new player's is 1000."""
    return round(SHOWN_BASE + SHOWN_SCALE * rating.conservative)


def rate(games: Iterable[Played], start: Mapping[str, Rating] | None = None) -> dict[str, Rating]:
    """Every player's rating after `games`, taken in the order given (the order they were
    started), from `start` (everyone new unless told)."""
    ratings = dict(start or {})
    for game in games:
        after = MODEL.rate(model_teams(ratings, game.sides), ranks=list(game.places))
        for side, rated in zip(game.sides, after, strict=True):
            for player, new in zip(side, rated, strict=True):
                before = ratings.get(player, Rating())
                ratings[player] = Rating(new.mu, new.sigma, before.games + 1)
    return ratings


def model_teams(
    ratings: Mapping[str, Rating], sides: Sequence[Sequence[str]]
) -> list[list[PlackettLuceRating]]:
    """The sides of a game as the model takes them: each player's rating (a new player's
    unless `ratings` has one)."""
    return [
        [
            MODEL.rating(mu=rated.mu, sigma=rated.sigma)
            for rated in (ratings.get(p, Rating()) for p in side)
        ]
        for side in sides
    ]


def chances(ratings: Mapping[str, Rating], sides: Sequence[Sequence[str]]) -> tuple[int, ...]:
    """The chance of each side to win before a game, in whole percentages that add up to 100
    (the model's `predict_win`)."""
    return whole_percentages(MODEL.predict_win(model_teams(ratings, sides)))


def whole_percentages(shares: Sequence[float]) -> tuple[int, ...]:
    """Shares that add up to 1 as whole percentages that add up to 100: each rounded down, then
    one more to the largest remainders (the earlier side first among equal ones)."""
    if not shares or not math.isclose(sum(shares), 1, abs_tol=1e-9):
        raise ValueError("the shares of a game's sides add up to 1")
    exact = [share * 100 for share in shares]
    whole = [math.floor(value) for value in exact]
    short = 100 - sum(whole)
    by_remainder = sorted(range(len(exact)), key=lambda i: (-(exact[i] - whole[i]), i))
    for index in by_remainder[:short]:
        whole[index] += 1
    return tuple(whole)


def strength(ratings: Mapping[str, Rating], players: Iterable[str]) -> float:
    """A team's strength for seeding: the sum of its players' mu − 3 sigma."""
    return sum(ratings.get(player, Rating()).conservative for player in players)
