"""Career figures over many finished games: per player, per partnership, and head to head.

A game is given as a `PlayedGame`: the replayed `Game` and the names typed for each side.
Games still in progress count in no figure. People are recognised across games by
`name_key`, so "Ana" in one game and "ana" in the next are the same player.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field

from .game import Game
from .reckoning import NilResult

Key = tuple[str, ...]


def name_key(name: str) -> str:
    """The form of a name used to recognise the same person across games.

    Unicode compatibility forms are unfolded (NFKD), accents and other combining marks dropped,
    case folded, runs of whitespace made one space and the ends stripped: "Ana", "ana", "Aná"
    and " ana  " are one player. Two different people whose names differ only by an accent or
    by case are therefore counted as one; the scorer tells them apart by typing more, such as
    "Ana B.".

    >>> name_key("  Aná   Beatriz ")
    'ana beatriz'
    """
    unfolded = unicodedata.normalize("NFKD", name)
    bare = "".join(c for c in unfolded if not unicodedata.combining(c))
    return " ".join(bare.casefold().split())


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A game to count: the names at each side, and the replayed game.

    `sides` follows the game's `Rules.sides`; each side lists its players' names in the order
    of `Rules.seats_of(side)`: the two partners, or the one player without partners. Every
    seat has a name (the caller puts the seat's own name, such as "North", where none was
    typed).
    """

    sides: tuple[tuple[str, ...], ...]
    state: Game

    def __post_init__(self) -> None:
        """Refuse names that do not fit the table, which would credit the wrong seats."""
        rules = self.state.rules
        shape = tuple(len(rules.seats_of(side)) for side in rules.sides)
        if tuple(len(names) for names in self.sides) != shape:
            raise ValueError(f"sides must give {shape} names per side for these rules")


@dataclass(frozen=True, slots=True)
class HandMark:
    """Where a best or worst hand was: its points, the game (its index in the list given to
    `career`) and the hand's number in that game (from 1)."""

    points: int
    game: int
    hand: int


@dataclass(frozen=True, slots=True)
class Figures:
    """The career of one player or one partnership, over the finished games they played.

    Everything but Nil is the figure of the side they sat on. For a player, Nil and Blind Nil
    count only the bids of the player's own seat; for a partnership, those of both seats.
    `name` is the player's spelling in their latest game (runs of spaces made one), or "A & B"
    for a partnership (its players' names, in the order of `key`). Best and worst hands are
    the earliest of equals.
    `biggest_comeback` is the most points the side trailed the leader by, after any hand, in a
    game it went on to win; 0 if none.
    """

    name: str
    key: Key
    games: int
    wins: int
    hands: int
    contracts: int
    contracts_made: int
    sets: int
    bags: int
    bag_penalties: int
    nil_tried: int
    nil_made: int
    blind_nil_tried: int
    blind_nil_made: int
    points: int
    best_hand: HandMark | None
    worst_hand: HandMark | None
    biggest_comeback: int

    @property
    def win_rate(self) -> float | None:
        """The share of games won, from 0 to 1; None before any game."""
        return self.wins / self.games if self.games else None

    @property
    def contracts_made_rate(self) -> float | None:
        """The share of contracts made, from 0 to 1; None before any contract."""
        return self.contracts_made / self.contracts if self.contracts else None

    @property
    def bags_per_hand(self) -> float | None:
        """Bags taken per hand played; None before any hand."""
        return self.bags / self.hands if self.hands else None

    @property
    def points_per_hand(self) -> float | None:
        """Points scored per hand played; None before any hand."""
        return self.points / self.hands if self.hands else None


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """How two partnerships fared against each other: `sides` are their keys in sorted order,
    `names` and `wins` follow that order."""

    sides: tuple[Key, Key]
    names: tuple[str, str]
    games: int
    wins: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Career:
    """Every figure over a list of games.

    `players` and `partnerships` (sides of two partners only) are sorted by most wins, then
    best win rate, then name (as `key`: case and accents aside). `head_to_head` holds every
    pair of partnerships that met, most games first. `games` and `hands` count the finished
    games and their hands.
    """

    players: tuple[Figures, ...]
    partnerships: tuple[Figures, ...]
    head_to_head: tuple[HeadToHead, ...]
    games: int
    hands: int


@dataclass(slots=True)
class _SideGame:
    """One side's figures in one finished game, worked out once for all who sat there."""

    won: bool
    hands: int
    contracts: int = 0
    contracts_made: int = 0
    bags: int = 0
    bag_penalties: int = 0
    points: int = 0
    best: HandMark | None = None
    worst: HandMark | None = None
    comeback: int = 0
    nils: list[NilResult] = field(default_factory=list)


