"""The smallest blind bid is at most the hand's tricks (issue 26): the new-game form refuses a
larger one beside its field, in the user's language, and writes nothing; a game an earlier
release stored with such rules (they allowed no blind bid at all) still opens, plays and lends
its rules to the table's next game and to a rule set, read as no blind bids.
"""

from __future__ import annotations

import pytest
from sqlalchemy import select

from extensions import db
from records.games import GameRecord
from records.tables import RuleSetRecord
from testsupport.database import counts, snapshot, stored_game, view_token_of
from testsupport.pages import Page, submit
from testsupport.playing import EVEN, NAMES, enter, game_page, start_game
from testsupport.routes import HX
from testsupport.tables import FIRST_PAIRING, make_table, start_at_table


def refusal(client, headers=None, **typed) -> Page:
    """The home page's form sent with `typed` and refused (422): the page answered."""
    form = Page(client.get("/")).form(action="/games")
    response = submit(client, form, NAMES | typed, headers=headers)
    assert response.status_code == 422, response.get_data(as_text=True)
    return Page(response)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "At most the tricks of a hand: 13."),
        ("pt_BR", "No máximo as vazas de uma mão: 13."),
    ],
)
def test_a_smallest_blind_bid_above_the_hands_tricks_is_refused_beside_its_field(
    app, client, language, words
):
    client.set_cookie("lang", language)
    before = snapshot(app)
    for headers in (None, HX):
        page = refusal(client, headers, blind_bid_min="14")
        assert page.errors("blind_bid_min") == [words]
    assert snapshot(app) == before


def test_the_tricks_typed_beside_it_are_the_ones_a_blind_bid_is_measured_by(app, client):
    before = counts(app)
    page = refusal(client, tricks_per_hand="10", blind_bid_min="11")
    assert page.errors("blind_bid_min") == ["At most the tricks of a hand: 10."]
    assert page.errors("tricks_per_hand") == []
    assert counts(app) == before
    token = start_game(client, **NAMES, tricks_per_hand="10", blind_bid_min="10")
    rules = stored_game(app, token).scoring_rules
    assert (rules.tricks_per_hand, rules.blind_bid_min) == (10, 10)


def test_three_players_may_bid_blind_up_to_their_seventeen_tricks_and_no_higher(app, client):
    three = {"table": "three_handed", "player_0": "Ana", "player_1": "Bruno", "player_2": "Carla"}
    before = counts(app)
    page = refusal(client, **three, blind_bid_min="18")
    assert page.errors("blind_bid_min") == ["At most the tricks of a hand: 17."]
    assert counts(app) == before
    token = start_game(client, **three, blind_bid_min="17")
    assert stored_game(app, token).scoring_rules.blind_bid_min == 17


def store_blind_bid_min(app, token: str, value: int) -> None:
    """Write a smallest blind bid into a stored game's rules as an earlier release could."""
    with app.app_context():
        game = db.session.scalar(select(GameRecord).where(GameRecord.edit_token == token))
        game.rules = game.rules | {"blind_bid_min": value}
        db.session.commit()
        db.session.remove()


def test_a_game_stored_with_a_blind_bid_minimum_above_its_tricks_opens_and_plays(app, client):
    table = make_table(client)
    token = start_at_table(client, table, **FIRST_PAIRING, target="500")
    store_blind_bid_min(app, token, 20)
    view = view_token_of(app, token)
    for address in (f"/g/{token}", f"/v/{view}", f"/g/{token}/sheet", f"/v/{view}.csv"):
        assert client.get(address).status_code == 200, address
    assert client.get(f"/v/{view}.json").status_code == 200
    # It allowed no blind bid then, and allows none now: no blind row, the hands score as ever.
    page = enter(client, token, **EVEN)
    # A bids 1 + 1 and takes 2: +20; B bids 6 + 6 and takes 11: set, −120.
    page = enter(client, token, bids=(1, 6, 1, 6), team_tricks=(2, 11), page=page)
    assert page.totals() == (61 + 20, 60 - 120)
    assert page.find_all("fieldset", cls="blind-bid") == []
    assert game_page(client, token).find("p", "rules-summary").text == "GameLake"
    # The table's next game starts from those rules, and they can be kept as a rule set.
    assert client.get(f"/?table={table}").status_code == 200
    following = start_at_table(client, table, **FIRST_PAIRING)
    assert stored_game(app, following).scoring_rules.blind_bid_min == 0
    store_blind_bid_min(app, following, 20)
    keep = Page(client.get(f"/t/{table}")).form(cls="keep-rules")
    assert submit(client, keep, {"name": "Old rules"}).status_code == 303
    # A rule set an earlier release kept with such rules is shown, offered and played too.
    with app.app_context():
        kept = db.session.scalar(select(RuleSetRecord).where(RuleSetRecord.name == "Old rules"))
        kept.rules = kept.rules | {"blind_bid_min": 20}
        number = kept.id
        db.session.commit()
        db.session.remove()
    assert client.get(f"/t/{table}").status_code == 200
    assert client.get(f"/?table={table}&rule_set={number}").status_code == 200
    played = start_at_table(client, table, **FIRST_PAIRING, rule_set=str(number))
    assert stored_game(app, played).scoring_rules.blind_bid_min == 0
