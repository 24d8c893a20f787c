"""One hand, once: a double tap writes once, a race gives one winner and a clear 409."""

from __future__ import annotations

import os
import sqlite3
from contextlib import contextmanager

import pytest
from flask import before_render_template
from sqlalchemy import event
from sqlalchemy.exc import IntegrityError, OperationalError

import games
from extensions import db
from records.games import new_token, token_hash
from testsupport.database import counts, stored_game, stored_hands
from testsupport.pages import Page, form_data, submit
from testsupport.playing import enter, game_page, hand_taps, start_game, token_of
from testsupport.routes import HX

ORDINARY = {"bids": (3, 3, 3, 3), "team_tricks": (7, None)}


def tapped(page: Page, form_class: str = "hand-form", **hand) -> dict:
    """What the page's form sends after tapping a hand into it, without sending it."""
    form = page.form(form_class)
    data = form_data(form)
    data.update({k: str(v) for k, v in hand_taps(**hand).items() if v is not None})
    return data


def test_a_double_tapped_save_stores_the_hand_once_and_answers_both_taps_alike(app, client):
    token = start_game(client)
    data = tapped(game_page(client, token), **ORDINARY)
    first = client.post(f"/g/{token}/hand", data=data)
    second = client.post(f"/g/{token}/hand", data=data)
    assert (first.status_code, second.status_code) == (303, 303)
    assert first.headers["Location"] == second.headers["Location"] == f"/g/{token}"
    assert len(stored_hands(app, token)) == 1
    # 3 + 3 = 6 bid, 7 taken: 60 + 1 bag = 61; the other team 3 + 3 bid, 6 taken: 60.
    assert game_page(client, token).texts("total") == ["61", "60"]


def test_a_double_tapped_bids_only_save_stores_the_bids_once(app, client):
    token = start_game(client)
    data = tapped(game_page(client, token), bids=(2, 4, 3, 1))
    assert [client.post(f"/g/{token}/hand", data=data).status_code for _ in range(2)] == [303, 303]
    hands = stored_hands(app, token)
    assert [(h.number, h.played) for h in hands] == [(1, False)]


def test_a_double_tapped_undo_removes_only_one_hand(app, client):
    token = start_game(client)
    enter(client, token, **ORDINARY)
    enter(client, token, **ORDINARY)
    form = Page(client.get(f"/g/{token}/undo")).form(action=f"/g/{token}/undo")
    answers = [submit(client, form).status_code for _ in range(2)]
    assert answers == [303, 303]
    assert [h.number for h in stored_hands(app, token)] == [1]


def test_a_double_tapped_start_creates_one_game(app, client):
    form = Page(client.get("/")).form(action="/games")
    first, second = submit(client, form), submit(client, form)
    assert token_of(first) == token_of(second)
    assert counts(app) == (1, 0)


def test_a_double_tapped_edit_is_saved_once_and_not_refused(app, client):
    token = start_game(client)
    enter(client, token, **ORDINARY)
    page = Page(client.get(f"/g/{token}/hands/1"))
    data = tapped(page, team_tricks=(8, 5))
    answers = [client.post(f"/g/{token}/hands/1", data=data).status_code for _ in range(2)]
    assert answers == [303, 303]
    # One write: the version moved on by one from the game page's, not two.
    assert stored_game(app, token).version == 2
    assert stored_hands(app, token)[0].team_tricks_0 == 8


def test_a_hand_already_entered_by_another_phone_is_refused_with_409_showing_it(app, client):
    token = start_game(client)
    # Two phones show the same game: two renders of the page, each with its own form.
    mine = tapped(game_page(client, token), **ORDINARY)
    theirs = tapped(game_page(client, token), bids=(4, 4, 4, 4), team_tricks=(6, None))
    assert client.post(f"/g/{token}/hand", data=theirs).status_code == 303
    refused = client.post(f"/g/{token}/hand", data=mine)
    assert refused.status_code == 409
    shown = Page(refused)
    assert "Another phone changed this game first" in shown.text
    # What is saved is on screen: their hand (4 + 4 = 8 bid, 6 taken: set, −80).
    assert shown.texts("total") == ["\u221280", "\u221280"]
    assert len(stored_hands(app, token)) == 1


