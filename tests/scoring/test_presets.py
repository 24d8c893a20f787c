"""The five presets: their parameters against the table of docs/rules.md#presets, and one
whole game each.

The walked games are written by hand; each hand's figures are worked out in its comment.
Seats are 0-3 clockwise, partners opposite: team 0 is seats 0 & 2, team 1 is seats 1 & 3.
"""

from dataclasses import dataclass, fields

import pytest

from scoring import (
    BLIND_NIL,
    DEFAULT_PRESET,
    NIL,
    PRESETS,
    Hand,
    InvalidHand,
    Rules,
    new_game,
)

# Every parameter, straight from the table of docs/rules.md#presets; the house rules
# (exchange aside) are off in every source document.
HOUSE_RULES_OFF = {
    "min_team_bid": 0,
    "ten_for_200": False,
    "boston_bonus": 0,
    "blind_bid_min": 0,
    "blind_bid_deficit": 100,
    "sets_to_lose": 0,
    "sets_in_a_row": False,
    "boston_wins": False,
    "hands_limit": 0,
    "first_hand_bids_itself": False,
}
# The table of the partnership game, the same for all five (individual play: test_individual).
PARTNERSHIP_TABLE = {
    "players": 4,
    "partnership": True,
    "tricks_per_hand": 13,
    "bids_may_total_tricks": True,
    "set_scores": "minus",
}
EXPECTED_RULES = {
    "gamelake": {
        "target": 500,
        "floor": -200,
        "nil_bonus": 100,
        "blind_nil_bonus": 200,
        "blind_nil_deficit": 100,
        "blind_nil_exchange": 0,
        "bag_limit": 10,
        "bag_penalty": 100,
        "bag_mode": "carry",
        "failed_nil_tricks": "bags",
        **HOUSE_RULES_OFF,
        **PARTNERSHIP_TABLE,
    },
    "gamelake_short": {
        "target": 250,
        "floor": -200,
        "nil_bonus": 100,
        "blind_nil_bonus": 200,
        "blind_nil_deficit": 100,
        "blind_nil_exchange": 0,
        "bag_limit": 10,
        "bag_penalty": 100,
        "bag_mode": "carry",
        "failed_nil_tricks": "bags",
        **HOUSE_RULES_OFF,
        **PARTNERSHIP_TABLE,
    },
    "classic": {
        "target": 500,
        "floor": None,
        "nil_bonus": 100,
        "blind_nil_bonus": None,
        "blind_nil_deficit": None,
        "blind_nil_exchange": 0,
        "bag_limit": 10,
        "bag_penalty": 100,
        "bag_mode": "carry",
        "failed_nil_tricks": "bags",
        **HOUSE_RULES_OFF,
        **PARTNERSHIP_TABLE,
    },
    "espadas": {
        "target": 100,
        "floor": None,
        "nil_bonus": 100,
        "blind_nil_bonus": 200,
        "blind_nil_deficit": None,
        "blind_nil_exchange": 0,
        "bag_limit": 10,
        "bag_penalty": 100,
        "bag_mode": "reset",
        "failed_nil_tricks": "bags",
        **HOUSE_RULES_OFF,
        **PARTNERSHIP_TABLE,
    },
    "spruce": {
        "target": 500,
        "floor": None,
        "nil_bonus": 100,
        "blind_nil_bonus": 200,
        "blind_nil_deficit": None,
        "blind_nil_exchange": 3,
        "bag_limit": 10,
        "bag_penalty": 100,
        "bag_mode": "carry",
        "failed_nil_tricks": "bags",
        **HOUSE_RULES_OFF,
        **PARTNERSHIP_TABLE,
    },
}


def test_the_presets_are_exactly_the_five_stable_keys():
    # Keys are stored with every game, so they must never change.
    assert list(PRESETS) == ["gamelake", "gamelake_short", "classic", "espadas", "spruce"]
    for key, preset in PRESETS.items():
        assert preset.key == key


def test_the_default_preset_is_gamelake():
    assert DEFAULT_PRESET == "gamelake"


