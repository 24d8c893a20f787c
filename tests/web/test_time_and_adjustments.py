"""Time called and adjustments through the scorer's pages: calling time ends the game after the
hand in play (a shared top plays on), Resume takes it back, and an adjustment after a hand
changes the totals, the history, "why this score", the CSV and the JSON, and can be removed.
Refusals are worded in the user's language, answer 4xx and write nothing.

Seats are 0-3 clockwise; team A (Reds) is seats 0 and 2, team B (Blues) 1 and 3; GameLake rules.
"""

from __future__ import annotations

from testsupport.answers import csv_table
from testsupport.database import snapshot, stored_game
from testsupport.pages import Page, submit
from testsupport.playing import EVEN, NAMES, adjust, enter, game_page, press, start_game
from testsupport.tournaments import PT


def started(client) -> str:
    """A new game of the table most tests sit at; its edit token."""
    return start_game(client, **NAMES)


def test_time_called_with_bids_entered_ends_the_game_after_that_hand(client):
    token = started(client)
    enter(client, token, **EVEN)  # A +61, B +60
    enter(client, token, bids=EVEN["bids"])  # hand 2's bids are in
    press(client, token, "time")
    page = game_page(client, token)
    assert page.texts("time-called") == ["Time called: hand 2 is the last."]
    assert page.has_form("hand-form")
    page = enter(client, token, tricks=EVEN["tricks"])  # A +61 → 122, B +60 → 120
    assert page.totals() == (122, 120)
    assert "highest when time was called" in page.find(cls="banner").text
    assert not page.has_form("hand-form")


def test_time_called_with_a_shared_top_plays_another_hand(client):
    token = started(client)
    enter(client, token, bids=(3, 3, 3, 3), tricks=(3, 3, 4, 3))  # A +61, B +60
    enter(client, token, bids=(3, 3, 3, 3), tricks=(3, 4, 3, 3))  # A +60 → 121, B +61 → 121
    press(client, token, "time")
    page = game_page(client, token)
    assert page.totals() == (121, 121)
    assert page.texts("time-called") == [
        "Time called: the top is shared, so one more hand decides."
    ]
    assert page.has_form("hand-form")
    page = enter(client, token, **EVEN)
    assert "highest when time was called" in page.find(cls="banner").text


def test_resume_takes_time_called_back(client, app):
    token = started(client)
    enter(client, token, **EVEN)
    press(client, token, "time")
    assert stored_game(app, token).time_called_after == 1
    press(client, token, "resume")
    page = game_page(client, token)
    assert page.texts("time-called") == []
    assert page.has_form("hand-form")
    assert stored_game(app, token).time_called_after is None


def test_calling_time_twice_is_refused_in_words_and_writes_nothing(client, app):
    token = started(client)
    enter(client, token, **EVEN)
    enter(client, token, bids=EVEN["bids"])  # hand 2 is in play: time leaves the game going
    press(client, token, "time")
    # The page now offers Resume; a Call time sent with its fields (a second phone's) is refused.
    form = game_page(client, token).form(action=f"/g/{token}/resume")
    form.attrs["action"] = f"/g/{token}/time"
    before = snapshot(app)
    for headers, words in (
        ({}, "Time is already called."),
        ({"HX-Request": "true"}, "Time is already called."),
        ({"Accept-Language": "pt-BR"}, "O fim do tempo já foi anunciado."),
    ):
        response = submit(client, form, headers=headers)
        assert response.status_code == 422
        assert words in response.get_data(as_text=True)
    assert snapshot(app) == before