def test_two_rematches_of_one_game_lead_to_the_same_new_game(app, client):
    token = start_game(client, target=100)
    enter(client, token, bids=(6, 1, 6, 1), team_tricks=(12, None))  # 120 ≥ 100: over
    form = game_page(client, token).form("rematch")
    first, second = submit(client, form), submit(client, form)
    assert token_of(first) == token_of(second) != token
    assert counts(app)[0] == 2


def test_a_malformed_one_time_token_is_refused_and_nothing_is_written(app, client):
    token = start_game(client)
    data = tapped(game_page(client, token), **ORDINARY)
    data["nonce"] = "x" * 500
    response = client.post(f"/g/{token}/hand", data=data)
    assert response.status_code == 400
    assert "not right" in Page(response).text
    assert stored_hands(app, token) == []


def test_a_form_sent_again_after_another_phones_save_is_answered_as_saved_not_as_a_conflict(
    app, client
):
    token = start_game(client)
    mine = tapped(game_page(client, token), **ORDINARY)
    assert client.post(f"/g/{token}/hand", data=mine).status_code == 303
    # Another phone saves the next hand before this phone's answer got through ...
    theirs = tapped(game_page(client, token), **ORDINARY)
    assert client.post(f"/g/{token}/hand", data=theirs).status_code == 303
    # ... and this phone, never told, sends its hand again.
    again = client.post(f"/g/{token}/hand", data=mine)
    assert again.status_code == 303
    assert again.headers["Location"] == f"/g/{token}"
    assert [h.number for h in stored_hands(app, token)] == [1, 2]


def test_a_game_remembers_the_tokens_of_its_recent_writes_and_forgets_the_oldest(app, client):
    from games.claims import RECENT_WRITES

    token = start_game(client)
    first = tapped(game_page(client, token), bids=(3, 3, 3, 3))
    assert client.post(f"/g/{token}/hand", data=first).status_code == 303
    for n in range(RECENT_WRITES):  # the bids changed, again and again
        page = game_page(client, token, query_string={"bids": "1"})
        changed = tapped(page, bids=(4 + n % 2, 3, 3, 3))
        assert client.post(f"/g/{token}/hand", data=changed).status_code == 303
    assert len(stored_game(app, token).recent_nonces.split()) == RECENT_WRITES
    # The first form is forgotten now: sent again, it is out of date, and said to be.
    assert client.post(f"/g/{token}/hand", data=first).status_code == 409


SQLITE_ONLY = pytest.mark.skipif(
    not os.environ.get("DATABASE_URL", "sqlite").startswith("sqlite"),
    reason="SQLite's write lock; PostgreSQL's writers do not wait on one",
)


@contextmanager
def on_reads_of_a_post(app, action):
    """Inside the block, call `action` with each SELECT a POST sends before its first write
    (the reads of the game and of what the hand is checked against), after it ran."""
    wrote: list[bool] = []

    def after(connection, cursor, statement, *args):
        """After a read that comes before any write of this request, run the action."""
        text = statement.lstrip().upper()
        if text.startswith(("INSERT", "UPDATE", "DELETE")):
            wrote.append(True)
        elif text.startswith("SELECT") and not wrote:
            action(text)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "after_cursor_execute", after)
    try:
        yield
    finally:
        event.remove(engine, "after_cursor_execute", after)


def other_connection(app) -> sqlite3.Connection:
    """A plain connection to the app's SQLite file that never waits for a lock."""
    database = app.config["SQLALCHEMY_DATABASE_URI"].removeprefix("sqlite:///")
    return sqlite3.connect(database, timeout=0, isolation_level=None)


def write_lock_free(app) -> bool:
    """Whether another connection can take SQLite's write lock now, without waiting for it."""
    other = other_connection(app)
    try:
        other.execute("BEGIN IMMEDIATE")
        other.execute("ROLLBACK")
        return True
    except sqlite3.OperationalError:
        return False
    finally:
        other.close()


