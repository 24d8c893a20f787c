"""Scoring one hand for one side: the figures, and the breakdown items that add up to them.

A side is a team in the partnership game and a single player otherwise; both are scored by the
same code, a player as a team of one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from .hand import BLIND_NIL, Bid, Hand, is_blind, is_nil
from .rules import BagMode, FailedNilTricks, Rules, SetScores

# Breakdown item kinds, in the order they are listed.
FIRST_HAND = "first_hand"  # a first hand that bids itself: ten a trick taken
CONTRACT = "contract"
BLIND_BID = "blind_bid"  # a blind bid, its points doubled
TEN_FOR_200 = "ten_for_200"
BAGS = "bags"
NIL_ITEM = "nil"
BLIND_NIL_ITEM = "blind_nil"
BOSTON = "boston"
BAG_PENALTY = "bag_penalty"
ADJUSTMENT = "adjustment"  # points given or taken after the hand, with a reason

# A blind bid scores this many times what the same number bid openly would.
BLIND_FACTOR = 2


@dataclass(frozen=True, slots=True)
class Item:
    """One line of a side's breakdown for a hand, e.g. contract 7 made: +70.

    `amount` is the contract for contract items (N for a blind bid), the number of bags for
    bag and penalty items, the tricks of the hand for a Boston, the tricks taken on a first
    hand that bids itself; `made` says whether a contract or Nil was made; `seat` names the
    Nil bidder; `reason` is an adjustment's, in the scorer's own words.
    """

    kind: str
    points: int
    amount: int = 0
    made: bool | None = None
    seat: int | None = None
    reason: str | None = None


@dataclass(frozen=True, slots=True)
class NilResult:
    """How one Nil or Blind Nil bid went."""

    seat: int
    blind: bool
    made: bool
    points: int


@dataclass(frozen=True, slots=True)
class TeamHand:
    """How one side scored one hand: the figures, and `items`, the same as a breakdown.

    `team` numbers the side: the team, or in individual play the player's seat. `total` is the
    running total after the hand, before any adjustment recorded after it.
    """

    team: int
    contract: int
    tricks: int  # tricks counted toward the contract (all taken, on a hand that bids itself)
    bags_taken: int
    contract_points: int  # for making or missing the contract, or ten a trick unbid
    bag_points: int  # one point per bag taken this hand
    nils: tuple[NilResult, ...]
    bag_penalty: int  # zero or negative
    penalty_bags: int  # bags the penalty took away
    bonus_points: int  # house-rule bonuses, such as taking every trick of the hand
    points: int
    bags: int  # the side's bag count after the hand
    total: int  # the side's total after the hand
    ten_for_200: bool = False
    hand_tricks: int = 13  # tricks in the hand, all of which a Boston takes
    blind: bool = False  # the contract was a blind bid
    bid_itself: bool = False  # a first hand played without bids
    boston: bool = False  # every trick of the hand taken, with a contract of its own made

    @property
    def made(self) -> bool | None:
        """Whether the contract was made; None when the side had no contract (every bidder
        bid Nil, or the hand bid itself)."""
        return self.tricks >= self.contract if self.contract else None

    @property
    def was_set(self) -> bool:
        """Whether the side was set: it had a contract and fell short (a failed Nil is not)."""
        return self.made is False

    @property
    def nil_points(self) -> int:
        """Bonuses and penalties of the side's Nil and Blind Nil bids."""
        return sum(n.points for n in self.nils)

    @property
    def items(self) -> tuple[Item, ...]:
        """The breakdown, line by line; the items' points add up to `points`.

        Built on demand: replaying a long game only needs the figures.
        """
        items = []
        if self.bid_itself:
            items.append(Item(FIRST_HAND, self.contract_points, self.tricks))
        if self.contract:
            kind = BLIND_BID if self.blind else TEN_FOR_200 if self.ten_for_200 else CONTRACT
            items.append(Item(kind, self.contract_points, self.contract, self.made))
        if self.bags_taken:
            items.append(Item(BAGS, self.bag_points, self.bags_taken))
        for nil in self.nils:
            kind = BLIND_NIL_ITEM if nil.blind else NIL_ITEM
            items.append(Item(kind, nil.points, 0, nil.made, nil.seat))
        if self.bonus_points:
            items.append(Item(BOSTON, self.bonus_points, self.hand_tricks))
        if self.bag_penalty:
            items.append(Item(BAG_PENALTY, self.bag_penalty, self.penalty_bags))
        return tuple(items)


