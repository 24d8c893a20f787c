"""Every worked example of docs/rules.md#worked-examples-of-more-house-rules, and the rules
beside them.

Seats are 0-3 clockwise, partners opposite: team A is seats 0 & 2, team B is seats 1 & 3.
Totals a worked example starts from are set with adjustments after a plain first hand, so that
each example's own hand is exactly the one docs/rules.md describes.
"""

import pytest

from scoring import (
    ADJUSTMENT,
    BLIND_BID,
    FIRST_HAND,
    TEN_FOR_200,
    Adjustment,
    Blind,
    Hand,
    InvalidGameInput,
    InvalidHand,
    InvalidRules,
    Rules,
    SetScores,
    bid_problems,
    bid_text,
    parse_bid,
    replay,
)
from testsupport.engine import CUTTHROAT, GAMELAKE, THREE, codes

TEAM_A, TEAM_B = 0, 1
# GameLake with blind bids from 6 when 100 behind (the blind bid's deficit defaults to 100).
BLIND_6 = GAMELAKE.but(blind_bid_min=6)
# A plain first hand: A bids 3 + 3 and takes 6 (+60), B bids 3 + 4 and takes 7 (+70); no bags.
PLAIN = Hand(bids=(3, 3, 3, 4), tricks=(3, 3, 3, 4))


def from_totals(rules: Rules, a: int, b: int, hands=(), **inputs):
    """A game whose first hand is PLAIN and whose adjustments after it bring the teams to `a`
    and `b`, then these hands played; `inputs` go to replay as they are."""
    extra = inputs.pop("adjustments", ())
    start = [
        Adjustment(1, TEAM_A, a - 60, "to the example's score"),
        Adjustment(1, TEAM_B, b - 70, "to the example's score"),
    ]
    return replay(rules, [PLAIN, *hands], adjustments=[*start, *extra], **inputs)


# Blind bids


def test_a_blind_7_made_with_one_over_scores_double_and_a_bag():
    # B at 140 against 300 (160 behind) bids Blind 7 and takes 8: 2 × 10 × 7 + 1 = +141.
    hand = Hand(bids=(3, Blind(7), 2, Blind(7)), tricks=(3, None, 2, None), team_tricks=(None, 8))
    game = from_totals(BLIND_6, 300, 140, [hand])
    b = game.hands[1].teams[TEAM_B]
    assert (b.points, b.total, b.bags) == (141, 281, 1)
    first = b.items[0]
    assert (first.kind, first.points, first.amount, first.made) == (BLIND_BID, 140, 7, True)


def test_a_blind_7_taking_6_loses_double():
    hand = Hand(bids=(3, Blind(7), 4, Blind(7)), tricks=(3, 3, 4, 3))
    game = from_totals(BLIND_6, 300, 140, [hand])
    assert game.hands[1].teams[TEAM_B].points == -140
    assert game.totals[TEAM_B] == 0


def test_a_blind_bid_only_50_behind_is_refused_with_the_deficit_and_the_gap():
    hand = Hand(bids=(3, Blind(7), 4, Blind(7)), tricks=(3, 3, 4, 3))
    with pytest.raises(InvalidHand) as refused:
        from_totals(BLIND_6, 300, 250, [hand])
    (problem,) = refused.value.problems
    assert (problem.code, problem.seat, problem.team) == ("blind_bid_not_behind", 1, TEAM_B)
    assert problem.params == {"deficit": 100, "behind": 50}


def test_a_blind_bid_set_scores_nothing_where_a_set_scores_zero():
    rules = BLIND_6.but(blind_bid_deficit=None, set_scores=SetScores.ZERO)
    hand = Hand(bids=(3, Blind(7), 4, Blind(7)), tricks=(3, 3, 4, 3))
    assert replay(rules, [hand]).hands[0].teams[TEAM_B].points == 0


def test_ten_for_200_never_applies_to_a_blind_bid():
    rules = BLIND_6.but(blind_bid_deficit=None, ten_for_200=True)
    blind = Hand(bids=(1, Blind(10), 2, Blind(10)), tricks=(1, 5, 2, 5))
    team = replay(rules, [blind]).hands[0].teams[TEAM_B]
    assert (team.items[0].kind, team.points) == (BLIND_BID, 200)  # 2 × 10 × 10, never 400
    open_bid = Hand(bids=(1, 5, 2, 5), tricks=(1, 5, 2, 5))
    assert replay(rules, [open_bid]).hands[0].teams[TEAM_B].items[0].kind == TEN_FOR_200


