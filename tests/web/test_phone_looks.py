"""What a phone at the table reads that a browser need not draw to tell: the game's score in
the page's title after every save (swapped in by htmx, or a whole new page without script),
and the hand in play's contracts in the order its bids were made.

Seats are 0-3 clockwise (North, East, South, West); the player left of the dealer bids first.
"""

from __future__ import annotations

from testsupport.pages import Node, Page, contracts
from testsupport.playing import NAMES, enter, link_on, start_game
from testsupport.routes import HX

ISOLATE, POP = "\u2068", "\u2069"  # how a name is set apart where no markup may go


def page_titles(page: Page) -> list[Node]:
    """Every <title> of a page or part that names the page (a chart's, inside its <svg>, does
    not), in document order."""
    return [
        node
        for node in page.find_all("title")
        if not any(above.tag == "svg" for above in node.ancestors())
    ]


def titles(page: Page) -> list[str]:
    """The text of every title that names the page (`page_titles`)."""
    return [node.text for node in page_titles(page)]


def bids_line(page: Page) -> str:
    """The hand in play's bids, as the line under its contracts says them."""
    return page.find(cls="bids-line").text


def test_a_save_under_htmx_answers_the_new_score_as_the_title_beside_the_game_section(client):
    token = start_game(client, **NAMES)
    page = enter(client, token, bids=(4, 3, 3, 3))
    form = page.form("hand-form")
    # Tapped on the page as it is, with htmx's header: A bid 7, take 6: −70; B take 7: +61.
    part = enter(client, token, tricks=(3, 4, 3, 3), expect=200, headers=HX, page=page)
    assert form.attrs["hx-post"] == form.attrs["action"]
    assert "<html" not in part.html
    assert titles(part) == [f"{ISOLATE}Reds{POP} −70 – 61 {ISOLATE}Blues{POP}"]
    # htmx takes the title only from the top level of the answer, beside the swapped section.
    [title] = page_titles(part)
    assert title.parent is part.root


def test_without_script_a_save_leads_to_a_page_titled_with_the_new_score(client):
    token = start_game(client, **NAMES)
    enter(client, token, bids=(4, 3, 3, 3))
    page = enter(client, token, tricks=(3, 4, 3, 3))
    assert titles(page) == [f"{ISOLATE}Reds{POP} −70 – 61 {ISOLATE}Blues{POP}"]


def test_a_whole_game_page_keeps_its_one_title_in_its_head(client):
    token = start_game(client, **NAMES)
    page = Page(client.get(f"/g/{token}"))
    [title] = page_titles(page)
    assert title.parent is not None and title.parent.tag == "head"
    assert title.text == f"{ISOLATE}Reds{POP} 0 – 0 {ISOLATE}Blues{POP}"


def test_the_view_links_swapped_part_carries_the_title_of_the_score_it_shows(client):
    token = start_game(client, **NAMES)
    page = enter(client, token, bids=(4, 3, 3, 3))
    enter(client, token, tricks=(3, 4, 3, 3), page=page)
    path = f"/v/{link_on(client, f'/g/{token}', '/v')}"
    part = Page(client.get(path, headers=HX))
    [title] = page_titles(part)
    assert title.parent is part.root
    assert title.text == f"{ISOLATE}Reds{POP} −70 – 61 {ISOLATE}Blues{POP}"
    whole = Page(client.get(path))
    assert [t.parent.tag for t in page_titles(whole)] == ["head"]


def test_with_partners_the_contracts_are_said_in_the_order_the_bids_were_made(client):
    # North deals: East bids first, so East & West's contract comes first, as their bid does.
    token = start_game(client, **NAMES)
    page = enter(client, token, bids=(4, 3, 3, 2))
    assert bids_line(page).startswith("Bruno 3 · Carla 3 · Davi 2 · Ana 4")
    assert contracts(page) == ["Bruno & Davi need 5", "Ana & Carla need 7"]


def test_players_on_their_own_have_their_contracts_said_in_the_order_they_bid(client):
    # Three players, East deals: South bids first, then North, then East.
    players = {"player_0": "Ana", "player_1": "Bruno", "player_2": "Carla"}
    token = start_game(client, table="three_handed", first_dealer="1", **players)
    page = enter(client, token, bids=(5, 6, 4))
    assert bids_line(page).startswith("Carla 4 · Ana 5 · Bruno 6")
    assert contracts(page) == ["Carla needs 4", "Ana needs 5", "Bruno needs 6"]
