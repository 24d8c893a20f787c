"""The watch page as the wall: it asks for its round and standings again every few seconds as
a view link's scoreboard does (htmx, the same interval), and loads itself again without script;
htmx is answered the wall alone, and 304 from one small query while nothing changed."""

from __future__ import annotations

import re

from testsupport.database import queries_sent
from testsupport.pages import Page
from testsupport.tournaments import (
    ONE_HAND,
    PT,
    make_tournament,
    play_table,
    round_tables,
    start_round,
    watch_token,
)
from web.responses import POLL_SECONDS

PART = {"HX-Request": "true"}


def test_the_watch_page_asks_for_its_wall_every_few_seconds_and_reloads_without_script(client):
    director = make_tournament(client, **ONE_HAND)
    watch = watch_token(client, director)
    start_round(client, director)
    html = client.get(f"/w/{watch}").get_data(as_text=True)
    wall = Page(client.get(f"/w/{watch}")).find("section", "wall")
    assert wall.attrs["hx-get"] == f"/w/{watch}"
    assert wall.attrs["hx-trigger"] == f"every {POLL_SECONDS}s"
    assert wall.attrs["hx-swap"] == "outerHTML"
    assert re.search(r'<noscript><meta http-equiv="refresh" content="\d+"></noscript>', html)
    assert 'class="poll-status"' in html

    part = client.get(f"/w/{watch}", headers=PART)
    assert part.status_code == 200
    assert part.mimetype == "text/html"
    assert "HX-Request" in part.headers["Vary"]
    body = part.get_data(as_text=True)
    assert body.lstrip().startswith('<section class="wall view"')
    assert 'class="round-table"' in body and 'class="tournament-standings"' in body
    # The page around the wall is not sent again: its name, its teams, the status line.
    assert "<h1" not in body and "tournament-teams" not in body and "poll-status" not in body
    assert "Mesa 1" in client.get(f"/w/{watch}", headers=PART | PT).get_data(as_text=True)


def test_an_unchanged_wall_answers_its_poll_304_from_one_small_query(app, client):
    director = make_tournament(client, **ONE_HAND)
    watch = watch_token(client, director)
    start_round(client, director)
    tag = client.get(f"/w/{watch}", headers=PART).headers["ETag"]
    with queries_sent(app) as statements:
        unchanged = client.get(f"/w/{watch}", headers=PART | {"If-None-Match": tag})
    assert unchanged.status_code == 304
    assert len(statements) == 1, statements

    # A hand saved at a table changes the wall, part and page alike.
    page_tag = client.get(f"/w/{watch}").headers["ETag"]
    assert page_tag != tag  # the page and its part are told apart
    play_table(client, round_tables(client, director)[0].game)
    moved = client.get(f"/w/{watch}", headers=PART | {"If-None-Match": tag})
    assert moved.status_code == 200
    assert ">61</span>" in moved.get_data(as_text=True)
    assert client.get(f"/w/{watch}", headers={"If-None-Match": page_tag}).status_code == 200
