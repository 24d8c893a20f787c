"""A table's scorer's link (`/s/<token>`) while no game of its is in play says one thing beside
the tournament's name and the table's number: once the tournament is over (every round played,
or the playoff's final), that it is over, with its final standings from the watch link (never
the director's link); while a round or playoff stage is played at other tables only, that
nobody plays here in it; between rounds, who plays here next and that the director starts it.

Before, after the last round it said three things at once: the round had not started, every
round had been played, and the director starts the next round.

The tournaments are built through the service layer (testsupport.builders): a Swiss of three
rounds, one hand a game, North–South winning every table.
"""

from __future__ import annotations

from testsupport.builders import tournament_in_round
from testsupport.director_tools import withdraw_form
from testsupport.pages import Page, submit
from testsupport.tournaments import (
    PT,
    game_at_table,
    play_table,
    start_playoff,
    start_round,
)

OVER = "Every round has been played: the tournament is over."
FINAL_PLAYED = "The final has been played: the tournament is over."
STANDINGS = "See the final standings"


def said(client, table: str, headers=None) -> list[str]:
    """Every paragraph of a table link's page, in order (its first the tournament's name), but
    the standings' and the line that says when the page was last updated."""
    response = client.get(f"/s/{table}", headers=headers)
    assert response.status_code == 200, response.status_code
    paragraphs = Page(response).find("main").find_all("p")
    return [
        paragraph.text
        for paragraph in paragraphs
        if "poll-status" not in paragraph.classes
        and not any("tournament-standings" in above.classes for above in paragraph.ancestors())
    ]


def standings_link(client, table: str) -> str:
    """Where a table link's page leads for the final standings."""
    return Page(client.get(f"/s/{table}")).find("a", "final-standings").attrs["href"]


def test_a_table_link_after_the_last_round_says_only_that_the_tournament_is_over(app, client):
    built = tournament_in_round(app, 5, 3)
    for table in built.tables:
        assert said(client, table) == ["Club night", OVER, STANDINGS]
        assert said(client, table, PT) == [
            "Club night",
            "Todas as rodadas foram jogadas: o torneio terminou.",
            "Ver a classificação final",
        ]
        assert standings_link(client, table) == f"/w/{built.watch}/results"
        page = Page(client.get(f"/s/{table}"))
        assert len(page.find("section", "tournament-standings").find_all("tr")) == 1 + 5
        assert built.director not in page.text
    results = Page(client.get(standings_link(client, built.tables[0])))
    assert results.find("h2", id="results-standings").text == "Final standings"


def test_between_rounds_a_table_link_still_says_who_plays_there_next(app, client):
    """Round 1: Team 1 beat Team 2 at table 1, Team 3 beat Team 4 at table 2, Team 5 had the
    bye; round 2 seats two of its three winners at table 1, Team 1 against Team 3."""
    built = tournament_in_round(app, 5, 1)
    assert said(client, built.tables[0]) == [
        "Club night",
        "The round has not started. When it does, this page shows the game played at this "
        "table, to keep its score.",
        "Next at this table: Team 1 (North–South) against Team 3 (East–West).",
        "The director starts the next round.",
        "Keep this page: the link on the table's card always leads to the game at this table.",
    ]


def test_a_table_without_a_game_in_the_round_being_played_says_nobody_plays_there(app, client):
    """Six teams, three tables; two teams withdrawn after round 1, round 2 seats two tables."""
    built = tournament_in_round(app, 6, 1)
    for team in ("Team 5", "Team 6"):
        assert submit(client, withdraw_form(client, built.director, team)).status_code == 303
    start_round(client, built.director)
    assert said(client, built.tables[2]) == [
        "Club night",
        "Nobody plays at this table this round.",
        "Keep this page: the link on the table's card always leads to the game at this table.",
    ]


def test_a_table_link_in_the_playoff_says_nobody_plays_there_then_that_the_final_was_played(
    app, client
):
    """The top 2 play a final at table 1; table 2 has no game in it."""
    built = tournament_in_round(app, 5, 3)
    assert start_playoff(client, built.director, 2).status_code == 303
    assert said(client, built.tables[1]) == [
        "Club night",
        "Nobody plays at this table in this stage of the playoff.",
        "Keep this page: the link on the table's card always leads to the game at this table.",
    ]
    play_table(client, game_at_table(client, built.tables[0]))
    for table in built.tables:
        assert said(client, table) == ["Club night", FINAL_PLAYED, STANDINGS]
        assert standings_link(client, table) == f"/w/{built.watch}/results"
