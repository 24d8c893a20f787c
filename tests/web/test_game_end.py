"""The card-table app through its pages: the end of a game, a rematch, and the games on this
device.

Every hand is tapped into the form the page renders (see `testsupport.pages.submit`), so a test
only presses buttons a person could press. Seats are 0-3 clockwise: North, East, South, West;
team A is North & South (seats 0 and 2), team B is East & West (seats 1 and 3). Expected totals
are worked out by hand in the comments, with the rules of docs/rules.md.
"""

from __future__ import annotations

from testsupport.database import snapshot, stored_game
from testsupport.pages import Page, deal_line, submit
from testsupport.playing import NAMES, enter, game_page, play_floor_game, start_game, token_of

# --- the end of a game ------------------------------------------------------------------------


def test_reaching_500_ends_the_game_with_a_banner(client, new_game):
    token = new_game()
    # Hands 1-2: North Nil takes 0 (+100), South bids 13 and takes 13 (+130): +230 each.
    #            B bid 1 + 1 = 2 and take nothing: −20 each.
    page = None
    for _ in range(2):
        page = enter(client, token, bids=("nil", 1, 13, 1), tricks=(0, 0, 13, 0), page=page)
    assert page.totals() == (460, -40)
    # Hand 3: A bid 2 + 2 = 4, take 4 → +40 = 500 exactly; B bid 4 + 5 = 9, take 9 → +90 = 50.
    page = enter(client, token, bids=(2, 4, 2, 5), tricks=(2, 4, 2, 5), page=page)
    assert page.totals() == (500, 50)
    assert page.find(cls="banner").text == "Team A won with 500!"
    assert not page.has_form("hand-form")
    assert page.has_form("rematch")
    assert page.texts("to-win") == []


def test_falling_to_minus_200_ends_the_game(client):
    token = play_floor_game(client)
    page = game_page(client, token)
    assert page.totals() == (44, -200)
    assert page.find(cls="banner").text == "Team A won: Team B fell to −200."
    assert not page.has_form("hand-form")


def test_negative_totals_are_printed_with_a_real_minus_sign_everywhere(client):
    token = play_floor_game(client)  # 44 – −200, after 22 – −100
    page = game_page(client, token)
    assert page.texts("total") == ["44", "−200"]
    shown = {
        "banner": page.find(cls="banner").text,
        "history": " ".join(page.texts("running")),
        "title": page.find("title").text,
        "games on this device": Page(client.get("/")).find(cls="my-games").text,
    }
    hyphens = {where: text for where, text in shown.items() if "-200" in text or "-100" in text}
    assert hyphens == {}
    assert all("−200" in text for text in shown.values())


def test_equal_totals_past_the_target_mean_play_another_hand(client, new_game):
    token = new_game(target=100)
    # Hand 1: A bid 3 + 3 = 6, take 3 + 3 = 6 → +60; B bid 6, take 4 + 3 = 7 → +61.
    page = enter(client, token, bids=(3, 3, 3, 3), tricks=(3, 4, 3, 3))
    # Hand 2: A take 4 + 3 = 7 → +61 (121); B take 3 + 3 = 6 → +60 (121).
    page = enter(client, token, bids=(3, 3, 3, 3), tricks=(4, 3, 3, 3), page=page)
    assert page.totals() == (121, 121)
    assert page.find(cls="banner").text == "Tie at 121: play another hand."
    assert "Hand 3" in page.form("hand-form").text
    # Hand 3: A +61 → 182; B +60 → 181: A win.
    page = enter(client, token, bids=(3, 3, 3, 3), tricks=(4, 3, 3, 3), page=page)
    assert page.totals() == (182, 181)
    assert page.find(cls="banner").text == "Team A won with 182!"


def test_no_hand_can_be_added_after_the_game_is_over(app, client, play):
    token = play_floor_game(client)
    before = snapshot(app)
    response = play(token, (3, 3, 3, 3), tricks=(4, 3, 3, 3), expect=422)
    assert snapshot(app) == before
    page = Page(response)
    assert "The game is over: no more hands." in page.all_errors()
    response = play(token, (3, 3, 3, 3), expect=422)  # bids alone neither
    assert snapshot(app) == before


