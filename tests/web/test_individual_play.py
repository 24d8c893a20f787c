"""Games without partners through the pages: a Three-handed game to 500 with its exports,
Cut-throat and Two-handed tables, and every refusal a table of three can meet.

Seats: 0 North (Ana), 1 East (Bruno), 2 South (Carla), 3 West (Davi, at four only); every
player is a side of their own.
"""

from __future__ import annotations

import csv
import io

from testsupport.database import snapshot, stored_game, stored_hands
from testsupport.pages import Page, submit
from testsupport.playing import enter, game_page, start_game, token_of

THREE = {"player_0": "Ana", "player_1": "Bruno", "player_2": "Carla"}


def start_three(client, **typed) -> str:
    """A Three-handed game of Ana, Bruno and Carla; its edit token."""
    return start_game(client, table="three_handed", **THREE, **typed)


def totals(page: Page) -> list[str]:
    """The scoreboard's totals, one per side."""
    return page.texts("total")


def test_choosing_three_players_starts_a_three_handed_game_of_seventeen_tricks(app, client):
    token = start_three(client, player_3="Nobody")
    game = stored_game(app, token)
    assert game.preset == "three_handed"
    assert game.players == ("Ana", "Bruno", "Carla")
    assert game.player_3 == ""
    assert game.scoring_rules.tricks_per_hand == 17
    page = game_page(client, token)
    assert page.options("bid_0")[-1] == "17"
    assert page.find_all("input", name="bid_3") == []
    assert totals(page) == ["0", "0", "0"]
    assert "Ana deals · Bruno bids first" in page.find(cls="deal").text


def test_a_table_of_three_plays_a_whole_game_to_500_and_exports_it(app, client):
    token = start_three(client)
    page = game_page(client, token)
    expected = [0, 0, 0]
    hands = 0
    while not page.find_all(cls="banner"):
        # Bruno makes 6 with a bag, Ana makes 5, Carla is set on 6 with 5.
        page = enter(client, token, bids=(5, 6, 6))
        page = enter(client, token, tricks=(5, 7, None), page=page)
        hands += 1
        expected = [expected[0] + 50, expected[1] + 61, expected[2] - 60]
        assert totals(page) == [str(t).replace("-", "\u2212") for t in expected]
    assert hands == 9 and expected[1] == 549
    assert "Bruno won with 549!" in page.find(cls="banner").text
    assert [h.tricks_2 for h in stored_hands(app, token)] == [5] * 9  # 17 − 5 − 7, filled in
    rows = list(csv.DictReader(io.StringIO(client.get(f"/g/{token}.csv").get_data(as_text=True))))
    assert len(rows) == 27
    assert [(r["team"], r["players"], r["bids"], r["tricks"]) for r in rows[:3]] == [
        ("Ana", "Ana", "5", "5"),
        ("Bruno", "Bruno", "6", "7"),
        ("Carla", "Carla", "6", "5"),
    ]
    assert rows[-2]["total"] == "549"
    assert rows[0]["game"].startswith("Ana vs Bruno vs Carla ")
    view = stored_game(app, token).view_token
    data = client.get(f"/v/{view}.json").get_json()
    assert data["sides"] == [
        {"name": "Ana", "seats": [0]},
        {"name": "Bruno", "seats": [1]},
        {"name": "Carla", "seats": [2]},
    ]
    assert data["totals"] == expected and data["winner"] == 1 and data["status"] == "over"
    assert len(data["hands"][0]["teams"]) == 3


def test_the_deal_passes_to_the_left_round_a_table_of_three(app, client):
    token = start_three(client, first_dealer="2")
    assert "Carla deals · Ana bids first" in game_page(client, token).find(cls="deal").text
    page = enter(client, token, bids=(4, 5, 6))
    page = enter(client, token, tricks=(4, 5, 8), page=page)
    assert "Ana deals · Bruno bids first" in page.find(cls="deal").text


