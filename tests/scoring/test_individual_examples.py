"""Individual play, the worked examples of docs/rules.md#worked-examples-without-partners:
cut-throat, three players and two players.

The arithmetic of each figure is in a comment or docstring beside it; the seats' names are
testsupport.engine's, as in test_individual.py.
"""

from dataclasses import replace

import pytest

from scoring import (
    BAG_PENALTY,
    BAGS,
    BLIND_NIL,
    BLIND_NIL_ITEM,
    CONTRACT,
    NIL,
    NIL_ITEM,
    BagMode,
    Game,
    Hand,
    InvalidHand,
    Rules,
    bid_problems,
    blind_nil_allowed,
    new_game,
    replay,
)
from testsupport.engine import ANA, BIA, CAIO, CUTTHROAT, THREE, TWO, A, B, codes


def standing(rules: Rules, totals: tuple[int, ...], bags: tuple[int, ...]) -> Game:
    """A game with no hand recorded that stands at these totals and bag counts.

    Only for a standing that no sequence of hands can reach (see the two-handed example).
    """
    return replace(new_game(rules), totals=totals, bags=bags)


# --- the worked examples ----------------------------------------------------------------


def test_worked_example_three_handed_ana_5_bia_nil_caio_6_take_8_1_8():
    """Three-handed, 17 tricks, everybody at 0 bags; 8 + 1 + 8 = 17.

    Ana bid 5, took 8: 10 × 5 = 50, 3 overtricks → +3 and 3 bags: +53.
    Bia bid Nil, took 1: −100, and the trick is a bag → +1: −99, 1 bag.
    Caio bid 6, took 8: 10 × 6 = 60, 2 overtricks → +2 and 2 bags: +62.
    """
    game = replay(THREE, [Hand(bids=(5, NIL, 6), tricks=(8, 1, 8))])
    ana, bia, caio = game.hands[0].teams
    assert [(i.kind, i.points) for i in ana.items] == [(CONTRACT, 50), (BAGS, 3)]
    assert [(i.kind, i.points) for i in bia.items] == [(BAGS, 1), (NIL_ITEM, -100)]
    assert [(i.kind, i.points) for i in caio.items] == [(CONTRACT, 60), (BAGS, 2)]
    assert (ana.points, bia.points, caio.points) == (53, -99, 62)
    assert game.totals == (53, -99, 62)
    assert game.bags == (3, 1, 2)
    assert bia.contract == 0 and bia.made is None
    assert not game.over


# Cut-throat, four players; each hand's bids and tricks are for A, B, C and D (seats 0-3).
CUTTHROAT_TO_468_455_470_300 = [
    # A 1, took 9: 10 + 8 = 18, 8 bags; B 1/1 → 10; C 1/1 → 10; D 2/2 → 20 (9 + 1 + 1 + 2)
    Hand(bids=(1, 1, 1, 2), tricks=(9, 1, 1, 2)),
    # A 2/2 → 20; B 1, took 6: 10 + 5 = 15, 5 bags; C 3/3 → 30; D 2/2 → 20 (2 + 6 + 3 + 2)
    Hand(bids=(2, 1, 3, 2), tricks=(2, 6, 3, 2)),
    # totals so far 38, 25, 40, 40; from here every bid is made exactly or a Nil is made
    # A 7 → 70; B and C Nil → +100 each; D 6 → 60 (7 + 0 + 0 + 6)
    Hand(bids=(7, NIL, NIL, 6), tricks=(7, 0, 0, 6)),
    # A and C Nil → +100 each; B 8 → 80; D 5 → 50 (0 + 8 + 0 + 5)
    Hand(bids=(NIL, 8, NIL, 5), tricks=(0, 8, 0, 5)),
    # A and B Nil → +100 each; C 8 → 80; D 5 → 50
    Hand(bids=(NIL, NIL, 8, 5), tricks=(0, 0, 8, 5)),
    # A 6 → 60; B and C Nil → +100 each; D 7 → 70
    Hand(bids=(6, NIL, NIL, 7), tricks=(6, 0, 0, 7)),
    # A Nil → +100; B 5 → 50; C 5 → 50; D 3 → 30
    Hand(bids=(NIL, 5, 5, 3), tricks=(0, 5, 5, 3)),
    # A 38 + 70 + 100 + 100 + 60 + 100 = 468; B 25 + 100 + 80 + 100 + 100 + 50 = 455;
    # C 40 + 100 + 100 + 80 + 100 + 50 = 470; D 40 + 60 + 50 + 50 + 70 + 30 = 300
]
# A 4/4, B 5 taking 6, C 3 taking 2, D 2 taking 1 (4 + 6 + 2 + 1 = 13)
CUTTHROAT_LAST_HAND = Hand(bids=(4, 5, 3, 2), tricks=(4, 6, 2, 1))


