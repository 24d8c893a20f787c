"""The live scoreboard behind the view link, through the test client (issue #4): what it shows,
read-only, and its polling every 3 seconds until the game is over.

The table, its seats and the hands it plays are testsupport.playing's (GameLake rules).
"""

from __future__ import annotations

import re

from testsupport.answers import Tags, section_tag, text_of
from testsupport.database import view_token_of
from testsupport.pages import MINUS
from testsupport.playing import NAMES, finished_game, hand_form, playing_game
from testsupport.routes import HX
from web.pages import HISTORY_SHOWN


def test_a_game_in_progress_polls_every_3_seconds(app, client, new_game, play):
    view = view_token_of(app, playing_game(new_game, play))
    for headers in (HX, {}):
        body = client.get(f"/v/{view}", headers=headers).get_data(as_text=True)
        section = section_tag(body)
        assert section.get("hx-trigger") == "every 3s"
        assert section.get("hx-get") == f"/v/{view}"
    partial = client.get(f"/v/{view}", headers=HX).get_data(as_text=True)
    assert partial.lstrip().startswith('<section class="game view"')
    assert "<html" not in partial


def test_polling_stops_once_the_game_is_over(app, client, new_game, play):
    view = view_token_of(app, finished_game(new_game, play))
    for headers in (HX, {}):
        body = client.get(f"/v/{view}", headers=headers).get_data(as_text=True)
        section = section_tag(body)
        assert "hx-trigger" not in section
        assert "hx-get" not in section
        assert "every 3s" not in body
        assert "Reds won" in text_of(body)


def test_the_view_page_shows_the_score_the_hand_in_play_and_history_without_edit_links(
    app, client, new_game, play
):
    edit = playing_game(new_game, play)  # hand 1 played (Reds -70, Blues 61), hand 2 bid
    view = view_token_of(app, edit)
    body = client.get(f"/v/{view}").get_data(as_text=True)
    tags = Tags(body)
    text = text_of(body)
    # Totals and bags.
    assert f"Reds Ana & Carla {MINUS}70" in text
    assert "Blues Bruno & Davi 61" in text
    assert "1 bag" in text
    # The hand in play: who deals, the bids in bidding order and both contracts.
    assert "Hand 2" in text
    assert "Bruno deals · Carla bids first" in text
    assert "Carla 2 · Davi 4 · Ana 2 · Bruno 3" in text
    assert "Ana & Carla need 4" in text
    assert "Bruno & Davi need 7" in text
    # History, read-only.
    assert "Hand 1 · Ana dealt" in text
    assert "Edit" not in text
    assert not tags.all("a", class_="edit")
    assert "/hands/" not in body
    assert "/g/" not in body
    assert [form.get("action") for form in tags.all("form")] == ["/language"]
    # The chart and the downloads.
    assert re.search(r"<figure class=\"chart\"><svg\b", body)
    links = {a.get("href") for a in tags.all("a")}
    assert f"/v/{view}.csv" in links
    assert f"/v/{view}.json" in links


def test_a_view_showing_all_hands_keeps_showing_them_all_when_it_polls(app, client, new_game):
    # More hands than a page lists at first; played to 10000 so the game goes on.
    # Each hand: A bid 3 + 3 and take 6 (+60), B bid 4 + 3 and take 7 (+70).
    edit = new_game(**NAMES, target="10000")
    view = view_token_of(app, edit)
    for _ in range(11):
        data = hand_form((3, 4, 3, 3), (3, 4, 3, 3))
        assert client.post(f"/g/{edit}/hand", data=data).status_code == 303
    first = client.get(f"/v/{view}").get_data(as_text=True)
    assert first.count('<li class="hand">') == HISTORY_SHOWN
    assert "Show all 11 hands" in text_of(first)
    page = client.get(f"/v/{view}?all=1").get_data(as_text=True)
    assert page.count('<li class="hand">') == 11
    # The page asks for itself again every 3 s and htmx swaps in what comes back.
    poll = section_tag(page)["hx-get"]
    polled = client.get(poll, headers=HX).get_data(as_text=True)
    assert polled.count('<li class="hand">') == 11, f"polling {poll} shows fewer hands"


def test_the_view_page_says_it_is_waiting_for_bids_before_any_are_in(app, client, new_game, play):
    view = view_token_of(app, playing_game(new_game, play, bids=None))
    text = text_of(client.get(f"/v/{view}").get_data(as_text=True))
    assert "Waiting for the bids." in text
    assert "need" not in text
