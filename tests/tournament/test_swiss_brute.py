"""The Swiss pairing against a brute force that follows the Monrad rule of
docs/rules.md#swiss-monrad word by word.

The brute force enumerates every pairing of the teams (every perfect matching, after each
possible bye), so it knows the fewest rematches any pairing can have, and then makes the rule's
choices in the rule's order: the bye, then each pair from the top. It shares no code with
tournament/swiss.py, which gets there through one weighted matching.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from tournament import Pairing, Table, swiss

Pair = frozenset[int]


def every_pairing(teams: tuple[int, ...]) -> Iterator[list[tuple[int, int]]]:
    """Every way to split an even number of teams into pairs (the first team with each other
    team in turn, then every pairing of the rest)."""
    if not teams:
        yield []
        return
    first, rest = teams[0], teams[1:]
    for k, other in enumerate(rest):
        for pairs in every_pairing(rest[:k] + rest[k + 1 :]):
            yield [(first, other), *pairs]


def fewest_rematches(teams: tuple[int, ...], met: frozenset[Pair]) -> int:
    """The fewest rematches of any pairing of these teams, by trying every pairing."""
    return _fewest(tuple(sorted(teams)), met)


@cache
def _fewest(teams: tuple[int, ...], met: frozenset[Pair]) -> int:
    """`fewest_rematches` for a sorted tuple, remembered between calls."""
    return min(sum(frozenset(pair) in met for pair in pairs) for pairs in every_pairing(teams))


def without(teams: tuple[int, ...], *gone: int) -> tuple[int, ...]:
    """The teams, in their order, less the ones named."""
    return tuple(team for team in teams if team not in gone)


def literal_swiss(order: tuple[int, ...], rounds: list[Pairing]) -> Pairing:
    """The Swiss rule of docs/rules.md#swiss-monrad as written, by exhaustive search."""
    if not rounds:
        order = tuple(sorted(order))  # round 1 pairs by entry order
    met = frozenset(frozenset(table.teams) for r in rounds for table in r.tables)
    byes = {team: sum(r.bye == team for r in rounds) for team in order}
    unpaired, bye = order, None
    if len(order) % 2:
        # The bye: among the teams with the fewest byes, the lowest-placed one whose bye lets
        # the rest be paired with the fewest rematches.
        fewest_byes = min(byes.values())
        may = [team for team in order if byes[team] == fewest_byes]
        cost = {team: fewest_rematches(without(order, team), met) for team in may}
        bye = [team for team in may if cost[team] == min(cost.values())][-1]
        unpaired = without(order, bye)
    tables = []
    if fewest_rematches(unpaired, met) == 0:
        # Top down: the highest-placed unpaired team meets the highest-placed unpaired team it
        # has not met such that the rest can still all be paired without a rematch.
        while unpaired:
            top = unpaired[0]
            other = next(
                team
                for team in unpaired[1:]
                if frozenset((top, team)) not in met
                and fewest_rematches(without(unpaired, top, team), met) == 0
            )
            tables.append(Table(top, other))
            unpaired = without(unpaired, top, other)
    else:
        # Each team in turn from the top takes the highest-placed opponent that keeps the
        # number of rematches at its fewest.
        left = fewest_rematches(unpaired, met)
        while unpaired:
            top = unpaired[0]
            for other in unpaired[1:]:
                rematch = int(frozenset((top, other)) in met)
                if rematch + fewest_rematches(without(unpaired, top, other), met) == left:
                    break
            tables.append(Table(top, other))
            unpaired = without(unpaired, top, other)
            left -= rematch
    return Pairing(tables=tuple(tables), bye=bye)


@st.composite
def fields(draw) -> tuple[tuple[int, ...], list[Pairing]]:
    """A field of 2 to 9 teams with a standings order and 0 to 5 rounds already played, each
    a random split into pairs with the bye (odd fields) to a random team, so rematches and
    uneven byes come up often."""
    n = draw(st.integers(2, 9))
    teams = list(range(1, n + 1))
    rounds = []
    for _ in range(draw(st.integers(0, 5))):
        seated = draw(st.permutations(teams))
        bye = seated.pop() if n % 2 else None
        tables = tuple(Table(seated[k], seated[k + 1]) for k in range(0, len(seated), 2))
        rounds.append(Pairing(tables=tables, bye=bye))
    return tuple(draw(st.permutations(teams))), rounds


@settings(max_examples=400)
@given(fields())
def test_the_swiss_pairing_is_the_one_the_literal_rule_finds_by_brute_force(field):
    """For any field of up to nine teams, any standings order and any history of rounds, the
    Swiss pairing (tables in order, seats and bye) equals the one that rule picks when
    applied literally with every possible pairing enumerated."""
    order, rounds = field
    assert swiss(order, rounds) == literal_swiss(order, rounds)


def test_the_brute_force_counts_rematches_and_sees_a_forced_one():
    # Guards the property above against a brute force that finds nothing to avoid: 1–2 and 3–4
    # met and then 1–3 and 2–4 met leave only 1–4 and 2–3; a third round of 1–4, 2–3 on top
    # forces a rematch.
    rounds = [
        Pairing(tables=(Table(1, 2), Table(3, 4))),
        Pairing(tables=(Table(1, 3), Table(2, 4))),
        Pairing(tables=(Table(1, 4), Table(2, 3))),
    ]
    met = frozenset(frozenset(t.teams) for r in rounds for t in r.tables)
    assert fewest_rematches((1, 2, 3, 4), met) == 2
    assert fewest_rematches((1, 2, 3, 4), frozenset(met - {frozenset((1, 4))})) == 1
    assert len(list(every_pairing((1, 2, 3, 4, 5, 6)))) == 15
