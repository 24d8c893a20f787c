"""The card-table app through its pages: new game, hands, scoreboard, edit, undo, rematch.

Every hand is tapped into the form the page renders (see `testsupport.pages.submit`), so a test
only presses buttons a person could press. Seats are 0-3 clockwise: North, East, South, West;
team A is North & South (seats 0 and 2), team B is East & West (seats 1 and 3). Expected totals
are worked out by hand in the comments, with the rules of /work/shared/RULES.md.
"""

from __future__ import annotations

import base64
import itertools
import re

import pytest

from testsupport.database import counts, snapshot, stored_game, stored_hands
from testsupport.pages import Page, submit
from testsupport.playing import NAMES, enter, game_page, start_game, token_of

# A hand that leaves team B 140 behind: A bid 6 + 6 = 12 and take 6 + 6 = 12 → +120;
# B bid 1 + 1 = 2 and take 1 + 0 = 1 → set, −20.
A_FAR_AHEAD = {"bids": (6, 1, 6, 1), "tricks": (6, 1, 6, 0)}


def play_floor_game(client, **typed) -> str:
    """A GameLake game that team B loses by falling to exactly −200 in two hands.

    Each hand: A bid 1 + 1 = 2 and take 2 + 2 = 4 → +20 + 2 bags = +22;
    B bid 5 + 5 = 10 and take 4 + 5 = 9 → set, −100.
    After two hands: A 22 + 22 = 44 (4 bags), B −100 − 100 = −200 ≤ −200: A win.
    """
    token = start_game(client, **typed)
    page = None
    for _ in range(2):
        page = enter(client, token, bids=(1, 5, 1, 5), tricks=(2, 4, 2, 5), page=page)
    return token


def deal_line(page: Page) -> str:
    """The 'X deals · Y bids first' line above the hand form."""
    return page.form("hand-form").find(cls="deal").text


def contracts(page: Page) -> list[str]:
    """The 'North & South need 7' lines shown once the bids are in (none before)."""
    return [
        node.text for box in page.find_all(cls="contracts") for node in box.find_all(cls="contract")
    ]


def history(page: Page) -> list[str]:
    """The history's entries, top to bottom, as text."""
    return [li.text for li in page.find(cls="history").find_all("li", "hand")]


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
    assert contracts(page) == ["North & South need 7", "East & West need 5"]
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
    assert contracts(page) == ["Ana & Carla need 4", "Bruno & Davi need 5"]
    for seat in range(4):
        assert page.options(f"tricks_{seat}") == [str(n) for n in range(14)]
    assert page.options("team_tricks_0") == []
    assert page.options("team_tricks_1") == []
    legends = [fs.find("legend").text for fs in page.find_all("fieldset")]
    assert "Tricks: Carla" in legends and "Tricks: Bruno" in legends


def test_a_team_whose_partners_both_bid_nil_has_no_contract(client, new_game):
    token = new_game()
    page = enter(client, token, bids=(5, "nil", 6, "nil"))
    assert contracts(page) == ["North & South need 11", "East & West: no contract"]


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


# --- editing a past hand ----------------------------------------------------------------------


def test_editing_a_past_hand_is_prefilled_and_recomputes_the_later_totals(app, client, new_game):
    token = new_game()
    # Hand 1: A 4 made + 1 bag + South's Nil 100 = 141; B 8 made = 80.
    page = enter(client, token, bids=(4, 3, "nil", 5), tricks=(5, 3, 0, 5))
    # Hand 2: A 7 made with 1 bag +71 → 212; B 5 made +50 → 130.
    page = enter(client, token, bids=(4, 3, 3, 2), team_tricks=(8, 5), page=page)
    assert page.totals() == (212, 130)

    response = client.get(f"/g/{token}/hands/1")
    assert response.status_code == 200
    page = Page(response)
    assert "Edit hand 1" in page.text
    assert [page.checked(f"bid_{s}") for s in range(4)] == ["4", "3", "nil", "5"]
    assert [page.checked(f"tricks_{s}") for s in range(4)] == ["5", "3", "0", "5"]

    # South's Nil really took a trick: North 4, East 3, South 1, West 5.
    response = submit(client, page.form("hand-form"), {"tricks_0": 4, "tricks_2": 1})
    assert response.status_code == 303
    assert response.headers["Location"] == f"/g/{token}"
    page = game_page(client, token)
    # Hand 1, A: contract 4 made exactly +40; South's trick is a bag +1; Nil failed −100 → −59.
    #         B unchanged, 80.
    # Hand 2: A −59 + 71 = 12; B 80 + 50 = 130.
    assert page.totals() == (12, 130)
    # A's bags: 1 (South's trick) + 1 (hand 2) = 2.
    assert page.bags()[0] == "2 bags · 8 to the penalty"
    assert len(stored_hands(app, token)) == 2

    # Hand 2's edit page shows its team totals ticked.
    page = Page(client.get(f"/g/{token}/hands/2"))
    assert [page.checked("team_tricks_0"), page.checked("team_tricks_1")] == ["8", "5"]


