"""A tournament as the tests make it through Flask's test client: the form filled in and sent,
the links its pages give (the director's, the watch link, each table's), its rounds started and
their games played (or a hand corrected) from the director's page, and its rows counted straight
from the database.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sqlalchemy import func, select

from extensions import db
from records.games import GameRecord, HandRecord
from records.tournaments import (
    ReplacedTournamentLink,
    RoundGameRecord,
    RoundRecord,
    TournamentRecord,
    TournamentTableRecord,
    TournamentTeamRecord,
)
from testsupport.pages import Page, submit
from testsupport.playing import A_SET, EVEN, correct_hand, enter
from web.filters import MINUS

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
# One hand a game: quick to play, and the hand played decides it.
ONE_HAND = {"length": "hands", "hands": "1"}
# The hand each table plays, by who is to win it: North–South 61 to 60 (both teams made their
# bids, North–South one bag more), or East–West 61 to −70 (North–South set).
NORTH_SOUTH_WINS = EVEN
EAST_WEST_WINS = A_SET
# The watch link's downloads, after `/w/<token>/`.
DOWNLOADS = ("standings.csv", "standings.json", "games.csv")


def team_names(count: int) -> list[str]:
    """The names of `count` teams in entry order: "Team 1", "Team 2", and so on."""
    return [f"Team {n}" for n in range(1, count + 1)]


def teams_text(count: int) -> str:
    """`count` teams, one per line: "Team 1: Player 1a & Player 1b", and so on."""
    return "".join(
        f"{name}: Player {n}a & Player {n}b\n" for n, name in enumerate(team_names(count), 1)
    )


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


def game_at_table(client, table: str) -> str:
    """Open a table's link (its token `table`) as the table's scorer does while a round is in
    play: it leads (303) to the game at that table; that game's edit token."""
    response = client.get(f"/s/{table}")
    assert response.status_code == 303, response.get_data(as_text=True)
    found = re.fullmatch(rf"/g/({TOKEN})", response.headers["Location"])
    assert found, response.headers["Location"]
    return found.group(1)


def replace_tournament_link(client, director: str, which: str) -> str:
    """Tap "New watch link…" (view) or "New director's link…" (edit) on the director's page
    and confirm on the screen it opens; the director's token the answer goes on with."""
    chosen = Page(client.get(f"/d/{director}")).form(cls="rotate")
    confirmation = client.get(chosen.attrs["action"], query_string={"link": which})
    assert confirmation.status_code == 200, confirmation.status_code
    response = submit(
        client, Page(confirmation).form(cls="confirm-new-link"), button=("link", which)
    )
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].split("#")[0].rsplit("/", 1)[-1]


def table_link_form(client, director: str, number: int):
    """The form that confirms a new link for table `number`: "New link for table N…" tapped
    on the director's page, and the form of the screen it opens."""
    action = f"/d/{director}/tables/{number}/new-link"
    chosen = Page(client.get(f"/d/{director}")).form(action=action)
    confirmation = client.get(chosen.attrs["action"])
    assert confirmation.status_code == 200, confirmation.status_code
    return Page(confirmation).form(cls="confirm-table-link")


def replace_table_link(client, director: str, number: int):
    """Give table `number` a new link from the director's page, confirmed; the answer."""
    return submit(client, table_link_form(client, director, number))


@dataclass(frozen=True)
class PlayedTable:
    """One table of the round the director's page shows: its number, its two teams' names
    (North–South first), their totals, and its game's edit token."""

    number: int
    north_south: str
    east_west: str
    totals: tuple[int, int]
    game: str


def start_round(client, director: str, expect: int = 303, headers=None):
    """Tap "Start round" on the director's page; the answer, checked against `expect`."""
    form = Page(client.get(f"/d/{director}")).form(cls="start-round")
    response = submit(client, form, headers=headers)
    assert response.status_code == expect, response.get_data(as_text=True)
    return response


def round_tables(client, director: str) -> list[PlayedTable]:
    """The tables of the latest round as the director's page lists them, by table number."""
    page = Page(client.get(f"/d/{director}"))
    found = []
    for number, item in enumerate(page.find_all("li", "round-table"), start=1):
        names = [node.text for node in item.find("span", "round-table-teams").find_all("bdi")]
        totals = [int(as_number(node.text)) for node in item.find_all("span", "round-table-total")]
        link = item.find("a", "round-table-game").attrs["href"]
        assert item.find("span", "round-table-number").text == f"Table {number}"
        found.append(
            PlayedTable(
                number,
                names[0],
                names[1],
                (totals[0], totals[1]),
                link.removeprefix("/g/"),
            )
        )
    return found


