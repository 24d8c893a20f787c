"""Replaying a game: from rules and hands to every side's points, bags and totals.

A side is a team in the partnership game and a single player otherwise; both are scored by the
same code, a player as a team of one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import cast

from .hand import BLIND_NIL, Bid, Hand, InvalidHand, Problem, is_nil
from .rules import BagMode, FailedNilTricks, Rules, SetScores
from .validation import blind_nil_allowed, hand_problems

# Breakdown item kinds, in the order they are listed.
CONTRACT = "contract"
TEN_FOR_200 = "ten_for_200"
BAGS = "bags"
NIL_ITEM = "nil"
BLIND_NIL_ITEM = "blind_nil"
BOSTON = "boston"
BAG_PENALTY = "bag_penalty"


@dataclass(frozen=True, slots=True)
class Item:
    """One line of a side's breakdown for a hand, e.g. contract 7 made: +70.

    `amount` is the contract for contract items, the number of bags for bag and penalty items,
    the tricks of the hand for a Boston; `made` says whether a contract or Nil was made; `seat`
    names the Nil bidder.
    """

    kind: str
    points: int
    amount: int = 0
    made: bool | None = None
    seat: int | None = None


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

    `team` numbers the side: the team, or in individual play the player's seat.
    """

    team: int
    contract: int
    tricks: int  # tricks counted toward the contract
    bags_taken: int
    contract_points: int  # for making or missing the contract
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

    @property
    def made(self) -> bool | None:
        """Whether the contract was made; None when every bidder of the side bid Nil."""
        return self.tricks >= self.contract if self.contract else None

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
        if self.contract:
            kind = TEN_FOR_200 if self.ten_for_200 else CONTRACT
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


@dataclass(frozen=True, slots=True)
class HandResult:
    """One scored hand: its number (from 1), who dealt, its inputs and every side's result."""

    number: int
    dealer: int
    hand: Hand
    teams: tuple[TeamHand, ...]  # one per side, in side order


@dataclass(frozen=True, slots=True)
class NextHand:
    """What the table needs to know before the next hand; the tuples hold one entry per side.

    `first_to_draw` is the non-dealer when two play (they draw their hands from the stock, the
    non-dealer first); None where the cards are dealt.
    """

    number: int
    dealer: int
    first_bidder: int
    blind_nil_allowed: tuple[bool, ...]
    bags_left: tuple[int | None, ...]  # None where bags are not counted
    points_to_win: tuple[int, ...]
    first_to_draw: int | None = None


@dataclass(frozen=True, slots=True)
class Game:
    """A replayed game: every hand's result and where the game stands now.

    `totals` and `bags` hold one figure per side; `winner` is a side.
    """

    rules: Rules
    first_dealer: int
    hands: tuple[HandResult, ...]
    totals: tuple[int, ...]
    bags: tuple[int, ...]
    over: bool
    winner: int | None
    reason: str | None  # "target" or "floor" once over; "tie" when play goes on past the end

    @property
    def tied(self) -> bool:
        """The end was reached with the highest total shared: nobody wins yet, play on."""
        return self.reason == "tie"

    @property
    def places(self) -> tuple[int, ...]:
        """Each side's place by total, from 1; equal totals share a place, as in (1, 1, 3)."""
        return tuple(1 + sum(other > total for other in self.totals) for total in self.totals)

    @property
    def next(self) -> NextHand | None:
        """What the next hand needs, or None once the game is over."""
        if self.over:
            return None
        rules = self.rules
        dealer = self.next_dealer
        left = (dealer + 1) % rules.players
        counted = rules.bag_mode is not BagMode.OFF
        return NextHand(
            number=len(self.hands) + 1,
            dealer=dealer,
            first_bidder=left,
            blind_nil_allowed=tuple(blind_nil_allowed(rules, s, self.totals) for s in rules.sides),
            bags_left=tuple(rules.bag_limit - b if counted else None for b in self.bags),
            points_to_win=tuple(max(0, rules.target - t) for t in self.totals),
            # Two players build their hands from the stock, the non-dealer drawing first.
            first_to_draw=left if rules.players == 2 else None,
        )

    @property
    def next_dealer(self) -> int:
        """Who deals the next hand (also once the game is over): the deal passes to the left."""
        return (self.first_dealer + len(self.hands)) % self.rules.players

    def problems(self, hand: Hand) -> tuple[Problem, ...]:
        """Every problem with playing this hand next."""
        return hand_problems(self.rules, hand, self.totals, self.over, dealer=self.next_dealer)

    def add(self, hand: Hand) -> Game:
        """The game with one more hand played; raises InvalidHand when it cannot be."""
        return replay_from(self, (hand,))


