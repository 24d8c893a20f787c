"""Properties of the house rules of docs/rules.md#more-house-rules, for random games.

Games are random hands at random tables (two, three or four sides); a hand the game refuses
(a Blind Nil not allowed at the score, say) is skipped, as a table would enter another.
"""

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scoring import (
    ALL_PRESETS,
    BLIND_NIL,
    NIL,
    REASONS,
    Adjustment,
    BagMode,
    FailedNilTricks,
    Game,
    Hand,
    Rules,
    SetScores,
    is_nil,
    new_game,
    replay,
)
from testsupport.engine import play

# Modest settings: the whole file must run in a few seconds on a slow two-core machine.
MODEST = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NO_END = {"target": 100_000, "floor": None}


@st.composite
def any_rules(draw, partners=None) -> Rules:
    """Any preset (or a partnership one, or one without partners) with random older house
    rules; every new one left off."""
    presets = [
        p.rules for p in ALL_PRESETS.values() if partners is None or p.rules.partnership == partners
    ]
    return draw(st.sampled_from(presets)).but(
        bag_limit=draw(st.integers(1, 12)),
        bag_mode=draw(st.sampled_from(list(BagMode))),
        failed_nil_tricks=draw(st.sampled_from(list(FailedNilTricks))),
        ten_for_200=draw(st.booleans()),
        boston_bonus=draw(st.sampled_from([0, 200])),
        set_scores=draw(st.sampled_from(list(SetScores))),
    )


@st.composite
def any_hand(draw, rules: Rules) -> Hand:
    """A well-formed hand for this table: a bid per seat and the tricks split among them."""
    most, seats = rules.tricks_per_hand, rules.players
    bids = tuple(
        draw(st.one_of(st.integers(1, 5), st.integers(1, most), st.sampled_from([NIL, BLIND_NIL])))
        for _ in range(seats)
    )
    cuts = sorted(draw(st.integers(0, most)) for _ in range(seats - 1))
    edges = [0, *cuts, most]
    return Hand(bids, tuple(edges[i + 1] - edges[i] for i in range(seats)))


@st.composite
def table_and_hands(draw, partners=None, **changes):
    """Rules (with these changes) and up to 12 hands for their table."""
    rules = draw(any_rules(partners)).but(**changes)
    return rules, draw(st.lists(any_hand(rules), min_size=1, max_size=12))


def reckoned_by_rules_md(rules: Rules, hands) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Each hand's totals and bags per side, worked out from docs/rules.md#one-hand-for-a-team
    alone (as it stood before the new house rules), as a second opinion on the engine."""
    totals = [0] * len(rules.sides)
    bags = [0] * len(rules.sides)
    mode = rules.failed_nil_tricks
    if not rules.partnership and mode is FailedNilTricks.PARTNER:
        mode = FailedNilTricks.NOTHING
    out = []
    for hand in hands:
        for side in rules.sides:
            seats = rules.seats_of(side)
            contract = sum(hand.bids[s] for s in seats if not is_nil(hand.bids[s]))
            taken = sum(hand.tricks[s] for s in seats)
            nil_tricks = sum(hand.tricks[s] for s in seats if is_nil(hand.bids[s]))
            counted = taken if mode is FailedNilTricks.PARTNER else taken - nil_tricks
            worth = 200 if rules.ten_for_200 and contract >= 10 else 10 * contract
            points, over = 0, counted
            if contract and counted >= contract:
                points, over = worth, counted - contract
            elif contract:
                points, over = (-worth if rules.set_scores is SetScores.MINUS else 0), 0
            extra = over + (nil_tricks if mode is FailedNilTricks.BAGS else 0)
            points += extra
            for s in seats:
                if is_nil(hand.bids[s]):
                    bonus = rules.blind_nil_bonus if hand.bids[s] == BLIND_NIL else rules.nil_bonus
                    points += bonus if hand.tricks[s] == 0 else -bonus
            if rules.boston_bonus and taken == rules.tricks_per_hand:
                points += rules.boston_bonus
            if rules.bag_mode is BagMode.OFF:
                bags[side] = 0
            else:
                bags[side] += extra
                if bags[side] >= rules.bag_limit:
                    times = bags[side] // rules.bag_limit if rules.bag_mode is BagMode.CARRY else 1
                    points -= times * rules.bag_penalty
                    bags[side] = (
                        bags[side] % rules.bag_limit
                        if times and rules.bag_mode is BagMode.CARRY
                        else 0
                    )
            totals[side] += points
        out.append((tuple(totals), tuple(bags)))
    return out


def ended_by_rules_md(rules: Rules, totals: tuple[int, ...]) -> tuple[bool, int | None, str | None]:
    """The end as docs/rules.md#game-end states it without the new house rules: the target or
    the floor, then the single highest total wins, a shared one plays on."""
    high = max(totals)
    reached = high >= rules.target
    if not (reached or (rules.floor is not None and min(totals) <= rules.floor)):
        return False, None, None
    if totals.count(high) > 1:
        return False, None, "tie"
    return True, totals.index(high), "target" if reached else "floor"


@MODEST
@given(table_and_hands())
def test_with_every_new_rule_off_a_game_scores_as_rules_md_says_it_did_before(drawn):
    """With every new parameter off, no time called and no adjustment, each hand's totals and
    bags, and the end, are those of the scoring of docs/rules.md#one-hand-for-a-team without
    the new house rules."""
    rules, hands = drawn
    game = play(rules, hands)
    played = [result.hand for result in game.hands]
    expected = reckoned_by_rules_md(rules, played)
    scored = [(tuple(t.total for t in r.teams), tuple(t.bags for t in r.teams)) for r in game.hands]
    assert scored == expected
    if played:
        assert (game.over, game.winner, game.reason) == ended_by_rules_md(rules, game.totals)
    assert game.sets == (0,) * len(rules.sides) and not game.sudden_death


def set_counts(game: Game, in_a_row: bool) -> list[tuple[int, int]]:
    """Each team's sets after every hand of the game, counted as docs/rules.md#set-outs says."""
    counts, out = [0, 0], []
    for result in game.hands:
        for team in (0, 1):
            was_set = result.teams[team].made is False
            counts[team] = counts[team] + 1 if was_set else 0 if in_a_row else counts[team]
        out.append((counts[0], counts[1]))
    return out


