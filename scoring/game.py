"""Replaying a game: from rules, hands, time called and adjustments to every side's points,
bags and totals, and where the game stands."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .adjustments import Adjustment, AdjustmentResult, adjustment_problems
from .blind import blind_bid_allowed, blind_nil_allowed
from .endings import TIE, count_sets, ending
from .hand import Hand, InvalidGameInput, InvalidHand, Problem, is_number
from .reckoning import Item, TeamHand, score_side, score_unbid
from .rules import BagMode, FailedNilTricks, Rules
from .validation import bids_itself, hand_problems


@dataclass(frozen=True, slots=True)
class HandResult:
    """One scored hand: its number (from 1), who dealt, its inputs, every side's result and
    the adjustments recorded after it, in the order they were recorded."""

    number: int
    dealer: int
    hand: Hand
    teams: tuple[TeamHand, ...]  # one per side, in side order
    adjustments: tuple[AdjustmentResult, ...] = ()

    def breakdown(self, side: int) -> tuple[Item, ...]:
        """A side's breakdown for this hand, followed by its adjustments after the hand."""
        extra = tuple(a.item for a in self.adjustments if a.adjustment.side == side)
        return self.teams[side].items + extra

    def total_after(self, side: int) -> int:
        """A side's running total once this hand and the adjustments after it are counted."""
        totals = [a.total for a in self.adjustments if a.adjustment.side == side]
        return totals[-1] if totals else self.teams[side].total


@dataclass(frozen=True, slots=True)
class NextHand:
    """What the table needs to know before the next hand; the tuples hold one entry per side.

    `first_to_draw` is the non-dealer when two play (they draw their hands from the stock, the
    non-dealer first); None where the cards are dealt. `sets` counts each side's sets toward
    `sets_to_lose` (zeros when the rule is off) and `sets_left` how many more lose (None when
    off; 1 in sudden death). `hands_left` is None without a hands limit (0: past it, the top
    shared). `bids_itself`: the hand is played without bids.
    """

    number: int
    dealer: int
    first_bidder: int
    blind_nil_allowed: tuple[bool, ...]
    bags_left: tuple[int | None, ...]  # None where bags are not counted
    points_to_win: tuple[int, ...]
    first_to_draw: int | None = None
    blind_bid_allowed: tuple[bool, ...] = ()
    sets: tuple[int, ...] = ()
    sets_left: tuple[int | None, ...] = ()
    hands_left: int | None = None
    time_called: bool = False
    bids_itself: bool = False
    sudden_death: bool = False


