"""Who may bid blind before a hand: Blind Nil, and the blind bids (Blind 6, Blind 7) a side
makes for its whole contract; both measured by how far the side is behind."""

from __future__ import annotations

from collections.abc import Sequence

from .hand import Blind, Problem, is_number
from .rules import Rules


def behind(side: int, totals: Sequence[int]) -> int:
    """How far a side is below the highest total of any other side (negative when ahead)."""
    leader = max(t for s, t in enumerate(totals) if s != side)
    return leader - totals[side]


def blind_nil_allowed(rules: Rules, team: int, totals: Sequence[int]) -> bool:
    """Whether a player of this side may bid Blind Nil before the hand, given every side's
    total: the deficit, where the rules set one, is measured against the leader."""
    if rules.blind_nil_bonus is None:
        return False
    if rules.blind_nil_deficit is None:
        return True
    return behind(team, totals) >= rules.blind_nil_deficit


def blind_bid_allowed(rules: Rules, side: int, totals: Sequence[int]) -> bool:
    """Whether this side may bid blind before the hand, given every side's total (adjustments
    included): the deficit is measured as for Blind Nil."""
    if not rules.blind_bid_min:
        return False
    if rules.blind_bid_deficit is None:
        return True
    return behind(side, totals) >= rules.blind_bid_deficit


def blind_nil_problems(rules: Rules, seat: int, totals: Sequence[int]) -> list[Problem]:
    """Why a seat may not bid Blind Nil at these totals: not in these rules, or not far
    enough behind; nothing when it may."""
    if rules.blind_nil_bonus is None:
        return [Problem("blind_nil_not_allowed", seat=seat)]
    side = rules.side_of(seat)
    if not blind_nil_allowed(rules, side, totals):
        params = {"deficit": rules.blind_nil_deficit, "behind": behind(side, totals)}
        return [Problem("blind_nil_not_behind", seat=seat, params=params)]
    return []


def blind_bid_problems(
    rules: Rules, seat: int, bid: Blind, bids: Sequence[object], totals: Sequence[int]
) -> list[Problem]:
    """Why `seat` may not make this blind bid: out of range, not in these rules, below the
    minimum, not far enough behind, or beside a partner's own bid; nothing when it may.

    A team's blind bid sits on both partners' seats; what concerns the side is reported once,
    on the first of them.
    """
    side = rules.side_of(seat)
    seats = rules.seats_of(side)
    problems = []
    # The partner must hold the same blind bid; a blank partner is reported as missing.
    if any(bids[s] is not None and bids[s] != bid for s in seats if s != seat):
        problems.append(Problem("blind_bid_beside_partner_bid", seat=seat, team=side))
    if seat != seats[0] and bids[seats[0]] == bid:
        return problems
    n = bid.tricks
    if not (is_number(n) and 1 <= n <= rules.tricks_per_hand):
        problems.append(Problem("bid_out_of_range", seat=seat))
    elif not rules.blind_bid_min:
        problems.append(Problem("blind_bid_not_allowed", seat=seat, team=side))
    elif n < rules.blind_bid_min:
        params: dict[str, int | None] = {"minimum": rules.blind_bid_min}
        problems.append(Problem("blind_bid_below_minimum", seat, side, params))
    elif not blind_bid_allowed(rules, side, totals):
        params = {"deficit": rules.blind_bid_deficit, "behind": behind(side, totals)}
        problems.append(Problem("blind_bid_not_behind", seat, side, params))
    return problems
