"""Swiss pairing by the Monrad rule of docs/rules.md#swiss-monrad, choice by choice as the
rule says.

The rule, for a round after the first with the teams in standings order: the bye (odd
fields) goes to the lowest-placed of the teams with the fewest byes so far whose bye lets the
rest be paired with the fewest rematches; then, top down, each unpaired team meets the
highest-placed unpaired team that keeps the rematches of the whole round at their fewest (none,
when a pairing without rematches exists). Round 1 is the same rule on the entry order with no
history, which gives 1–2, 3–4, … and the bye to the last entrant.

`swiss` makes those choices in that order; the one question behind each choice is "can these
teams all be paired with at most k rematches?". Every pair of teams may meet (a rematch at
worst), so they can exactly when the graph of the pairs that have not met has a matching that
leaves at most 2k teams out: networkx's exact `max_weight_matching` (every edge weighing 1,
so the heaviest matching is the largest) answers it, and its "no" is the only "no" taken.
A "yes" needs only one pairing within k, and cheaper ones are tried first: the pairing kept
from the choice before, mended where the new pair broke it (the two partners left alone meet,
or re-pair along a path of new meetings), then a greedy pairing from the top. Each choice
leaves a pairing of the rest within its fewest for the next choice to mend.
tests/tournament/test_swiss_brute.py compares the result with a brute force of the rule over
every pairing on small fields.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence, Set

import networkx as nx

from .rounds import (
    NO_LATE_TEAMS,
    Pairing,
    byes_had,
    check_order,
    check_rounds,
    opponents,
    seat,
)

Met = dict[int, set[int]]  # each team's opponents so far
Mates = dict[int, int]  # a pairing: each team's partner
BYE = 0  # the bye's vertex in a matching graph: no team has entry number 0


def _new_pairs(teams: Sequence[int], met: Met) -> nx.Graph:
    """The graph of the pairs of these teams that have not met yet."""
    graph = nx.Graph()
    graph.add_nodes_from(teams)
    graph.add_edges_from(
        (one, other)
        for k, one in enumerate(teams)
        for other in teams[k + 1 :]
        if other not in met[one]
    )
    return graph


def _largest_matching(graph: nx.Graph) -> Mates:
    """A largest matching of a graph (exact, by networkx), as each matched vertex's mate."""
    mates: Mates = {}
    for one, other in nx.max_weight_matching(graph):
        mates[one], mates[other] = other, one
    return mates


def _rematches(mates: Mates, met: Met) -> int:
    """How many of a pairing's pairs are rematches."""
    return sum(b in met[a] for a, b in mates.items() if a < b)


def _greedy(teams: Sequence[int], met: Met) -> Mates:
    """One quick pairing of an even number of teams: from the top, each takes the
    highest-placed team left that it has not met, or the highest-placed one if it has met them
    all."""
    left = list(teams)
    mates: Mates = {}
    while left:
        top = left.pop(0)
        new = next((k for k, team in enumerate(left) if team not in met[top]), 0)
        other = left.pop(new)
        mates[top], mates[other] = other, top
    return mates


def _exact(teams: Sequence[int], met: Met) -> Mates:
    """A pairing of an even number of teams with the fewest rematches: a largest matching of
    the pairs not met, the teams it leaves (who have all met each other) paired in order."""
    mates = _largest_matching(_new_pairs(teams, met))
    left = [team for team in teams if team not in mates]
    for one, other in zip(left[::2], left[1::2], strict=True):
        mates[one], mates[other] = other, one
    return mates