@pytest.mark.parametrize(
    ("house_rules", "hand_2", "correction"),
    [
        # Hand 2: Bruno bids Blind Nil, allowed as B are 140 behind, and makes it.
        # Correcting hand 1 so that B made their 2 and A were set (South 5, West 1) would
        # leave B ahead, so Bruno could not have bid Blind Nil in hand 2.
        (
            {},
            {"bids": (3, "blind_nil", 3, 4), "tricks": (3, 0, 4, 6)},
            {"tricks_2": 5, "tricks_3": 1},
        ),
        # Played to 150. Hand 2: A bid 6 and take 7 → +61, 120 + 61 = 181: A win.
        # Correcting hand 1 to North Nil made (+100) and South 12 of 12 (+120) gives A 220
        # after hand 1: the game would be over before hand 2.
        (
            {"target": 150},
            {"bids": (3, 3, 3, 3), "tricks": (4, 3, 3, 3)},
            {"bid_0": "nil", "bid_2": 12, "tricks_0": 0, "tricks_2": 12, "tricks_1": 1},
        ),
    ],
    ids=["blind-nil-no-longer-behind", "game-over-before-it"],
)
def test_an_edit_that_would_make_a_later_hand_impossible_is_refused(
    app, client, house_rules, hand_2, correction
):
    token = start_game(client, **house_rules)
    page = enter(client, token, **A_FAR_AHEAD)  # A 120, B −20
    page = enter(client, token, **hand_2, page=page)
    before = snapshot(app)

    page = Page(client.get(f"/g/{token}/hands/1"))
    response = submit(client, page.form("hand-form"), correction)
    assert response.status_code == 422
    assert snapshot(app) == before
    edited = Page(response)
    # The refusal says which later hand is in the way.
    assert any("hand 2" in message for message in edited.form_errors()), edited.all_errors()
    # The page keeps what was typed.
    for name, value in correction.items():
        assert edited.checked(name) == str(value), name


def test_an_edit_that_would_make_the_bids_in_play_impossible_is_refused(app, client, new_game):
    token = new_game(**NAMES)
    page = enter(client, token, **A_FAR_AHEAD)  # A 120, B −20: B 140 behind
    # Hand 2 is being played: Bruno has bid Blind Nil, allowed as B are 140 behind.
    page = enter(client, token, bids=(3, "blind_nil", 3, 4), page=page)
    before = snapshot(app)

    # Correcting hand 1 so that B made their 2 and A were set (South 5, West 1) would put
    # B ahead (A −120, B +20): Bruno's Blind Nil, already bid, could not have been bid.
    edit = Page(client.get(f"/g/{token}/hands/1"))
    response = submit(client, edit.form("hand-form"), {"tricks_2": 5, "tricks_3": 1})
    assert response.status_code == 422
    assert snapshot(app) == before
    assert any("hand 2" in message for message in Page(response).form_errors())
    # The hand in play still shows Bruno's Blind Nil.
    assert game_page(client, token).checked("bid_1") == "blind_nil"


def test_the_edit_page_offers_blind_nil_as_it_was_before_that_hand(client, new_game):
    token = new_game()
    page = enter(client, token, **A_FAR_AHEAD)  # A 120, B −20
    enter(client, token, bids=(3, "blind_nil", 3, 4), tricks=(3, 0, 4, 6), page=page)
    # Before hand 1 nobody was behind; before hand 2, B were 140 behind.
    first = Page(client.get(f"/g/{token}/hands/1"))
    assert all("blind_nil" not in first.options(f"bid_{s}") for s in range(4))
    second = Page(client.get(f"/g/{token}/hands/2"))
    assert [("blind_nil" in second.options(f"bid_{s}")) for s in range(4)] == [
        False,
        True,
        False,
        True,
    ]
    assert second.checked("bid_1") == "blind_nil"


def test_a_hand_number_that_does_not_exist_cannot_be_edited(client, new_game):
    token = new_game()
    enter(client, token, bids=(4, 3, 3, 2))  # bids only: not played yet
    for number in (0, 1, 2):
        assert client.get(f"/g/{token}/hands/{number}").status_code == 404


# --- undo -------------------------------------------------------------------------------------


