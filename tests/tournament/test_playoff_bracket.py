"""The playoff bracket (`tournament.first_stage`, `next_stage`): the top 2, 4 or 8 of the
final standings seated 1 v 8, 4 v 5, 3 v 6, 2 v 7, the winners paired table 1 with table 2 and
so on, the higher seed North–South; withdrawn teams passed over; bad sizes refused by code."""

from __future__ import annotations

import pytest

from tournament import (
    PLAYOFF_SIZES,
    Table,
    TournamentError,
    bracket,
    first_stage,
    next_stage,
    playoff_seeds,
)

# Nine teams' final standings, best first: team 9 on top, team 1 last.
NINE = (9, 8, 7, 6, 5, 4, 3, 2, 1)


def test_the_playoff_sizes_are_two_four_and_eight_and_seed_one_meets_the_lowest_seed():
    assert PLAYOFF_SIZES == (2, 4, 8)
    assert [table.teams for table in bracket(2)] == [(1, 2)]
    assert [table.teams for table in bracket(4)] == [(1, 4), (2, 3)]
    assert [table.teams for table in bracket(8)] == [(1, 8), (4, 5), (3, 6), (2, 7)]


def test_a_playoff_of_four_from_nine_seats_the_top_four_one_against_four_and_two_against_three():
    assert playoff_seeds(NINE, 4) == (9, 8, 7, 6)
    assert first_stage(NINE, 4) == (Table(9, 6), Table(8, 7))


def test_withdrawn_teams_are_passed_over_for_the_next_in_the_standings():
    assert playoff_seeds(NINE, 4, withdrawn={8}) == (9, 7, 6, 5)
    assert first_stage(NINE, 4, withdrawn={8}) == (Table(9, 5), Table(7, 6))


def test_eight_play_quarter_finals_whose_winners_meet_one_four_and_two_three_then_a_final():
    seeds = playoff_seeds(NINE, 8)
    quarters = first_stage(NINE, 8)
    assert quarters == (Table(9, 2), Table(6, 5), Table(7, 4), Table(8, 3))
    # Every higher seed wins but seed 5 (team 5), who beats seed 4 (team 6) and then sits
    # East–West against seed 1 (team 9), and seed 2 (team 8) stays North–South though East–West
    # at its quarter-final's table 4.
    semis = next_stage(quarters, [9, 5, 7, 8], seeds)
    assert semis == (Table(9, 5), Table(8, 7))
    assert next_stage(semis, [5, 7], seeds) == (Table(7, 5),)


def test_after_the_final_there_is_no_stage_left():
    with pytest.raises(TournamentError) as refused:
        next_stage((Table(1, 2),), [1], (1, 2))
    assert refused.value.code == "no_stage_left"


def test_a_winner_not_at_its_table_or_a_table_without_a_winner_is_refused():
    for winners in ([1, 1], [1], [4, 1]):
        with pytest.raises(TournamentError) as refused:
            next_stage((Table(1, 4), Table(2, 3)), winners, (1, 2, 3, 4))
        assert refused.value.code == "bad_winners"


@pytest.mark.parametrize("size", [0, 1, 3, 6, 16])
def test_a_playoff_of_a_size_not_two_four_or_eight_is_refused(size):
    with pytest.raises(TournamentError) as refused:
        first_stage(NINE, size)
    assert refused.value.code == "bad_playoff_size"


def test_a_playoff_larger_than_the_teams_left_is_refused():
    with pytest.raises(TournamentError) as refused:
        first_stage((1, 2, 3), 4)
    assert refused.value.code == "playoff_too_large"
    with pytest.raises(TournamentError) as refused:
        first_stage((4, 3, 2, 1), 4, withdrawn={2})
    assert refused.value.code == "playoff_too_large"
