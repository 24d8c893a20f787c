"""A game's CSV and JSON downloads through the test client (issue #4): the same CSV from either
link, every game of a device in one CSV, and JSON that agrees with the scoreboard and the engine.

The table, its seats and the hands it plays are testsupport.playing's (GameLake rules).
"""

from __future__ import annotations

import json
import re
from urllib.parse import urlsplit

import scoring
from testsupport.answers import csv_table, text_of
from testsupport.database import view_token_of
from testsupport.pages import MINUS
from testsupport.playing import (
    A_SET,
    ANA_NIL,
    EVEN,
    FLOOR_HAND,
    NAMES,
    finished_game,
    hand_form,
    playing_game,
)

CSV_HEADER_LINE = (
    "game,hand,dealer,team,players,bids,tricks,contract,contract_points,bag_points,"
    "nil_points,bag_penalty,bonus_points,hand_points,bags,total,note"
)
CSV_HEADER = CSV_HEADER_LINE.split(",")


# --- CSV ---------------------------------------------------------------------------------------


def test_the_csv_is_an_attachment_with_the_exact_header_and_safe_cells(app, client, new_game, play):
    edit = new_game(**{**NAMES, "team_0": "=SUM(A1)"})
    play(edit, A_SET["bids"], A_SET["tricks"])
    view = view_token_of(app, edit)
    response = client.get(f"/v/{view}.csv")
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    disposition = response.headers.get("Content-Disposition", "")
    assert disposition.startswith("attachment")
    match = re.search(r'filename="?([^";]+)"?', disposition)
    assert match, disposition
    assert match.group(1).endswith(".csv")
    rows = csv_table(response)
    assert rows[0] == CSV_HEADER
    assert response.get_data(as_text=True).startswith(CSV_HEADER_LINE + "\r\n")
    records = [dict(zip(CSV_HEADER, row, strict=True)) for row in rows[1:]]
    assert len(records) == 2
    first, second = records
    assert first["team"] == "'=SUM(A1)"
    assert first["game"].startswith("'=SUM(A1) vs Blues")
    assert first["total"] == "-70"
    assert first["contract_points"] == "-70"
    assert first["hand_points"] == "-70"
    assert int(first["total"]) == -70
    assert (second["team"], second["total"], second["bags"]) == ("Blues", "61", "1")
    assert first["dealer"] == "Ana"
    assert (first["players"], first["bids"], first["tricks"]) == ("Ana & Carla", "4/3", "3/3")
    # No cell anywhere starts with a formula character.
    for row in rows[1:]:
        for cell in row:
            assert not cell.startswith(("=", "+", "@")), cell
            assert not cell.startswith("-") or re.fullmatch(r"-\d+", cell), cell


def test_the_edit_and_view_csv_are_the_same_file(app, client, new_game, play):
    edit = playing_game(new_game, play, hands=(A_SET, ANA_NIL))
    view = view_token_of(app, edit)
    by_edit = client.get(f"/g/{edit}.csv")
    by_view = client.get(f"/v/{view}.csv")
    assert by_edit.status_code == by_view.status_code == 200
    assert by_edit.get_data() == by_view.get_data()
    assert by_edit.headers["Content-Disposition"] == by_view.headers["Content-Disposition"]
    assert len(csv_table(by_view)) == 1 + 2 * 2


def test_the_device_csv_has_every_game_of_this_device_and_no_other(app, client, new_game, play):
    first = playing_game(new_game, play, hands=(A_SET,), bids=None)
    second = new_game(team_0="Greens", team_1="Golds")
    play(second, EVEN["bids"], EVEN["tricks"])
    play(second, A_SET["bids"], A_SET["tricks"])
    other = app.test_client()
    response = other.post("/games", data={"team_0": "Others", "team_1": "Strangers"})
    assert response.status_code == 303
    other_token = urlsplit(response.headers["Location"]).path.rsplit("/", 1)[1]
    assert other.post(f"/g/{other_token}/hand", data=hand_form(*EVEN.values())).status_code == 303
    assert first != second

    response = client.get("/games.csv")
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    assert response.headers["Content-Disposition"].startswith("attachment")
    assert response.headers["Content-Disposition"].rstrip('"').endswith(".csv")
    rows = csv_table(response)
    assert rows[0] == CSV_HEADER
    teams = [row[3] for row in rows[1:]]
    assert sorted(teams) == sorted(["Reds", "Blues"] + ["Greens", "Golds"] * 2)
    assert not {"Others", "Strangers"} & {cell for row in rows for cell in row}
    # The other device sees only its own game.
    theirs = csv_table(other.get("/games.csv"))
    assert sorted(row[3] for row in theirs[1:]) == ["Others", "Strangers"]