def test_a_blind_bid_counts_once_as_the_contract_toward_the_minimum_and_the_bid_total():
    rules = BLIND_6.but(blind_bid_deficit=None, min_team_bid=8, bids_may_total_tricks=False)
    too_low = (4, Blind(7), 4, Blind(7))  # B's contract is 7, below 8 (A's 4 + 4 is not)
    assert codes(bid_problems(rules, too_low)) == {("team_bid_below_minimum", None, TEAM_B)}
    # A's 4 + 2 and B's Blind 7 make 13: refused on the dealer's bid, as any bids adding up.
    adding_up = (4, Blind(7), 2, Blind(7))
    assert codes(bid_problems(rules.but(min_team_bid=0), adding_up, dealer=3)) == {
        ("bids_total_tricks", 3, None)
    }


def test_a_blind_bid_beside_a_partners_own_bid_is_refused():
    rules = BLIND_6.but(blind_bid_deficit=None)
    problems = bid_problems(rules, (3, Blind(7), 3, 4))
    assert codes(problems) == {("blind_bid_beside_partner_bid", 1, TEAM_B)}
    nil_beside = bid_problems(rules, (3, Blind(7), 3, "nil"))
    assert codes(nil_beside) == {("blind_bid_beside_partner_bid", 1, TEAM_B)}


def test_a_blind_bid_below_the_minimum_or_where_the_rules_have_none_is_refused():
    rules = BLIND_6.but(blind_bid_deficit=None)
    low = bid_problems(rules, (3, Blind(5), 3, Blind(5)))
    assert codes(low) == {("blind_bid_below_minimum", 1, TEAM_B)}
    assert low[0].params == {"minimum": 6}
    assert codes(bid_problems(GAMELAKE, (3, Blind(7), 3, Blind(7)))) == {
        ("blind_bid_not_allowed", 1, TEAM_B)
    }
    assert codes(bid_problems(rules, (3, Blind(14), 3, Blind(14)))) == {
        ("bid_out_of_range", 1, None)
    }


def test_both_teams_may_bid_blind_in_one_hand_when_each_is_allowed():
    rules = BLIND_6.but(blind_bid_deficit=None)
    hand = Hand(bids=(Blind(6), Blind(6), Blind(6), Blind(6)), team_tricks=(6, 7))
    game = replay(rules, [hand])
    assert game.totals == (120, 121)


def test_without_partners_a_player_bids_blind_for_themselves_measured_to_the_leader():
    # Ana 250, Bia 180, Caio 140, blind bids from 6 when 100 behind the leader.
    rules = THREE.but(blind_bid_min=6)
    totals = (250, 180, 140)
    assert bid_problems(rules, (5, 4, Blind(6)), totals) == []
    assert codes(bid_problems(rules, (5, Blind(6), 4), totals)) == {("blind_bid_not_behind", 1, 1)}
    hand = Hand(bids=(5, 4, Blind(6)), tricks=(5, 5, 7))
    caio = replay(rules.but(blind_bid_deficit=None), [hand]).hands[0].teams[2]
    assert (caio.points, caio.bags) == (121, 1)  # 2 × 10 × 6 + 1


def test_every_bid_has_a_text_that_reads_back_as_the_same_bid():
    for bid, text in ((3, "3"), ("nil", "nil"), ("blind_nil", "blind_nil"), (Blind(7), "blind_7")):
        assert bid_text(bid) == text
        assert parse_bid(text) == bid
    for text in ("", "x", "-3", "blind_", "blind_x", " 3", "blind_-1"):
        with pytest.raises(ValueError):
            parse_bid(text)


# Set-outs