def test_worked_example_cutthroat_a_and_b_both_pass_500_and_the_higher_wins():
    """Cut-throat to 500 from A 468, B 455, C 470, D 300 (bags 8, 5, 0, 0: none reaches 10).

    A bid 4, took 4: +40 → 508. B bid 5, took 6: 50 + 1 = +51 → 506 (6 bags).
    C bid 3, took 2: set, −30 → 440. D bid 2, took 1: set, −20 → 280.
    A and B are both past 500: the single highest total, A's 508, wins.
    """
    game = replay(CUTTHROAT, CUTTHROAT_TO_468_455_470_300)
    assert game.totals == (468, 455, 470, 300)
    assert game.bags == (8, 5, 0, 0)
    assert not game.over
    game = game.add(CUTTHROAT_LAST_HAND)
    assert [t.points for t in game.hands[-1].teams] == [40, 51, -30, -20]
    assert game.totals == (508, 506, 440, 280)
    assert game.bags == (8, 6, 0, 0)
    assert (game.over, game.winner, game.reason) == (True, A, "target")
    assert game.places == (1, 2, 3, 4)


def test_worked_example_cutthroat_with_b_at_457_a_and_b_share_the_top_and_play_on():
    """As above, but B took 8 on a bid of 1 in the second hand (10 + 7 = 17, 7 bags) and C bid
    1 instead of 3 (+10, not +30): A 468, B 457, C 450, D 300, 13 tricks still (2 + 8 + 1 + 2).

    The same last hand: A 468 + 40 = 508, B 457 + 51 = 508 (8 bags): equal highest totals,
    nobody wins, another hand is played. C 450 − 30 = 420, D 280.
    """
    hands = list(CUTTHROAT_TO_468_455_470_300)
    hands[1] = Hand(bids=(2, 1, 1, 2), tricks=(2, 8, 1, 2))
    game = replay(CUTTHROAT, hands)
    assert game.totals == (468, 457, 450, 300)
    game = game.add(CUTTHROAT_LAST_HAND)
    assert game.totals == (508, 508, 420, 280)
    assert (game.over, game.winner, game.reason) == (False, None, "tie")
    assert game.tied
    assert game.places == (1, 1, 3, 4)
    assert game.next is not None and game.next.points_to_win == (0, 0, 80, 220)


def test_worked_example_cutthroat_one_player_at_the_floor_ends_it_for_the_highest_total():
    """Cut-throat with a −200 floor, D standing at −185 and everybody else below 500.

    First hand: D bid 9 and took nothing, −90; A 5, B 4, C 4 made exactly (50, 40, 40).
    Second hand: D bid Nil and took 5: −100 + 5 bags = −95 → −185, 5 bags; A 3, B 3, C 2 made
    exactly → 80, 70, 60. Then the worked example's hand: A +40 → 120, B +51 → 121,
    C −30 → 30, D −20 → −205, at or below the floor: the game ends and B, the highest of the
    totals, wins at once, nowhere near 500.
    """
    rules = CUTTHROAT.but(floor=-200)
    game = replay(
        rules,
        [
            Hand(bids=(5, 4, 4, 9), tricks=(5, 4, 4, 0)),
            Hand(bids=(3, 3, 2, NIL), tricks=(3, 3, 2, 5)),
        ],
    )
    assert game.totals == (80, 70, 60, -185)
    assert game.bags == (0, 0, 0, 5)
    game = game.add(CUTTHROAT_LAST_HAND)
    assert game.totals == (120, 121, 30, -205)
    assert (game.over, game.winner, game.reason) == (True, B, "floor")


