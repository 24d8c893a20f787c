"""Series of games: best of 3, 5 or 7, or open; the winners are given as side numbers."""

import doctest
import importlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import BEST_OF, InvalidSeries, ScoringError, Series, series


def test_best_of_3_won_2_0_is_decided_after_two_games():
    result = series([0, 0], 3)
    assert result == Series(wins=(2, 0), best_of=3, played=2, winner=0)
    assert result.needed == 2
    assert result.decided


def test_best_of_3_won_from_behind_is_decided_for_side_1():
    assert series([0, 1, 1], 3) == Series(wins=(1, 2), best_of=3, played=3, winner=1)


def test_a_game_after_a_decided_series_opens_the_next_one():
    # [0, 0] won the first series 2–0; the third game is the first of a new series, which
    # side 1 leads 1–0. The decided series is only returned while its deciding game is last.
    result = series([0, 0, 1], 3)
    assert result == Series(wins=(0, 1), best_of=3, played=1, winner=None)
    assert not result.decided


def test_with_no_game_the_series_stands_at_nothing_each():
    assert series([], 5) == Series(wins=(0, 0), best_of=5, played=0, winner=None)


def test_best_of_5_and_7_need_3_and_4_wins():
    assert series([0, 1, 0, 1], 5).winner is None
    assert series([0, 1, 0, 1, 1], 5) == Series(wins=(2, 3), best_of=5, played=5, winner=1)
    assert series([1, 1, 1, 0, 0, 0], 7).winner is None
    assert series([1, 1, 1, 0, 0, 0, 0], 7).winner == 0
    assert series([], 7).needed == 4


def test_several_series_in_a_row_return_the_last_one():
    # Best of 3: [1, 1] to side 1, [0, 1, 0] to side 0, then [1] still going.
    assert series([1, 1, 0, 1, 0, 1], 3) == Series((0, 1), 3, 1, None)
    # The same without its last game ends on the decided second series.
    assert series([1, 1, 0, 1, 0], 3) == Series((2, 1), 3, 3, 0)


def test_an_open_series_counts_every_game_and_never_ends():
    result = series([0, 0, 0, 1, 0, 1, 1], None)
    assert result == Series(wins=(4, 3), best_of=None, played=7, winner=None)
    assert result.needed is None
    assert not result.decided


def test_with_three_sides_the_most_wins_after_best_of_games_decides():
    # Best of 3 among three players: 1–1–1 is shared, so play goes on; the fourth game breaks it.
    assert series([0, 1, 2], 3, sides=3) == Series((1, 1, 1), 3, 3, None)
    assert series([0, 1, 2, 2], 3, sides=3) == Series((1, 1, 2), 3, 4, 2)
    # Two wins of three is a majority whatever the others do.
    assert series([2, 2], 3, sides=3) == Series((0, 0, 2), 3, 2, 2)


def test_with_four_sides_a_lone_top_after_best_of_games_wins_without_a_majority():
    # Best of 5: 2–1–1–1 after five games; side 0 has no majority (3) but the most wins.
    assert series([0, 1, 2, 0, 3], 5, sides=4) == Series((2, 1, 1, 1), 5, 5, 0)
    # 2–2–1–0 is shared at the top: a sixth game is played, and side 1 takes it.
    assert series([0, 1, 2, 0, 1], 5, sides=4).winner is None
    assert series([0, 1, 2, 0, 1, 1], 5, sides=4) == Series((2, 3, 1, 0), 5, 6, 1)


@pytest.mark.parametrize("best_of", [0, 1, 2, 4, 9, True, 3.0, "3"])
def test_a_length_other_than_3_5_7_or_open_is_refused(best_of):
    with pytest.raises(InvalidSeries, match="best_of"):
        series([0], best_of)


@pytest.mark.parametrize(("winners", "sides"), [([2], 2), ([-1], 2), ([0, 3], 3), ([True], 2)])
def test_a_winner_that_is_no_side_is_refused(winners, sides):
    with pytest.raises(InvalidSeries, match="is not a side"):
        series(winners, 3, sides=sides)


def test_a_series_needs_two_sides_and_its_errors_are_scoring_errors():
    with pytest.raises(InvalidSeries, match="two sides"):
        series([0], 3, sides=1)
    assert issubclass(InvalidSeries, ScoringError)


def test_the_examples_in_the_docstrings_pass():
    # `scoring.series` is the function the package exports, which hides its module's name.
    results = doctest.testmod(importlib.import_module("scoring.series"), verbose=False)
    assert results.attempted > 0
    assert results.failed == 0


MODEST = settings(max_examples=300, deadline=None)

TWO_SIDED = st.lists(st.integers(0, 1), max_size=30)


@MODEST
@given(TWO_SIDED, st.sampled_from(BEST_OF))
def test_a_decided_series_has_one_side_with_the_wins_needed(winners, best_of):
    """With two sides, a decided series' winner has exactly `needed` wins and the other side
    fewer; one still going has nobody at `needed`; and the played games are its wins."""
    result = series(winners, best_of)
    assert sum(result.wins) == result.played <= best_of
    if result.decided:
        assert result.wins[result.winner] == result.needed
        assert all(w < result.needed for s, w in enumerate(result.wins) if s != result.winner)
        # Only the last game can have decided the series that is returned.
        assert winners[-1] == result.winner
    else:
        assert all(w < result.needed for w in result.wins)


@MODEST
@given(TWO_SIDED, st.sampled_from(BEST_OF))
def test_the_series_returned_is_the_tail_of_the_games(winners, best_of):
    """The series returned is made of the last `played` games: counting those alone gives the
    same series."""
    result = series(winners, best_of)
    tail = winners[len(winners) - result.played :]
    assert series(tail, best_of) == result


@MODEST
@given(st.integers(2, 4).flatmap(lambda n: st.tuples(st.just(n), st.lists(st.integers(0, n - 1)))))
def test_an_open_series_counts_each_sides_games(case):
    """An open series is every game: each side's wins are the games it won, never decided."""
    sides, winners = case
    result = series(winners, None, sides=sides)
    assert result.wins == tuple(winners.count(s) for s in range(sides))
    assert result.played == len(winners)
    assert result.winner is None
