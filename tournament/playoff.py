"""A playoff after the last round: the top 2, 4 or 8 of the final standings play single
elimination, a stage at a time, each game's winner going on (docs/rules.md#playoff).

Seed 1 is the top of the standings. The first stage's tables follow the printed bracket, so
that the 1 v 8 winner meets the 4 v 5 winner: 1 v 2 for two; 1 v 4, 2 v 3 for four; 1 v 8,
4 v 5, 3 v 6, 2 v 7 for eight. Each later stage pairs the winners of tables 1 and 2, then 3
and 4, and so on, in table order. The higher seed sits North–South, as the higher-placed team
does in a round.
"""

from __future__ import annotations

from collections.abc import Sequence, Set

from .rounds import Table, TournamentError, check_order, seat

# The seeds each first-stage table seats, in table order, by the playoff's size.
BRACKETS: dict[int, tuple[tuple[int, int], ...]] = {
    2: ((1, 2),),
    4: ((1, 4), (2, 3)),
    8: ((1, 8), (4, 5), (3, 6), (2, 7)),
}
PLAYOFF_SIZES = tuple(BRACKETS)


def bracket(size: int) -> tuple[Table, ...]:
    """The first stage's tables of a playoff of `size` (2, 4 or 8) as seed numbers, the higher
    seed North–South; `TournamentError` (`bad_playoff_size`) for any other size."""
    if size not in BRACKETS:
        raise TournamentError("bad_playoff_size", f"a playoff is of 2, 4 or 8 teams, not {size}")
    return tuple(Table(high, low) for high, low in BRACKETS[size])


def playoff_seeds(
    order: Sequence[int], size: int, withdrawn: Set[int] = frozenset()
) -> tuple[int, ...]:
    """The `size` teams of the playoff, seed 1 first: the top of the strict standings `order`,
    passing over the teams `withdrawn`. `TournamentError` for a size not 2, 4 or 8
    (`bad_playoff_size`) or larger than the teams left (`playoff_too_large`)."""
    bracket(size)
    left = [team for team in check_order(order) if team not in withdrawn]
    if size > len(left):
        raise TournamentError("playoff_too_large", f"{size} teams, {len(left)} left to play")
    return tuple(left[:size])


def first_stage(
    order: Sequence[int], size: int, withdrawn: Set[int] = frozenset()
) -> tuple[Table, ...]:
    """The playoff's first stage from the final standings `order` (see `playoff_seeds`): its
    tables in table order, teams as entry numbers, the higher seed North–South."""
    seeds = playoff_seeds(order, size, withdrawn)
    return tuple(
        Table(seeds[table.north_south - 1], seeds[table.east_west - 1]) for table in bracket(size)
    )


def next_stage(
    last: Sequence[Table], winners: Sequence[int], seeds: Sequence[int]
) -> tuple[Table, ...]:
    """The stage after `last` (its tables in table order) from each table's winner: the winners
    of tables 1 and 2 meet at table 1, of 3 and 4 at table 2, …, the higher of the playoff's
    `seeds` (seed 1 first) North–South. `TournamentError`: `no_stage_left` after the final,
    `bad_winners` unless each table has one of its teams as winner."""
    if len(last) < 2:
        raise TournamentError("no_stage_left", "the final was the playoff's last game")
    if len(winners) != len(last) or any(
        winner not in table.teams for table, winner in zip(last, winners, strict=False)
    ):
        raise TournamentError("bad_winners", f"not one winner of each table: {winners}")
    pairs = [(winners[index], winners[index + 1]) for index in range(0, len(winners), 2)]
    return seat(pairs, seeds)
