"""The playoff after the last round, through HTTP: the top 4 of a 9-team Swiss play
semi-finals and a final from the director's page, the table links lead to the playoff's
games, the wall, the results sheet and the summary show the bracket and name the champion,
and the standings stay as the last round left them; every refusal said in both languages with
a 4xx status and nothing written.

Nine teams ("Team 1" … "Team 9"), a Swiss of three rounds, one hand a game, North–South
winning every table 61 to 60. Round 1: 1–2, 3–4, 5–6, 7–8, Team 9 the bye; round 2: 1–3,
5–7, 9–2, 4–6, Team 8 the bye; round 3: 1–5, 9–3, 7–4, 8–2, Team 6 the bye. The final
standings (place, team, wins, losses, points, difference), before the playoff and after it:
1 Team 1 3-0 183 +3; 2 Team 9 3-0 122 +2 (its bye a win, no points); 3 Team 5 2-1 182 +1 and
4 Team 7 2-1 182 +1 (level, Team 5 beat Team 7 in round 2); 5 Team 8 2-1 121 0; 6 Team 3 1-2
181 −1; 7 Team 4 1-2 181 −1; 8 Team 6 1-2 120 −2; 9 Team 2 0-3 180 −3.

The playoff of 4 seats seed 1 v seed 4 (Team 1 v Team 7) at table 1 and seed 2 v seed 3
(Team 9 v Team 5) at table 2. Team 1 wins table 1 North–South; Team 5 wins table 2 East–West.
The final seats Team 1 (seed 1) North–South against Team 5 (seed 3), who win it East–West
61 to −70: Team 5 are the champion.
"""

from __future__ import annotations

import re

from sqlalchemy import select

from extensions import db
from records.games import GameRecord
from testsupport.builders import tournament_in_round
from testsupport.database import queries_sent
from testsupport.pages import Page, submit
from testsupport.tournaments import (
    ONE_HAND,
    PT,
    game_at_table,
    make_tournament,
    play_round,
    play_table,
    round_rows,
    standings,
    start_playoff,
    start_round,
    table_tokens,
    watch_token,
)
from tournaments.services.playoff import TO_TARGET

FINAL_STANDINGS = [
    ("1", "Team 1", "3", "0", "183", "3"),
    ("2", "Team 9", "3", "0", "122", "2"),
    ("3", "Team 5", "2", "1", "182", "1"),
    ("4", "Team 7", "2", "1", "182", "1"),
    ("5", "Team 8", "2", "1", "121", "0"),
    ("6", "Team 3", "1", "2", "181", "-1"),
    ("7", "Team 4", "1", "2", "181", "-1"),
    ("8", "Team 6", "1", "2", "120", "-2"),
    ("9", "Team 2", "0", "3", "180", "-3"),
]


def swiss_played(app, teams: int = 9, winners: str = "NNNN", rounds: int = 3) -> str:
    """A Swiss of `teams` teams and `rounds` rounds of one-hand games, every round played,
    each table won as `winners` says; its director's token. Built through the service layer:
    the playoff after the rounds is the subject here, not the rounds' walk."""
    return tournament_in_round(app, teams, rounds, rounds=rounds, winners=winners).director


def seed_number(words: str) -> str:
    """The number of a seed as the bracket says it ("Seed 4", "Cabeça de chave 4")."""
    found = re.fullmatch(r"(?:Seed|Cabeça de chave) (\d+)", words)
    assert found, words
    return found.group(1)


def bracket(client, path: str, headers=None) -> list[list[tuple[str, str, str]]]:
    """The bracket a page shows: each stage's tables, each as its two teams' seed, name and
    total, North–South first."""
    section = Page(client.get(path, headers=headers)).find("section", "tournament-bracket")
    return [
        [
            tuple(
                (
                    seed_number(team.find("span", "bracket-seed").text),
                    team.find("bdi").text,
                    team.find("span", "bracket-total").text,
                )
                for team in table.find_all("span", "bracket-team")
            )
            for table in stage.find_all("li", "bracket-table")
        ]
        for stage in section.find_all("ul", "bracket-stage")
    ]


def champion(client, path: str, headers=None) -> str | None:
    """The champion a page names, as its words say it; None when it names none."""
    said = Page(client.get(path, headers=headers)).find_all("p", "champion")
    return said[0].text if said else None


def page_queries(app, client, paths: list[str]) -> list[int]:
    """How many queries each page runs with every game's hands read again."""
    counted = []
    for path in paths:
        app.extensions["replays"].clear()
        with queries_sent(app) as statements:
            assert client.get(path).status_code == 200
        counted.append(len(statements))
    return counted


