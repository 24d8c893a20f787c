"""Tables of people: games from several phones collect in one table, whose pages show the series
and the career figures worked out from the stored hands (issue 14)."""

from __future__ import annotations

import json
import os
import re
import threading

import pytest
from sqlalchemy import func, select, text

from extensions import db
from games import Standings
from models import GameRecord, TableRecord
from testsupport.database import queries_sent, stored_game
from testsupport.pages import Page, submit
from testsupport.playing import enter, token_of

# Played to 100, one hand ends a game: a side bidding 10 that takes exactly 10 scores +100,
# the other side (5 bid, 3 taken) is set, −50.
TO_100 = {"target": "100"}
NORTH_SOUTH_WIN = {"bids": (5, 3, 5, 2), "team_tricks": (10, 3)}
EAST_WEST_WIN = {"bids": (3, 5, 2, 5), "team_tricks": (3, 10)}
# Ana & Carla (North, South) against Bia & Dani (East, West); then Ana & Bia against the others.
FIRST_PAIRING = {"player_0": "Ana", "player_1": "Bia", "player_2": "Carla", "player_3": "Dani"}
SECOND_PAIRING = {"player_0": "Ana", "player_1": "Carla", "player_2": "Bia", "player_3": "Dani"}


def make_table(client, name: str = "Friday club") -> str:
    """Make a table through its form; its edit token."""
    page = Page(client.get("/tables/new"))
    response = submit(client, page.form(action="/tables"), {"name": name})
    assert response.status_code == 303, response.get_data(as_text=True)
    match = re.fullmatch(r"/t/([A-Za-z0-9_-]+)", response.headers["Location"])
    assert match, response.headers["Location"]
    return match.group(1)


def view_token(client, table: str) -> str:
    """The view token a table's own page shares."""
    found = re.search(r"/tv/([A-Za-z0-9_-]+)", client.get(f"/t/{table}").get_data(as_text=True))
    assert found
    return found.group(1)


def start_at_table(client, table: str, **typed) -> str:
    """Start a game from the table's "New game at this table" link; the game's edit token."""
    page = Page(client.get(f"/?table={table}"))
    form = page.form(action="/games")
    response = submit(client, form, TO_100 | typed)
    return token_of(response)


def series_line(client, token: str) -> str:
    """The series line of a game's page, in plain words."""
    return series_words(client.get(f"/g/{token}").text)


def series_words(html: str) -> str:
    """The series line of a page or part, in plain words."""
    found = re.search(r'<p class="series">(.*?)</p>', html, re.S)
    assert found, "no series line"
    return re.sub(r"<[^>]+>", "", found.group(1)).replace("&amp;", "&").strip()


def game_view_token(client, token: str) -> str:
    """The view token a game's page shares."""
    found = re.search(r"/v/([A-Za-z0-9_-]+)", client.get(f"/g/{token}").get_data(as_text=True))
    assert found
    return found.group(1)


def join_table(client, token: str, table: str):
    """Post a game's "Add to a table" form with this table chosen; the answer."""
    page = Page(client.get(f"/g/{token}/table"))
    return submit(client, page.form(action=f"/g/{token}/table"), {"in_table": table})


def poll(client, view: str, tag: str):
    """A view link's poll, as htmx sends it, with the tag of the part the phone holds."""
    return client.get(f"/v/{view}", headers={"HX-Request": "true", "If-None-Match": tag})


def correct_to_east_west(client, token: str) -> None:
    """Correct hand 1 of a one-hand game to East-West's win: Bia & Dani, seated as
    FIRST_PAIRING, bid 10 and take 10 (+100); Ana & Carla bid 5 and take 3 (−50)."""
    assert correct_to_east_west_status(client, token) == 303


def correct_to_east_west_status(client, token: str) -> int:
    """`correct_to_east_west`, giving the answer's status."""
    edit = Page(client.get(f"/g/{token}/hands/1"))
    bids = dict(zip(("bid_0", "bid_1", "bid_2", "bid_3"), EAST_WEST_WIN["bids"], strict=True))
    taps = bids | {"team_tricks_0": 3, "team_tricks_1": 10}
    return submit(client, edit.form(cls="hand-form"), taps).status_code


def stats_json(client, view: str) -> dict:
    """The table's career figures as its JSON twin gives them."""
    response = client.get(f"/tv/{view}/stats.json")
    assert response.status_code == 200
    return json.loads(response.get_data(as_text=True))


def figures_of(stats: dict, kind: str, name: str) -> dict:
    """One player's or partnership's figures from the stats JSON."""
    return next(f for f in stats[kind] if f["name"] == name)


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


def test_the_followed_table_answers_304_until_one_of_its_games_changes(client):
    table = make_table(client)
    view = view_token(client, table)
    token = start_at_table(client, table, **FIRST_PAIRING)
    hx = {"HX-Request": "true"}
    first = client.get(f"/tv/{view}", headers=hx)
    etag = first.headers["ETag"]
    assert client.get(f"/tv/{view}", headers=hx | {"If-None-Match": etag}).status_code == 304
    enter(client, token, **NORTH_SOUTH_WIN)
    changed = client.get(f"/tv/{view}", headers=hx | {"If-None-Match": etag})
    assert changed.status_code == 200
    assert "Ana" in changed.get_data(as_text=True)


