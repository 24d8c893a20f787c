"""The pairing of each of the three formats of docs/rules.md#pairing, one by one.

`round_robin` (with `round_robin_rounds`, its length, and `round_robin_empty_round`) and
`kings_table` are here, `swiss` in its own module; each takes `order`, the standings before the
round (a strict order of the entry numbers 1..n, best first; see `standings.order_of`), and
returns a `Pairing`: the tables in table order, each with its higher-placed team North–South,
and the team with the bye, if any. `formats.next_round` is the one call a caller needs: it
picks the format's pairing from the registry of formats.
"""

from __future__ import annotations

from collections.abc import Sequence, Set

from .rounds import Pairing, TournamentError, check_order, check_rounds, seat


def round_robin_rounds(teams: int) -> int:
    """How many rounds a round robin of `teams` lasts: n − 1 for even n, n for odd n (each
    team then has one bye)."""
    return teams - 1 if teams % 2 == 0 else teams


def round_robin_empty_round(teams: int, withdrawn: Set[int], played: int) -> bool:
    """Whether a round robin of `teams` entries, `played` rounds in, would have a round still
    to play with no game left once the `withdrawn` teams are gone (every game of it with a team
    that left): its schedule stays, so such a round could not be played."""
    order = tuple(range(1, teams + 1))
    return any(
        not round_robin(order, number, withdrawn).tables
        for number in range(played + 1, round_robin_rounds(teams) + 1)
    )


def round_robin(
    order: Sequence[int], round_number: int, withdrawn: Set[int] = frozenset()
) -> Pairing:
    """Round `round_number` (from 1) of a round robin by the circle method, seated by `order`
    (round 1 by entry order: the lower entry number North–South).

    Slots 1..m hold the teams in entry order (m = n, or n + 1 with an empty last slot for odd
    n); each round slot i plays slot m + 1 − i, tables in that order, and the team facing the
    empty slot has the bye. Between rounds team 1 stays in slot 1 and the rest move one slot
    on, the last slot's team to slot 2. Six teams: round 1 is 1–6, 2–5, 3–4; round 2 is 1–5,
    6–4, 2–3.

    The schedule stays when teams have `withdrawn`: a game with one of them is not played,
    and its other team sits out with a bye (a walkover); the tables left are numbered 1, 2, …
    in the schedule's order, without a gap.
    """
    teams = check_order(order)
    n = len(teams)
    if not 1 <= round_number <= round_robin_rounds(n):
        raise TournamentError(
            "no_round_left", f"a round robin of {n} teams has no round {round_number}"
        )
    slots: list[int | None] = list(range(1, n + 1))
    if n % 2:
        slots.append(None)
    m = len(slots)
    moves = (round_number - 1) % (m - 1)
    # Moving every team of slots 2..m one slot on, `moves` times, is a rotation to the right.
    rest = slots[1:]
    slots = [slots[0], *rest[-moves:], *rest[:-moves]] if moves else slots
    pairs: list[tuple[int, int]] = []
    bye = None
    walkovers: list[int] = []
    for i in range(m // 2):
        one, other = slots[i], slots[m - 1 - i]
        if one is None or other is None:
            bye = other if one is None else one
        elif one in withdrawn or other in withdrawn:
            walkovers += [team for team in (one, other) if team not in withdrawn]
        else:
            pairs.append((one, other))
    # Round 1 seats the lower entry number North–South, whatever order is passed.
    return Pairing(
        tables=seat(pairs, teams if round_number > 1 else sorted(teams)),
        bye=bye if bye not in withdrawn else None,
        walkovers=tuple(walkovers),
    )


def kings_table(
    order: Sequence[int],
    last: Pairing | None,
    winners: Sequence[int] = (),
    withdrawn: Set[int] = frozenset(),
    late: Sequence[int] = (),
) -> Pairing:
    """The next round of King's table (winners move up), seated by `order` (round 1 by entry
    order).

    Round 1 (`last` None) seats the entry order: 1–2 at table 1, 3–4 at table 2, …, the last
    entrant sitting out when n is odd. After a round, `winners` naming each table's winner in
    table order, the winner at table k moves to k − 1 and the loser to k + 1; the top table's
    winner and the bottom table's loser stay. With n odd the team that sat out comes in at the
    bottom table and the bottom table's loser sits out. One table is both top and bottom: its
    winner stays, and its loser stays (two teams) or sits out (three).

    That movement lines the teams up top down: the top table's winner, then each next table's
    winner and the loser of the table above it, then the team that sat out, then the bottom
    table's loser; the line is seated two by two from table 1, and its last team sits out
    when the number is odd. The `late` teams (added since the last round, in entry order)
    queue with the team that sat out, so they come in at the bottom table as it does; the
    `withdrawn` teams leave the line, the teams below them moving up a place to close the gap.
    """
    teams = check_order(order)
    n = len(teams)
    if last is None:
        line = [team for team in range(1, n + 1) if team not in withdrawn]
    else:
        check_rounds(n, [last], withdrawn | set(late))
        if len(winners) != len(last.tables) or any(
            winner not in table.teams for winner, table in zip(winners, last.tables, strict=False)
        ):
            raise TournamentError("bad_winners", "one winner per table, a team of that table")
        losers = [
            table.east_west if winner == table.north_south else table.north_south
            for winner, table in zip(winners, last.tables, strict=True)
        ]
        bottom = len(last.tables) - 1
        waiting = [last.bye] if last.bye is not None else []
        line = [winners[0]]
        for k in range(1, bottom + 1):
            line += [winners[k], losers[k - 1]]
        line += [*waiting, *late, losers[bottom]]
        line = [team for team in line if team not in withdrawn]
    pairs = list(zip(line[0::2], line[1::2], strict=False))
    bye = line[-1] if len(line) % 2 else None
    return Pairing(tables=seat(pairs, teams if last is not None else range(1, n + 1)), bye=bye)
