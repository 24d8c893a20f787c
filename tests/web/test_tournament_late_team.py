"""A team added late, between rounds, from the director's page: it gets the next entry number,
joins the next round's pairing with no results and ranks below the teams with as many wins; a
table link more is made when the teams outgrow the tables. Every refusal (mid-round, a round
robin under way, a name taken or missing, the watch or a table's link) is said in both
languages with a 4xx status and nothing written.

The Swiss of five teams, three rounds, one hand a game (testsupport.tournaments.A_SWISS): round
1 pairs Reds–Blues and Greens–Golds, Whites on the bye, North–South winning both 61 to 60;
round 2 pairs Reds–Greens (North–South win) and Whites–Blues (East–West win 61 to −70), Golds
on the bye. Standings then: Reds 2 wins, 0 losses, 122 points, +2; Blues 1–1, 121, +130;
Greens 1–1, 121, 0; Golds 1–1, 60, −1; Whites 1–1, −70, −131. Blacks join before round 3 with
0–0, 0 points: sixth of six, and six teams need three tables where two were made. Round 3
pairs Reds–Golds, Blues–Greens and Whites–Blacks, no bye; East–West win at table 3, so Blacks
have 1 win, 0 losses, 61 points, +131, a better difference than Greens, Golds and Whites (1
win each) and still sixth, below them.
"""

from __future__ import annotations

from sqlalchemy import select

from extensions import db
from records.tournaments import TournamentRecord, TournamentTeamRecord
from testsupport.builders import CLUB_TEAMS, tournament_in_round
from testsupport.database import queries_sent
from testsupport.director_tools import BLACKS, add_late_team, late_form
from testsupport.pages import Page, submit
from testsupport.tournaments import (
    ONE_HAND,
    PT,
    bye_of,
    make_tournament,
    pairs,
    play_round,
    refusals,
    round_rows,
    round_tables,
    standings,
    start_round,
    table_tokens,
    teams_text,
    tournament_rows,
    watch_token,
)

AFTER_TWO_ROUNDS = [
    ("1", "Reds", "2", "0", "122", "2"),
    ("2", "Blues", "1", "1", "121", "130"),
    ("3", "Greens", "1", "1", "121", "0"),
    ("4", "Golds", "1", "1", "60", "-1"),
    ("5", "Whites", "1", "1", "-70", "-131"),
]


def stored(app) -> tuple[list[tuple[int, str, int | None]], int, dict[str, int]]:
    """Each team as stored (entry, name, rounds played when it joined), the tournament's
    version, and the tournament's and rounds' rows."""
    with app.app_context():
        teams = [
            (team.entry, team.name, team.joined_after)
            for team in db.session.scalars(
                select(TournamentTeamRecord).order_by(TournamentTeamRecord.entry)
            )
        ]
        version = db.session.scalar(select(TournamentRecord.version))
        db.session.remove()
    return teams, version, tournament_rows(app) | round_rows(app)


def two_rounds_played(app, client) -> str:
    """The Swiss of the module docstring with its first two rounds played; its director's
    token. Built through the service layer: the late team is the subject here, not the rounds'
    walk."""
    director = tournament_in_round(app, CLUB_TEAMS, 2, winners=("NN", "NE")).director
    assert pairs(round_tables(client, director)) == [("Reds", "Greens"), ("Whites", "Blues")]
    return director


def test_a_late_team_in_round_3_of_a_swiss_plays_it_and_ranks_below_as_many_wins(app, client):
    director = two_rounds_played(app, client)
    assert standings(client, f"/d/{director}") == AFTER_TWO_ROUNDS
    assert len(table_tokens(client, director)) == 2

    done = add_late_team(client, director)
    assert done.status_code == 303
    assert done.headers["Location"] == f"/d/{director}#teams"
    teams, _, rows = stored(app)
    assert teams[-1] == (6, "Blacks", 2)
    assert rows["tournament_team"] == 6
    assert rows["tournament_table"] == 3
    # Six teams, the newcomer last with nothing played; the cards page prints table 3.
    assert standings(client, f"/d/{director}") == [
        *AFTER_TWO_ROUNDS,
        ("6", "Blacks", "0", "0", "0", "0"),
    ]
    assert len(table_tokens(client, director)) == 3
    teams_shown = Page(client.get(f"/w/{watch_token(client, director)}", headers=PT)).text
    assert "Blacks" in teams_shown
    assert "entrou na rodada 3" in teams_shown

    start_round(client, director)
    assert pairs(round_tables(client, director)) == [
        ("Reds", "Golds"),
        ("Blues", "Greens"),
        ("Whites", "Blacks"),
    ]
    assert bye_of(client, director) is None
    play_round(client, director, "NNE")
    after = standings(client, f"/d/{director}")
    assert [row[1] for row in after] == ["Reds", "Blues", "Greens", "Golds", "Whites", "Blacks"]
    assert after[-1] == ("6", "Blacks", "1", "0", "61", "131")