def test_the_expected_tables_name_every_rules_parameter():
    # Guards the table below: a new Rules field must be given a value for every preset.
    names = {f.name for f in fields(Rules)}
    for expected in EXPECTED_RULES.values():
        assert set(expected) == names


@pytest.mark.parametrize("key", list(EXPECTED_RULES))
def test_each_preset_has_the_parameters_of_the_rules_table(key):
    rules = PRESETS[key].rules
    for name, value in EXPECTED_RULES[key].items():
        assert getattr(rules, name) == value, name
    assert rules.to_dict() == EXPECTED_RULES[key]


@pytest.mark.parametrize("key", list(EXPECTED_RULES))
def test_each_preset_has_a_name_and_a_one_line_description(key):
    preset = PRESETS[key]
    assert isinstance(preset.name, str) and preset.name.strip()
    assert isinstance(preset.description, str) and preset.description.strip()
    assert "\n" not in preset.name
    assert "\n" not in preset.description


def test_preset_names_are_all_different():
    names = [p.name for p in PRESETS.values()]
    assert len(set(names)) == len(names)


@dataclass(frozen=True)
class Step:
    """One hand of a walked game and the state expected after it."""

    hand: Hand
    totals: tuple[int, int]
    bags: tuple[int, int]


@dataclass(frozen=True)
class Walk:
    """A whole game under one preset, and how it must end."""

    preset: str
    steps: tuple[Step, ...]
    winner: int
    reason: str


