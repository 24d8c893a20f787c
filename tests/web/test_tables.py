"""Tables of people: games from several phones collect in one table, whose pages show the series
and the career figures worked out from the stored hands (issue 14). The table's helpers and
hands are testsupport.tables'."""

from __future__ import annotations

import json
import re

import pytest
from sqlalchemy import func, select

from extensions import db
from records.games import GameRecord
from records.tables import TableRecord
from testsupport.database import queries_sent, stored_game
from testsupport.pages import Page, submit
from testsupport.playing import enter, token_of
from testsupport.tables import (
    EAST_WEST_WIN,
    FIRST_PAIRING,
    NORTH_SOUTH_WIN,
    SECOND_PAIRING,
    TO_100,
    figures_of,
    join_table,
    make_table,
    series_line,
    start_at_table,
    stats_json,
    view_token,
)


@pytest.fixture
def phones(app):
    """Three phones, each with its own cookies (so its own device id)."""
    return [app.test_client() for _ in range(3)]


def play_the_season(phones) -> tuple[str, list[str]]:
    """Ten games at one table from three phones; the table's edit token and the games' tokens.

    Every game is played to 100 and, but for the ninth and tenth, ends in its one hand.
    - Games 1-5, Ana & Carla against Bia & Dani, best of 5 (set on each game's form): Ana &
      Carla win 1, 3 and 4 (+100, the others −50), Bia & Dani win 2 and 5. Game 4 decides the
      series 3–1; game 5 starts the next one, 0–1.
    - Games 6-10, Ana & Bia against Carla & Dani, an open series: Ana & Bia win 6 and 8 (typed
      "aná" and "BIA" in game 8, the same people), Carla & Dani win 7. Game 9 is still in play
      (its bids only). Game 10, one hand: Ana bids Nil and takes none, Bia bids 4 and takes 5,
      Carla and Dani bid 4 each and take 8: Ana & Bia score 40 + 1 bag + 100 for the Nil = 141,
      Carla & Dani 80. Ana & Bia lead that series 3–1.
    The phones take turns: phone 1 makes the table and games 1, 4, 7, 10; phone 2 games 2, 5,
    8; phone 3 games 3, 6, 9.
    """
    table = make_table(phones[0])
    tokens = []
    winners = [NORTH_SOUTH_WIN, EAST_WEST_WIN, NORTH_SOUTH_WIN, NORTH_SOUTH_WIN, EAST_WEST_WIN]
    for number, hand in enumerate(winners):
        phone = phones[number % 3]
        token = start_at_table(phone, table, best_of="5", **FIRST_PAIRING)
        enter(phone, token, **hand)
        tokens.append(token)
    second = [
        (SECOND_PAIRING, NORTH_SOUTH_WIN),
        (SECOND_PAIRING, EAST_WEST_WIN),
        (SECOND_PAIRING | {"player_0": "aná", "player_2": "BIA"}, NORTH_SOUTH_WIN),
    ]
    for number, (names, hand) in enumerate(second, start=5):
        phone = phones[number % 3]
        token = start_at_table(phone, table, **names)
        enter(phone, token, **hand)
        tokens.append(token)
    in_play = start_at_table(phones[2], table, **SECOND_PAIRING)
    enter(phones[2], in_play, bids=(3, 3, 3, 3))
    tokens.append(in_play)
    last = start_at_table(phones[0], table, **SECOND_PAIRING)
    enter(phones[0], last, bids=("nil", 4, 4, 4), tricks=(0, None, 5, None), team_tricks=(None, 8))
    tokens.append(last)
    return table, tokens