class OtherWorker:
    """Another worker's write, made once from a connection of its own, after the first read
    that `after` accepts (any read unless told)."""

    def __init__(self, app, statements: list[tuple[str, tuple]], after=lambda read: True):
        """The SQL statements (with their values) of the write, and when to make it."""
        self.app = app
        self.statements = statements
        self.after = after
        self.wrote = False

    def __call__(self, read: str) -> None:
        """Make the write, in one transaction, once the read it waits for has run."""
        if self.wrote or not self.after(read):
            return
        other = other_connection(self.app)
        try:
            other.execute("BEGIN IMMEDIATE")
            for statement, values in self.statements:
                other.execute(statement, values)
            other.execute("COMMIT")
        finally:
            other.close()
        self.wrote = True


def bids_saved(client, page: Page):
    """Tap bids into the game page's form and save them as htmx does; the answer."""
    return submit(client, page.form("hand-form"), hand_taps(bids=(4, 3, 3, 2)), HX)


def game_part(client, token: str) -> Page:
    """The game's part as htmx asks for it."""
    return Page(client.get(f"/g/{token}", headers=HX))


@SQLITE_ONLY
def test_a_save_leaves_the_write_lock_free_while_it_reads_the_game_and_checks_the_hand(app, client):
    # Only the write itself takes SQLite's lock: the reads before it let any other worker write.
    token = start_game(client)
    page = game_part(client, token)  # shown before the save is watched
    free: list[bool] = []
    with on_reads_of_a_post(app, lambda read: free.append(write_lock_free(app))):
        response = bids_saved(client, page)
    assert response.status_code == 200
    assert counts(app) == (1, 1)
    assert len(free) >= 1 and all(free), free


@SQLITE_ONLY
def test_a_save_leaves_the_write_lock_to_the_next_writer_while_its_answer_is_made(app, client):
    # Another worker's save can begin while this one renders its answer: the commit let the
    # lock go, and what the answer reads after it is a plain read.
    token = start_game(client)
    page = game_part(client, token)  # shown before the save is watched
    free: list[bool] = []

    def another_writer(sender, template, context, **extra):
        """As the answer is rendered, try to take the write lock from another connection."""
        free.append(write_lock_free(app))

    before_render_template.connect(another_writer, app)
    try:
        response = bids_saved(client, page)
    finally:
        before_render_template.disconnect(another_writer, app)
    assert response.status_code == 200
    assert counts(app) == (1, 1)
    assert free and all(free), free


@SQLITE_ONLY
def test_a_save_overtaken_between_its_read_and_its_write_is_refused_whole(app, client):
    # Another worker's write lands after this save read the game and before it wrote: the save
    # claims the version it read, finds it gone, and keeps nothing of its own.
    token = start_game(client)
    page = game_part(client, token)  # shown before the save is watched
    game_id = stored_game(app, token).id
    other = OtherWorker(app, [("UPDATE game SET version = version + 1 WHERE id = ?", (game_id,))])
    with on_reads_of_a_post(app, other):
        response = bids_saved(client, page)
    assert other.wrote
    assert response.status_code == 409
    assert "Another phone changed this game first" in response.get_data(as_text=True)
    assert stored_hands(app, token) == []


@SQLITE_ONLY
def test_a_save_whose_hand_another_stored_first_is_refused_whole_not_a_500(app, client):
    # Another worker stores this very hand (same number) after this save read the game: the
    # new row's number is taken, and the save is refused as overtaken, with nothing of its own.
    token = start_game(client)
    page = game_part(client, token)  # shown before the save is watched
    game_id = stored_game(app, token).id
    other = OtherWorker(
        app,
        [
            (
                "INSERT INTO hand (game_id, number, bid_0, bid_1, bid_2, bid_3, created_at)"
                " VALUES (?, 1, '3', '3', '3', '3', CURRENT_TIMESTAMP)",
                (game_id,),
            ),
            ("UPDATE game SET version = version + 1 WHERE id = ?", (game_id,)),
        ],
    )
    with on_reads_of_a_post(app, other):
        response = bids_saved(client, page)
    assert other.wrote
    assert response.status_code == 409
    assert [hand.bid_0 for hand in stored_hands(app, token)] == ["3"]  # the other's, alone