def test_undo_asks_first_then_removes_the_last_hand(app, client, new_game):
    token = new_game()
    page = enter(client, token, bids=(4, 3, "nil", 5), tricks=(5, 3, 0, 5))  # 141, 80
    page = enter(client, token, bids=(4, 3, 3, 2), team_tricks=(8, 5), page=page)  # 212, 130
    link = page.find("a", cls="undo")
    response = client.get(link.attrs["href"])
    assert response.status_code == 200
    confirm = Page(response)
    assert "Undo hand 2?" in confirm.text
    assert counts(app) == (1, 2)  # asking removes nothing

    response = submit(client, confirm.find("form"))
    assert response.status_code == 303
    assert response.headers["Location"] == f"/g/{token}"
    assert counts(app) == (1, 1)
    page = game_page(client, token)
    assert page.totals() == (141, 80)
    assert "Hand 2" in page.form("hand-form").text


def test_undo_while_the_bids_are_in_clears_the_bids(app, client, new_game):
    token = new_game()
    page = enter(client, token, bids=(4, 3, "nil", 5), tricks=(5, 3, 0, 5))
    page = enter(client, token, bids=(4, 3, 3, 2), page=page)  # hand 2: bids only
    confirm = Page(client.get(f"/g/{token}/undo"))
    assert "Clear the bids of hand 2?" in confirm.text
    response = submit(client, confirm.find("form"))
    assert response.status_code == 303
    hands = stored_hands(app, token)
    assert [h.number for h in hands] == [1]
    page = game_page(client, token)
    assert page.totals() == (141, 80)
    assert contracts(page) == []  # back to bidding
    assert [page.checked(f"bid_{s}") for s in range(4)] == [None] * 4


def test_undo_with_no_hand_goes_back_to_the_game(app, client, new_game):
    token = new_game()
    response = client.post(f"/g/{token}/undo")
    assert response.status_code == 303
    assert counts(app) == (1, 0)


# --- the end of a game ------------------------------------------------------------------------


def test_reaching_500_ends_the_game_with_a_banner(client, new_game):
    token = new_game()
    # Hands 1-2: North Nil takes 0 (+100), South bids 13 and takes 13 (+130): +230 each.
    #            B bid 1 + 1 = 2 and take nothing: −20 each.
    page = None
    for _ in range(2):
        page = enter(client, token, bids=("nil", 1, 13, 1), tricks=(0, 0, 13, 0), page=page)
    assert page.totals() == (460, -40)
    # Hand 3: A bid 2 + 2 = 4, take 4 → +40 = 500 exactly; B bid 4 + 5 = 9, take 9 → +90 = 50.
    page = enter(client, token, bids=(2, 4, 2, 5), tricks=(2, 4, 2, 5), page=page)
    assert page.totals() == (500, 50)
    assert page.find(cls="banner").text == "Team A won with 500!"
    assert not page.has_form("hand-form")
    assert page.has_form("rematch")
    assert page.texts("to-win") == []


def test_falling_to_minus_200_ends_the_game(client):
    token = play_floor_game(client)
    page = game_page(client, token)
    assert page.totals() == (44, -200)
    assert page.find(cls="banner").text == "Team A won: Team B fell to −200."
    assert not page.has_form("hand-form")


def test_negative_totals_are_printed_with_a_real_minus_sign_everywhere(client):
    token = play_floor_game(client)  # 44 – −200, after 22 – −100
    page = game_page(client, token)
    assert page.texts("total") == ["44", "−200"]
    shown = {
        "banner": page.find(cls="banner").text,
        "history": " ".join(page.texts("running")),
        "title": page.find("title").text,
        "games on this device": Page(client.get("/")).find(cls="my-games").text,
    }
    hyphens = {where: text for where, text in shown.items() if "-200" in text or "-100" in text}
    assert hyphens == {}
    assert all("−200" in text for text in shown.values())


def test_equal_totals_past_the_target_mean_play_another_hand(client, new_game):
    token = new_game(target=100)
    # Hand 1: A bid 3 + 3 = 6, take 3 + 3 = 6 → +60; B bid 6, take 4 + 3 = 7 → +61.
    page = enter(client, token, bids=(3, 3, 3, 3), tricks=(3, 4, 3, 3))
    # Hand 2: A take 4 + 3 = 7 → +61 (121); B take 3 + 3 = 6 → +60 (121).
    page = enter(client, token, bids=(3, 3, 3, 3), tricks=(4, 3, 3, 3), page=page)
    assert page.totals() == (121, 121)
    assert page.find(cls="banner").text == "Tie at 121: play another hand."
    assert "Hand 3" in page.form("hand-form").text
    # Hand 3: A +61 → 182; B +60 → 181: A win.
    page = enter(client, token, bids=(3, 3, 3, 3), tricks=(4, 3, 3, 3), page=page)
    assert page.totals() == (182, 181)
    assert page.find(cls="banner").text == "Team A won with 182!"


