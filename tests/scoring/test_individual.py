"""Individual play: cut-throat, three players and two players (docs/rules.md#play-without-partners).

Expected figures are worked out by hand, the arithmetic in a comment or docstring beside them.
Without partners every seat is a side of its own, numbered as the seat: in a three-handed game
Ana, Bia and Caio sit at seats 0, 1 and 2; in a two-handed one North is 0 and South 1.
"""

import json
from dataclasses import dataclass, fields

import pytest

from scoring import (
    ALL_PRESETS,
    BLIND_NIL,
    BOSTON,
    CONTRACT,
    INDIVIDUAL_PRESETS,
    NIL,
    PRESETS,
    FailedNilTricks,
    Hand,
    InvalidRules,
    Rules,
    SetScores,
    bid_problems,
    fill_in_tricks,
    hand_problems,
    new_game,
    replay,
    trick_problems,
)
from testsupport.engine import (
    ANA,
    BIA,
    CUTTHROAT,
    NORTH,
    SOUTH,
    THREE,
    TWO,
    A,
    codes,
)

# --- the presets --------------------------------------------------------------------------

# Every parameter of the three new presets, straight from the table of docs/rules.md#presets;
# the house rules the table does not name are off, as in every source.
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
    "blind_bid_min": 0,
    "blind_bid_deficit": 100,
    "sets_to_lose": 0,
    "sets_in_a_row": False,
    "boston_wins": False,
    "hands_limit": 0,
    "first_hand_bids_itself": False,
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