@dataclass(frozen=True, slots=True)
class Game:
    """A replayed game: every hand's result and where the game stands now.

    `totals` and `bags` hold one figure per side, adjustments included; `winner` is a side;
    `sets` counts each side's sets toward `sets_to_lose` (zeros when it is off).
    """

    rules: Rules
    first_dealer: int
    hands: tuple[HandResult, ...]
    totals: tuple[int, ...]
    bags: tuple[int, ...]
    over: bool
    winner: int | None
    # Once over: "boston", "set_out", "target", "floor", "hands" or "time" (endings.REASONS);
    # "tie" when the end was reached with the top shared and play goes on.
    reason: str | None
    time_called_after: int | None = None
    sets: tuple[int, ...] = ()
    sudden_death: bool = False  # both teams set out level: the next lone set loses

    @property
    def tied(self) -> bool:
        """The end was reached with the highest total shared: nobody wins yet, play on."""
        return self.reason == TIE

    @property
    def places(self) -> tuple[int, ...]:
        """Each side's place by total, from 1; equal totals share a place, as in (1, 1, 3)."""
        return tuple(1 + sum(other > total for other in self.totals) for total in self.totals)

    @property
    def adjustments(self) -> tuple[AdjustmentResult, ...]:
        """Every adjustment, hand by hand, each with its side's running total after it."""
        return tuple(a for result in self.hands for a in result.adjustments)

    @property
    def next(self) -> NextHand | None:
        """What the next hand needs, or None once the game is over."""
        if self.over:
            return None
        rules = self.rules
        dealer = self.next_dealer
        left = (dealer + 1) % rules.players
        counted = rules.bag_mode is not BagMode.OFF
        number = len(self.hands) + 1
        unbid = bids_itself(rules, number)
        most_sets = 1 if self.sudden_death else rules.sets_to_lose
        return NextHand(
            number=number,
            dealer=dealer,
            first_bidder=left,
            blind_nil_allowed=tuple(
                not unbid and blind_nil_allowed(rules, s, self.totals) for s in rules.sides
            ),
            bags_left=tuple(rules.bag_limit - b if counted else None for b in self.bags),
            points_to_win=tuple(max(0, rules.target - t) for t in self.totals),
            # Two players build their hands from the stock, the non-dealer drawing first.
            first_to_draw=left if rules.players == 2 else None,
            blind_bid_allowed=tuple(
                not unbid and blind_bid_allowed(rules, s, self.totals) for s in rules.sides
            ),
            sets=self.sets,
            sets_left=tuple(
                max(1, most_sets - n) if rules.sets_to_lose else None for n in self.sets
            ),
            hands_left=max(0, rules.hands_limit - len(self.hands)) if rules.hands_limit else None,
            time_called=self.time_called_after is not None,
            bids_itself=unbid,
            sudden_death=self.sudden_death,
        )

    @property
    def next_dealer(self) -> int:
        """Who deals the next hand (also once the game is over): the deal passes to the left."""
        return (self.first_dealer + len(self.hands)) % self.rules.players

    def problems(self, hand: Hand) -> tuple[Problem, ...]:
        """Every problem with playing this hand next."""
        number = len(self.hands) + 1
        return hand_problems(
            self.rules, hand, self.totals, self.over, dealer=self.next_dealer, number=number
        )

    def add(self, hand: Hand) -> Game:
        """The game with one more hand played; raises InvalidHand when it cannot be."""
        return replay_from(self, (hand,))

    def call_time(self, bids_entered: bool) -> Game:
        """The game with time called now: the hand in play is the last when its bids are
        entered, else the hands complete are. Raises InvalidGameInput if time is already
        called or the game is over."""
        if self.over or self.time_called_after is not None:
            code = "game_over" if self.over else "time_already_called"
            raise InvalidGameInput((Problem(code),))
        return self._again(len(self.hands) + (1 if bids_entered else 0), self.recorded)

    def resume(self) -> Game:
        """The game with time called taken back (it may be called again later)."""
        return self._again(None, self.recorded)

    def adjust(self, adjustment: Adjustment) -> Game:
        """The game with one more adjustment recorded; raises InvalidGameInput if it cannot be."""
        return self._again(self.time_called_after, (*self.recorded, adjustment))

    @property
    def recorded(self) -> tuple[Adjustment, ...]:
        """The adjustments as they were recorded, to replay the game with."""
        return tuple(a.adjustment for a in self.adjustments)

    def _again(self, time_called_after: int | None, adjustments: Iterable[Adjustment]) -> Game:
        """The same hands replayed with these game inputs."""
        hands = [result.hand for result in self.hands]
        return replay(
            self.rules,
            hands,
            self.first_dealer,
            time_called_after=time_called_after,
            adjustments=adjustments,
        )


def new_game(rules: Rules, first_dealer: int = 0, *, time_called_after: int | None = None) -> Game:
    """A game with no hand played yet (time may already be called, from the first hand on)."""
    if first_dealer not in rules.seats:
        raise ValueError(f"first_dealer must be a seat from 0 to {rules.players - 1}")
    if time_called_after is not None and not (
        is_number(time_called_after) and time_called_after >= 0
    ):
        raise InvalidGameInput((Problem("time_called_after_out_of_range"),))
    zeros = (0,) * len(rules.sides)
    return Game(rules, first_dealer, (), zeros, zeros, False, None, None, time_called_after, zeros)


def replay(
    rules: Rules,
    hands: Iterable[Hand],
    first_dealer: int = 0,
    *,
    time_called_after: int | None = None,
    adjustments: Iterable[Adjustment] = (),
) -> Game:
    """Score every hand in order, each hand's adjustments after it, and end the game where the
    rules and time called say; raises InvalidHand naming the first hand that cannot be played,
    or InvalidGameInput naming what is wrong with time called or the adjustments."""
    start = new_game(rules, first_dealer, time_called_after=time_called_after)
    return replay_from(start, hands, adjustments=adjustments)


