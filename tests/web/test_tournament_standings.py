"""What a tournament's pages show as its rounds are played: a correction after a round changing
the standings at once but never the pairings made; King's table moving its winners up; a
table's link between rounds; the watch page with no edit link, its tag moving with any game of
the tournament; and the queries per page and of the watch page's unchanged poll, the same for
a few tables or many."""

from __future__ import annotations

import re

from testsupport.database import MAX_QUERIES, queries_sent
from testsupport.pages import Page
from testsupport.tournaments import (
    ONE_HAND,
    PT,
    correct_to_north_south,
    make_tournament,
    pairs,
    play_round,
    play_table,
    round_tables,
    standings,
    start_round,
    table_tokens,
    teams_text,
    watch_token,
)

# The director's and the watch page read the tournament, its teams, its rounds with all their
# games, and (for the games no replay is kept of) their hands; the director's, its tables too,
# and once a round has started its log of rulings (one query however many) and when each table
# last saved a hand (one query however many tables: tournaments/services/quiet.py).
TOURNAMENT_QUERIES = MAX_QUERIES + 1
DIRECTOR_QUERIES = TOURNAMENT_QUERIES + 2
# The watch page's unchanged poll reads the tournament with its games' versions in one query.
POLL_QUERIES = 1


def test_a_correction_after_a_round_changes_the_standings_at_once_and_not_the_pairings(client):
    """Round 1: Team 2 beats Team 1 61 to −70, Team 3 beats Team 4 61 to 60; round 2 is then
    paired Team 2–Team 3 and Team 4–Team 1. Corrected, table 1 of round 1 is Team 1's win 61
    to 60: Team 1 and Team 3 have one win each, 61 points and a difference of 1, and never met,
    so they share first place; Team 2 and Team 4 share third (a loss, 60 points, −1). Round 2,
    not yet played, counts nothing and keeps its pairs."""
    director = make_tournament(client, **ONE_HAND, format="swiss", rounds="2", teams=teams_text(4))
    start_round(client, director)
    first = play_round(client, director, "EN")
    start_round(client, director)
    paired = pairs(round_tables(client, director))
    assert paired == [("Team 2", "Team 3"), ("Team 4", "Team 1")]

    correct_to_north_south(client, first[0].game)
    expected = [
        ("1", "Team 1", "1", "0", "61", "1"),
        ("1", "Team 3", "1", "0", "61", "1"),
        ("3", "Team 2", "0", "1", "60", "-1"),
        ("3", "Team 4", "0", "1", "60", "-1"),
    ]
    assert standings(client, f"/d/{director}") == expected
    assert standings(client, f"/w/{watch_token(client, director)}") == expected
    assert pairs(round_tables(client, director)) == paired


def test_kings_table_moves_the_winners_up_and_the_losers_down(client):
    """Round 1: Team 1 beats Team 2 at table 1 (61 to 60), Team 4 beats Team 3 at table 2
    (61 to −70). Table 1's winner stays, table 2's winner moves up: table 1 is Team 4 (a
    difference of 131, so North–South) against Team 1; table 1's loser moves down: table 2 is
    Team 2 (−1) against Team 3 (−131)."""
    director = make_tournament(
        client, **ONE_HAND, format="kings_table", rounds="3", teams=teams_text(4)
    )
    tables = table_tokens(client, director)
    start_round(client, director)
    play_round(client, director, "NE")
    # Between rounds a table's link says who plays there next, and who starts the round.
    between = Page(client.get(f"/s/{tables[1]}"))
    assert between.find("p", "next-at-table").text == (
        "Next at this table: Team 2 (North–South) against Team 3 (East–West)."
    )
    assert "The director starts the next round." in between.text
    in_portuguese = Page(client.get(f"/s/{tables[1]}", headers=PT))
    assert in_portuguese.find("p", "next-at-table").text == (
        "A seguir nesta mesa: Team 2 (Norte–Sul) contra Team 3 (Leste–Oeste)."
    )
    start_round(client, director)
    assert pairs(round_tables(client, director)) == [("Team 4", "Team 1"), ("Team 2", "Team 3")]


def test_the_watch_page_shows_the_round_and_never_an_edit_link(client):
    director = make_tournament(client, **ONE_HAND)
    watch = watch_token(client, director)
    start_round(client, director)
    tables = round_tables(client, director)
    play_table(client, tables[0].game)
    response = client.get(f"/w/{watch}")
    assert response.mimetype == "text/html"
    html = response.get_data(as_text=True)
    page = Page(response)
    shown = page.find_all("li", "round-table")
    assert [item.find("span", "round-table-teams").text for item in shown] == [
        "Reds 61 – 60 Blues",
        "Greens 0 – 0 Golds",
    ]
    assert "1 hand played" in page.find("li", "round-table").text
    assert "Round 1 of 3" in page.text
    for table in tables:
        assert table.game not in html
    assert not re.search(r'href="/(g|d|s)/', html)
    assert director not in html


def test_the_watch_pages_tag_moves_when_any_game_of_the_tournament_changes(client):
    director = make_tournament(client, **ONE_HAND)
    watch = watch_token(client, director)
    start_round(client, director)
    tag = client.get(f"/w/{watch}").headers["ETag"]
    assert client.get(f"/w/{watch}", headers={"If-None-Match": tag}).status_code == 304
    tables = round_tables(client, director)
    for table in tables:
        play_table(client, table.game)
        moved = client.get(f"/w/{watch}", headers={"If-None-Match": tag})
        assert moved.status_code == 200
        assert moved.headers["ETag"] != tag
        tag = moved.headers["ETag"]
        assert client.get(f"/w/{watch}", headers={"If-None-Match": tag}).status_code == 304
    start_round(client, director)
    assert client.get(f"/w/{watch}", headers={"If-None-Match": tag}).status_code == 200


def pages_queries(app, client, teams: int) -> dict[str, int]:
    """How many queries the director's page, the watch page, its unchanged poll and a table's
    link run for a round robin of `teams` teams, its first round played and its second just
    started."""
    director = make_tournament(client, **ONE_HAND, format="round_robin", teams=teams_text(teams))
    start_round(client, director)
    play_round(client, director, "N" * (teams // 2))
    start_round(client, director)
    watch = watch_token(client, director)
    table = table_tokens(client, director)[0]
    tag = client.get(f"/w/{watch}").headers["ETag"]
    app.extensions["replays"].clear()  # every game's hands read again: one query for them all
    asked = {
        "director": (f"/d/{director}", {}, 200),
        "watch": (f"/w/{watch}", {}, 200),
        "poll": (f"/w/{watch}", {"If-None-Match": tag}, 304),
        "table": (f"/s/{table}", {}, 303),
    }
    counted = {}
    for name, (path, headers, status) in asked.items():
        with queries_sent(app) as statements:
            assert client.get(path, headers=headers).status_code == status
        counted[name] = len(statements)
    return counted


def test_the_tournament_pages_and_the_watch_poll_run_the_same_few_queries_for_two_tables_or_eight(
    app, client
):
    few = pages_queries(app, client, 4)
    many = pages_queries(app, client, 16)
    assert few == many
    assert many.pop("director") == DIRECTOR_QUERIES
    assert max(many.values()) <= TOURNAMENT_QUERIES
    assert many["poll"] == POLL_QUERIES
