"""The card-table app through its pages: a new game, and the game page's hands and scoreboard.

Every hand is tapped into the form the page renders (see `testsupport.pages.submit`), so a test
only presses buttons a person could press. Seats are 0-3 clockwise: North, East, South, West;
team A is North & South (seats 0 and 2), team B is East & West (seats 1 and 3). Expected totals
are worked out by hand in the comments, with the rules of docs/rules.md.
"""

from __future__ import annotations

import base64
import itertools
import re

import pytest

from testsupport.database import stored_game, stored_hands
from testsupport.pages import Page, contracts, deal_line, history, submit
from testsupport.playing import A_FAR_AHEAD, NAMES, enter, game_page, start_game, token_of

# --- new game ---------------------------------------------------------------------------------


def test_the_home_page_shows_the_new_game_form(client):
    response = client.get("/")
    assert response.status_code == 200
    page = Page(response)
    form = page.form(action="/games")
    assert form.attrs["method"] == "post"
    for name in ("team_0", "team_1", "player_0", "player_1", "player_2", "player_3"):
        assert form.find_all("input", name=name), name
    assert page.options("first_dealer") == ["0", "1", "2", "3"]
    assert page.checked("first_dealer") == "0"
    presets = [o.attrs["value"] for o in form.find("select", name="preset").find_all("option")]
    assert presets == ["gamelake", "gamelake_short", "classic", "espadas", "spruce"]
    assert page.value("preset") == "gamelake"
    for rule in ("target", "floor", "nil_bonus", "blind_nil_bonus", "bag_limit", "bag_mode"):
        assert page.value(rule) == "", rule  # blank: the preset's value
    assert "Start" in form.find("button").text
    assert "Games on this device" not in page.text


def test_start_with_nothing_typed_makes_a_gamelake_game_with_the_default_names(app, client):
    response = submit(client, Page(client.get("/")).form(action="/games"))
    assert response.status_code == 303
    token = token_of(response)
    assert response.headers["Location"] == f"/g/{token}"

    game = stored_game(app, token)
    assert game.teams == ("Team A", "Team B")
    assert game.players == ("North", "East", "South", "West")
    assert game.first_dealer == 0
    assert game.preset == "gamelake"
    rules = game.scoring_rules
    assert (rules.target, rules.floor) == (500, -200)
    assert (rules.blind_nil_bonus, rules.blind_nil_deficit) == (200, 100)
    assert (rules.bag_limit, rules.bag_penalty, rules.bag_mode) == (10, 100, "carry")

    page = game_page(client, token)
    assert page.texts("players") == ["North & South", "East & West"]
    assert page.totals() == (0, 0)
    assert page.texts("to-win") == ["500 to win", "500 to win"]


def test_game_links_carry_at_least_128_random_bits_and_are_not_sequential(app, client):
    tokens = [start_game(client) for _ in range(5)]
    numbers = []
    for token in tokens:
        assert re.fullmatch(r"[A-Za-z0-9_-]{22,}", token), token
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        assert len(raw) * 8 >= 128, token
        numbers.append(int.from_bytes(raw, "big"))
    assert len(set(tokens)) == 5
    # Neighbouring links would be a few apart; 128 random bits land 2**64 or more apart
    # except with a chance of about 10 in 2**64.
    ordered = sorted(numbers)
    assert all(b - a > 2**64 for a, b in itertools.pairwise(ordered))
    # The row id is not a link.
    for game_id in [stored_game(app, t).id for t in tokens]:
        assert client.get(f"/g/{game_id}").status_code == 404


def test_house_rules_override_the_preset_and_blank_ones_keep_it(app, client):
    token = start_game(client, target=300, bag_mode="reset", floor=0, blind_nil_bonus=0)
    rules = stored_game(app, token).scoring_rules
    assert rules.target == 300
    assert rules.bag_mode == "reset"
    assert rules.floor is None  # 0: no losing floor
    assert rules.blind_nil_bonus is None  # 0: no Blind Nil
    # Left blank: GameLake's values.
    assert (rules.nil_bonus, rules.bag_limit, rules.bag_penalty) == (100, 10, 100)
    assert (rules.min_team_bid, rules.failed_nil_tricks) == (0, "bags")

    # Far behind, team B still gets no Blind Nil button: the house rule took it away.
    page = enter(client, token, **A_FAR_AHEAD)
    assert all("blind_nil" not in page.options(f"bid_{seat}") for seat in range(4))
    # 300 − 120 = 180 to win for A; 300 − (−20) = 320 for B.
    assert page.texts("to-win") == ["180 to win", "320 to win"]


