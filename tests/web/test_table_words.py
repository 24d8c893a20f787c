"""What the table reads: a Save with no tricks tapped, the teams' names on the new-game form, the
winner's banner, and counts of nothing in Portuguese."""

from __future__ import annotations

from testsupport.database import snapshot, stored_hands
from testsupport.pages import Page, submit
from testsupport.playing import NAMES, enter, game_page, start_game
from testsupport.routes import HX

TAP_THE_TRICKS = "Tap the tricks each team took."
PT = {"Accept-Language": "pt-BR"}


def save_with_no_tricks(client, token, headers=None, path=""):
    """Tap Save on the game page's hand form (the tricks form once bids are in), nothing else."""
    page = Page(client.get(f"/g/{token}{path}", headers=headers or {}))
    return submit(client, page.form("hand-form"), headers=headers)


def test_saving_a_hand_with_no_tricks_tapped_is_refused_and_says_to_tap_them(app, client, play):
    token = start_game(client, **NAMES)
    play(token, (3, 3, 3, 3))  # the bids of hand 1 are in: the tricks form shows
    before = snapshot(app)
    response = save_with_no_tricks(client, token)
    assert response.status_code == 422
    page = Page(response)
    assert page.form_errors() == [TAP_THE_TRICKS]
    assert page.options("team_tricks_0")  # the trick rows are still there to tap
    assert snapshot(app) == before


def test_the_refusal_to_save_without_tricks_is_swapped_in_by_htmx(app, client, play):
    token = start_game(client, **NAMES)
    play(token, (3, 3, 3, 3))
    before = snapshot(app)
    response = save_with_no_tricks(client, token, headers=HX)
    assert response.status_code == 422
    assert Page(response).form_errors() == [TAP_THE_TRICKS]
    assert snapshot(app) == before


def test_the_refusal_to_save_without_tricks_is_worded_in_portuguese(client, play):
    token = start_game(client, **NAMES)
    play(token, (3, 3, 3, 3))
    response = save_with_no_tricks(client, token, headers=PT)
    assert response.status_code == 422
    assert Page(response).form_errors() == ["Toque nas vazas que cada dupla fez."]


def test_unchanged_bids_sent_from_the_change_bids_rows_without_tricks_are_refused(
    app, client, play
):
    token = start_game(client, **NAMES)
    play(token, (3, 3, 3, 3))
    before = snapshot(app)
    response = save_with_no_tricks(client, token, path="?bids=1")
    assert response.status_code == 422
    assert Page(response).form_errors() == [TAP_THE_TRICKS]
    assert snapshot(app) == before


def test_the_same_bids_from_a_page_another_phone_overtook_are_told_of_the_other_phone(
    app, client, play
):
    token = start_game(client, **NAMES)
    stale = Page(client.get(f"/g/{token}")).form("hand-form")  # the bids form of hand 1
    play(token, (3, 3, 3, 3))  # another phone saves the same bids first
    before = snapshot(app)
    taps = {f"bid_{seat}": 3 for seat in range(4)}
    response = submit(client, stale, taps)
    assert response.status_code == 409
    assert TAP_THE_TRICKS not in Page(response).text
    assert snapshot(app) == before


def test_changed_bids_without_tricks_are_still_saved(app, client, play):
    token = start_game(client, **NAMES)
    play(token, (3, 3, 3, 3))
    page = enter(client, token, bids=(4, 3, 2, 3))  # through the "Change bids" rows
    assert page.all_errors() == []
    (hand,) = stored_hands(app, token)
    assert (hand.bid_0, hand.bid_1, hand.bid_2, hand.bid_3) == ("4", "3", "2", "3")
    assert (hand.team_tricks_0, hand.team_tricks_1) == (None, None)


def test_the_bids_of_a_new_hand_are_still_saved_without_tricks(app, client):
    token = start_game(client, **NAMES)
    enter(client, token, bids=(3, 3, 3, 3))
    (hand,) = stored_hands(app, token)
    assert hand.bid_0 == "3" and hand.team_tricks_0 is None


