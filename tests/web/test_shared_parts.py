"""Parts two pages show alike, written once: the share panel (a game's, a table's) and a game
in a list of games (the home page's games on this device, a table's games)."""

from __future__ import annotations

import re

from testsupport.pages import Node, Page, submit
from testsupport.playing import start_game, token_of

# What only a game's share panel has: the QR code of its view link, and its downloads.
GAME_ONLY = ("qr", "downloads")


def make_table(client) -> str:
    """A table made through its form; its edit token."""
    form = Page(client.get("/tables/new")).form(action="/tables")
    response = submit(client, form, {"name": "Friday club"})
    match = re.fullmatch(r"/t/([A-Za-z0-9_-]+)", response.headers["Location"])
    assert match, response.headers["Location"]
    return match.group(1)


def shape(node: Node, leave_out: tuple[str, ...] = ()) -> list[str]:
    """The elements of a part in order, each as its tag, classes and names: the part without
    its words, addresses and tokens; elements of a class in `leave_out` left out, with theirs."""
    left_out = [n for n in node.iter() if n.classes & set(leave_out)]
    return [
        " ".join([n.tag, *sorted(n.classes), n.attrs.get("name", ""), n.attrs.get("type", "")])
        for n in node.iter()
        if not any(n is out or out in n.ancestors() for out in left_out)
    ]


def test_a_game_and_a_table_share_one_panel_the_game_s_with_its_qr_code_and_downloads(client):
    game = Page(client.get(f"/g/{start_game(client)}")).find("details", cls="share")
    table = Page(client.get(f"/t/{make_table(client)}")).find("details", cls="share")
    assert shape(table) == shape(game, leave_out=GAME_ONLY)
    assert shape(game) != shape(game, leave_out=GAME_ONLY)
    # Each form's one-time token is its own.
    for panel in (game, table):
        nonce = panel.find("input", type="hidden", name="nonce").attrs["value"]
        assert re.fullmatch(r"[A-Za-z0-9_-]{22}", nonce), nonce


def test_a_game_is_listed_alike_on_the_home_page_and_on_its_table_s_page(client):
    table = make_table(client)
    form = Page(client.get(f"/?table={table}")).form(action="/games")
    token = token_of(submit(client, form, {}))
    listed = [
        Page(client.get(path)).find("a", href=f"/g/{token}").parent for path in ("/", f"/t/{table}")
    ]
    home, at_table = listed
    assert home.tag == "li" and shape(home) == shape(at_table)
    # The table says of a game not over that it is in play; both say how far it went, and when.
    status, at_table_status = (item.find("span", cls="status").text for item in listed)
    assert status.startswith("0 hands played · ")
    assert at_table_status == f"In play · {status}"
