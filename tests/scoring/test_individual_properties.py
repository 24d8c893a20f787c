"""Properties of the engine for any table: two teams, or two, three or four players alone.

The rules are any preset (partnership or individual) with random house rules; the hands are
well-formed for that table, split among its seats and summing to its tricks per hand.
"""

from dataclasses import replace
from functools import cache
from itertools import pairwise

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import (
    ALL_PRESETS,
    BLIND_NIL,
    NIL,
    BagMode,
    FailedNilTricks,
    Hand,
    InvalidHand,
    Problem,
    Rules,
    SetScores,
    bid_problems,
    fill_in_tricks,
    hand_problems,
    is_nil,
    replay,
    trick_problems,
)
from testsupport.engine import play

# Modest settings: the whole file must run in a few seconds on a slow two-core machine, and a
# whole game for up to four sides costs more to draw than the partnership file's hands.
MODEST = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def any_rules(draw, bag_mode=None) -> Rules:
    """Any preset with random house rules, among them the new ones of individual play; the bag
    mode is fixed when one is given."""
    base = draw(st.sampled_from(list(ALL_PRESETS.values()))).rules
    most = 54 // base.players
    return base.but(
        # Short games too, so that the end (and a shared top) is reached now and then.
        target=draw(st.sampled_from([base.target, 100, 60])),
        floor=draw(st.sampled_from([base.floor, None, -100])),
        bag_limit=draw(st.integers(1, 15)),
        bag_penalty=draw(st.sampled_from([0, 50, 100])),
        bag_mode=bag_mode or draw(st.sampled_from(list(BagMode))),
        failed_nil_tricks=draw(st.sampled_from(list(FailedNilTricks))),
        ten_for_200=draw(st.booleans()),
        boston_bonus=draw(st.sampled_from([0, 200])),
        min_team_bid=draw(st.sampled_from([0, 0, 4])),
        tricks_per_hand=draw(st.sampled_from([base.tricks_per_hand] * 3 + [min(most, 18), 5])),
        bids_may_total_tricks=draw(st.booleans()),
        set_scores=draw(st.sampled_from(list(SetScores))),
    )


@cache
def table_strategies(seats: int, most: int):
    """The bids of a hand and the cuts that split its tricks, for a table; built once each,
    as generating the games is most of these tests' time."""
    # Low bids are the common case and keep contracts makeable; Nil and Blind Nil now and then.
    bid = st.one_of(
        st.integers(1, min(5, most)), st.integers(1, most), st.sampled_from([NIL, BLIND_NIL])
    )
    cut = st.integers(0, most)
    return (
        st.lists(bid, min_size=seats, max_size=seats),
        st.lists(cut, min_size=seats - 1, max_size=seats - 1),
    )


@st.composite
def any_hand(draw, rules: Rules) -> Hand:
    """A well-formed hand for the table of these rules: a bid per seat, the tricks split among
    the seats, and now and then a team without Nil bidder entered as its total only."""
    most = rules.tricks_per_hand
    bid_list, cut_list = table_strategies(rules.players, most)
    bids = tuple(draw(bid_list))
    cuts = sorted(draw(cut_list))
    tricks: list[int | None] = [b - a for a, b in pairwise([0, *cuts, most])]
    team_tricks: list[int | None] = [None, None]
    if rules.partnership:
        as_totals = draw(st.tuples(st.booleans(), st.booleans()))
        for team in rules.sides:
            seats_of_team = rules.seats_of(team)
            if as_totals[team] and not any(is_nil(bids[s]) for s in seats_of_team):
                team_tricks[team] = sum(tricks[s] or 0 for s in seats_of_team)
                for s in seats_of_team:
                    tricks[s] = None
    return Hand(bids, tuple(tricks), tuple(team_tricks))


@st.composite
def a_game(draw, bag_mode=None) -> tuple[Rules, list[Hand], int]:
    """Rules, up to eight hands for their table, and a first dealer at it."""
    rules = draw(any_rules(bag_mode))
    hands = draw(st.lists(any_hand(rules), min_size=1, max_size=8))
    return rules, hands, draw(st.sampled_from(rules.seats))


