"""Round robin by the circle method, as docs/rules.md#round-robin sets it out."""

from __future__ import annotations

from itertools import combinations

import pytest

from tournament import Format, Pairing, TournamentError, next_round, round_robin, round_robin_rounds


def pairs_of(pairing: Pairing) -> list[tuple[int, int]]:
    """The round's tables as (North–South, East–West) in table order."""
    return [table.teams for table in pairing.tables]


def whole(teams: int) -> list[Pairing]:
    """Every round of a round robin of `teams` teams, seated by entry order."""
    order = tuple(range(1, teams + 1))
    return [round_robin(order, number) for number in range(1, round_robin_rounds(teams) + 1)]


def test_six_teams_play_rounds_one_and_two_as_the_rules_example_says():
    # docs/rules.md#round-robin: round 1 is 1–6, 2–5, 3–4; round 2 is 1–5, 6–4, 2–3 (tables in
    # that order).
    rounds = whole(6)
    assert pairs_of(rounds[0]) == [(1, 6), (2, 5), (3, 4)]
    assert [set(pair) for pair in pairs_of(rounds[1])] == [{1, 5}, {6, 4}, {2, 3}]
    assert rounds[0].bye is None and rounds[1].bye is None


@pytest.mark.parametrize("teams", range(2, 11))
def test_every_pair_meets_exactly_once_over_the_whole_round_robin(teams):
    rounds = whole(teams)
    assert len(rounds) == (teams - 1 if teams % 2 == 0 else teams)
    meetings = [frozenset(pair) for pairing in rounds for pair in pairs_of(pairing)]
    assert sorted(meetings, key=sorted) == sorted(
        (frozenset(pair) for pair in combinations(range(1, teams + 1), 2)), key=sorted
    )


@pytest.mark.parametrize("teams", [3, 5, 7, 9])
def test_with_an_odd_number_of_teams_each_team_has_exactly_one_bye(teams):
    byes = [pairing.bye for pairing in whole(teams)]
    assert sorted(byes) == list(range(1, teams + 1))


@pytest.mark.parametrize("teams", range(2, 11))
def test_every_round_seats_every_team_once_at_tables_numbered_without_gaps(teams):
    for pairing in whole(teams):
        seated = [team for pair in pairs_of(pairing) for team in pair]
        seated += [pairing.bye] if pairing.bye is not None else []
        assert sorted(seated) == list(range(1, teams + 1))
        assert len(pairing.tables) == teams // 2


def test_five_teams_give_the_bye_to_the_team_facing_the_empty_slot():
    # Slots 1..6 with slot 6 empty: round 1 is 1–(empty), 2–5, 3–4, so team 1 sits out; in
    # round 2 the slots hold 1, empty, 2, 3, 4, 5: 1–5, (empty)–4, 2–3, so team 4 sits out.
    first, second = whole(5)[:2]
    assert (pairs_of(first), first.bye) == ([(2, 5), (3, 4)], 1)
    assert ([set(p) for p in pairs_of(second)], second.bye) == ([{1, 5}, {2, 3}], 4)


def test_the_higher_placed_team_in_the_standings_sits_north_south():
    # Team 6 leads and team 1 is last: in round 2 (1–5, 6–4, 2–3) the leader of each pair
    # takes North–South.
    pairing = round_robin((6, 5, 4, 3, 2, 1), 2)
    assert pairs_of(pairing) == [(5, 1), (6, 4), (3, 2)]


def test_round_one_seats_the_lower_entry_number_north_south():
    pairing = round_robin((6, 5, 4, 3, 2, 1), 1)
    assert pairs_of(pairing) == [(1, 6), (2, 5), (3, 4)]


def test_next_round_counts_the_rounds_so_far_to_know_which_round_comes():
    order = tuple(range(1, 7))
    first = next_round(Format.ROUND_ROBIN, order, [])
    second = next_round(Format.ROUND_ROBIN, order, [first])
    assert (first, second) == (round_robin(order, 1), round_robin(order, 2))


def test_a_round_after_the_last_one_is_refused_with_its_code():
    with pytest.raises(TournamentError) as raised:
        round_robin(tuple(range(1, 7)), 6)
    assert raised.value.code == "no_round_left"


@pytest.mark.parametrize(
    ("order", "code"), [((1,), "too_few_teams"), ((1, 3), "bad_order"), ((2, 2), "bad_order")]
)
def test_an_order_that_is_not_each_entry_once_is_refused_with_its_code(order, code):
    with pytest.raises(TournamentError) as raised:
        round_robin(order, 1)
    assert raised.value.code == code


def test_a_format_may_be_given_as_its_stored_value():
    order = tuple(range(1, 5))
    assert next_round("round_robin", order, []) == round_robin(order, 1)


def test_an_unknown_format_is_refused_with_its_code():
    with pytest.raises(TournamentError) as raised:
        next_round("ladder", (1, 2), [])
    assert raised.value.code == "bad_format"
