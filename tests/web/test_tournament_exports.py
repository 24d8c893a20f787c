"""A tournament's downloads from its watch link: the standings as CSV and JSON (every column and
key, the figures the page shows, shared places), every hand of every game in one CSV with its
round and table first and a game's own columns after, a correction seen at once, the links on
the director's and the watch page in both languages, a replaced or unknown link refused like
the watch page, the queries, the same for a few tables, rounds and hands or many, and names a
spreadsheet would run written as text."""

from __future__ import annotations

import json
import re

import pytest

from testsupport.answers import csv_table
from testsupport.builders import TOURNAMENT_HANDS, hands_entered, tournament_in_round
from testsupport.database import MAX_QUERIES, queries_sent
from testsupport.pages import Page
from testsupport.tournaments import (
    DOWNLOADS,
    ONE_HAND,
    PT,
    correct_to_north_south,
    make_tournament,
    replace_tournament_link,
    standings,
    teams_text,
    watch_token,
)

STANDINGS_HEADER = "place,entry,team,players,wins,losses,byes,played,points,against,difference"
# A Swiss of four teams, two rounds of one-hand games.
FOUR_TEAMS = {**ONE_HAND, "format": "swiss", "rounds": "2", "teams": teams_text(4)}


def download(client, watch: str, name: str, headers=None):
    """One of the watch link's downloads, checked to be a file to save; the answer."""
    response = client.get(f"/w/{watch}/{name}", headers=headers)
    assert response.status_code == 200, response.text
    disposition = response.headers["Content-Disposition"]
    what, extension = name.split(".")
    assert re.fullmatch(
        rf"attachment; filename=spades-club-night-{what}-\d{{4}}-\d\d-\d\d\.{extension}",
        disposition,
    ), disposition
    return response


def standings_json(client, watch: str, headers=None) -> dict:
    """The standings JSON of the watch link."""
    response = download(client, watch, "standings.json", headers)
    assert response.mimetype == "application/json"
    return json.loads(response.get_data(as_text=True))


def as_json(row: list[str]) -> dict:
    """A standings CSV row as the JSON has it: numbers as numbers, the players as a list."""
    keys = STANDINGS_HEADER.split(",")
    record = {k: int(v) if re.fullmatch(r"-?\d+", v) else v for k, v in zip(keys, row, strict=True)}
    return record | {"players": record["players"].split(" & ")}


def played_first_round(app) -> tuple[str, str, tuple[str, ...]]:
    """FOUR_TEAMS made and round 1 played: Team 2 beats Team 1 61 to −70 at table 1, Team 3
    beats Team 4 61 to 60 at table 2; the director's token, the watch token and the games' edit
    tokens by table. Built through the service layer: these tests are about the downloads, not
    the director's walk."""
    built = tournament_in_round(app, 4, 1, rounds=2, winners="EN")
    return built.director, built.watch, built.rounds[0]


def test_the_standings_csv_and_json_hold_every_column_and_the_figures_the_page_shows(app, client):
    """After round 1: Team 2 a win, 61 points against −70 (131); Team 3 a win, 61 against 60
    (1); Team 4 a loss, 60 against 61 (−1); Team 1 a loss, −70 against 61 (−131)."""
    _, watch, _ = played_first_round(app)
    expected = [
        ["1", "2", "Team 2", "Player 2a & Player 2b", "1", "0", "0", "1", "61", "-70", "131"],
        ["2", "3", "Team 3", "Player 3a & Player 3b", "1", "0", "0", "1", "61", "60", "1"],
        ["3", "4", "Team 4", "Player 4a & Player 4b", "0", "1", "0", "1", "60", "61", "-1"],
        ["4", "1", "Team 1", "Player 1a & Player 1b", "0", "1", "0", "1", "-70", "61", "-131"],
    ]
    response = download(client, watch, "standings.csv")
    assert response.mimetype == "text/csv"
    assert response.get_data(as_text=True).startswith(STANDINGS_HEADER + "\r\n")
    assert csv_table(response) == [STANDINGS_HEADER.split(","), *expected]

    assert standings_json(client, watch) == {
        "name": "Club night",
        "format": "swiss",
        "rounds": 1,
        "round_count": 2,
        "standings": [as_json(row) for row in expected],
    }
    # The page's own columns (place, team, wins, losses, points, difference) agree.
    shown = [(r[0], r[2], r[4], r[5], r[8], r[10]) for r in expected]
    assert standings(client, f"/w/{watch}") == shown


def test_the_games_csv_has_every_hand_of_every_game_with_its_round_stage_and_table_first(
    app, client
):
    """Round 1's two games of two hands each, then round 2 with one hand played at table 1 and
    none at table 2: each game's rows as its own CSV has them, after its round and table. Built
    through the service layer: the file is the subject here, not the director's walk."""
    built = tournament_in_round(app, 4, 1, rounds=2, hands=2, start_next=True)
    hands_entered(app, built.rounds[1][0], [TOURNAMENT_HANDS["N"]])  # one hand of two: in play
    first, second = built.rounds

    response = download(client, built.watch, "games.csv")
    rows = csv_table(response)
    game_header = csv_table(client.get(f"/g/{first[0]}.csv"))[0]
    assert rows[0] == ["round", "stage", "table", *game_header]
    expected = [
        [str(number), "round", str(table), *row]
        for number, played in ((1, first), (2, second))
        for table, game in enumerate(played, start=1)
        for row in csv_table(client.get(f"/g/{game}.csv"))[1:]
    ]
    assert len(expected) == 2 * 2 * 2 + 1 * 2  # hands by tables by teams, and round 2's hand
    assert rows[1:] == expected
    body = response.get_data(as_text=True)
    assert built.director not in body
    assert not [game for game in first + second if game in body]


