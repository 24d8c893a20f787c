"""Tables of people, as their games change (issue 14): the table's poll answers 304 until a game
changes, its pages run the same few queries however many games it has, and a correction, an undo
or a move to another table reaches the later games' pages and view links at once. The table's
helpers and hands are testsupport.tables'."""

from __future__ import annotations

import os
import threading

import pytest
from sqlalchemy import text

from extensions import db
from games import CareerStats
from testsupport.builders import table_with_series
from testsupport.database import queries_sent, stored_game
from testsupport.pages import Page, submit
from testsupport.playing import enter, token_of
from testsupport.tables import (
    FIRST_PAIRING,
    NORTH_SOUTH_WIN,
    TO_100,
    correct_to_east_west,
    correct_to_east_west_status,
    game_view_token,
    join_table,
    make_table,
    poll,
    series_line,
    series_words,
    start_at_table,
    view_token,
)


def test_the_followed_table_answers_304_until_one_of_its_games_changes(client):
    table = make_table(client)
    view = view_token(client, table)
    token = start_at_table(client, table, **FIRST_PAIRING)
    hx = {"HX-Request": "true"}
    first = client.get(f"/tv/{view}", headers=hx)
    etag = first.headers["ETag"]
    assert client.get(f"/tv/{view}", headers=hx | {"If-None-Match": etag}).status_code == 304
    enter(client, token, **NORTH_SOUTH_WIN)
    changed = client.get(f"/tv/{view}", headers=hx | {"If-None-Match": etag})
    assert changed.status_code == 200
    assert "Ana" in changed.get_data(as_text=True)


def stats_queries(app, client, view: str) -> int:
    """How many queries the table's stats page runs, for a worker that kept no replay and no
    career figures."""
    app.extensions["replays"].clear()
    app.extensions["career_stats"] = CareerStats(app.config["CAREER_STATS_KEPT"])
    with queries_sent(app) as statements:
        assert client.get(f"/tv/{view}/stats").status_code == 200
    return len(statements)


def test_the_stats_page_runs_the_same_few_queries_however_many_games(app, client):
    counts = []
    for games in (1, 4):  # a table of each, built through the service layer
        view = table_with_series(app, games).view
        counts.append(stats_queries(app, client, view))
    assert counts[0] == counts[1] <= 4
    # Unchanged since: the table, and the one small query that says it is unchanged.
    with queries_sent(app) as statements:
        assert client.get(f"/tv/{view}/stats").status_code == 200
    assert len(statements) == 2, statements


def game_page_queries(app, client, token: str) -> tuple[int, int]:
    """How many queries a game's page runs for a worker that kept nothing, then again."""
    app.extensions["replays"].clear()
    app.extensions["career_stats"] = CareerStats(app.config["CAREER_STATS_KEPT"])
    counts = []
    for _ in range(2):
        with queries_sent(app) as statements:
            assert client.get(f"/g/{token}").status_code == 200
        counts.append(len(statements))
    return counts[0], counts[1]


def test_a_game_page_at_a_table_runs_as_many_queries_however_many_games_came_before(app, client):
    """Kept nothing: the game, its hands, the state of the table's games, the games before it and
    their hands. Then the game, and the state that says its series is unchanged."""
    counts = []
    for before in (1, 5):  # a table of each, built through the service layer
        token = table_with_series(app, before, in_play=(3, 3, 3, 3)).games[-1]
        counts.append(game_page_queries(app, client, token))
    assert counts[0] == counts[1] == (5, 2)


def test_a_correction_to_an_earlier_game_changes_a_later_games_series_at_once(client):
    """Game 1, Ana & Carla win (+100). Game 2 in play: "Ana & Carla lead the series 1–0". Game
    1's hand corrected to East-West taking 10 (Bia & Dani +100, Ana & Carla set, −50): now Bia &
    Dani lead 1–0, on game 2's page at once."""
    table = make_table(client)
    first = start_at_table(client, table, **FIRST_PAIRING)
    enter(client, first, **NORTH_SOUTH_WIN)
    second = start_at_table(client, table, **FIRST_PAIRING)
    assert series_line(client, second) == "Ana & Carla lead the series 1–0"
    correct_to_east_west(client, first)
    assert series_line(client, second) == "Bia & Dani lead the series 1–0"


def test_a_correction_or_undo_in_an_earlier_game_reaches_a_later_games_view_link_at_its_poll(
    client,
):
    """Game 2's view link is unchanged ("not modified") while nothing before it changes. Game 1
    corrected (as in the test above): the poll with the same tag answers the new series line,
    though game 2 itself did not change. Game 1's hand undone: game 1 is in play again and
    counts for nobody, so the next poll answers a part with no series line."""
    table = make_table(client)
    first = start_at_table(client, table, **FIRST_PAIRING)
    enter(client, first, **NORTH_SOUTH_WIN)
    second = start_at_table(client, table, **FIRST_PAIRING)
    view = game_view_token(client, second)
    tag = client.get(f"/v/{view}", headers={"HX-Request": "true"}).headers["ETag"]
    assert poll(client, view, tag).status_code == 304

    correct_to_east_west(client, first)
    answer = poll(client, view, tag)
    assert answer.status_code == 200
    assert series_words(answer.text) == "Bia & Dani lead the series 1–0"
    tag = answer.headers["ETag"]
    assert poll(client, view, tag).status_code == 304

    undo = Page(client.get(f"/g/{first}/undo"))
    assert submit(client, undo.form(action=f"/g/{first}/undo")).status_code == 303
    answer = poll(client, view, tag)
    assert answer.status_code == 200
    assert '<p class="series">' not in answer.text