def score_unbid(
    rules: Rules, hand: Hand, team: int, seats: tuple[int, ...], bags: int, total: int
) -> TeamHand:
    """One side's result on a first hand that bids itself: ten a trick taken, no bag, no
    penalty, no set and no Boston."""
    given = hand.team_tricks[team] if rules.partnership else None
    # A valid hand gives the team's total, or else every seat's tricks.
    taken = given if given is not None else sum(cast(int, hand.tricks[s]) for s in seats)
    points = 10 * taken
    return TeamHand(
        team, 0, taken, 0, points, 0, (), 0, 0, 0, points, bags, total + points,
        hand_tricks=rules.tricks_per_hand, bid_itself=True,
    )  # fmt: skip


def score_side(
    rules: Rules,
    mode: FailedNilTricks,
    hand: Hand,
    team: int,
    seats: tuple[int, ...],
    bags_before: int,
    total_before: int,
) -> TeamHand:
    """One side's result for a valid hand, with `mode` the failed-Nil rule as it applies here."""
    bids, tricks = hand.bids, hand.tricks
    # Plain loops over the side's seats: this runs for every side of every hand on a replay.
    contract = 0
    blind = False
    nil_tricks = 0
    nil_points = 0
    seat_tricks = 0
    nils: tuple[NilResult, ...] = ()
    for seat in seats:
        bid = bids[seat]
        taken_here = tricks[seat]
        # Only valid hands are scored: a Nil bidder's tricks are given seat by seat, a team's
        # blind bid sits on both partners' seats (counted once), and any other bid is a number.
        if is_nil(bid):
            nil = _nil_result(rules, bid, cast(int, taken_here), seat)
            nils += (nil,)
            nil_tricks += cast(int, taken_here)
            nil_points += nil.points
        elif is_blind(bid):
            contract, blind = bid.tricks, True
        else:
            contract += cast(int, bid)
        if taken_here is not None:
            seat_tricks += taken_here
    # A valid hand gives a team's total, or else every seat's tricks.
    total_given = hand.team_tricks[team] if rules.partnership else None
    taken = seat_tricks if total_given is None else total_given
    counted = taken if mode is FailedNilTricks.PARTNER else taken - nil_tricks
    # Ten for 200 never applies to a blind bid: Blind 10 doubles to 200.
    big = rules.ten_for_200 and contract >= 10 and not blind
    worth = BLIND_FACTOR * 10 * contract if blind else 200 if big else 10 * contract
    overtricks = counted
    contract_points = 0
    if contract:
        if counted >= contract:
            contract_points = worth
            overtricks = counted - contract
        else:
            if rules.set_scores is SetScores.MINUS:
                contract_points = -worth
            overtricks = 0
    bags_taken = overtricks + nil_tricks if mode is FailedNilTricks.BAGS else overtricks
    every_trick = rules.tricks_per_hand
    bonus = rules.boston_bonus if rules.boston_bonus and taken == every_trick else 0
    bags = bags_before + bags_taken
    penalties = 0
    if rules.bag_mode is BagMode.OFF:
        bags = 0
    elif bags >= rules.bag_limit:
        if rules.bag_mode is BagMode.CARRY:
            penalties, bags = divmod(bags, rules.bag_limit)
        else:
            penalties, bags = 1, 0
    penalty = -penalties * rules.bag_penalty
    points = contract_points + bags_taken + nil_points + penalty + bonus
    return TeamHand(
        team,
        contract,
        counted,
        bags_taken,
        contract_points,
        bags_taken,
        nils,
        penalty,
        penalties * rules.bag_limit,
        bonus,
        points,
        bags,
        total_before + points,
        big,
        every_trick,
        blind,
        False,
        # A Boston: every trick, by a side that made a contract of its own.
        bool(contract) and counted >= contract and taken == every_trick,
    )


def _nil_result(rules: Rules, bid: Bid | None, tricks: int, seat: int) -> NilResult:
    """How a Nil or Blind Nil bid by `seat` came out: its bonus won, or lost, by its tricks."""
    blind = bid == BLIND_NIL
    # A Blind Nil that passed validation is allowed, so its bonus is set.
    bonus = cast(int, rules.blind_nil_bonus) if blind else rules.nil_bonus
    made = tricks == 0
    return NilResult(seat, blind, made, bonus if made else -bonus)
