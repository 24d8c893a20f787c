"""Sharing a result (issue 14, item 5): a finished game's summary in plain text for the table's
group chat, and the paper score sheet of any game, from either of its links.

The table is testsupport.playing's: Reds are Ana (seat 0) & Carla (seat 2), Blues are Bruno
(seat 1) & Davi (seat 3); Ana deals first.
"""

from __future__ import annotations

import pytest

import games
from testsupport.database import view_token_of
from testsupport.pages import MINUS, Node, Page
from testsupport.playing import NAMES, start_game
from testsupport.routes import HX
from web.summary import game_summary

ISOLATES = str.maketrans("", "", "\u2068\u2069")  # around every typed name in plain text
# Reds bid 4 + 3 and take 5 + 3: contract 7 made with a bag, +71. Blues bid 3 + 3 and take
# 3 + 2: set, −60.
REDS_MAKE_BLUES_SET = {"bids": (4, 3, 3, 3), "tricks": (5, 3, 3, 2)}


def summary(page: Page) -> str:
    """The text of a page's result summary, names without their isolating marks."""
    return page.find("textarea", id="result-text").raw_text().translate(ISOLATES)


def sheet_rows(page: Page, per_side: int = 5) -> list[list[tuple[str, ...]]]:
    """The score sheet's body, a list per hand: its number and dealer, then each side's cells
    (bids, tricks, points, bags, total)."""
    rows = []
    for row in page.find("tbody").find_all("tr"):
        cells = [cell.text for cell in row.children if isinstance(cell, Node)]
        sides = [tuple(cells[i : i + per_side]) for i in range(2, len(cells), per_side)]
        rows.append([tuple(cells[:2]), *sides])
    return rows


def finished_game(new_game, play) -> str:
    """A game to 200 that Reds win in 3 hands of REDS_MAKE_BLUES_SET: 213 to −180 (the floor,
    −200, not reached); its edit token."""
    edit = new_game(**NAMES, target="200")
    for _ in range(3):
        play(edit, **REDS_MAKE_BLUES_SET)
    return edit


def test_a_finished_partnership_game_sums_itself_up_in_a_line_per_fact(app, client, new_game, play):
    edit = finished_game(new_game, play)
    view = view_token_of(app, edit)
    page = Page(client.get(f"/g/{edit}"))
    assert summary(page).split("\n") == [
        f"♠ Spades — Reds (Ana & Carla) 213 – {MINUS}180 Blues (Bruno & Davi)",
        "Reds won in 3 hands.",
        f"http://localhost/v/{view}",
    ]
    box = page.find("textarea", id="result-text")
    assert "readonly" in box.attrs
    assert page.find("button", cls="copy", **{"data-copy": "result-text"})
    share = page.find("button", cls="share-sheet", **{"data-share": "result-text"})
    assert share.attrs["data-as"] == "text"  # app.js shares it as text, not as a link


def test_the_view_link_and_its_poll_show_the_same_summary(app, client, new_game, play):
    edit = finished_game(new_game, play)
    view = view_token_of(app, edit)
    scorer = summary(Page(client.get(f"/g/{edit}")))
    assert summary(Page(client.get(f"/v/{view}"))) == scorer
    assert summary(Page(client.get(f"/v/{view}", headers=HX))) == scorer


def test_a_side_that_falls_to_the_floor_is_named_in_the_summary(client, new_game, play):
    # Blues are set four times (−60 each): −240 is under the floor of −200; Reds have 284.
    edit = new_game(**NAMES)
    for _ in range(4):
        play(edit, **REDS_MAKE_BLUES_SET)
    lines = summary(Page(client.get(f"/g/{edit}"))).split("\n")
    assert lines[:2] == [
        f"♠ Spades — Reds (Ana & Carla) 284 – {MINUS}240 Blues (Bruno & Davi)",
        f"Reds won in 4 hands: Blues fell to {MINUS}240.",
    ]


