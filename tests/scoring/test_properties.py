"""Properties of the scoring engine that hold for any rules and any hands.

Seats are 0-3 clockwise, partners opposite: team 0 is seats 0 & 2, team 1 is seats 1 & 3.
"""

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import (
    BLIND_NIL,
    NIL,
    PRESETS,
    BagMode,
    FailedNilTricks,
    Hand,
    InvalidHand,
    Problem,
    Rules,
    bid_problems,
    fill_in_tricks,
    hand_problems,
    is_nil,
    replay,
    trick_problems,
)
from testsupport.engine import play

# Modest settings: the whole file must run in a few seconds on a slow two-core machine.
MODEST = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def any_rules(draw, bag_mode=None) -> Rules:
    """A preset with random house rules; the bag mode is fixed when one is given."""
    base = draw(st.sampled_from(list(PRESETS.values()))).rules
    return base.but(
        bag_limit=draw(st.integers(1, 15)),
        bag_penalty=draw(st.sampled_from([0, 50, 100])),
        bag_mode=bag_mode or draw(st.sampled_from(list(BagMode))),
        failed_nil_tricks=draw(st.sampled_from(list(FailedNilTricks))),
        ten_for_200=draw(st.booleans()),
        boston_bonus=draw(st.sampled_from([0, 200])),
        min_team_bid=draw(st.sampled_from([0, 0, 4])),
    )


# Low bids are the common case and keep contracts makeable; Nil and Blind Nil now and then.
BIDS = st.one_of(st.integers(1, 5), st.integers(1, 13), st.sampled_from([NIL, BLIND_NIL]))


@st.composite
def any_hand(draw) -> Hand:
    """A well-formed hand: four bids, the 13 tricks split among the seats, and now and then a
    team without Nil bidder entered as its total only."""
    bids = tuple(draw(BIDS) for _ in range(4))
    cuts = sorted(draw(st.integers(0, 13)) for _ in range(3))
    tricks = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2]]
    team_tricks = [None, None]
    for team in (0, 1):
        seats = (team, team + 2)
        if not any(is_nil(bids[s]) for s in seats) and draw(st.booleans()):
            team_tricks[team] = tricks[team] + tricks[team + 2]
            for s in seats:
                tricks[s] = None
    return Hand(bids, tuple(tricks), tuple(team_tricks))


GAMES = st.lists(any_hand(), min_size=1, max_size=12)


def rotate(hand: Hand) -> Hand:
    """The same hand with everybody moved one seat clockwise (seat s to s + 1), which puts
    team 0's players in team 1's seats and the other way round."""
    return Hand(
        bids=(hand.bids[3], *hand.bids[:3]),
        tricks=(hand.tricks[3], *hand.tricks[:3]),
        team_tricks=(hand.team_tricks[1], hand.team_tricks[0]),
    )


@MODEST
@given(any_rules(), GAMES)
def test_breakdown_items_add_up_to_the_hand_points(rules, hands):
    """For every team and hand, the points of the itemised breakdown sum to the hand's points,
    and each per-kind figure matches its items."""
    for result in play(rules, hands).hands:
        for team in result.teams:
            items = team.items
            assert sum(i.points for i in items) == team.points
            assert (
                team.contract_points
                + team.bag_points
                + team.nil_points
                + team.bag_penalty
                + team.bonus_points
                == team.points
            )
            assert sum(i.points for i in items if i.kind == "bag_penalty") == team.bag_penalty


@MODEST
@given(any_rules(), GAMES)
def test_totals_are_the_sum_of_the_hand_points(rules, hands):
    """Each hand's running total is the previous total plus the hand's points, and the game's
    totals and bags are those of the last hand."""
    game = play(rules, hands)
    running = [0, 0]
    for result in game.hands:
        for team in (0, 1):
            running[team] += result.teams[team].points
            assert result.teams[team].total == running[team]
    assert game.totals == tuple(running)
    if game.hands:
        assert game.bags == tuple(t.bags for t in game.hands[-1].teams)


