"""Edge cases of the scoring engine: the corners of docs/rules.md and the house rules.

Expected figures are worked out by hand, the arithmetic in a comment beside them.
Seats are 0-3 clockwise, partners opposite: team 0 is seats 0 & 2, team 1 is seats 1 & 3.
"""

import pytest

from scoring import (
    BAGS,
    BLIND_NIL,
    BOSTON,
    CONTRACT,
    NIL,
    NIL_ITEM,
    PRESETS,
    TEN_FOR_200,
    BagMode,
    FailedNilTricks,
    Hand,
    InvalidHand,
    bid_problems,
    blind_nil_allowed,
    replay,
)
from testsupport.engine import CLASSIC, GAMELAKE, codes, team_result

# --- both partners Nil ------------------------------------------------------------------


def test_both_partners_making_nil_score_200_and_have_no_contract():
    # team 0: Nil + Nil, both take 0 → 100 + 100 = 200; no contract, no bags
    us = team_result(GAMELAKE, Hand(bids=(NIL, 4, NIL, 5), tricks=(0, 6, 0, 7)), 0)
    assert us.points == 200
    assert us.contract == 0
    assert us.made is None
    assert us.bags_taken == 0
    assert [i.kind for i in us.items] == [NIL_ITEM, NIL_ITEM]


def test_both_partners_nil_one_failing_net_zero_and_the_failed_tricks_are_bags():
    # seat 0 made (+100), seat 2 took 2 (−100): nils net 0; 2 bags → +2; hand = 2
    us = team_result(GAMELAKE, Hand(bids=(NIL, 4, NIL, 5), tricks=(0, 6, 2, 5)), 0)
    assert us.nil_points == 0
    assert us.bags_taken == 2
    assert us.bags == 2
    assert us.points == 2


def test_both_partners_failing_nil_lose_200_and_all_their_tricks_are_bags():
    # seats 0 and 2 took 1 and 2: −100 − 100 = −200; 1 + 2 = 3 bags → −200 + 3 = −197
    us = team_result(GAMELAKE, Hand(bids=(NIL, 4, NIL, 5), tricks=(1, 6, 2, 4)), 0)
    assert us.nil_points == -200
    assert us.bags_taken == 3
    assert us.points == -197


def test_both_partners_blind_nil_score_400_either_way():
    spruce = PRESETS["spruce"].rules
    # seed 004: both Double Nil made → +400; both failed → −400 (+ 13 bags when they took all)
    made = team_result(spruce, Hand(bids=(BLIND_NIL, 4, BLIND_NIL, 5), tricks=(0, 6, 0, 7)), 0)
    assert made.points == 400
    failed = team_result(spruce, Hand(bids=(BLIND_NIL, 4, BLIND_NIL, 5), tricks=(7, 0, 6, 0)), 0)
    # −200 − 200 + 13 bags = −387, and 13 bags → one penalty of −100, 3 carried: −487
    assert failed.nil_points == -400
    assert failed.points == -487
    assert failed.bags == 3


# --- Blind Nil by preset ----------------------------------------------------------------


def test_classic_refuses_blind_nil_even_far_behind():
    problems = bid_problems(CLASSIC, (BLIND_NIL, 3, 3, 3), totals=(0, 400))
    assert codes(problems) == {("blind_nil_not_allowed", 0, None)}
    assert blind_nil_allowed(CLASSIC, 0, (0, 400)) is False


@pytest.mark.parametrize("key", ["gamelake", "gamelake_short"])
def test_gamelake_refuses_blind_nil_less_than_100_behind(key):
    rules = PRESETS[key].rules
    # team 1 (seat 1) is 99 behind: 99 < 100
    problems = bid_problems(rules, (3, BLIND_NIL, 3, 3), totals=(99, 0))
    assert codes(problems) == {("blind_nil_not_behind", 1, None)}
    assert problems[0].params == {"deficit": 100, "behind": 99}
    # level, and ahead, are refused too
    assert codes(bid_problems(rules, (3, BLIND_NIL, 3, 3))) == {("blind_nil_not_behind", 1, None)}
    assert bid_problems(rules, (3, BLIND_NIL, 3, 3), totals=(0, 150)) != []


