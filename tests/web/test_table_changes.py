"""What a table holds, and who may see it: a game joins one table only, the followed page and
the stats change with every game that joins or leaves, and a replaced edit link is offered only
to the phones that hold the new one."""

from __future__ import annotations

import re

from sqlalchemy import select

from extensions import db
from models import GameRecord
from testsupport.database import stored_game
from testsupport.pages import Page, submit
from testsupport.playing import enter, token_of

# Played to 100, one hand ends a game: North & South bid 10 and take 10.
TO_100 = {"target": "100"}
PLAYERS = {"player_0": "Ana", "player_1": "Bia", "player_2": "Carla", "player_3": "Dani"}
NORTH_SOUTH_WIN = {"bids": (5, 3, 5, 2), "team_tricks": (10, 3)}
ALREADY_ELSEWHERE = {
    "en": "This game already counts for another table, and stays there.",
    "pt-BR": "Este jogo já conta para outra mesa e continua nela.",
}


def make_table(client, name: str = "Friday club") -> str:
    """Make a table through its form; its edit token."""
    form = Page(client.get("/tables/new")).form(action="/tables")
    response = submit(client, form, {"name": name})
    match = re.fullmatch(r"/t/([A-Za-z0-9_-]+)", response.headers["Location"])
    assert match, response.headers["Location"]
    return match.group(1)


def start_at_table(client, table: str, **typed) -> str:
    """Start a game from the table's "New game at this table" link; its edit token."""
    form = Page(client.get(f"/?table={table}")).form(action="/games")
    return token_of(submit(client, form, TO_100 | PLAYERS | typed))


def start_alone(client) -> str:
    """Start a game at no table; its edit token."""
    form = Page(client.get("/")).form(action="/games")
    return token_of(submit(client, form, TO_100 | PLAYERS))


def paste_table_link(client, token: str, table: str, headers=None):
    """Post a game's "Add to a table" form with a table's edit link pasted; the answer."""
    form = Page(client.get(f"/g/{token}/table", headers=headers)).form(action=f"/g/{token}/table")
    return submit(client, form, {"table_link": f"http://localhost/t/{table}"}, headers=headers)


def table_of(app, token: str) -> int | None:
    """The id of the table a game counts for, read from the database."""
    return stored_game(app, token).table_id


def table_id(app, table: str) -> int:
    """A table's id, from one of its games' rows."""
    with app.app_context():
        found = db.session.execute(
            select(GameRecord.table_id).where(GameRecord.table_id.is_not(None)).limit(1)
        )
        return found.scalar_one()


def test_a_game_at_one_table_is_refused_another_in_both_languages_and_stays(app, client):
    first = make_table(client)
    token = start_at_table(client, first)
    second = make_table(client, "Sunday club")
    before = stored_game(app, token)
    for language, message in ALREADY_ELSEWHERE.items():
        answer = paste_table_link(client, token, second, headers={"Accept-Language": language})
        assert answer.status_code == 422
        assert message in Page(answer).all_errors()
        after = stored_game(app, token)
        assert (after.table_id, after.version) == (before.table_id, before.version)


def test_joining_the_table_a_game_is_at_answers_as_saved_and_writes_nothing(app, client):
    table = make_table(client)
    token = start_at_table(client, table)
    before = stored_game(app, token)
    answer = paste_table_link(client, token, table)
    assert answer.status_code == 303
    assert answer.headers["Location"] == f"/g/{token}"
    assert stored_game(app, token).version == before.version


def test_a_game_at_no_table_still_joins_one(app, client):
    table = make_table(client)
    token = start_alone(client)
    enter(client, token, **NORTH_SOUTH_WIN)
    assert paste_table_link(client, token, table).status_code == 303
    assert table_of(app, token) is not None
