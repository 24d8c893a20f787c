"""The director's late changes and rulings as the tests tap them through Flask's test client:
a team withdrawn, a team added late, a table's ruling page opened and its game awarded."""

from __future__ import annotations

from testsupport.pages import Page, submit

# The late team the tests add unless told: Blacks, Kai & Lia.
BLACKS = {"name": "Blacks", "player_0": "Kai", "player_1": "Lia"}


def withdraw_form(client, director: str, team: str):
    """The "Withdraw `team`" form of the director's page."""
    page = Page(client.get(f"/d/{director}"))
    for form in page.find_all("form", "withdraw-team"):
        if form.find("button").text == f"Withdraw {team}":
            return form
    raise AssertionError(f"no Withdraw {team} form")


def late_form(client, director: str):
    """The "Add a late team" form of the director's page."""
    return Page(client.get(f"/d/{director}")).form(cls="late-team")


def add_late_team(client, director: str, typed=None, headers=None):
    """Fill in the late team's form (Blacks: Kai & Lia unless told) and send it; the answer."""
    return submit(client, late_form(client, director), typed or BLACKS, headers=headers)


def ruling_page(client, director: str, table: int = 1, round_number: int = 1) -> Page:
    """The ruling page of the game at `table` in round `round_number`; it must answer 200."""
    response = client.get(f"/d/{director}/rounds/{round_number}/tables/{table}")
    assert response.status_code == 200, response.get_data(as_text=True)
    return Page(response)


def award(client, director: str, table: int, side: int, expect: int = 303, round_number: int = 1):
    """Tap "Award the game to ..." for `side` (0 North–South, 1 East–West) on the ruling page
    of table `table` in round `round_number`; the answer, checked against `expect`."""
    form = ruling_page(client, director, table, round_number).form(cls="award")
    response = submit(client, form, button=("side", str(side)))
    assert response.status_code == expect, response.get_data(as_text=True)
    return response