@pytest.mark.parametrize("key", ["gamelake", "gamelake_short"])
def test_gamelake_allows_blind_nil_exactly_100_behind(key):
    rules = PRESETS[key].rules
    assert bid_problems(rules, (3, BLIND_NIL, 3, 3), totals=(100, 0)) == []
    assert bid_problems(rules, (BLIND_NIL, 3, 3, 3), totals=(-150, -50)) == []


@pytest.mark.parametrize("key", ["espadas", "spruce"])
def test_espadas_and_spruce_allow_blind_nil_at_any_score(key):
    rules = PRESETS[key].rules
    for totals in ((0, 0), (300, 0), (0, 300)):
        assert bid_problems(rules, (BLIND_NIL, 3, BLIND_NIL, 3), totals=totals) == []


def test_gamelake_game_allows_blind_nil_only_to_the_team_100_behind():
    # team 0: 2 + 1 = 3, takes 1 → −30; team 1: 7 + 6 = 13, takes 12 → −130: 100 apart
    game = replay(GAMELAKE, [Hand(bids=(2, 7, 1, 6), tricks=(1, 6, 0, 6))])
    assert game.totals == (-30, -130)
    assert game.next.blind_nil_allowed == (False, True)
    # team 1's Blind Nil is accepted by the game ...
    game.add(Hand(bids=(3, BLIND_NIL, 3, 4), tricks=(3, 0, 3, 7)))
    # ... team 0's is refused, naming the seat and how far behind it is (−100: ahead)
    with pytest.raises(InvalidHand) as caught:
        game.add(Hand(bids=(BLIND_NIL, 3, 3, 4), tricks=(0, 3, 3, 7)))
    (problem,) = caught.value.problems
    assert (problem.code, problem.seat) == ("blind_nil_not_behind", 0)
    assert problem.params == {"deficit": 100, "behind": -100}


# --- bags crossing the limit by more than one -------------------------------------------


def nine_bags_then_three() -> list[Hand]:
    """Team 0 reaches 9 bags, then takes 3 more in one hand (9 + 3 = 12)."""
    return [
        # team 0: 1 + 1 = 2, takes 11 → 20 + 9 = 29, 9 bags; team 1: 2, takes 2 → 20
        Hand(bids=(1, 1, 1, 1), tricks=(6, 1, 5, 1)),
        # team 0: 2 + 2 = 4, takes 7 → 40 + 3 = 43, 3 bags; team 1: 2 + 2 = 4, takes 6 → 42
        Hand(bids=(2, 2, 2, 2), tricks=(4, 3, 3, 3)),
    ]


def eight_bags_then_thirteen() -> list[Hand]:
    """Team 0 reaches 8 bags, then both partners fail Nil taking all 13 (8 + 13 = 21)."""
    return [
        # team 0: 1 + 1 = 2, takes 10 → 20 + 8 = 28, 8 bags; team 1: 2, takes 3 → 21, 1 bag
        Hand(bids=(1, 1, 1, 1), tricks=(5, 2, 5, 1)),
        # team 0: Nil + Nil taking 7 + 6 → −200, 13 bags → +13
        # team 1: 1 + 1 = 2, takes 0 → −20
        Hand(bids=(NIL, 1, NIL, 1), tricks=(7, 0, 6, 0)),
    ]


def test_carry_mode_9_plus_3_bags_costs_one_penalty_and_carries_2():
    game = replay(CLASSIC, nine_bags_then_three())
    last = game.hands[-1].teams[0]
    # 43 − 100 = −57; 29 − 57 = −28; 12 − 10 = 2 bags left
    assert (last.points, last.total, last.bags) == (-57, -28, 2)
    assert last.penalty_bags == 10


def test_reset_mode_9_plus_3_bags_costs_one_penalty_and_leaves_0():
    rules = CLASSIC.but(bag_mode=BagMode.RESET)
    last = replay(rules, nine_bags_then_three()).hands[-1].teams[0]
    # 43 − 100 = −57, total −28 as in carry mode, but the 2 extra bags are dropped
    assert (last.points, last.total, last.bags) == (-57, -28, 0)


def test_carry_mode_8_plus_13_bags_costs_two_penalties_and_carries_1():
    last = replay(CLASSIC, eight_bags_then_thirteen()).hands[-1].teams[0]
    # 21 bags: two full tens → −200, 1 left; −200 + 13 − 200 = −387; 28 − 387 = −359
    assert last.bag_penalty == -200
    assert (last.points, last.total, last.bags) == (-387, -359, 1)
    assert last.penalty_bags == 20


