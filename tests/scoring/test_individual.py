"""Individual play: cut-throat, three players and two players (RULES.md, last section).

Expected figures are worked out by hand, the arithmetic in a comment or docstring beside them.
Without partners every seat is a side of its own, numbered as the seat: in a three-handed game
Ana, Bia and Caio sit at seats 0, 1 and 2; in a two-handed one North is 0 and South 1.
"""

import json
from dataclasses import dataclass, fields, replace

import pytest

from scoring import (
    ALL_PRESETS,
    BAG_PENALTY,
    BAGS,
    BLIND_NIL,
    BLIND_NIL_ITEM,
    BOSTON,
    CONTRACT,
    INDIVIDUAL_PRESETS,
    NIL,
    NIL_ITEM,
    PRESETS,
    BagMode,
    FailedNilTricks,
    Game,
    Hand,
    InvalidHand,
    InvalidRules,
    Rules,
    SetScores,
    bid_problems,
    blind_nil_allowed,
    fill_in_tricks,
    hand_problems,
    new_game,
    replay,
    trick_problems,
)

CUTTHROAT = INDIVIDUAL_PRESETS["cutthroat"].rules
THREE = INDIVIDUAL_PRESETS["three_handed"].rules
TWO = INDIVIDUAL_PRESETS["two_handed"].rules
ANA, BIA, CAIO = 0, 1, 2
NORTH, SOUTH = 0, 1
A, B, C, D = 0, 1, 2, 3


def codes(problems) -> set[tuple]:
    """The problems as (code, seat, team) triples, order aside, for comparing with a set."""
    return {(p.code, p.seat, p.team) for p in problems}


def standing(rules: Rules, totals: tuple[int, ...], bags: tuple[int, ...]) -> Game:
    """A game with no hand recorded that stands at these totals and bag counts.

    Only for a standing that no sequence of hands can reach (see the two-handed example).
    """
    return replace(new_game(rules), totals=totals, bags=bags)


# --- the presets --------------------------------------------------------------------------

# Every parameter of the three new presets, straight from the RULES.md table; the house rules
# the table does not name are off, as in every source.
ALONE = {
    "partnership": False,
    "target": 500,
    "floor": None,
    "nil_bonus": 100,
    "blind_nil_bonus": 200,
    "bag_limit": 10,
    "bag_penalty": 100,
    "bag_mode": "carry",
    "failed_nil_tricks": "bags",
    "min_team_bid": 0,
    "ten_for_200": False,
    "boston_bonus": 0,
    "bids_may_total_tricks": True,
    "set_scores": "minus",
}
EXPECTED_RULES = {
    "cutthroat": {
        **ALONE,
        "players": 4,
        "tricks_per_hand": 13,
        "blind_nil_deficit": 100,
        "blind_nil_exchange": 0,
    },
    "three_handed": {
        **ALONE,
        "players": 3,
        "tricks_per_hand": 17,
        "blind_nil_deficit": 100,
        "blind_nil_exchange": 0,
    },
    "two_handed": {
        **ALONE,
        "players": 2,
        "tricks_per_hand": 13,
        "blind_nil_deficit": None,
        # The Spruce: a Double Nil bidder may swap 3 cards for discards.
        "blind_nil_exchange": 3,
    },
}


def test_the_individual_presets_are_the_three_stable_keys_apart_from_the_partnership_ones():
    assert list(INDIVIDUAL_PRESETS) == ["cutthroat", "three_handed", "two_handed"]
    assert list(PRESETS) == ["gamelake", "gamelake_short", "classic", "espadas", "spruce"]
    assert list(ALL_PRESETS) == list(PRESETS) + list(INDIVIDUAL_PRESETS)
    for key, preset in ALL_PRESETS.items():
        assert preset.key == key
        assert preset.rules.partnership == (key in PRESETS)


def test_the_expected_table_names_every_rules_parameter():
    # Guards the table above: a new Rules field must be given a value for every preset.
    names = {f.name for f in fields(Rules)}
    for expected in EXPECTED_RULES.values():
        assert set(expected) == names


@pytest.mark.parametrize("key", list(EXPECTED_RULES))
def test_each_individual_preset_has_the_parameters_of_the_rules_table(key):
    rules = INDIVIDUAL_PRESETS[key].rules
    for name, value in EXPECTED_RULES[key].items():
        assert getattr(rules, name) == value, name
    assert rules.to_dict() == EXPECTED_RULES[key]


def test_every_preset_has_its_own_one_line_name_and_description():
    names = [p.name for p in ALL_PRESETS.values()]
    assert len(set(names)) == len(names)
    for preset in INDIVIDUAL_PRESETS.values():
        assert preset.name.strip() and "\n" not in preset.name
        assert preset.description.strip() and "\n" not in preset.description