def stats_queries(app, client, view: str) -> int:
    """How many queries the table's stats page runs, for a worker that kept no replay and no
    career figures."""
    app.extensions["replays"].clear()
    app.extensions["standings"] = Standings(app.config["STANDINGS_KEPT"])
    with queries_sent(app) as statements:
        assert client.get(f"/tv/{view}/stats").status_code == 200
    return len(statements)


def test_the_stats_page_runs_the_same_few_queries_however_many_games(app, client):
    table = make_table(client)
    view = view_token(client, table)
    counts = []
    for games in (1, 4):
        while len(re.findall('class="score"', client.get(f"/t/{table}").text)) < games:
            enter(client, start_at_table(client, table, **FIRST_PAIRING), **NORTH_SOUTH_WIN)
        counts.append(stats_queries(app, client, view))
    assert counts[0] == counts[1] <= 4
    # Unchanged since: the table, and the one small query that says it is unchanged.
    with queries_sent(app) as statements:
        assert client.get(f"/tv/{view}/stats").status_code == 200
    assert len(statements) == 2, statements


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


def game_page_queries(app, client, token: str) -> tuple[int, int]:
    """How many queries a game's page runs for a worker that kept nothing, then again."""
    app.extensions["replays"].clear()
    app.extensions["standings"] = Standings(app.config["STANDINGS_KEPT"])
    counts = []
    for _ in range(2):
        with queries_sent(app) as statements:
            assert client.get(f"/g/{token}").status_code == 200
        counts.append(len(statements))
    return counts[0], counts[1]


def test_a_game_page_at_a_table_runs_as_many_queries_however_many_games_came_before(app, client):
    """Kept nothing: the game, its hands, the state of the table's games, the games before it and
    their hands. Then the game, and the state that says its series is unchanged."""
    table = make_table(client)
    counts = []
    for before in (1, 5):
        while len(re.findall('class="score"', client.get(f"/t/{table}").text)) < before:
            enter(client, start_at_table(client, table, **FIRST_PAIRING), **NORTH_SOUTH_WIN)
        token = start_at_table(client, table, **FIRST_PAIRING)
        enter(client, token, bids=(3, 3, 3, 3))
        counts.append(game_page_queries(app, client, token))
    assert counts[0] == counts[1] == (5, 2)


def test_a_correction_to_an_earlier_game_changes_a_later_games_series_at_once(client):
    """Game 1, Ana & Carla win (+100). Game 2 in play: "Ana & Carla lead the series 1–0". Game
    1's hand corrected to East-West taking 10 (Bia & Dani +100, Ana & Carla set, −50): now Bia &
    Dani lead 1–0, on game 2's page at once."""
    table = make_table(client)
    first = start_at_table(client, table, **FIRST_PAIRING)
    enter(client, first, **NORTH_SOUTH_WIN)
    second = start_at_table(client, table, **FIRST_PAIRING)
    assert series_line(client, second) == "Ana & Carla lead the series 1–0"
    correct_to_east_west(client, first)
    assert series_line(client, second) == "Bia & Dani lead the series 1–0"


def test_a_correction_or_undo_in_an_earlier_game_reaches_a_later_games_view_link_at_its_poll(
    client,
):
    """Game 2's view link is unchanged ("not modified") while nothing before it changes. Game 1
    corrected (as in the test above): the poll with the same tag answers the new series line,
    though game 2 itself did not change. Game 1's hand undone: game 1 is in play again and
    counts for nobody, so the next poll answers a part with no series line."""
    table = make_table(client)
    first = start_at_table(client, table, **FIRST_PAIRING)
    enter(client, first, **NORTH_SOUTH_WIN)
    second = start_at_table(client, table, **FIRST_PAIRING)
    view = game_view_token(client, second)
    tag = client.get(f"/v/{view}", headers={"HX-Request": "true"}).headers["ETag"]
    assert poll(client, view, tag).status_code == 304

    correct_to_east_west(client, first)
    answer = poll(client, view, tag)
    assert answer.status_code == 200
    assert series_words(answer.text) == "Bia & Dani lead the series 1–0"
    tag = answer.headers["ETag"]
    assert poll(client, view, tag).status_code == 304

    undo = Page(client.get(f"/g/{first}/undo"))
    assert submit(client, undo.form(action=f"/g/{first}/undo")).status_code == 303
    answer = poll(client, view, tag)
    assert answer.status_code == 200
    assert '<p class="series">' not in answer.text


