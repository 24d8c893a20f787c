"""King's table (winners move up), as docs/rules.md#kings-table sets it out."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament import Format, Pairing, Table, TournamentError, kings_table, next_round


def entry(teams: int) -> tuple[int, ...]:
    """The entry order of `teams` teams, which also serves as the standings for seating."""
    return tuple(range(1, teams + 1))


def pairs_of(pairing: Pairing) -> list[set[int]]:
    """Who plays at each table, in table order, seats aside."""
    return [set(table.teams) for table in pairing.tables]


def test_round_one_seats_eight_teams_two_by_two_in_entry_order():
    first = kings_table(entry(8), None)
    assert [t.teams for t in first.tables] == [(1, 2), (3, 4), (5, 6), (7, 8)]
    assert first.bye is None


def test_eight_teams_move_winners_up_a_table_and_losers_down_one():
    # Round 1: 1–2, 3–4, 5–6, 7–8; winners 2, 3, 6, 8 (losers 1, 4, 5, 7). Table 1 keeps its
    # winner 2 and gets table 2's winner 3; table 2 gets table 1's loser 1 and table 3's winner
    # 6; table 3 gets 4 (loser at 2) and 8 (winner at 4); table 4 keeps its loser 7 and gets 5.
    first = kings_table(entry(8), None)
    second = kings_table(entry(8), first, [2, 3, 6, 8])
    assert pairs_of(second) == [{2, 3}, {1, 6}, {4, 8}, {5, 7}]
    assert second.bye is None


def test_with_seven_teams_the_one_sitting_out_comes_in_at_the_bottom_and_its_loser_sits_out():
    # Round 1: 1–2, 3–4, 5–6, 7 sits out; winners 1, 4, 6. Table 1: 1 and 4; table 2: 2 (loser
    # at 1) and 6; table 3 (the bottom): 3 (loser at 2) and 7 coming in; 5, the bottom loser,
    # sits out.
    first = kings_table(entry(7), None)
    assert (pairs_of(first), first.bye) == ([{1, 2}, {3, 4}, {5, 6}], 7)
    second = kings_table(entry(7), first, [1, 4, 6])
    assert (pairs_of(second), second.bye) == ([{1, 4}, {2, 6}, {3, 7}], 5)


def test_with_five_teams_the_second_table_is_the_bottom():
    first = kings_table(entry(5), None)
    second = kings_table(entry(5), first, [2, 3])
    assert (pairs_of(second), second.bye) == ([{2, 3}, {1, 5}], 4)


def test_two_teams_keep_meeting_at_their_one_table():
    first = kings_table(entry(2), None)
    assert pairs_of(kings_table(entry(2), first, [2])) == [{1, 2}]


def test_with_three_teams_the_one_table_keeps_its_winner_and_its_loser_sits_out():
    first = kings_table(entry(3), None)
    assert (pairs_of(first), first.bye) == ([{1, 2}], 3)
    second = kings_table(entry(3), first, [2])
    assert (pairs_of(second), second.bye) == ([{2, 3}], 1)


def test_round_one_seats_the_lower_entry_number_north_south_whatever_order_is_passed():
    first = kings_table((4, 3, 2, 1), None)
    assert [t.teams for t in first.tables] == [(1, 2), (3, 4)]


def test_the_higher_placed_team_in_the_standings_sits_north_south():
    first = kings_table(entry(4), None)
    second = kings_table((4, 3, 2, 1), first, [2, 3])
    assert [t.teams for t in second.tables] == [(3, 2), (4, 1)]


def test_next_round_passes_the_last_round_and_its_winners():
    first = next_round(Format.KINGS_TABLE, entry(6), [])
    second = next_round(Format.KINGS_TABLE, entry(6), [first], [1, 3, 5])
    assert second == kings_table(entry(6), first, [1, 3, 5])


@pytest.mark.parametrize("winners", [[1, 3], [1, 3, 6, 7], [1, 5, 6], [2, 2, 5]])
def test_winners_that_are_not_one_per_table_from_that_table_are_refused(winners):
    first = kings_table(entry(6), None)
    with pytest.raises(TournamentError) as raised:
        kings_table(entry(6), first, winners)
    assert raised.value.code == "bad_winners"


def test_a_last_round_that_does_not_seat_every_team_once_is_refused():
    broken = Pairing(tables=(Table(1, 2), Table(1, 3)))
    with pytest.raises(TournamentError) as raised:
        kings_table(entry(4), broken, [1, 1])
    assert raised.value.code == "bad_round"


@st.composite
def rounds_played(draw) -> tuple[int, Pairing, list[int]]:
    """A field of 2 to 12 teams, a King's table round reached after a few random rounds, and
    random winners for it."""
    teams = draw(st.integers(2, 12))
    pairing = kings_table(entry(teams), None)
    for _ in range(draw(st.integers(0, 4))):
        winners = [draw(st.sampled_from(table.teams)) for table in pairing.tables]
        pairing = kings_table(entry(teams), pairing, winners)
    return teams, pairing, [draw(st.sampled_from(table.teams)) for table in pairing.tables]


@given(rounds_played())
def test_each_winner_moves_up_one_table_and_each_loser_down_one_within_the_tables(played):
    """For any field and any results, a winner at table k plays next at k − 1 (table 1's at
    1), a loser at k + 1, the bottom table's loser stays (even fields) or sits out (odd ones)
    and the team that sat out plays at the bottom table."""
    teams, last, winners = played
    following = kings_table(entry(teams), last, winners)
    bottom = len(last.tables)
    for number, (table, winner) in enumerate(zip(last.tables, winners, strict=True), start=1):
        loser = table.east_west if winner == table.north_south else table.north_south
        assert following.table_of(winner) == max(number - 1, 1)
        if number < bottom:
            assert following.table_of(loser) == number + 1
        elif teams % 2:
            assert following.bye == loser
        else:
            assert following.table_of(loser) == bottom
    if last.bye is not None:
        assert following.table_of(last.bye) == bottom