# --- rules as values --------------------------------------------------------------------


def test_the_partnership_game_has_two_sides_of_two_seats_each():
    rules = PRESETS["gamelake"].rules
    assert (rules.players, rules.partnership, rules.tricks_per_hand) == (4, True, 13)
    assert rules.seats == (0, 1, 2, 3)
    assert rules.sides == (0, 1)
    assert [rules.side_of(s) for s in rules.seats] == [0, 1, 0, 1]
    assert [rules.seats_of(t) for t in rules.sides] == [(0, 2), (1, 3)]


@pytest.mark.parametrize(("rules", "players"), [(CUTTHROAT, 4), (THREE, 3), (TWO, 2)])
def test_without_partners_every_seat_is_a_side_of_its_own(rules, players):
    assert rules.seats == rules.sides == tuple(range(players))
    assert [rules.side_of(s) for s in rules.seats] == list(rules.seats)
    assert [rules.seats_of(s) for s in rules.sides] == [(s,) for s in rules.seats]


@pytest.mark.parametrize(
    "changes",
    [
        {"players": 5},
        {"players": 1},
        {"players": "3"},
        {"players": 3},  # still in partnership
        {"players": 3, "partnership": False, "tricks_per_hand": 19},  # 54 cards: 18 each
        {"players": 2, "partnership": False, "tricks_per_hand": 28},  # 27 each at most
        {"tricks_per_hand": 0},
        {"tricks_per_hand": 14},  # four players: 13 each at most
        {"set_scores": "half"},
    ],
)
def test_a_table_that_cannot_be_played_is_invalid_rules(changes):
    with pytest.raises(InvalidRules):
        PRESETS["gamelake"].rules.but(**changes)


def test_three_players_with_two_jokers_may_play_18_tricks():
    assert THREE.but(tricks_per_hand=18).tricks_per_hand == 18


@pytest.mark.parametrize("key", list(ALL_PRESETS))
def test_every_preset_round_trips_through_json(key):
    rules = ALL_PRESETS[key].rules.but(set_scores=SetScores.ZERO, bids_may_total_tricks=False)
    assert Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules


def test_rules_stored_before_individual_play_read_back_as_the_partnership_game():
    stored = PRESETS["classic"].rules.to_dict()
    for name in ("players", "partnership", "tricks_per_hand", "bids_may_total_tricks"):
        del stored[name]
    del stored["set_scores"]
    assert Rules.from_dict(stored) == PRESETS["classic"].rules


# --- hands ------------------------------------------------------------------------------


def test_a_hand_entered_with_bids_only_has_a_blank_count_for_each_of_its_seats():
    assert Hand(bids=(5, NIL, 6)).tricks == (None, None, None)
    assert Hand(bids=(3, 3)).tricks == (None, None)
    assert Hand(bids=(3, 3, 3, 3)) == Hand(bids=(3, 3, 3, 3), tricks=(None,) * 4)


def test_a_hand_says_each_players_contract_and_tricks_under_its_rules():
    hand = Hand(bids=(5, NIL, 6), tricks=(8, 1, 8))
    assert [hand.contract(s, THREE) for s in THREE.sides] == [5, 0, 6]
    assert [hand.taken(s, THREE) for s in THREE.sides] == [8, 1, 8]


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


# --- whole games ------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One hand of a walked game and the state expected after it."""

    hand: Hand
    totals: tuple[int, ...]
    bags: tuple[int, ...]
    reason: str | None = None


@dataclass(frozen=True)
class Walk:
    """A whole game under one individual preset, and how it must end."""

    preset: str
    steps: tuple[Step, ...]
    winner: int
    reason: str


