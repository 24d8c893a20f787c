"""Rule sets as values, and the presets taken from the source documents."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from enum import StrEnum
from typing import Any


class ScoringError(Exception):
    """Base class of every error the scoring package raises on purpose."""


class InvalidRules(ScoringError):
    """A rule set whose parameters cannot be played, such as a bag limit of zero."""


class BagMode(StrEnum):
    """What happens to a team's bags once they reach the bag limit."""

    CARRY = "carry"  # one penalty per full limit, the rest carries over
    RESET = "reset"  # one penalty, then the count starts again at zero
    OFF = "off"  # bags are not counted: overtricks score their point, never a penalty


class FailedNilTricks(StrEnum):
    """What the tricks taken by a Nil or Blind Nil bidder do for the team."""

    BAGS = "bags"  # the seeds' rule: bags for the team, never toward the partner
    PARTNER = "partner"  # they count toward the partner's contract (nothing without partners)
    NOTHING = "nothing"  # they count for nothing at all


class SetScores(StrEnum):
    """What a side scores when it takes fewer tricks than its contract."""

    MINUS = "minus"  # the seeds: it loses ten points per trick bid
    ZERO = "zero"  # Bicycle's reading: it simply scores nothing for the contract


# Cards in the pack, jokers included: no table deals more than this many in one hand.
MOST_CARDS = 54
# How many players a table may seat.
TABLE_SIZES = (2, 3, 4)


def most_tricks(players: int) -> int:
    """The most tricks a hand can have at a table of `players`: each needs a card per trick."""
    return MOST_CARDS // players


@dataclass(frozen=True, slots=True)
class Span:
    """The whole numbers from `low` to `high`, both included."""

    low: int
    high: int


# What each number parameter may be set to as a house rule. The engine itself refuses only what
# it cannot play (a bag limit below its low, more tricks than the pack deals the table); the
# new-game form keeps every house rule inside its span.
RULE_LIMITS: dict[str, Span] = {
    "target": Span(10, 10_000),
    "floor": Span(-10_000, 0),
    "nil_bonus": Span(0, 1000),
    "blind_nil_bonus": Span(0, 1000),
    "blind_nil_deficit": Span(0, 10_000),
    "bag_limit": Span(1, 100),
    "bag_penalty": Span(0, 1000),
    "min_team_bid": Span(0, 26),
    "boston_bonus": Span(0, 1000),
    "tricks_per_hand": Span(1, most_tricks(min(TABLE_SIZES))),
    # 0 turns each of these off.
    "blind_bid_min": Span(0, most_tricks(min(TABLE_SIZES))),
    "blind_bid_deficit": Span(0, 10_000),
    "sets_to_lose": Span(0, 9),
    "hands_limit": Span(0, 99),
}
# The whole-number parameters that are off at 0 and can only be played from 0 up.
_COUNTS = ("blind_bid_min", "sets_to_lose", "hands_limit")


