"""Replaying a game: from rules and hands to every team's points, bags and totals."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import cast

from .hand import (
    BLIND_NIL,
    TRICKS_PER_HAND,
    Bid,
    Hand,
    InvalidHand,
    Problem,
    blind_nil_allowed,
    hand_problems,
    is_nil,
)
from .rules import BagMode, FailedNilTricks, Rules

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
    """One line of a team's breakdown for a hand, e.g. contract 7 made: +70.

    `amount` is the contract for contract items, the number of bags for bag and penalty items;
    `made` says whether a contract or Nil was made; `seat` names the Nil bidder.
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
    """How one team scored one hand: the figures, and `items`, the same as a breakdown."""

    team: int
    contract: int
    tricks: int  # tricks counted toward the contract
    bags_taken: int
    contract_points: int  # for making or missing the contract
    bag_points: int  # one point per bag taken this hand
    nils: tuple[NilResult, ...]
    bag_penalty: int  # zero or negative
    penalty_bags: int  # bags the penalty took away
    bonus_points: int  # house-rule bonuses, such as taking all 13 tricks
    points: int
    bags: int  # the team's bag count after the hand
    total: int  # the team's total after the hand
    ten_for_200: bool = False

    @property
    def made(self) -> bool | None:
        """Whether the contract was made; None when both partners bid Nil."""
        return self.tricks >= self.contract if self.contract else None

    @property
    def nil_points(self) -> int:
        """Bonuses and penalties of the team's Nil and Blind Nil bids."""
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
            items.append(Item(BOSTON, self.bonus_points, TRICKS_PER_HAND))
        if self.bag_penalty:
            items.append(Item(BAG_PENALTY, self.bag_penalty, self.penalty_bags))
        return tuple(items)


@dataclass(frozen=True, slots=True)
class HandResult:
    """One scored hand: its number (from 1), who dealt, its inputs and both teams' results."""

    number: int
    dealer: int
    hand: Hand
    teams: tuple[TeamHand, TeamHand]


@dataclass(frozen=True, slots=True)
class NextHand:
    """What the table needs to know before the next hand."""

    number: int
    dealer: int
    first_bidder: int
    blind_nil_allowed: tuple[bool, bool]
    bags_left: tuple[int | None, int | None]  # None where bags are not counted
    points_to_win: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Game:
    """A replayed game: every hand's result and where the game stands now."""

    rules: Rules
    first_dealer: int
    hands: tuple[HandResult, ...]
    totals: tuple[int, int]
    bags: tuple[int, int]
    over: bool
    winner: int | None
    reason: str | None  # "target" or "floor" once over; "tie" when play goes on past the end

    @property
    def tied(self) -> bool:
        """The end was reached on equal totals: nobody wins yet, play another hand."""
        return self.reason == "tie"

    @property
    def next(self) -> NextHand | None:
        """What the next hand needs, or None once the game is over."""
        if self.over:
            return None
        rules = self.rules
        dealer = (self.first_dealer + len(self.hands)) % 4
        counted = rules.bag_mode is not BagMode.OFF
        return NextHand(
            number=len(self.hands) + 1,
            dealer=dealer,
            first_bidder=(dealer + 1) % 4,
            blind_nil_allowed=(
                blind_nil_allowed(rules, 0, self.totals),
                blind_nil_allowed(rules, 1, self.totals),
            ),
            # One figure for each of the two teams, as in `bags` and `totals`.
            bags_left=cast(
                "tuple[int | None, int | None]",
                tuple(rules.bag_limit - b if counted else None for b in self.bags),
            ),
            points_to_win=cast(
                "tuple[int, int]", tuple(max(0, rules.target - t) for t in self.totals)
            ),
        )

    def problems(self, hand: Hand) -> tuple[Problem, ...]:
        """Every problem with playing this hand next."""
        return hand_problems(self.rules, hand, self.totals, self.over)

    def add(self, hand: Hand) -> Game:
        """The game with one more hand played; raises InvalidHand when it cannot be."""
        return replay_from(self, (hand,))