@MODEST
@given(table_and_hands(partners=True, **NO_END), st.integers(1, 3), st.booleans())
def test_with_sets_to_lose_the_game_ends_exactly_at_the_sth_set(drawn, most, in_a_row):
    """With `sets_to_lose = S` (and no other ending in reach) the game goes on while no team has
    S sets (S in a row with `sets_in_a_row`) and ends at the hand in which one team alone
    reaches S, which loses."""
    rules, hands = drawn
    rules = rules.but(sets_to_lose=most, sets_in_a_row=in_a_row)
    game = play(rules, hands)
    counts = set_counts(game, in_a_row)
    reached = [n for n, count in enumerate(counts, 1) if max(count) >= most]
    if not reached:
        assert not game.over
        return
    out = [team for team in (0, 1) if counts[reached[0] - 1][team] >= most]
    assume(len(out) == 1)  # both at once: the totals decide, tested by example
    assert (len(game.hands), game.over, game.winner, game.reason) == (
        reached[0],
        True,
        1 - out[0],
        "set_out",
    )


@MODEST
@given(table_and_hands(**NO_END), st.booleans(), st.data())
def test_after_time_is_called_the_hand_in_play_is_the_last_unless_the_top_is_shared(
    drawn, bids_entered, data
):
    """Time called after some hands: with no bids entered the game ends at once unless the top
    is shared; with bids entered it ends after that hand unless the top is shared then; and
    from then on it ends after the first hand after which one side leads."""
    rules, hands = drawn
    game = play(rules, hands)
    called = game.call_time(bids_entered=bids_entered)
    if not bids_entered:
        leads = bool(game.hands) and game.totals.count(max(game.totals)) == 1
        assert called.over == leads
    more = data.draw(st.lists(any_hand(rules), max_size=6))
    for hand in more:
        if called.over or called.problems(hand):
            continue
        called = called.add(hand)
        assert called.over == (called.totals.count(max(called.totals)) == 1)
        if called.over:
            assert called.reason == "time"


@MODEST
# Blind Nil at any score: an adjustment moves the deficit, and with it which hands are played.
@given(table_and_hands(blind_nil_deficit=None, **NO_END), st.data())
def test_adjustments_add_up_into_the_totals(drawn, data):
    """Every side's total is the sum of its hands' points and its adjustments' points, and each
    adjustment's running total is the total before it plus its points."""
    rules, hands = drawn
    game = play(rules, hands)
    assume(game.hands)
    adjustments = data.draw(
        st.lists(
            st.builds(
                Adjustment,
                st.integers(1, len(game.hands)),
                st.sampled_from(rules.sides),
                st.integers(-1000, 1000).filter(bool),
                st.just("ruling"),
            ),
            max_size=5,
        )
    )
    adjusted = replay(
        rules, [r.hand for r in game.hands], game.first_dealer, adjustments=adjustments
    )
    for side in rules.sides:
        hand_points = sum(r.teams[side].points for r in adjusted.hands)
        extra = sum(a.points for a in adjustments if a.side == side)
        assert adjusted.totals[side] == hand_points + extra
    for result in adjusted.hands:
        running = [t.total for t in result.teams]
        for applied in result.adjustments:
            running[applied.adjustment.side] += applied.adjustment.points
            assert applied.total == running[applied.adjustment.side]


@MODEST
@given(
    table_and_hands(partners=True),
    st.booleans(),
    st.integers(0, 2),
    st.integers(0, 8),
    st.one_of(st.none(), st.integers(0, 8)),
)
def test_the_reason_given_is_the_first_ending_in_rules_mds_order(
    drawn, boston_wins, sets, hands_limit, time_called_after
):
    """When a game ends, its reason is the first of Boston, set-out, target, floor, hands
    limit, time that holds after its last hand."""
    rules, hands = drawn
    rules = rules.but(
        boston_wins=boston_wins, sets_to_lose=sets, hands_limit=hands_limit, target=200
    )
    game = play(rules, hands, time_called_after=time_called_after)
    assume(game.over)
    last, number, totals = game.hands[-1], len(game.hands), game.totals
    before = replay(rules, [r.hand for r in game.hands[:-1]], time_called_after=time_called_after)
    if before.sudden_death:
        # Both teams were set out level: now a single set is enough.
        set_out = sum(t.made is False for t in last.teams) == 1
    else:
        set_out = bool(sets) and max(set_counts(game, False)[-1]) >= sets
    holds = {
        "boston": boston_wins and any(t.boston for t in last.teams),
        "set_out": set_out,
        "target": max(totals) >= rules.target,
        "floor": rules.floor is not None and min(totals) <= rules.floor,
        "hands": 0 < hands_limit <= number,
        "time": time_called_after is not None and time_called_after <= number,
    }
    assert game.reason == next(reason for reason in REASONS if holds[reason])


def test_a_new_game_with_time_called_from_the_start_plays_its_first_hand():
    """Time called before any hand: the top is shared at 0, so a first hand is played."""
    game = new_game(Rules(), time_called_after=0)
    assert not game.over and game.next.time_called