def replay_from(
    game: Game, hands: Iterable[Hand], *, adjustments: Iterable[Adjustment] = ()
) -> Game:
    """The game with these hands played after the ones it has, checking each before scoring
    it; `adjustments` are recorded after hands among these (one after an earlier hand needs
    the whole game replayed)."""
    rules = game.rules
    players = rules.players
    results = list(game.hands)
    totals, bags = game.totals, game.bags
    over, winner, reason = game.over, game.winner, game.reason
    sets, sudden_death, time = game.sets, game.sudden_death, game.time_called_after
    pending = _pending(rules, tuple(adjustments), len(results))
    # Worked out once per replay rather than once per hand and side.
    sides = tuple((side, rules.seats_of(side)) for side in rules.sides)
    nil_mode = rules.failed_nil_tricks
    if not rules.partnership and nil_mode is FailedNilTricks.PARTNER:
        # A failed Nil's tricks would help the partner's contract; alone, nobody's.
        nil_mode = FailedNilTricks.NOTHING
    ended_by: tuple[Problem, ...] = ()  # the adjustments that ended the game, if they did
    for hand in hands:
        number = len(results) + 1
        if over and ended_by:
            raise InvalidGameInput(ended_by, number - 1)
        dealer = (game.first_dealer + number - 1) % players
        problems = hand_problems(rules, hand, totals, over, dealer=dealer, number=number)
        if problems:
            raise InvalidHand(problems, number)
        unbid = bids_itself(rules, number)
        # One plain loop for all three, as comprehensions cost a call each on every hand.
        scored: list[TeamHand] = []
        new_totals: list[int] = []
        new_bags: list[int] = []
        for side, seats in sides:
            if unbid:
                result = score_unbid(rules, hand, side, seats, bags[side], totals[side])
            else:
                result = score_side(rules, nil_mode, hand, side, seats, bags[side], totals[side])
            scored.append(result)
            new_totals.append(result.total)
            new_bags.append(result.bags)
        if rules.sets_to_lose:
            sets = count_sets(rules, scored, sets)
        applied: list[tuple[int, AdjustmentResult]] = []  # each with its index
        for index, adjustment in pending.pop(number, ()):
            new_totals[adjustment.side] += adjustment.points
            applied.append((index, AdjustmentResult(adjustment, new_totals[adjustment.side])))
        totals, bags = tuple(new_totals), tuple(new_bags)
        end = ending(rules, number, scored, totals, sets, sudden_death, time)
        ended_by = ()
        if applied and end.over:
            unadjusted = tuple(t.total for t in scored)
            if not ending(rules, number, scored, unadjusted, sets, sudden_death, time).over:
                ended_by = tuple(
                    Problem(
                        "adjustment_ends_game_early", team=r.adjustment.side, params={"index": i}
                    )
                    for i, r in applied
                )
        over, winner, reason, sudden_death = end.over, end.winner, end.reason, end.sudden_death
        after = tuple(r for _, r in applied) if applied else ()
        results.append(HandResult(number, dealer, hand, tuple(scored), after))
    if pending:
        unplayed = [
            Problem("adjustment_after_unplayed_hand", team=a.side, params={"index": index})
            for waiting in pending.values()
            for index, a in waiting
        ]
        raise InvalidGameInput(tuple(unplayed))
    return Game(
        rules, game.first_dealer, tuple(results), totals, bags, over, winner, reason, time, sets,
        sudden_death,
    )  # fmt: skip


def _pending(
    rules: Rules, adjustments: tuple[Adjustment, ...], played: int
) -> dict[int, list[tuple[int, Adjustment]]]:
    """The adjustments by the hand they follow, each with its index, in the order recorded;
    raises InvalidGameInput naming every problem with them, or one after a hand already
    played (which needs the whole game replayed)."""
    problems = adjustment_problems(rules, adjustments)
    if not problems:
        problems = [
            Problem("adjustment_after_earlier_hand", team=a.side, params={"index": index})
            for index, a in enumerate(adjustments)
            if a.after_hand <= played
        ]
    if problems:
        raise InvalidGameInput(tuple(problems))
    pending: dict[int, list[tuple[int, Adjustment]]] = {}
    for index, adjustment in enumerate(adjustments):
        pending.setdefault(adjustment.after_hand, []).append((index, adjustment))
    return pending