def pairs(tables: list[PlayedTable]) -> list[tuple[str, str]]:
    """The round's pairs of team names, North–South first, by table number."""
    return [(table.north_south, table.east_west) for table in tables]


def play_table(client, game: str, north_south_wins: bool = True, hands: int = 1) -> None:
    """Play a table's game of `hands` hands through its edit page, the same hand each time so
    that North–South (or else East–West) wins it."""
    hand = NORTH_SOUTH_WINS if north_south_wins else EAST_WEST_WINS
    page = None
    for _ in range(hands):
        page = enter(client, game, hand["bids"], hand["tricks"], page=page)


def correct_to_north_south(client, game: str) -> None:
    """Correct hand 1 of a one-hand game so that North–South win it 61 to 60: everyone bids 3,
    North takes 4 tricks and the others 3 each."""
    correct_hand(client, game, 1, NORTH_SOUTH_WINS)


def play_round(client, director: str, winners: str) -> list[PlayedTable]:
    """Play every table of the latest round, table k's game won by North–South when
    `winners[k - 1]` is "N" and by East–West when it is "E"; the tables as they end."""
    tables = round_tables(client, director)
    assert len(winners) == len(tables), (winners, pairs(tables))
    for table, winner in zip(tables, winners, strict=True):
        play_table(client, table.game, north_south_wins=winner == "N")
    return round_tables(client, director)


def seat_of(form, entry: int, player: int) -> str:
    """The value of the substitutes form's choice of player `player` (0 or 1) of team `entry`."""
    values = [option.attrs["value"] for option in form.find_all("option")]
    chosen = [value for value in values if value.startswith(f"{entry}:{player}:")]
    assert len(chosen) == 1, (entry, player, values)
    return chosen[0]


def swap(client, director: str, entry: int, player: int, name: str, headers=None):
    """Bring in `name` for player `player` (0 or 1) of team `entry` from the director's page,
    chosen in its one substitutes form; the answer."""
    form = Page(client.get(f"/d/{director}", headers=headers)).form(cls="swap-player")
    return submit(client, form, {"seat": seat_of(form, entry, player), "name": name}, headers)


def start_playoff(client, director: str, size: int, length: str = "rounds"):
    """Fill in the director's "Start the playoff" form (the top `size`, games `length`: "rounds"
    or "target") and send it; the answer."""
    form = Page(client.get(f"/d/{director}")).form(cls="start-playoff")
    return submit(client, form, {"size": size, "length": length})


def play_stage(client, director: str, winners: str) -> None:
    """Play every table of the playoff's latest stage through the tables' links, table k's
    game won by North–South when `winners[k - 1]` is "N" and by East–West when it is "E"."""
    tables = table_tokens(client, director)
    for table, winner in zip(tables, winners, strict=False):
        play_table(client, game_at_table(client, table), north_south_wins=winner == "N")


def start_next_stage(client, director: str):
    """Tap "Start the semi-finals" or "Start the final" on the director's page; the answer."""
    return submit(client, Page(client.get(f"/d/{director}")).form(cls="next-stage"))


def bye_of(client, director: str) -> str | None:
    """The team the director's page says has the bye in the latest round; None when every team
    plays."""
    said = Page(client.get(f"/d/{director}")).find_all("p", "round-bye")
    return said[0].find("bdi").text if said else None


def standings(client, path: str, headers=None) -> list[tuple[str, ...]]:
    """The standings a page (the director's or the watch page) shows: one row of cells each
    (place, team, wins, losses, points, difference), best first, its numbers read as numbers
    (the page's minus sign, U+2212, as "-")."""
    page = Page(client.get(path, headers=headers))
    body = page.find("section", "tournament-standings").find("tbody")
    return [
        tuple(as_number(cell.text) for cell in row.iter() if cell.tag in ("td", "th"))
        for row in body.find_all("tr")
    ]


def as_number(text: str) -> str:
    """A number as a page shows it, read as Python writes it: its minus sign (U+2212) as "-"."""
    return text.replace(MINUS, "-")


def round_rows(app) -> dict[str, int]:
    """How many rounds, round games, games and hands are stored."""
    with app.app_context():
        counted = {
            record.__tablename__: db.session.scalar(select(func.count()).select_from(record))
            for record in (RoundRecord, RoundGameRecord, GameRecord, HandRecord)
        }
        db.session.remove()
    return counted


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


def refusals(client, path: str, status: int, english: str, portuguese: str) -> None:
    """Post to `path` in both languages and check each answer is refused with `status` and the
    words of its language."""
    for headers, words in ((None, english), (PT, portuguese)):
        refused = client.post(path, data={}, headers=headers)
        assert refused.status_code == status, refused.get_data(as_text=True)
        assert words in Page(refused).text