def set_twice_game(b_at_the_end: int, a_at_the_end: int):
    """Seven hands of a game where team A is set in hands 3 and 7 (6 bid, 4 taken; 5 bid, 3
    taken) and makes every other hand; an adjustment after hand 7 puts the totals at the
    example's."""
    made = Hand(bids=(3, 3, 3, 4), tricks=(3, 3, 3, 4))
    set_3 = Hand(bids=(3, 3, 3, 4), tricks=(2, 4, 2, 5))
    set_7 = Hand(bids=(2, 3, 3, 4), tricks=(1, 5, 2, 5))
    hands = [made, made, set_3, made, made, made, set_7]
    rules = GAMELAKE.but(sets_to_lose=2, floor=None)
    plain = replay(rules, hands[:6])
    assert not plain.over and plain.sets == (1, 0)
    a, b = replay(rules, hands).hands[-1].teams
    adjustments = [
        Adjustment(7, TEAM_A, a_at_the_end - a.total, "example"),
        Adjustment(7, TEAM_B, b_at_the_end - b.total, "example"),
    ]
    return replay(rules, hands, adjustments=adjustments)


def test_a_team_set_twice_loses_even_far_ahead():
    game = set_twice_game(b_at_the_end=180, a_at_the_end=260)
    assert game.totals == (260, 180)
    assert (game.over, game.winner, game.reason, len(game.hands)) == (True, TEAM_B, "set_out", 7)


def test_with_sets_in_a_row_a_made_hand_between_two_sets_breaks_the_run():
    made = Hand(bids=(3, 3, 3, 4), tricks=(3, 3, 3, 4))
    a_set = Hand(bids=(3, 3, 3, 4), tricks=(2, 4, 2, 5))
    rules = GAMELAKE.but(sets_to_lose=2, sets_in_a_row=True, floor=None)
    game = replay(rules, [a_set, made, a_set])
    assert (game.over, game.sets, game.next.sets_left) == (False, (1, 0), (1, 2))
    game = game.add(a_set)
    assert (game.over, game.winner, game.reason) == (True, TEAM_B, "set_out")


def test_an_adjustment_does_not_break_a_run_of_sets():
    a_set = Hand(bids=(3, 3, 3, 4), tricks=(2, 4, 2, 5))
    rules = GAMELAKE.but(sets_to_lose=2, sets_in_a_row=True, floor=None)
    game = replay(rules, [a_set, a_set], adjustments=[Adjustment(1, TEAM_A, 50, "slow play")])
    assert (game.winner, game.reason) == (TEAM_B, "set_out")


def test_a_failed_nil_is_no_set_but_a_partners_missed_number_is():
    rules = GAMELAKE.but(sets_to_lose=1, floor=None)
    failed_nil = Hand(bids=("nil", 3, 4, 4), tricks=(1, 4, 4, 4))
    assert not replay(rules, [failed_nil]).over
    missed = Hand(bids=("nil", 3, 5, 4), tricks=(0, 4, 4, 5))
    assert replay(rules, [missed]).winner == TEAM_B


def test_both_teams_set_out_in_one_hand_the_higher_total_wins():
    rules = GAMELAKE.but(sets_to_lose=1, floor=None)
    both_set = Hand(bids=(4, 4, 4, 4), tricks=(3, 3, 3, 4))  # A takes 6 of 8, B 7 of 8
    game = replay(rules, [both_set])
    assert game.totals == (-80, -80)
    assert (game.over, game.reason, game.sudden_death) == (False, "tie", True)
    assert game.next.sudden_death and game.next.sets_left == (1, 1)
    # Sudden death: the next hand in which exactly one team is set ends the game.
    a_set = Hand(bids=(3, 3, 3, 4), tricks=(2, 4, 2, 5))
    assert not replay(rules, [both_set, both_set]).over
    game = replay(rules, [both_set, both_set, a_set])
    assert (game.over, game.winner, game.reason) == (True, TEAM_B, "set_out")
    ahead = replay(rules, [both_set], adjustments=[Adjustment(1, TEAM_A, 10, "ruling")])
    assert (ahead.over, ahead.winner, ahead.reason) == (True, TEAM_A, "set_out")


def test_a_team_set_out_in_the_hand_it_passed_the_target_loses():
    a_set = Hand(bids=(6, 3, 4, 4), tricks=(3, 4, 3, 3))  # A bids 10, takes 6: set
    rules = GAMELAKE.but(sets_to_lose=1, floor=None)
    game = replay(rules, [a_set], adjustments=[Adjustment(1, TEAM_A, 700, "example")])
    assert game.totals[TEAM_A] >= 500
    assert (game.winner, game.reason) == (TEAM_B, "set_out")