@SQLITE_ONLY
@pytest.mark.parametrize("nonce", ["from-this-form-00001", None], ids=["form", "old-form"])
def test_two_phones_replacing_one_link_at_once_give_one_new_link_and_a_410_never_a_500(
    app, client, nonce
):
    # The other phone replaces the edit link after this one found the game by it and before it
    # wrote: its replacement stands, and this phone is told the link was replaced.
    old = token_of(client.post("/games", data={}))
    game_id = stored_game(app, old).id
    other = OtherWorker(
        app,
        [
            (
                "INSERT INTO replaced_link (token_hash, game_id, by_nonce, replaced_at)"
                " VALUES (?, ?, ?, CURRENT_TIMESTAMP)",
                (token_hash(old), game_id, "the-other-phone-0001"),
            ),
            (
                "UPDATE game SET edit_token = ?, version = version + 1 WHERE id = ?",
                ("the-other-phones-link01", game_id),
            ),
        ],
        after=lambda read: "FROM GAME" in read,  # once this request found the game by its link
    )
    sent = {"link": "edit"} | ({"nonce": nonce} if nonce else {})
    with on_reads_of_a_post(app, other):
        response = client.post(f"/g/{old}/rotate", data=sent)
    assert other.wrote
    assert response.status_code == 410
    assert stored_game(app, "the-other-phones-link01").id == game_id


@SQLITE_ONLY
@pytest.mark.parametrize(
    "change", ["INSERT INTO scratch VALUES (1)", "CREATE TABLE other_scratch (x)"]
)
def test_the_first_change_of_a_transaction_takes_the_write_lock_and_keeps_it(own_app, change):
    app = own_app()  # its scratch tables must not outlive the test
    with app.app_context():
        engine = db.engine
        with engine.begin() as connection:
            connection.exec_driver_sql("CREATE TABLE scratch (x)")
        with engine.begin() as connection:
            connection.exec_driver_sql("SELECT count(*) FROM scratch")
            assert write_lock_free(app)  # a read holds no lock
            connection.exec_driver_sql(change)
            assert not write_lock_free(app)  # held from the change to the commit
        assert write_lock_free(app)


@SQLITE_ONLY
def test_a_schema_change_and_the_write_after_it_are_kept_or_refused_together(own_app):
    app = own_app()  # its scratch table, if kept, must not outlive the test
    # A migration reads, changes the schema, then stamps its version: when the stamp fails,
    # the schema change must go too (it was not committed on its own when the write began).
    with app.app_context():
        engine = db.engine
        with pytest.raises(OperationalError), engine.begin() as connection:
            connection.exec_driver_sql("SELECT 1")
            connection.exec_driver_sql("CREATE TABLE scratch (x)")
            connection.exec_driver_sql("UPDATE scratch SET no_such_column = 1")
        with engine.connect() as connection:
            tables = connection.exec_driver_sql(
                "SELECT name FROM sqlite_master WHERE name = 'scratch'"
            ).all()
    assert tables == []


def test_a_write_whose_commit_fails_is_refused_and_leaves_the_game_as_it_was_read(
    app, client, monkeypatch
):
    """The record a write answers with is given its new version only once the commit is in:
    a commit that fails leaves it showing what is stored, and stores nothing."""
    token = start_game(client)
    with app.test_request_context():
        scored = games.load(token)

        def refuse() -> None:
            """A commit the database refuses."""
            raise IntegrityError("COMMIT", {}, Exception("refused"))

        monkeypatch.setattr(db.session, "commit", refuse)
        write = games.Write(str(scored.record.version), new_token())
        with pytest.raises(games.Conflict):
            games.enter_hand(scored, (3, 3, 3, 3), (None,) * 4, (None, None), write)
        assert (scored.record.version, scored.record.last_nonce) == (0, None)
    assert stored_hands(app, token) == []
    assert stored_game(app, token).version == 0
