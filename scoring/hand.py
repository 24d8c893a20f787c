"""One hand's inputs as the engine takes them, and how a problem with them is named."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypeGuard, cast

from .rules import Rules, ScoringError

NIL = "nil"
BLIND_NIL = "blind_nil"
# The partnership game's table; `Rules.seats` and `Rules.tricks_per_hand` give any game's.
SEATS = (0, 1, 2, 3)
TRICKS_PER_HAND = 13

# How a blind bid is written as text: "blind_7" is Blind 7.
BLIND_PREFIX = "blind_"


@dataclass(frozen=True, slots=True)
class Blind:
    """A blind bid of `tricks` (Blind 6, Blind 7), made before the side looks at its cards.

    With partners it is the team's one bid, so both partners' seats hold the same `Blind`;
    without partners a player's seat holds their own.
    """

    tricks: int

    def __str__(self) -> str:
        """The bid as text, e.g. "blind_7", as `bid_text` writes it."""
        return f"{BLIND_PREFIX}{self.tricks}"


Bid = int | str | Blind  # 1..tricks_per_hand, NIL, BLIND_NIL or a Blind

# The table assumed where a caller gives no rules: the partnership game.
_PARTNERSHIP = Rules()


def team_of(seat: int) -> int:
    """The team a seat plays for: partners sit opposite, so seats 0 & 2 are team 0.

    The partnership game's; `Rules.side_of` answers for any game.
    """
    return seat % 2


def seats_of(team: int) -> tuple[int, int]:
    """The two seats of a team in the partnership game; `Rules.seats_of` answers for any game."""
    return (team, team + 2)


def is_nil(bid: object) -> bool:
    """Whether a bid is Nil or Blind Nil, the bids that promise no trick.

    Takes any value, as validation asks it of bids that are not checked yet.
    """
    return bid in (NIL, BLIND_NIL)


def is_blind(bid: object) -> TypeGuard[Blind]:
    """Whether a bid is a blind bid (Blind N), as opposed to a number, Nil or Blind Nil."""
    return type(bid) is Blind


def bid_text(bid: Bid) -> str:
    """A bid as text, for storage: "3", "nil", "blind_nil" or "blind_7"."""
    return str(bid)


def parse_bid(text: str) -> Bid:
    """The bid written by `bid_text`; raises ValueError for text that is no bid."""
    if text in (NIL, BLIND_NIL):
        return text
    digits = text.removeprefix(BLIND_PREFIX)
    # int() alone would also take signs, spaces and underscores.
    if not (digits.isascii() and digits.isdigit()):
        raise ValueError(f"not a bid: {text!r}")
    return Blind(int(digits)) if digits != text else int(digits)


def side_contract(bids: Sequence[Bid | None], seats: Sequence[int]) -> int:
    """The contract of the side on these seats: its numeric bids added up, or its blind bid
    counted once; Nil bidders add nothing. Asked of bids that passed validation."""
    contract = 0
    for seat in seats:
        bid = bids[seat]
        if is_blind(bid):
            return bid.tricks
        if is_number(bid):
            contract += bid
    return contract


def is_number(value: object) -> TypeGuard[int]:
    """Whether a value is a plain integer (booleans are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a hand: a stable code, where it is, and the figures a message needs.

    `team` names the side concerned: a team, or in individual play the player's seat.
    """

    code: str
    seat: int | None = None
    team: int | None = None
    params: dict[str, int | None] = field(default_factory=dict, hash=False)


class InvalidHand(ScoringError):
    """A hand that cannot be scored; `problems` lists every reason at once."""

    def __init__(self, problems: tuple[Problem, ...], number: int | None = None) -> None:
        """Keep the problems and, when replaying, the number of the offending hand."""
        self.problems = tuple(problems)
        self.number = number
        where = f"hand {number}: " if number is not None else ""
        super().__init__(where + ", ".join(p.code for p in self.problems))


class InvalidGameInput(InvalidHand):
    """A game's input other than a hand (an adjustment, time called) that cannot be replayed.

    An `InvalidHand`, so that whoever reports a hand's problems reports these the same way.
    """


@dataclass(frozen=True, slots=True)
class Hand:
    """One bid and the tricks taken for every seat (0 to players − 1, clockwise).

    A bid is a number, `NIL`, `BLIND_NIL` or a `Blind` (a team's on both partners' seats); on
    a first hand that bids itself every bid is None.

    `tricks` holds each seat's tricks, or None where only the team's total is known;
    left out, it is None for every seat that has a bid. `team_tricks` holds that total for a
    team with no Nil bidder; games without partners leave it all None.
    A hand is also how unchecked input reaches validation, so any value may be None.
    """

    bids: tuple[Bid | None, ...]
    tricks: tuple[int | None, ...] = ()
    team_tricks: tuple[int | None, ...] = (None, None)

    def __post_init__(self) -> None:
        """Give a hand entered with bids only a blank trick count for each of its seats."""
        if isinstance(self.tricks, tuple) and not self.tricks:
            seats = len(self.bids) if isinstance(self.bids, (tuple, list)) else len(SEATS)
            object.__setattr__(self, "tricks", (None,) * seats)

    def contract(self, team: int, rules: Rules | None = None) -> int:
        """The side's contract: its numeric bids added up, or its blind bid; a Nil bidder adds
        nothing.

        Without rules the side is a team of the partnership game.
        """
        return side_contract(self.bids, (rules or _PARTNERSHIP).seats_of(team))

    def taken(self, team: int, rules: Rules | None = None) -> int:
        """Tricks the whole side took this hand; without rules, a team of the partnership game."""
        rules = rules or _PARTNERSHIP
        if rules.partnership:
            total = self.team_tricks[team]
            if total is not None:
                return total
        # Without a team total, a valid hand gives every seat's tricks.
        return sum(cast(int, self.tricks[s]) for s in rules.seats_of(team))