def test_the_device_csv_of_a_device_without_games_is_just_the_header(app, client, new_game):
    new_game(**NAMES)
    stranger = app.test_client()
    response = stranger.get("/games.csv")
    assert response.status_code == 200
    assert csv_table(response) == [CSV_HEADER]


# --- JSON --------------------------------------------------------------------------------------


def test_the_json_matches_the_scoreboard_and_the_engine(app, client, new_game, play):
    played = (A_SET, ANA_NIL, EVEN)
    edit = playing_game(new_game, play, hands=played)
    view = view_token_of(app, edit)
    response = client.get(f"/v/{view}.json")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    body = response.get_data(as_text=True)
    assert edit not in body
    assert view not in body
    data = json.loads(body)

    # The engine, replaying the same hands by itself.
    rules = scoring.PRESETS[scoring.DEFAULT_PRESET].rules
    hands = [scoring.Hand(tuple(h["bids"]), tuple(h["tricks"])) for h in played]
    engine = scoring.replay(rules, hands, 0)
    assert data["rules"] == rules.to_dict()
    assert data["totals"] == list(engine.totals)
    assert data["bags"] == list(engine.bags)
    assert data["totals"] == [-70 + 151 + 61, 61 + 70 + 60]
    assert data["status"] == "playing"
    assert data["winner"] is None
    assert data["teams"] == ["Reds", "Blues"]
    assert data["players"] == ["Ana", "Bruno", "Carla", "Davi"]

    # Every played hand (not the one in play), with a breakdown adding up to its points.
    assert [h["number"] for h in data["hands"]] == [1, 2, 3]
    running = [0, 0]
    for hand, result in zip(data["hands"], engine.hands, strict=True):
        assert hand["bids"] == list(result.hand.bids)
        for team in hand["teams"]:
            points = team["points"]
            assert sum(item["points"] for item in team["items"]) == points, hand["number"]
            assert points == result.teams[team["team"]].points
            running[team["team"]] += points
            assert team["total"] == running[team["team"]]
    assert {item["kind"] for item in data["hands"][1]["teams"][0]["items"]} >= {"nil", "bags"}

    # The scoreboard on the view page says the same.
    text = text_of(client.get(f"/v/{view}").get_data(as_text=True))
    assert f"Reds Ana & Carla {data['totals'][0]}" in text
    assert f"Blues Bruno & Davi {data['totals'][1]}" in text
    for bags in data["bags"]:
        assert f"{bags} bag" in text


def test_the_json_of_a_finished_game_names_the_winner_like_the_scoreboard(
    app, client, new_game, play
):
    view = view_token_of(app, finished_game(new_game, play))
    data = client.get(f"/v/{view}.json").get_json()
    engine = scoring.replay(
        scoring.PRESETS[scoring.DEFAULT_PRESET].rules,
        [scoring.Hand(FLOOR_HAND["bids"], FLOOR_HAND["tricks"])] * 2,
        0,
    )
    assert data["totals"] == list(engine.totals) == [44, -200]
    assert data["bags"] == list(engine.bags)
    assert data["status"] == "over"
    assert data["winner"] == engine.winner == 0
    assert data["reason"] == "floor"
    assert data["next"] is None
    text = text_of(client.get(f"/v/{view}").get_data(as_text=True))
    assert "Reds won: Blues fell to -200." in text.replace(MINUS, "-")