def test_a_corrected_game_changes_the_standings_and_the_games_at_once(app, client):
    """Round 1's table 1 corrected to Team 1's win 61 to 60: Team 1 and Team 3 share first
    place (a win, 61 points, 1 of difference, never met), Team 2 and Team 4 third."""
    _, watch, played = played_first_round(app)
    correct_to_north_south(client, played[0])
    data = standings_json(client, watch)
    assert [(row["place"], row["team"], row["difference"]) for row in data["standings"]] == [
        (1, "Team 1", 1),
        (1, "Team 3", 1),
        (3, "Team 2", -1),
        (3, "Team 4", -1),
    ]
    places = [row[0] for row in csv_table(download(client, watch, "standings.csv"))[1:]]
    assert places == ["1", "1", "3", "3"]
    games = csv_table(download(client, watch, "games.csv"))
    totals = [
        (row["round"], row["table"], row["team"], row["total"])
        for row in (dict(zip(games[0], cells, strict=True)) for cells in games[1:])
    ]
    assert totals == [
        ("1", "1", "Team 1", "61"),
        ("1", "1", "Team 2", "60"),
        ("1", "2", "Team 3", "61"),
        ("1", "2", "Team 4", "60"),
    ]


@pytest.mark.parametrize(
    ("headers", "words"),
    [
        (None, ["Standings as CSV", "Standings as JSON", "All games as CSV"]),
        (PT, ["Classificação em CSV", "Classificação em JSON", "Todas as partidas em CSV"]),
    ],
)
def test_the_directors_and_the_watch_page_link_the_downloads_in_the_users_language(
    client, headers, words
):
    director = make_tournament(client)
    watch = watch_token(client, director)
    for path in (f"/d/{director}", f"/w/{watch}"):
        links = Page(client.get(path, headers=headers)).find("p", "downloads").find_all("a")
        assert [link.attrs["href"] for link in links] == [f"/w/{watch}/{n}" for n in DOWNLOADS]
        assert [link.text for link in links] == words
        assert all("download" in link.attrs for link in links)


def test_the_downloads_are_the_same_files_in_either_language(app, client):
    # The columns and keys are fixed names, as a game's CSV has them: a file reads the same
    # whoever saved it.
    _, watch, _ = played_first_round(app)
    for name in DOWNLOADS:
        english = download(client, watch, name)
        portuguese = download(client, watch, name, headers=PT)
        assert portuguese.get_data() == english.get_data(), name


@pytest.mark.parametrize("name", DOWNLOADS)
def test_a_replaced_watch_link_is_gone_and_any_other_not_found_in_the_users_language(client, name):
    director = make_tournament(client)
    old = watch_token(client, director)
    replace_tournament_link(client, director, "view")
    gone = client.get(f"/w/{old}/{name}")
    assert gone.status_code == 410
    assert "Content-Disposition" not in gone.headers
    assert "Ask the tournament's director for the new one." in Page(gone).text
    assert "Peça o novo ao diretor do torneio." in client.get(f"/w/{old}/{name}", headers=PT).text
    # An unknown token, and the director's link, which is no watch link.
    for token in ("nosuchtournament000", director):
        missing = client.get(f"/w/{token}/{name}")
        assert missing.status_code == 404
        assert "There is no tournament at this link." in missing.text
        assert "Não há torneio neste link." in client.get(f"/w/{token}/{name}", headers=PT).text
    assert client.get(f"/w/{watch_token(client, director)}/{name}").status_code == 200


def downloads_queries(app, client, teams: int, played: int, hands: int) -> dict[str, int]:
    """How many queries each download runs for a round robin of `teams` teams whose first
    `played` rounds were played, `hands` hands a game, and whose next round just started (built
    through the service layer: the queries, not the walk, are the subject)."""
    watch = tournament_in_round(
        app, teams, played, "round_robin", hands=hands, start_next=True
    ).watch
    counted = {}
    for name in DOWNLOADS:
        app.extensions["replays"].clear()  # every game's hands read again: one query for all
        with queries_sent(app) as statements:
            download(client, watch, name)
        counted[name] = len(statements)
    return counted


def test_each_download_runs_the_same_few_queries_for_few_tables_rounds_and_hands_or_many(
    app, client
):
    few = downloads_queries(app, client, teams=4, played=1, hands=1)
    many = downloads_queries(app, client, teams=8, played=3, hands=3)
    assert few == many
    assert max(many.values()) <= MAX_QUERIES


def test_a_name_a_spreadsheet_would_run_is_written_as_text(client):
    teams = "=SUM(A1): @Ana & Bia\nBlues, Caio, Duda\n"
    director = make_tournament(client, format="round_robin", rounds="", teams=teams)
    watch = watch_token(client, director)
    header, row, _ = csv_table(download(client, watch, "standings.csv"))
    first = dict(zip(header, row, strict=True))
    assert (first["team"], first["players"]) == ("'=SUM(A1)", "'@Ana & Bia")
    ranked = standings_json(client, watch)["standings"]
    assert (ranked[0]["team"], ranked[0]["players"]) == ("=SUM(A1)", ["@Ana", "Bia"])