def new_game(rules: Rules, first_dealer: int = 0) -> Game:
    """A game with no hand played yet."""
    if first_dealer not in rules.seats:
        raise ValueError(f"first_dealer must be a seat from 0 to {rules.players - 1}")
    zeros = (0,) * len(rules.sides)
    return Game(rules, first_dealer, (), zeros, zeros, False, None, None)


def replay(rules: Rules, hands: Iterable[Hand], first_dealer: int = 0) -> Game:
    """Score every hand in order; raises InvalidHand naming the first hand that cannot be played."""
    return replay_from(new_game(rules, first_dealer), hands)


def replay_from(game: Game, hands: Iterable[Hand]) -> Game:
    """The game with these hands played after the ones it has, checking each before scoring it."""
    rules = game.rules
    players = rules.players
    results = list(game.hands)
    totals, bags = game.totals, game.bags
    over, winner, reason = game.over, game.winner, game.reason
    # Worked out once per replay rather than once per hand and side.
    sides = tuple((side, rules.seats_of(side)) for side in rules.sides)
    nil_mode = rules.failed_nil_tricks
    if not rules.partnership and nil_mode is FailedNilTricks.PARTNER:
        # A failed Nil's tricks would help the partner's contract; alone, nobody's.
        nil_mode = FailedNilTricks.NOTHING
    for hand in hands:
        number = len(results) + 1
        dealer = (game.first_dealer + number - 1) % players
        problems = hand_problems(rules, hand, totals, over, dealer=dealer)
        if problems:
            raise InvalidHand(problems, number)
        # One plain loop for all three, as comprehensions cost a call each on every hand.
        scored: list[TeamHand] = []
        new_totals: list[int] = []
        new_bags: list[int] = []
        for side, seats in sides:
            result = _score_side(rules, nil_mode, hand, side, seats, bags[side], totals[side])
            scored.append(result)
            new_totals.append(result.total)
            new_bags.append(result.bags)
        results.append(HandResult(number, dealer, hand, tuple(scored)))
        totals, bags = tuple(new_totals), tuple(new_bags)
        over, winner, reason = _ending(rules, totals)
    return Game(rules, game.first_dealer, tuple(results), totals, bags, over, winner, reason)


def _ending(rules: Rules, totals: Sequence[int]) -> tuple[bool, int | None, str | None]:
    """Whether the totals end the game, who wins, and why (or "tie": play on)."""
    high = max(totals)
    reached = high >= rules.target
    fell = rules.floor is not None and min(totals) <= rules.floor
    if not (reached or fell):
        return False, None, None
    # Only the top matters: a single highest total wins, a shared one plays another hand.
    if totals.count(high) > 1:
        return False, None, "tie"
    return True, totals.index(high), "target" if reached else "floor"


def _score_side(
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
    nil_tricks = 0
    nil_points = 0
    seat_tricks = 0
    nils: tuple[NilResult, ...] = ()
    for seat in seats:
        bid = bids[seat]
        taken_here = tricks[seat]
        # Only valid hands are scored: a Nil bidder's tricks are given seat by seat, and a
        # bid that is not Nil is a number.
        if is_nil(bid):
            nil = _nil_result(rules, bid, cast(int, taken_here), seat)
            nils += (nil,)
            nil_tricks += cast(int, taken_here)
            nil_points += nil.points
        else:
            contract += cast(int, bid)
        if taken_here is not None:
            seat_tricks += taken_here
    # A valid hand gives a team's total, or else every seat's tricks.
    total_given = hand.team_tricks[team] if rules.partnership else None
    taken = seat_tricks if total_given is None else total_given
    counted = taken if mode is FailedNilTricks.PARTNER else taken - nil_tricks
    big = rules.ten_for_200 and contract >= 10
    overtricks = counted
    contract_points = 0
    if contract:
        if counted >= contract:
            contract_points = 200 if big else 10 * contract
            overtricks = counted - contract
        else:
            if rules.set_scores is SetScores.MINUS:
                contract_points = -200 if big else -10 * contract
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
    )


def _nil_result(rules: Rules, bid: Bid | None, tricks: int, seat: int) -> NilResult:
    """How a Nil or Blind Nil bid by `seat` came out: its bonus won, or lost, by its tricks."""
    blind = bid == BLIND_NIL
    # A Blind Nil that passed validation is allowed, so its bonus is set.
    bonus = cast(int, rules.blind_nil_bonus) if blind else rules.nil_bonus
    made = tricks == 0
    return NilResult(seat, blind, made, bonus if made else -bonus)