def test_the_new_game_form_calls_the_teams_what_the_scoreboard_calls_them(client):
    form = Page(client.get("/")).form(action="/games")
    names = form.find(cls="team-names")
    labels = [names.find("label", "team-0"), names.find("label", "team-1")]
    assert [label.children[0].strip() for label in labels] == ["Team A", "Team B"]
    placeholders = [form.find("input", name=f"team_{t}").attrs["placeholder"] for t in (0, 1)]
    assert placeholders == ["Team A", "Team B"]
    token = start_game(client)
    assert game_page(client, token).texts("team", "div")[0].startswith("Team A")


def test_the_new_game_form_names_the_teams_the_same_way_in_portuguese(client):
    form = Page(client.get("/", headers=PT)).form(action="/games")
    names = form.find(cls="team-names")
    labels = [names.find("label", "team-0"), names.find("label", "team-1")]
    assert [label.children[0].strip() for label in labels] == ["Dupla A", "Dupla B"]


def win_at_100(client, headers=None) -> Page:
    """A game to 100 the Reds win in one hand: 5 + 5 = 10 bid, 11 taken → +101."""
    token = start_game(client, target=100, **NAMES)
    enter(client, token, bids=(5, 1, 5, 1), tricks=(6, 1, 5, 1))
    return game_page(client, token, headers=headers or {})


def test_the_winner_banner_reads_right_whatever_the_team_is_called(client):
    assert win_at_100(client).find(cls="banner").text == "Reds won with 101!"


def test_the_winner_banner_after_a_fall_to_the_floor_reads_right_too(client):
    token = start_game(client, floor=-50, **NAMES)
    # Reds bid 1 + 1, take 5 + 5 = 10 → +20 + 8 bags; Blues bid 3 + 3, take 3 → set, −60.
    enter(client, token, bids=(1, 3, 1, 3), tricks=(5, 1, 5, 2))
    banner = game_page(client, token).find(cls="banner").text
    assert banner == "Reds won: Blues fell to −60."


def test_the_winner_banner_in_portuguese(client):
    assert win_at_100(client, PT).find(cls="banner").text == "Reds vence com 101!"


def test_portuguese_says_0_bags_in_the_plural(client):
    token = start_game(client, **NAMES)
    page = game_page(client, token, headers=PT)
    assert page.bags() == ["0 sobras · faltam 10 para a penalidade"] * 2


def test_portuguese_still_says_1_bag_in_the_singular(client):
    token = start_game(client, **NAMES)
    # Reds bid 2 + 2 = 4, take 5: one bag. Blues bid 4 + 4 = 8, take 8.
    enter(client, token, bids=(2, 4, 2, 4), tricks=(3, 4, 2, 4))
    page = game_page(client, token, headers=PT)
    assert page.bags() == [
        "1 sobra · faltam 9 para a penalidade",
        "0 sobras · faltam 10 para a penalidade",
    ]
    assert "1 sobra: +1" in page.texts("breakdown")[0]


def test_portuguese_bags_without_a_penalty_count_0_in_the_plural(client):
    token = start_game(client, bag_mode="off", **NAMES)
    assert game_page(client, token, headers=PT).bags() == []  # not counted: no line at all
    token = start_game(client, target=100, **NAMES)
    enter(client, token, bids=(5, 1, 5, 1), tricks=(6, 1, 5, 1))  # Reds win; Blues took none
    page = game_page(client, token, headers=PT)
    assert page.bags() == ["1 sobra", "0 sobras"]


def test_a_game_with_no_hand_yet_is_listed_in_portuguese_in_the_plural(client):
    start_game(client, **NAMES)
    page = Page(client.get("/", headers=PT))
    (status,) = page.find(cls="my-games").find_all(cls="status")
    assert status.text.startswith("nenhuma mão jogada ·")
