"""Blind bids at the table (docs/rules.md#blind-bids): offered to a team far enough behind as one
row for both partners, doubled when made and when set, and refused beside the rows with a
sentence in the user's language when the rules do not allow it."""

from __future__ import annotations

import pytest

from testsupport.database import snapshot, stored_game
from testsupport.pages import Page, contracts, submit
from testsupport.playing import enter, game_page, start_game

# GameLake with blind bids from 6, when 100 or more behind
# (docs/rules.md#worked-examples-of-more-house-rules).
BLIND_RULES = {"preset": "gamelake", "blind_bid_min": "6", "blind_bid_deficit": "100"}
# Team A bids 6 + 6 and takes 12, B bids 1 + 1 and takes 1: A +120,
# B set −20. Two such hands leave B 280 behind, far enough to bid blind.
A_RUNS_AWAY = {"bids": (6, 1, 6, 1), "team_tricks": (12, 1)}


def behind_game(client, **typed) -> str:
    """A game of the blind-bid rules in which team B is 280 behind after two hands."""
    token = start_game(client, **(BLIND_RULES | typed))
    page = None
    for _ in range(2):
        page = enter(client, token, **A_RUNS_AWAY, page=page)
    assert page.totals() == (240, -40)
    return token


def blind_rows(page: Page) -> list:
    """The blind-bid rows of the hand form."""
    return page.find_all("fieldset", cls="blind-bid")


def test_a_team_not_far_enough_behind_is_not_offered_a_blind_bid(client):
    token = start_game(client, **BLIND_RULES)
    assert blind_rows(game_page(client, token)) == []


def test_a_team_far_enough_behind_gets_one_blind_row_from_the_minimum_to_the_hands_tricks(client):
    page = game_page(client, behind_game(client))
    rows = blind_rows(page)
    assert len(rows) == 1
    values = [node.attrs["value"] for node in rows[0].find_all("input")]
    assert values == [f"blind_{n}" for n in range(6, 14)]
    assert rows[0].find("input").attrs["name"] == "bid_1"  # the team's first seat


def test_a_blind_bid_made_scores_double_and_its_overtrick_is_a_bag(client):
    token = behind_game(client)
    page = enter(client, token, bids=(3, "blind_7", 2, None))
    assert any("7" in line for line in contracts(page))
    page = enter(client, token, team_tricks=(5, 8))
    assert page.totals() == (240 + 50, -40 + 141)


def test_a_blind_bid_set_loses_double(client):
    token = behind_game(client)
    enter(client, token, bids=(3, "blind_7", 2, None))
    page = enter(client, token, team_tricks=(7, 6))
    assert page.totals() == (240 + 50 + 2, -40 - 140)  # A bid 5 and took 7


def post_bids(client, token: str, bids: dict[str, str], language: str = "en"):
    """Post a hand's bids straight to the game, as a phone could, in the given language."""
    return client.post(f"/g/{token}/hand", data=bids, headers={"Accept-Language": language})


REFUSALS = [
    # (how far the game is played, the bids sent, English words, Portuguese words)
    pytest.param(
        True,
        {"bid_0": "3", "bid_1": "blind_5", "bid_2": "3"},
        "A blind bid is at least 6.",
        "Uma aposta às cegas é de pelo menos 6.",
        id="below-the-minimum",
    ),
    pytest.param(
        False,
        {"bid_0": "3", "bid_1": "blind_7", "bid_2": "3"},
        "A blind bid only when your team is 100 or more behind.",
        "Aposta às cegas só quando sua dupla está 100 pontos ou mais atrás.",
        id="not-far-enough-behind",
    ),
    pytest.param(
        True,
        {"bid_0": "3", "bid_1": "blind_7", "bid_2": "3", "bid_3": "4"},
        "A blind bid is the team's one bid: the partner bids the same.",
        "A aposta às cegas é a única aposta da dupla: o parceiro aposta o mesmo.",
        id="beside-a-partners-bid",
    ),
]


@pytest.mark.parametrize(("behind", "bids", "english", "portuguese"), REFUSALS)
@pytest.mark.parametrize("language", ["en", "pt-BR"])
def test_a_blind_bid_the_rules_do_not_allow_is_refused_beside_the_rows_and_nothing_is_written(
    app, client, behind, bids, english, portuguese, language
):
    token = behind_game(client) if behind else start_game(client, **BLIND_RULES)
    before = snapshot(app)
    response = post_bids(client, token, bids, language)
    assert response.status_code == 422
    page = Page(response)
    assert page.errors("bid_1") == [english if language == "en" else portuguese]
    assert snapshot(app) == before


def test_a_refused_blind_bid_is_shown_checked_on_the_teams_blind_row(client):
    token = behind_game(client)
    page = Page(post_bids(client, token, {"bid_0": "3", "bid_1": "blind_7", "bid_3": "4"}))
    row = blind_rows(page)[0]
    assert row.find("input", value="blind_7").attrs.get("checked") is not None
    assert [e.text for e in row.find_all(cls="error")] != []


def test_without_partners_a_players_own_row_offers_blind_bids_and_scores_them_doubled(client):
    token = start_game(client, table="cutthroat", blind_bid_min="6", blind_bid_deficit="0")
    page = game_page(client, token)
    assert blind_rows(page) == []
    assert "blind_6" in page.options("bid_1") and "blind_13" in page.options("bid_1")
    page = enter(client, token, bids=(3, "blind_6", 2, 1), tricks=(3, 7, 2, 1))
    assert [t.text for t in page.find_all(cls="total")][1] == "121"  # 2 × 60 and one bag


def test_a_played_blind_bid_is_corrected_on_its_row_as_it_was_offered(client):
    token = behind_game(client)
    enter(client, token, bids=(3, "blind_7", 2, None))
    enter(client, token, team_tricks=(5, 8))
    page = Page(client.get(f"/g/{token}/hands/3"))
    row = blind_rows(page)[0]
    assert row.find("input", value="blind_7").attrs.get("checked") is not None
    form = page.form("hand-form")
    response = submit(client, form, {"team_tricks_0": 7, "team_tricks_1": 6})
    assert response.status_code == 303
    assert game_page(client, token).totals() == (240 + 50 + 2, -40 - 140)


def test_a_played_blind_bid_reads_as_the_teams_one_bid_in_the_history_sheet_csv_and_json(
    app, client
):
    """The history and the score sheet say "Blind 7" once for the team (not "blind_7 +
    blind_7"); the CSV's bids cell keeps the stored text on both seats."""
    token = behind_game(client)
    enter(client, token, bids=(3, "blind_7", 2, None))
    enter(client, token, team_tricks=(5, 8))
    history = game_page(client, token).find(cls="history").text
    assert "bids Blind 7 " in history
    assert "blind_7" not in history
    assert ">Blind 7</td>" in client.get(f"/g/{token}/sheet").text
    csv = client.get(f"/g/{token}.csv").text
    assert "blind_7/blind_7" in csv
    view = stored_game(app, token).view_token
    document = client.get(f"/v/{view}.json").get_json()
    assert document["hands"][-1]["bids"] == [3, "blind_7", 2, "blind_7"]
