"""Two names of one person joined on a club's organiser's page, and undone (issue 38, item 2):
every figure is counted as if the names had always been one (docs/rules.md's worked example 2,
played as "Ana B." and "Ana Beatriz"), and apart again once undone. A name joined to itself, two
names that sat in one game, a name joined already or one never played are refused in both
languages, with nothing written."""

from __future__ import annotations

from testsupport.clubs import hold, new_club, played_at, ratings
from testsupport.pages import Page, form_data, submit
from testsupport.tables import NORTH_SOUTH_WIN, make_table
from testsupport.tournaments import PT

FIRST = {"player_0": "Ana B.", "player_1": "Caio", "player_2": "Bia", "player_3": "Duda"}
SECOND = {"player_0": "Ana Beatriz", "player_1": "Bia", "player_2": "Caio", "player_3": "Duda"}


def club_of_two_names(client) -> tuple[str, str]:
    """A club whose table played worked examples 1 and 2 with Ana written two ways; the club's
    and the table's tokens."""
    club = new_club(client)
    table = make_table(client, "Tuesday table")
    hold(client, club, "table", "Tuesday table")
    played_at(client, table, FIRST, NORTH_SOUTH_WIN)
    played_at(client, table, SECOND, NORTH_SOUTH_WIN)
    return club, table


def join(client, club: str, name: str, same_as: str, headers=None):
    """Choose the two names on the organiser's page and join them; the answer."""
    form = Page(client.get(f"/c/{club}")).form(cls="join-names")
    return submit(client, form, {"name": name, "same_as": same_as}, headers=headers)


def joins_listed(client, club: str) -> list[str]:
    """The joins the organiser's page lists, as read."""
    page = Page(client.get(f"/c/{club}"))
    lists = page.find_all("ul", "club-joins")
    return [item.text.removesuffix(" Undo") for item in lists[0].find_all("li")] if lists else []


def test_two_names_joined_count_as_one_player_and_apart_again_once_undone(client):
    club, _ = club_of_two_names(client)
    apart = ratings(client, f"/c/{club}")
    assert apart["Ana B."] == ("1097 ?", "1")
    assert apart["Ana Beatriz"][1] == "1"

    assert join(client, club, "Ana B.", "Ana Beatriz").status_code == 303
    assert joins_listed(client, club) == ["Ana B. is Ana Beatriz"]
    # As worked example 2: one Ana, whose rating counts both games.
    assert ratings(client, f"/c/{club}") == {
        "Ana Beatriz": ("1192 ?", "2"),
        "Bia": ("1038 ?", "2"),
        "Caio": ("1035 ?", "2"),
        "Duda": ("881 ?", "2"),
    }

    undo = Page(client.get(f"/c/{club}")).find("ul", "club-joins").find("form")
    assert submit(client, undo).status_code == 303
    assert submit(client, undo).status_code == 303  # sent again: undone once, nothing more
    assert joins_listed(client, club) == []
    assert ratings(client, f"/c/{club}") == apart


def test_a_join_that_cannot_be_is_refused_in_words_and_nothing_is_written(app, client):
    club, _ = club_of_two_names(client)
    for (name, same_as), english, portuguese in (
        (("Bia", "Bia"), "cannot be joined to itself", "não pode ser unido a si mesmo"),
        (("Bia", "Caio"), "sat in the same game", "jogaram na mesma partida"),
    ):
        for headers, words in ((None, english), (PT, portuguese)):
            refused = join(client, club, name, same_as, headers=headers)
            assert refused.status_code == 409, refused.status_code
            assert words in Page(refused).text
    assert join(client, club, "Ana B.", "Ana Beatriz").status_code == 303
    refused = join(client, club, "Ana Beatriz", "Duda")
    assert refused.status_code == 409  # Ana and Duda sat in one game
    # A name the page does not offer (typed by hand) is no choice.
    form = Page(client.get(f"/c/{club}")).form(cls="join-names")
    made_up = client.post(
        form.attrs["action"],
        data={"name": "Zed", "same_as": "Bia", "nonce": "b" * 22},
        headers=PT,
    )
    assert made_up.status_code == 422
    assert "Escolha inválida" in Page(made_up).text
    assert joins_listed(client, club) == ["Ana B. is Ana Beatriz"]
    assert ratings(client, f"/c/{club}")["Bia"] == ("1038 ?", "2")


def test_a_name_spelt_otherwise_since_the_page_was_shown_still_joins(client):
    club, table = club_of_two_names(client)
    form = Page(client.get(f"/c/{club}")).form(cls="join-names")  # it offers "Ana B."
    # Meanwhile a game is scored with Ana written "ana b.": the spelling shown changes.
    seats = FIRST | {"player_0": "ana b."}
    played_at(client, table, seats, NORTH_SOUTH_WIN)
    data = form_data(form) | {"name": "Ana B.", "same_as": "Ana Beatriz"}
    answer = client.post(form.attrs["action"], data=data)
    assert answer.status_code == 303, answer.status_code
    assert joins_listed(client, club) == ["ana b. is Ana Beatriz"]  # as it is spelt now