# Moving players round the table: any order of the seats when everyone plays alone; with
# partners, only orders that keep partners opposite (swap the teams, swap within a team).
PARTNER_ORDERS = [
    (0, 1, 2, 3),
    (2, 1, 0, 3),
    (0, 3, 2, 1),
    (2, 3, 0, 1),
    (1, 0, 3, 2),
    (1, 2, 3, 0),
    (3, 0, 1, 2),
    (3, 2, 1, 0),
]


@st.composite
def seat_order(draw, rules: Rules) -> tuple[int, ...]:
    """Where each seat's player moves to: `order[seat]` is the new seat."""
    if rules.partnership:
        return draw(st.sampled_from(PARTNER_ORDERS))
    return tuple(draw(st.permutations(rules.seats)))


def moved(rules: Rules, hand: Hand, order: tuple[int, ...]) -> Hand:
    """The same hand with the player of each seat moved to `order[seat]`."""
    bids: list[object] = [None] * rules.players
    tricks: list[object] = [None] * rules.players
    for seat in rules.seats:
        bids[order[seat]] = hand.bids[seat]
        tricks[order[seat]] = hand.tricks[seat]
    team_tricks = hand.team_tricks
    if rules.partnership:
        swapped = [None, None]
        for team in rules.sides:
            swapped[rules.side_of(order[team])] = hand.team_tricks[team]
        team_tricks = tuple(swapped)
    return Hand(tuple(bids), tuple(tricks), team_tricks)


@MODEST
@given(a_game())
def test_breakdown_items_add_up_to_the_hand_points_for_every_side(drawn):
    """For every side of every hand, at any table, the itemised breakdown sums to the hand's
    points, and so do the per-kind figures."""
    rules, hands, dealer = drawn
    for result in play(rules, hands, dealer).hands:
        assert len(result.teams) == len(rules.sides)
        for side in result.teams:
            assert sum(i.points for i in side.items) == side.points
            assert (
                side.contract_points
                + side.bag_points
                + side.nil_points
                + side.bag_penalty
                + side.bonus_points
                == side.points
            )


@MODEST
@given(a_game())
def test_totals_are_the_sum_of_each_sides_hand_points(drawn):
    """Each side's running total is its previous total plus its hand points, and the game's
    totals and bags, one per side, are those after the last hand."""
    rules, hands, dealer = drawn
    game = play(rules, hands, dealer)
    running = [0] * len(rules.sides)
    for result in game.hands:
        for side in rules.sides:
            running[side] += result.teams[side].points
            assert result.teams[side].team == side
            assert result.teams[side].total == running[side]
    assert game.totals == tuple(running)
    if game.hands:
        assert game.bags == tuple(t.bags for t in game.hands[-1].teams)
    else:
        assert game.bags == (0,) * len(rules.sides)