def test_an_adjustment_changes_the_totals_history_breakdown_csv_and_json(client, app):
    token = started(client)
    enter(client, token, **EVEN)  # A 61, B 60
    enter(client, token, **EVEN)  # A 122, B 120
    adjust(client, token, 1, {"side": "1", "points": "-50", "reason": "renege"})
    page = game_page(client, token)
    assert page.totals() == (122, 70)
    lines = page.texts("adjustment")
    assert any("renege" in line and "−50" in line and "10" in line for line in lines), lines
    view = stored_game(app, token).view_token
    rows = csv_table(client.get(f"/v/{view}.csv"))
    header, *body = rows
    note = header.index("note")
    adjusted = [row for row in body if row[note] == "renege"]
    assert len(adjusted) == 1
    assert adjusted[0][header.index("hand_points")] == "-50"
    assert adjusted[0][header.index("total")] == "10"
    data = client.get(f"/v/{view}.json").get_json()
    assert data["adjustments"] == [
        {"after_hand": 1, "side": 1, "points": -50, "reason": "renege", "total": 10}
    ]
    assert data["time_called_after"] is None
    assert data["totals"] == [122, 70]


def test_points_are_taken_away_without_a_minus_key_by_choosing_take_away(client):
    """A phone's number pad may have no minus key: "Take points away" beside the number takes
    the points typed (and a number typed negative stays taken)."""
    token = started(client)
    enter(client, token, **EVEN)  # A 61, B 60
    enter(client, token, **EVEN)  # A 122, B 120
    form = Page(client.get(f"/g/{token}/hands/1/adjustment", headers=PT)).form(
        action=f"/g/{token}/hands/1/adjustment"
    )
    assert form.find("input", name="points").attrs["inputmode"] == "numeric"
    assert "Tirar pontos" in form.text
    adjust(client, token, 1, {"side": "1", "direction": "take", "points": "50", "reason": "a"})
    adjust(client, token, 1, {"side": "0", "direction": "take", "points": "-20", "reason": "b"})
    adjust(client, token, 2, {"side": "0", "direction": "give", "points": "5", "reason": "c"})
    assert game_page(client, token).totals() == (107, 70)


def test_the_last_hands_adjustment_is_in_why_this_score(client):
    token = started(client)
    enter(client, token, **EVEN)
    adjust(client, token, 1, {"side": "0", "points": "25", "reason": "slow play"})
    page = game_page(client, token)
    why = page.find(cls="last-hand").text
    assert "slow play" in why and "+25" in why


def test_removing_an_adjustment_puts_the_totals_back(client, app):
    token = started(client)
    enter(client, token, **EVEN)
    adjust(client, token, 1, {"side": "1", "points": "-50", "reason": "renege"})
    page = Page(client.get(f"/g/{token}/hands/1/adjustments/1/remove"))
    response = submit(client, page.form(action=f"/g/{token}/hands/1/adjustments/1/remove"))
    assert response.status_code == 303
    assert game_page(client, token).totals() == (61, 60)
    assert stored_game(app, token).adjustments == []


def test_a_double_tapped_adjustment_is_one_adjustment(client, app):
    token = started(client)
    enter(client, token, **EVEN)
    page = Page(client.get(f"/g/{token}/hands/1/adjustment"))
    form = page.form(action=f"/g/{token}/hands/1/adjustment")
    changes = {"side": "0", "points": "30", "reason": "ruling"}
    assert submit(client, form, changes).status_code == 303
    assert submit(client, form, changes).status_code == 303
    assert len(stored_game(app, token).adjustments) == 1
    assert game_page(client, token).totals() == (91, 60)


def test_bad_adjustments_are_refused_in_words_and_write_nothing(client, app):
    token = started(client)
    enter(client, token, **EVEN)
    before = snapshot(app)
    for changes, words in (
        ({"side": "0", "points": "0", "reason": "x"}, "other than 0"),
        ({"side": "0", "points": "1001", "reason": "x"}, "at most 1000"),
        ({"side": "0", "points": "5", "reason": ""}, "reason"),
        ({"side": "0", "points": "many", "reason": "x"}, "number"),
    ):
        for headers in ({}, {"HX-Request": "true"}):
            page = Page(client.get(f"/g/{token}/hands/1/adjustment"))
            form = page.form(action=f"/g/{token}/hands/1/adjustment")
            response = submit(client, form, changes, headers=headers)
            assert response.status_code == 422
            assert words in response.get_data(as_text=True)
    assert snapshot(app) == before


