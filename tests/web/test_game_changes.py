"""The card-table app through its pages: a past hand edited, and the last hand undone.

Every hand is tapped into the form the page renders (see `testsupport.pages.submit`), so a test
only presses buttons a person could press. Seats are 0-3 clockwise: North, East, South, West;
team A is North & South (seats 0 and 2), team B is East & West (seats 1 and 3). Expected totals
are worked out by hand in the comments, with the rules of docs/rules.md.
"""

from __future__ import annotations

import pytest

from testsupport.database import counts, snapshot, stored_hands
from testsupport.pages import Page, contracts, submit
from testsupport.playing import A_FAR_AHEAD, NAMES, enter, game_page, start_game

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
