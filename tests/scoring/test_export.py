"""CSV and JSON export: built from the real engine and a stand-in game, with no app or database."""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import datetime
from types import SimpleNamespace

import pytest

import scoring
from downloads.csv_json import CSV_COLUMNS, csv_filename, csv_rows, game_json, write_csv

EDIT_TOKEN = "edit-Tok3n-xyzzy-0123456789ab"
VIEW_TOKEN = "view-Tok3n-plugh-0123456789ab"
DEVICE = "device-id-frotz-0123456789"


def game_model(
    teams=("Team A", "Team B"),
    players=("Ana", "Bia", "Rui", "Caio"),
    preset="gamelake",
    first_dealer=3,
    created_at=datetime(2026, 11, 29, 20, 15),
):
    """A stand-in for records.games.GameRecord with the attributes the export reads, tokens
    included."""
    rules = scoring.PRESETS[preset].rules
    return SimpleNamespace(
        team_0=teams[0],
        team_1=teams[1],
        teams=tuple(teams),
        player_0=players[0],
        player_1=players[1],
        player_2=players[2],
        player_3=players[3],
        players=tuple(players),
        preset=preset,
        rules=rules.to_dict(),
        scoring_rules=rules,
        first_dealer=first_dealer,
        created_at=created_at,
        edit_token=EDIT_TOKEN,
        view_token=VIEW_TOKEN,
        device=DEVICE,
    )


def two_hands(model) -> scoring.Game:
    """A GameLake game of two hands.

    Hand 1: team 0 bids 4 and Nil, takes 7 and 0 (+143); team 1 bids 4 and 3, takes 6 (-70).
    Hand 2: team 0's tricks entered as a team total, 7 on a contract of 5 (+52); team 1, at
    213 behind, bids Blind Nil (made, +200) and 5, taking 6 (+51).
    """
    hands = [
        scoring.Hand(bids=(4, 4, scoring.NIL, 3), tricks=(7, 3, 0, 3)),
        scoring.Hand(
            bids=(3, scoring.BLIND_NIL, 2, 5),
            tricks=(None, 0, None, 6),
            team_tricks=(7, None),
        ),
    ]
    return scoring.replay(model.scoring_rules, hands, model.first_dealer)


def read_back(text: str) -> list[list[str]]:
    """The CSV text parsed the way a spreadsheet would read it."""
    return list(csv.reader(io.StringIO(text, newline="")))


def export_rows(model, state, label="Team A vs Team B 2026-11-29") -> list[dict]:
    """The exported CSV read back as one dict per data row."""
    header, *rows = read_back(write_csv(csv_rows(model, state, label)))
    return [dict(zip(header, row, strict=True)) for row in rows]


def test_the_header_is_exactly_the_column_list():
    model = game_model()
    header = read_back(write_csv(csv_rows(model, two_hands(model), "x")))[0]
    assert tuple(header) == CSV_COLUMNS


def test_an_empty_game_is_a_header_alone():
    model = game_model()
    state = scoring.replay(model.scoring_rules, [])
    assert write_csv(csv_rows(model, state, "x")) == ",".join(CSV_COLUMNS) + "\r\n"


def test_a_played_game_has_one_row_per_hand_and_team_with_the_engines_figures():
    model = game_model()
    rows = export_rows(model, two_hands(model))
    assert len(rows) == 4
    assert rows[0] == {
        "game": "Team A vs Team B 2026-11-29",
        "hand": "1",
        "dealer": "Caio",
        "team": "Team A",
        "players": "Ana & Rui",
        "bids": "4/nil",
        "tricks": "7/0",
        "contract": "4",
        "contract_points": "40",
        "bag_points": "3",
        "nil_points": "100",
        "bag_penalty": "0",
        "bonus_points": "0",
        "hand_points": "143",
        "bags": "3",
        "total": "143",
        "note": "",
    }
    assert rows[1]["team"] == "Team B"
    assert rows[1]["players"] == "Bia & Caio"
    assert (rows[1]["bids"], rows[1]["tricks"]) == ("4/3", "3/3")
    assert (rows[1]["contract_points"], rows[1]["hand_points"]) == ("-70", "-70")