def test_tricks_that_do_not_add_up_to_seventeen_are_refused_in_words(app, client):
    token = start_three(client)
    before = snapshot(app)
    page = enter(client, token, bids=(5, 6, 6), tricks=(5, 6, 5), expect=422)
    assert "The tricks add up to 16; a hand has 17." in page.all_errors()
    assert snapshot(app) == before


def test_a_bid_of_eighteen_is_refused_at_a_table_of_three(app, client):
    token = start_three(client)
    before = snapshot(app)
    taps = {"bid_0": "18", "bid_1": "6", "bid_2": "6"}  # no button says 18: sent by hand
    page = Page(client.post(f"/g/{token}/hand", data=form_data(client, token, taps)))
    assert page.response.status_code == 422
    assert page.errors("bid_0") == ["A bid is Nil or a number from 1 to 17."]
    assert snapshot(app) == before


def test_bids_adding_up_to_the_tricks_are_refused_where_the_house_says_so(app, client):
    token = start_three(client, bids_may_total_tricks="no")
    before = snapshot(app)
    page = enter(client, token, bids=(5, 6, 6), expect=422)
    # Ana deals: hers is the bid that must change.
    assert page.errors("bid_0") == [
        "The bids may not add up to 17: the dealer bids something else."
    ]
    assert snapshot(app) == before
    enter(client, token, bids=(4, 6, 6))


def test_blind_nil_is_refused_unless_100_behind_the_leader(app, client):
    token = start_three(client)
    page = enter(client, token, bids=(5, 6, 6))
    page = enter(client, token, tricks=(5, 6, 6), page=page)  # 50, 60, 60
    page = enter(client, token, bids=(5, 6, 6), page=page)
    page = enter(client, token, tricks=(0, 9, 8), page=page)  # −50, 63, 62
    assert [s for s in range(3) if "blind_nil" in page.options(f"bid_{s}")] == [0]
    before = snapshot(app)
    taps = {"bid_0": "4", "bid_1": "blind_nil", "bid_2": "6"}  # not offered to Bruno: by hand
    page = Page(client.post(f"/g/{token}/hand", data=form_data(client, token, taps)))
    assert page.response.status_code == 422
    assert page.errors("bid_1") == ["Blind Nil only when you are 100 or more behind the leader."]
    assert snapshot(app) == before
    enter(client, token, bids=("blind_nil", 6, 6))


def test_a_team_total_sent_to_a_table_without_partners_is_refused(app, client):
    token = start_three(client)
    before = snapshot(app)
    data = {"bid_0": "5", "bid_1": "6", "bid_2": "6", "team_tricks_0": "11"}
    page = Page(client.post(f"/g/{token}/hand", data=form_data(client, token, data)))
    assert page.response.status_code == 422
    assert "Without partners, enter each player's tricks." in page.all_errors()
    assert snapshot(app) == before


def form_data(client, token, taps: dict) -> dict:
    """What the game page's form sends with these taps (hidden fields included)."""
    form = game_page(client, token).form("hand-form")
    sent = {
        n.attrs["name"]: n.attrs.get("value", "") for n in form.find_all("input", type="hidden")
    }
    return sent | taps


def test_cut_throat_shows_four_columns_and_a_shared_top_plays_on(app, client):
    token = start_game(
        client,
        table="cutthroat",
        player_0="Ana",
        player_1="Bruno",
        player_2="Carla",
        player_3="Davi",
        target=100,
    )
    page = enter(client, token, bids=(4, 3, 3, 3))
    page = enter(client, token, tricks=(4, 3, 3, 3), page=page)
    assert totals(page) == ["40", "30", "30", "30"]
    page = enter(client, token, bids=(6, 7, "nil", "nil"), page=page)
    page = enter(client, token, tricks=(6, 7, 0, 0), page=page)  # 100, 100, 130, 130
    assert totals(page) == ["100", "100", "130", "130"]
    assert "Tie at 130: play another hand." in page.find(cls="banner").text
    assert page.has_form("hand-form")
    page = enter(client, token, bids=(3, 3, 3, 4), page=page)
    page = enter(client, token, tricks=(3, 3, 3, 4), page=page)
    assert "Davi won with 170!" in page.find(cls="banner").text
    rematch = page.form(action=f"/g/{token}/rematch")
    new = token_of(submit(client, rematch, {}))
    # Three hands from North: East deals the rematch's first hand.
    assert stored_game(app, new).first_dealer == 3
    assert stored_game(app, new).preset == "cutthroat"


