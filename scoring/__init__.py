"""Spades scoring as pure data and functions: no web, no database, standard library only.

The rules of a game are a frozen `Rules` value (one of the `PRESETS`, or a preset with house
rules changed through `Rules.but`). By default they are the partnership game: four seats
(0-3 clockwise), partners opposite, so the two sides are the teams {0, 2} and {1, 3}, and 13
tricks a hand. `players` (2, 3 or 4), `partnership`, `tricks_per_hand`,
`bids_may_total_tricks` and `set_scores` (a `SetScores`) describe the other tables: with
`partnership` off every player is a side of their own, scored as a team of one. `Rules.seats`,
`Rules.sides`, `Rules.side_of` and `Rules.seats_of` say who sits where and who scores with whom.
`PRESETS` holds the partnership games, `INDIVIDUAL_PRESETS` Cut-throat, Three-handed and
Two-handed, `ALL_PRESETS` both.

A `Hand` is one bid per seat (1 to `tricks_per_hand`, `NIL`, `BLIND_NIL`, or a blind bid
`Blind(n)`, which with partners sits on both seats of the team) and the tricks each seat took;
for a team with no Nil bidder the team's total is enough (`team_tricks`, always blank without
partners). `bid_text` and `parse_bid` write a bid as text and read it back ("blind_7").

`replay(rules, hands, first_dealer)` scores a whole game and returns a `Game`: per hand and
side a `TeamHand` with the contract, the tricks counted, an itemised breakdown (`Item`s that
add up to the hand's points), bags and running total; for the game one total and one bag count
per side, the `places`, whether it is over, the winner (the single highest total once the end
is reached) or a tie at the top to play on, and `Game.next`, what the next hand needs (dealer,
first bidder, who draws first when two play, per side Blind Nil and blind bids allowed, bags
left, points to win, sets and sets left; hands left, time called, a hand that bids itself).
Editing a past hand is replaying with that hand changed. The house rules of
docs/rules.md#more-house-rules (`blind_bid_min`, `sets_to_lose`, `boston_wins`, `hands_limit`,
`first_hand_bids_itself`, ...) are off by default; `replay` also takes the game's two other
inputs, `time_called_after` and `adjustments` (`Adjustment`s, each added after its hand), and
the end is then a Boston, a set-out, the target, the floor, the hands limit or time, checked in
that order (`REASONS`).

`career(games)` adds up many finished games, each a `PlayedGame` (the names at each side and
the replayed game), into `Figures` per player (recognised across games by `name_key`) and per
partnership, and `HeadToHead` meetings of partnerships. `series(winners, best_of)` counts a
best of 3, 5 or 7 (`BEST_OF`), or an open series, from the winners of its games.

Validation returns every `Problem` at once, each with a stable `code` and the seat or side
(`team`) it concerns; `Game.add` and `replay` raise `InvalidHand` carrying them.

    >>> from scoring import INDIVIDUAL_PRESETS, PRESETS, Hand, NIL, replay
    >>> rules = PRESETS["gamelake"].rules
    >>> game = replay(rules, [Hand(bids=(4, 3, NIL, 5), tricks=(5, 3, 0, 5))])
    >>> game.totals
    (141, 80)
    >>> [(i.kind, i.points) for i in game.hands[0].teams[0].items]
    [('contract', 40), ('bags', 1), ('nil', 100)]
    >>> three = INDIVIDUAL_PRESETS["three_handed"].rules
    >>> replay(three, [Hand(bids=(5, NIL, 6), tricks=(8, 1, 8))]).totals
    (53, -99, 62)
"""

from .adjustments import ADJUSTMENT_POINTS, Adjustment, AdjustmentResult, adjustment_problems
from .blind import blind_bid_allowed, blind_nil_allowed
from .endings import BOSTON_WIN, FLOOR, HANDS, REASONS, SET_OUT, TARGET, TIE, TIME
from .game import Game, HandResult, NextHand, new_game, replay, replay_from
from .hand import (
    BLIND_NIL,
    BLIND_PREFIX,
    NIL,
    SEATS,
    TRICKS_PER_HAND,
    Bid,
    Blind,
    Hand,
    InvalidGameInput,
    InvalidHand,
    Problem,
    bid_text,
    is_blind,
    is_nil,
    parse_bid,
    seats_of,
    team_of,
)
from .reckoning import (
    ADJUSTMENT,
    BAG_PENALTY,
    BAGS,
    BLIND_BID,
    BLIND_NIL_ITEM,
    BOSTON,
    CONTRACT,
    FIRST_HAND,
    NIL_ITEM,
    TEN_FOR_200,
    Item,
    NilResult,
    TeamHand,
)
from .rules import (
    ALL_PRESETS,
    DEFAULT_PRESET,
    INDIVIDUAL_PRESETS,
    MOST_CARDS,
    PRESETS,
    RULE_LIMITS,
    TABLE_SIZES,
    BagMode,
    FailedNilTricks,
    InvalidRules,
    Preset,
    Rules,
    ScoringError,
    SetScores,
    Span,
    most_tricks,
)
from .series import BEST_OF, InvalidSeries, Series, series
from .stats import Career, Figures, HandMark, HeadToHead, PlayedGame, career, name_key
from .validation import (
    bid_problems,
    bids_itself,
    fill_in_tricks,
    hand_problems,
    trick_problems,
)

__all__ = [
    "ADJUSTMENT",
    "ADJUSTMENT_POINTS",
    "ALL_PRESETS",
    "BAGS",
    "BAG_PENALTY",
    "BEST_OF",
    "BLIND_BID",
    "BLIND_NIL",
    "BLIND_NIL_ITEM",
    "BLIND_PREFIX",
    "BOSTON",
    "BOSTON_WIN",
    "CONTRACT",
    "DEFAULT_PRESET",
    "FIRST_HAND",
    "FLOOR",
    "HANDS",
    "INDIVIDUAL_PRESETS",
    "MOST_CARDS",
    "NIL",
    "NIL_ITEM",
    "PRESETS",
    "REASONS",
    "RULE_LIMITS",
    "SEATS",
    "SET_OUT",
    "TABLE_SIZES",
    "TARGET",
    "TEN_FOR_200",
    "TIE",
    "TIME",
    "TRICKS_PER_HAND",
    "Adjustment",
    "AdjustmentResult",
    "BagMode",
    "Bid",
    "Blind",
    "Career",
    "FailedNilTricks",
    "Figures",
    "Game",
    "Hand",
    "HandMark",
    "HandResult",
    "HeadToHead",
    "InvalidGameInput",
    "InvalidHand",
    "InvalidRules",
    "InvalidSeries",
    "Item",
    "NextHand",
    "NilResult",
    "PlayedGame",
    "Preset",
    "Problem",
    "Rules",
    "ScoringError",
    "Series",
    "SetScores",
    "Span",
    "TeamHand",
    "adjustment_problems",
    "bid_problems",
    "bid_text",
    "bids_itself",
    "blind_bid_allowed",
    "blind_nil_allowed",
    "career",
    "fill_in_tricks",
    "hand_problems",
    "is_blind",
    "is_nil",
    "most_tricks",
    "name_key",
    "new_game",
    "parse_bid",
    "replay",
    "replay_from",
    "seats_of",
    "series",
    "team_of",
    "trick_problems",
]