def test_blind_nil_is_written_blind_and_a_team_total_alone():
    model = game_model()
    rows = export_rows(model, two_hands(model))
    team_0, team_1 = rows[2], rows[3]
    assert team_0["dealer"] == "Ana"  # the deal passed clockwise from seat 3 to seat 0
    assert (team_0["bids"], team_0["tricks"]) == ("3/2", "7")
    assert (team_0["hand_points"], team_0["bags"], team_0["total"]) == ("52", "5", "195")
    assert (team_1["bids"], team_1["tricks"]) == ("blind/5", "0/6")
    assert (team_1["nil_points"], team_1["hand_points"], team_1["total"]) == ("200", "251", "181")


def test_a_bag_penalty_is_a_negative_number():
    model = game_model(preset="classic")
    # Team 0 bids 2 and 2 and takes all 13: 9 bags, then 2 more: one penalty, 1 bag carried.
    hands = [
        scoring.Hand(bids=(2, 1, 2, 1), tricks=(7, 0, 6, 0)),
        scoring.Hand(bids=(5, 1, 4, 1), tricks=(6, 1, 5, 1)),
    ]
    rows = export_rows(model, scoring.replay(model.scoring_rules, hands))
    assert (rows[2]["bag_penalty"], rows[2]["bags"]) == ("-100", "1")
    assert rows[2]["hand_points"] == "-8"


def test_negative_totals_stay_plain_integers():
    model = game_model(teams=("-Team", "Others"))
    rows = export_rows(model, two_hands(model))
    assert rows[1]["total"] == "-70"
    assert rows[1]["contract_points"] == "-70"
    assert rows[0]["team"] == "'-Team"


@pytest.mark.parametrize(
    "name",
    ['=HYPERLINK("x")', "+1", "-Team", "@x", "\tTab", "\rReturn", "=1+1"],
)
def test_text_that_a_spreadsheet_would_run_as_a_formula_gets_a_leading_apostrophe(name):
    model = game_model(teams=(name, "B"), players=(name, "Bia", "Rui", "Caio"))
    rows = export_rows(model, two_hands(model), label=name)
    first = rows[0]
    for column in ("game", "team"):
        assert first[column] == "'" + name, column
    assert rows[2]["dealer"] == "'" + name  # seat 0 deals the second hand
    assert first["players"] == "'" + name + " & Rui"


def test_harmless_text_is_written_as_it_is():
    model = game_model(teams=('Os "Ases", de Braga', "Leões"), players=("Ana", "B", "C", "D"))
    rows = export_rows(model, two_hands(model), label="a=b")
    assert rows[0]["team"] == 'Os "Ases", de Braga'
    assert rows[1]["team"] == "Leões"
    assert rows[0]["game"] == "a=b"


def test_lines_end_with_crlf():
    model = game_model()
    text = write_csv(csv_rows(model, two_hands(model), "x"))
    assert text.endswith("\r\n")
    assert text.count("\r\n") == 5
    assert "\n" not in text.replace("\r\n", "")


def test_the_file_name_is_readable_ascii_with_the_date():
    assert csv_filename(game_model()) == "spades-team-a-vs-team-b-2026-11-29.csv"


def test_the_file_name_drops_accents_and_symbols():
    model = game_model(teams=("Águias & Leões!", "Os Ñandús"))
    assert csv_filename(model) == "spades-aguias-leoes-vs-os-nandus-2026-11-29.csv"


@pytest.mark.parametrize(
    "teams",
    [("", "   "), ("♠♠♠", "日本"), ("x" * 200, "-" * 40), ("=cmd|' /C calc'!A0", "../../etc")],
)
def test_the_file_name_is_never_empty_nor_long_nor_unsafe(teams):
    name = csv_filename(game_model(teams=teams))
    assert re.fullmatch(r"spades-[a-z0-9]+(-[a-z0-9]+)*\.csv", name), name
    assert len(name) <= 100


def test_the_file_name_of_strange_names_falls_back_to_team_numbers():
    assert csv_filename(game_model(teams=("♠", "♥"))) == "spades-team-1-vs-team-2-2026-11-29.csv"


def test_the_json_never_holds_a_token_nor_the_device():
    model = game_model()
    text = json.dumps(game_json(model, two_hands(model)))
    for secret in (EDIT_TOKEN, VIEW_TOKEN, DEVICE):
        assert secret not in text
    assert "token" not in text
    assert "device" not in text