def test_ten_games_from_three_phones_add_up_as_counted_on_paper(phones):
    """Ana's figures, counted from the season's docstring (`play_the_season`), game by game:
    wins in games 1, 3, 4 (with Carla), 6, 8, 10 (with Bia), losses in 2, 5 and 7: 9 finished
    games (game 9 is in play and counts nowhere), 6 wins, 9 hands, 9 contracts of which 6 made
    and 3 set; points 5 × 100 + 141 − 3 × 50 = 491, so 54.56 a hand; 1 bag in 9 hands (0.11);
    1 Nil tried and made; best hand +141, worst −50; never behind in a game she won.
    Carla: wins in 1, 3, 4 and 7, so 4 of 9. Ana & Carla: 5 games, 3 wins; against Bia & Dani
    3–2. Ana & Bia: 4 games, 3 wins (6, 8, 10), against Carla & Dani 3–1.
    """
    table, tokens = play_the_season(phones)
    # Every phone sees the same table, whichever kept the score.
    view = view_token(phones[1], table)
    stats = stats_json(phones[2], view)
    assert (stats["games"], stats["hands"]) == (9, 9)
    ana = figures_of(stats, "players", "Ana")
    assert ana == {
        "name": "Ana",
        "games": 9,
        "wins": 6,
        "win_rate": 0.67,
        "hands": 9,
        "contracts": 9,
        "contracts_made": 6,
        "contracts_made_rate": 0.67,
        "sets": 3,
        "bags": 1,
        "bags_per_hand": 0.11,
        "bag_penalties": 0,
        "nil_tried": 1,
        "nil_made": 1,
        "blind_nil_tried": 0,
        "blind_nil_made": 0,
        "points": 491,
        "points_per_hand": 54.56,
        "best_hand": 141,
        "worst_hand": -50,
        "biggest_comeback": 0,
    }
    carla = figures_of(stats, "players", "Carla")
    assert (carla["games"], carla["wins"]) == (9, 4)
    ana_carla = figures_of(stats, "partnerships", "Ana & Carla")
    assert (ana_carla["games"], ana_carla["wins"]) == (5, 3)
    ana_bia = figures_of(stats, "partnerships", "Ana & Bia")
    assert (ana_bia["games"], ana_bia["wins"], ana_bia["nil_made"]) == (4, 3, 1)
    meetings = {tuple(h["sides"]): (h["games"], tuple(h["wins"])) for h in stats["head_to_head"]}
    assert meetings == {
        ("Ana & Carla", "Bia & Dani"): (5, (3, 2)),
        ("Ana & Bia", "Carla & Dani"): (4, (3, 1)),
    }
    # The series, on the games' pages.
    assert series_line(phones[0], tokens[3]) == "Ana & Carla won the series 3–1 · best of 5"
    assert series_line(phones[1], tokens[4]) == "Bia & Dani lead the series 1–0 · best of 5"
    assert series_line(phones[0], tokens[9]) == "Ana & Bia lead the series 3–1"
    # The table's pages show the standings: Ana first, with her 6 wins.
    page = phones[2].get(f"/tv/{view}").get_data(as_text=True)
    ranking = re.findall(r"<li><bdi>([^<]+)</bdi> <span>(\d+) wins?", page)
    assert ranking[0] == ("Ana", "6")
    assert page.count('class="score"') == 10  # every game, the one in play too


def test_a_game_in_play_counts_once_it_ends_and_an_edit_or_undo_shows_at_once(client):
    """One table, one game of two hands to 200: hand 1 North-South +100 (East-West −50), hand 2
    the same, so Ana & Carla win 200 to −100. Before hand 2 nothing counts; then Ana has 1 win in
    1 game, 200 points. Hand 1 corrected to Ana bidding 6 and her side taking 11 (+110): Ana has
    210 points at once, best hand +110. Undoing hand 2 leaves a game in play: nothing counts."""
    table = make_table(client)
    view = view_token(client, table)
    token = start_at_table(client, table, target="200", **FIRST_PAIRING)
    enter(client, token, **NORTH_SOUTH_WIN)
    assert stats_json(client, view)["games"] == 0
    enter(client, token, **NORTH_SOUTH_WIN)
    ana = figures_of(stats_json(client, view), "players", "Ana")
    assert (ana["games"], ana["wins"], ana["points"]) == (1, 1, 200)

    edit = Page(client.get(f"/g/{token}/hands/1"))
    taps = {"bid_0": 6, "team_tricks_0": 11, "team_tricks_1": 2}
    assert submit(client, edit.form(cls="hand-form"), taps).status_code == 303
    ana = figures_of(stats_json(client, view), "players", "Ana")
    assert (ana["games"], ana["wins"], ana["points"], ana["best_hand"]) == (1, 1, 210, 110)

    undo = Page(client.get(f"/g/{token}/undo"))
    assert submit(client, undo.form(action=f"/g/{token}/undo")).status_code == 303
    assert stats_json(client, view) | {"players": [], "partnerships": []} == {
        "games": 0,
        "hands": 0,
        "players": [],
        "partnerships": [],
        "head_to_head": [],
    }


