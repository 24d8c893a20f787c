"""A tournament as the tests make it through Flask's test client: the form filled in and sent,
the links its pages give (the director's, the watch link, each table's), and its rows counted
straight from the database.
"""

from __future__ import annotations

import re

from sqlalchemy import func, select

from extensions import db
from testsupport.pages import Page, submit
from tournament_records import (
    ReplacedTournamentLink,
    TournamentRecord,
    TournamentTableRecord,
    TournamentTeamRecord,
)

PT = {"Accept-Language": "pt-BR"}
TOKEN = r"[A-Za-z0-9_-]+"
# Five teams typed both ways the form reads: two tables, one team sitting out each round.
FIVE_TEAMS = (
    "Reds: Ana & Bia\n"
    "Blues, Caio, Duda\n"
    "\n"
    "Greens: Eva & Fabio\n"
    "Golds: Gil & Hugo\n"
    "Whites: Ivo & Ju\n"
)
A_SWISS = {"name": "Club night", "format": "swiss", "rounds": "3", "teams": FIVE_TEAMS}


def teams_text(count: int) -> str:
    """`count` teams, one per line: "Team 1: Player 1a & Player 1b", and so on."""
    return "".join(f"Team {n}: Player {n}a & Player {n}b\n" for n in range(1, count + 1))


def send_tournament_form(client, headers=None, **typed):
    """Open the new-tournament form, fill in `typed` (its fields by name) and send it; the
    answer."""
    page = Page(client.get("/tournaments/new", headers=headers))
    form = page.form(action="/tournaments/new")
    return submit(client, form, typed, headers=headers)


def make_tournament(client, **typed) -> str:
    """Make a tournament through its form (a Swiss of five teams unless told); its director's
    token."""
    response = send_tournament_form(client, **(A_SWISS | typed))
    assert response.status_code == 303, response.get_data(as_text=True)
    found = re.fullmatch(rf"/d/({TOKEN})", response.headers["Location"])
    assert found, response.headers["Location"]
    return found.group(1)


def watch_token(client, director: str) -> str:
    """The watch link's token the director's page shares."""
    found = re.search(rf"/w/({TOKEN})", client.get(f"/d/{director}").get_data(as_text=True))
    assert found
    return found.group(1)


def table_tokens(client, director: str) -> list[str]:
    """Each table's scorer's token, by table number, as the cards page prints them."""
    html = client.get(f"/d/{director}/cards").get_data(as_text=True)
    return re.findall(rf'<p class="card-address">[^<]*/s/({TOKEN})</p>', html)


def replace_tournament_link(client, director: str, which: str) -> str:
    """Tap "New watch link" (view) or "New director's link" (edit) on the director's page; the
    director's token the answer goes on with."""
    form = Page(client.get(f"/d/{director}")).form(cls="rotate")
    response = submit(client, form, button=("link", which))
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].split("#")[0].rsplit("/", 1)[-1]


def replace_table_link(client, director: str, number: int):
    """Tap "New link for table `number`" on the director's page; the answer."""
    action = f"/d/{director}/tables/{number}/rotate"
    return submit(client, Page(client.get(f"/d/{director}")).form(action=action))


def tournament_rows(app) -> dict[str, int]:
    """How many rows each of a tournament's tables holds."""
    with app.app_context():
        counted = {
            record.__tablename__: db.session.scalar(select(func.count()).select_from(record))
            for record in (
                TournamentRecord,
                TournamentTeamRecord,
                TournamentTableRecord,
                ReplacedTournamentLink,
            )
        }
        db.session.remove()
    return counted
