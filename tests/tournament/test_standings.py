"""The standings ranked as docs/rules.md#standings says, level by level.

Every game below is written G(north_south, east_west, totals, winner); totals of 300–300 keep
the point difference and points out of the way where another level is being shown.
"""

from __future__ import annotations

import pytest

from tournament import Format, GameResult, TournamentError, order_of, standings

G = GameResult
SWISS = Format.SWISS


def ranked(teams: int, games, byes=(), format=SWISS) -> list[tuple[int, int]]:
    """(place, team) for every row, best first."""
    return [(row.place, row.team) for row in standings(teams, games, byes, format)]


def test_wins_come_first_whatever_the_point_difference():
    # 1 wins twice by 10 (+20); 2 loses to 1 and wins once by 400 (+390): 1 leads on wins.
    games = [G(1, 2, (310, 300), 1), G(1, 3, (310, 300), 1), G(2, 3, (500, 100), 2)]
    assert ranked(3, games) == [(1, 1), (2, 2), (3, 3)]


def test_point_difference_comes_second():
    # One win each. 3: 400–100 over 1 and 300–400 to 2 is +200; 1: 100–400 and 600–400 over 2
    # is −100; 2: 400–300 and 400–600 is −100, and more points (800 to 700) puts 2 above 1.
    games = [G(3, 1, (400, 100), 3), G(2, 3, (400, 300), 2), G(1, 2, (600, 400), 1)]
    rows = standings(3, games, (), SWISS)
    assert [(row.team, row.wins, row.difference, row.points) for row in rows] == [
        (3, 1, 200, 700),
        (2, 1, -100, 800),
        (1, 1, -100, 700),
    ]


def test_points_come_third_when_wins_and_difference_are_level():
    # 1 beat 3 500–400 and 2 beat 4 200–100: both one win, +100; 1 scored 500, 2 only 200.
    games = [G(1, 3, (500, 400), 1), G(2, 4, (200, 100), 2)]
    assert ranked(4, games)[:2] == [(1, 1), (2, 2)]


def test_the_game_between_two_level_teams_comes_fourth():
    # All games 300–300. 2 beat 1, 1 beat 3, 4 beat 2: 1, 2 and 4 have one win each, a
    # difference of 0; 1 and 2 have 600 points to 4's 300, and 2 beat 1, so 2 is above 1.
    games = [G(1, 2, (300, 300), 2), G(1, 3, (300, 300), 1), G(4, 2, (300, 300), 4)]
    assert ranked(4, games) == [(1, 2), (2, 1), (3, 4), (4, 3)]


def test_a_group_still_level_after_their_games_is_ranked_again_by_its_own_games():
    # All 300–300. Teams 1–4 each end 1 win, 2 losses, 900 points: 1 beat 4; 2 beat 3; 4 beat
    # 2; 3 beat 4; 5 beat 1 twice and 2 and 3 once. Among 1–4: 1 is +1, 2 is 0 (+1 −1), 3 is
    # 0 (−1 +1), 4 is −1. 2 and 3 are still level, so their own game decides: 2 beat 3.
    games = [
        G(1, 4, (300, 300), 1),
        G(2, 3, (300, 300), 2),
        G(4, 2, (300, 300), 4),
        G(3, 4, (300, 300), 3),
        G(5, 1, (300, 300), 5),
        G(5, 1, (300, 300), 5),
        G(5, 2, (300, 300), 5),
        G(5, 3, (300, 300), 5),
    ]
    assert ranked(5, games) == [(1, 5), (2, 1), (3, 2), (4, 3), (5, 4)]


def test_teams_that_nothing_separates_share_a_place_and_the_next_place_is_skipped():
    # 1 beat 2 350–250 and 3 350–250; 3 beat 4 and 2 beat 4, each 300–200. 2 and 3: one win,
    # 550 for and 550 against, and they never met: a shared 2nd, listed by entry number; 4 is
    # 4th.
    games = [
        G(1, 2, (350, 250), 1),
        G(3, 4, (300, 200), 3),
        G(1, 3, (350, 250), 1),
        G(2, 4, (300, 200), 2),
    ]
    assert ranked(4, games) == [(1, 1), (2, 2), (2, 3), (4, 4)]


