"""Late teams and withdrawals in the pure core, on examples checked by hand in comments: the
late team's tie-break in the standings, a Swiss and King's table pairing a late team, King's
table closing the gap a withdrawn team leaves, and a round robin refusing a late team."""

from __future__ import annotations

import pytest

from tournament import (
    Format,
    GameResult,
    Pairing,
    Table,
    TournamentError,
    next_round,
    order_of,
    standings,
)

# Round 1 of four teams: 1–2 and 3–4, won by 1 and 3.
FIRST = Pairing((Table(1, 2), Table(3, 4)))
FIRST_GAMES = [GameResult(1, 2, (300, 100), winner=1), GameResult(3, 4, (300, 250), winner=3)]


def pairs(pairing: Pairing) -> tuple[list[tuple[int, int]], int | None]:
    """A pairing's tables as pairs, and its bye."""
    return [table.teams for table in pairing.tables], pairing.bye


def test_a_late_team_ranks_below_the_teams_with_as_many_wins_whatever_its_points():
    # Team 5 joined after round 1 and won its one game 400–0: one win like 1 (+200) and
    # 3 (+50), a better difference, yet third; with no late team it would be first.
    games = [*FIRST_GAMES, GameResult(5, 4, (400, 0), winner=5)]
    late = standings(5, games, [], Format.SWISS, joined={5: 1})
    assert order_of(late) == (1, 3, 5, 2, 4)
    assert [row.place for row in late] == [1, 2, 3, 4, 5]
    assert order_of(standings(5, games, [], Format.SWISS)) == (5, 1, 3, 2, 4)


def test_a_late_team_with_more_wins_still_ranks_above_the_teams_with_fewer():
    games = [*FIRST_GAMES, GameResult(5, 2, (200, 100), winner=5)]
    # 5 (one win) is above 4 (none, −50) and 2 (none, −300), below 1 and 3 (one win each,
    # entered first).
    assert order_of(standings(5, games, [], Format.SWISS, joined={5: 1})) == (1, 3, 5, 4, 2)


def test_with_no_late_team_the_standings_are_the_same_as_before():
    assert standings(4, FIRST_GAMES, [], Format.SWISS, joined={}) == standings(
        4, FIRST_GAMES, [], Format.SWISS
    )


def test_a_late_team_in_round_3_of_a_swiss_plays_at_once_and_another_team_sits_out():
    second = Pairing((Table(1, 3), Table(2, 4)))
    # Standings 1, 3, 2, 4, then 5 (no results). Every team but 5 has had no bye, 5 missed two
    # rounds: the bye goes to 4, the lowest of the rest; 1 has met 2 and 3, so meets 5.
    third = next_round(Format.SWISS, (1, 3, 2, 4, 5), [FIRST, second], joined={5: 2})
    assert pairs(third) == ([(1, 5), (3, 2)], 4)


def test_a_round_missing_a_team_that_joined_later_is_accepted_but_not_one_before():
    with pytest.raises(TournamentError) as refused:
        # 5 came before round 1 (joined after 0 rounds): round 1 should have seated it.
        next_round(Format.SWISS, (1, 3, 2, 4, 5), [FIRST], joined={5: 0})
    assert refused.value.code == "bad_round"


def test_a_late_team_in_kings_table_comes_in_at_the_bottom_table_and_its_loser_sits_out():
    # Winners 1 and 3: the line is 1, 3 (table 2's winner up), 2 (table 1's loser down), then
    # the late 5, then 4 (the bottom loser): 1–3, 2–5, and 4 sits out.
    second = next_round(Format.KINGS_TABLE, (1, 3, 2, 4, 5), [FIRST], (1, 3), joined={5: 1})
    assert pairs(second) == ([(1, 3), (2, 5)], 4)


def test_a_late_team_in_kings_table_beside_the_team_that_sat_out_makes_a_new_bottom_table():
    first = Pairing((Table(1, 2), Table(3, 4)), bye=5)
    # The line: 1, 3, 2, then 5 (sat out), 6 (late), 4 (bottom loser): three tables, 4 placed
    # above 6 sitting North–South.
    second = next_round(Format.KINGS_TABLE, (1, 3, 2, 4, 5, 6), [first], (1, 3), joined={6: 1})
    assert pairs(second) == ([(1, 3), (2, 5), (4, 6)], None)


def test_kings_table_closes_the_gap_a_withdrawn_team_leaves_by_moving_the_teams_below_up():
    first = Pairing((Table(1, 2), Table(3, 4), Table(5, 6)))
    # The line 1, 3, 2, 5, 4, 6 without 3: 1–2, 5–4, and 6, last, sits out.
    second = next_round(Format.KINGS_TABLE, (1, 3, 5, 2, 4, 6), [first], (1, 3, 5), {3})
    assert pairs(second) == ([(1, 2), (5, 4)], 6)


def test_kings_table_without_late_or_withdrawn_teams_moves_as_before():
    first = Pairing((Table(1, 2), Table(3, 4)), bye=5)
    # docs/rules.md#kings-table: the team that sat out comes in at the bottom table, its loser
    # sits out.
    assert pairs(next_round(Format.KINGS_TABLE, (1, 3, 2, 4, 5), [first], (1, 3))) == (
        [(1, 3), (2, 5)],
        4,
    )


def test_a_round_robin_refuses_a_late_team():
    with pytest.raises(TournamentError) as refused:
        next_round(Format.ROUND_ROBIN, (1, 2, 3, 4, 5), [FIRST], joined={5: 1})
    assert refused.value.code == "bad_late"