@MODEST
@given(a_game(bag_mode=BagMode.CARRY))
def test_in_carry_mode_every_sides_bags_stay_below_the_limit(drawn):
    """In carry mode each side's bag count after any hand is from 0 to the limit (excluded),
    and the penalties took away a whole number of limits."""
    rules, hands, dealer = drawn
    for result in play(rules, hands, dealer).hands:
        for side in result.teams:
            assert 0 <= side.bags < rules.bag_limit
            assert side.penalty_bags % rules.bag_limit == 0
            assert side.bag_penalty == -(side.penalty_bags // rules.bag_limit) * rules.bag_penalty


@MODEST
@given(a_game(), st.data())
def test_moving_the_players_round_the_table_moves_their_scores_with_them(drawn, data):
    """Seating the players in another order (any order alone, partners kept opposite) scores
    every hand the same for each player's side: the results, totals, bags and winner follow
    the players to their new sides."""
    rules, hands, _ = drawn
    order = data.draw(seat_order(rules))
    side_to = {rules.side_of(s): rules.side_of(order[s]) for s in rules.seats}
    game = play(rules, hands)
    again = play(rules, [moved(rules, h, order) for h in hands])
    assert len(again.hands) == len(game.hands)
    for before, after in zip(game.hands, again.hands, strict=True):
        for side in rules.sides:
            # Nil results are listed by seat, and the new seats may list them in another order.
            nils = sorted(
                (replace(n, seat=order[n.seat]) for n in before.teams[side].nils),
                key=lambda n: n.seat,
            )
            expected = replace(before.teams[side], team=side_to[side], nils=tuple(nils))
            assert after.teams[side_to[side]] == expected
    for side in rules.sides:
        assert again.totals[side_to[side]] == game.totals[side]
        assert again.bags[side_to[side]] == game.bags[side]
    assert (again.over, again.reason) == (game.over, game.reason)
    assert again.winner == (None if game.winner is None else side_to[game.winner])


@MODEST
@given(a_game())
def test_a_game_ends_only_with_a_single_highest_total(drawn):
    """Once over, exactly one side holds the highest total and it is the winner; a game that
    reached its end on a shared highest total is a tie that plays on."""
    rules, hands, dealer = drawn
    game = play(rules, hands, dealer)
    high = max(game.totals)
    if game.over:
        assert game.totals.count(high) == 1
        assert game.totals[game.winner] == high
        assert game.places[game.winner] == 1
    if game.tied:
        assert game.totals.count(high) > 1 and game.winner is None


@MODEST
@given(a_game())
def test_no_hand_played_under_the_bid_total_rule_has_bids_adding_up_to_the_tricks(drawn):
    """Where the bids may not add up to the hand's tricks, no played hand's bids do (a Nil
    counting 0)."""
    rules, hands, dealer = drawn
    rules = rules.but(bids_may_total_tricks=False)
    for result in play(rules, hands, dealer).hands:
        bids = result.hand.bids
        assert sum(0 if is_nil(b) else b for b in bids) != rules.tricks_per_hand


@MODEST
@given(a_game(), st.data())
def test_fill_in_tricks_restores_any_one_blanked_players_count(drawn, data):
    """From a well-formed hand with one seat's count blanked, fill_in_tricks gives back that
    count, at any table."""
    rules, hands, _ = drawn
    hand = hands[0]
    seat = data.draw(st.sampled_from(rules.seats))
    if hand.tricks[seat] is None:
        return  # entered as part of a team total: nothing to blank
    tricks = tuple(None if s == seat else t for s, t in enumerate(hand.tricks))
    filled = fill_in_tricks(hand.bids, tricks, hand.team_tricks, rules=rules)
    assert filled == (hand.tricks, hand.team_tricks)


ATOMS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(-2, 20),
    st.floats(),
    st.text(max_size=4),
    st.sampled_from([NIL, BLIND_NIL, "NIL", "3", ""]),
    st.builds(object),
)
SHAPES = st.one_of(
    st.lists(ATOMS, min_size=2, max_size=5),
    st.lists(ATOMS, min_size=2, max_size=5).map(tuple),
    ATOMS,
)


@MODEST
@given(any_rules(), SHAPES, SHAPES, SHAPES, st.booleans(), st.integers(0, 3))
def test_validation_never_raises_at_any_table(rules, bids, tricks, team_tricks, over, dealer):
    """Whatever it is given, validation for any table only returns problems: it never raises."""
    totals = tuple(range(len(rules.sides)))
    hand = Hand(bids, tricks, team_tricks)
    results = [
        hand_problems(rules, hand, totals, over, dealer=dealer),
        bid_problems(rules, bids, totals, dealer=dealer),
        trick_problems(bids, tricks, team_tricks, rules=rules),
    ]
    for result in results:
        assert all(isinstance(p, Problem) and isinstance(p.code, str) for p in result)
    fill_in_tricks(bids, tricks, team_tricks, rules=rules)


@MODEST
@given(a_game(), st.lists(SHAPES.map(lambda b: Hand(b, b)), max_size=3))
def test_replay_at_any_table_raises_nothing_but_invalid_hand(drawn, junk):
    """Replaying good and malformed hands either scores them all or raises InvalidHand naming
    the first one that cannot be played."""
    rules, hands, dealer = drawn
    mixed = hands + junk
    try:
        game = replay(rules, mixed, dealer)
    except InvalidHand as error:
        assert 1 <= error.number <= len(mixed)
        assert error.problems
    else:
        assert len(game.hands) == len(mixed)
