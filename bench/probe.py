"""SQL queries and bytes of each page, counted in-process with the Flask test client.

The same database the server reads; CSRF stays on, so a hand is posted with the hidden
inputs of the form the game page rendered, as a browser would.
"""

from __future__ import annotations

from data import SIZES, SUBMITTED_HANDS
from pyclient import hidden_fields

# The tests' own query counter: what SQLite reports, the poll shortcut's query included.
from testsupport.database import queries_sent
from testsupport.routes import HX
from web.assets import SCRIPTS


def probe(app, tokens) -> dict:
    """Queries, status and bytes of every page the benchmark loads, for each game size.

    Returns {"pages": {page: {hands: {"status", "queries", "bytes"}}, "robots": {...}},
    with "table_stats" and "table_view" by the table's games where the tokens have a table,
    "static": {path: bytes}, "etag": {hands: the ETag of the scoreboard part}}.
    """
    client = app.test_client()
    replays = app.extensions["replays"]

    def measure(method: str, path: str, **kwargs) -> tuple[dict, object]:
        """One request's status, query count and body size, and the response.

        `queries` counts a game changed since any worker showed it (none kept, the most a
        page runs); `queries_kept` the same request again, with its replay kept.
        """
        counts = []
        replays.clear()
        for _ in range(1 if method == "POST" else 2):
            with queries_sent(app) as statements:
                response = client.open(path, method=method, **kwargs)
            counts.append(len(statements))
        figures = {
            "status": response.status_code,
            "queries": counts[0],
            "queries_kept": counts[-1],
            "bytes": len(response.get_data()),
        }
        return figures, response

    pages: dict[str, dict] = {}
    etags = {}
    for size in SIZES:
        edit, view = tokens.edit[size], tokens.view[size]
        found = {}
        found["edit"], _ = measure("GET", f"/g/{edit}")
        found["view"], _ = measure("GET", f"/v/{view}")
        found["view_hx"], part = measure("GET", f"/v/{view}", headers=HX)
        etags[size] = part.headers["ETag"]
        poll_headers = HX | {"If-None-Match": etags[size]}
        found["poll"], _ = measure("GET", f"/v/{view}", headers=poll_headers)
        found["json"], _ = measure("GET", f"/v/{view}.json")
        found["csv"], _ = measure("GET", f"/g/{edit}.csv")
        probe_token = tokens.probe[size]
        fields = hidden_fields(client.get(f"/g/{probe_token}").get_data(as_text=True))
        form = fields | SUBMITTED_HANDS[0]
        found["submit"], answer = measure("POST", f"/g/{probe_token}/hand", data=form)
        found["submit_follow"], _ = measure("GET", answer.headers.get("Location", "/"))
        # The next hand as htmx sends it: one POST, answered with the game's new part (200)
        # or, where the app still redirects htmx's writes, 303 and the GET that follows.
        fields = hidden_fields(client.get(f"/g/{probe_token}").get_data(as_text=True))
        form = fields | SUBMITTED_HANDS[1]
        found["submit_hx"], answer = measure(
            "POST", f"/g/{probe_token}/hand", data=form, headers=HX
        )
        location = answer.headers.get("Location")
        follow = {"status": None, "queries": 0, "queries_kept": 0, "bytes": 0}
        if location:
            follow, _ = measure("GET", location, headers=HX)
        found["submit_hx_follow"] = follow
        for page, figures in found.items():
            pages.setdefault(page, {})[size] = figures
    if tokens.table:  # the table of many games: its stats and its followed page
        games = tokens.table_games
        pages["table_stats"] = {games: measure("GET", f"/tv/{tokens.table}/stats")[0]}
        pages["table_view"] = {games: measure("GET", f"/tv/{tokens.table}")[0]}
    pages["robots"], _ = measure("GET", "/robots.txt")  # Flask and its extensions alone
    static = {}
    for path in ("/static/app.css", *(f"/static/{script}" for script in SCRIPTS)):
        static[path] = len(client.get(path).get_data())
    return {"pages": pages, "static": static, "etag": etags}