def test_a_rematch_stays_at_the_table_in_the_same_series(client):
    table = make_table(client)
    token = start_at_table(client, table, best_of="3", **FIRST_PAIRING)
    enter(client, token, **NORTH_SOUTH_WIN)
    page = Page(client.get(f"/g/{token}"))
    rematch = token_of(submit(client, page.form(cls="rematch")))
    assert series_line(client, rematch) == "Ana & Carla lead the series 1–0 · best of 3"
    enter(client, rematch, **NORTH_SOUTH_WIN)
    assert series_line(client, rematch) == "Ana & Carla won the series 2–0 · best of 3"


def test_a_rematch_chain_without_a_table_keeps_its_series_score(client, new_game):
    token = new_game(**TO_100, **FIRST_PAIRING)
    enter(client, token, **EAST_WEST_WIN)
    page = Page(client.get(f"/g/{token}"))
    rematch = token_of(submit(client, page.form(cls="rematch")))
    enter(client, rematch, **NORTH_SOUTH_WIN)
    assert series_line(client, rematch) == "Series tied 1–1"


def test_a_game_on_its_own_shows_no_series_and_can_join_a_table_later(client, new_game):
    table = make_table(client)
    token = new_game(**TO_100, **FIRST_PAIRING)
    enter(client, token, **NORTH_SOUTH_WIN)
    assert '<p class="series">' not in client.get(f"/g/{token}").text
    assert join_table(client, token, table).status_code == 303
    stats = stats_json(client, view_token(client, table))
    assert stats["games"] == 1
    assert "Add to a table" not in client.get(f"/g/{token}").text


def test_joining_a_table_writes_the_games_row_once_with_its_claim(app, client, new_game):
    table = make_table(client)
    token = new_game(**FIRST_PAIRING)
    with queries_sent(app) as statements:  # the join form's page runs no UPDATE
        assert join_table(client, token, table).status_code == 303
    updates = [s for s in statements if s.lstrip().upper().startswith("UPDATE")]
    assert len(updates) == 1, updates  # the table and the new version in one statement
    assert stored_game(app, token).table_id is not None


def test_a_pasted_table_link_joins_too_and_an_unknown_one_is_refused(app, client, new_game):
    table = make_table(app.test_client())  # made on another phone: not offered on this one
    token = new_game(**FIRST_PAIRING)
    page = Page(client.get(f"/g/{token}/table"))
    form = page.form(action=f"/g/{token}/table")
    refused = submit(client, form, {"table_link": "https://example.org/t/AAAAAAAAAAAAAAAAAAAAAA"})
    assert refused.status_code == 422
    assert "There is no table at that link." in Page(refused).all_errors()
    joined = submit(client, form, {"table_link": f"http://localhost/t/{table}"})
    assert joined.status_code == 303
    with app.app_context():
        record = db.session.scalar(select(GameRecord).where(GameRecord.edit_token == token))
        assert record.table_id is not None


@pytest.mark.parametrize(
    ("name", "message"),
    [("", "Give the table a name."), ("x" * 41, "Field cannot be longer than 40 characters.")],
)
def test_a_table_without_a_name_or_with_a_long_one_is_refused_and_nothing_is_made(
    app, client, name, message
):
    page = Page(client.get("/tables/new"))
    response = submit(client, page.form(action="/tables"), {"name": name})
    assert response.status_code == 422
    assert message in Page(response).all_errors()
    with app.app_context():
        assert db.session.scalar(select(func.count(TableRecord.id))) == 0


