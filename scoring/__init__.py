"""Spades scoring as pure data and functions: no web, no database, standard library only.

The rules of a game are a frozen `Rules` value (one of the `PRESETS`, or a preset with house
rules changed through `Rules.but`). A `Hand` is four bids by seat (1-13, `NIL` or `BLIND_NIL`;
seats 0-3 clockwise, partners opposite, so teams are seats {0, 2} and {1, 3}) and the tricks
each seat took; for a team with no Nil bidder the team's total is enough (`team_tricks`).

`replay(rules, hands, first_dealer)` scores a whole game and returns a `Game`: per hand and
team a `TeamHand` with the contract, the tricks counted, an itemised breakdown (`Item`s that
add up to the hand's points), bags and running total; for the game the totals, bags, whether
it is over, the winner or a tie to play on, and `Game.next`, what the next hand needs.
Editing a past hand is replaying with that hand changed.

Validation returns every `Problem` at once, each with a stable `code` and the seat or team it
concerns; `Game.add` and `replay` raise `InvalidHand` carrying them.

    >>> from scoring import PRESETS, Hand, NIL, replay
    >>> rules = PRESETS["gamelake"].rules
    >>> game = replay(rules, [Hand(bids=(4, 3, NIL, 5), tricks=(5, 3, 0, 5))])
    >>> game.totals
    (141, 80)
    >>> [(i.kind, i.points) for i in game.hands[0].teams[0].items]
    [('contract', 40), ('bags', 1), ('nil', 100)]
"""

from .game import (
    BAG_PENALTY,
    BAGS,
    BLIND_NIL_ITEM,
    BOSTON,
    CONTRACT,
    NIL_ITEM,
    TEN_FOR_200,
    Game,
    HandResult,
    Item,
    NextHand,
    NilResult,
    TeamHand,
    new_game,
    replay,
)
from .hand import (
    BLIND_NIL,
    NIL,
    SEATS,
    TRICKS_PER_HAND,
    Bid,
    Hand,
    InvalidHand,
    Problem,
    bid_problems,
    blind_nil_allowed,
    fill_in_tricks,
    hand_problems,
    is_nil,
    seats_of,
    team_of,
    trick_problems,
)
from .rules import (
    DEFAULT_PRESET,
    PRESETS,
    BagMode,
    FailedNilTricks,
    InvalidRules,
    Preset,
    Rules,
    ScoringError,
)

__all__ = [
    "BAGS",
    "BAG_PENALTY",
    "BLIND_NIL",
    "BLIND_NIL_ITEM",
    "BOSTON",
    "CONTRACT",
    "DEFAULT_PRESET",
    "NIL",
    "NIL_ITEM",
    "PRESETS",
    "SEATS",
    "TEN_FOR_200",
    "TRICKS_PER_HAND",
    "BagMode",
    "Bid",
    "FailedNilTricks",
    "Game",
    "Hand",
    "HandResult",
    "InvalidHand",
    "InvalidRules",
    "Item",
    "NextHand",
    "NilResult",
    "Preset",
    "Problem",
    "Rules",
    "ScoringError",
    "TeamHand",
    "bid_problems",
    "blind_nil_allowed",
    "fill_in_tricks",
    "hand_problems",
    "is_nil",
    "new_game",
    "replay",
    "seats_of",
    "team_of",
    "trick_problems",
]