def test_no_hand_can_be_added_after_the_game_is_over(app, client, play):
    token = play_floor_game(client)
    before = snapshot(app)
    response = play(token, (3, 3, 3, 3), tricks=(4, 3, 3, 3), expect=422)
    assert snapshot(app) == before
    page = Page(response)
    assert "The game is over: no more hands." in page.all_errors()
    response = play(token, (3, 3, 3, 3), expect=422)  # bids alone neither
    assert snapshot(app) == before


def test_the_last_hand_can_still_be_edited_after_the_game_is_over(client):
    token = play_floor_game(client)
    page = Page(client.get(f"/g/{token}/hands/2"))
    # Hand 2 corrected: North 1, East 5, South 2, West 5.
    # A bid 2, took 1 + 2 = 3 → +20 + 1 bag = 21: 22 + 21 = 43.
    # B bid 10, took 5 + 5 = 10 → +100: −100 + 100 = 0. Nobody has reached an end.
    response = submit(client, page.form("hand-form"), {"tricks_0": 1, "tricks_1": 5})
    assert response.status_code == 303
    page = game_page(client, token)
    assert page.totals() == (43, 0)
    assert not page.find_all(cls="banner")
    assert "Hand 3" in page.form("hand-form").text


# --- rematch ----------------------------------------------------------------------------------


def test_a_rematch_keeps_names_and_rules_and_passes_the_first_deal_on(app, client):
    token = play_floor_game(client, first_dealer=1, target=400, **NAMES)
    old = stored_game(app, token)
    before = snapshot(app)
    response = submit(client, game_page(client, token).form("rematch"))
    new_token = token_of(response)
    assert new_token != token

    new = stored_game(app, new_token)
    assert new.teams == old.teams == ("Reds", "Blues")
    assert new.players == old.players == ("Ana", "Bruno", "Carla", "Davi")
    assert new.rules == old.rules
    assert new.scoring_rules.target == 400
    assert new.preset == old.preset
    # Bruno (seat 1) dealt hand 1, Carla hand 2: Davi (seat 3) deals next.
    assert new.first_dealer == 3
    # The old game is untouched; the new one starts from nothing.
    games, hands = snapshot(app)
    assert games[: len(before[0])] == before[0] and hands == before[1]
    page = game_page(client, new_token)
    assert page.totals() == (0, 0)
    assert deal_line(page) == "Davi deals · Ana bids first"


def test_a_rematch_started_on_another_phone_is_listed_on_that_phone(app, client):
    token = play_floor_game(client, team_0="Owls", team_1="Bats")
    other = app.test_client()  # the phone the scoring was handed over to
    response = submit(other, game_page(other, token).form("rematch"))
    rematch = token_of(response)
    listed = [a.attrs["href"] for a in Page(other.get("/")).find_all("a")]
    assert f"/g/{rematch}" in listed


# --- games on this device ---------------------------------------------------------------------


def test_games_on_this_device_are_listed_newest_first_with_score_and_status(app, client):
    first = start_game(client, team_0="Reds", team_1="Blues")
    enter(client, first, bids=(4, 3, "nil", 5), tricks=(5, 3, 0, 5))  # 141, 80
    second = start_game(client, team_0="Cats", team_1="Dogs")
    third = play_floor_game(client, team_0="Owls", team_1="Bats")  # 44, −200: Owls won

    page = Page(client.get("/"))
    section = page.find(cls="my-games")
    assert "Games on this device" in section.text
    items = section.find_all("li")
    assert [li.find("a").attrs["href"] for li in items] == [
        f"/g/{third}",
        f"/g/{second}",
        f"/g/{first}",
    ]
    scores = [li.find(cls="score").text for li in items]
    assert scores == ["Owls 44 – −200 Bats", "Cats 0 – 0 Dogs", "Reds 141 – 80 Blues"]
    statuses = [li.find(cls="status").text for li in items]
    assert statuses[0].startswith("Owls won")
    assert statuses[1].startswith("0 hands played")
    assert statuses[2].startswith("1 hand played")

    stranger = app.test_client()
    other = Page(stranger.get("/"))
    assert not other.find_all(cls="my-games")
    assert "Games on this device" not in other.text
    for name in ("Reds", "Cats", "Owls"):
        assert name not in other.text
