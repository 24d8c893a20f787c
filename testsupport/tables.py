"""A table of people as the tests make and play it through Flask's test client: the table made
on its form, games started there and joined to it, its series line, its view links and polls,
and its career figures.
"""

from __future__ import annotations

import json
import re

from testsupport.pages import Page, submit
from testsupport.playing import token_of
from testsupport.routes import HX

# Played to 100, one hand ends a game: a side bidding 10 that takes exactly 10 scores +100,
# the other side (5 bid, 3 taken) is set, −50.
TO_100 = {"target": "100"}
NORTH_SOUTH_WIN = {"bids": (5, 3, 5, 2), "team_tricks": (10, 3)}
EAST_WEST_WIN = {"bids": (3, 5, 2, 5), "team_tricks": (3, 10)}
# Ana & Carla (North, South) against Bia & Dani (East, West); then Ana & Bia against the others.
FIRST_PAIRING = {"player_0": "Ana", "player_1": "Bia", "player_2": "Carla", "player_3": "Dani"}
SECOND_PAIRING = {"player_0": "Ana", "player_1": "Carla", "player_2": "Bia", "player_3": "Dani"}


def make_table(client, name: str = "Friday club") -> str:
    """Make a table through its form; its edit token."""
    page = Page(client.get("/tables/new"))
    response = submit(client, page.form(action="/tables"), {"name": name})
    assert response.status_code == 303, response.get_data(as_text=True)
    match = re.fullmatch(r"/t/([A-Za-z0-9_-]+)", response.headers["Location"])
    assert match, response.headers["Location"]
    return match.group(1)


def view_token(client, table: str) -> str:
    """The view token a table's own page shares."""
    found = re.search(r"/tv/([A-Za-z0-9_-]+)", client.get(f"/t/{table}").get_data(as_text=True))
    assert found
    return found.group(1)


def start_at_table(client, table_token: str, **typed) -> str:
    """Start a game from the table's "New game at this table" link (the form's fields as
    typed, `table` among them for a table without partners); the game's edit token."""
    page = Page(client.get(f"/?table={table_token}"))
    form = page.form(action="/games")
    response = submit(client, form, TO_100 | typed)
    return token_of(response)


def series_line(client, token: str) -> str:
    """The series line of a game's page, in plain words."""
    return series_words(client.get(f"/g/{token}").text)


def series_words(html: str) -> str:
    """The series line of a page or part, in plain words."""
    found = re.search(r'<p class="series">(.*?)</p>', html, re.S)
    assert found, "no series line"
    return re.sub(r"<[^>]+>", "", found.group(1)).replace("&amp;", "&").strip()


def game_view_token(client, token: str) -> str:
    """The view token a game's page shares."""
    found = re.search(r"/v/([A-Za-z0-9_-]+)", client.get(f"/g/{token}").get_data(as_text=True))
    assert found
    return found.group(1)


def join_table(client, token: str, table: str):
    """Post a game's "Add to a table" form with this table chosen; the answer."""
    page = Page(client.get(f"/g/{token}/table"))
    return submit(client, page.form(action=f"/g/{token}/table"), {"in_table": table})


def poll(client, view: str, tag: str):
    """A view link's poll, as htmx sends it, with the tag of the part the phone holds."""
    return client.get(f"/v/{view}", headers={**HX, "If-None-Match": tag})


def correct_to_east_west(client, token: str) -> None:
    """Correct hand 1 of a one-hand game to East-West's win: Bia & Dani, seated as
    FIRST_PAIRING, bid 10 and take 10 (+100); Ana & Carla bid 5 and take 3 (−50)."""
    assert correct_to_east_west_status(client, token) == 303


def correct_to_east_west_status(client, token: str) -> int:
    """`correct_to_east_west`, giving the answer's status."""
    edit = Page(client.get(f"/g/{token}/hands/1"))
    bids = dict(zip(("bid_0", "bid_1", "bid_2", "bid_3"), EAST_WEST_WIN["bids"], strict=True))
    taps = bids | {"team_tricks_0": 3, "team_tricks_1": 10}
    return submit(client, edit.form(cls="hand-form"), taps).status_code


def stats_json(client, view: str) -> dict:
    """The table's career figures as its JSON twin gives them."""
    response = client.get(f"/tv/{view}/stats.json")
    assert response.status_code == 200
    return json.loads(response.get_data(as_text=True))


def figures_of(stats: dict, kind: str, name: str) -> dict:
    """One player's or partnership's figures from the stats JSON."""
    return next(f for f in stats[kind] if f["name"] == name)