def test_a_best_of_that_does_not_fit_or_an_unknown_table_writes_no_game(app, client):
    form = Page(client.get("/")).form(action="/games")
    data = {f.attrs["name"]: f.attrs.get("value", "") for f in form.find_all("input")}
    data = {k: v for k, v in data.items() if k in ("csrf_token", "nonce")}
    for changes in ({"best_of": "4"}, {"in_table": "AAAAAAAAAAAAAAAAAAAAAA"}):
        response = client.post("/games", data=data | changes)
        assert response.status_code == 422, changes
        assert Page(response).all_errors(), changes
    with app.app_context():
        assert db.session.scalar(select(func.count(GameRecord.id))) == 0


@pytest.mark.parametrize("path", ["/t/{t}", "/tv/{t}", "/tv/{t}/stats", "/tv/{t}/stats.csv"])
def test_an_unknown_table_link_is_a_404_in_words(client, path):
    response = client.get(path.format(t="AAAAAAAAAAAAAAAAAAAAAA"))
    assert response.status_code == 404
    assert "There is no table at this link." in response.get_data(as_text=True)


def test_a_replaced_table_link_answers_gone_and_the_new_one_works(client):
    table = make_table(client)
    view = view_token(client, table)
    page = Page(client.get(f"/t/{table}"))
    response = submit(client, page.form(cls="rotate"), button=("link", "view"))
    assert response.status_code == 303
    assert client.get(f"/tv/{view}").status_code == 410
    assert client.get(f"/tv/{view_token(client, table)}").status_code == 200


def test_the_names_used_at_the_table_are_offered_on_another_phone(app, client):
    table = make_table(client)
    start_at_table(client, table, **FIRST_PAIRING)
    other = app.test_client()
    page = other.get(f"/?table={table}").get_data(as_text=True)
    offered = re.findall(r'<option value="([^"]+)">', page.split('<datalist id="names">')[1])
    assert offered[:4] == ["Ana", "Bia", "Carla", "Dani"]
    assert f'<option selected value="{table}">Friday club</option>' in page


def test_shuffle_changes_the_partners_and_writes_nothing(app, client):
    form = Page(client.get("/")).form(action="/games")
    response = submit(client, form, FIRST_PAIRING, button=("shuffle", "1"))
    assert response.status_code == 200
    seated = dict(re.findall(r'name="(player_\d)" value="([^"]*)"', response.text))
    assert seated["player_0"] == "Ana"
    assert seated["player_2"] in ("Bia", "Dani")  # Carla is no longer Ana's partner
    assert sorted(seated.values()) == ["Ana", "Bia", "Carla", "Dani"]
    with app.app_context():
        assert db.session.scalar(select(func.count(GameRecord.id))) == 0


def test_this_phones_stats_count_only_its_own_games(phones):
    table = make_table(phones[0])
    enter(phones[0], start_at_table(phones[0], table, **FIRST_PAIRING), **NORTH_SOUTH_WIN)
    enter(phones[1], start_at_table(phones[1], table, **FIRST_PAIRING), **EAST_WEST_WIN)
    mine = json.loads(phones[0].get("/stats.json").get_data(as_text=True))
    assert mine["games"] == 1
    assert figures_of(mine, "players", "Ana")["wins"] == 1
    csv = phones[1].get("/stats.csv").get_data(as_text=True).splitlines()
    assert csv[0].startswith("kind,name,games,wins,win_rate")
    assert any(row.startswith("player,Ana,1,0,") for row in csv)


def test_the_result_to_share_says_where_the_series_stands(client):
    table = make_table(client)
    token = start_at_table(client, table, best_of="3", **FIRST_PAIRING)
    enter(client, token, **NORTH_SOUTH_WIN)
    page = client.get(f"/g/{token}").get_data(as_text=True)
    summary = re.search(r'<textarea id="result-text"[^>]*>(.*?)</textarea>', page, re.S)
    assert summary
    lines = summary.group(1).replace("&amp;", "&").replace("\u2068", "").replace("\u2069", "")
    assert lines.splitlines()[2] == "Ana & Carla lead the series 1–0 · best of 3"