def test_reset_mode_8_plus_13_bags_costs_one_penalty_and_leaves_0():
    rules = CLASSIC.but(bag_mode=BagMode.RESET)
    last = replay(rules, eight_bags_then_thirteen()).hands[-1].teams[0]
    # one penalty only: −200 + 13 − 100 = −287; 28 − 287 = −259
    assert last.bag_penalty == -100
    assert (last.points, last.total, last.bags) == (-287, -259, 0)


def test_bags_off_scores_overtricks_but_never_counts_them():
    rules = CLASSIC.but(bag_mode=BagMode.OFF)
    game = replay(rules, nine_bags_then_three())
    # 29 + 43 = 72 with no penalty; the count stays at 0
    assert game.totals[0] == 72
    assert game.bags == (0, 0)
    assert game.next.bags_left == (None, None)


# --- Nil partners and set contracts -----------------------------------------------------

# team 0: seat 0 Nil took 2, seat 2 bid 5 took 4; team 1: 3 + 3 = 6, takes 4 + 3 = 7
NIL_PARTNER_TOOK_TRICKS = Hand(bids=(NIL, 3, 5, 3), tricks=(2, 4, 4, 3))


def test_set_team_with_a_failed_nil_partner_counts_the_nil_tricks_as_bags_only():
    us = team_result(GAMELAKE, NIL_PARTNER_TOOK_TRICKS, 0)
    # 4 < 5 → −50 (the Nil's 2 tricks do not help); Nil failed −100; 2 bags +2 → −148
    assert us.made is False
    assert us.tricks == 4
    assert us.points == -148
    assert us.bags == 2
    assert [(i.kind, i.points, i.made) for i in us.items] == [
        (CONTRACT, -50, False),
        (BAGS, 2, None),
        (NIL_ITEM, -100, False),
    ]


def test_failed_nil_tricks_count_as_bags_not_toward_partner():
    # the seeds' rule, and the default
    assert GAMELAKE.failed_nil_tricks is FailedNilTricks.BAGS
    them = team_result(GAMELAKE, NIL_PARTNER_TOOK_TRICKS, 1)
    assert them.points == 61  # 60 + 1 overtrick


def test_failed_nil_tricks_counting_toward_partner_can_make_the_contract():
    rules = GAMELAKE.but(failed_nil_tricks=FailedNilTricks.PARTNER)
    us = team_result(rules, NIL_PARTNER_TOOK_TRICKS, 0)
    # 4 + 2 = 6 ≥ 5 → +50, 1 overtrick → +1 bag; Nil still failed −100 → −49
    assert us.made is True
    assert (us.points, us.bags) == (-49, 1)


def test_failed_nil_tricks_counting_for_nothing_give_no_bags():
    rules = GAMELAKE.but(failed_nil_tricks=FailedNilTricks.NOTHING)
    us = team_result(rules, NIL_PARTNER_TOOK_TRICKS, 0)
    # 4 < 5 → −50; Nil −100; the 2 tricks are neither counted nor bags → −150
    assert (us.points, us.bags) == (-150, 0)


# --- the end of the game ----------------------------------------------------------------

TO_100 = CLASSIC.but(target=100)


def test_both_teams_over_the_target_the_higher_total_wins():
    hands = [
        # team 0: 3 + 3 = 6, takes 6 → 60; team 1: 6, takes 7 → 61
        Hand(bids=(3, 3, 3, 3), tricks=(3, 3, 3, 4)),
        # team 0: 2 + 2 = 4, takes 8 → 44 → 104; team 1: 4, takes 5 → 41 → 102
        Hand(bids=(2, 2, 2, 2), tricks=(4, 3, 4, 2)),
    ]
    game = replay(TO_100, hands)
    assert game.totals == (104, 102)
    assert (game.over, game.winner, game.reason) == (True, 0, "target")


