"""A club as the tests make and play it through Flask's test client: made from the home page,
given this phone's tables and tournaments, games played at its tables, and its ratings as its
pages show them."""

from __future__ import annotations

import re

from openskill.models import PlackettLuce

from testsupport.pages import Page, submit
from testsupport.playing import enter
from testsupport.tables import start_at_table

TOKEN = r"[A-Za-z0-9_-]+"
# docs/rules.md's worked examples 1 and 2, seated: North and South are partners.
EXAMPLE_1 = {"player_0": "Ana", "player_1": "Caio", "player_2": "Bia", "player_3": "Duda"}
EXAMPLE_2 = {"player_0": "Ana", "player_1": "Bia", "player_2": "Caio", "player_3": "Duda"}


def make_club(client, name: str = "Friday club", headers=None):
    """Send the new-club form with `name`; the answer."""
    page = Page(client.get("/clubs/new", headers=headers))
    return submit(client, page.form(action="/clubs"), {"name": name}, headers=headers)


def new_club(client, name: str = "Friday club") -> str:
    """Make a club from the home page's link; its organiser's token."""
    assert Page(client.get("/")).find("a", href="/clubs/new") is not None
    response = make_club(client, name)
    assert response.status_code == 303, response.get_data(as_text=True)
    found = re.fullmatch(rf"/c/({TOKEN})", response.headers["Location"])
    assert found, response.headers["Location"]
    return found.group(1)


def hold(client, club: str, kind: str, name: str):
    """Choose this phone's table (or tournament) `name` on the organiser's page and add it;
    the answer."""
    form = Page(client.get(f"/c/{club}")).form(cls=f"hold-{kind}")
    (value,) = [o.attrs["value"] for o in form.find_all("option") if o.text == name]
    return submit(client, form, {"held": value})


def ratings(client, path: str, headers=None) -> dict[str, tuple[str, str]]:
    """Each player's rating (its number, with " ?" while provisional) and games, as a club's
    page shows them."""
    page = Page(client.get(path, headers=headers))
    if not page.find_all("table", "club-ratings"):
        return {}
    rows = page.find("table", "club-ratings").find("tbody").find_all("tr")
    return {
        row.find("th").text: tuple(cell.text for cell in row.find_all("td"))  # type: ignore[misc]
        for row in rows
    }


def view_path(client, club: str) -> str:
    """The members' page's path, as the organiser's page shares it."""
    found = re.search(rf"/cv/({TOKEN})", client.get(f"/c/{club}").get_data(as_text=True))
    assert found
    return f"/cv/{found.group(1)}"


def played_at(client, table: str, seats: dict[str, str], hand: dict) -> None:
    """Start a game to 100 at the table with these seats and end it with its one hand."""
    game = start_at_table(client, table, **seats)
    enter(client, game, hand["bids"], team_tricks=hand["team_tricks"])


MODEL = PlackettLuce()


def model_ratings(games) -> dict:
    """Each player's openskill rating after the games, counted here from the games in the
    order they were started: each a list of sides (names) and their places."""
    rated: dict = {}
    for sides, places in games:
        teams = [[rated.get(name, MODEL.rating(name=name)) for name in side] for side in sides]
        for side, new in zip(sides, MODEL.rate(teams, ranks=list(places)), strict=True):
            for name, player in zip(side, new, strict=True):
                rated[name] = player
    return rated


def whole_percentages(shares: list[float]) -> list[int]:
    """Shares as whole percentages adding up to 100: each rounded down, then one more to the
    largest remainders (the earlier first among equals), as docs/rules.md says."""
    whole = [int(share * 100) for share in shares]
    order = sorted(range(len(shares)), key=lambda i: (-(shares[i] * 100 - whole[i]), i))
    for index in order[: 100 - sum(whole)]:
        whole[index] += 1
    return whole