@MODEST
@given(any_rules(bag_mode=BagMode.CARRY), GAMES)
def test_in_carry_mode_bags_stay_below_the_limit(rules, hands):
    """In carry mode a team's bag count after any hand is between 0 and the limit (excluded),
    and what the penalties took away is a whole number of limits."""
    for result in play(rules, hands).hands:
        for team in result.teams:
            assert 0 <= team.bags < rules.bag_limit
            assert team.penalty_bags % rules.bag_limit == 0
            assert team.bag_penalty == -(team.penalty_bags // rules.bag_limit) * rules.bag_penalty


@MODEST
@given(any_rules(), GAMES, st.integers(0, 3))
def test_moving_everyone_one_seat_round_swaps_the_teams_results(rules, hands, dealer):
    """Moving every player one seat clockwise (and the first deal with them) swaps the two
    teams: each team's results, the totals, the bags and the winner trade places."""
    game = play(rules, hands, dealer)
    moved = play(rules, [rotate(h) for h in hands], (dealer + 1) % 4)
    assert len(moved.hands) == len(game.hands)
    for before, after in zip(game.hands, moved.hands, strict=True):
        assert after.dealer == (before.dealer + 1) % 4
        for team in (0, 1):
            # Nil results are listed by seat, and seat 3 moving to seat 0 changes that order.
            nils = sorted(
                (replace(n, seat=(n.seat + 1) % 4) for n in before.teams[team].nils),
                key=lambda n: n.seat,
            )
            expected = replace(before.teams[team], team=1 - team, nils=tuple(nils))
            assert after.teams[1 - team] == expected
    assert moved.totals == game.totals[::-1]
    assert moved.bags == game.bags[::-1]
    assert (moved.over, moved.reason) == (game.over, game.reason)
    assert moved.winner == (None if game.winner is None else 1 - game.winner)


@MODEST
@given(any_hand(), st.sampled_from([0, 1, 2, 3]), st.booleans())
def test_fill_in_tricks_restores_any_one_blanked_count(hand, blank, blank_a_team):
    """From a well-formed hand with one trick count blanked (a seat, or a team's total where
    the team was typed in as one), fill_in_tricks gives back the hand's own count."""
    tricks, team_tricks = list(hand.tricks), list(hand.team_tricks)
    team = blank % 2
    if blank_a_team and team_tricks[team] is not None:
        team_tricks[team] = None
    elif tricks[blank] is not None:
        tricks[blank] = None
    else:
        return  # that seat was entered as part of a team total: nothing to blank
    filled = fill_in_tricks(hand.bids, tuple(tricks), tuple(team_tricks))
    assert filled == (hand.tricks, hand.team_tricks)


# Anything a form, a JSON body or a bug could hand to validation.
ATOMS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(-2, 15),
    st.floats(),
    st.text(max_size=4),
    st.sampled_from([NIL, BLIND_NIL, "NIL", "3", ""]),
    st.binary(max_size=2),
    st.builds(object),
)
ANYTHING = st.recursive(
    ATOMS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.lists(inner, max_size=5).map(tuple),
        st.dictionaries(st.text(max_size=2), inner, max_size=3),
    ),
    max_leaves=8,
)
FOURS = st.one_of(st.tuples(ATOMS, ATOMS, ATOMS, ATOMS), st.lists(ATOMS, min_size=4, max_size=4))
TWOS = st.one_of(st.tuples(ATOMS, ATOMS), st.lists(ATOMS, min_size=2, max_size=2))
# Mostly the right shape with wrong contents, where most of the checking happens.
BIDS_IN = st.one_of(FOURS, st.tuples(BIDS, BIDS, BIDS, BIDS), ANYTHING)
TRICKS_IN = st.one_of(FOURS, ANYTHING)
TEAM_TRICKS_IN = st.one_of(TWOS, st.just((None, None)), ANYTHING)
TOTALS = st.tuples(st.integers(), st.integers())


def all_problems(result) -> bool:
    """Whether a validation result is a sequence of Problems with a code each."""
    return all(isinstance(p, Problem) and isinstance(p.code, str) for p in result)


@MODEST
@given(any_rules(), BIDS_IN, TRICKS_IN, TEAM_TRICKS_IN, TOTALS, st.booleans())
def test_validation_never_raises_on_random_input(rules, bids, tricks, team_tricks, totals, over):
    """Whatever it is given, validation only returns problems: it never raises."""
    assert all_problems(hand_problems(rules, Hand(bids, tricks, team_tricks), totals, over))
    assert all_problems(bid_problems(rules, bids, totals))
    assert all_problems(trick_problems(bids, tricks, team_tricks))
    filled_tricks, filled_team = fill_in_tricks(bids, tricks, team_tricks)
    if (filled_tricks, filled_team) != (tricks, team_tricks):
        # filling in only ever replaces a blank with a count
        assert len(filled_tricks) == 4 and len(filled_team) == 2


@MODEST
@given(any_rules(), ANYTHING)
def test_validation_of_something_that_is_not_a_hand_never_raises(rules, thing):
    """A value that is not a Hand at all is one problem, not an exception."""
    assert [p.code for p in hand_problems(rules, thing)] == ["hand_shape"]


RANDOM_HANDS = st.one_of(
    any_hand(),
    st.builds(Hand, BIDS_IN, TRICKS_IN, TEAM_TRICKS_IN),
    ANYTHING,
)


@MODEST
@given(any_rules(), st.lists(RANDOM_HANDS, max_size=8), st.integers(0, 3))
def test_replay_raises_nothing_but_invalid_hand(rules, hands, dealer):
    """Replaying any list of hands either scores them all or raises InvalidHand naming the
    first one that cannot be played, with the problems validation reports for it."""
    try:
        game = replay(rules, hands, dealer)
    except InvalidHand as error:
        assert 1 <= error.number <= len(hands)
        assert error.problems
        assert all_problems(error.problems)
    else:
        assert len(game.hands) == len(hands)