def test_the_top_four_of_a_nine_team_swiss_play_semi_finals_and_a_final_for_a_champion(app, client):
    director = swiss_played(app)
    watch = watch_token(client, director)
    pages = [f"/d/{director}", f"/w/{watch}", f"/w/{watch}/results", f"/w/{watch}/summary.txt"]
    assert standings(client, f"/d/{director}") == FINAL_STANDINGS
    before = page_queries(app, client, pages)
    stored = round_rows(app)
    form = Page(client.get(f"/d/{director}")).form(cls="start-playoff")
    started = submit(client, form, {"size": 4, "length": "rounds"})
    assert started.status_code == 303
    assert started.headers["Location"] == f"/d/{director}#playoff"
    # The same form sent again writes nothing more.
    assert submit(client, form, {"size": 4, "length": "rounds"}).status_code == 303
    assert round_rows(app)["tournament_game"] == stored["tournament_game"] + 2
    semis = [
        [(("1", "Team 1", "0"), ("4", "Team 7", "0")), (("2", "Team 9", "0"), ("3", "Team 5", "0"))]
    ]
    assert bracket(client, f"/d/{director}") == semis
    assert bracket(client, f"/w/{watch}") == semis
    # The playoff adds no query to any page; it counts nowhere in the standings.
    assert page_queries(app, client, pages) == before

    tables = table_tokens(client, director)
    semi_games = [game_at_table(client, table) for table in tables[:2]]
    play_table(client, semi_games[0], north_south_wins=True)
    tag = client.get(f"/w/{watch}").headers["ETag"]
    assert client.get(f"/w/{watch}", headers={"If-None-Match": tag}).status_code == 304
    play_table(client, semi_games[1], north_south_wins=False)
    assert client.get(f"/w/{watch}", headers={"If-None-Match": tag}).status_code == 200
    assert champion(client, f"/w/{watch}") is None
    # Between the stages each table's link says who plays there in the final, if anyone.
    waiting = [Page(client.get(f"/s/{table}")).find("p", "next-at-table").text for table in tables]
    assert waiting[0] == "Next at this table: Team 1 (North–South) against Team 5 (East–West)."
    assert set(waiting[1:]) == {"Nobody plays at this table in the playoff's next stage."}

    next_form = Page(client.get(f"/d/{director}")).form(cls="next-stage")
    assert next_form.find("button").text == "Start the final"
    assert submit(client, next_form).status_code == 303
    assert submit(client, next_form).status_code == 303  # sent again: one final
    final = bracket(client, f"/w/{watch}")[1]
    assert final == [(("1", "Team 1", "0"), ("3", "Team 5", "0"))]
    final_game = game_at_table(client, tables[0])
    assert final_game not in semi_games
    play_table(client, final_game, north_south_wins=False)

    assert bracket(client, f"/w/{watch}")[1] == [
        (("1", "Team 1", "\u221270"), ("3", "Team 5", "61"))
    ]
    assert champion(client, f"/w/{watch}") == "Champion: Team 5"
    assert champion(client, f"/w/{watch}", headers=PT) == "Campeã: Team 5"
    assert champion(client, f"/w/{watch}/results") == "Champion: Team 5"
    summary = client.get(f"/w/{watch}/summary.txt").get_data(as_text=True)
    assert "Final\nTable 1: \u2068Team 1\u2069 −70 – 61 \u2068Team 5\u2069, won by" in summary
    assert "Champion: \u2068Team 5\u2069" in summary
    assert not Page(client.get(f"/d/{director}")).has_form("next-stage")
    after = Page(client.get(f"/s/{tables[0]}")).find("p", "next-at-table").text
    assert after == "The final has been played: the tournament is over."
    assert standings(client, f"/d/{director}") == FINAL_STANDINGS
    assert standings(client, f"/w/{watch}") == FINAL_STANDINGS
    assert round_rows(app)["tournament_round"] == stored["tournament_round"] + 2
    # The games' CSV lists the playoff's games after the rounds' (one hand, two rows each):
    # rounds 1–3 with 4 tables, then round 4 the semi-finals, round 5 the final.
    games = client.get(f"/w/{watch}/games.csv").get_data(as_text=True).splitlines()
    stages = [tuple(line.split(",")[:3]) for line in games[1:]]
    assert stages[-6:] == [
        ("4", "semi_final", "1"), ("4", "semi_final", "1"),
        ("4", "semi_final", "2"), ("4", "semi_final", "2"),
        ("5", "final", "1"), ("5", "final", "1"),
    ]  # fmt: skip
    assert {stage[1] for stage in stages[:-6]} == {"round"}
    assert len(stages) == (3 * 4 + 2 + 1) * 2


