"""A tournament round played to minutes: at its deadline time is called at every table still
playing, the hand whose bids were in by then finished (docs/rules.md#time-called), whichever page
is read first after it and however late; a game already over is left as it ended, a tied one
plays on, and the wall counts the minutes down. The app's clock is the test's own."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from extensions import db
from records.games import GameRecord, HandRecord
from records.tournaments import RoundRecord
from testsupport.clock import clocked
from testsupport.director_tools import ruling_page
from testsupport.pages import Page, submit
from testsupport.playing import EVEN, enter, game_page
from testsupport.tournaments import (
    PT,
    make_tournament,
    round_rows,
    round_tables,
    start_round,
    table_tokens,
    teams_text,
    watch_token,
)

# Four teams, one round of 40 minutes, games to GameLake's 500: two tables.
TIMED = {
    "name": "Timed night",
    "format": "swiss",
    "rounds": "1",
    "teams": teams_text(4),
    "length": "minutes",
    "minutes": "40",
}


@pytest.fixture
def clock(app):
    """The app's clock, 19:00 when the test begins."""
    return clocked(app)


def called_after(app, game: str) -> int | None:
    """The hand after which time is called in the game behind edit token `game`, as stored."""
    with app.app_context():
        found = db.session.scalar(
            select(GameRecord.time_called_after).where(GameRecord.edit_token == game)
        )
        db.session.remove()
    return found


def versions(app) -> list[int]:
    """Every stored game's version, by id."""
    with app.app_context():
        found = list(db.session.scalars(select(GameRecord.version).order_by(GameRecord.id)))
        db.session.remove()
    return found


def timed_round(client, clock):
    """A timed tournament with round 1 started at 19:00; its director's token and the two
    tables' game tokens."""
    director = make_tournament(client, **TIMED)
    start_round(client, director)
    first, second = round_tables(client, director)
    return director, first.game, second.game


def test_time_is_called_at_every_table_still_playing_when_the_round_runs_out(app, client, clock):
    """Round 1 starts at 19:00 and runs out at 19:40.

    Table 1 saves hand 1 at 19:10 (61 to 60) and hand 2's bids at 19:35. Table 2 saves hand 1
    at 19:20 (61 to 60) and nothing more. At 19:45 the director's page is the first read: time
    is called at table 1 after hand 2 (its bids were in), at table 2 after hand 1, where
    North–South lead 61 to 60 and win at once. Table 1 then saves hand 2's tricks (61 to 60
    again): 122 to 120, North–South win, and the round is over."""
    director, first, second = timed_round(client, clock)
    clock.advance(10)
    enter(client, first, EVEN["bids"], EVEN["tricks"])
    clock.advance(10)
    enter(client, second, EVEN["bids"], EVEN["tricks"])
    clock.advance(15)
    enter(client, first, EVEN["bids"])
    page = Page(client.get(f"/d/{director}"))
    assert "5 minutes left" in page.find("p", "round-clock").text
    assert (called_after(app, first), called_after(app, second)) == (None, None)

    clock.advance(10)
    page = Page(client.get(f"/d/{director}"))
    assert "Time is called" in page.find("p", "round-clock").text
    assert (called_after(app, first), called_after(app, second)) == (2, 1)
    assert "Team 3 won: highest when time was called." in game_page(client, second).text
    assert [table.totals for table in round_tables(client, director)] == [(61, 60), (61, 60)]
    assert "finished" in page.find_all("li", "round-table")[1].text
    assert "finished" not in page.find_all("li", "round-table")[0].text

    enter(client, first, tricks=EVEN["tricks"])
    page = Page(client.get(f"/d/{director}"))
    assert [table.totals for table in round_tables(client, director)] == [(122, 120), (61, 60)]
    assert "Every table has finished this round." in page.text
    assert not page.find_all("p", "round-clock")


def test_the_first_read_long_after_the_deadline_calls_time_as_it_stood_at_the_deadline(
    app, client, clock
):
    """Hand 1's bids go in at table 1 at 19:39; nothing is read until 21:00, when table 1's
    phone opens its table link. Time is called after hand 1 at table 1 (its bids were in at
    19:40) and after 0 hands at table 2, where no hand had begun: 0 to 0 is a shared top, so
    table 2 plays one hand more."""
    director, first, second = timed_round(client, clock)
    table = table_tokens(client, director)[0]
    clock.advance(39)
    enter(client, first, EVEN["bids"])
    clock.advance(81)
    opened = client.get(f"/s/{table}", follow_redirects=True)
    assert opened.request.path == f"/g/{first}"
    assert "Time called: hand 1 is the last." in Page(opened).text
    assert (called_after(app, first), called_after(app, second)) == (1, 0)
    assert "one more hand decides" in game_page(client, second).text
    enter(client, second, EVEN["bids"], EVEN["tricks"])
    assert [table.totals for table in round_tables(client, director)] == [(0, 0), (61, 60)]