def test_worked_example_two_handed_north_fails_blind_nil_and_south_pays_the_bag_penalty():
    """Two-handed: North 180 (1 bag) bids Blind Nil, South 310 (7 bags) bids 6; they take
    2 and 11 (2 + 11 = 13).

    North: −200 for the failed Blind Nil, + 2 for the 2 bags: −198 → −18, 1 + 2 = 3 bags.
    South: 10 × 6 = 60, + 5 for 5 overtricks = 65; 7 + 5 = 12 bags → −100 and 2 carried:
    65 − 100 = −35 → 275. With `reset` the same −100 is paid and the count goes to 0.
    North was 310 − 180 = 130 behind, and The Spruce's two players may bid Blind Nil at any score.

    The last digit of a total always equals its bag count's under these rules (every other
    figure moves in tens, a penalty takes 100 points and 10 bags), so no game reaches 180 with
    1 bag: the standing is set directly here, and reached through play in the next test.
    """
    for mode, south_bags in ((BagMode.CARRY, 2), (BagMode.RESET, 0)):
        rules = TWO.but(bag_mode=mode)
        game = standing(rules, (180, 310), (1, 7))
        assert game.next is not None and game.next.blind_nil_allowed == (True, True)
        game = game.add(Hand(bids=(BLIND_NIL, 6), tricks=(2, 11)))
        north, south = game.hands[0].teams
        assert [(i.kind, i.points) for i in north.items] == [(BAGS, 2), (BLIND_NIL_ITEM, -200)]
        assert [(i.kind, i.points) for i in south.items] == [
            (CONTRACT, 60),
            (BAGS, 5),
            (BAG_PENALTY, -100),
        ]
        assert (north.points, south.points) == (-198, -35)
        assert game.totals == (-18, 275)
        assert game.bags == (3, south_bags)


def test_worked_example_two_handed_played_from_the_first_hand_to_181_and_317():
    """The same hand from a standing that play can reach: North 181 (1 bag), South 317 (7 bags).

    North −200 + 2 = −198 → −17, 1 + 2 = 3 bags; South 60 + 5 − 100 = −35 → 282, 2 bags.
    """
    hands = [
        Hand(bids=(5, 7), tricks=(6, 7)),  # North 50 + 1 = 51 (1 bag); South 70
        Hand(bids=(5, 1), tricks=(5, 8)),  # North 50 → 101; South 10 + 7 = 17 → 87 (7 bags)
        Hand(bids=(8, 5), tricks=(8, 5)),  # North 80 → 181; South 50 → 137
        Hand(bids=(NIL, 13), tricks=(0, 13)),  # North +100 → 281; South 130 → 267
        Hand(bids=(10, 5), tricks=(8, 5)),  # North set, −100 → 181; South 50 → 317
    ]
    game = replay(TWO, hands)
    assert game.totals == (181, 317)
    assert game.bags == (1, 7)
    # North −198 → −17 (3 bags); South 65 − 100 = −35 → 282 (2 bags)
    game = game.add(Hand(bids=(BLIND_NIL, 6), tricks=(2, 11)))
    assert [t.points for t in game.hands[-1].teams] == [-198, -35]
    assert game.totals == (-17, 282)
    assert game.bags == (3, 2)


# Three-handed, 17 tricks: a game that reaches Ana 250, Bia 180, Caio 140 with no bag, and no
# hand whose bids add up to 17, so it can be played under either reading of that rule.
THREE_TO_250_180_140 = [
    # Ana Nil → +100; Bia 8 taking 7: set, −80; Caio 10/10 → 100 (0 + 7 + 10; bids 18)
    Hand(bids=(NIL, 8, 10), tricks=(0, 7, 10)),
    # Ana 1 taking 0: −10 → 90; Bia 8/8 → 0; Caio 9/9 → 190 (0 + 8 + 9; bids 18)
    Hand(bids=(1, 8, 9), tricks=(0, 8, 9)),
    # Ana 7/7 → 160; Bia 10/10 → 100; Caio 1 taking 0: −10 → 180 (7 + 10 + 0; bids 18)
    Hand(bids=(7, 10, 1), tricks=(7, 10, 0)),
    # Ana 9/9 → 250; Bia 8/8 → 180; Caio 4 taking 0: −40 → 140 (9 + 8 + 0; bids 21)
    Hand(bids=(9, 8, 4), tricks=(9, 8, 0)),
]
NO_TOTAL = THREE.but(bids_may_total_tricks=False)


