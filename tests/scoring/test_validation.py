"""Edge cases of the scoring engine: filling in the blank trick count, validation, rules as
values, the next hand and the breakdown of a hand's points.

Expected figures are worked out by hand, the arithmetic in a comment beside them.
Seats are 0-3 clockwise, partners opposite: team 0 is seats 0 & 2, team 1 is seats 1 & 3.
"""

import json

import pytest

from scoring import (
    BAG_PENALTY,
    BAGS,
    BLIND_NIL,
    BLIND_NIL_ITEM,
    BOSTON,
    CONTRACT,
    NIL,
    NIL_ITEM,
    PRESETS,
    Hand,
    InvalidHand,
    InvalidRules,
    Problem,
    Rules,
    ScoringError,
    bid_problems,
    fill_in_tricks,
    hand_problems,
    new_game,
    replay,
    trick_problems,
)
from testsupport.engine import CLASSIC, GAMELAKE, codes, team_result

# --- fill_in_tricks ---------------------------------------------------------------------


def test_fill_in_tricks_fills_one_blank_seat():
    # 13 − (5 + 2 + 2) = 4
    assert fill_in_tricks((4, 3, 4, 3), (5, 2, None, 2)) == ((5, 2, 4, 2), (None, None))


def test_fill_in_tricks_fills_a_blank_nil_seat():
    # 13 − (3 + 5 + 4) = 1
    assert fill_in_tricks((NIL, 3, 4, 3), (None, 3, 5, 4)) == ((1, 3, 5, 4), (None, None))


def test_fill_in_tricks_fills_one_blank_team_total():
    # team 1 typed in as 4; team 0 left blank → 13 − 4 = 9
    blank = (None, None, None, None)
    assert fill_in_tricks((4, 3, 4, 3), blank, (None, 4)) == (blank, (9, 4))
    # team 1 given seat by seat (2 + 2) counts the same
    assert fill_in_tricks((4, 3, 4, 3), (None, 2, None, 2)) == ((None, 2, None, 2), (9, None))


def test_fill_in_tricks_fills_the_partner_of_a_seat_beside_a_team_total():
    # team 1's total is 4, seat 0 took 5: seat 2 = 13 − 4 − 5 = 4
    assert fill_in_tricks((4, 3, 4, 3), (5, None, None, None), (None, 4)) == (
        (5, None, 4, None),
        (None, 4),
    )


@pytest.mark.parametrize(
    ("bids", "tricks", "team_tricks"),
    [
        ((4, 3, 4, 3), (5, 2, 4, 2), (None, None)),  # nothing unknown
        ((4, 3, 4, 3), (5, 2, 4, 3), (None, None)),  # nothing unknown, even adding to 14
        ((4, 3, 4, 3), (5, None, None, 2), (None, None)),  # two blank seats
        ((4, 3, 4, 3), (None,) * 4, (None, None)),  # two blank teams
        ((NIL, 3, NIL, 3), (None, 5, None, 8), (None, None)),  # two blank Nil seats
        ((4, 3, 4, 3), (9, 3, None, 4), (None, None)),  # the others already exceed 13
        ((4, 3, 4, 3), (5, -1, None, 2), (None, None)),  # an invalid value
    ],
)
def test_fill_in_tricks_leaves_zero_or_several_unknowns_alone(bids, tricks, team_tricks):
    assert fill_in_tricks(bids, tricks, team_tricks) == (tricks, team_tricks)


# --- validation -------------------------------------------------------------------------


def test_validation_reports_every_bid_and_trick_problem_at_once():
    hand = Hand(bids=(None, 14, 4, 3), tricks=(5, None, 3, 14))
    assert codes(hand_problems(GAMELAKE, hand)) == {
        ("bid_missing", 0, None),
        ("bid_out_of_range", 1, None),
        ("tricks_missing", 1, None),
        ("tricks_out_of_range", 3, None),
    }


@pytest.mark.parametrize("bad", [-1, 14, 2.5, True, "3", [3]])
def test_validation_refuses_each_kind_of_out_of_range_value(bad):
    assert codes(bid_problems(GAMELAKE, (3, 3, bad, 3))) == {("bid_out_of_range", 2, None)}
    problems = trick_problems((3, 3, 3, 3), (3, 3, bad, 4))
    assert codes(problems) == {("tricks_out_of_range", 2, None)}