def test_a_set_out_rule_at_a_table_without_partners_is_invalid():
    with pytest.raises(InvalidRules):
        CUTTHROAT.but(sets_to_lose=2)


@pytest.mark.parametrize("name", ["blind_bid_min", "sets_to_lose", "hands_limit"])
def test_a_count_below_zero_cannot_be_played(name):
    with pytest.raises(InvalidRules):
        GAMELAKE.but(**{name: -1})


@pytest.mark.parametrize("rules", [GAMELAKE, THREE], ids=["13 tricks", "17 tricks"])
def test_a_blind_bid_minimum_may_reach_the_hands_tricks_but_not_pass_them(rules):
    tricks = rules.tricks_per_hand
    assert rules.but(blind_bid_min=tricks).blind_bid_min == tricks
    with pytest.raises(
        InvalidRules, match=f"blind_bid_min must be at most tricks_per_hand \\({tricks}\\)"
    ):
        rules.but(blind_bid_min=tricks + 1)


def test_a_blind_bid_minimum_stored_above_the_tricks_reads_back_as_no_blind_bids():
    # An earlier release kept such rules: they allowed no blind bid, and still allow none.
    stored = GAMELAKE.to_dict() | {"blind_bid_min": 14}
    rules = Rules.from_dict(stored)
    assert rules == GAMELAKE
    assert replay(rules, [PLAIN]).next.blind_bid_allowed == (False, False)
    three = THREE.to_dict() | {"blind_bid_min": 17}
    assert Rules.from_dict(three).blind_bid_min == 17  # 17 tricks a hand: a blind bid of 17


def test_rules_stored_before_the_new_house_rules_read_back_with_each_of_them_off():
    stored = GAMELAKE.to_dict()
    for name in ("blind_bid_min", "blind_bid_deficit", "sets_to_lose", "sets_in_a_row"):
        del stored[name]
    for name in ("boston_wins", "hands_limit", "first_hand_bids_itself"):
        del stored[name]
    assert Rules.from_dict(stored) == GAMELAKE


# Boston


def test_a_boston_wins_the_game_even_when_the_other_team_passes_the_target():
    rules = GAMELAKE.but(boston_wins=True)
    # A's two Nils are made (+200, to 400 + 200 = 600); B bids 4 + 4 and takes all 13.
    boston = Hand(bids=("nil", 4, "nil", 4), tricks=(0, 7, 0, 6))
    game = from_totals(rules, 400, 100, [boston])
    assert game.totals[TEAM_A] >= 500
    assert (game.over, game.winner, game.reason) == (True, TEAM_B, "boston")
    assert game.hands[1].teams[TEAM_B].boston


def test_a_team_of_nil_bidders_only_makes_no_boston_and_a_blind_bid_can():
    rules = GAMELAKE.but(boston_wins=True, blind_bid_min=6, blind_bid_deficit=None)
    nils = Hand(bids=("nil", 4, "nil", 4), tricks=(0, 7, 0, 6))
    assert not replay(rules, [nils]).hands[0].teams[TEAM_A].boston
    blind = Hand(bids=(3, Blind(6), 3, Blind(6)), tricks=(0, 7, 0, 6))
    assert replay(rules, [blind]).reason == "boston"


def test_a_player_who_takes_every_trick_with_a_bid_made_wins_at_a_table_of_three():
    rules = THREE.but(boston_wins=True)
    game = replay(rules, [Hand(bids=(5, "nil", "nil"), tricks=(17, 0, 0))])
    assert (game.over, game.winner, game.reason) == (True, 0, "boston")
    # 50 + 12 bags − 100 for reaching 10 bags: the lowest total, and the Boston still wins.
    assert game.totals == (-38, 100, 100)


# Game length


def hand_where(a_made: bool) -> Hand:
    """A hand in which one team makes 4 + 4 (+80) and the other is set bidding 4 + 4 (−80)."""
    return Hand(bids=(4, 4, 4, 4), team_tricks=(8, 5) if a_made else (5, 8))


