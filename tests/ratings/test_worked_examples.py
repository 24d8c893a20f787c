"""The worked examples of docs/rules.md's club seasons (the spec's, reproduced here): four new
players' ratings after two partnership games and a cut-throat game, the chances before each,
and a season's best nights."""

from __future__ import annotations

import pytest

from ratings import (
    Played,
    Rating,
    best_nights,
    chances,
    place_points,
    rate,
    shown,
    strength,
    whole_percentages,
)

FIRST = Played((("Ana", "Bia"), ("Caio", "Duda")), (1, 2))
SECOND = Played((("Ana", "Caio"), ("Bia", "Duda")), (1, 2))
# Duda wins; Ana and Bia end level on totals; Caio is last.
CUT_THROAT = Played((("Duda",), ("Ana",), ("Bia",), ("Caio",)), (1, 2, 2, 4))


def figures(ratings: dict[str, Rating]) -> dict[str, tuple[float, float, int]]:
    """Each player's mean and deviation to four places, and the rating shown."""
    return {
        player: (round(rating.mu, 4), round(rating.sigma, 4), shown(rating))
        for player, rating in ratings.items()
    }


def test_a_new_player_is_rated_1000_and_provisional():
    assert shown(Rating()) == 1000
    assert Rating().provisional


def test_ana_and_bia_beat_caio_and_duda_from_even_chances():
    assert chances({}, FIRST.sides) == (50, 50)
    assert figures(rate([FIRST])) == {
        "Ana": (26.9643, 8.178, 1097),
        "Bia": (26.9643, 8.178, 1097),
        "Caio": (23.0357, 8.178, 940),
        "Duda": (23.0357, 8.178, 940),
    }


def test_then_ana_and_caio_beat_bia_and_duda():
    before = rate([FIRST])
    assert chances(before, SECOND.sides) == (50, 50)
    assert figures(rate([FIRST, SECOND])) == {
        "Ana": (28.8879, 8.0265, 1192),
        "Bia": (25.0407, 8.0265, 1038),
        "Caio": (24.9593, 8.0265, 1035),
        "Duda": (21.1121, 8.0265, 881),
    }


def test_then_duda_wins_a_cut_throat_game_with_ana_and_bia_level_and_caio_last():
    before = rate([FIRST, SECOND])
    assert chances(before, CUT_THROAT.sides) == (17, 33, 25, 25)
    after = rate([FIRST, SECOND, CUT_THROAT])
    assert figures(after) == {
        "Ana": (28.2144, 7.8679, 1184),
        "Bia": (24.8375, 7.8854, 1047),
        "Caio": (22.9839, 7.8858, 973),
        "Duda": (23.9642, 7.9707, 1002),
    }
    assert {player: rating.games for player, rating in after.items()} == dict.fromkeys(after, 3)
    assert all(rating.provisional for rating in after.values())


def test_a_season_counts_each_players_best_nights():
    table = (10, 8, 6, 5)
    nights = [place_points(table, place) for place in (1, 4, 2)]
    assert best_nights(nights, 2) == 18
    assert best_nights([place_points(table, 2)], 2) == 8
    assert place_points(table, 9) == 0  # a place beyond the table
    assert best_nights(nights) == 23  # every night, when no best is set


def test_the_order_of_the_games_is_what_is_rated():
    assert rate([SECOND, FIRST]) != rate([FIRST, SECOND])


def test_a_teams_strength_is_its_players_mean_less_three_deviations():
    after = rate([FIRST])
    expected = sum(after[player].mu - 3 * after[player].sigma for player in ("Ana", "Bia"))
    assert strength(after, ("Ana", "Bia")) == pytest.approx(expected)
    assert strength(after, ("Ana", "Bia")) > strength(after, ("Caio", "Duda"))


@pytest.mark.parametrize(
    ("sides", "places"),
    [
        ((("Ana", "Bia"),), (1,)),  # one side
        ((("Ana",), ("Bia",)), (1,)),  # a place missing
        ((("Ana",), ()), (1, 2)),  # a side with nobody
        ((("Ana", "Bia"), ("Bia", "Caio")), (1, 2)),  # Bia twice
        ((("Ana",), ("Bia",)), (1, 3)),  # a place the game does not have
    ],
)
def test_a_game_the_model_cannot_rate_is_refused(sides, places):
    with pytest.raises(ValueError):
        Played(sides, places)


def test_whole_percentages_add_up_to_100_and_refuse_shares_that_do_not_add_up_to_1():
    assert whole_percentages([1 / 3, 1 / 3, 1 / 3]) == (34, 33, 33)  # the earlier side first
    for shares in ([1.0, 0.01], [0.5, 0.4], []):
        with pytest.raises(ValueError):
            whole_percentages(shares)


def test_a_season_counts_one_night_at_least():
    with pytest.raises(ValueError):
        best_nights([10, 8], 0)
