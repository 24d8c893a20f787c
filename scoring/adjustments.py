"""Adjustments: points given to or taken from one side after a hand, each with its reason
(a renege, slow play, a director's ruling). They are not hands: no bids, no bags, no deal."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .hand import Problem, is_number
from .reckoning import ADJUSTMENT, Item
from .rules import Rules, Span

# How many points one adjustment may give or take; 0 is no adjustment at all.
ADJUSTMENT_POINTS = Span(-1000, 1000)


@dataclass(frozen=True, slots=True)
class Adjustment:
    """Points (not 0) given to `side` after hand `after_hand` (from 1), with a short reason."""

    after_hand: int
    side: int
    points: int
    reason: str


@dataclass(frozen=True, slots=True)
class AdjustmentResult:
    """An adjustment as replayed: the adjustment, and its side's running total after it."""

    adjustment: Adjustment
    total: int

    @property
    def item(self) -> Item:
        """The adjustment as a line of its side's breakdown, with its reason."""
        a = self.adjustment
        return Item(ADJUSTMENT, a.points, reason=a.reason)


def adjustment_problems(rules: Rules, adjustments: Iterable[Adjustment]) -> list[Problem]:
    """What is wrong with each adjustment on its own, every problem at once; `params["index"]`
    says which (from 0, in the order given). Whether its hand was played is the replay's."""
    problems = []
    low, high = ADJUSTMENT_POINTS.low, ADJUSTMENT_POINTS.high
    for index, adjustment in enumerate(adjustments):
        if not isinstance(adjustment, Adjustment):
            problems.append(Problem("adjustment_shape", params={"index": index}))
            continue
        side, points = adjustment.side, adjustment.points
        team = side if side in rules.sides else None
        where: dict[str, int | None] = {"index": index}
        if team is None:
            problems.append(Problem("adjustment_side", params=where))
        if not is_number(points) or points == 0:
            problems.append(Problem("adjustment_zero", team=team, params=where))
        elif not low <= points <= high:
            params = {**where, "limit": high}
            problems.append(Problem("adjustment_too_large", team=team, params=params))
        if not is_number(adjustment.after_hand) or adjustment.after_hand < 1:
            problems.append(Problem("adjustment_before_first_hand", team=team, params=where))
        if not isinstance(adjustment.reason, str) or not adjustment.reason.strip():
            problems.append(Problem("adjustment_reason_missing", team=team, params=where))
    return problems