WALKS = [
    Walk(
        "cutthroat",
        (
            # A and B Nil → +100 each; C 6/6 → 60; D 7/7 → 70 (0 + 0 + 6 + 7 = 13)
            Step(Hand(bids=(NIL, NIL, 6, 7), tricks=(0, 0, 6, 7)), (100, 100, 60, 70), (0,) * 4),
            # A Nil → 200; B 6/6 → 160; C 7/7 → 130; D 5 taking 0: −50 → 20
            Step(Hand(bids=(NIL, 6, 7, 5), tricks=(0, 6, 7, 0)), (200, 160, 130, 20), (0,) * 4),
            # D is 200 − 20 = 180 behind the leader: Blind Nil made, +200 → 220;
            # A 4/4 → 240; B 5/5 → 210; C 4/4 → 170
            Step(
                Hand(bids=(4, 5, 4, BLIND_NIL), tricks=(4, 5, 4, 0)),
                (240, 210, 170, 220),
                (0,) * 4,
            ),
            # A and B Nil → 340, 310; C 6/6 → 230; D 7/7 → 290
            Step(Hand(bids=(NIL, NIL, 6, 7), tricks=(0, 0, 6, 7)), (340, 310, 230, 290), (0,) * 4),
            # A, B and C Nil → 440, 410, 330; D 13/13 → 420
            Step(
                Hand(bids=(NIL, NIL, NIL, 13), tricks=(0, 0, 0, 13)),
                (440, 410, 330, 420),
                (0,) * 4,
            ),
            # A 7/7 → 510; B Nil → 510; C 3/3 → 360; D 3/3 → 450: A and B share the top
            # past 500, so nobody wins yet
            Step(
                Hand(bids=(7, NIL, 3, 3), tricks=(7, 0, 3, 3)),
                (510, 510, 360, 450),
                (0,) * 4,
                "tie",
            ),
            # A 4/4 → 550; B 4 taking 3: −40 → 470; C 3/3 → 390; D 2 taking 3: 21 → 471, 1 bag
            Step(
                Hand(bids=(4, 4, 3, 2), tricks=(4, 3, 3, 3)),
                (550, 470, 390, 471),
                (0, 0, 0, 1),
                "target",
            ),
        ),
        winner=A,
        reason="target",
    ),
    Walk(
        "three_handed",
        (
            # Ana 6/6 → 60; Bia 5 taking 6: 51, 1 bag; Caio 5/5 → 50 (6 + 6 + 5 = 17)
            Step(Hand(bids=(6, 5, 5), tricks=(6, 6, 5)), (60, 51, 50), (0, 1, 0)),
            # Ana Nil → 160; Bia 9/9 → 141; Caio 8/8 → 130
            Step(Hand(bids=(NIL, 9, 8), tricks=(0, 9, 8)), (160, 141, 130), (0, 1, 0)),
            # Ana 10/10 → 260; Bia Nil taking 1: −100 + 1 = −99 → 42, 2 bags;
            # Caio 7 taking 6: −70 → 60 (10 + 1 + 6 = 17)
            Step(Hand(bids=(10, NIL, 7), tricks=(10, 1, 6)), (260, 42, 60), (0, 2, 0)),
            # Bia is 260 − 42 = 218 behind the leader: Blind Nil made, +200 → 242;
            # Ana 8 taking 9: 81 → 341, 1 bag; Caio 8/8 → 140 (9 + 0 + 8 = 17)
            Step(Hand(bids=(8, BLIND_NIL, 8), tricks=(9, 0, 8)), (341, 242, 140), (1, 2, 0)),
            # Ana Nil → 441; Bia 9/9 → 332; Caio 8/8 → 220
            Step(Hand(bids=(NIL, 9, 8), tricks=(0, 9, 8)), (441, 332, 220), (1, 2, 0)),
            # Ana 6 taking 8: 62 → 503, 3 bags; Bia 5/5 → 382; Caio 4/4 → 260 (8 + 5 + 4 = 17)
            Step(Hand(bids=(6, 5, 4), tricks=(8, 5, 4)), (503, 382, 260), (3, 2, 0), "target"),
        ),
        winner=ANA,
        reason="target",
    ),
    Walk(
        "two_handed",
        (
            # North 6 taking 7: 61, 1 bag; South 6/6 → 60 (7 + 6 = 13)
            Step(Hand(bids=(6, 6), tricks=(7, 6)), (61, 60), (1, 0)),
            # North Blind Nil made (allowed at any score) → 261; South 13/13 → 190
            Step(Hand(bids=(BLIND_NIL, 13), tricks=(0, 13)), (261, 190), (1, 0)),
            # North 7/7 → 331; South 6/6 → 250
            Step(Hand(bids=(7, 6), tricks=(7, 6)), (331, 250), (1, 0)),
            # North 7 taking 5: −70 → 261; South Blind Nil taking 8: −200 + 8 = −192 → 58,
            # 8 bags (5 + 8 = 13)
            Step(Hand(bids=(7, BLIND_NIL), tricks=(5, 8)), (261, 58), (1, 8)),
            # North Nil → 361; South 10 taking 13: 100 + 3 = 103, 8 + 3 = 11 bags → −100, 1
            # carried: 3 → 61
            Step(Hand(bids=(NIL, 10), tricks=(0, 13)), (361, 61), (1, 1)),
            # North Blind Nil made → 561; South 13/13 → 191
            Step(Hand(bids=(BLIND_NIL, 13), tricks=(0, 13)), (561, 191), (1, 1), "target"),
        ),
        winner=NORTH,
        reason="target",
    ),
]