def test_two_players_are_told_who_draws_first_rather_than_who_deals(app, client):
    token = start_game(client, table="two_handed", player_0="Ana", player_1="Bruno")
    page = game_page(client, token)
    assert page.find(cls="deal").text == "Bruno draws first and bids first"
    page = enter(client, token, bids=(6, "blind_nil"))
    assert "Blind Nil: you may swap up to 3 cards for cards from the discards." in page.text
    page = enter(client, token, tricks=(13, 0), page=page)
    assert page.find(cls="deal").text == "Ana draws first and bids first"
    assert totals(page) == ["67", "200"]  # 6 made with 7 bags; the Blind Nil made


def test_a_first_dealer_who_is_not_at_the_table_is_refused(app, client):
    response = start_game(client, expect=422, table="two_handed", first_dealer="2")
    assert "Choose one of the players at the table." in Page(response).text


def test_an_edit_and_an_undo_replay_a_game_of_three(app, client):
    token = start_three(client)
    page = enter(client, token, bids=(5, 6, 6))
    page = enter(client, token, tricks=(5, 6, 6), page=page)
    edit = Page(client.get(f"/g/{token}/hands/1"))
    response = submit(client, edit.form("hand-form"), {"tricks_2": "4", "tricks_1": "8"})
    assert response.status_code == 303
    page = game_page(client, token)
    assert totals(page) == ["50", "62", "\u221260"]
    undo = Page(client.get(f"/g/{token}/undo"))
    assert submit(client, undo.form(), {}).status_code == 303
    assert totals(game_page(client, token)) == ["0", "0", "0"]


def test_a_table_of_three_is_told_everything_in_portuguese(app, client):
    client.environ_base.update({"HTTP_ACCEPT_LANGUAGE": "pt-BR"})
    home = Page(client.get("/"))
    assert "3 jogadores" in home.find(cls="table-choice").text
    assert "Cada um por si" in home.find(cls="presets").text
    token = start_three(client)
    page = game_page(client, token)
    assert "Deixe um em branco: ele fica com 17 menos o resto." not in page.text  # bids first
    page = enter(client, token, bids=(5, 6, 6), tricks=(5, 6, 5), expect=422)
    assert "As vazas somam 16; uma mão tem 17." in page.all_errors()
    assert "Deixe um em branco: ele fica com 17 menos o resto." in page.text
    page = enter(client, token, bids=(5, 6, 6), tricks=(5, 6, 6))
    assert "Placar acumulado após 1 mão: \u2068Ana\u2069 50, \u2068Bruno\u2069 60" in page.text
    page = Page(client.get("/"))
    assert "Ana 50 · Bruno 60 · Carla 60" in page.find(cls="my-games").text


def test_the_view_link_of_a_game_of_three_shows_every_player(app, client):
    token = start_three(client)
    enter(client, token, bids=(5, 6, 6))
    view = Page(client.get(f"/v/{stored_game(app, token).view_token}"))
    assert totals(view) == ["0", "0", "0"]
    assert view.texts("contract") == ["Bruno needs 6", "Carla needs 6", "Ana needs 5"]
    isolated = [f"\u2068{name}\u2069 0" for name in ("Ana", "Bruno", "Carla")]
    assert view.find("title").text == " · ".join(isolated)
    assert f"/g/{token}" not in view.response.get_data(as_text=True)


def test_saving_the_bids_again_without_tricks_asks_for_each_players_tricks(app, client):
    token = start_three(client)
    page = enter(client, token, bids=(5, 6, 6))
    before = snapshot(app)
    page = Page(submit(client, page.form("hand-form"), {}))
    assert page.response.status_code == 422
    assert "Tap the tricks each player took." in page.all_errors()
    assert snapshot(app) == before