def test_validation_refuses_a_bid_of_zero_as_nil_is_spelled_nil():
    assert codes(bid_problems(GAMELAKE, (0, 3, 3, 3))) == {("bid_out_of_range", 0, None)}


def test_validation_refuses_tricks_not_adding_up_to_13():
    problems = hand_problems(GAMELAKE, Hand(bids=(4, 3, 4, 3), tricks=(5, 2, 4, 3)))
    assert codes(problems) == {("tricks_total", None, None)}
    assert problems[0].params == {"total": 14}  # 5 + 2 + 4 + 3


def test_validation_refuses_a_team_total_for_a_team_with_a_nil_bidder():
    hand = Hand(bids=(NIL, 3, 4, 3), tricks=(None, None, None, None), team_tricks=(5, 8))
    assert codes(hand_problems(GAMELAKE, hand)) == {("team_tricks_with_nil", None, 0)}


def test_validation_refuses_a_team_total_that_disagrees_with_its_seats():
    # team 0 seats 5 + 4 = 9, total given 8
    hand = Hand(bids=(4, 3, 4, 3), tricks=(5, 2, 4, 2), team_tricks=(8, None))
    assert codes(hand_problems(GAMELAKE, hand)) == {("team_tricks_mismatch", None, 0)}


def test_validation_refuses_one_seat_taking_more_than_its_team_total():
    # seat 0 alone took 9, but team 0's total is given as 7
    hand = Hand(bids=(4, 3, 4, 3), tricks=(9, None, None, None), team_tricks=(7, 6))
    assert codes(hand_problems(GAMELAKE, hand)) == {("team_tricks_mismatch", None, 0)}


def test_validation_reports_game_over_beside_the_hands_own_problems():
    game = replay(GAMELAKE, [Hand(bids=(3, 5, 3, 5), tricks=(4, 2, 4, 3))] * 2)  # −200, over
    assert game.over
    problems = game.problems(Hand(bids=(None, 3, 3, 3), tricks=(3, 3, 3, 4)))
    assert codes(problems) == {("game_over", None, None), ("bid_missing", 0, None)}


def test_validation_refuses_malformed_shapes_without_raising():
    assert codes(hand_problems(GAMELAKE, "a hand")) == {("hand_shape", None, None)}
    assert codes(hand_problems(GAMELAKE, Hand(bids=(3, 3, 3)))) >= {("bids_shape", None, None)}
    hand = Hand(bids=(3, 3, 3, 3), tricks=(3, 3, 3), team_tricks=None)
    assert codes(hand_problems(GAMELAKE, hand)) == {
        ("tricks_shape", None, None),
        ("team_tricks_shape", None, None),
    }


def test_replay_names_the_first_hand_that_cannot_be_played():
    good = Hand(bids=(3, 3, 3, 3), tricks=(3, 3, 3, 4))
    bad = Hand(bids=(3, 3, 3, 3), tricks=(3, 3, 3, 3))
    with pytest.raises(InvalidHand) as caught:
        replay(GAMELAKE, [good, good, bad, good])
    assert caught.value.number == 3
    # two good hands: team 0 6 takes 6 → 60, team 1 6 takes 7 → 61; twice → (120, 122)
    assert caught.value.problems == hand_problems(GAMELAKE, bad, (120, 122))
    assert isinstance(caught.value, ScoringError)
    assert "hand 3" in str(caught.value)


def test_problems_compare_equal_by_value():
    # the app compares and deduplicates problems; params must not break hashing
    a = Problem("tricks_total", params={"total": 14})
    assert a == Problem("tricks_total", params={"total": 14})
    assert len({a, Problem("tricks_total", params={"total": 14})}) == 1
    assert len({a, Problem("tricks_total", params={"total": 12})}) == 2


# --- rules as values --------------------------------------------------------------------


@pytest.mark.parametrize("key", list(PRESETS))
def test_rules_round_trip_through_a_plain_dict_and_json(key):
    rules = PRESETS[key].rules.but(min_team_bid=4, boston_bonus=200)
    assert Rules.from_dict(rules.to_dict()) == rules
    assert Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules


def test_rules_from_dict_ignores_unknown_keys_and_defaults_missing_ones():
    assert Rules.from_dict({"target": 300, "colour": "green"}) == Rules(target=300)


@pytest.mark.parametrize("limit", [0, -1])
def test_a_bag_limit_below_1_is_invalid_rules(limit):
    with pytest.raises(InvalidRules):
        Rules(bag_limit=limit)
    with pytest.raises(InvalidRules):
        GAMELAKE.but(bag_limit=limit)