def test_time_called_during_hand_9_ends_the_game_after_it_when_one_team_leads():
    hands = [hand_where(n % 2 == 0) for n in range(9)]  # A +80 five times, −80 four: +80
    for a, b, over in ((310, 290, True), (300, 300, False)):
        game = replay(
            GAMELAKE.but(floor=None),
            hands,
            time_called_after=9,
            adjustments=[Adjustment(9, TEAM_A, a - 80, "x"), Adjustment(9, TEAM_B, b + 80, "x")],
        )
        assert game.totals == (a, b)
        assert (game.over, game.reason) == ((True, "time") if over else (False, "tie"))
        if not over:
            assert game.next.time_called and game.add(hand_where(False)).winner == TEAM_B


def test_calling_time_with_no_bids_entered_ends_a_game_one_side_leads():
    game = replay(GAMELAKE, [hand_where(True)])
    ended = game.call_time(bids_entered=False)
    assert (ended.over, ended.winner, ended.reason, ended.time_called_after) == (
        True,
        TEAM_A,
        "time",
        1,
    )
    playing_on = game.call_time(bids_entered=True)
    assert (playing_on.over, playing_on.time_called_after) == (False, 2)
    with pytest.raises(InvalidGameInput) as twice:
        playing_on.call_time(bids_entered=True)
    assert [p.code for p in twice.value.problems] == ["time_already_called"]
    resumed = playing_on.resume()
    assert resumed.time_called_after is None and not resumed.next.time_called


def test_the_hands_limit_ends_the_game_and_a_shared_top_plays_on_until_one_leads():
    rules = GAMELAKE.but(hands_limit=2)
    level = replay(rules, [hand_where(True), hand_where(False)])
    assert (level.over, level.reason, level.next.hands_left) == (False, "tie", 0)
    game = level.add(hand_where(False))
    assert (game.over, game.winner, game.reason) == (True, TEAM_B, "hands")
    assert replay(rules, [hand_where(True)]).next.hands_left == 1


def test_the_hands_limit_with_three_players_needs_a_single_highest():
    rules = THREE.but(hands_limit=1)
    game = replay(rules, [Hand(bids=(5, 6, 6), tricks=(5, 6, 6))])
    assert (game.totals, game.over, game.reason) == ((50, 60, 60), False, "tie")


# The first hand bids itself


def test_the_first_hand_scores_ten_a_trick_without_bags_and_later_hands_bid():
    rules = GAMELAKE.but(first_hand_bids_itself=True, hands_limit=2)
    first = Hand(bids=(None,) * 4, team_tricks=(6, 7))
    game = replay(rules, [first])
    assert (game.totals, game.bags) == ((60, 70), (0, 0))
    a = game.hands[0].teams[TEAM_A]
    assert [(i.kind, i.points, i.amount) for i in a.items] == [(FIRST_HAND, 60, 6)]
    assert a.made is None and not a.boston
    assert game.next.bids_itself is False and game.next.hands_left == 1
    assert replay(rules, []).next.bids_itself is True
    assert replay(rules, []).next.blind_nil_allowed == (False, False)
    game = game.add(Hand(bids=(3, 3, 3, 4), tricks=(3, 3, 3, 4)))
    assert (game.over, game.reason, game.totals) == (True, "hands", (120, 140))


def test_bids_on_a_first_hand_that_bids_itself_are_refused_seat_by_seat():
    rules = GAMELAKE.but(first_hand_bids_itself=True)
    with pytest.raises(InvalidHand) as refused:
        replay(rules, [Hand(bids=(3, None, "nil", None), tricks=(3, 3, 3, 4))])
    assert codes(refused.value.problems) == {
        ("bid_on_first_hand", 0, None),
        ("bid_on_first_hand", 2, None),
    }


def test_a_first_hand_of_every_trick_earns_no_boston_bonus():
    rules = GAMELAKE.but(first_hand_bids_itself=True, boston_bonus=200, boston_wins=True)
    game = replay(rules, [Hand(bids=(None,) * 4, tricks=(7, 0, 6, 0))])
    assert (game.totals, game.over) == ((130, 0), False)


# Adjustments


