"""Issue 28's "Done when", through HTTP: a 12-team evening with a late team, a withdrawal, a
forfeit and a top-4 playoff, run from the director's phone end to end, every game saved on its
table's own phone through its card's link, the wall checked after each step
(testsupport.director_evening).

A Swiss of twelve teams ("Team 1" … "Team 12"), four rounds of one-hand games, North–South
winning every table played 61 to 60. Rows are (place, team, wins, losses, points, difference).

- Round 1 pairs 1–2, 3–4, …, 11–12: the odd teams 1–0, 61, +1, the even ones 0–1, 60, −1.
- Team 13 joins before round 2 with nothing played, 13th, below the six teams with no win.
- Round 2 pairs 1–3, 5–7, 9–11, 2–4, 6–8, 10–13 and gives Team 12 the bye (Team 13's missed
  round counts as a bye had). Then 1, 5, 9 are 2–0, 122, +2; 2, 3, 6, 7, 10, 11 1–1, 121, 0;
  Team 12 1–1, 60, −1; 4 and 8 0–2, 120, −2; Team 13 0–1, 60, −1.
- Team 8 withdraws, keeping its 0–2: twelve teams left, six tables and no bye in round 3,
  which pairs 1–5, 9–2, 3–6, 7–10, 11–4, 12–13.
- Table 2's game (Team 9–Team 2) is awarded to Team 2 before a hand: Team 2 2–1, still 121
  points and 0; Team 9 2–1, still 122 and +2. Every other table is played.
- Round 4 pairs 1–9, 5–3, 11–7, 2–12, 6–10, 4–13. Final standings: 1 Team 1 4–0 244 +4;
  2 Team 5 and Team 11 3–1 243 +2; 4 Team 2 3–1 182 +1; … 12 Team 8 (withdrawn) 0–2 120 −2;
  13 Team 13 0–3 180 −3.
- The playoff of the top 4 seats Team 1 v Team 2 and Team 5 v Team 11 (seeds 1 v 4, 2 v 3);
  Team 1 and Team 5 win, and Team 1 wins the final: the champion.
"""

from __future__ import annotations

from testsupport.director_evening import Evening
from testsupport.pages import Page
from testsupport.tournaments import PT, bye_of, pairs, round_tables, standings


def rows_of(evening: Evening) -> list[tuple[str, ...]]:
    """The standings the director's page shows, once the wall is seen to show the same."""
    shown = standings(evening.client, f"/d/{evening.director}")
    assert standings(evening.client, f"/w/{evening.watch}") == shown
    return shown


def round_paired(evening: Evening) -> list[tuple[int, int]]:
    """The latest round's pairs as team numbers, North–South first, and the bye (0 if none)."""
    found = [
        (int(north.removeprefix("Team ")), int(east.removeprefix("Team ")))
        for north, east in pairs(round_tables(evening.client, evening.director))
    ]
    bye = bye_of(evening.client, evening.director)
    return [*found, (int(bye.removeprefix("Team ")), 0) if bye else (0, 0)]


def test_a_twelve_team_evening_runs_from_the_directors_phone_to_its_champion(app, client):
    evening = Evening(app, client)
    evening.start()
    assert round_paired(evening) == [(1, 2), (3, 4), (5, 6), (7, 8), (9, 10), (11, 12), (0, 0)]
    evening.play()
    first = rows_of(evening)
    assert first[0] == ("1", "Team 1", "1", "0", "61", "1")
    assert first[-1] == ("7", "Team 12", "0", "1", "60", "-1")

    evening.add_late_team()
    late = rows_of(evening)
    assert late == [*first, ("13", "Team 13", "0", "0", "0", "0")]
    assert "joined in round 2" in evening.wall().text

    evening.start()
    assert round_paired(evening) == [
        (1, 3), (5, 7), (9, 11), (2, 4), (6, 8), (10, 13), (12, 0)
    ]  # fmt: skip
    assert "Team 12 has the bye this round." in evening.wall().text
    evening.play()
    second = {row[1]: row[2:] for row in rows_of(evening)}
    assert {second[f"Team {n}"] for n in (1, 5, 9)} == {("2", "0", "122", "2")}
    assert {second[f"Team {n}"] for n in (2, 3, 6, 7, 10, 11)} == {("1", "1", "121", "0")}
    assert second["Team 12"] == ("1", "1", "60", "-1")
    assert second["Team 4"] == second["Team 8"] == ("0", "2", "120", "-2")
    assert second["Team 13"] == ("0", "1", "60", "-1")

    evening.withdraw()
    kept = {row[1]: row[2:] for row in rows_of(evening)}
    assert kept.pop("Team 8 (withdrawn)") == second.pop("Team 8")
    assert kept == second
    assert "Team 8 (withdrawn)" in evening.wall().text

    evening.start()
    assert round_paired(evening) == [
        (1, 5), (9, 2), (3, 6), (7, 10), (11, 4), (12, 13), (0, 0)
    ]  # fmt: skip
    evening.forfeit()
    awarded = {row[1]: row[2:] for row in rows_of(evening)}
    assert awarded["Team 2"] == ("2", "1", "121", "0")
    assert awarded["Team 9"] == ("2", "1", "122", "2")
    assert "forfeit: Team 2 wins" in evening.wall().text
    assert "W.O.: Team 2 vence" in evening.wall(PT).text
    director_page = Page(evening.client.get(f"/d/{evening.director}"))
    logged = [item.text for item in director_page.find("section", "tournament-log").find_all("li")]
    assert len(logged) == 1
    assert "Round 3, table 2 · Forfeit: the game awarded to Team 2" in logged[0]
    evening.play(skip=2)

    evening.start()
    assert round_paired(evening) == [
        (1, 9), (5, 3), (11, 7), (2, 12), (6, 10), (4, 13), (0, 0)
    ]  # fmt: skip
    evening.play()
    final = rows_of(evening)
    assert final[:4] == [
        ("1", "Team 1", "4", "0", "244", "4"),
        ("2", "Team 5", "3", "1", "243", "2"),
        ("2", "Team 11", "3", "1", "243", "2"),
        ("4", "Team 2", "3", "1", "182", "1"),
    ]
    assert final[-2:] == [
        ("12", "Team 8 (withdrawn)", "0", "2", "120", "-2"),
        ("13", "Team 13", "0", "3", "180", "-3"),
    ]

    evening.playoff()
    wall = evening.wall()
    stages = [
        [bdi.text for bdi in item.find_all("bdi")] for item in wall.find_all("li", "bracket-table")
    ]
    assert stages == [["Team 1", "Team 2"], ["Team 5", "Team 11"], ["Team 1", "Team 5"]]
    winners = [winner.find("bdi").text for winner in wall.find_all("span", "bracket-winner")]
    assert winners == ["Team 1", "Team 5", "Team 1"]
    assert wall.find("p", "champion").text == "Champion: Team 1"
    # The playoff counts nothing in the standings, which stay as round 4 left them.
    assert rows_of(evening) == final
