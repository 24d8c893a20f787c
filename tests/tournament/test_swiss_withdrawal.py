"""A Swiss around teams withdrawn between rounds, on examples checked by hand in comments; a
round robin refuses a withdrawal (King's table's: tests/tournament/test_late_and_withdrawn.py)."""

from __future__ import annotations

import pytest

from tournament import Format, Pairing, Table, TournamentError, next_round

# Round 1 of five teams: 1–2, 3–4, 5 on the bye.
FIRST = Pairing((Table(1, 2), Table(3, 4)), bye=5)


def test_four_teams_left_of_five_play_two_tables_and_none_sits_out():
    # Standings 1, 3, 5, 2, 4 without 3: 1 meets 5 (not met), 2 meets 4.
    second = next_round(Format.SWISS, (1, 3, 5, 2, 4), [FIRST], withdrawn={3})
    assert ([table.teams for table in second.tables], second.bye) == ([(1, 5), (2, 4)], None)


def test_a_team_withdrawn_is_never_paired_again_even_when_its_later_rounds_lack_it():
    second = Pairing((Table(1, 5), Table(2, 4)), bye=None)
    # 1 has met 2 and 5, so meets 4; 5 and 2 have not met.
    third = next_round(Format.SWISS, (1, 3, 5, 2, 4), [FIRST, second], withdrawn={3})
    assert ([table.teams for table in third.tables], third.bye) == ([(1, 4), (5, 2)], None)


def test_three_teams_left_of_four_give_one_the_bye():
    first = Pairing((Table(1, 2), Table(3, 4)))
    # Without 4: the lowest-placed of the byeless whose bye leaves no rematch is 3 (1–2 met).
    second = next_round(Format.SWISS, (1, 3, 2, 4), [first], withdrawn={4})
    assert ([table.teams for table in second.tables], second.bye) == ([(1, 3)], 2)


def test_a_round_robin_refuses_a_withdrawal():
    with pytest.raises(TournamentError) as refused:
        next_round(
            Format.ROUND_ROBIN, (1, 2, 3, 4), [Pairing((Table(1, 2), Table(3, 4)))], (1, 3), {4}
        )
    assert refused.value.code == "bad_withdrawal"


def test_a_round_missing_a_team_that_did_not_withdraw_is_refused():
    second = Pairing((Table(1, 5),), bye=None)
    with pytest.raises(TournamentError) as refused:
        next_round(Format.SWISS, (1, 2, 3, 4, 5), [FIRST, second], withdrawn={3})
    assert refused.value.code == "bad_round"