def test_the_last_hand_can_still_be_edited_after_the_game_is_over(client):
    token = play_floor_game(client)
    page = Page(client.get(f"/g/{token}/hands/2"))
    # Hand 2 corrected: North 1, East 5, South 2, West 5.
    # A bid 2, took 1 + 2 = 3 → +20 + 1 bag = 21: 22 + 21 = 43.
    # B bid 10, took 5 + 5 = 10 → +100: −100 + 100 = 0. Nobody has reached an end.
    response = submit(client, page.form("hand-form"), {"tricks_0": 1, "tricks_1": 5})
    assert response.status_code == 303
    page = game_page(client, token)
    assert page.totals() == (43, 0)
    assert not page.find_all(cls="banner")
    assert "Hand 3" in page.form("hand-form").text


# --- rematch ----------------------------------------------------------------------------------


def test_a_rematch_keeps_names_and_rules_and_passes_the_first_deal_on(app, client):
    token = play_floor_game(client, first_dealer=1, target=400, **NAMES)
    old = stored_game(app, token)
    before = snapshot(app)
    response = submit(client, game_page(client, token).form("rematch"))
    new_token = token_of(response)
    assert new_token != token

    new = stored_game(app, new_token)
    assert new.teams == old.teams == ("Reds", "Blues")
    assert new.players == old.players == ("Ana", "Bruno", "Carla", "Davi")
    assert new.rules == old.rules
    assert new.scoring_rules.target == 400
    assert new.preset == old.preset
    # Bruno (seat 1) dealt hand 1, Carla hand 2: Davi (seat 3) deals next.
    assert new.first_dealer == 3
    # The old game is untouched; the new one starts from nothing.
    games, hands = snapshot(app)
    assert games[: len(before[0])] == before[0] and hands == before[1]
    page = game_page(client, new_token)
    assert page.totals() == (0, 0)
    assert deal_line(page) == "Davi deals · Ana bids first"


def test_a_rematch_started_on_another_phone_is_listed_on_that_phone(app, client):
    token = play_floor_game(client, team_0="Owls", team_1="Bats")
    other = app.test_client()  # the phone the scoring was handed over to
    response = submit(other, game_page(other, token).form("rematch"))
    rematch = token_of(response)
    listed = [a.attrs["href"] for a in Page(other.get("/")).find_all("a")]
    assert f"/g/{rematch}" in listed


# --- games on this device ---------------------------------------------------------------------


def test_games_on_this_device_are_listed_newest_first_with_score_and_status(app, client):
    first = start_game(client, team_0="Reds", team_1="Blues")
    enter(client, first, bids=(4, 3, "nil", 5), tricks=(5, 3, 0, 5))  # 141, 80
    second = start_game(client, team_0="Cats", team_1="Dogs")
    third = play_floor_game(client, team_0="Owls", team_1="Bats")  # 44, −200: Owls won

    page = Page(client.get("/"))
    section = page.find(cls="my-games")
    assert "Games on this device" in section.text
    items = section.find_all("li")
    assert [li.find("a").attrs["href"] for li in items] == [
        f"/g/{third}",
        f"/g/{second}",
        f"/g/{first}",
    ]
    scores = [li.find(cls="score").text for li in items]
    assert scores == ["Owls 44 – −200 Bats", "Cats 0 – 0 Dogs", "Reds 141 – 80 Blues"]
    statuses = [li.find(cls="status").text for li in items]
    assert statuses[0].startswith("Owls won")
    assert statuses[1].startswith("0 hands played")
    assert statuses[2].startswith("1 hand played")

    stranger = app.test_client()
    other = Page(stranger.get("/"))
    assert not other.find_all(cls="my-games")
    assert "Games on this device" not in other.text
    for name in ("Reds", "Cats", "Owls"):
        assert name not in other.text
