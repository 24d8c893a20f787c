"""A Swiss around teams withdrawn between rounds, on examples checked by hand in comments; a
round robin refuses a withdrawal (King's table's: tests/tournament/test_late_and_withdrawn.py)."""

from __future__ import annotations

import pytest

from tournament import Format, Pairing, Table, TournamentError, next_round, round_robin

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


def test_a_round_robin_keeps_its_schedule_and_gives_a_withdrawn_teams_opponent_a_bye():
    """Six teams, team 5 withdrawn after round 1: round 2 of the schedule is 1–5, 6–4, 2–3, so
    team 1 sits out with a bye (a walkover) and the two games left are tables 1 and 2."""
    first = next_round(Format.ROUND_ROBIN, (1, 2, 3, 4, 5, 6), [])
    second = next_round(Format.ROUND_ROBIN, (1, 2, 3, 4, 6, 5), [first], withdrawn={5})
    assert [table.teams for table in second.tables] == [(4, 6), (2, 3)]
    assert (second.bye, second.walkovers, second.byes) == (None, (1,), (1,))


def test_a_round_robin_of_five_keeps_the_schedules_bye_beside_a_walkover():
    """Five teams (slots 1..5 and an empty sixth), team 2 withdrawn after round 1: round 2 of
    the schedule is 1–5, 2–3 and 4 on the bye, so team 4 keeps the bye, team 3 has a walkover,
    and one table is played."""
    first = next_round(Format.ROUND_ROBIN, (1, 2, 3, 4, 5), [])
    second = next_round(Format.ROUND_ROBIN, (1, 3, 4, 5, 2), [first], withdrawn={2})
    assert [table.teams for table in second.tables] == [(1, 5)]
    assert (second.bye, second.walkovers) == (4, (3,))


def test_a_withdrawn_team_due_the_schedules_bye_leaves_no_bye():
    """Five teams, team 2 withdrawn: round 3 of the schedule is 1–4, 3–5 and 2 on the bye, so
    both games are played and no team sits out."""
    rounds = [round_robin((1, 2, 3, 4, 5), number) for number in (1, 2)]
    third = next_round(Format.ROUND_ROBIN, (1, 2, 3, 4, 5), rounds, withdrawn={2})
    assert [table.teams for table in third.tables] == [(1, 4), (3, 5)]
    assert third.byes == ()


def test_a_round_missing_a_team_that_did_not_withdraw_is_refused():
    second = Pairing((Table(1, 5),), bye=None)
    with pytest.raises(TournamentError) as refused:
        next_round(Format.SWISS, (1, 2, 3, 4, 5), [FIRST, second], withdrawn={3})
    assert refused.value.code == "bad_round"