def test_a_house_rule_can_add_a_floor_to_a_preset_that_has_none(app, client):
    token = start_game(client, preset="classic", floor=-300)
    rules = stored_game(app, token).scoring_rules
    assert rules.floor == -300
    assert rules.blind_nil_bonus is None  # the rest is Classic's
    assert stored_game(app, token).preset == "classic"


# --- the game page ----------------------------------------------------------------------------


def test_the_page_says_who_deals_and_who_bids_first_and_the_deal_moves_on_each_hand(
    client, new_game
):
    token = new_game(first_dealer=2, **NAMES)
    page = game_page(client, token)
    assert deal_line(page) == "Carla deals · Davi bids first"
    # The bid rows come in bidding order, starting left of the dealer.
    legends = [fs.find("legend").text for fs in page.form("hand-form").find_all("fieldset")]
    bid_rows = [legend.split(" ")[0] for legend in legends[:4]]
    assert bid_rows == ["Davi", "Ana", "Bruno", "Carla"]

    page = enter(client, token, bids=(3, 3, 3, 3), tricks=(3, 4, 3, 3))
    assert deal_line(page) == "Davi deals · Ana bids first"
    page = enter(client, token, bids=(3, 3, 3, 3), tricks=(3, 4, 3, 3), page=page)
    assert deal_line(page) == "Ana deals · Bruno bids first"
    assert history(page)[0].startswith("Hand 2 · Davi dealt")
    assert history(page)[1].startswith("Hand 1 · Carla dealt")


def test_blind_nil_is_offered_only_to_a_team_at_least_100_behind(client, new_game):
    token = new_game()
    page = game_page(client, token)
    assert all("blind_nil" not in page.options(f"bid_{seat}") for seat in range(4))
    assert "nil" in page.options("bid_0")

    page = enter(client, token, **A_FAR_AHEAD, page=page)  # A 120, B −20: B is 140 behind
    assert page.totals() == (120, -20)
    assert "blind_nil" in page.options("bid_1")  # East, team B
    assert "blind_nil" in page.options("bid_3")  # West, team B
    assert "blind_nil" not in page.options("bid_0")  # North, team A (ahead)
    assert "blind_nil" not in page.options("bid_2")  # South, team A
    assert "Blind Nil" in page.form("hand-form").text


@pytest.mark.parametrize(("deficit", "offered"), [(140, True), (141, False)])
def test_blind_nil_needs_the_deficit_the_house_rule_sets(client, new_game, deficit, offered):
    token = new_game(blind_nil_deficit=deficit)
    page = enter(client, token, **A_FAR_AHEAD)  # 120 − (−20) = 140 behind
    assert ("blind_nil" in page.options("bid_1")) is offered
    assert ("blind_nil" in page.options("bid_3")) is offered


def test_bids_alone_show_each_teams_contract_and_the_trick_rows(app, client, new_game):
    token = new_game()
    page = enter(client, token, bids=(4, 3, 3, 2))
    [hand] = stored_hands(app, token)
    assert (hand.bid_0, hand.bid_1, hand.bid_2, hand.bid_3) == ("4", "3", "3", "2")
    assert hand.tricks == (None, None, None, None) and hand.team_tricks == (None, None)

    # 4 + 3 = 7 for North & South; 3 + 2 = 5 for East & West.
    assert contracts(page) == ["East & West need 5", "North & South need 7"]
    assert page.options("team_tricks_0") == [str(n) for n in range(14)]
    assert page.options("team_tricks_1") == [str(n) for n in range(14)]
    assert "Hand 1" in page.form("hand-form").text
    assert page.totals() == (0, 0)
    assert "Save hand" in page.form("hand-form").find("button").text
    # The bids stay ticked, ready to be changed.
    assert [page.checked(f"bid_{s}") for s in range(4)] == ["4", "3", "3", "2"]