def test_equal_totals_past_the_target_play_on_as_a_tie():
    hands = [
        Hand(bids=(3, 3, 3, 3), tricks=(3, 3, 3, 4)),  # 60 / 61, as above
        # team 0: 4, takes 7 → 43 → 103; team 1: 4, takes 6 → 42 → 103
        Hand(bids=(2, 2, 2, 2), tricks=(4, 3, 3, 3)),
    ]
    game = replay(TO_100, hands)
    assert game.totals == (103, 103)
    assert (game.over, game.winner, game.reason) == (False, None, "tie")
    assert game.tied
    assert game.next.points_to_win == (0, 0)
    # the next hand decides: team 0 4 takes 7 → 43 → 146; team 1 4 takes 6 → 42 → 145
    game = game.add(Hand(bids=(2, 2, 2, 2), tricks=(4, 3, 3, 3)))
    assert game.totals == (146, 145)
    assert (game.over, game.winner, game.reason) == (True, 0, "target")
    assert not game.tied


def test_a_team_at_exactly_the_floor_ends_the_game():
    # team 1: 5 + 5 = 10, takes 5 → −100, twice → −200 exactly
    # team 0: 3 + 3 = 6, takes 8 → 62, twice → 124
    hand = Hand(bids=(3, 5, 3, 5), tricks=(4, 2, 4, 3))
    game = replay(GAMELAKE, [hand])
    assert game.totals == (62, -100) and not game.over
    game = game.add(hand)
    assert game.totals == (124, -200)
    assert (game.over, game.winner, game.reason) == (True, 0, "floor")


def test_a_team_reaching_the_floor_loses_even_when_the_winner_is_negative():
    hands = [
        # team 0: 5 + 5 = 10, takes 6 → −100; team 1: 10, takes 7 → −100
        Hand(bids=(5, 5, 5, 5), tricks=(3, 4, 3, 3)),
        # team 0: 3 + 2 = 5, takes 4 → −50 → −150; team 1: 10, takes 9 → −100 → −200
        Hand(bids=(3, 5, 2, 5), tricks=(2, 3, 2, 6)),
    ]
    game = replay(GAMELAKE, hands)
    assert game.totals == (-150, -200)
    assert (game.over, game.winner, game.reason) == (True, 0, "floor")


def test_one_team_over_the_target_while_the_other_falls_under_the_floor_ends_it():
    # team 0: 7 + 6 = 13, takes 13 → 130 a hand; team 1: 2 + 1 = 3, takes 0 → −30 a hand
    steady = Hand(bids=(7, 2, 6, 1), tricks=(7, 0, 6, 0))
    game = replay(GAMELAKE, [steady] * 3)
    assert game.totals == (390, -90) and not game.over
    # team 0 → 520; team 1 bids 6 + 6 = 12, takes 0 → −120 → −210
    game = game.add(Hand(bids=(7, 6, 6, 6), tricks=(7, 0, 6, 0)))
    assert game.totals == (520, -210)
    assert game.over and game.winner == 0
    assert game.reason in ("target", "floor")  # both apply: either may name the ending


def test_the_floor_is_only_checked_where_a_preset_sets_one():
    # as above but classic: team 1 at −210 without team 0 reaching 500 plays on
    game = replay(CLASSIC, [Hand(bids=(2, 7, 1, 7), tricks=(1, 6, 0, 6))] * 2)
    # team 0: 2 + 1 = 3, takes 1 → −30, twice −60; team 1: 14, takes 12 → −140, twice −280
    assert game.totals == (-60, -280)
    assert not game.over


# --- 13 tricks, big contracts and house bonuses -----------------------------------------


def test_thirteen_tricks_to_one_team_score_normally_without_a_boston_bonus():
    # team 0: 5 + 5 = 10, takes 13 → 100 + 3 = 103; team 1: 2 + 1 = 3, takes 0 → −30
    game = replay(CLASSIC, [Hand(bids=(5, 2, 5, 1), tricks=(7, 0, 6, 0))])
    assert [t.points for t in game.hands[0].teams] == [103, -30]
    assert game.hands[0].teams[0].bonus_points == 0


def test_thirteen_tricks_earn_the_boston_bonus_when_the_house_rule_is_on():
    rules = CLASSIC.but(boston_bonus=200)
    us = team_result(rules, Hand(bids=(5, 2, 5, 1), tricks=(7, 0, 6, 0)), 0)
    # 100 + 3 + 200 = 303
    assert us.points == 303
    assert us.items[-1].kind == BOSTON and us.items[-1].points == 200
    # twelve tricks are not a Boston: 100 + 2 = 102
    assert team_result(rules, Hand(bids=(5, 2, 5, 1), tricks=(7, 1, 5, 0)), 0).points == 102