@pytest.mark.parametrize("then_at_a_table", [False, True])
def test_a_correction_in_a_rematch_chain_reaches_the_rematchs_view_link_at_its_poll(
    client, new_game, then_at_a_table
):
    """Without a table: game 1 won by Ana & Carla, its rematch in play; game 1 corrected to Bia
    & Dani's win, and the rematch's view link, polled with the tag it held, shows them leading.
    The same when game 1 joined a table after its rematch was made: the rematch, at no table,
    counts the chain still."""
    token = new_game(**TO_100, **FIRST_PAIRING)
    enter(client, token, **NORTH_SOUTH_WIN)
    rematch = token_of(submit(client, Page(client.get(f"/g/{token}")).form(cls="rematch")))
    if then_at_a_table:
        assert join_table(client, token, make_table(client)).status_code == 303
    view = game_view_token(client, rematch)
    part = client.get(f"/v/{view}", headers={"HX-Request": "true"})
    assert series_words(part.text) == "Ana & Carla lead the series 1–0"
    correct_to_east_west(client, token)
    answer = poll(client, view, part.headers["ETag"])
    assert answer.status_code == 200
    assert series_words(answer.text) == "Bia & Dani lead the series 1–0"


def test_a_finished_game_joining_the_table_reaches_a_later_games_view_link_at_its_poll(
    client, new_game
):
    """Game 1, on its own, won by Ana & Carla; game 2, started at the table after it, in play
    with no series line. Game 1 joins the table: game 2's poll, with the tag it held, answers
    "Ana & Carla lead the series 1–0"."""
    earlier = new_game(**TO_100, **FIRST_PAIRING)
    enter(client, earlier, **NORTH_SOUTH_WIN)
    table = make_table(client)
    later = start_at_table(client, table, **FIRST_PAIRING)
    view = game_view_token(client, later)
    part = client.get(f"/v/{view}", headers={"HX-Request": "true"})
    assert '<p class="series">' not in part.text
    assert join_table(client, earlier, table).status_code == 303
    answer = poll(client, view, part.headers["ETag"])
    assert answer.status_code == 200
    assert series_words(answer.text) == "Ana & Carla lead the series 1–0"


@pytest.mark.skipif(
    not os.environ.get("DATABASE_URL", "").startswith("postgresql"),
    reason="SQLite has one writer at a time: only PostgreSQL's writers lock rows apart",
)
def test_two_corrections_at_one_table_wait_on_each_other_but_never_deadlock(app, client):
    """Game 1 is corrected while another writer holds game 2 (as a correction of game 2 does
    once it has claimed it) and then takes game 3 (the series versions of its later games). The
    correction claims game 1 and takes the later games in the order of their ids, so it waits
    at game 2 holding nothing else: the other writer gets game 3, and both writes go through.
    Game 2's row is written last before the race, so that a scan in storage order meets game 3
    before game 2 (how a correction locking in any other order would deadlock here)."""
    table = make_table(client)
    first = start_at_table(client, table, **FIRST_PAIRING)
    enter(client, first, **NORTH_SOUTH_WIN)
    second = start_at_table(client, table, **FIRST_PAIRING)
    third = start_at_table(client, table, **FIRST_PAIRING)
    enter(client, second, bids=NORTH_SOUTH_WIN["bids"])
    ids = [stored_game(app, token).id for token in (first, second, third)]
    answers: list[int] = []
    with app.app_context():
        other = db.engine.connect()
        # Each look on its own transaction: PostgreSQL shows a transaction the activity of its
        # first look only.
        watcher = db.engine.connect().execution_options(isolation_level="AUTOCOMMIT")
        lock = text("UPDATE game SET version = version WHERE id = :id")
        correction = threading.Thread(
            target=lambda: answers.append(correct_to_east_west_status(client, first))
        )
        waiting = text(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
            " AND wait_event_type = 'Lock' AND query LIKE '%UPDATE game SET series_version%'"
        )
        other.execute(lock, {"id": ids[1]})
        correction.start()
        try:
            # Asked again and again until the correction waits at game 2 (each answer is the
            # database's own word, so no pause is guessed), or has ended without waiting.
            while not watcher.execute(waiting).scalar():
                assert correction.is_alive(), "the correction never waited for game 2"
            other.execute(lock, {"id": ids[2]})  # would wait (a deadlock) if it held game 3
            other.commit()
        finally:  # game 2 let go whatever happened, so that nothing waits for ever
            other.rollback()
            other.close()
            correction.join(60)
            watcher.close()
    assert answers == [303]
    assert [stored_game(app, t).series_version for t in (second, third)] == [1, 1]


def test_a_finished_game_moved_to_another_table_leaves_the_series_of_the_first(client):
    """Game 1 won by Ana & Carla at one table, game 2 in play after it there: "Ana & Carla lead
    the series 1–0". Game 1 sent to another table (its join form posted again): game 2's poll
    answers a part with no series line."""
    table = make_table(client)
    first = start_at_table(client, table, **FIRST_PAIRING)
    enter(client, first, **NORTH_SOUTH_WIN)
    second = start_at_table(client, table, **FIRST_PAIRING)
    view = game_view_token(client, second)
    part = client.get(f"/v/{view}", headers={"HX-Request": "true"})
    assert series_words(part.text) == "Ana & Carla lead the series 1–0"
    elsewhere = make_table(client, "Sunday club")
    assert join_table(client, first, elsewhere).status_code == 303  # its form posted again
    answer = poll(client, view, part.headers["ETag"])
    assert answer.status_code == 200
    assert '<p class="series">' not in answer.text
