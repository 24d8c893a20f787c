"""The director's late changes and rulings as the tests tap them through Flask's test client:
a team withdrawn, a team added late, a table's ruling page opened and its game awarded."""

from __future__ import annotations

from testsupport.pages import Page, form_data, submit

# The late team the tests add unless told: Blacks, Kai & Lia.
BLACKS = {"name": "Blacks", "player_0": "Kai", "player_1": "Lia"}


def withdraw_forms(client, director: str, page: Page | None = None) -> dict:
    """For each team the director's page (`page`, else a fresh load) offers to withdraw, by
    name, the form that confirms it: the team chosen in the page's Withdraw form, sent, and
    the confirmation's form read off the page it opens (carrying that page's version)."""
    chosen = (page or Page(client.get(f"/d/{director}"))).form(cls="withdraw-team")
    forms = {}
    for option in chosen.find_all("option"):
        asked = form_data(chosen) | {"entry": option.attrs["value"]}
        confirmation = client.get(chosen.attrs["action"], query_string=asked)
        assert confirmation.status_code == 200, confirmation.status_code
        forms[option.text] = Page(confirmation).form(cls="confirm-withdrawal")
        assert forms[option.text].find("button").text == f"Withdraw {option.text}"
    return forms


def withdraw_form(client, director: str, team: str):
    """The form that confirms withdrawing `team` (see `withdraw_forms`)."""
    forms = withdraw_forms(client, director)
    assert team in forms, f"{team} cannot be withdrawn from the page: {sorted(forms)}"
    return forms[team]


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
    response = submit(client, form, {"reason": "No show"}, button=("side", str(side)))
    assert response.status_code == expect, response.get_data(as_text=True)
    return response