def new_game(rules: Rules, first_dealer: int = 0) -> Game:
    """A game with no hand played yet."""
    if first_dealer not in (0, 1, 2, 3):
        raise ValueError("first_dealer must be a seat from 0 to 3")
    return Game(rules, first_dealer, (), (0, 0), (0, 0), False, None, None)


def replay(rules: Rules, hands: Iterable[Hand], first_dealer: int = 0) -> Game:
    """Score every hand in order; raises InvalidHand naming the first hand that cannot be played."""
    return replay_from(new_game(rules, first_dealer), hands)


def replay_from(game: Game, hands: Iterable[Hand]) -> Game:
    """The game with these hands played after the ones it has, checking each before scoring it."""
    rules = game.rules
    results = list(game.hands)
    totals, bags = game.totals, game.bags
    over, winner, reason = game.over, game.winner, game.reason
    for hand in hands:
        problems = hand_problems(rules, hand, totals, over)
        number = len(results) + 1
        if problems:
            raise InvalidHand(problems, number)
        teams = (
            _score_team(rules, hand, 0, bags[0], totals[0]),
            _score_team(rules, hand, 1, bags[1], totals[1]),
        )
        results.append(HandResult(number, (game.first_dealer + number - 1) % 4, hand, teams))
        totals = (teams[0].total, teams[1].total)
        bags = (teams[0].bags, teams[1].bags)
        over, winner, reason = _ending(rules, totals)
    return Game(rules, game.first_dealer, tuple(results), totals, bags, over, winner, reason)


def _ending(rules: Rules, totals: tuple[int, int]) -> tuple[bool, int | None, str | None]:
    high = max(totals)
    low = min(totals)
    reached = high >= rules.target
    fell = rules.floor is not None and low <= rules.floor
    if not (reached or fell):
        return False, None, None
    if totals[0] == totals[1]:
        return False, None, "tie"
    winner = 0 if totals[0] > totals[1] else 1
    return True, winner, "target" if reached else "floor"


def _score_team(
    rules: Rules, hand: Hand, team: int, bags_before: int, total_before: int
) -> TeamHand:
    bids, tricks = hand.bids, hand.tricks
    # Plain loops over the two seats: this runs twice per hand on every replay.
    contract = 0
    nil_tricks = 0
    nil_points = 0
    nils: tuple[NilResult, ...] = ()
    for seat in (team, team + 2):
        bid = bids[seat]
        # Only valid hands are scored: a Nil bidder's tricks are given seat by seat, and a
        # bid that is not Nil is a number.
        if is_nil(bid):
            nil = _nil_result(rules, bid, cast(int, tricks[seat]), seat)
            nils += (nil,)
            nil_tricks += cast(int, tricks[seat])
            nil_points += nil.points
        else:
            contract += cast(int, bid)
    taken = hand.taken(team)
    mode = rules.failed_nil_tricks
    counted = taken if mode is FailedNilTricks.PARTNER else taken - nil_tricks
    big = rules.ten_for_200 and contract >= 10
    overtricks = counted
    contract_points = 0
    if contract:
        if counted >= contract:
            contract_points = 200 if big else 10 * contract
            overtricks = counted - contract
        else:
            contract_points = -200 if big else -10 * contract
            overtricks = 0
    bags_taken = overtricks + nil_tricks if mode is FailedNilTricks.BAGS else overtricks
    bonus = rules.boston_bonus if rules.boston_bonus and taken == TRICKS_PER_HAND else 0
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
    )


def _nil_result(rules: Rules, bid: Bid | None, tricks: int, seat: int) -> NilResult:
    blind = bid == BLIND_NIL
    # A Blind Nil that passed validation is allowed, so its bonus is set.
    bonus = cast(int, rules.blind_nil_bonus) if blind else rules.nil_bonus
    made = tricks == 0
    return NilResult(seat, blind, made, bonus if made else -bonus)