def test_a_late_team_in_kings_table_comes_in_at_the_bottom_table(app, client):
    # Four teams: round 1 is Team 1–Team 2 and Team 3–Team 4, North–South winning. Team 5
    # joins: the winners 1 and 3 meet at table 1, the loser 2 meets the newcomer at the
    # bottom table, and 4, the bottom table's loser, sits out. Five teams fill two tables, as
    # four did: no table link is made.
    director = make_tournament(
        client, **ONE_HAND, format="kings_table", rounds="3", teams=teams_text(4)
    )
    start_round(client, director)
    play_round(client, director, "NN")
    typed = {"name": "Team 5", "player_0": "Player 5a", "player_1": "Player 5b"}
    assert add_late_team(client, director, typed).status_code == 303
    assert stored(app)[2]["tournament_table"] == 2
    rows = standings(client, f"/d/{director}")
    assert (len(rows), rows[-1]) == (5, ("5", "Team 5", "0", "0", "0", "0"))
    start_round(client, director)
    assert pairs(round_tables(client, director)) == [("Team 1", "Team 3"), ("Team 2", "Team 5")]
    assert bye_of(client, director) == "Team 4"


def test_a_round_robin_takes_a_late_team_before_round_1_and_refuses_one_after(app, client):
    # Five teams make two tables; Blacks before round 1 make six, who play five rounds at
    # three tables, a table link more made for the third.
    director = make_tournament(client, **ONE_HAND, format="round_robin", rounds="")
    assert add_late_team(client, director).status_code == 303
    teams, _, rows = stored(app)
    assert (teams[-1], rows["tournament_table"]) == ((6, "Blacks", 0), 3)
    start_round(client, director)
    assert not Page(client.get(f"/d/{director}")).has_form("late-team")
    kept = stored(app)
    words = ("A round robin's schedule", "A tabela de um todos contra todos")
    refusals(client, f"/d/{director}/teams", 409, *words)
    assert stored(app) == kept


def test_the_late_team_form_sent_twice_adds_the_team_once(app, client):
    director = make_tournament(client, **ONE_HAND)
    form = late_form(client, director)
    assert submit(client, form, BLACKS).status_code == 303
    done = stored(app)
    again = submit(client, form, BLACKS)
    assert again.status_code == 303
    assert again.headers["Location"] == f"/d/{director}#teams"
    assert stored(app) == done
    assert [name for _, name, _ in done[0]].count("Blacks") == 1


def test_a_name_taken_or_missing_is_said_beside_its_field_and_nothing_is_written(app, client):
    director = make_tournament(client, **ONE_HAND)
    kept = stored(app)
    for typed, headers, words in (
        (BLACKS | {"name": " reds "}, None, "A team of that name is already entered."),
        (BLACKS | {"name": "REDS"}, PT, "Já há uma dupla com esse nome."),
        (BLACKS | {"player_1": ""}, None, "Name the team's two players."),
        (BLACKS | {"player_0": "  "}, PT, "Dê o nome dos dois jogadores da dupla."),
        (BLACKS | {"name": "x" * 41}, None, "40"),
    ):
        refused = add_late_team(client, director, typed, headers=headers)
        assert refused.status_code == 422, typed
        shown = Page(refused).form(cls="late-team")
        assert words in shown.text, (typed, shown.text)
        assert stored(app) == kept


def test_no_team_joins_mid_round_or_after_the_last_round_and_nothing_is_written(app, client):
    director = make_tournament(client, **ONE_HAND, format="kings_table", rounds="1")
    form = late_form(client, director)
    start_round(client, director)
    assert not Page(client.get(f"/d/{director}")).has_form("late-team")
    kept = stored(app)
    words = ("A team joins between rounds only", "Uma dupla só entra entre rodadas")
    refusals(client, f"/d/{director}/teams", 409, *words)
    # The form shown before the round started is refused the same way.
    refused = submit(client, form, BLACKS)
    assert (refused.status_code, words[0] in Page(refused).text) == (409, True)
    play_round(client, director, "NN")
    words = ("Every round of this tournament has been played", "Todas as rodadas deste torneio")
    refusals(client, f"/d/{director}/teams", 409, *words)
    assert stored(app)[0] == kept[0]


def test_the_watch_and_table_links_add_no_team(app, client):
    director = make_tournament(client, **ONE_HAND)
    kept = stored(app)
    words = ("Only the director's link adds a team", "Só o link do diretor inclui uma dupla")
    for token in (watch_token(client, director), table_tokens(client, director)[0]):
        refusals(client, f"/d/{token}/teams", 403, *words)
    assert "late-team" not in client.get(f"/w/{watch_token(client, director)}").text
    assert client.post("/d/no-such-link/teams", data={}).status_code == 404
    assert stored(app) == kept


def test_adding_a_late_team_sends_few_queries_and_the_director_page_as_many_as_before(app, client):
    """Adding reads the tournament and where it stands twice (the route's check, then the
    service's: the tournament, its teams, its rounds with their games, and the hands of the
    games not kept, 4 at most each), then claims the version, counts the rounds, reads the
    tables and inserts the team and the new table: 13 at most, whatever the rounds and tables.
    The director's page sends as many queries (6: the tournament, its teams, its rounds with
    their games, its tables, its log of rulings and when each table last saved, the hands
    kept) with the late team as before it."""
    director = two_rounds_played(app, client)
    with queries_sent(app) as before:
        assert client.get(f"/d/{director}").status_code == 200
    form = late_form(client, director)
    with queries_sent(app) as adding:
        assert submit(client, form, BLACKS).status_code == 303
    with queries_sent(app) as after:
        assert client.get(f"/d/{director}").status_code == 200
    assert len(adding) <= 13
    assert len(before) == len(after) == 6