def test_a_hand_begun_after_the_deadline_is_refused_and_nothing_is_written(app, client, clock):
    """Table 1 saves hand 1 (61 to 60) at 19:10; at 19:41 its scorer saves hand 2's bids. The
    save reads the game first, so time is called after hand 1, where North–South lead: the
    game is over and the bids are refused, in the scorer's language, with nothing stored."""
    _director, first, _second = timed_round(client, clock)
    clock.advance(10)
    enter(client, first, EVEN["bids"], EVEN["tricks"])
    page = game_page(client, first)  # the form as the phone showed it before the deadline
    clock.advance(31)
    before = round_rows(app)
    refused = enter(client, first, EVEN["bids"], expect=422, headers=PT, page=page)
    assert round_rows(app) == before
    assert "A partida acabou" in refused.find("p", "error").text
    assert called_after(app, first) == 1
    with app.app_context():
        assert db.session.scalar(select(db.func.count(HandRecord.id))) == 1
        db.session.remove()


def test_the_clock_calls_time_once_and_the_directors_play_on_at_a_table_stands(app, client, clock):
    """After the call at 19:40, the director takes time back at table 2 (Play on, a ruling;
    its scorer's page offers no Resume): reading the pages again changes no game, and time
    stays taken back there."""
    director, _first, second = timed_round(client, clock)
    clock.advance(41)
    client.get(f"/d/{director}")
    assert called_after(app, second) == 0
    assert not Page(client.get(f"/g/{second}")).root.find_all("form", action=f"/g/{second}/resume")
    play_on = ruling_page(client, director, 2, 1).form(cls="play-on")
    assert submit(client, play_on).status_code == 303
    assert called_after(app, second) is None
    seen = versions(app)
    for path in (f"/d/{director}", f"/w/{watch_token(client, director)}", f"/g/{second}"):
        assert client.get(path).status_code == 200
    assert versions(app) == seen
    assert called_after(app, second) is None


def test_a_game_over_before_the_deadline_is_left_as_it_ended(app, client, clock):
    """A tournament to 100 points: table 1 plays to 122–120 by 19:10 and is over; at the
    deadline time is called at table 2 only."""
    director = make_tournament(client, **TIMED, target="100")
    start_round(client, director)
    first, second = (table.game for table in round_tables(client, director))
    clock.advance(10)
    page = enter(client, first, EVEN["bids"], EVEN["tricks"])
    enter(client, first, EVEN["bids"], EVEN["tricks"], page=page)
    clock.advance(35)
    client.get(f"/d/{director}")
    assert (called_after(app, first), called_after(app, second)) == (None, 0)


def test_the_wall_counts_the_minutes_down_and_its_poll_sees_time_called(app, client, clock):
    """The watch page's tag changes as the minutes pass, so a wall polling with it sees the
    clock; the poll that comes after the deadline calls time itself, and then answers 304."""
    director, _first, second = timed_round(client, clock)
    watch = f"/w/{watch_token(client, director)}"
    first = client.get(watch)
    assert "40 minutes left" in Page(first).find("p", "round-clock").text
    again = client.get(watch, headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304
    clock.advance(15)
    later = client.get(watch, headers={"If-None-Match": first.headers["ETag"]})
    assert later.status_code == 200
    assert "25 minutes left" in Page(later).find("p", "round-clock").text
    portuguese = Page(client.get(watch, headers=PT)).find("p", "round-clock").text
    assert "Faltam 25 minutos" in portuguese

    clock.advance(26)
    called = client.get(watch, headers={"If-None-Match": later.headers["ETag"]})
    assert called.status_code == 200
    assert "Time is called" in Page(called).find("p", "round-clock").text
    assert called_after(app, second) == 0
    clock.advance(5)
    assert client.get(watch, headers={"If-None-Match": called.headers["ETag"]}).status_code == 304


def test_a_round_without_minutes_has_no_clock(app, client, clock):
    """Games to the target: no clock shown, and time is never called by it."""
    director = make_tournament(client, **(TIMED | {"length": "target"}))
    start_round(client, director)
    clock.advance(600)
    page = Page(client.get(f"/d/{director}"))
    assert not page.find_all("p", "round-clock")
    assert [called_after(app, table.game) for table in round_tables(client, director)] == [
        None,
        None,
    ]


def test_start_round_after_a_deadline_no_page_read_calls_that_time_first_and_starts(
    app, client, clock
):
    """Round 1 of two, played out to 100 by 19:10 at both tables; the director's page, shown
    then, is not read again until after 19:40. Its Start round calls round 1's time first (in
    a transaction of its own), then takes the tournament again and starts round 2."""
    director = make_tournament(client, **(TIMED | {"rounds": "2", "target": "100"}))
    start_round(client, director)
    for table in round_tables(client, director):
        page = enter(client, table.game, EVEN["bids"], EVEN["tricks"])
        enter(client, table.game, EVEN["bids"], EVEN["tricks"], page=page)
    form = Page(client.get(f"/d/{director}")).form(cls="start-round")
    clock.advance(45)

    started = submit(client, form)

    assert started.status_code == 303, started.get_data(as_text=True)
    with app.app_context():
        called = [
            played.time_called_at
            for played in db.session.scalars(select(RoundRecord).order_by(RoundRecord.number))
        ]
        db.session.remove()
    assert len(called) == 2
    assert called[0] is not None and called[1] is None