def three_at_250_180_140(rules: Rules = NO_TOTAL) -> Game:
    """The three-handed game at Ana 250, Bia 180, Caio 140, Caio to deal the next hand."""
    # Bia dealt the first of the four hands: Caio, Ana, Bia, then Caio again.
    game = replay(rules, THREE_TO_250_180_140, first_dealer=BIA)
    assert game.totals == (250, 180, 140)
    assert game.bags == (0, 0, 0)
    assert game.next is not None and game.next.dealer == CAIO
    return game


def test_worked_example_three_handed_blind_nil_only_100_behind_the_leader():
    """Blind Nil when 100 behind, measured against the leader, at Ana 250, Bia 180, Caio 140.

    Caio: 250 − 140 = 110 ≥ 100, allowed. Bia: 250 − 180 = 70, refused.
    Ana leads: the highest other total is Bia's 180, 180 − 250 = −70, refused.
    """
    game = three_at_250_180_140()
    assert game.next.blind_nil_allowed == (False, False, True)
    assert [blind_nil_allowed(NO_TOTAL, s, game.totals) for s in NO_TOTAL.sides] == [
        False,
        False,
        True,
    ]
    # Caio's Blind Nil is taken (5 + 6 + 6 = 17 tricks; bids 5 + 6 = 11)
    game.add(Hand(bids=(5, 6, BLIND_NIL), tricks=(5, 6, 6)))
    bia = game.problems(Hand(bids=(5, BLIND_NIL, 6), tricks=(6, 0, 11)))
    assert codes(bia) == {("blind_nil_not_behind", BIA, None)}
    assert bia[0].params == {"deficit": 100, "behind": 70}
    ana = game.problems(Hand(bids=(BLIND_NIL, 5, 6), tricks=(0, 6, 11)))
    assert codes(ana) == {("blind_nil_not_behind", ANA, None)}
    assert ana[0].params == {"deficit": 100, "behind": -70}


def test_worked_example_three_handed_bids_of_6_5_6_are_refused_on_the_dealers_bid():
    # 6 + 5 + 6 = 17 = the hand's tricks; Caio deals, so Caio bids last and must change
    game = three_at_250_180_140()
    problems = game.problems(Hand(bids=(6, 5, 6), tricks=(6, 5, 6)))
    assert codes(problems) == {("bids_total_tricks", CAIO, None)}
    assert problems[0].params == {"total": 17}
    with pytest.raises(InvalidHand) as caught:
        game.add(Hand(bids=(6, 5, 6), tricks=(6, 5, 6)))
    assert caught.value.number == 5
    # where the bids may add up to the tricks, the same hand is played
    assert three_at_250_180_140(THREE).add(Hand(bids=(6, 5, 6), tricks=(6, 5, 6))).totals == (
        310,
        230,
        200,
    )


def test_worked_example_three_handed_tricks_of_6_5_5_are_refused():
    # 6 + 5 + 5 = 16, not 17
    problems = three_at_250_180_140().problems(Hand(bids=(6, 5, 5), tricks=(6, 5, 5)))
    assert codes(problems) == {("tricks_total", None, None)}
    assert problems[0].params == {"total": 16}


def test_worked_example_three_handed_a_bid_of_18_is_out_of_range():
    problems = three_at_250_180_140().problems(Hand(bids=(18, 5, 6), tricks=(6, 5, 6)))
    assert codes(problems) == {("bid_out_of_range", ANA, None)}
    # 17 is the most a player may bid with 17 tricks (17 + Nil + Nil are 17: the rule on totals)
    assert bid_problems(THREE, (17, NIL, NIL)) == []


def test_the_refusals_of_a_three_handed_hand_are_named_all_at_once():
    # Ana bids 18, Bia a Blind Nil she may not, tricks 6 + 5 + 5 = 16
    problems = three_at_250_180_140().problems(Hand(bids=(18, BLIND_NIL, 6), tricks=(6, 5, 5)))
    assert codes(problems) == {
        ("bid_out_of_range", ANA, None),
        ("blind_nil_not_behind", BIA, None),
        ("tricks_total", None, None),
    }
