"""A team withdrawn between rounds of King's table or a round robin: its games stay in the
standings; King's table's movement closes its gap, the teams below it in the line moving up a
place, and a round robin keeps its schedule, the withdrawn team's later opponents sitting out
with a bye each (a walkover).

King's table of six teams, one hand a game: round 1 is Team 1–Team 2, Team 3–Team 4 and Team
5–Team 6, North–South winning each 61 to 60, so Teams 1, 3 and 5 have 1 win, 0 losses, 61
points, +1 and Teams 2, 4 and 6 0–1, 60 points, −1. The movement lines them up 1, 3 (table 2's
winner up), 2 (table 1's loser down), 5, 4, 6 (the bottom table's loser stays). Team 3
withdraws, keeping its 1–0, 61 and +1: the line without it, 1, 2, 5, 4, 6, seats Team 1–Team 2
and Team 5–Team 4, and Team 6, last, sits out (a bye that counts nothing in King's table).
"""

from __future__ import annotations

from testsupport.director_tools import withdraw_form
from testsupport.pages import Page, submit
from testsupport.tournaments import (
    ONE_HAND,
    bye_of,
    make_tournament,
    pairs,
    play_round,
    round_tables,
    standings,
    start_round,
    teams_text,
)


def test_kings_table_closes_the_gap_of_a_team_withdrawn_between_rounds(app, client):
    director = make_tournament(
        client, **ONE_HAND, format="kings_table", rounds="3", teams=teams_text(6)
    )
    start_round(client, director)
    play_round(client, director, "NNN")
    before = {row[1]: row[2:] for row in standings(client, f"/d/{director}")}
    assert before["Team 3"] == ("1", "0", "61", "1")
    assert len(before) == 6

    form = withdraw_form(client, director, "Team 3")
    assert submit(client, form).status_code == 303
    after = {row[1]: row[2:] for row in standings(client, f"/d/{director}")}
    assert after.pop("Team 3 (withdrawn)") == ("1", "0", "61", "1")
    before.pop("Team 3")
    assert after == before

    start_round(client, director)
    assert pairs(round_tables(client, director)) == [("Team 1", "Team 2"), ("Team 5", "Team 4")]
    assert bye_of(client, director) == "Team 6"
    play_round(client, director, "NN")
    rows = {row[1]: row[2:] for row in standings(client, f"/d/{director}")}
    # Team 6's bye counts neither a win nor a loss: still 0–1.
    assert rows["Team 6"] == ("0", "1", "60", "-1")
    assert rows["Team 3 (withdrawn)"] == ("1", "0", "61", "1")


def test_a_round_robin_gives_a_withdrawn_teams_later_opponents_a_bye(app, client):
    """Round robin of six teams, one hand a game. Round 1 is Team 1–Team 6, Team 2–Team 5 and
    Team 3–Team 4, North–South winning each 61 to 60: Teams 1, 2, 3 at 1–0, 61, +1; Teams 4, 5,
    6 at 0–1, 60, −1. Team 5 withdraws. Round 2 of the schedule is 1–5, 6–4, 2–3: Team 1 sits
    out with a bye (a win with no points), Team 4 (placed above Team 6) and Team 2 sit
    North–South and win. Then Team 2 is 2–0, 122, +2; Team 1 2–0, 61, +1 (its bye); Teams 3
    and 4 1–1, 121, 0; Team 5 keeps 0–1, 60, −1; Team 6 0–2, 120, −2. Round 3 (1–4, 5–3, 6–2)
    gives Team 3 the walkover."""
    director = make_tournament(
        client, **ONE_HAND, format="round_robin", rounds="", teams=teams_text(6)
    )
    start_round(client, director)
    play_round(client, director, "NNN")
    form = withdraw_form(client, director, "Team 5")
    assert submit(client, form).status_code == 303

    start_round(client, director)
    assert pairs(round_tables(client, director)) == [("Team 4", "Team 6"), ("Team 2", "Team 3")]
    assert bye_of(client, director) == "Team 1"
    page = Page(client.get(f"/d/{director}", headers={"Accept-Language": "pt-BR"}))
    assert "Team 1 folga nesta rodada: a dupla adversária desistiu." in page.text
    play_round(client, director, "NN")
    rows = {row[1]: row[2:] for row in standings(client, f"/d/{director}")}
    assert rows == {
        "Team 2": ("2", "0", "122", "2"),
        "Team 1": ("2", "0", "61", "1"),
        "Team 3": ("1", "1", "121", "0"),
        "Team 4": ("1", "1", "121", "0"),
        "Team 5 (withdrawn)": ("0", "1", "60", "-1"),
        "Team 6": ("0", "2", "120", "-2"),
    }
    start_round(client, director)
    assert pairs(round_tables(client, director)) == [("Team 1", "Team 4"), ("Team 2", "Team 6")]
    assert bye_of(client, director) == "Team 3"
