"""When a game ends after a hand, who wins and why: a Boston, a set-out, the target, the floor,
the hands limit or time called, checked in that order
(docs/rules.md#several-endings-after-one-hand)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .reckoning import TeamHand
from .rules import Rules

# Why a game ended, in the order the endings are checked; TIE: the top is shared, play on.
BOSTON_WIN = "boston"
SET_OUT = "set_out"
TARGET = "target"
FLOOR = "floor"
HANDS = "hands"
TIME = "time"
TIE = "tie"
REASONS = (BOSTON_WIN, SET_OUT, TARGET, FLOOR, HANDS, TIME)


class Ending(NamedTuple):
    """Where the game stands after a hand: over or not, the winner, the reason, each side's
    sets counted toward `sets_to_lose`, and whether a set-out is in sudden death.

    A named tuple, not a frozen dataclass: one is made for every hand of every replay."""

    over: bool
    winner: int | None
    reason: str | None
    sets: tuple[int, ...]
    sudden_death: bool = False


def count_sets(rules: Rules, teams: Sequence[TeamHand], sets: Sequence[int]) -> tuple[int, ...]:
    """Each side's sets after this hand: one more when set; with `sets_in_a_row` a hand in
    which the side was not set starts its run again."""
    return tuple(
        before + 1 if team.was_set else 0 if rules.sets_in_a_row else before
        for team, before in zip(teams, sets, strict=True)
    )


def ending(
    rules: Rules,
    number: int,
    teams: Sequence[TeamHand],
    totals: Sequence[int],
    sets: tuple[int, ...],
    sudden_death: bool,
    time_called_after: int | None,
) -> Ending:
    """How the game stands after hand `number`, scored as `teams` (sets already counted in
    `sets`), with `totals` its adjusted totals and `sudden_death` as it stood before the hand."""
    if rules.boston_wins:
        for team in teams:
            if team.boston:
                return Ending(True, team.team, BOSTON_WIN, sets)
    entered = False
    if rules.sets_to_lose:
        # Set-outs are for partners only: there are exactly two teams.
        if sudden_death:
            out = [team.team for team in teams if team.was_set]
        else:
            out = [side for side, count in enumerate(sets) if count >= rules.sets_to_lose]
        if len(out) == 1:
            return Ending(True, 1 - out[0], SET_OUT, sets)
        if len(out) == 2 and not sudden_death:
            if totals[0] != totals[1]:
                return Ending(True, 0 if totals[0] > totals[1] else 1, SET_OUT, sets)
            # Equal totals: play on, and the next hand with exactly one team set ends it.
            sudden_death = entered = True
    high = max(totals)
    # The endings by the totals and the count of hands, in their order; the first one reached
    # names the end.
    if high >= rules.target:
        why = TARGET
    elif rules.floor is not None and min(totals) <= rules.floor:
        why = FLOOR
    elif 0 < rules.hands_limit <= number:
        why = HANDS
    elif time_called_after is not None and time_called_after <= number:
        why = TIME
    else:
        return Ending(False, None, TIE if entered else None, sets, sudden_death)
    # Only the top matters: a single highest total wins, a shared one plays another hand.
    if totals.count(high) > 1:
        return Ending(False, None, TIE, sets, sudden_death)
    return Ending(True, totals.index(high), why, sets)
