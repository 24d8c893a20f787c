"""The limits of the rule parameters, given by the engine as data: what the new-game form offers
and what the engine refuses are read from the same table."""

from dataclasses import fields

import pytest

from scoring import (
    ALL_PRESETS,
    MOST_CARDS,
    RULE_LIMITS,
    TABLE_SIZES,
    InvalidRules,
    Rules,
    most_tricks,
)

RULE_FIELDS = {f.name: f for f in fields(Rules)}


def test_every_limited_parameter_is_a_field_of_the_rules():
    assert set(RULE_LIMITS) <= set(RULE_FIELDS)


@pytest.mark.parametrize("name", sorted(RULE_LIMITS))
def test_each_span_runs_from_low_to_high(name):
    span = RULE_LIMITS[name]
    assert span.low <= span.high


@pytest.mark.parametrize("key", sorted(ALL_PRESETS))
def test_every_preset_keeps_its_numbers_inside_the_limits_or_off(key):
    rules = ALL_PRESETS[key].rules
    for name, span in RULE_LIMITS.items():
        value = getattr(rules, name)
        assert value is None or span.low <= value <= span.high, (key, name, value)


def test_the_engine_refuses_a_bag_limit_below_the_lowest_the_limits_give():
    lowest = RULE_LIMITS["bag_limit"].low
    assert Rules(bag_limit=lowest).bag_limit == lowest
    with pytest.raises(InvalidRules, match=f"at least {lowest}"):
        Rules(bag_limit=lowest - 1)


@pytest.mark.parametrize("players", TABLE_SIZES)
def test_the_engine_takes_as_many_tricks_as_the_pack_deals_the_table_and_no_more(players):
    most = most_tricks(players)
    assert most == MOST_CARDS // players
    partnership = players == 4
    assert Rules(players=players, partnership=partnership, tricks_per_hand=most)
    with pytest.raises(InvalidRules, match=f"from {RULE_LIMITS['tricks_per_hand'].low} to {most}"):
        Rules(players=players, partnership=partnership, tricks_per_hand=most + 1)


def test_the_tricks_a_hand_may_have_reach_what_the_smallest_table_is_dealt():
    assert RULE_LIMITS["tricks_per_hand"].high == most_tricks(min(TABLE_SIZES))


def test_the_engine_refuses_a_table_of_a_size_it_does_not_list():
    with pytest.raises(InvalidRules):
        Rules(players=max(TABLE_SIZES) + 1, partnership=False)
