"""The score sheet of a game with adjustments and time called (issue 26): each adjustment is a
row of its own in its place after its hand, with its reason, its points in its side's columns
and that side's running total after it, and the later hands' totals include it; a game whose
time is called says so above the sheet. In either language, from either link.

The table is testsupport.playing's: Reds are Ana (seat 0) & Carla (seat 2), Blues are Bruno
(seat 1) & Davi (seat 3); Ana deals first; GameLake rules.
"""

from __future__ import annotations

from testsupport.database import view_token_of
from testsupport.pages import MINUS, Node, Page
from testsupport.playing import EVEN, NAMES, adjust, enter, press, start_game

# EVEN as the sheet writes it for each team: bids, tricks, and the hand's points and bags.
REDS_EVEN = ("3 + 3", "4 + 3", "+61", "1")
BLUES_EVEN = ("3 + 3", "3 + 3", "+60", "0")
BLANK = ("",) * 5  # a side's five cells on another side's adjustment row


def sheet(client, token: str, link: str = "g") -> Page:
    """A game's score sheet, from its edit link (`g`) or view link (`v`) token."""
    response = client.get(f"/{link}/{token}/sheet")
    assert response.status_code == 200
    return Page(response)


def rows(page: Page) -> list[tuple]:
    """The sheet's body, a row each: its kind (its class), its head cells, then each side's five
    cells (bids, tricks, points, bags, total)."""
    found = []
    for row in page.find("tbody").find_all("tr"):
        cells = [cell for cell in row.children if isinstance(cell, Node)]
        head = [cell.text for cell in cells if cell.tag == "th"]
        figures = [cell.text for cell in cells if cell.tag == "td"]
        if row.attrs.get("class") == "hand":  # its number is the head, its dealer a cell
            head, figures = head + figures[:1], figures[1:]
        sides = [tuple(figures[i : i + 5]) for i in range(0, len(figures), 5)]
        found.append((row.attrs.get("class"), tuple(head), *sides))
    return found


def adjusted_game(client) -> str:
    """Two hands of EVEN, and after hand 1 two adjustments: Blues −50 for a renege, then Reds
    −20 for slow play. Its edit token."""
    token = start_game(client, **NAMES)
    enter(client, token, **EVEN)  # Reds 61, Blues 60
    adjust(client, token, 1, {"side": "1", "points": "-50", "reason": "renege"})  # Blues 10
    adjust(client, token, 1, {"side": "0", "points": "-20", "reason": "slow play"})  # Reds 41
    enter(client, token, **EVEN)  # Reds 41 + 61, Blues 10 + 60
    return token


def test_each_adjustment_is_a_row_after_its_hand_and_the_totals_after_it_include_it(client):
    page = sheet(client, adjusted_game(client))
    assert rows(page) == [
        ("hand", ("1", "Ana"), (*REDS_EVEN, "61"), (*BLUES_EVEN, "60")),
        ("adjustment", ("adjustment: renege",), BLANK, ("", "", f"{MINUS}50", "", "10")),
        ("adjustment", ("adjustment: slow play",), ("", "", f"{MINUS}20", "", "41"), BLANK),
        ("hand", ("2", "Bruno"), ("3 + 3", "4 + 3", "+61", "2", "102"), (*BLUES_EVEN, "70")),
    ]
    assert page.find("p", cls="sheet-score").text == "Reds 102 – 70 Blues"


def test_the_sheet_names_an_adjustment_in_portuguese(client):
    token = adjusted_game(client)
    client.set_cookie("lang", "pt_BR")
    heads = [row[1] for row in rows(sheet(client, token)) if row[0] == "adjustment"]
    assert heads == [("ajuste: renege",), ("ajuste: slow play",)]


def test_the_view_links_sheet_shows_the_same_adjustments(app, client):
    token = adjusted_game(client)
    view = view_token_of(app, token)
    shown = rows(sheet(client, view, "v"))
    assert [row[0] for row in shown] == ["hand", "adjustment", "adjustment", "hand"]
    assert shown == rows(sheet(client, token))


def test_an_adjustment_row_heads_its_row_for_a_screen_reader(client):
    page = sheet(client, adjusted_game(client))
    adjustment = page.find("tr", cls="adjustment")
    head = adjustment.find("th")
    assert (head.attrs["scope"], head.attrs["colspan"]) == ("row", "2")
    # As many cells as a hand's row: the columns under each side stay in line.
    hand = page.find("tr", cls="hand")
    assert len(list(adjustment.children)) == len(list(hand.children)) - 1


def test_time_called_is_said_on_the_sheet_while_the_last_hand_is_played(client):
    token = start_game(client, **NAMES)
    enter(client, token, **EVEN)
    enter(client, token, bids=EVEN["bids"])  # hand 2 is in play
    press(client, token, "time")
    assert sheet(client, token).texts("time-called") == ["Time called: hand 2 is the last."]
    client.set_cookie("lang", "pt_BR")
    assert sheet(client, token).texts("time-called") == [
        "Fim do tempo anunciado: a mão 2 é a última."
    ]
    client.set_cookie("lang", "en")
    enter(client, token, tricks=EVEN["tricks"])  # Reds 122, Blues 120
    page = sheet(client, token)
    assert page.texts("time-called") == []  # the result says it now
    assert page.find(cls="sheet-result").text == "Reds won: highest when time was called."


def test_a_sheet_without_time_called_says_nothing_of_time(client):
    token = start_game(client, **NAMES)
    enter(client, token, **EVEN)
    assert sheet(client, token).texts("time-called") == []


def test_an_adjustments_typed_reason_is_set_apart_like_a_typed_name(client):
    token = adjusted_game(client)
    for path in (f"/g/{token}/sheet", f"/g/{token}/hands/1"):
        html = client.get(path).get_data(as_text=True)
        assert "<bdi>renege</bdi>" in html, path