def test_an_adjustment_is_refused_in_portuguese(client):
    token = started(client)
    enter(client, token, **EVEN)
    headers = {"Accept-Language": "pt-BR"}
    page = Page(client.get(f"/g/{token}/hands/1/adjustment", headers=headers))
    form = page.form(action=f"/g/{token}/hands/1/adjustment")
    response = submit(client, form, {"side": "0", "points": "0", "reason": "x"}, headers=headers)
    assert response.status_code == 422
    assert "diferente de 0" in response.get_data(as_text=True)


def test_an_adjustment_that_would_end_the_game_before_later_hands_is_refused(client, app):
    token = started(client)
    enter(client, token, **EVEN)
    enter(client, token, **EVEN)
    before = snapshot(app)
    response = adjust(client, token, 1, {"side": "0", "points": "1000", "reason": "x"}, 422)
    assert "before the hands that follow" in response.get_data(as_text=True)
    assert snapshot(app) == before


def test_the_time_called_line_and_its_button_are_in_portuguese(client):
    token = started(client)
    enter(client, token, **EVEN)
    enter(client, token, bids=EVEN["bids"])
    headers = {"Accept-Language": "pt-BR"}
    assert "Anunciar o fim do tempo" in game_page(client, token, headers=headers).response.text
    press(client, token, "time")
    page = game_page(client, token, headers=headers)
    assert page.texts("time-called") == ["Fim do tempo anunciado: a mão 2 é a última."]


def test_the_view_link_shows_that_time_was_called(client, app):
    token = started(client)
    enter(client, token, **EVEN)
    enter(client, token, bids=EVEN["bids"])
    press(client, token, "time")
    view = Page(client.get(f"/v/{stored_game(app, token).view_token}"))
    assert view.texts("time-called") == ["Time called: hand 2 is the last."]
    assert not view.find_all("form", action=f"/g/{token}/resume")


def test_undoing_a_hand_takes_its_adjustments_with_it(client, app):
    token = started(client)
    enter(client, token, **EVEN)
    enter(client, token, **EVEN)
    adjust(client, token, 2, {"side": "0", "points": "40", "reason": "ruling"})
    page = Page(client.get(f"/g/{token}/undo"))
    assert submit(client, page.form(action=f"/g/{token}/undo")).status_code == 303
    assert stored_game(app, token).adjustments == []
    assert game_page(client, token).totals() == (61, 60)


def test_the_view_link_shows_adjustments_but_cannot_remove_them(client, app):
    token = started(client)
    enter(client, token, **EVEN)
    adjust(client, token, 1, {"side": "1", "points": "15", "reason": "misdeal"})
    view = Page(client.get(f"/v/{stored_game(app, token).view_token}"))
    assert any("misdeal" in line for line in view.texts("adjustment"))
    assert not view.find_all("a", cls="remove")
    assert f"/g/{token}" not in view.response.text


def test_a_correction_that_an_adjustment_would_turn_into_an_early_end_is_refused(client, app):
    token = started(client)
    enter(client, token, **EVEN)  # A 61, B 60
    enter(client, token, **EVEN)  # A 122, B 120
    adjust(client, token, 1, {"side": "0", "points": "400", "reason": "ruling"})  # A 461 then
    before = snapshot(app)
    # Hand 1 corrected to A bid 6 + 6 and take all 13 (+121): with the adjustment A has 521
    # after hand 1, which would end the game before hand 2.
    page = Page(client.get(f"/g/{token}/hands/1?players=1"))
    form = page.form(action=f"/g/{token}/hands/1")
    taps = {"bid_0": "6", "bid_1": "1", "bid_2": "6", "bid_3": "1"}
    taps |= {"tricks_0": "7", "tricks_1": "0", "tricks_2": "6", "tricks_3": "0"}
    response = submit(client, form, taps)
    assert response.status_code == 422
    assert snapshot(app) == before


def test_with_htmx_call_time_answers_the_games_part_at_once(client):
    token = started(client)
    enter(client, token, **EVEN)
    enter(client, token, bids=EVEN["bids"])
    form = game_page(client, token).form(action=f"/g/{token}/time")
    assert form.attrs["hx-post"] == f"/g/{token}/time"
    response = submit(client, form, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert Page(response).texts("time-called") == ["Time called: hand 2 is the last."]
