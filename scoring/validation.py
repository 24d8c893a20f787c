"""Every way a hand's inputs can be wrong, each named by a stable code, and the one trick count
a table may leave blank filled in."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeGuard, cast

from .blind import blind_bid_problems, blind_nil_problems
from .hand import BLIND_NIL, NIL, Bid, Hand, Problem, is_blind, is_nil, is_number, side_contract
from .rules import Rules

# The table assumed where a caller gives no rules: the partnership game.
_PARTNERSHIP = Rules()


def _sized(value: object, size: int) -> bool:
    """Whether an unchecked input is a sequence of exactly `size` values."""
    return isinstance(value, (tuple, list)) and len(value) == size


def _in_range(value: object, low: int, high: int) -> TypeGuard[int]:
    """Whether an unchecked input is a whole number from `low` to `high`."""
    return is_number(value) and low <= value <= high


def bid_problems(
    rules: Rules,
    bids: object,
    totals: Sequence[int] | None = None,
    *,
    dealer: int | None = None,
    number: int | None = None,
) -> list[Problem]:
    """What is wrong with the bids under these rules, given every side's total before the hand.

    `totals` defaults to every side at 0. `dealer`, the last to bid, is the seat a bid total
    refused by `bids_may_total_tricks` is reported on (no seat when not given). `number` is the
    hand's (from 1): hand 1 of a game whose first hand bids itself must have no bid at all.
    """
    if not _sized(bids, rules.players):
        return [Problem("bids_shape")]
    bids = cast("Sequence[object]", bids)  # _sized has just checked it is a tuple or list
    if bids_itself(rules, number):
        return [Problem("bid_on_first_hand", seat=s) for s, b in enumerate(bids) if b is not None]
    totals = tuple(totals) if totals is not None else (0,) * len(rules.sides)
    most = rules.tricks_per_hand
    problems = []
    for seat, bid in enumerate(bids):
        if bid is None:
            problems.append(Problem("bid_missing", seat=seat))
        elif bid == BLIND_NIL:
            problems.extend(blind_nil_problems(rules, seat, totals))
        elif is_blind(bid):
            problems.extend(blind_bid_problems(rules, seat, bid, bids, totals))
        elif bid != NIL and not _in_range(bid, 1, most):
            problems.append(Problem("bid_out_of_range", seat=seat))
    wrong = {p.seat for p in problems if p.code in ("bid_missing", "bid_out_of_range")}
    if rules.min_team_bid:
        # A side whose own bids are valid is checked even when another side's are not,
        # so that every problem is reported at once.
        for side in rules.sides:
            seats = rules.seats_of(side)
            if wrong.intersection(seats):
                continue
            # Every bid passed the checks above, so with no Nil among them each is a number
            # or the side's blind bid.
            if (
                not any(is_nil(bids[s]) for s in seats)
                and side_contract(cast("Sequence[Bid]", bids), seats) < rules.min_team_bid
            ):
                # A side of one is its player: the problem belongs beside that bid.
                alone = seats[0] if len(seats) == 1 else None
                params: dict[str, int | None] = {"minimum": rules.min_team_bid}
                problems.append(Problem("team_bid_below_minimum", alone, side, params))
    if not rules.bids_may_total_tricks and not wrong:
        # Every bid is now Nil, Blind Nil, blind or a number in range; a Nil promises no trick,
        # and a team's blind bid counts once.
        valid = cast("Sequence[Bid]", bids)
        bid_total = sum(side_contract(valid, rules.seats_of(side)) for side in rules.sides)
        if bid_total == most:
            problems.append(Problem("bids_total_tricks", seat=dealer, params={"total": most}))
    return problems


def trick_problems(
    bids: object,
    tricks: object,
    team_tricks: object = (None, None),
    *,
    rules: Rules | None = None,
) -> list[Problem]:
    """What is wrong with the tricks of a hand; without rules, a hand of the partnership game.

    The bids only say which seats bid Nil (whose tricks must be given seat by seat); bids that
    are themselves wrong are read as numbers, so the tricks are still checked.
    """
    rules = rules or _PARTNERSHIP
    problems = []
    if not _sized(tricks, rules.players):
        problems.append(Problem("tricks_shape"))
    problems.extend(_team_tricks_shape(rules, team_tricks))
    if problems:
        return problems
    # Both shapes were checked just above.
    tricks = cast("Sequence[object]", tricks)
    team_tricks = cast("Sequence[object]", team_tricks)
    most = rules.tricks_per_hand
    nil_seats = (
        {s for s in rules.seats if is_nil(cast("Sequence[object]", bids)[s])}
        if _sized(bids, rules.players)
        else set()
    )
    total = 0
    for side in rules.sides:
        seats = rules.seats_of(side)
        given = team_tricks[side] if rules.partnership else None
        valid: list[int] = []
        for seat in seats:
            value = tricks[seat]
            if value is None:
                continue
            if _in_range(value, 0, most):
                valid.append(value)
            else:
                problems.append(Problem("tricks_out_of_range", seat=seat))
        if given is not None:
            if not _in_range(given, 0, most):
                problems.append(Problem("team_tricks_out_of_range", team=side))
            elif nil_seats.intersection(seats):
                problems.append(Problem("team_tricks_with_nil", team=side))
            elif (len(valid) == 2 and sum(valid) != given) or sum(valid) > given:
                # The seats filled in must agree with the team's total: all of it when both
                # are, no more than it when only one is.
                problems.append(Problem("team_tricks_mismatch", team=side))
            else:
                total += given
        else:
            for seat in seats:
                if tricks[seat] is None:
                    problems.append(Problem("tricks_missing", seat=seat))
            total += sum(valid)
    if not problems and total != most:
        problems.append(Problem("tricks_total", params={"total": total}))
    return problems


def _team_tricks_shape(rules: Rules, team_tricks: object) -> list[Problem]:
    """Team totals are one per team; without partners there are none, so any entry is wrong."""
    if rules.partnership:
        return [] if _sized(team_tricks, 2) else [Problem("team_tricks_shape")]
    if not isinstance(team_tricks, (tuple, list)):
        return [Problem("team_tricks_shape")]
    if any(v is not None for v in team_tricks):
        return [Problem("team_tricks_without_partners")]
    return []


def hand_problems(
    rules: Rules,
    hand: object,
    totals: Sequence[int] | None = None,
    over: bool = False,
    *,
    dealer: int | None = None,
    number: int | None = None,
) -> tuple[Problem, ...]:
    """Every problem with a hand played after the given totals; empty when it can be scored.

    `totals` defaults to every side at 0; `dealer` and `number` are as for `bid_problems`.
    Never raises on malformed input: anything that is not a well-formed hand is a problem too.
    """
    if not isinstance(hand, Hand):
        return (Problem("hand_shape"),)
    if not over and not rules.first_hand_bids_itself and _plainly_valid(rules, hand):
        return ()
    problems = [Problem("game_over")] if over else []
    problems.extend(bid_problems(rules, hand.bids, totals, dealer=dealer, number=number))
    # Tricks are checked even when bids are wrong, so a form can show every mistake at once.
    problems.extend(trick_problems(hand.bids, hand.tricks, hand.team_tricks, rules=rules))
    return tuple(problems)


def bids_itself(rules: Rules, number: int | None) -> bool:
    """Whether hand `number` is played without bids: hand 1, where the first hand bids itself."""
    return rules.first_hand_bids_itself and number == 1


def _plainly_valid(rules: Rules, hand: Hand) -> bool:
    """A quick yes for the everyday hand (numbers and Nil, every seat's tricks, no minimum).

    Replaying a long game checks every hand, so the common case skips the full checks.
    A False here only means "look closer".
    """
    bids, tricks = hand.bids, hand.tricks
    if rules.min_team_bid or not rules.bids_may_total_tricks or hand.team_tricks != (None, None):
        return False
    seats, most = rules.players, rules.tricks_per_hand
    if (
        type(bids) is not tuple
        or type(tricks) is not tuple
        or len(bids) != seats
        or len(tricks) != seats
    ):
        return False
    for bid in bids:
        if bid != NIL and not (type(bid) is int and 1 <= bid <= most):
            return False
    for value in tricks:
        if not (type(value) is int and 0 <= value <= most):
            return False
    # Every value was just seen to be an int.
    return sum(cast("tuple[int, ...]", tricks)) == most


def fill_in_tricks(
    bids: tuple[Bid | None, ...],
    tricks: tuple[int | None, ...],
    team_tricks: tuple[int | None, ...] = (None, None),
    *,
    rules: Rules | None = None,
) -> tuple[tuple[int | None, ...], tuple[int | None, ...]]:
    """Fill in the one unknown trick count as the hand's tricks minus the others, when exactly
    one is left; without rules, a hand of the partnership game (13 tricks).

    What counts as unknown: a blank seat of a team with a Nil bidder or with one partner filled
    in, a blank player without partners, or the total of a team with no Nil bidder where
    nothing at all was entered for it.
    Anything else (zero or several unknowns, invalid values) is returned as it came, for
    validation to report.
    """
    rules = rules or _PARTNERSHIP
    seat_count, most = rules.players, rules.tricks_per_hand
    if not (_sized(bids, seat_count) and _sized(tricks, seat_count)):
        return tricks, team_tricks
    if not (_sized(team_tricks, 2) if rules.partnership else _team_tricks_blank(team_tricks)):
        return tricks, team_tricks
    unknown: list[tuple[str, int]] = []  # ("seat", seat) or ("team", team)
    known = 0
    for side in rules.sides:
        seats = rules.seats_of(side)
        given = team_tricks[side] if rules.partnership else None
        values = [tricks[s] for s in seats] + [given]
        if any(v is not None and not _in_range(v, 0, most) for v in values):
            return tricks, team_tricks
        has_nil = any(is_nil(bids[s]) for s in seats)
        if given is not None and not has_nil:
            known += given  # in range: checked just above
        elif has_nil or not rules.partnership or any(tricks[s] is not None for s in seats):
            for s in seats:
                if tricks[s] is None:
                    unknown.append(("seat", s))
                else:
                    known += cast(int, tricks[s])  # not None, and in range as above
        else:
            unknown.append(("team", side))
    if len(unknown) != 1 or known > most:
        return tricks, team_tricks
    kind, where = unknown[0]
    value = most - known
    if kind == "seat":
        tricks = tuple(value if s == where else t for s, t in enumerate(tricks))
    else:
        team_tricks = tuple(value if t == where else v for t, v in enumerate(team_tricks))
    return tuple(tricks), tuple(team_tricks)


def _team_tricks_blank(team_tricks: object) -> bool:
    """Whether no team total was given, as at a table without partners it must not be."""
    return isinstance(team_tricks, (tuple, list)) and all(v is None for v in team_tricks)