def test_a_floor_at_or_above_the_target_is_invalid_rules():
    with pytest.raises(InvalidRules):
        Rules(target=100, floor=100)


def test_an_unknown_bag_mode_read_back_from_storage_is_invalid_rules():
    with pytest.raises(InvalidRules):
        Rules.from_dict({"bag_mode": "sometimes"})
    with pytest.raises(InvalidRules):
        Rules.from_dict({"failed_nil_tricks": "double"})


# --- Game.next --------------------------------------------------------------------------


def test_game_next_rotates_the_deal_clockwise_and_the_left_of_the_dealer_bids_first():
    hand = Hand(bids=(3, 3, 3, 3), tricks=(3, 3, 3, 4))
    game = new_game(CLASSIC, first_dealer=2)
    seen = []
    for _ in range(5):
        seen.append((game.next.number, game.next.dealer, game.next.first_bidder))
        game = game.add(hand)
    # dealer 2, 3, 0, 1, 2; the first bidder one seat further round
    assert seen == [(1, 2, 3), (2, 3, 0), (3, 0, 1), (4, 1, 2), (5, 2, 3)]
    assert [h.dealer for h in game.hands] == [2, 3, 0, 1, 2]


def test_game_next_counts_bags_left_and_points_to_win():
    # team 0: 4 + 3 = 7, takes 9 → 72, 2 bags; team 1: 6, takes 4 → −60
    game = replay(GAMELAKE, [Hand(bids=(4, 3, 3, 3), tricks=(5, 2, 4, 2))])
    nxt = game.next
    assert nxt.bags_left == (8, 10)  # 10 − 2, 10 − 0
    assert nxt.points_to_win == (428, 560)  # 500 − 72, 500 + 60
    assert nxt.blind_nil_allowed == (False, True)  # team 1 is 132 behind


def test_game_next_is_none_once_over_and_a_bad_first_dealer_is_refused():
    # team 1: 5 + 5 = 10, takes 5 → −100, twice → −200, the floor
    over = replay(GAMELAKE, [Hand(bids=(3, 5, 3, 5), tricks=(4, 2, 4, 3))] * 2)
    assert over.over
    assert over.next is None
    with pytest.raises(ValueError):
        new_game(GAMELAKE, first_dealer=4)


# --- the breakdown ----------------------------------------------------------------------


def test_items_list_every_kind_and_add_up_to_the_points():
    rules = CLASSIC.but(boston_bonus=200)
    hands = [
        # team 0: 1 + 1 = 2, takes 10 → 20 + 8 = 28, 8 bags; team 1: 2, takes 3 → 21
        Hand(bids=(1, 1, 1, 1), tricks=(5, 2, 5, 1)),
        # team 0: seat 0 Nil took 2 → −100; seat 2 bid 3, took 11 → +30, 8 overtricks;
        #   8 + 2 = 10 bags → +10; 8 + 10 = 18 bags → −100, 8 carried; 13 tricks → +200
        #   30 + 10 − 100 + 200 − 100 = 40
        Hand(bids=(NIL, 1, 3, 1), tricks=(2, 0, 11, 0)),
    ]
    us = replay(rules, hands).hands[-1].teams[0]
    assert [(i.kind, i.points, i.amount) for i in us.items] == [
        (CONTRACT, 30, 3),
        (BAGS, 10, 10),
        (NIL_ITEM, -100, 0),
        (BOSTON, 200, 13),
        (BAG_PENALTY, -100, 10),
    ]
    assert us.items[2].seat == 0 and us.items[2].made is False
    assert sum(i.points for i in us.items) == us.points == 40
    assert (us.contract_points, us.bag_points, us.nil_points) == (30, 10, -100)
    assert (us.bag_penalty, us.bonus_points, us.penalty_bags) == (-100, 200, 10)
    assert (us.bags, us.total) == (8, 68)  # 28 + 40


def test_a_blind_nil_item_is_its_own_kind():
    spruce = PRESETS["spruce"].rules
    us = team_result(spruce, Hand(bids=(BLIND_NIL, 3, 4, 3), tricks=(0, 3, 5, 5)), 0)
    # Blind Nil made +200; 4 taken 5 → 41
    assert [(i.kind, i.points, i.seat) for i in us.items] == [
        (CONTRACT, 40, None),
        (BAGS, 1, None),
        (BLIND_NIL_ITEM, 200, 0),
    ]
    assert us.points == 241