def test_the_json_of_a_game_in_play_matches_the_engine():
    model = game_model()
    state = two_hands(model)
    data = json.loads(json.dumps(game_json(model, state)))
    assert data["rules"] == scoring.PRESETS["gamelake"].rules.to_dict()
    assert data["preset"] == "gamelake"
    assert data["teams"] == ["Team A", "Team B"]
    assert data["players"] == ["Ana", "Bia", "Rui", "Caio"]
    assert data["first_dealer"] == 3
    assert data["totals"] == list(state.totals) == [195, 181]
    assert data["bags"] == [5, 1]
    assert (data["status"], data["winner"], data["reason"]) == ("playing", None, None)
    assert data["next"] == {
        "number": 3,
        "dealer": 1,
        "first_bidder": 2,
        "blind_nil_allowed": [False, False],
        "bags_left": [5, 9],
        "points_to_win": [305, 319],
        # The house rules of docs/rules.md#more-house-rules, all off in GameLake.
        "blind_bid_allowed": [False, False],
        "sets": [0, 0],
        "sets_left": [None, None],
        "hands_left": None,
        "time_called": False,
        "bids_itself": False,
        "sudden_death": False,
    }


def test_the_json_lists_every_hand_with_its_inputs_and_breakdown():
    model = game_model()
    data = game_json(model, two_hands(model))
    first, second = data["hands"]
    assert (first["number"], first["dealer"]) == (1, 3)
    assert first["bids"] == [4, 4, "nil", 3]
    assert first["tricks"] == [7, 3, 0, 3]
    assert first["team_tricks"] == [None, None]
    assert first["teams"][0] == {
        "team": 0,
        "contract": 4,
        "tricks": 7,
        "bags_taken": 3,
        "points": 143,
        "bags": 3,
        "total": 143,
        "items": [
            {"kind": "contract", "points": 40, "amount": 4, "made": True, "seat": None},
            {"kind": "bags", "points": 3, "amount": 3, "made": None, "seat": None},
            {"kind": "nil", "points": 100, "amount": 0, "made": True, "seat": 2},
        ],
    }
    assert first["teams"][1]["items"] == [
        {"kind": "contract", "points": -70, "amount": 7, "made": False, "seat": None}
    ]
    assert second["bids"] == [3, "blind_nil", 2, 5]
    assert second["tricks"] == [None, 0, None, 6]
    assert second["team_tricks"] == [7, None]
    assert second["teams"][1]["items"][-1] == {
        "kind": "blind_nil",
        "points": 200,
        "amount": 0,
        "made": True,
        "seat": 1,
    }
    for hand in data["hands"]:
        for team in hand["teams"]:
            assert sum(item["points"] for item in team["items"]) == team["points"]


def test_the_json_of_a_won_game_names_the_winner_and_has_no_next_hand():
    model = game_model(preset="espadas")
    # Team 0 bids 6 and 5 and makes them: 110, past Jogo Espadas' 100.
    state = scoring.replay(
        model.scoring_rules, [scoring.Hand(bids=(6, 1, 5, 1), tricks=(6, 1, 5, 1))]
    )
    data = game_json(model, state)
    assert state.over
    assert (data["status"], data["winner"], data["reason"]) == ("over", 0, "target")
    assert data["totals"] == [110, 20]
    assert data["next"] is None


def test_the_json_of_a_tie_at_the_end_says_play_on():
    model = game_model(preset="espadas")
    hands = [
        scoring.Hand(bids=(4, 2, 4, 3), tricks=(4, 2, 4, 3)),
        scoring.Hand(bids=(2, 4, 3, 4), tricks=(2, 4, 3, 4)),
    ]
    state = scoring.replay(model.scoring_rules, hands)
    data = game_json(model, state)
    assert state.tied
    assert data["totals"] == [130, 130]
    assert (data["status"], data["winner"], data["reason"]) == ("tie", None, "tie")
    assert data["next"]["number"] == 3


def test_the_json_of_a_game_without_a_date_still_serialises():
    model = game_model(created_at=None)
    data = game_json(model, two_hands(model))
    assert data["created_at"] is None
    json.dumps(data)
    assert csv_filename(model) == "spades-team-a-vs-team-b.csv"
