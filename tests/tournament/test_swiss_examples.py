"""Swiss (Monrad) pairing on worked examples, each checked by hand in its comment."""

from __future__ import annotations

import pytest

from tournament import Format, Pairing, Table, TournamentError, next_round, swiss


def rounds_of(*played: tuple[list[tuple[int, int]], int | None]) -> list[Pairing]:
    """Past rounds from (tables as pairs, bye) for each."""
    return [Pairing(tuple(Table(*pair) for pair in pairs), bye) for pairs, bye in played]


def pairs_of(pairing: Pairing) -> list[tuple[int, int]]:
    """The round's tables as (North–South, East–West) in table order."""
    return [table.teams for table in pairing.tables]


def test_round_one_pairs_nine_teams_by_entry_order_and_gives_the_last_the_bye():
    first = swiss(tuple(range(1, 10)), [])
    assert pairs_of(first) == [(1, 2), (3, 4), (5, 6), (7, 8)]
    assert first.bye == 9


def test_round_one_follows_the_entry_order_whatever_order_is_passed():
    first = swiss((8, 7, 6, 5, 4, 3, 2, 1), [])
    assert (pairs_of(first), first.bye) == ([(1, 2), (3, 4), (5, 6), (7, 8)], None)


def test_later_rounds_pair_top_down_by_the_standings_avoiding_rematches():
    # After 1–2, 3–4, 5–6 the standings are 1, 3, 5, 2, 4, 6: 1 takes 3, 5 takes 2 (5 has met
    # only 6), 4 takes 6; the higher-placed team of each pair sits North–South.
    played = rounds_of(([(1, 2), (3, 4), (5, 6)], None))
    second = swiss((1, 3, 5, 2, 4, 6), played)
    assert (pairs_of(second), second.bye) == ([(1, 3), (5, 2), (4, 6)], None)


def test_a_team_passes_over_an_opponent_that_would_leave_the_rest_unpairable():
    # Standings 2, 1, 3, 4, 5. Met: 1–2, 3–4 (5 bye), then 5–1, 4–2 (3 bye). Byes: 4 is the
    # lowest-placed of 1, 2, 4 (no bye yet) and {2, 1, 3, 5} pairs without rematch (2–5, 1–3),
    # so 4 sits out. Then 2 has not met 3, but 2–3 would leave 1–5, a rematch; so 2 meets 5,
    # the next one it has not met, and 1 meets 3.
    played = rounds_of(([(1, 2), (3, 4)], 5), ([(5, 1), (4, 2)], 3))
    third = swiss((2, 1, 3, 4, 5), played)
    assert (pairs_of(third), third.bye) == ([(2, 5), (1, 3)], 4)


def test_the_bye_skips_the_lowest_placed_team_whose_bye_would_force_a_rematch():
    # Standings 1..5. Byes so far: 5, 2, 3, so 1 and 4 may sit out. Met: 2–3, 4–1, 1–3, 5–4,
    # 2–1, 4–5. With 4 out, 1 has met 2 and 3 so takes 5, and 2–3 is a rematch; with 1 out,
    # 2–4 and 3–5 are both new. So the bye goes to 1, the higher-placed of the two.
    played = rounds_of(([(2, 3), (4, 1)], 5), ([(1, 3), (5, 4)], 2), ([(2, 1), (4, 5)], 3))
    fourth = swiss((1, 2, 3, 4, 5), played)
    assert (pairs_of(fourth), fourth.bye) == ([(2, 4), (3, 5)], 1)


def test_when_a_rematch_is_forced_each_team_from_the_top_takes_the_best_that_keeps_it_at_one():
    # After three rounds each of six teams has met three: the pairs not met form two triangles
    # (1, 4, 6 and 2, 3, 5), so every pairing has at least one rematch. With standings
    # 1, 2, 5, 3, 6, 4, team 1 may take 2 (a rematch) since 5–3 and 6–4 are then new: one
    # rematch in all, the fewest; so 1–2, 5–3, 6–4.
    played = rounds_of(
        ([(1, 2), (3, 4), (5, 6)], None),
        ([(3, 1), (5, 4), (6, 2)], None),
        ([(5, 1), (6, 3), (2, 4)], None),
    )
    fourth = swiss((1, 2, 5, 3, 6, 4), played)
    assert (pairs_of(fourth), fourth.bye) == ([(1, 2), (5, 3), (6, 4)], None)


def test_a_forfeited_game_counts_as_a_meeting():
    # 1–2 was forfeited: it is still in the round's tables, so 1 and 2 are not paired again
    # while another pairing without rematches exists.
    played = rounds_of(([(1, 2), (3, 4)], None))
    second = swiss((1, 2, 3, 4), played)
    assert pairs_of(second) == [(1, 3), (2, 4)]


def test_every_team_has_a_bye_before_any_team_has_a_second():
    order = tuple(range(1, 6))
    rounds: list[Pairing] = []
    for _ in range(5):
        rounds.append(next_round(Format.SWISS, order, rounds))
    assert sorted(pairing.bye for pairing in rounds) == [1, 2, 3, 4, 5]


def test_a_round_that_seats_a_team_twice_is_refused():
    with pytest.raises(TournamentError) as raised:
        swiss((1, 2, 3, 4), rounds_of(([(1, 2), (2, 3)], None)))
    assert raised.value.code == "bad_round"
