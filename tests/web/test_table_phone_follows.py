"""A table's phone runs itself through a club night: the page its card's link opens asks for
itself again every few seconds (a small query answered 304 while the tournament stands still)
and opens the table's game once the director starts the round; the game's page says where it
is played and offers nothing a tournament's game does not have (no Rematch, Call time, Resume
or Add to a table); at its end it asks the table's link what comes next, and moves into the next
round's game by itself.

A Swiss of four teams (two tables), games of one hand unless told.
"""

from __future__ import annotations

import re

from sqlalchemy import func, select

from extensions import db
from records.games import GameRecord
from testsupport.clock import clocked
from testsupport.database import queries_sent
from testsupport.pages import Page, submit
from testsupport.tournaments import (
    ONE_HAND,
    PT,
    make_tournament,
    play_table,
    replace_table_link,
    round_tables,
    start_round,
    table_tokens,
    teams_text,
)

FOUR_TEAMS = {"teams": teams_text(4), "rounds": "2"} | ONE_HAND
POLL = {"HX-Request": "true"}
TIMED = {"length": "minutes", "minutes": "40"}


def games_stored(app) -> int:
    """How many games are stored."""
    with app.app_context():
        count = db.session.scalar(select(func.count(GameRecord.id)))
        db.session.remove()
    return int(count or 0)


def test_the_table_link_answers_its_poll_304_with_one_query_until_the_round_starts(app, client):
    director = make_tournament(client, **FOUR_TEAMS)
    table = table_tokens(client, director)[0]
    first = client.get(f"/s/{table}", headers=POLL)
    assert first.status_code == 200
    card = Page(first).find("section", "table-card")
    assert card.attrs["hx-get"] == f"/s/{table}"
    assert "The round has not started." in card.text
    etag = first.headers["ETag"]
    with queries_sent(app) as queries:
        again = client.get(f"/s/{table}", headers=POLL | {"If-None-Match": etag})
    assert again.status_code == 304
    assert len(queries) == 1

    start_round(client, director)
    game = round_tables(client, director)[0].game
    moved = client.get(f"/s/{table}", headers=POLL | {"If-None-Match": etag})
    assert moved.status_code == 200
    assert moved.headers["HX-Redirect"] == f"/g/{game}"
    page = client.get(f"/s/{table}")  # the whole page, as a meta refresh asks
    assert page.status_code == 303
    assert page.headers["Location"] == f"/g/{game}"


def test_a_tournament_games_page_says_where_it_is_played_and_offers_no_casual_game_actions(
    app, client
):
    director = make_tournament(client, **FOUR_TEAMS)
    start_round(client, director)
    game = round_tables(client, director)[1].game
    playing = Page(client.get(f"/g/{game}"))
    assert playing.find("p", "tournament-seat").text == "Club night · Round 1 · Table 2"
    assert Page(client.get(f"/g/{game}", headers=PT)).find("p", "tournament-seat").text == (
        "Club night · Rodada 1 · Mesa 2"
    )
    play_table(client, game)
    over = Page(client.get(f"/g/{game}"))
    for action in ("rematch", "time", "resume", "table"):
        assert not over.root.find_all("form", action=f"/g/{game}/{action}"), action
        assert not over.root.find_all("a", href=f"/g/{game}/{action}"), action
    assert not playing.root.find_all("form", action=f"/g/{game}/time")


def test_a_tournament_games_rematch_time_and_table_are_refused_in_words_with_nothing_written(
    app, client
):
    director = make_tournament(client, **FOUR_TEAMS)
    start_round(client, director)
    game = round_tables(client, director)[0].game
    form = Page(client.get(f"/g/{game}")).form(cls="hand-form")  # its tokens, for the posts
    fields = {"csrf_token": form.find("input", name="csrf_token").attrs["value"]}
    stored = games_stored(app)
    for action in ("rematch", "time", "resume", "table"):
        for headers, words in ((None, "This is a tournament's game"), (PT, "partida de torneio")):
            sent = fields | {"nonce": f"n-{action}-{bool(headers)}-0123456789abcdef"}
            refused = client.post(f"/g/{game}/{action}", data=sent, headers=headers)
            assert refused.status_code == 409, (action, refused.status_code)
            assert words in Page(refused).find("p", "notice").text
    assert client.get(f"/g/{game}/table").status_code == 409
    assert games_stored(app) == stored


def test_a_finished_games_page_follows_its_table_into_the_next_round(app, client):
    director = make_tournament(client, **FOUR_TEAMS)
    start_round(client, director)
    first, second = round_tables(client, director)
    table = table_tokens(client, director)[0]
    play_table(client, first.game)
    over = Page(client.get(f"/g/{first.game}"))
    follow = over.find("section", "table-follow")
    record = re.fullmatch(rf"/s/{table}\?after=(\d+)", follow.attrs["hx-get"])
    assert record, follow.attrs["hx-get"]
    asked = follow.attrs["hx-get"]
    # Without script the page moves there by itself; the part htmx swaps in carries no such
    # refresh, which htmx would bring to life on a page that has script.
    refresh = over.find("meta", **{"http-equiv": "refresh"})
    assert refresh.attrs["content"] == f"15;url={asked}"
    assert refresh.parent is not None and refresh.parent.parent is not None
    assert refresh.parent.parent.tag == "head"
    part = Page(client.get(f"/g/{first.game}", headers=POLL))
    assert part.find("section", "table-follow").attrs["hx-get"] == asked
    assert not part.find_all("meta")

    # Table 2 still plays: the table's game is over, so it is not opened again.
    waiting = client.get(asked, headers=POLL)
    assert waiting.status_code == 200 and "HX-Redirect" not in waiting.headers
    assert "This table's game is over." in Page(waiting).find("p", "next-at-table").text
    assert Page(waiting).find("section", "table-card").attrs["hx-get"] == asked

    play_table(client, second.game)
    between = Page(client.get(asked, headers=POLL)).find("p", "next-at-table").text
    assert between.startswith("Next at this table:")

    start_round(client, director)
    following = round_tables(client, director)[0].game
    assert following != first.game
    assert client.get(asked, headers=POLL).headers["HX-Redirect"] == f"/g/{following}"