def test_a_circle_of_results_among_level_teams_is_a_shared_place():
    # 3 beat 2, 2 beat 1, 1 beat 3, all 300–300: every team +1 −1 among them, so equal.
    games = [G(3, 2, (300, 300), 3), G(2, 1, (300, 300), 2), G(1, 3, (300, 300), 1)]
    assert ranked(3, games) == [(1, 1), (1, 2), (1, 3)]


@pytest.mark.parametrize("format", [Format.ROUND_ROBIN, Format.SWISS])
def test_a_bye_is_a_win_without_points_in_round_robin_and_swiss(format):
    # 1 beat 2 300–200; 3 had the bye: 1 and 3 one win each, 3 with no points (difference 0).
    rows = standings(3, [G(1, 2, (300, 200), 1)], [3], format)
    assert [(r.team, r.wins, r.losses, r.byes, r.played, r.points, r.against) for r in rows] == [
        (1, 1, 0, 0, 1, 300, 200),
        (3, 1, 0, 1, 0, 0, 0),
        (2, 0, 1, 0, 1, 200, 300),
    ]


def test_a_bye_is_neither_a_win_nor_a_loss_in_kings_table():
    rows = standings(3, [G(1, 2, (300, 200), 1)], [3], Format.KINGS_TABLE)
    assert [(r.place, r.team, r.wins, r.losses, r.byes) for r in rows] == [
        (1, 1, 1, 0, 0),
        (2, 3, 0, 0, 1),
        (3, 2, 0, 1, 0),
    ]


def test_a_forfeit_is_a_win_and_a_loss_with_no_points_for_or_against():
    rows = standings(2, [G(1, 2, (120, 480), 2, forfeit=True)], (), SWISS)
    assert [(r.team, r.wins, r.losses, r.played, r.points, r.against) for r in rows] == [
        (2, 1, 0, 1, 0, 0),
        (1, 0, 1, 1, 0, 0),
    ]


def test_a_forfeit_counts_in_the_games_between_level_teams():
    # 2 won 1–2 by forfeit (no points); 1 beat 3 and 3 beat 2, 300–300. All have one win and
    # a difference of 0; 3 leads on points (600); 1 and 2 are level on 300 and 2 won their
    # game, so 2 is above 1.
    games = [G(1, 2, (0, 0), 2, forfeit=True), G(1, 3, (300, 300), 1), G(3, 2, (300, 300), 3)]
    assert order_of(standings(3, games, (), SWISS)) == (3, 2, 1)


def test_the_winner_is_the_one_the_game_s_ending_names_even_with_the_lower_total():
    # A set-out: 2 won with 150 to 1's 260.
    rows = standings(2, [G(1, 2, (260, 150), 2)], (), SWISS)
    assert [(r.team, r.wins, r.difference) for r in rows] == [(2, 1, -110), (1, 0, 110)]


def test_a_game_in_play_counts_nothing():
    rows = standings(2, [G(1, 2, (400, 20), None)], (), SWISS)
    assert [(r.team, r.wins, r.losses, r.played, r.points) for r in rows] == [
        (1, 0, 0, 0, 0),
        (2, 0, 0, 0, 0),
    ]
    assert [r.place for r in rows] == [1, 1]


def test_negative_totals_count_as_they_are():
    rows = standings(2, [G(1, 2, (-120, 80), 2)], (), SWISS)
    assert [(r.team, r.points, r.against, r.difference) for r in rows] == [
        (2, 80, -120, 200),
        (1, -120, 80, -200),
    ]


def test_the_order_for_pairing_lists_a_shared_place_by_entry_number():
    assert order_of(standings(4, [], (), SWISS)) == (1, 2, 3, 4)


@pytest.mark.parametrize(
    ("games", "byes", "code"),
    [
        ([G(1, 1, (0, 0), 1)], (), "bad_result"),
        ([G(1, 5, (0, 0), 1)], (), "bad_result"),
        ([G(1, 2, (0, 0), 3)], (), "bad_result"),
        ([], (0,), "bad_bye"),
    ],
)
def test_a_game_or_bye_naming_no_team_of_the_tournament_is_refused(games, byes, code):
    with pytest.raises(TournamentError) as raised:
        standings(3, games, byes, SWISS)
    assert raised.value.code == code


def test_the_format_may_be_given_as_its_stored_value():
    rows = standings(3, [G(1, 2, (300, 200), 1)], [3], "kings_table")
    assert [row.wins for row in rows] == [1, 0, 0]