@dataclass(slots=True)
class _Tally:
    """A running total of `Figures`, added to game by game."""

    games: int = 0
    wins: int = 0
    hands: int = 0
    contracts: int = 0
    contracts_made: int = 0
    bags: int = 0
    bag_penalties: int = 0
    nil_tried: int = 0
    nil_made: int = 0
    blind_nil_tried: int = 0
    blind_nil_made: int = 0
    points: int = 0
    best: HandMark | None = None
    worst: HandMark | None = None
    comeback: int = 0

    def add(self, side: _SideGame, seats: Sequence[int]) -> None:
        """Count one side's game, with the Nil bids of these seats only."""
        self.games += 1
        self.wins += side.won
        self.hands += side.hands
        self.contracts += side.contracts
        self.contracts_made += side.contracts_made
        self.bags += side.bags
        self.bag_penalties += side.bag_penalties
        self.points += side.points
        # Games come in order, so keeping the first of equals keeps the earliest hand.
        if side.best and (self.best is None or side.best.points > self.best.points):
            self.best = side.best
        if side.worst and (self.worst is None or side.worst.points < self.worst.points):
            self.worst = side.worst
        self.comeback = max(self.comeback, side.comeback)
        for nil in side.nils:
            if nil.seat in seats:
                if nil.blind:
                    self.blind_nil_tried += 1
                    self.blind_nil_made += nil.made
                else:
                    self.nil_tried += 1
                    self.nil_made += nil.made

    def figures(self, name: str, key: Key) -> Figures:
        """The finished figures under this name."""
        made = self.contracts_made
        return Figures(
            name,
            key,
            self.games,
            self.wins,
            self.hands,
            self.contracts,
            made,
            self.contracts - made,
            self.bags,
            self.bag_penalties,
            self.nil_tried,
            self.nil_made,
            self.blind_nil_tried,
            self.blind_nil_made,
            self.points,
            self.best,
            self.worst,
            self.comeback,
        )


def _side_game(state: Game, side: int, index: int) -> _SideGame:
    """What one side of a finished game did, hand by hand."""
    won = state.winner == side
    summary = _SideGame(won, len(state.hands))
    best = worst = None
    best_at = worst_at = 0
    comeback = 0
    for result in state.hands:
        team = result.teams[side]
        points = team.points
        made = team.made  # None when the side bid no contract (every bidder bid Nil)
        if made is not None:
            summary.contracts += 1
            summary.contracts_made += made
        summary.bags += team.bags_taken
        if team.bag_penalty:
            summary.bag_penalties += 1
        mine = [a.adjustment.points for a in result.adjustments if a.adjustment.side == side]
        summary.points += points + sum(mine)  # adjustments: in the points, never as a hand
        if best is None or points > best:
            best, best_at = points, result.number
        if worst is None or points < worst:
            worst, worst_at = points, result.number
        if team.nils:
            summary.nils.extend(team.nils)
        if won:
            behind = max(t.total for t in result.teams if t is not team) - team.total
            comeback = max(comeback, behind)
    if best is not None and worst is not None:
        summary.best = HandMark(best, index, best_at)
        summary.worst = HandMark(worst, index, worst_at)
    summary.comeback = comeback
    return summary


def _sort_key(figures: Figures) -> tuple[int, float, Key]:
    """Most wins first, then the best win rate, then the name as its key."""
    return (-figures.wins, -(figures.win_rate or 0.0), figures.key)


def career(games: Sequence[PlayedGame]) -> Career:
    """Every player's and partnership's figures, and each meeting of two partnerships, over
    the finished games given (those in progress count nowhere).

    A name listed twice on one side counts once, with the Nil bids of both its seats; a name
    on two sides of one game (a slip of the scorer) counts for the first of them only. A side
    whose two partners have the same key is a player, not a partnership.
    """
    players: dict[str, _Tally] = {}
    partnerships: dict[Key, _Tally] = {}
    meetings: dict[tuple[Key, Key], list[int]] = {}  # games, wins of each
    shown: dict[str, str] = {}  # key -> the spelling of the latest game
    finished = hands = 0
    for index, played in enumerate(games):
        state = played.state
        if not state.over:
            continue
        finished += 1
        hands += len(state.hands)
        rules = state.rules
        seen: set[str] = set()
        pairs: list[Key | None] = []
        for side in rules.sides:
            summary = _side_game(state, side, index)
            seats_of: dict[str, list[int]] = {}
            keys = []
            for seat, typed in zip(rules.seats_of(side), played.sides[side], strict=True):
                # A name of marks or spaces alone keeps itself, rather than merging with
                # every other such name under "".
                key = name_key(typed) or typed
                keys.append(key)
                if key in seen:
                    continue
                if key not in seats_of:
                    seats_of[key] = []
                    shown[key] = " ".join(typed.split()) or typed
                seats_of[key].append(seat)
            seen.update(seats_of)
            for key, seats in seats_of.items():
                players.setdefault(key, _Tally()).add(summary, seats)
            pair = tuple(sorted(set(keys)))
            if len(pair) == 2:
                partnerships.setdefault(pair, _Tally()).add(summary, rules.seats_of(side))
                pairs.append(pair)
            else:
                pairs.append(None)
        first, second = pairs[0], pairs[-1]
        if len(pairs) == 2 and first is not None and second is not None and first != second:
            order = (first, second) if first < second else (second, first)
            meeting = meetings.setdefault(order, [0, 0, 0])
            meeting[0] += 1
            if state.winner is not None:
                meeting[1 + (pairs[state.winner] == order[1])] += 1

    def pair_name(pair: Key) -> str:
        """A partnership's name: its players' latest spellings, in the order of its key."""
        return " & ".join(shown[key] for key in pair)

    player_figures = sorted(
        (tally.figures(shown[key], (key,)) for key, tally in players.items()), key=_sort_key
    )
    pair_figures = sorted(
        (tally.figures(pair_name(pair), pair) for pair, tally in partnerships.items()),
        key=_sort_key,
    )
    head_to_head = sorted(
        (
            HeadToHead(order, (pair_name(order[0]), pair_name(order[1])), n, (a, b))
            for order, (n, a, b) in meetings.items()
        ),
        key=lambda h: (-h.games, h.sides),
    )
    return Career(tuple(player_figures), tuple(pair_figures), tuple(head_to_head), finished, hands)