def test_the_summary_is_written_in_the_pages_language(app, client, new_game, play):
    edit = finished_game(new_game, play)
    view = view_token_of(app, edit)
    english = summary(Page(client.get(f"/g/{edit}", headers={"Accept-Language": "en"})))
    client.set_cookie("lang", "pt_BR")
    page = Page(client.get(f"/g/{edit}", headers={"Accept-Language": "en"}))
    assert page.find("html").attrs["lang"] == "pt-BR"
    portuguese = summary(page)
    # The same facts, a line each, whatever the words: score, winner, link.
    score, winner, link = portuguese.split("\n")
    assert score.startswith("♠")
    for fact in ("Reds", "Ana", "Carla", "213", f"{MINUS}180", "Blues", "Bruno", "Davi"):
        assert fact in score
    assert "Reds" in winner and "3" in winner
    assert link == f"http://localhost/v/{view}"
    # Kept pages are kept per language: the English one is not handed out again.
    client.set_cookie("lang", "en")
    assert summary(Page(client.get(f"/g/{edit}"))) == english


def test_a_game_still_in_play_has_no_summary(app, client, new_game, play):
    edit = new_game(**NAMES)
    play(edit, **REDS_MAKE_BLUES_SET)
    view = view_token_of(app, edit)
    for address, headers in [
        (f"/g/{edit}", {}),
        (f"/g/{edit}", HX),
        (f"/v/{view}", {}),
        (f"/v/{view}", HX),
    ]:
        body = client.get(address, headers=headers).get_data(as_text=True)
        assert "result-text" not in body, address
        assert 'class="result"' not in body, address


def test_the_score_sheet_has_a_row_per_hand_with_the_running_totals(client, new_game, play):
    # Hand 1, Ana deals: REDS_MAKE_BLUES_SET, Reds +71 (1 bag) to 71, Blues −60 to −60.
    # Hand 2, Bruno deals: Ana bids Nil and takes none (+100), Carla bids 5 and takes 6: the
    # contract of 5 made with a bag (+51), +151 in all, Reds to 222 with 2 bags. Bruno and
    # Davi bid 4 + 3 and take 4 + 3: +70, Blues to 10.
    edit = new_game(**NAMES)
    play(edit, **REDS_MAKE_BLUES_SET)
    play(edit, bids=("nil", 4, 5, 3), tricks=(0, 4, 6, 3))
    response = client.get(f"/g/{edit}/sheet")
    assert response.status_code == 200
    page = Page(response)
    assert sheet_rows(page) == [
        [
            ("1", "Ana"),
            ("4 + 3", "5 + 3", "+71", "1", "71"),
            ("3 + 3", "3 + 2", f"{MINUS}60", "0", f"{MINUS}60"),
        ],
        [
            ("2", "Bruno"),
            ("Nil + 5", "0 + 6", "+151", "2", "222"),
            ("4 + 3", "4 + 3", "+70", "0", "10"),
        ],
    ]
    heads = [th.text for th in page.find_all("th", cls="side")]
    assert heads == ["Reds Ana & Carla", "Blues Bruno & Davi"]
    assert page.find(cls="sheet-back").find("a").attrs["href"] == f"/g/{edit}"
    assert "result-text" not in page.html  # still in play: nothing to share yet


def test_the_score_sheet_has_its_own_stylesheet_and_no_other_page_asks_for_it(client, new_game):
    edit = new_game(**NAMES)
    sheet = Page(client.get(f"/g/{edit}/sheet"))
    styles = [link.attrs["href"] for link in sheet.find_all("link", rel="stylesheet")]
    assert any(href.startswith("/static/sheet.css?v=") for href in styles), styles
    assert "sheet.css" not in client.get(f"/g/{edit}").get_data(as_text=True)


def test_the_game_pages_link_to_the_score_sheet_of_their_own_link(app, client, new_game):
    edit = new_game(**NAMES)
    view = view_token_of(app, edit)
    scorer = Page(client.get(f"/g/{edit}")).find("p", cls="downloads")
    assert f"/g/{edit}/sheet" in [a.attrs["href"] for a in scorer.find_all("a")]
    viewer = Page(client.get(f"/v/{view}")).find("p", cls="downloads")
    assert f"/v/{view}/sheet" in [a.attrs["href"] for a in viewer.find_all("a")]


