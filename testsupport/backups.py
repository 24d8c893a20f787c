"""What the backup tests (export-games, import-games) share: a club's evening played through the
test client, everything its links answer, and every row of every table read from the models'
metadata (so a table or column added later is read without a change here).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from sqlalchemy import select

from extensions import db
from games.backup import VERSION
from testsupport.pages import Page, submit
from testsupport.playing import EVEN, enter, link_on, rematch, replace_link, start_game
from testsupport.tables import (
    EAST_WEST_WIN,
    FIRST_PAIRING,
    NORTH_SOUTH_WIN,
    TO_100,
    make_table,
    start_at_table,
)
from testsupport.tournaments import (
    make_tournament,
    replace_table_link,
    replace_tournament_link,
    round_tables,
    start_round,
    table_tokens,
    watch_token,
)

# Three players on their own: Ana, Bruno and Carla.
THREE = {"player_0": "Ana", "player_1": "Bruno", "player_2": "Carla"}
# The one-time tokens a page's forms carry (a fresh one on every render) and Flask-WTF's CSRF
# token: the only parts of a page that may differ between two renders of the same rows.
FRESH_INPUTS = ("nonce", "csrf_token")


@dataclass
class Evening:
    """What a club's evening left behind: its table's links, every game's edit link as it is
    now, and the replaced links' addresses (which answer 410)."""

    table: str
    table_view: str
    games: list[str] = field(default_factory=list)
    gone: list[str] = field(default_factory=list)
    # The club's tournament: every page of it, and its replaced links (which answer 410).
    tournament: list[str] = field(default_factory=list)
    # The club that holds the table and the tournament: its pages, and its replaced view link.
    club: list[str] = field(default_factory=list)


def play_evening(client) -> Evening:
    """A club's evening at the table "Friday club", and a game on its own.

    At the table: a best-of-3 series played as a rematch chain (Ana & Carla win, Bia & Dani
    win, Ana & Carla win the series 2–1); a game to 500 still in play (one hand played, the
    next one's bids in); a Cut-throat game to 100 (a tie at 130, then Dani wins with 170), whose
    rules the table keeps as "Friday rules". On its own: a Three-handed game to 500 in play.
    Replaced: the first game's view link, the Three-handed game's edit link, and the table's
    view link. And a Swiss of five teams for the next club night, whose director's link, watch
    link and table 2's link were replaced, and table 2's game awarded by forfeit.
    """
    table = make_table(client)
    first = start_at_table(client, table, best_of="3", **FIRST_PAIRING, **TO_100)
    enter(client, first, **NORTH_SOUTH_WIN)
    second = rematch(client, first)
    enter(client, second, **EAST_WEST_WIN)
    third = rematch(client, second)
    enter(client, third, **NORTH_SOUTH_WIN)
    in_play = start_at_table(client, table, **FIRST_PAIRING, target="500")
    enter(client, in_play, bids=(4, "nil", 3, 4), tricks=(5, 0, 3, 5))
    enter(client, in_play, bids=(3, 3, 3, 3))
    cut_throat = start_at_table(client, table, table="cutthroat", **FIRST_PAIRING, **TO_100)
    for bids, tricks in (
        ((4, 3, 3, 3), (4, 3, 3, 3)),
        ((6, 7, "nil", "nil"), (6, 7, 0, 0)),
        ((3, 3, 3, 4), (3, 3, 3, 4)),
    ):
        enter(client, cut_throat, bids=bids)
        enter(client, cut_throat, tricks=tricks)
    keep_rules = Page(client.get(f"/t/{table}")).form(cls="keep-rules")
    assert submit(client, keep_rules, {"name": "Friday rules"}).status_code == 303
    three = start_game(client, table="three_handed", **THREE)
    enter(client, three, bids=(5, "nil", 6), tricks=(8, 1, 8))

    old_view = link_on(client, f"/g/{first}", "/v")
    replace_link(client, f"/g/{first}", "view")
    new_three = replace_link(client, f"/g/{three}", "edit")
    table_view = link_on(client, f"/t/{table}", "/tv")
    replace_link(client, f"/t/{table}", "view")
    tournament = tournament_pages(client)
    return Evening(
        tournament=tournament,
        club=club_pages(client),
        table=table,
        table_view=link_on(client, f"/t/{table}", "/tv"),
        games=[first, second, third, in_play, cut_throat, new_three],
        gone=[f"/v/{old_view}", f"/g/{three}", f"/tv/{table_view}"],
    )