def refused_both_ways(client, path: str, data: dict, status: int, english: str, portuguese: str):
    """Post `data` to `path` in both languages: refused with `status` and its language's words."""
    for headers, words in ((None, english), (PT, portuguese)):
        answer = client.post(path, data=data, headers=headers)
        assert answer.status_code == status, answer.get_data(as_text=True)
        assert words in Page(answer).text


def test_a_playoff_larger_than_the_field_or_of_another_size_is_refused_with_nothing_written(
    app, client
):
    # Five teams, three rounds of two tables: eight would be more than the field.
    director = swiss_played(app, teams=5, winners="NN")
    offered = Page(client.get(f"/d/{director}")).form(cls="start-playoff")
    assert [
        node.attrs["value"]
        for node in offered.find_all("input")
        if node.attrs.get("name") == "size"
    ] == ["2", "4"]
    kept = round_rows(app)
    path = f"/d/{director}/playoff"
    refused_both_ways(
        client,
        path,
        {"size": "8", "length": "rounds"},
        422,
        "The playoff cannot be larger than the teams still playing",
        "Os playoffs não podem ter mais duplas",
    )
    for size in ("3", "16", "", "four"):
        refused_both_ways(
            client,
            path,
            {"size": size, "length": "rounds"},
            422,
            "A playoff is of the top 2, 4 or 8 teams.",
            "Os playoffs são das 2, 4 ou 8 primeiras duplas.",
        )
    assert round_rows(app) == kept


def test_no_playoff_before_the_last_round_is_over_nor_its_next_stage_before_it_starts(app, client):
    director = make_tournament(client, **ONE_HAND)
    start_round(client, director)
    play_round(client, director, "NN")
    assert not Page(client.get(f"/d/{director}")).has_form("start-playoff")
    kept = round_rows(app)
    data = {"size": "2", "length": "rounds"}
    words = ("a round is still to be played", "ainda falta jogar uma rodada")
    refused_both_ways(client, f"/d/{director}/playoff", data, 409, *words)
    start_round(client, director)
    play_round(client, director, "NN")
    start_round(client, director)  # the last round, in play
    kept = round_rows(app)
    words = ("A game is still being played", "Ainda há um jogo em andamento")
    refused_both_ways(client, f"/d/{director}/playoff", data, 409, *words)
    words = ("The playoff has not started yet.", "Os playoffs ainda não começaram.")
    refused_both_ways(client, f"/d/{director}/playoff/next", {}, 409, *words)
    assert round_rows(app) == kept


def test_the_watch_and_table_links_start_no_playoff(app, client):
    director = swiss_played(app, teams=5, winners="NN")
    kept = round_rows(app)
    words = (
        "Only the director's link starts the playoff",
        "Só o link do diretor começa os playoffs",
    )
    for token in (watch_token(client, director), table_tokens(client, director)[0]):
        refused_both_ways(client, f"/d/{token}/playoff", {"size": "2"}, 403, *words)
        refused_both_ways(client, f"/d/{token}/playoff/next", {}, 403, *words)
    assert round_rows(app) == kept


def test_a_playoff_to_the_target_drops_the_rounds_number_of_hands(app, client):
    director = swiss_played(app, teams=5, winners="NN")
    # North–South won every table of five teams' three rounds: Team 1 (3 wins) and Team 5
    # (2 wins and the bye of round 1) top the standings.
    assert [row[1] for row in standings(client, f"/d/{director}")][:2] == ["Team 1", "Team 5"]
    assert start_playoff(client, director, 2, TO_TARGET).status_code == 303
    final = game_at_table(client, table_tokens(client, director)[0])
    play_table(client, final)
    with app.app_context():
        rules = db.session.scalar(select(GameRecord.rules).where(GameRecord.edit_token == final))
        db.session.remove()
    assert rules["hands_limit"] == 0
    # One hand no longer ends the game, as it ended each round's.
    assert bracket(client, f"/d/{director}") == [[(("1", "Team 1", "61"), ("2", "Team 5", "60"))]]
    assert champion(client, f"/d/{director}") is None
    # Still in play, so table 1's link leads to it still.
    assert game_at_table(client, table_tokens(client, director)[0]) == final


def test_no_team_withdraws_once_the_playoff_has_started(app, client):
    director = swiss_played(app, teams=5, winners="NN")
    assert Page(client.get(f"/d/{director}")).has_form("withdraw-team")
    assert start_playoff(client, director, 2).status_code == 303
    assert not Page(client.get(f"/d/{director}")).has_form("withdraw-team")
    kept = round_rows(app)
    words = (
        "The playoff has started: no team withdraws now.",
        "Os playoffs já começaram: nenhuma dupla desiste agora.",
    )
    refused_both_ways(client, f"/d/{director}/teams/4/withdraw", {}, 409, *words)
    assert round_rows(app) == kept