def test_a_contract_above_13_is_always_set():
    # team 0: 7 + 7 = 14, takes all 13 → −140; team 1: 2 + 2 = 4, takes 0 → −40
    game = replay(CLASSIC, [Hand(bids=(7, 2, 7, 2), tricks=(7, 0, 6, 0))])
    assert [t.points for t in game.hands[0].teams] == [-140, -40]
    assert game.hands[0].teams[0].made is False


def test_ten_for_200_scores_200_for_a_made_contract_of_10_or_more():
    rules = CLASSIC.but(ten_for_200=True)
    # team 0: 5 + 5 = 10, takes 11 → 200 instead of 100, + 1 bag = 201
    us = team_result(rules, Hand(bids=(5, 1, 5, 1), tricks=(6, 1, 5, 1)), 0)
    assert us.points == 201
    assert (us.items[0].kind, us.items[0].points, us.items[0].amount) == (TEN_FOR_200, 200, 10)
    # set, the bid loses what it would have won, as an ordinary contract does: −200
    us = team_result(rules, Hand(bids=(5, 1, 5, 1), tricks=(5, 2, 4, 2)), 0)
    assert us.points == -200
    # 9 is an ordinary contract: 5 + 4 = 9, takes 11 → 90 + 2 = 92
    assert team_result(rules, Hand(bids=(5, 1, 4, 1), tricks=(6, 1, 5, 1)), 0).points == 92


# --- minimum team bid -------------------------------------------------------------------


def test_min_team_bid_refuses_every_team_under_the_minimum():
    rules = CLASSIC.but(min_team_bid=4)
    # team 0: 2 + 1 = 3 < 4; team 1: 1 + 2 = 3 < 4
    problems = bid_problems(rules, (2, 1, 1, 2))
    assert codes(problems) == {
        ("team_bid_below_minimum", None, 0),
        ("team_bid_below_minimum", None, 1),
    }
    assert all(p.params == {"minimum": 4} for p in problems)
    with pytest.raises(InvalidHand):
        replay(rules, [Hand(bids=(2, 1, 1, 2), tricks=(3, 3, 3, 4))])


def test_min_team_bid_exempts_a_team_with_a_nil_bidder():
    rules = CLASSIC.but(min_team_bid=4)
    # team 0 has a Nil and bids 1 in all; team 1: 2 + 2 = 4 is enough
    assert bid_problems(rules, (NIL, 2, 1, 2)) == []


def test_min_team_bid_is_still_checked_for_a_team_whose_partner_team_has_a_bad_bid():
    rules = CLASSIC.but(min_team_bid=4)
    # seat 0 missing; team 1 bids 1 + 1 = 2 < 4 and is reported at the same time
    problems = bid_problems(rules, (None, 1, 2, 1))
    assert codes(problems) == {("bid_missing", 0, None), ("team_bid_below_minimum", None, 1)}


# --- the team-total input ---------------------------------------------------------------


def test_a_team_total_scores_the_same_as_the_seats_tricks():
    per_seat = Hand(bids=(4, 3, 4, 3), tricks=(5, 2, 4, 2))
    as_totals = Hand(bids=(4, 3, 4, 3), tricks=(None, None, None, None), team_tricks=(9, 4))
    mixed = Hand(bids=(4, 3, 4, 3), tricks=(5, 2, 4, None), team_tricks=(None, 4))
    expected = replay(GAMELAKE, [per_seat])
    # team 0: 8, takes 9 → 81; team 1: 6, takes 4 → −60
    assert expected.totals == (81, -60)
    for hand in (as_totals, mixed):
        game = replay(GAMELAKE, [hand])
        assert game.hands[0].teams == expected.hands[0].teams
        assert game.bags == expected.bags


def test_a_team_total_beside_a_nil_team_scores_the_same_as_the_seats_tricks():
    per_seat = Hand(bids=(NIL, 3, 4, 3), tricks=(1, 3, 5, 4))
    mixed = Hand(bids=(NIL, 3, 4, 3), tricks=(1, None, 5, None), team_tricks=(None, 7))
    # team 0: 5 ≥ 4 → 40 + 1; Nil took 1 → −100 + 1 bag: −58; team 1: 6, takes 7 → 61
    expected = replay(GAMELAKE, [per_seat])
    assert expected.totals == (-58, 61)
    assert replay(GAMELAKE, [mixed]).hands[0].teams == expected.hands[0].teams