WALKS = [
    Walk(
        "gamelake",
        (
            # team 0: 4 + 3 = 7, takes 4 + 4 = 8 → 70 + 1 = 71, 1 bag
            # team 1: 6 + 6 = 12, takes 2 + 3 = 5 → set, −120
            Step(Hand(bids=(4, 6, 3, 6), tricks=(4, 2, 4, 3)), (71, -120), (1, 0)),
            # team 1 is 71 + 120 = 191 behind, so it may bid Blind Nil.
            # team 0: 3 + 3 = 6, takes 4 + 3 = 7 → 60 + 1 = 61; 71 + 61 = 132, 2 bags
            # team 1: contract 5 (seat 3), takes 5 → +50; Blind Nil took 1 → −200, +1 bag;
            #   50 − 200 + 1 = −149; −120 − 149 = −269 ≤ −200: team 1 loses at once
            Step(Hand(bids=(3, BLIND_NIL, 3, 5), tricks=(4, 1, 3, 5)), (132, -269), (2, 1)),
        ),
        winner=0,
        reason="floor",
    ),
    Walk(
        "gamelake_short",
        (
            # team 0: 5 + 5 = 10, takes 10 → 100; team 1: 3 + 2 = 5, takes 3 → −50
            Step(Hand(bids=(5, 3, 5, 2), tricks=(5, 1, 5, 2)), (100, -50), (0, 0)),
            # team 0: 6 + 5 = 11, takes 11 → 110 → 210; team 1: 2 + 1 = 3, takes 2 → −30 → −80
            Step(Hand(bids=(6, 2, 5, 1), tricks=(6, 1, 5, 1)), (210, -80), (0, 0)),
            # team 0: 4 + 4 = 8, takes 9 → 81 → 291 ≥ 250; team 1: 3 + 2 = 5, takes 4 → −50
            #   → −130, above the −200 floor: team 0 wins on the target
            Step(Hand(bids=(4, 3, 4, 2), tricks=(5, 2, 4, 2)), (291, -130), (1, 0)),
        ),
        winner=0,
        reason="target",
    ),
    Walk(
        "classic",
        (
            # team 0: 7 + 6 = 13, takes 13 → 130; team 1: 2 + 1 = 3, takes 0 → −30
            Step(Hand(bids=(7, 2, 6, 1), tricks=(7, 0, 6, 0)), (130, -30), (0, 0)),
            # team 0: 6 + 6 = 12, takes 12 → 120 → 250
            # team 1: Nil (seat 1) made → +100; seat 3 bid 5, took 1 → −50; 100 − 50 = 50 → 20
            Step(Hand(bids=(6, NIL, 6, 5), tricks=(6, 0, 6, 1)), (250, 20), (0, 0)),
            # team 0: 12 again → 370; team 1: 6 + 6 = 12, takes 1 → −120 → −100
            Step(Hand(bids=(6, 6, 6, 6), tricks=(6, 1, 6, 0)), (370, -100), (0, 0)),
            # team 1: 6 + 5 = 11, takes 0 → −110 → −210: classic has no floor, play goes on
            # team 0: 7 + 6 = 13, takes 13 → 130 → 500 = the target
            Step(Hand(bids=(7, 6, 6, 5), tricks=(7, 0, 6, 0)), (500, -210), (0, 0)),
        ),
        winner=0,
        reason="target",
    ),
    Walk(
        "espadas",
        (
            # team 0: 1 + 1 = 2, takes 11 → 20 + 9 = 29, 9 bags
            # team 1: 1 + 1 = 2, takes 2 → 20
            Step(Hand(bids=(1, 1, 1, 1), tricks=(6, 1, 5, 1)), (29, 20), (9, 0)),
            # team 0: 1 + 1 = 2, takes 5 → 20 + 3 = 23, 9 + 3 = 12 bags → −100 and back to 0
            #   (not 2: espadas resets); 29 + 23 − 100 = −48
            # team 1: 4 + 4 = 8, takes 8 → 80 → 100 = the target
            Step(Hand(bids=(1, 4, 1, 4), tricks=(3, 4, 2, 4)), (-48, 100), (0, 0)),
        ),
        winner=1,
        reason="target",
    ),
    Walk(
        "spruce",
        (
            # team 0: Blind Nil (seat 0) at 0-0 made → +200; seat 2 bid 5, took 6 → 51; 251
            # team 1: 4 + 4 = 8, takes 7 → −80
            Step(Hand(bids=(BLIND_NIL, 4, 5, 4), tricks=(0, 4, 6, 3)), (251, -80), (1, 0)),
            # team 0: 4 + 4 = 8, takes 9 → 81 → 332, 2 bags
            # team 1: seat 3 bid 5, took 3 → −50; Nil (seat 1) took 1 → −100, +1 bag: −149
            #   → −229; spruce has no floor, so play goes on
            Step(Hand(bids=(4, NIL, 4, 5), tricks=(5, 1, 4, 3)), (332, -229), (2, 1)),
            # team 0, far ahead, may still bid Blind Nil here: made → +200; seat 2 bid 6,
            #   took 7 → 61; 332 + 261 = 593, 3 bags
            # team 1: 3 + 3 = 6, takes 6 → 60 → −169
            Step(Hand(bids=(BLIND_NIL, 3, 6, 3), tricks=(0, 3, 7, 3)), (593, -169), (3, 1)),
        ),
        winner=0,
        reason="target",
    ),
]

# Any hand at all: after the end even a perfectly good hand is refused.
GOOD_HAND = Hand(bids=(3, 3, 3, 3), tricks=(3, 3, 3, 4))


@pytest.mark.parametrize("walk", WALKS, ids=[w.preset for w in WALKS])
def test_each_preset_plays_a_whole_game_to_its_end(walk):
    game = new_game(PRESETS[walk.preset].rules)
    for number, step in enumerate(walk.steps, start=1):
        assert not game.over, f"over before hand {number}"
        game = game.add(step.hand)
        assert game.totals == step.totals, f"totals after hand {number}"
        assert game.bags == step.bags, f"bags after hand {number}"
    assert game.over
    assert game.winner == walk.winner
    assert game.reason == walk.reason
    assert game.next is None


@pytest.mark.parametrize("walk", WALKS, ids=[w.preset for w in WALKS])
def test_each_preset_refuses_a_hand_after_the_end_with_game_over(walk):
    game = new_game(PRESETS[walk.preset].rules)
    for step in walk.steps:
        game = game.add(step.hand)
    assert [p.code for p in game.problems(GOOD_HAND)] == ["game_over"]
    with pytest.raises(InvalidHand) as caught:
        game.add(GOOD_HAND)
    assert [p.code for p in caught.value.problems] == ["game_over"]
    assert caught.value.number == len(walk.steps) + 1