def tournament_pages(client) -> list[str]:
    """A Swiss of five teams made, three of its links replaced, its first round started, a
    hand played at table 1 and table 2's game awarded to East–West by forfeit (a ruling); the
    address of each of its pages (table 1's game's and table 2's ruling page too), and of each
    replaced link."""
    first = make_tournament(client)
    old_watch = watch_token(client, first)
    old_tables = table_tokens(client, first)
    replace_tournament_link(client, first, "view")
    director = replace_tournament_link(client, first, "edit")
    assert replace_table_link(client, director, 2).status_code == 303
    tables = table_tokens(client, director)
    start_round(client, director)
    game = round_tables(client, director)[0].game
    enter(client, game, EVEN["bids"], EVEN["tricks"])
    ruling = f"/d/{director}/rounds/1/tables/2"
    award = Page(client.get(ruling)).form(cls="award")
    assert submit(client, award, {"reason": "No show"}, button=("side", "1")).status_code == 303
    pages = [f"/d/{director}", f"/d/{director}/cards", f"/w/{watch_token(client, director)}"]
    pages += [f"/s/{token}" for token in tables] + [f"/g/{game}", ruling]
    return [*pages, f"/d/{first}", f"/w/{old_watch}", f"/s/{old_tables[1]}"]


def club_pages(client) -> list[str]:
    """A club made on this phone, given its table and its tournament (the only ones it
    holds), two names joined, a season made, its view link replaced; the address of each of its
    pages, and of the replaced link."""
    made = submit(client, Page(client.get("/clubs/new")).form(action="/clubs"), {"name": "Ours"})
    club = made.headers["Location"].rsplit("/", 1)[-1]
    for kind in ("table", "tournament"):
        form = Page(client.get(f"/c/{club}")).form(cls=f"hold-{kind}")
        assert submit(client, form).status_code == 303, kind
    # Dani of the table and Duda of the tournament, who never sat together, joined as one.
    joined = Page(client.get(f"/c/{club}")).form(cls="join-names")
    assert submit(client, joined, {"name": "Dani", "same_as": "Duda"}).status_code == 303
    season = Page(client.get(f"/c/{club}")).form(cls="new-season")
    days = {"name": "Winter", "first_day": "2026-01-01", "last_day": "2026-12-31"}
    assert submit(client, season, days).status_code == 303
    seasons = re.findall(r'href="/cv/[^"]+/seasons/(\d+)"', client.get(f"/c/{club}").text)
    old_view = link_on(client, f"/c/{club}", "/cv")
    replace_link(client, f"/c/{club}", "view")
    view = link_on(client, f"/c/{club}", "/cv")
    return [f"/c/{club}", f"/cv/{view}", f"/cv/{view}/seasons/{seasons[0]}", f"/cv/{old_view}"]


def everything_answered(client, evening: Evening) -> dict[str, tuple]:
    """What every page, part and download of the evening answers (status, type, ETag, body with
    its fresh one-time tokens blanked), by address: each game's edit and view links and their
    downloads, the table's pages and stats, this phone's lists, the tournament's pages, and the
    replaced links."""
    paths = ["/", "/games.csv", "/stats", "/stats.json", "/stats.csv"]
    for game in evening.games:
        view = link_on(client, f"/g/{game}", "/v")
        paths += [f"/g/{game}", f"/g/{game}.csv", f"/g/{game}/sheet", f"/g/{game}/table"]
        paths += [f"/v/{view}", f"/v/{view}.json", f"/v/{view}.csv", f"/v/{view}/sheet"]
    table, view = evening.table, evening.table_view
    paths += [f"/t/{table}", f"/t/{table}?all=1", f"/tv/{view}"]
    paths += [f"/tv/{view}/stats", f"/tv/{view}/stats.json", f"/tv/{view}/stats.csv"]
    paths += evening.gone + evening.tournament + evening.club
    return {path: answer(client, path) for path in paths}


def answer(client, path: str) -> tuple:
    """One address's answer: status, content type, ETag and the body, fresh tokens blanked."""
    response = client.get(path)
    body = without_fresh_tokens(response.get_data(as_text=True))
    return response.status_code, response.content_type, response.headers.get("ETag"), body


def without_fresh_tokens(html: str) -> str:
    """A page with the value of every hidden one-time-token or CSRF input blanked."""
    names = "|".join(FRESH_INPUTS)

    def blank(tag: re.Match[str]) -> str:
        """The input tag with its value blanked, if it is one of the fresh tokens."""
        if not re.search(rf'\bname="?(?:{names})[\s">]', tag.group(0)):
            return tag.group(0)
        return re.sub(r'\bvalue="?[^"\s>]*"?', 'value=""', tag.group(0))

    return re.sub(r"<input\b[^>]*>", blank, html)


def every_row(app) -> dict[str, list[tuple]]:
    """Every row of every table of the models, column by column, in primary-key order."""
    with app.app_context():
        rows = {
            table.name: [
                tuple(row)
                for row in db.session.execute(select(table).order_by(*table.primary_key.columns))
            ]
            for table in db.metadata.sorted_tables
        }
        db.session.remove()
    return rows


def exported(runner, path) -> dict:
    """Run export-games into `path`; the document it wrote."""
    result = runner.invoke(args=["export-games", str(path)])
    assert result.exit_code == 0, result.output
    assert f"format version {VERSION}" in result.output
    return json.loads(path.read_text(encoding="utf-8"))


def imported(app, path) -> None:
    """Run import-games from `path` in `app`; it must succeed."""
    result = app.test_cli_runner().invoke(args=["import-games", str(path)])
    assert result.exit_code == 0, result.output
