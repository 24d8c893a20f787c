"""Every worked example of docs/rules.md#worked-examples-for-teams.

Expected figures are worked out by hand from the rules, the arithmetic in a comment beside them.
Seats are 0-3 clockwise, partners opposite: team 0 is seats 0 & 2, team 1 is seats 1 & 3.
"""

import pytest

from scoring import PRESETS, Game, Hand, new_game, replay

CLASSIC = PRESETS["classic"].rules  # seed 000
GAMELAKE = PRESETS["gamelake"].rules  # seed 002
SPRUCE = PRESETS["spruce"].rules  # seed 004


def team_at_337_with_7_bags() -> Game:
    """A classic game where team 0 stands at 337 points with 7 bags, built from four hands.

    Team 0 makes contracts of 8, 8, 8 and 9 with 2, 2, 2 and 1 overtricks:
    82 + 82 + 82 + 91 = 337 points and 2 + 2 + 2 + 1 = 7 bags, no penalty on the way.
    Team 1 bids 2 + 1 = 3 every hand and takes exactly 3: +30 a hand, no bags.
    """
    hands = [
        # team 0: 4 + 4 = 8, takes 5 + 5 = 10; team 1: 2 + 1 = 3, takes 2 + 1 = 3
        Hand(bids=(4, 2, 4, 1), tricks=(5, 2, 5, 1)),
        Hand(bids=(4, 2, 4, 1), tricks=(5, 2, 5, 1)),
        Hand(bids=(4, 2, 4, 1), tricks=(5, 2, 5, 1)),
        # team 0: 5 + 4 = 9, takes 5 + 5 = 10
        Hand(bids=(5, 2, 4, 1), tricks=(5, 2, 5, 1)),
    ]
    game = replay(CLASSIC, hands)
    assert game.totals == (337, 120)  # 30 × 4 = 120 for team 1
    assert game.bags == (7, 0)
    assert not game.over
    return game


@pytest.mark.parametrize(
    ("team0_tricks", "points", "total", "bags"),
    [
        # 5 bid, 7 taken: 10 × 5 + 2 = 52; 337 + 52 = 389; 7 + 2 = 9 bags
        (7, 52, 389, 9),
        # 8 taken: 50 + 3 = 53, 7 + 3 = 10 bags → −100, 0 left; 337 + 53 − 100 = 290
        (8, -47, 290, 0),
        # 9 taken: 50 + 4 = 54, 7 + 4 = 11 bags → −100, 1 left; 337 + 54 − 100 = 291
        (9, -46, 291, 1),
    ],
)
def test_seed_000_team_at_337_with_7_bags_bidding_5(team0_tricks, points, total, bags):
    game = team_at_337_with_7_bags()
    # Team 0 bids 3 + 2 = 5; team 1 bids 2 + 2 = 4 and takes whatever is left of the 13.
    rest = 13 - team0_tricks
    hand = Hand(bids=(3, 2, 2, 2), tricks=(team0_tricks - 2, rest - 2, 2, 2))
    result = game.add(hand).hands[-1].teams[0]
    assert result.points == points
    assert result.total == total
    assert result.bags == bags


def test_seed_000_scores_the_hand_as_plus_52_53_54_before_the_bag_penalty():
    game = team_at_337_with_7_bags()
    for team0_tricks, before_penalty in ((7, 52), (8, 53), (9, 54)):
        rest = 13 - team0_tricks
        hand = Hand(bids=(3, 2, 2, 2), tricks=(team0_tricks - 2, rest - 2, 2, 2))
        result = game.add(hand).hands[-1].teams[0]
        # 10 × 5 for the contract plus one point per overtrick
        assert result.contract_points + result.bag_points == before_penalty


def test_seed_000_south_deals_west_3_north_1_east_4_south_4_contracts_are_5_and_7():
    # South deals and West bids first: with South at seat 0, West is 1, North 2, East 3.
    south, west, north, east = 0, 1, 2, 3
    bids = [0, 0, 0, 0]
    bids[west], bids[north], bids[east], bids[south] = 3, 1, 4, 4
    hand = Hand(bids=tuple(bids))
    assert hand.contract(0) == 5  # North/South: 1 + 4
    assert hand.contract(1) == 7  # East/West: 4 + 3
    # The player left of the dealer (clockwise) bids first.
    assert new_game(CLASSIC, first_dealer=south).next.first_bidder == west


def test_seed_002_contract_of_4_plus_3_taking_9_scores_72():
    # 4 + 3 = 7, 9 taken: 10 × 7 + 2 = 72, 2 bags
    game = replay(GAMELAKE, [Hand(bids=(4, 3, 3, 3), tricks=(5, 2, 4, 2))])
    us = game.hands[0].teams[0]
    assert us.contract == 7
    assert us.points == 72
    assert us.bags == 2


def test_seed_002_contract_of_4_plus_3_taking_6_scores_minus_70():
    # 4 + 3 = 7, 6 taken: −10 × 7 = −70, and a set contract gives no bags
    game = replay(GAMELAKE, [Hand(bids=(4, 3, 3, 3), tricks=(3, 4, 3, 3))])
    us = game.hands[0].teams[0]
    assert us.points == -70
    assert us.bags == 0
    assert us.made is False


def test_seed_002_contract_of_6_taking_5_scores_minus_60():
    # 3 + 3 = 6, 5 taken: −10 × 6 = −60
    game = replay(GAMELAKE, [Hand(bids=(3, 4, 3, 4), tricks=(3, 4, 2, 4))])
    assert game.hands[0].teams[0].points == -60


def test_seed_004_bidding_5_and_taking_7_scores_52():
    # Beth and David (team 1) bid 5 and take 7: 50 for the bid + 2 for the bags = 52
    game = replay(SPRUCE, [Hand(bids=(3, 3, 3, 2), tricks=(3, 4, 3, 3))])
    assert game.hands[0].teams[1].points == 52
    assert game.hands[0].teams[1].bags == 2


def test_seed_004_bags_of_3_3_and_5_over_three_hands_cost_100_in_the_third_and_carry_1():
    hands = [
        # team 0 bids 2 + 2 = 4, takes 7: 40 + 3 = 43, bags 3
        Hand(bids=(2, 3, 2, 3), tricks=(4, 3, 3, 3)),
        # team 0 bids 2 + 1 = 3, takes 6: 30 + 3 = 33, bags 3 + 3 = 6
        Hand(bids=(2, 3, 1, 3), tricks=(3, 4, 3, 3)),
        # team 0 bids 2 + 2 = 4, takes 9: 40 + 5 = 45, bags 6 + 5 = 11 → −100, 1 carried
        Hand(bids=(2, 3, 2, 3), tricks=(5, 2, 4, 2)),
    ]
    game = replay(SPRUCE, hands)
    ours = [h.teams[0] for h in game.hands]
    assert [t.points for t in ours] == [43, 33, -55]  # 45 − 100 = −55
    assert [t.bags for t in ours] == [3, 6, 1]
    assert [t.bag_penalty for t in ours] == [0, 0, -100]
    assert game.totals[0] == 21  # 43 + 33 − 55