@pytest.mark.parametrize("walk", WALKS, ids=[w.preset for w in WALKS])
def test_each_individual_preset_plays_a_whole_game_to_a_winner(walk):
    game = new_game(INDIVIDUAL_PRESETS[walk.preset].rules)
    for number, step in enumerate(walk.steps, start=1):
        assert not game.over, f"over before hand {number}"
        game = game.add(step.hand)
        assert game.totals == step.totals, f"totals after hand {number}"
        assert game.bags == step.bags, f"bags after hand {number}"
        assert game.reason == step.reason, f"reason after hand {number}"
    assert game.over
    assert game.winner == walk.winner
    assert game.reason == walk.reason
    assert game.next is None
    assert [p.code for p in game.problems(walk.steps[0].hand)] == ["game_over"]


# --- dealing order ----------------------------------------------------------------------


def test_three_players_deal_in_turn_and_the_player_left_of_the_dealer_bids_first():
    game = new_game(THREE, first_dealer=1)
    seen = []
    for _ in range(4):
        nxt = game.next
        seen.append((nxt.number, nxt.dealer, nxt.first_bidder, nxt.first_to_draw))
        game = game.add(Hand(bids=(5, 6, 6), tricks=(5, 6, 6)))
    # dealer 1, 2, 0, 1; the cards are dealt, so nobody draws
    assert seen == [(1, 1, 2, None), (2, 2, 0, None), (3, 0, 1, None), (4, 1, 2, None)]
    assert [h.dealer for h in game.hands] == [1, 2, 0, 1]


def test_two_players_alternate_the_deal_and_the_non_dealer_draws_and_bids_first():
    game = new_game(TWO, first_dealer=SOUTH)
    seen = []
    for _ in range(3):
        nxt = game.next
        seen.append((nxt.dealer, nxt.first_to_draw, nxt.first_bidder))
        game = game.add(Hand(bids=(6, 6), tricks=(7, 6)))
    assert seen == [(SOUTH, NORTH, NORTH), (NORTH, SOUTH, SOUTH), (SOUTH, NORTH, NORTH)]


def test_cutthroat_deals_round_four_seats_and_nobody_draws():
    nxt = new_game(CUTTHROAT, first_dealer=3).next
    assert (nxt.dealer, nxt.first_bidder, nxt.first_to_draw) == (3, 0, None)


def test_the_next_hand_has_one_figure_per_player():
    # Ana 5 taking 8: 53, 3 bags; Bia Nil taking 1: −99, 1 bag; Caio 6 taking 8: 62, 2 bags
    nxt = replay(THREE, [Hand(bids=(5, NIL, 6), tricks=(8, 1, 8))]).next
    assert nxt.bags_left == (7, 9, 8)
    assert nxt.points_to_win == (447, 599, 438)
    # Bia is 62 + 99 = 161 behind the leader, Caio; Ana 9 behind
    assert nxt.blind_nil_allowed == (False, True, False)


@pytest.mark.parametrize(("rules", "seat"), [(THREE, 3), (TWO, 2), (CUTTHROAT, 4), (THREE, -1)])
def test_a_first_dealer_who_is_not_at_the_table_is_refused(rules, seat):
    with pytest.raises(ValueError):
        new_game(rules, first_dealer=seat)


# --- scoring a side of one --------------------------------------------------------------


def test_a_set_contract_scores_zero_where_the_table_says_so():
    # Bicycle: Ana 5 taking 4 scores 0, not −50; Bia 6/6 → 60; Caio 6 taking 7 → 61
    rules = THREE.but(set_scores=SetScores.ZERO)
    ana, bia, caio = replay(rules, [Hand(bids=(5, 6, 6), tricks=(4, 6, 7))]).hands[0].teams
    assert (ana.points, ana.made, ana.bags) == (0, False, 0)
    assert [(i.kind, i.points, i.made) for i in ana.items] == [(CONTRACT, 0, False)]
    assert (bia.points, caio.points) == (60, 61)
    # the same table with partners: team 0 bid 3 + 3 = 6 and took 5, so 0 instead of −60
    partners = PRESETS["gamelake"].rules.but(set_scores=SetScores.ZERO)
    game = replay(partners, [Hand(bids=(3, 4, 3, 4), tricks=(3, 4, 2, 4))])
    assert [t.points for t in game.hands[0].teams] == [0, 80]