def _mended(mates: Mates, top: int, other: int, met: Met) -> Mates:
    """The pairing `mates` of every unpaired team made into a pairing of the rest once `top`
    meets `other`: their partners, left alone, meet each other directly, or else, when a path
    of new meetings joins them (partner — new — pair — new — … — partner), along that path
    (found breadth first, without the odd cycles an exact search would need)."""
    rest = {team: mate for team, mate in mates.items() if team not in (top, other)}
    if mates[top] == other:
        return rest
    start, end = mates[top], mates[other]
    del rest[start], rest[end]
    reached_by: dict[int, int] = {}  # a team entered through a new meeting: who met it
    seen = {start}
    queue = deque([start])
    while queue and end not in reached_by:
        team = queue.popleft()
        for rival in [end, *rest]:
            if rival not in seen and rival not in met[team]:
                seen.add(rival)
                reached_by[rival] = team
                if rival == end:
                    break
                seen.add(rest[rival])
                queue.append(rest[rival])
    if end not in reached_by:
        rest[start], rest[end] = end, start
        return rest
    rival = end
    while True:
        team = reached_by[rival]
        partner = rest.get(team)
        rest[team], rest[rival] = rival, team
        if partner is None:  # `start`, the path's first team, had no partner left
            return rest
        rival = partner


def _pairing_within(teams: Sequence[int], met: Met, allowed: int, *tries: Mates) -> Mates | None:
    """A pairing of an even number of teams with at most `allowed` rematches, or None when
    there is none: the pairings given are tried first, then the greedy one, then the exact."""
    if allowed < 0:
        return None
    for mates in tries:
        if _rematches(mates, met) <= allowed:
            return mates
    for pairing in (_greedy, _exact):
        mates = pairing(teams, met)
        if _rematches(mates, met) <= allowed:
            return mates
    return None


def _without(teams: Sequence[int], team: int) -> list[int]:
    """The teams, in their order, less one."""
    return [other for other in teams if other != team]


def swiss(
    order: Sequence[int],
    rounds: Sequence[Pairing],
    withdrawn: Set[int] = frozenset(),
    joined: Mapping[int, int] = NO_LATE_TEAMS,
) -> Pairing:
    """The next Swiss round: `order` is the standings before it (a strict order of the entry
    numbers 1..n, best first), `rounds` the rounds already paired (forfeits included), and
    `withdrawn` the teams that left between rounds: they are paired no more, the others as if
    the field had been theirs alone (so an even number left means no bye). A late team,
    `joined` after some rounds (entry number: the rounds played when it came), is paired as
    any other from its place in `order`, with no opponents so far; for the bye it counts the
    rounds it missed as byes had, so it plays the round it joins.

    Tables come in the order their pairs are formed, top down; the higher-placed team of each
    sits North–South. With no rounds yet the entry order stands in for the standings, as
    docs/rules.md#swiss-monrad says: 1–2, 3–4, …, the last entrant on the bye.
    """
    everyone = check_order(order)
    check_rounds(len(everyone), rounds, withdrawn, joined)
    teams = tuple(team for team in everyone if team not in withdrawn)
    if not rounds:
        teams = tuple(sorted(teams))
    met = opponents(len(everyone), rounds)
    if len(teams) % 2:
        byes = byes_had(len(everyone), rounds)
        for team, after in joined.items():
            # The rounds a late team missed it sat out already: it has the bye last, so it
            # plays the round it joins.
            byes[team] += after
        fewest = min(byes.values())
        may = [team for team in teams if byes[team] == fewest]
        # The fewest rematches over every bye at once: the bye is one more vertex, joined to
        # the teams that may have it (a largest matching can always give it one of them).
        graph = _new_pairs(teams, met)
        graph.add_edges_from((BYE, team) for team in may)
        allowed = (len(teams) + 1) // 2 - len(_largest_matching(graph)) // 2
        for bye in reversed(may):
            unpaired = _without(teams, bye)
            found = _pairing_within(unpaired, met, allowed)
            if found is not None:
                mates = found
                break
    else:
        bye, unpaired = None, list(teams)
        mates = _exact(unpaired, met)
        allowed = _rematches(mates, met)
    pairs = []
    while unpaired:
        # `mates` pairs the unpaired teams with `allowed` rematches, the fewest there are.
        top = unpaired.pop(0)
        for k, other in enumerate(unpaired):
            rest = unpaired[:k] + unpaired[k + 1 :]
            within = allowed - (other in met[top])
            found = _pairing_within(rest, met, within, _mended(mates, top, other, met))
            if found is not None:
                pairs.append((top, unpaired.pop(k)))
                mates, allowed = found, within
                break
    return Pairing(tables=seat(pairs, teams), bye=bye)