def test_with_a_nil_bidder_the_tricks_are_asked_player_by_player(client, new_game):
    token = new_game(**NAMES)
    page = enter(client, token, bids=(4, "nil", "nil", 5))
    # A: Carla's Nil adds nothing, Ana's 4 is the contract; B: Bruno's Nil, Davi's 5.
    assert contracts(page) == ["Bruno & Davi need 5", "Ana & Carla need 4"]
    for seat in range(4):
        assert page.options(f"tricks_{seat}") == [str(n) for n in range(14)]
    assert page.options("team_tricks_0") == []
    assert page.options("team_tricks_1") == []
    legends = [fs.find("legend").text for fs in page.find_all("fieldset")]
    assert "Tricks: Carla" in legends and "Tricks: Bruno" in legends


def test_a_team_whose_partners_both_bid_nil_has_no_contract(client, new_game):
    token = new_game()
    page = enter(client, token, bids=(5, "nil", 6, "nil"))
    assert contracts(page) == ["East & West: no contract", "North & South need 11"]


def test_entering_the_tricks_after_the_bids_completes_the_hand(app, client, new_game):
    token = new_game()
    page = enter(client, token, bids=(4, 3, 3, 2))
    # The form keeps the bids ticked: only the tricks are tapped.
    page = enter(client, token, team_tricks=(8, 5), page=page)
    [hand] = stored_hands(app, token)
    assert hand.played and hand.team_tricks == (8, 5)
    # A bid 4 + 3 = 7, took 8: +70 + 1 bag = 71. B bid 3 + 2 = 5, took 5: +50.
    assert page.totals() == (71, 50)
    assert "Hand 2" in page.form("hand-form").text
    assert contracts(page) == []  # a new hand: bids first
    assert [page.checked(f"bid_{s}") for s in range(4)] == [None] * 4


def test_bids_and_tricks_can_be_entered_in_one_go(app, client, new_game, play):
    token = new_game()
    play(token, (4, 3, "nil", 5), tricks=(5, 3, 0, 5))
    [hand] = stored_hands(app, token)
    assert hand.tricks == (5, 3, 0, 5)
    # A: contract 4, North took 5 → +40 + 1 bag; South's Nil made +100 → 141.
    # B: contract 3 + 5 = 8, took 3 + 5 = 8 → +80.
    assert game_page(client, token).totals() == (141, 80)


@pytest.mark.parametrize(
    ("taps", "stored", "totals"),
    [
        # West left blank: 13 − (5 + 3 + 0) = 5. A 141, B 80 as above.
        (
            {"bids": (4, 3, "nil", 5), "tricks": (5, 3, 0, None)},
            {"tricks": (5, 3, 0, 5), "team_tricks": (None, None)},
            (141, 80),
        ),
        # Team B's total left blank: 13 − 8 = 5. A bid 7 took 8 → 71; B bid 5 took 5 → 50.
        (
            {"bids": (4, 3, 3, 2), "team_tricks": (8, None)},
            {"tricks": (None, None, None, None), "team_tricks": (8, 5)},
            (71, 50),
        ),
        # South left blank beside North's 5 and B's total 5: 13 − 5 − 5 = 3.
        # A bid 7, took 5 + 3 = 8 → 71; B bid 5 took 5 → 50.
        (
            {"bids": (4, 3, 3, 2), "tricks": (5, None, None, None), "team_tricks": (None, 5)},
            {"tricks": (5, None, 3, None), "team_tricks": (None, 5)},
            (71, 50),
        ),
    ],
    ids=["one-seat", "one-team-total", "one-seat-beside-a-team-total"],
)
def test_the_one_trick_count_left_blank_is_13_minus_the_rest(
    app, client, new_game, taps, stored, totals
):
    token = new_game()
    enter(client, token, **taps)
    [hand] = stored_hands(app, token)
    assert hand.tricks == stored["tricks"]
    assert hand.team_tricks == stored["team_tricks"]
    assert game_page(client, token).totals() == totals


def test_team_totals_score_a_team_with_no_nil_bidder(client, new_game):
    token = new_game()
    page = enter(client, token, bids=(4, 3, 3, 2), team_tricks=(9, 4))
    # A bid 4 + 3 = 7, took 9: +70 + 2 bags = 72. B bid 3 + 2 = 5, took 4: set, −50.
    assert page.totals() == (72, -50)
    assert page.texts("total") == ["72", "−50"]  # a real minus sign
    assert page.bags() == ["2 bags · 8 to the penalty", "0 bags · 10 to the penalty"]
    lines = history(page)
    assert "tricks 9" in lines[0] and "tricks 4" in lines[0]


