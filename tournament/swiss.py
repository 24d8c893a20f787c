"""Swiss pairing by RULES.md's Monrad rule, as one maximum-weight perfect matching.

The rule, for a round after the first with the teams in standings order: the bye (odd
fields) goes to the lowest-placed of the teams with the fewest byes so far whose bye lets the
rest be paired with the fewest rematches; then, top down, each unpaired team meets the
highest-placed unpaired team that keeps the rematches of the whole round at their fewest (none,
when a pairing without rematches exists). Round 1 is the same rule on the entry order with no
history, which gives 1–2, 3–4, … and the bye to the last entrant.

Read as a choice among perfect matchings (the bye as one more vertex, joined to the teams that
may have it), the rule picks the matching whose key (rematches, the bye's place counted from
the bottom, the sequence of partners' places read top down) is smallest, compared in that
order. `_weights` turns that key into edge weights whose sum orders matchings the same way,
so networkx's exact integer `max_weight_matching` finds the rule's pairing in one call:

* positions 0..n−1 in standings order, `P = n² + 1`, `D = Pⁿ`, `R = (n + 1)·D`;
* a pair at positions i < j weighs `R` if the two have not met (0 if it is a rematch) plus
  `P^(n−1−i) · (n − j)`;
* the bye vertex joined to position i weighs `D · (i + 1)`.

Why the sum orders matchings like the key: the place part of all the pairs together is below
`n/2 · n · P^(n−1) < D`, the bye part below `(n + 1)·D = R`; so one rematch fewer outweighs any
bye and places, and a lower-placed bye outweighs any places. Among matchings with the same bye
and rematches, let t be the highest-placed team whose partner differs (all teams above it are
paired alike): the better partner adds at least `P^(n−1−t)` to t's pair, while every other
pair that differs has its higher team below t and weighs at most `(n − 1)·P^(n−2−t)`, fewer than
n/2 of them, so under `P^(n−1−t)` in all. tests/tournament/test_swiss_brute.py checks the
result against a literal brute force of the rule on small fields.
"""

from __future__ import annotations

from collections.abc import Sequence

import networkx as nx

from .rounds import Pairing, byes_had, check_order, check_rounds, met, seat


def _weights(
    order: tuple[int, ...], seen: frozenset[frozenset[int]], bye_allowed: set[int]
) -> nx.Graph:
    """The graph whose maximum-weight perfect matching is the Monrad pairing (module
    docstring): vertices are standings positions, and `len(order)` is the bye's vertex."""
    n = len(order)
    base = n * n + 1
    bottom = base**n
    fresh = (n + 1) * bottom
    graph = nx.Graph()
    for i in range(n):
        for j in range(i + 1, n):
            rematch = frozenset((order[i], order[j])) in seen
            weight = (0 if rematch else fresh) + base ** (n - 1 - i) * (n - j)
            graph.add_edge(i, j, weight=weight)
    if n % 2:
        for i, team in enumerate(order):
            if team in bye_allowed:
                graph.add_edge(n, i, weight=bottom * (i + 1))
    return graph


def swiss(order: Sequence[int], rounds: Sequence[Pairing]) -> Pairing:
    """The next Swiss round: `order` is the standings before it (a strict order of the entry
    numbers 1..n, best first), `rounds` the rounds already paired (forfeits included).

    Tables come in the order their pairs are formed, top down; the higher-placed team of each
    sits North–South. With no rounds yet the entry order stands in for the standings, as
    RULES.md says: 1–2, 3–4, …, the last entrant on the bye.
    """
    teams = check_order(order)
    check_rounds(len(teams), rounds)
    if not rounds:
        teams = tuple(sorted(teams))
    n = len(teams)
    byes = byes_had(n, rounds)
    fewest = min(byes.values())
    bye_allowed = {team for team, count in byes.items() if count == fewest}
    graph = _weights(teams, met(rounds), bye_allowed)
    mate: dict[int, int] = {}
    for u, v in nx.max_weight_matching(graph, maxcardinality=True):
        mate[u], mate[v] = v, u
    bye = teams[mate[n]] if n % 2 else None
    pairs = []
    for i in range(n):
        j = mate[i]
        if i < j < n:
            pairs.append((teams[i], teams[j]))
    return Pairing(tables=seat(pairs, teams), bye=bye)