def timed_round(app, client):
    """A tournament of 40-minute rounds, round 1 started at the app's clock's 19:00: the
    clock, the director's token and table 1's game."""
    clock = clocked(app)
    director = make_tournament(client, **(FOUR_TEAMS | TIMED))
    start_round(client, director)
    return clock, director, round_tables(client, director)[0].game


def test_the_seat_counts_the_minutes_left_on_the_rounds_clock(app, client):
    clock, _director, game = timed_round(app, client)
    clock.advance(2)
    assert Page(client.get(f"/g/{game}")).find("p", "tournament-seat").text == (
        "Club night · Round 1 · Table 1 · 38 min left"
    )
    clock.advance(1)  # a page kept for the minute before is not shown again
    assert Page(client.get(f"/g/{game}")).find("p", "tournament-seat").text.endswith("37 min left")
    assert (
        Page(client.get(f"/g/{game}", headers=PT))
        .find("p", "tournament-seat")
        .text.endswith("faltam 37 min")
    )


def test_the_director_takes_back_the_time_the_clock_called_and_the_log_says_so(app, client):
    clock, director, game = timed_round(app, client)
    clock.advance(41)
    client.get(f"/d/{director}")  # the director's page, read after the deadline, calls time
    ruling = Page(client.get(f"/d/{director}/rounds/1/tables/1"))
    assert submit(client, ruling.form(cls="play-on")).status_code == 303
    again = Page(client.get(f"/d/{director}/rounds/1/tables/1"))
    assert "Time taken back: the game plays on" in again.text
    assert not again.root.find_all("form", cls="play-on")  # time is no longer called
    assert not Page(client.get(f"/g/{game}")).root.find_all("form", action=f"/g/{game}/time")


def table_one_finished(client) -> tuple[str, str, str]:
    """A Swiss of four teams with round 1 started and table 1's game played: the director's
    token, that game's edit token, and what its finished page asks its table's link."""
    director = make_tournament(client, **FOUR_TEAMS)
    start_round(client, director)
    game = round_tables(client, director)[0].game
    play_table(client, game)
    asked = Page(client.get(f"/g/{game}")).find("section", "table-follow").attrs["hx-get"]
    return director, game, asked


def test_a_finished_game_reopened_by_a_ruling_is_opened_again_on_its_tables_phone(app, client):
    director, first, asked = table_one_finished(client)
    assert "HX-Redirect" not in client.get(asked, headers=POLL).headers
    undo = Page(client.get(f"/d/{director}/rounds/1/tables/1")).form(cls="undo")
    assert submit(client, undo).status_code == 303  # the director undoes its hand
    assert client.get(asked, headers=POLL).headers["HX-Redirect"] == f"/g/{first}"


def test_an_earlier_rounds_game_looked_at_later_stays_where_it_is(app, client):
    director = make_tournament(client, **(FOUR_TEAMS | {"rounds": "3"}))
    start_round(client, director)
    first = round_tables(client, director)[0].game
    for _ in range(2):
        for table in round_tables(client, director):
            play_table(client, table.game)
        start_round(client, director)
    page = Page(client.get(f"/g/{first}"))  # round 1's game, during round 3
    follow = page.find("section", "table-follow")
    assert "hx-get" not in follow.attrs  # its page does not move on by itself
    asked = follow.find("a", "next-here").attrs["href"]
    stays = client.get(asked, headers=POLL)
    assert "HX-Redirect" not in stays.headers
    assert Page(stays).find("p", "next-at-table").text == (
        "A later round is being played at this table."
    )


def test_a_card_link_typed_in_small_letters_finds_its_table(app, client):
    director = make_tournament(client, **FOUR_TEAMS)
    table = table_tokens(client, director)[0]
    assert re.fullmatch(r"[A-Z2-7]{26}", table)  # no l, 1, I, O or 0 to tell apart
    assert client.get(f"/s/{table.lower()}").status_code == 200


def test_a_finished_games_page_stops_asking_a_replaced_table_link_and_says_so(app, client):
    director, _game, asked = table_one_finished(client)
    assert replace_table_link(client, director, 1).status_code == 303
    for headers, words in (
        (POLL, "This link was replaced. Ask the tournament's director for the new one."),
        (POLL | PT, "Este link foi substituído"),
    ):
        stopped = client.get(asked, headers=headers)
        assert stopped.status_code == 286  # htmx polls no more
        assert words in Page(stopped).find("p", "notice").text
        assert "hx-get" not in Page(stopped).find("section", "table-follow").attrs
    assert client.get(asked).status_code == 410  # the whole page, as any replaced link
    assert client.get(f"/s/{'A' * 26}?after=1", headers=POLL).status_code == 286