def test_the_scoreboard_shows_totals_bags_points_to_win_and_the_last_hand(client, new_game):
    token = new_game()
    page = enter(client, token, bids=(4, 3, "nil", 5), tricks=(5, 3, 0, 5))
    assert page.totals() == (141, 80)
    # A: 1 bag of 10 → 9 to the penalty; B: none.
    assert page.bags() == ["1 bag · 9 to the penalty", "0 bags · 10 to the penalty"]
    # 500 − 141 = 359; 500 − 80 = 420.
    assert page.texts("to-win") == ["359 to win", "420 to win"]
    last = page.find(cls="last-hand")
    assert "Hand 1" in last.text
    team_a, team_b = last.find_all(cls="breakdown")
    assert "contract 4: +40" in team_a.text
    assert "1 bag: +1" in team_a.text
    assert "South's Nil made: +100" in team_a.text
    assert team_a.text.endswith("= +141")  # 40 + 1 + 100
    assert "contract 8: +80" in team_b.text
    assert team_b.text.endswith("= +80")


def test_the_breakdown_shows_a_failed_nil_a_set_and_a_bag_penalty(client, new_game):
    token = new_game()
    # Hand 1: A bid 2 + 2 = 4, took 6 + 3 = 9 → +40 + 5 bags = 45 (5 bags).
    #         B bid 1 + 1 = 2, took 2 + 2 = 4 → +20 + 2 bags = 22 (2 bags).
    page = enter(client, token, bids=(2, 1, 2, 1), tricks=(6, 2, 3, 2))
    # Hand 2: A bid 2 + 2 = 4, took 5 + 4 = 9 → +40 + 5 bags; 5 + 5 = 10 bags → −100, 0 left:
    #         40 + 5 − 100 = −55, total 45 − 55 = −10.
    #         B: West's Nil took 1 → −100 and 1 bag; East bid 3, took 3 → +30:
    #         30 + 1 − 100 = −69, total 22 − 69 = −47 (2 + 1 = 3 bags).
    page = enter(client, token, bids=(2, 3, 2, "nil"), tricks=(5, 3, 4, 1), page=page)
    assert page.totals() == (-10, -47)
    assert page.bags() == ["0 bags · 10 to the penalty", "3 bags · 7 to the penalty"]
    team_a, team_b = page.find(cls="last-hand").find_all(cls="breakdown")
    assert "contract 4: +40" in team_a.text
    assert "5 bags: +5" in team_a.text
    assert "10 bags penalty: −100" in team_a.text
    assert team_a.text.endswith("= −55")
    assert "contract 3: +30" in team_b.text
    assert "1 bag: +1" in team_b.text
    assert "West's Nil failed: −100" in team_b.text
    assert team_b.text.endswith("= −69")


def test_a_set_contract_is_shown_as_set(client, new_game):
    token = new_game()
    # B bid 5 + 5 = 10, took 4 + 5 = 9: set, −100.
    enter(client, token, bids=(1, 5, 1, 5), tricks=(2, 4, 2, 5))
    team_b = game_page(client, token).find(cls="last-hand").find_all(cls="breakdown")[1]
    assert "contract 10 set: −100" in team_b.text


def test_the_history_lists_the_hands_newest_first(client, new_game):
    token = new_game()
    # Hand 1: A 4 made + 1 bag + South's Nil 100 = 141; B 8 made = 80.
    page = enter(client, token, bids=(4, 3, "nil", 5), tricks=(5, 3, 0, 5))
    # Hand 2: A 7 made with 1 bag +71 → 212; B 5 made +50 → 130.
    page = enter(client, token, bids=(4, 3, 3, 2), team_tricks=(8, 5), page=page)
    # Hand 3: A 2 made with 2 bags +22 → 234; B 10 set −100 → 30.
    page = enter(client, token, bids=(1, 5, 1, 5), tricks=(2, 4, 2, 5), page=page)
    entries = page.find(cls="history").find_all("li", "hand")
    assert [e.find(cls="number").text for e in entries] == ["Hand 3", "Hand 2", "Hand 1"]
    assert [[r.text for r in e.find_all(cls="running")] for e in entries] == [
        ["234", "30"],
        ["212", "130"],
        ["141", "80"],
    ]
    assert [[p.text for p in e.find_all(cls="points")] for e in entries] == [
        ["+22", "−100"],
        ["+71", "+50"],
        ["+141", "+80"],
    ]
    assert "bids 4 + Nil" in entries[2].text
    assert "tricks 5 + 0" in entries[2].text