def test_the_score_sheet_from_the_view_link_shows_the_game_and_nothing_of_the_edit_link(
    app, client, new_game, play
):
    edit = finished_game(new_game, play)
    view = view_token_of(app, edit)
    scorer = client.get(f"/g/{edit}/sheet")
    response = client.get(f"/v/{view}/sheet")
    assert response.status_code == 200
    page = Page(response)
    assert sheet_rows(page) == sheet_rows(Page(scorer))
    assert [row[1][-1] for row in sheet_rows(page)] == ["71", "142", "213"]
    assert "Reds won with 213!" in page.find(cls="sheet-result").text
    assert page.find(cls="sheet-back").find("a").attrs["href"] == f"/v/{view}"
    assert "/g/" not in response.get_data(as_text=True)
    # Kept off search engines and out of shared caches, as the game's other pages are.
    for answer in (scorer, response):
        assert "noindex" in answer.headers["X-Robots-Tag"]
    assert scorer.headers["Cache-Control"] == "no-store"
    assert response.headers["Cache-Control"] == "private, no-cache"


@pytest.mark.parametrize("link", ["g", "v"])
def test_a_score_sheet_at_an_unknown_link_is_not_found(client, link):
    assert client.get(f"/{link}/nosuchgame/sheet").status_code == 404


def test_a_three_handed_game_has_a_column_group_per_player(client, play):
    # Ana bids 5 and takes 5: +50. Bruno bids 6 and takes 7: +61 with a bag. Carla bids 6
    # and takes 5: set, −60. Seventeen tricks in all.
    edit = start_game(
        client, table="three_handed", player_0="Ana", player_1="Bruno", player_2="Carla"
    )
    play(edit, bids=(5, 6, 6), tricks=(5, 7, 5))
    page = Page(client.get(f"/g/{edit}/sheet"))
    assert [th.text for th in page.find_all("th", cls="side")] == ["Ana", "Bruno", "Carla"]
    assert sheet_rows(page) == [
        [
            ("1", "Ana"),
            ("5", "5", "+50", "0", "50"),
            ("6", "7", "+61", "1", "61"),
            ("6", "5", f"{MINUS}60", "0", f"{MINUS}60"),
        ],
    ]


def test_a_finished_game_without_partners_lists_the_players_from_first_place(client, play):
    # Two-handed, to 200: Ana bids 7 and takes 8 (+71), Bruno bids 6 and takes 5 (−60), three
    # times: Ana 213, Bruno −180.
    edit = start_game(client, table="two_handed", player_0="Bruno", player_1="Ana", target="200")
    for _ in range(3):
        play(edit, bids=(6, 7), tricks=(5, 8))
    lines = summary(Page(client.get(f"/g/{edit}"))).split("\n")
    assert lines[:2] == [f"♠ Spades — Ana 213 · Bruno {MINUS}180", "Ana won in 3 hands."]
    page = Page(client.get(f"/g/{edit}/sheet"))
    assert [th.text for th in page.find_all("th", cls="side")] == ["Bruno", "Ana"]
    assert [len(row) for row in sheet_rows(page)] == [3] * 3  # hand and dealer, two sides
    assert [row[2][-1] for row in sheet_rows(page)] == ["71", "142", "213"]  # Ana's totals


def test_every_name_in_the_summary_is_isolated_from_the_scores_around_it(client, new_game, play):
    # Right-to-left names: plain text takes no <bdi>, so each sits between FSI and PDI.
    names = {"team_0": "אדומים", "team_1": "الزرق", "player_0": "אנה", "player_1": "برونو"}
    names |= {"player_2": "כרמל", "player_3": "داود"}
    edit = new_game(**names, target="200")
    for _ in range(3):
        play(edit, **REDS_MAKE_BLUES_SET)
    text = Page(client.get(f"/g/{edit}")).find("textarea", id="result-text").raw_text()
    for name in names.values():
        assert f"\u2068{name}\u2069" in text, name
    assert text.count("\u2068") == text.count("\u2069") == 7  # six names, the winner again


def test_a_series_line_given_goes_between_the_winner_and_the_link(app, client, new_game, play):
    edit = finished_game(new_game, play)
    view = view_token_of(app, edit)
    with app.test_request_context("/"):
        scored = games.load(edit)
        text = game_summary(scored.record, scored.state, "Reds lead the series 2–1.")
    assert text.translate(ISOLATES).split("\n")[1:] == [
        "Reds won in 3 hands.",
        "Reds lead the series 2–1.",
        f"http://localhost/v/{view}",
    ]


def test_a_game_in_play_has_no_summary_to_make(app, new_game, play):
    edit = new_game(**NAMES)
    play(edit, **REDS_MAKE_BLUES_SET)
    with app.test_request_context("/"):
        scored = games.load(edit)
        with pytest.raises(ValueError, match="finished"):
            game_summary(scored.record, scored.state)