def test_adjustments_follow_their_hand_in_order_each_with_the_running_total_after_it():
    adjustments = [Adjustment(1, TEAM_B, -50, "renege"), Adjustment(1, TEAM_B, 20, "ruling")]
    game = replay(GAMELAKE, [PLAIN, PLAIN], adjustments=adjustments)
    first = game.hands[0]
    assert first.teams[TEAM_B].total == 70  # the hand's own total leaves them out
    assert [a.total for a in first.adjustments] == [20, 40]
    assert [(i.kind, i.points, i.reason) for i in first.breakdown(TEAM_B)][-2:] == [
        (ADJUSTMENT, -50, "renege"),
        (ADJUSTMENT, 20, "ruling"),
    ]
    assert game.hands[1].teams[TEAM_B].total == 110 and game.totals == (120, 110)


def test_an_adjustment_counts_toward_the_blind_nil_deficit_of_the_next_hand():
    assert replay(GAMELAKE, [PLAIN]).next.blind_nil_allowed == (False, False)
    game = replay(GAMELAKE, [PLAIN], adjustments=[Adjustment(1, TEAM_A, 110, "ruling")])
    assert game.totals == (170, 70)  # B is now 100 behind
    assert game.next.blind_nil_allowed == (False, True)


def test_an_adjustment_can_end_the_game_and_one_after_the_last_hand_can_reopen_it():
    game = from_totals(GAMELAKE, 480, 100)
    assert not game.over
    over = game.adjust(Adjustment(1, TEAM_A, 30, "director"))
    assert (over.over, over.winner, over.reason) == (True, TEAM_A, "target")
    reopened = over.adjust(Adjustment(1, TEAM_A, -30, "reversed"))
    assert not reopened.over


def test_an_adjustment_that_would_end_the_game_before_later_hands_is_refused():
    with pytest.raises(InvalidGameInput) as refused:
        from_totals(GAMELAKE, 480, 100, [PLAIN], adjustments=[Adjustment(1, TEAM_A, 30, "x")])
    # Every adjustment after that hand is named: the two that set the score, and the third.
    problems = refused.value.problems
    assert {p.code for p in problems} == {"adjustment_ends_game_early"}
    assert [p.params["index"] for p in problems] == [0, 1, 2]


@pytest.mark.parametrize(
    ("adjustment", "code"),
    [
        (Adjustment(1, TEAM_A, 0, "x"), "adjustment_zero"),
        (Adjustment(1, TEAM_A, 1001, "x"), "adjustment_too_large"),
        (Adjustment(1, TEAM_A, -1001, "x"), "adjustment_too_large"),
        (Adjustment(0, TEAM_A, 10, "x"), "adjustment_before_first_hand"),
        (Adjustment(3, TEAM_A, 10, "x"), "adjustment_after_unplayed_hand"),
        (Adjustment(1, 2, 10, "x"), "adjustment_side"),
        (Adjustment(1, TEAM_A, 10, "  "), "adjustment_reason_missing"),
    ],
)
def test_a_wrong_adjustment_is_refused_with_its_code(adjustment, code):
    with pytest.raises(InvalidGameInput) as refused:
        replay(GAMELAKE, [PLAIN], adjustments=[adjustment])
    assert [p.code for p in refused.value.problems] == [code]


def test_every_wrong_adjustment_is_named_at_once():
    wrong = [Adjustment(0, TEAM_A, 0, ""), Adjustment(1, TEAM_B, 5000, "x")]
    with pytest.raises(InvalidGameInput) as refused:
        replay(GAMELAKE, [PLAIN], adjustments=wrong)
    assert [(p.code, p.params["index"]) for p in refused.value.problems] == [
        ("adjustment_zero", 0),
        ("adjustment_before_first_hand", 0),
        ("adjustment_reason_missing", 0),
        ("adjustment_too_large", 1),
    ]
    assert refused.value.problems[-1].params == {"index": 1, "limit": 1000}


def test_with_every_new_rule_off_next_says_nothing_of_them():
    upcoming = replay(GAMELAKE, [PLAIN]).next
    assert upcoming.blind_bid_allowed == (False, False)
    assert (upcoming.sets, upcoming.sets_left) == ((0, 0), (None, None))
    assert (upcoming.hands_left, upcoming.time_called, upcoming.bids_itself) == (
        None,
        False,
        False,
    )