@pytest.mark.parametrize("then_at_a_table", [False, True])
def test_a_correction_in_a_rematch_chain_reaches_the_rematchs_view_link_at_its_poll(
    client, new_game, then_at_a_table
):
    """Without a table: game 1 won by Ana & Carla, its rematch in play; game 1 corrected to Bia
    & Dani's win, and the rematch's view link, polled with the tag it held, shows them leading.
    The same when game 1 joined a table after its rematch was made: the rematch, at no table,
    counts the chain still."""
    token = new_game(**TO_100, **FIRST_PAIRING)
    enter(client, token, **NORTH_SOUTH_WIN)
    rematch = token_of(submit(client, Page(client.get(f"/g/{token}")).form(cls="rematch")))
    if then_at_a_table:
        assert join_table(client, token, make_table(client)).status_code == 303
    view = game_view_token(client, rematch)
    part = client.get(f"/v/{view}", headers={"HX-Request": "true"})
    assert series_words(part.text) == "Ana & Carla lead the series 1–0"
    correct_to_east_west(client, token)
    answer = poll(client, view, part.headers["ETag"])
    assert answer.status_code == 200
    assert series_words(answer.text) == "Bia & Dani lead the series 1–0"


def test_a_finished_game_joining_the_table_reaches_a_later_games_view_link_at_its_poll(
    client, new_game
):
    """Game 1, on its own, won by Ana & Carla; game 2, started at the table after it, in play
    with no series line. Game 1 joins the table: game 2's poll, with the tag it held, answers
    "Ana & Carla lead the series 1–0"."""
    earlier = new_game(**TO_100, **FIRST_PAIRING)
    enter(client, earlier, **NORTH_SOUTH_WIN)
    table = make_table(client)
    later = start_at_table(client, table, **FIRST_PAIRING)
    view = game_view_token(client, later)
    part = client.get(f"/v/{view}", headers={"HX-Request": "true"})
    assert '<p class="series">' not in part.text
    assert join_table(client, earlier, table).status_code == 303
    answer = poll(client, view, part.headers["ETag"])
    assert answer.status_code == 200
    assert series_words(answer.text) == "Ana & Carla lead the series 1–0"


@pytest.mark.skipif(
    not os.environ.get("DATABASE_URL", "").startswith("postgresql"),
    reason="SQLite has one writer at a time: only PostgreSQL's writers lock rows apart",
)
def test_two_corrections_at_one_table_wait_on_each_other_but_never_deadlock(app, client):
    """Game 1 is corrected while another writer holds game 2 (as a correction of game 2 does
    once it has claimed it) and then takes game 3 (the series versions of its later games). The
    correction claims game 1 and takes the later games in the order of their ids, so it waits
    at game 2 holding nothing else: the other writer gets game 3, and both writes go through.
    Game 2's row is written last before the race, so that a scan in storage order meets game 3
    before game 2 (how a correction locking in any other order would deadlock here)."""
    table = make_table(client)
    first = start_at_table(client, table, **FIRST_PAIRING)
    enter(client, first, **NORTH_SOUTH_WIN)
    second = start_at_table(client, table, **FIRST_PAIRING)
    third = start_at_table(client, table, **FIRST_PAIRING)
    enter(client, second, bids=NORTH_SOUTH_WIN["bids"])
    ids = [stored_game(app, token).id for token in (first, second, third)]
    answers: list[int] = []
    with app.app_context():
        other = db.engine.connect()
        # Each look on its own transaction: PostgreSQL shows a transaction the activity of its
        # first look only.
        watcher = db.engine.connect().execution_options(isolation_level="AUTOCOMMIT")
        lock = text("UPDATE game SET version = version WHERE id = :id")
        correction = threading.Thread(
            target=lambda: answers.append(correct_to_east_west_status(client, first))
        )
        waiting = text(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
            " AND wait_event_type = 'Lock' AND query LIKE '%UPDATE game SET series_version%'"
        )
        other.execute(lock, {"id": ids[1]})
        correction.start()
        try:
            # Asked again and again until the correction waits at game 2 (each answer is the
            # database's own word, so no pause is guessed), or has ended without waiting.
            while not watcher.execute(waiting).scalar():
                assert correction.is_alive(), "the correction never waited for game 2"
            other.execute(lock, {"id": ids[2]})  # would wait (a deadlock) if it held game 3
            other.commit()
        finally:  # game 2 let go whatever happened, so that nothing waits for ever
            other.rollback()
            other.close()
            correction.join(60)
            watcher.close()
    assert answers == [303]
    assert [stored_game(app, t).series_version for t in (second, third)] == [1, 1]


def test_a_finished_game_sent_to_another_table_stays_in_the_series_of_the_first(client):
    """Game 1 won by Ana & Carla at one table, game 2 in play after it there: "Ana & Carla lead
    the series 1–0". Game 1's join form posted again with another table is refused (a game
    counts for one table for good), and game 2's poll still answers 304: nothing moved."""
    table = make_table(client)
    first = start_at_table(client, table, **FIRST_PAIRING)
    enter(client, first, **NORTH_SOUTH_WIN)
    second = start_at_table(client, table, **FIRST_PAIRING)
    view = game_view_token(client, second)
    part = client.get(f"/v/{view}", headers={"HX-Request": "true"})
    assert series_words(part.text) == "Ana & Carla lead the series 1–0"
    elsewhere = make_table(client, "Sunday club")
    assert join_table(client, first, elsewhere).status_code == 422  # its form posted again
    assert poll(client, view, part.headers["ETag"]).status_code == 304
