"""A team's own card from the watch link: its place and record, where it plays now or next,
and each round as it played it; linked from the standings, view-only, in both languages, and
answered 304 while the tournament stands still.

A Swiss of five teams (two tables and a bye), games of one hand, North–South winning."""

from __future__ import annotations

from testsupport.database import queries_sent
from testsupport.pages import Page
from testsupport.tournaments import (
    ONE_HAND,
    PT,
    make_tournament,
    play_round,
    start_playoff,
    start_round,
    teams_text,
    watch_token,
)

POLL = {"HX-Request": "true"}


def rows_of(page: Page) -> list[list[str]]:
    """The card's rounds, one row of cells each."""
    table = page.find("table", "team-rounds").find("tbody")
    return [
        [cell.text for cell in row.iter() if cell.tag in ("td", "th")]
        for row in table.find_all("tr")
    ]


def test_a_teams_card_shows_its_rounds_place_and_where_it_plays_next(app, client):
    director = make_tournament(client, **ONE_HAND, teams=teams_text(5))
    watch = watch_token(client, director)
    start_round(client, director)
    links = Page(client.get(f"/w/{watch}")).find_all("a", "team-card-link")
    assert sorted(link.attrs["href"] for link in links) == [
        f"/w/{watch}/teams/{n}" for n in range(1, 6)
    ]
    playing = Page(client.get(f"/w/{watch}/teams/1"))
    assert playing.find("h1").text == "Team 1"
    assert playing.find("p", "team-now").text == ("Playing now: round 1, table 1, against Team 2.")
    assert rows_of(playing) == [["1", "1", "Team 2", "0 – 0", "still playing"]]

    play_round(client, director, "NN")
    over = Page(client.get(f"/w/{watch}/teams/2", headers=PT))
    assert over.find("p", "team-place").text == "4º lugar de 5 · 0 vitória · 1 derrota · 60 pontos"
    assert rows_of(over) == [["1", "1", "Team 1", "60 – 61", "perdeu"]]
    assert over.find("p", "team-now").text.startswith("A seguir: mesa ")
    bye = Page(client.get(f"/w/{watch}/teams/5"))
    assert rows_of(bye) == [["1", "", "", "", "sat out"]]
    assert director not in bye.html  # view-only: nothing of the director's
    assert not [a for a in bye.root.find_all("a") if a.attrs.get("href", "").startswith("/g/")]


def test_a_teams_card_answers_its_poll_304_and_no_such_team_404(app, client):
    director = make_tournament(client, **ONE_HAND, teams=teams_text(5))
    watch = watch_token(client, director)
    first = client.get(f"/w/{watch}/teams/3", headers=POLL)
    assert first.status_code == 200
    with queries_sent(app) as queries:
        again = client.get(
            f"/w/{watch}/teams/3", headers=POLL | {"If-None-Match": first.headers["ETag"]}
        )
    assert again.status_code == 304
    assert len(queries) == 1
    assert client.get(f"/w/{watch}/teams/9").status_code == 404
    assert client.get(f"/w/{director}/teams/1").status_code == 404


def test_a_teams_card_follows_it_into_the_playoff(app, client):
    director = make_tournament(client, **ONE_HAND, teams=teams_text(4), rounds="1")
    watch = watch_token(client, director)
    start_round(client, director)
    play_round(client, director, "NN")
    start_playoff(client, director, 2)
    card = Page(client.get(f"/w/{watch}/teams/1"))
    assert card.find("p", "team-now").text == (
        "Playing now in the playoff: table 1, against Team 3."
    )
    assert rows_of(card)[-1] == ["Playoff", "1", "Team 3", "0 – 0", "still playing"]
    out = Page(client.get(f"/w/{watch}/teams/2"))  # not in the playoff: no row for it
    assert [row[0] for row in rows_of(out)] == ["1"]