@dataclass(frozen=True, slots=True)
class Rules:
    """Every parameter that changes how a game is scored; house rules default to off.

    The defaults are the partnership game: four seats, partners opposite, 13 tricks a hand.
    With `partnership` off every player is a side of their own (cut-throat, three or two
    players), scored as a team of one. `seats` and `sides` are derived from these.
    """

    target: int = 500
    floor: int | None = -200
    nil_bonus: int = 100
    blind_nil_bonus: int | None = 200  # None: Blind Nil is not allowed
    blind_nil_deficit: int | None = 100  # None: allowed whatever the score
    # Cards swapped after a Blind Nil: with the partner, or with the discards when two play.
    blind_nil_exchange: int = 0
    bag_limit: int = 10
    bag_penalty: int = 100
    bag_mode: BagMode = BagMode.CARRY
    failed_nil_tricks: FailedNilTricks = FailedNilTricks.BAGS
    min_team_bid: int = 0  # 0: no minimum
    ten_for_200: bool = False
    boston_bonus: int = 0  # 0: no bonus for taking every trick of the hand
    players: int = 4  # seats at the table: 2, 3 or 4
    partnership: bool = True  # partners opposite; only a table of four can play so
    tricks_per_hand: int = 13  # 17 when three play; a table may change it
    bids_may_total_tricks: bool = True  # False: the bids may not add up to the tricks
    set_scores: SetScores = SetScores.MINUS
    blind_bid_min: int = 0  # 0: no blind bids; else the smallest number a side may bid blind
    blind_bid_deficit: int | None = 100  # None: a blind bid at any score
    sets_to_lose: int = 0  # 0: off; else a team set this many times loses (partners only)
    sets_in_a_row: bool = False  # only sets in consecutive hands count toward sets_to_lose
    boston_wins: bool = False  # a side that makes a Boston wins the game
    hands_limit: int = 0  # 0: off; else the game ends after this many hands
    first_hand_bids_itself: bool = False  # hand 1 has no bids: ten a trick taken

    def __post_init__(self) -> None:
        """Coerce the enum fields, so rules read back from JSON compare equal; refuse bad ones."""
        for name, kind in (
            ("bag_mode", BagMode),
            ("failed_nil_tricks", FailedNilTricks),
            ("set_scores", SetScores),
        ):
            try:
                object.__setattr__(self, name, kind(getattr(self, name)))
            except ValueError:
                # Stored or user-made rules fail as rules, not as a bare ValueError.
                raise InvalidRules(f"unknown {name}: {getattr(self, name)!r}") from None
        fewest_bags = RULE_LIMITS["bag_limit"].low
        if self.bag_limit < fewest_bags:
            raise InvalidRules(f"bag_limit must be at least {fewest_bags}")
        if self.floor is not None and self.floor >= self.target:
            raise InvalidRules("floor must be below target")
        if type(self.players) is not int or self.players not in TABLE_SIZES:
            raise InvalidRules("players must be 2, 3 or 4")
        if self.partnership and self.players != 4:
            raise InvalidRules("partnership needs 4 players")
        # Every player needs a card for every trick, from one pack with its two jokers.
        fewest, most = RULE_LIMITS["tricks_per_hand"].low, most_tricks(self.players)
        tricks = self.tricks_per_hand
        if type(tricks) is not int or not fewest <= tricks <= most:
            raise InvalidRules(f"tricks_per_hand must be from {fewest} to {most}")
        for name in _COUNTS:
            value = getattr(self, name)
            if type(value) is not int or value < 0:
                raise InvalidRules(f"{name} must be a whole number from 0 up")
        # The sources describe a set-out for teams only.
        if self.sets_to_lose and not self.partnership:
            raise InvalidRules("sets_to_lose needs partners")
        # A blind bid is at most the hand's tricks: a higher minimum would forbid every one.
        if self.blind_bid_min > tricks:
            raise InvalidRules(f"blind_bid_min must be at most tricks_per_hand ({tricks})")

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats at the table, 0 to `players` − 1, clockwise."""
        return tuple(range(self.players))

    @property
    def sides(self) -> tuple[int, ...]:
        """Who is scored together, numbered from 0: two teams, or one side per player."""
        return (0, 1) if self.partnership else tuple(range(self.players))

    def side_of(self, seat: int) -> int:
        """The side a seat plays for: its team (seats 0 & 2 are team 0), or the seat itself."""
        return seat % 2 if self.partnership else seat

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats of a side: the two partners, or the one player."""
        return (side, side + 2) if self.partnership else (side,)

    def to_dict(self) -> dict[str, Any]:
        """The rules as plain JSON-ready values, for storage and export."""
        data = asdict(self)
        data["bag_mode"] = self.bag_mode.value
        data["failed_nil_tricks"] = self.failed_nil_tricks.value
        data["set_scores"] = self.set_scores.value
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Rules from a dict made by `to_dict`, as stored by this release or an earlier one;
        unknown keys are ignored, missing ones default.

        Earlier releases kept a `blind_bid_min` above `tricks_per_hand`, which allowed no blind
        bid at all: it is read as 0 (off), the way those games were played."""
        defaults = {f.name: f.default for f in fields(cls)}
        values = {k: v for k, v in data.items() if k in defaults}
        least = values.get("blind_bid_min", defaults["blind_bid_min"])
        tricks = values.get("tricks_per_hand", defaults["tricks_per_hand"])
        if type(least) is int and type(tricks) is int and least > tricks:
            values["blind_bid_min"] = 0
        return cls(**values)

    def but(self, **changes: Any) -> Rules:
        """A copy of these rules with some parameters changed (house rules)."""
        return replace(self, **changes)


@dataclass(frozen=True, slots=True)
class Preset:
    """A named rule set taken from one source document (or, for individual play, from the
    outside sources of docs/rules.md#sources); `rules.players` and `rules.partnership` tell
    them apart."""

    key: str
    name: str
    description: str
    rules: Rules


_CLASSIC = Rules(floor=None, blind_nil_bonus=None, blind_nil_deficit=None)
_GAMELAKE = Rules()

PRESETS: dict[str, Preset] = {
    p.key: p
    for p in (
        Preset(
            "gamelake",
            "GameLake",
            "500 to win, −200 loses, Blind Nil only when 100 or more behind.",
            _GAMELAKE,
        ),
        Preset(
            "gamelake_short",
            "GameLake short game",
            "GameLake's rules played to 250.",
            _GAMELAKE.but(target=250),
        ),
        Preset(
            "classic",
            "Classic",
            "500 to win, no losing floor, no Blind Nil.",
            _CLASSIC,
        ),
        Preset(
            "espadas",
            "Jogo Espadas",
            "100 to win; bags go back to zero after each penalty.",
            Rules(floor=None, blind_nil_deficit=None, target=100, bag_mode=BagMode.RESET),
        ),
        Preset(
            "spruce",
            "The Spruce",
            "500 to win; a Blind Nil bidder swaps 3 cards with the partner.",
            Rules(floor=None, blind_nil_deficit=None, blind_nil_exchange=3),
        ),
    )
}

# Individual play: every player is a side. Kept apart from PRESETS, which stays the
# partnership games that every screen offering a preset can play today.
_ON_THEIR_OWN = Rules(floor=None, partnership=False)

INDIVIDUAL_PRESETS: dict[str, Preset] = {
    p.key: p
    for p in (
        Preset(
            "cutthroat",
            "Cut-throat",
            "Four players, each on their own; Blind Nil only when 100 or more behind the leader.",
            _ON_THEIR_OWN,
        ),
        Preset(
            "three_handed",
            "Three-handed",
            "Three players with 17 cards each; Blind Nil only when 100 or more behind the leader.",
            _ON_THEIR_OWN.but(players=3, tricks_per_hand=17),
        ),
        Preset(
            "two_handed",
            "Two-handed (The Spruce)",
            "Two players draw their 13 cards; Blind Nil at any score, swapping 3 cards.",
            _ON_THEIR_OWN.but(players=2, blind_nil_deficit=None, blind_nil_exchange=3),
        ),
    )
}

ALL_PRESETS: dict[str, Preset] = {**PRESETS, **INDIVIDUAL_PRESETS}

DEFAULT_PRESET = "gamelake"
