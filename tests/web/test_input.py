"""Bad input never saves and never fails with a 500.

Each wrong request answers 422 with the message beside the field it concerns (or above the form
when it concerns no single field) and with what was entered still ticked or typed; the database
is compared row by row before and after (`snapshot`), so nothing may have been saved or bumped.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from testsupport.database import counts, snapshot
from testsupport.pages import Page
from testsupport.playing import enter

BAD_NUMBERS = [
    "0",  # a bid of 0 is Nil, and Nil has its own button
    "14",
    "-1",
    "abc",
    "５",  # full-width digit five
    "٥",  # Arabic-Indic digit five
    "9" * 30,
    "9" * 5000,  # past Python's limit for turning digits into an int
    " 5",
    "+5",
]

HOUSE_RULE_FIELDS = [
    ("target", "5"),
    ("target", "10001"),
    ("target", "abc"),
    ("target", "9" * 5000),
    ("floor", "1"),
    ("nil_bonus", "-1"),
    ("blind_nil_bonus", "1001"),
    ("blind_nil_deficit", "-100"),
    ("bag_limit", "0"),
    ("bag_penalty", "-5"),
    ("min_team_bid", "27"),
    ("boston_bonus", "2000"),
    ("bag_mode", "sometimes"),
    ("failed_nil_tricks", "partner-ish"),
    ("ten_for_200", "maybe"),
    ("first_dealer", "4"),
]


def post_hand(client, token, data, expect=422):
    """Post raw form fields to the hand form (as a hand-made request could); check the code."""
    response = client.post(f"/g/{token}/hand", data=data)
    assert response.status_code == expect, response.get_data(as_text=True)
    return response


def bids_data(bids) -> dict:
    """The form fields for four bids by seat; None leaves a bid out."""
    return {f"bid_{s}": str(b) for s, b in enumerate(bids) if b is not None}


def tricks_data(tricks=(), team_tricks=()) -> dict:
    """The form fields for tricks by seat and by team; None leaves one out."""
    data = {f"tricks_{s}": str(t) for s, t in enumerate(tricks) if t is not None}
    data.update({f"team_tricks_{t}": str(v) for t, v in enumerate(team_tricks) if v is not None})
    return data


def assert_no_server_error(response):
    """A response that is not a crash: no 5xx status and no stack trace in the body."""
    assert response.status_code < 500, response.status_code
    body = response.get_data(as_text=True)
    assert "Traceback" not in body and 'File "' not in body


# --- bids -------------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", BAD_NUMBERS, ids=repr)
def test_a_bid_that_is_not_one_of_the_buttons_is_refused_beside_it(app, client, new_game, bad):
    token = new_game()
    before = snapshot(app)
    response = post_hand(client, token, bids_data((bad, 3, 4, 2)))
    assert snapshot(app) == before
    page = Page(response)
    assert page.errors("bid_0"), page.all_errors()
    assert page.errors("bid_1") == page.errors("bid_2") == page.errors("bid_3") == []
    # The other bids are still ticked.
    assert [page.checked(f"bid_{s}") for s in (1, 2, 3)] == ["3", "4", "2"]


@pytest.mark.parametrize("bad", ["0", "14", "５", "9" * 5000], ids=repr)
def test_a_bad_bid_with_the_tricks_is_refused_too(app, client, new_game, bad):
    token = new_game()
    before = snapshot(app)
    data = bids_data((4, bad, 3, 2)) | tricks_data((4, 4, 3, 2))
    response = post_hand(client, token, data)
    assert snapshot(app) == before
    page = Page(response)
    assert page.errors("bid_1")
    assert [page.checked(f"tricks_{s}") for s in range(4)] == ["4", "4", "3", "2"]


def test_missing_bids_are_asked_for_beside_each_row(app, client, new_game):
    token = new_game()
    before = snapshot(app)
    page = Page(post_hand(client, token, {}))
    for seat in range(4):
        assert page.errors(f"bid_{seat}") == ["Choose a bid."], seat
    page = Page(post_hand(client, token, bids_data((4, None, 3, ""))))
    assert page.errors("bid_1") == ["Choose a bid."]
    assert page.errors("bid_3") == ["Choose a bid."]
    assert page.errors("bid_0") == page.errors("bid_2") == []
    assert page.checked("bid_0") == "4" and page.checked("bid_2") == "3"
    assert snapshot(app) == before


def test_tricks_alone_without_any_bid_are_refused(app, client, new_game):
    token = new_game()
    before = snapshot(app)
    page = Page(post_hand(client, token, tricks_data((4, 4, 3, 2))))
    assert all(page.errors(f"bid_{s}") == ["Choose a bid."] for s in range(4))
    assert snapshot(app) == before


# --- tricks -----------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", ["14", "-1", "abc", "５", "٥", "9" * 30, " 5"], ids=repr)
def test_a_trick_count_that_is_not_one_of_the_buttons_is_refused_beside_it(
    app, client, new_game, bad
):
    token = new_game()
    before = snapshot(app)
    data = bids_data((4, 3, "nil", 5)) | tricks_data((bad, 3, 0, 5))
    page = Page(post_hand(client, token, data))
    assert page.errors("tricks_0"), page.all_errors()
    assert [page.checked(f"tricks_{s}") for s in (1, 2, 3)] == ["3", "0", "5"]
    assert [page.checked(f"bid_{s}") for s in range(4)] == ["4", "3", "nil", "5"]
    assert snapshot(app) == before


@pytest.mark.parametrize("bad", ["14", "-1", "٥"], ids=repr)
def test_a_team_total_that_is_not_one_of_the_buttons_is_refused_beside_it(
    app, client, new_game, bad
):
    token = new_game()
    before = snapshot(app)
    data = bids_data((4, 3, 3, 2)) | tricks_data(team_tricks=(bad, 5))
    page = Page(post_hand(client, token, data))
    assert page.errors("team_tricks_0"), page.all_errors()
    assert page.checked("team_tricks_1") == "5"
    assert snapshot(app) == before


@pytest.mark.parametrize(
    ("tricks", "total"),
    [((5, 3, 0, 4), 12), ((5, 3, 1, 5), 14), ((13, 13, 13, 13), 52)],
)
def test_tricks_that_do_not_add_up_to_13_are_refused(app, client, new_game, tricks, total):
    token = new_game()
    before = snapshot(app)
    page = Page(post_hand(client, token, bids_data((4, 3, "nil", 5)) | tricks_data(tricks)))
    [message] = page.form_errors()
    assert "13" in message and str(total) in message
    assert [page.checked(f"tricks_{s}") for s in range(4)] == [str(t) for t in tricks]
    assert snapshot(app) == before


def test_tricks_for_the_hand_in_play_that_do_not_add_up_are_refused(app, client, new_game):
    token = new_game()
    page = enter(client, token, bids=(4, 3, 3, 2))
    before = snapshot(app)
    # 8 + 6 = 14 tricks.
    page = enter(client, token, team_tricks=(8, 6), expect=422, page=page)
    assert page.response.status_code == 422
    assert snapshot(app) == before
    assert any("13" in m for m in page.form_errors())
    assert [page.checked("team_tricks_0"), page.checked("team_tricks_1")] == ["8", "6"]
    assert [page.checked(f"bid_{s}") for s in range(4)] == ["4", "3", "3", "2"]


def test_a_team_total_for_a_team_with_a_nil_bidder_is_refused(app, client, new_game):
    token = new_game()
    before = snapshot(app)
    # South bid Nil, so North & South's tricks must be given one by one.
    data = bids_data((4, 3, "nil", 5)) | tricks_data((None, 3, None, 5), (5, None))
    page = Page(post_hand(client, token, data))
    assert page.errors("team_tricks_0") == ["With a Nil bidder, enter each partner's tricks."]
    assert snapshot(app) == before


def test_partners_tricks_that_disagree_with_their_team_total_are_refused(app, client, new_game):
    token = new_game()
    before = snapshot(app)
    # North 5 + South 4 = 9, but the team total says 8.
    data = bids_data((4, 3, 3, 2)) | tricks_data((5, None, 4, None), (8, 5))
    page = Page(post_hand(client, token, data))
    assert page.errors("team_tricks_0") == ["The partners' tricks do not add up to the team's."]
    assert snapshot(app) == before


# --- Blind Nil and the minimum bid ------------------------------------------------------------


def test_blind_nil_is_refused_when_the_rules_have_none(app, client, new_game):
    token = new_game(preset="classic")
    before = snapshot(app)
    page = Page(post_hand(client, token, bids_data((4, "blind_nil", 3, 2))))
    assert page.errors("bid_1") == ["These rules do not allow Blind Nil."]
    assert [page.checked(f"bid_{s}") for s in (0, 2, 3)] == ["4", "3", "2"]
    assert snapshot(app) == before


def test_blind_nil_is_refused_when_the_team_is_not_100_behind(app, client, new_game):
    token = new_game()
    before = snapshot(app)
    data = bids_data((4, "blind_nil", 3, 2)) | tricks_data((4, 0, 4, 5))
    page = Page(post_hand(client, token, data))
    assert page.errors("bid_1") == ["Blind Nil only when your team is 100 or more behind."]
    assert snapshot(app) == before

    # A: 6 + 6 bid and taken → +120; B: 1 + 1 bid, 1 taken → −20. A are ahead by 140.
    enter(client, token, bids=(6, 1, 6, 1), tricks=(6, 1, 6, 0))
    before = snapshot(app)
    page = Page(post_hand(client, token, bids_data(("blind_nil", 3, 4, 2))))
    assert page.errors("bid_0") == ["Blind Nil only when your team is 100 or more behind."]
    assert snapshot(app) == before


def test_a_team_bid_under_the_house_minimum_is_refused(app, client, new_game):
    token = new_game(min_team_bid=4)
    before = snapshot(app)
    # North 1 + South 2 = 3 < 4.
    page = Page(post_hand(client, token, bids_data((1, 2, 2, 2))))
    assert "Each team must bid at least 4 in all." in page.all_errors()
    assert [page.checked(f"bid_{s}") for s in range(4)] == ["1", "2", "2", "2"]
    assert snapshot(app) == before
    # 2 + 2 = 4 is enough, and a team with a Nil bidder is not held to the minimum.
    post_hand(client, token, bids_data((2, 2, 2, 2)), expect=303)
    assert counts(app) == (1, 1)


def test_a_team_with_a_nil_bidder_is_not_held_to_the_minimum(app, client, new_game):
    token = new_game(min_team_bid=4)
    post_hand(client, token, bids_data(("nil", 2, 1, 2)), expect=303)
    assert counts(app) == (1, 1)


# --- the new-game form ------------------------------------------------------------------------


@pytest.mark.parametrize("field", ["team_0", "team_1", "player_0", "player_3"])
def test_a_name_over_40_characters_is_refused_with_everything_kept(app, client, field):
    typed = {
        "team_0": "Reds",
        "team_1": "Blues",
        "player_0": "Ana",
        "player_3": "Davi",
        "preset": "classic",
        "target": "300",
        "first_dealer": "2",
    }
    typed[field] = "Ñ" * 41
    response = client.post("/games", data=typed)
    assert response.status_code == 422
    assert counts(app) == (0, 0)
    page = Page(response)
    assert page.errors(field), page.all_errors()
    for name in ("team_0", "team_1", "player_0", "player_3", "preset", "target"):
        assert page.value(name) == typed[name], name
    assert page.checked("first_dealer") == "2"


def test_a_name_of_exactly_40_characters_is_accepted(app, client, new_game):
    token = new_game(team_0="Ñ" * 40)
    assert counts(app) == (1, 0)
    assert token


def test_an_unknown_preset_is_refused(app, client):
    response = client.post("/games", data={"preset": "poker", "team_0": "Reds"})
    assert response.status_code == 422
    assert counts(app) == (0, 0)
    page = Page(response)
    assert page.errors("preset")
    assert page.value("team_0") == "Reds"


@pytest.mark.parametrize(("field", "bad"), HOUSE_RULE_FIELDS, ids=lambda v: str(v)[:12])
def test_a_house_rule_out_of_range_is_refused_beside_it(app, client, field, bad):
    typed = {"team_0": "Reds", "preset": "spruce", "nil_bonus": "50", field: bad}
    response = client.post("/games", data=typed)
    assert response.status_code == 422
    assert counts(app) == (0, 0)
    page = Page(response)
    assert page.errors(field), page.all_errors()
    assert page.value("team_0") == "Reds"
    assert page.value("preset") == "spruce"
    if field not in ("bag_mode", "failed_nil_tricks", "ten_for_200", "first_dealer"):
        assert page.value(field) == bad  # what was typed stays in the box
    if field != "nil_bonus":
        assert page.value("nil_bonus") == "50"


@pytest.mark.parametrize(("typed", "floor"), [({}, "500"), ({}, "600"), ({"target": "300"}, "300")])
def test_a_floor_at_or_above_the_points_to_win_is_refused(app, client, typed, floor):
    response = client.post("/games", data={**typed, "floor": floor})
    assert response.status_code == 422
    assert counts(app) == (0, 0)
    page = Page(response)
    assert page.errors("floor"), page.all_errors()
    assert page.value("floor") == floor


def test_names_with_control_characters_never_crash(app, client):
    response = client.post("/games", data={"team_0": "Re\x00ds", "player_0": "\u202eAna"})
    assert_no_server_error(response)
    assert response.status_code in (303, 422)
    assert counts(app) == ((1, 0) if response.status_code == 303 else (0, 0))


# --- links, sizes -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/g/nosuchgame"),
        ("get", "/g/" + "A" * 22),
        ("post", "/g/nosuchgame/hand"),
        ("get", "/g/nosuchgame/hands/1"),
        ("get", "/g/nosuchgame/undo"),
        ("post", "/g/nosuchgame/rematch"),
    ],
)
def test_an_unknown_link_answers_a_friendly_404(client, method, path):
    response = getattr(client, method)(path, data={"bid_0": "3"} if method == "post" else None)
    assert response.status_code == 404
    assert_no_server_error(response)
    page = Page(response)
    assert "There is no game at this link." in page.text
    assert page.find("a", href="/")  # a way back to the start


@pytest.mark.parametrize(("method", "path"), [("get", "/games"), ("get", "/g/{token}/hand")])
def test_a_wrong_method_answers_a_friendly_405(client, new_game, method, path):
    response = getattr(client, method)(path.format(token=new_game()))
    assert response.status_code == 405
    assert_no_server_error(response)
    assert "That is not something this page can do." in Page(response).text


def test_a_body_over_the_size_limit_answers_413_and_saves_nothing(app, client, new_game):
    token = new_game()
    before = snapshot(app)
    huge = "x" * (64 * 1024)
    response = client.post(f"/g/{token}/hand", data={"bid_0": "3", "pad": huge})
    assert response.status_code == 413
    assert_no_server_error(response)
    response = client.post("/games", data={"team_0": huge})
    assert response.status_code == 413
    assert snapshot(app) == before


# --- escaping ---------------------------------------------------------------------------------

NASTY = {
    "team_0": "<script>alert(1)</script>",
    "team_1": "Tom & Jerry",
    "player_0": "<b>Bold</b>",
    "player_1": "Bruno",
    "player_2": '"><img src=x onerror=alert(2)>',
    "player_3": "{{ 7 * 7 }}",
}
RAW_MARKUP = ["<script>alert(1)</script>", "<b>Bold</b>", "<img src=x", "onerror=alert(2)>"]


def test_names_with_html_are_escaped_on_every_page(app, client, new_game):
    token = new_game(**NASTY)
    pages = {"new game": Page(client.get(f"/g/{token}"))}
    assert "<script>alert(1)</script>" in pages["new game"].text  # shown as text
    assert "<b>Bold</b> & " + NASTY["player_2"] in pages["new game"].text

    # Bids in, with South's (the img name's) Nil: the contract line names the partners.
    pages["tricks"] = enter(client, token, bids=(4, 3, "nil", 5), page=pages["new game"])
    pages["scored"] = enter(client, token, tricks=(5, 3, 0, 5), page=pages["tricks"])
    assert NASTY["player_2"] + "'s Nil made: +100" in pages["scored"].text
    # A name that looks like a template is shown as typed, never run.
    assert "{{ 7 * 7 }}" in pages["scored"].text
    answers = {
        "edit": client.get(f"/g/{token}/hands/1"),
        "undo": client.get(f"/g/{token}/undo"),
        "home": client.get("/"),
        "bad hand": client.post(f"/g/{token}/hand", data={"bid_0": "<script>x</script>"}),
        "bad edit": client.post(f"/g/{token}/hands/1", data={"bid_2": "<b>Bold</b>"}),
        "bad new game": client.post("/games", data={**NASTY, "target": "<b>Bold</b>"}),
        "query": client.get('/?x="><script>alert(1)</script>'),
    }
    # A game to 100 ends in one hand with the nasty team's name in the banner:
    # A bid 6 + 6 and take 12 → +120 ≥ 100; B bid 1 + 1 and take 1 → −20.
    over = new_game(target=100, **NASTY)
    pages["game over"] = enter(client, over, bids=(6, 1, 6, 1), tricks=(6, 1, 6, 0))
    assert "<script>alert(1)</script> won with 120!" in pages["game over"].text
    answers["home with games"] = client.get("/")

    for name, response in answers.items():
        assert response.status_code == (422 if name.startswith("bad") else 200), name
        pages[name] = Page(response)
    for name, page in pages.items():
        for markup in RAW_MARKUP:
            assert markup not in page.html, (name, markup)


# --- anything at all --------------------------------------------------------------------------


@pytest.fixture
def a_game(new_game) -> str:
    """One game for a whole property test (its examples share it; a saved hand is fine)."""
    return new_game()


TEXT = st.text(st.characters(exclude_categories=("Cs",)), max_size=12)
HAND_FIELDS = [f"bid_{s}" for s in range(4)] + [f"tricks_{s}" for s in range(4)]
HAND_FIELDS += ["team_tricks_0", "team_tricks_1", "version"]
NEW_GAME_FIELDS = ["team_0", "player_1", "first_dealer", "preset", "target", "floor"]
NEW_GAME_FIELDS += ["bag_mode", "blind_nil_bonus", "min_team_bid", "ten_for_200"]


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.dictionaries(st.sampled_from(HAND_FIELDS), TEXT | st.sampled_from(["3", "nil"])))
def test_whatever_is_posted_as_a_hand_the_answer_is_never_a_crash(app, client, a_game, data):
    token = a_game
    before = snapshot(app)
    response = client.post(f"/g/{token}/hand", data=data)
    assert_no_server_error(response)
    assert response.status_code in (303, 400, 409, 422)
    if response.status_code != 303:
        assert snapshot(app) == before


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.dictionaries(st.sampled_from(NEW_GAME_FIELDS), TEXT))
def test_whatever_is_posted_as_a_new_game_the_answer_is_never_a_crash(app, client, data):
    before = counts(app)
    response = client.post("/games", data=data)
    assert_no_server_error(response)
    assert response.status_code in (303, 422)
    games, hands = counts(app)
    assert (games, hands) == (before[0] + (response.status_code == 303), before[1])
