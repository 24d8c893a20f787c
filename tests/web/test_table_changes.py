"""What a table holds, and who may see it: a game joins one table only, the followed page and
the stats change with every game that joins or leaves, and a replaced edit link is offered only
to the phones that hold the new one."""

from __future__ import annotations

import re

from testsupport.database import stored_game
from testsupport.pages import Page, submit
from testsupport.playing import enter, replace_link, token_of
from testsupport.tables import (
    FIRST_PAIRING,
    NORTH_SOUTH_WIN,
    TO_100,
    make_table,
    start_at_table,
    view_token,
)

OTHER_PLAYERS = {"player_0": "Eva", "player_1": "Fia", "player_2": "Gil", "player_3": "Hugo"}
ALREADY_ELSEWHERE = {
    "en": "This game already counts for another table, and stays there.",
    "pt-BR": "Este jogo já conta para outra mesa e continua nela.",
}


def start_alone(client) -> str:
    """Start a game at no table; its edit token."""
    form = Page(client.get("/")).form(action="/games")
    return token_of(submit(client, form, TO_100 | FIRST_PAIRING))


def paste_table_link(client, token: str, table: str, headers=None):
    """Post a game's "Add to a table" form with a table's edit link pasted; the answer."""
    form = Page(client.get(f"/g/{token}/table", headers=headers)).form(action=f"/g/{token}/table")
    return submit(client, form, {"table_link": f"http://localhost/t/{table}"}, headers=headers)


def table_of(app, token: str) -> int | None:
    """The id of the table a game counts for, read from the database."""
    return stored_game(app, token).table_id


def stats_names(client, view: str) -> set[str]:
    """The players the table's stats (its JSON twin) count."""
    stats = client.get(f"/tv/{view}/stats.json").get_json()
    return {figures["name"] for figures in stats["players"]}


def test_a_game_at_one_table_is_refused_another_in_both_languages_and_stays(app, client):
    first = make_table(client)
    token = start_at_table(client, first, **FIRST_PAIRING)
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
    token = start_at_table(client, table, **FIRST_PAIRING)
    before = stored_game(app, token)
    answer = paste_table_link(client, token, table)
    assert answer.status_code == 303
    assert answer.headers["Location"] == f"/g/{token}"
    assert stored_game(app, token).version == before.version


def test_the_followed_table_and_its_stats_change_when_one_game_leaves_it_and_another_joins(
    client,
):
    """Game A, at the table, won in two writes (its bids, then its tricks: version 2); game B,
    on its own with other players, won in one (version 1); game C, at the table after both, not
    begun. A is sent to another table (it moved, before moves were refused), then B joins: had
    A left, two games, versions summing to 2 and C the newest, before and after, the key the
    table's pages are kept under would have stayed. The followed page answers anew, and the
    stats count B's players."""
    table = make_table(client)
    view = view_token(client, table)
    moved = start_at_table(client, table, **FIRST_PAIRING)
    enter(client, moved, bids=NORTH_SOUTH_WIN["bids"])
    enter(client, moved, team_tricks=NORTH_SOUTH_WIN["team_tricks"])
    form = Page(client.get("/")).form(action="/games")
    joining = token_of(submit(client, form, TO_100 | OTHER_PLAYERS))
    enter(client, joining, **NORTH_SOUTH_WIN)
    start_at_table(client, table, **FIRST_PAIRING)
    hx = {"HX-Request": "true"}
    tag = client.get(f"/tv/{view}", headers=hx).headers["ETag"]
    assert "Eva" not in stats_names(client, view)
    paste_table_link(client, moved, make_table(client, "Sunday club"))
    assert paste_table_link(client, joining, table).status_code == 303
    assert client.get(f"/tv/{view}", headers=hx | {"If-None-Match": tag}).status_code == 200
    assert "Eva" in stats_names(client, view)


def test_a_game_at_no_table_still_joins_one(app, client):
    table = make_table(client)
    token = start_alone(client)
    enter(client, token, **NORTH_SOUTH_WIN)
    assert paste_table_link(client, token, table).status_code == 303
    assert table_of(app, token) is not None


def offered_tables(client, token: str | None = None) -> set[str]:
    """The table edit links a phone is offered: on its home page (the list and the new-game
    form's Table choice) and, given a game, on that game's join form."""
    answer = client.get("/")
    links = set(re.findall(r'href="/t/([A-Za-z0-9_-]+)"', answer.text))
    links |= set(offered_option_values(Page(answer).form(action="/games")))
    if token is not None:
        join = Page(client.get(f"/g/{token}/table")).form(action=f"/g/{token}/table")
        links |= set(offered_option_values(join))
    return links - {""}


def offered_option_values(form) -> list[str]:
    """The values of the Table choice of a form, when it has one."""
    selects = form.find_all("select", name="in_table")
    return [o.attrs.get("value", "") for o in selects[0].find_all("option")] if selects else []


def test_a_replaced_table_edit_link_is_offered_only_to_the_phones_that_hold_the_new_one(app):
    """The owner makes the table; phone R starts a game at it (and a rematch after). The owner
    replaces the edit link: R's old link answers 410, and R is offered the new one nowhere
    (home page, new-game form, a loose game's join form), rematch or not. The owner is, and so
    is phone P once it starts a game with the new link; R too, once it is given it again."""
    owner, held_old, given_new = (app.test_client() for _ in range(3))
    old = make_table(owner)
    game = start_at_table(held_old, old, **FIRST_PAIRING)
    enter(held_old, game, **NORTH_SOUTH_WIN)
    assert offered_tables(held_old) == {old}
    new = replace_link(owner, f"/t/{old}", "edit")
    assert held_old.get(f"/t/{old}").status_code == 410
    token = token_of(submit(held_old, Page(held_old.get(f"/g/{game}")).form(cls="rematch")))
    assert token != game
    loose = start_alone(held_old)
    assert new not in offered_tables(held_old, loose)
    assert offered_tables(owner) == {new}
    start_at_table(given_new, new, **FIRST_PAIRING)
    assert offered_tables(given_new) == {new}
    start_at_table(held_old, new, **FIRST_PAIRING)
    assert offered_tables(held_old, loose) == {new}


def test_a_phone_that_replaces_a_table_edit_link_it_did_not_make_is_offered_the_new_one(app):
    """Phone R was given the table's link and plays there; it replaces the edit link (the maker
    had lost track of who holds it). R's home page offers the new link, and the maker's, which
    now holds only the old one, offers none."""
    maker, replacer = app.test_client(), app.test_client()
    old = make_table(maker)
    start_at_table(replacer, old, **FIRST_PAIRING)
    new = replace_link(replacer, f"/t/{old}", "edit")
    assert offered_tables(replacer) == {new}
    assert offered_tables(maker) == set()
