"""One hand's inputs, and every way they can be wrong."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypeGuard, cast

from .rules import Rules, ScoringError

NIL = "nil"
BLIND_NIL = "blind_nil"
SEATS = (0, 1, 2, 3)
TRICKS_PER_HAND = 13

Bid = int | str  # 1..13, NIL or BLIND_NIL


def team_of(seat: int) -> int:
    """The team a seat plays for: partners sit opposite, so seats 0 & 2 are team 0."""
    return seat % 2


def seats_of(team: int) -> tuple[int, int]:
    """The two seats of a team."""
    return (team, team + 2)


def is_nil(bid: object) -> bool:
    """Whether a bid is Nil or Blind Nil, the bids that promise no trick.

    Takes any value, as validation asks it of bids that are not checked yet.
    """
    return bid in (NIL, BLIND_NIL)


def is_number(value: object) -> TypeGuard[int]:
    """Whether a value is a plain integer (booleans are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a hand: a stable code, where it is, and the figures a message needs."""

    code: str
    seat: int | None = None
    team: int | None = None
    params: dict[str, int | None] = field(default_factory=dict, hash=False)


class InvalidHand(ScoringError):
    """A hand that cannot be scored; `problems` lists every reason at once."""

    def __init__(self, problems: tuple[Problem, ...], number: int | None = None) -> None:
        """Keep the problems and, when replaying, the number of the offending hand."""
        self.problems = tuple(problems)
        self.number = number
        where = f"hand {number}: " if number is not None else ""
        super().__init__(where + ", ".join(p.code for p in self.problems))


@dataclass(frozen=True, slots=True)
class Hand:
    """Four bids and the tricks taken, by seat (0-3 clockwise).

    `tricks` holds each seat's tricks, or None where only the team's total is known;
    `team_tricks` holds that total for a team with no Nil bidder.
    A hand is also how unchecked input reaches validation, so any value may be None.
    """

    bids: tuple[Bid | None, ...]
    tricks: tuple[int | None, ...] = (None, None, None, None)
    team_tricks: tuple[int | None, ...] = (None, None)

    def contract(self, team: int) -> int:
        """Sum of the team's numeric bids; a Nil bidder adds nothing."""
        # Asked of valid hands only, where a bid that is not Nil is a number.
        return sum(cast(int, self.bids[s]) for s in seats_of(team) if not is_nil(self.bids[s]))

    def taken(self, team: int) -> int:
        """Tricks the whole team took this hand."""
        total = self.team_tricks[team]
        if total is not None:
            return total
        a, b = seats_of(team)
        # Without a team total, a valid hand gives both seats' tricks.
        return cast(int, self.tricks[a]) + cast(int, self.tricks[b])


def _four(value: object) -> bool:
    return isinstance(value, (tuple, list)) and len(value) == 4


def _two(value: object) -> bool:
    return isinstance(value, (tuple, list)) and len(value) == 2


def _in_range(value: object, low: int, high: int) -> TypeGuard[int]:
    return is_number(value) and low <= value <= high


def bid_problems(rules: Rules, bids: object, totals: tuple[int, int] = (0, 0)) -> list[Problem]:
    """What is wrong with four bids under these rules, with the teams' totals before the hand."""
    if not _four(bids):
        return [Problem("bids_shape")]
    bids = cast("Sequence[object]", bids)  # _four has just checked it is a tuple or list
    problems = []
    for seat, bid in enumerate(bids):
        if bid is None:
            problems.append(Problem("bid_missing", seat=seat))
        elif bid == BLIND_NIL:
            problems.extend(_blind_nil_problems(rules, seat, totals))
        elif bid != NIL and not _in_range(bid, 1, TRICKS_PER_HAND):
            problems.append(Problem("bid_out_of_range", seat=seat))
    if rules.min_team_bid:
        # A team whose own bids are valid is checked even when the other team's are not,
        # so that every problem is reported at once.
        wrong = {p.seat for p in problems if p.code in ("bid_missing", "bid_out_of_range")}
        for team in (0, 1):
            seats = seats_of(team)
            if wrong.intersection(seats):
                continue
            pair = [bids[s] for s in seats]
            # Both bids passed the checks above, so with no Nil among them both are numbers.
            if (
                not any(is_nil(b) for b in pair)
                and sum(cast("list[int]", pair)) < rules.min_team_bid
            ):
                problems.append(
                    Problem(
                        "team_bid_below_minimum", team=team, params={"minimum": rules.min_team_bid}
                    )
                )
    return problems


def blind_nil_allowed(rules: Rules, team: int, totals: tuple[int, int]) -> bool:
    """Whether a player of this team may bid Blind Nil before the hand, given the totals."""
    if rules.blind_nil_bonus is None:
        return False
    if rules.blind_nil_deficit is None:
        return True
    return totals[1 - team] - totals[team] >= rules.blind_nil_deficit


def _blind_nil_problems(rules: Rules, seat: int, totals: tuple[int, int]) -> list[Problem]:
    if rules.blind_nil_bonus is None:
        return [Problem("blind_nil_not_allowed", seat=seat)]
    team = team_of(seat)
    if not blind_nil_allowed(rules, team, totals):
        behind = totals[1 - team] - totals[team]
        params = {"deficit": rules.blind_nil_deficit, "behind": behind}
        return [Problem("blind_nil_not_behind", seat=seat, params=params)]
    return []


def trick_problems(
    bids: object, tricks: object, team_tricks: object = (None, None)
) -> list[Problem]:
    """What is wrong with the tricks of a hand.

    The bids only say which seats bid Nil (whose tricks must be given seat by seat); bids that
    are themselves wrong are read as numbers, so the tricks are still checked.
    """
    problems = []
    if not _four(tricks):
        problems.append(Problem("tricks_shape"))
    if not _two(team_tricks):
        problems.append(Problem("team_tricks_shape"))
    if problems:
        return problems
    # Both shapes were checked just above.
    tricks = cast("Sequence[object]", tricks)
    team_tricks = cast("Sequence[object]", team_tricks)
    nil_seats = (
        {s for s in SEATS if is_nil(cast("Sequence[object]", bids)[s])} if _four(bids) else set()
    )
    total = 0
    for team in (0, 1):
        seats = seats_of(team)
        given = team_tricks[team]
        valid: list[int] = []
        for seat in seats:
            value = tricks[seat]
            if value is None:
                continue
            if _in_range(value, 0, TRICKS_PER_HAND):
                valid.append(value)
            else:
                problems.append(Problem("tricks_out_of_range", seat=seat))
        if given is not None:
            if not _in_range(given, 0, TRICKS_PER_HAND):
                problems.append(Problem("team_tricks_out_of_range", team=team))
            elif nil_seats.intersection(seats):
                problems.append(Problem("team_tricks_with_nil", team=team))
            elif (len(valid) == 2 and sum(valid) != given) or sum(valid) > given:
                # The seats filled in must agree with the team's total: all of it when both
                # are, no more than it when only one is.
                problems.append(Problem("team_tricks_mismatch", team=team))
            else:
                total += given
        else:
            for seat in seats:
                if tricks[seat] is None:
                    problems.append(Problem("tricks_missing", seat=seat))
            total += sum(valid)
    if not problems and total != TRICKS_PER_HAND:
        problems.append(Problem("tricks_total", params={"total": total}))
    return problems


def hand_problems(
    rules: Rules, hand: object, totals: tuple[int, int] = (0, 0), over: bool = False
) -> tuple[Problem, ...]:
    """Every problem with a hand played after the given totals; empty when it can be scored.

    Never raises on malformed input: anything that is not a well-formed hand is a problem too.
    """
    if not isinstance(hand, Hand):
        return (Problem("hand_shape"),)
    if not over and _plainly_valid(rules, hand):
        return ()
    problems = [Problem("game_over")] if over else []
    problems.extend(bid_problems(rules, hand.bids, totals))
    # Tricks are checked even when bids are wrong, so a form can show every mistake at once.
    problems.extend(trick_problems(hand.bids, hand.tricks, hand.team_tricks))
    return tuple(problems)


def _plainly_valid(rules: Rules, hand: Hand) -> bool:
    """A quick yes for the everyday hand (numbers and Nil, every seat's tricks, no minimum).

    Replaying a long game checks every hand, so the common case skips the full checks.
    A False here only means "look closer".
    """
    bids, tricks = hand.bids, hand.tricks
    if rules.min_team_bid or hand.team_tricks != (None, None):
        return False
    if type(bids) is not tuple or type(tricks) is not tuple or len(bids) != 4 or len(tricks) != 4:
        return False
    for bid in bids:
        if bid != NIL and not (type(bid) is int and 1 <= bid <= TRICKS_PER_HAND):
            return False
    for value in tricks:
        if not (type(value) is int and 0 <= value <= TRICKS_PER_HAND):
            return False
    # Every value was just seen to be an int.
    return sum(cast("tuple[int, ...]", tricks)) == TRICKS_PER_HAND


def fill_in_tricks(
    bids: tuple[Bid | None, ...],
    tricks: tuple[int | None, ...],
    team_tricks: tuple[int | None, ...] = (None, None),
) -> tuple[tuple[int | None, ...], tuple[int | None, ...]]:
    """Fill in the one unknown trick count as 13 minus the others, when exactly one is left.

    What counts as unknown: a blank seat of a team with a Nil bidder or with one partner filled
    in, or the total of a team with no Nil bidder where nothing at all was entered for it.
    Anything else (zero or several unknowns, invalid values) is returned as it came, for
    validation to report.
    """
    if not (_four(bids) and _four(tricks) and _two(team_tricks)):
        return tricks, team_tricks
    unknown: list[tuple[str, int]] = []  # ("seat", seat) or ("team", team)
    known = 0
    for team in (0, 1):
        seats = seats_of(team)
        values = [tricks[s] for s in seats] + [team_tricks[team]]
        if any(v is not None and not _in_range(v, 0, TRICKS_PER_HAND) for v in values):
            return tricks, team_tricks
        has_nil = any(is_nil(bids[s]) for s in seats)
        if team_tricks[team] is not None and not has_nil:
            known += cast(int, team_tricks[team])  # in range: checked just above
        elif has_nil or any(tricks[s] is not None for s in seats):
            for s in seats:
                if tricks[s] is None:
                    unknown.append(("seat", s))
                else:
                    known += cast(int, tricks[s])  # not None, and in range as above
        else:
            unknown.append(("team", team))
    if len(unknown) != 1 or known > TRICKS_PER_HAND:
        return tricks, team_tricks
    kind, where = unknown[0]
    value = TRICKS_PER_HAND - known
    if kind == "seat":
        tricks = tuple(value if s == where else t for s, t in enumerate(tricks))
    else:
        team_tricks = tuple(value if t == where else v for t, v in enumerate(team_tricks))
    return tuple(tricks), tuple(team_tricks)