@pytest.mark.parametrize(
    ("mode", "points", "bags"),
    [
        (FailedNilTricks.BAGS, -98, 2),  # −100 + 2 bags
        (FailedNilTricks.NOTHING, -100, 0),
        (FailedNilTricks.PARTNER, -100, 0),  # no partner for them to help
    ],
)
def test_a_failed_nil_alone_has_its_tricks_as_bags_or_for_nothing(mode, points, bags):
    # Bia bids Nil and takes 2; Ana 7/7, Caio 8/8 (7 + 2 + 8 = 17)
    rules = THREE.but(failed_nil_tricks=mode)
    bia = replay(rules, [Hand(bids=(7, NIL, 8), tricks=(7, 2, 8))]).hands[0].teams[BIA]
    assert (bia.points, bia.bags) == (points, bags)


def test_taking_all_17_tricks_earns_the_boston_bonus_of_a_house_rule():
    # Ana 10 taking 17: 100 + 7 + 200 = 307; Bia and Caio Nil → +100 each
    rules = THREE.but(boston_bonus=200)
    ana = replay(rules, [Hand(bids=(10, NIL, NIL), tricks=(17, 0, 0))]).hands[0].teams[ANA]
    assert ana.points == 307
    assert (ana.items[-1].kind, ana.items[-1].amount) == (BOSTON, 17)


def test_a_minimum_bid_applies_to_each_player_and_is_named_beside_their_bid():
    rules = THREE.but(min_team_bid=4)
    problems = bid_problems(rules, (3, NIL, 5))
    assert codes(problems) == {("team_bid_below_minimum", ANA, ANA)}


def test_the_highest_total_alone_wins_even_when_the_lower_ones_are_equal():
    # Ana 6 taking 11: 60 + 5 = 65; Bia and Caio 5 taking 3: −50 each (11 + 3 + 3 = 17)
    hand = Hand(bids=(6, 5, 5), tricks=(11, 3, 3))
    game = replay(THREE.but(target=60), [hand])
    assert game.totals == (65, -50, -50)
    assert (game.over, game.winner, game.reason) == (True, ANA, "target")
    assert game.places == (1, 2, 2)
    # to 100, nobody has reached the end yet
    assert not replay(THREE.but(target=100), [hand]).over


# --- validation -------------------------------------------------------------------------


def test_a_hand_with_the_wrong_number_of_seats_is_refused_by_shape():
    assert codes(hand_problems(THREE, Hand(bids=(5, 6, 6, 0), tricks=(5, 6, 6, 0)))) == {
        ("bids_shape", None, None),
        ("tricks_shape", None, None),
    }
    assert codes(hand_problems(THREE, Hand(bids=(5, 6, 6), tricks=(5, 6)))) == {
        ("tricks_shape", None, None)
    }


def test_a_team_total_without_partners_is_refused():
    hand = Hand(bids=(5, 6, 6), tricks=(None, None, 6), team_tricks=(11, None))
    assert codes(hand_problems(THREE, hand)) == {("team_tricks_without_partners", None, None)}


def test_tricks_are_checked_against_the_tricks_of_the_hand():
    assert trick_problems((5, 6, 6), (5, 6, 6), rules=THREE) == []
    assert codes(trick_problems((5, 6, 6), (5, 6, 18), rules=THREE)) == {
        ("tricks_out_of_range", 2, None)
    }
    assert codes(trick_problems((5, 6, 6), (5, None, 6), rules=THREE)) == {
        ("tricks_missing", 1, None)
    }


def test_the_bid_total_rule_applies_to_partners_too_and_needs_no_dealer_to_refuse():
    rules = PRESETS["gamelake"].rules.but(bids_may_total_tricks=False)
    # 4 + 3 + 3 + 3 = 13; a Nil counts 0, so 4 + Nil + 6 + 3 = 13 as well
    assert codes(bid_problems(rules, (4, 3, 3, 3))) == {("bids_total_tricks", None, None)}
    assert codes(bid_problems(rules, (4, NIL, 6, 3), dealer=1)) == {("bids_total_tricks", 1, None)}
    assert bid_problems(rules, (4, 3, 3, 4)) == []


def test_fill_in_tricks_gives_the_one_blank_player_the_rest_of_the_17():
    # 5 + 6 = 11 of 17: Caio took 6
    assert fill_in_tricks((5, 6, 6), (5, 6, None), (None, None), rules=THREE) == (
        (5, 6, 6),
        (None, None),
    )
    # two blanks, or a team total without partners: left for validation
    assert fill_in_tricks((5, 6, 6), (5, None, None), rules=THREE)[0] == (5, None, None)
    assert fill_in_tricks((5, 6, 6), (5, 6, None), (11, None), rules=THREE)[0] == (5, 6, None)
