"""The house rules of docs/rules.md#more-house-rules that the scorer's page plays from the hands
alone: set twice and you lose, a Boston wins, a number of hands, the first hand bidding itself;
each a whole game through the game page, its status lines and its ending in both languages."""

from __future__ import annotations

from testsupport.database import snapshot, stored_game
from testsupport.pages import Page, submit
from testsupport.playing import enter, game_page, start_game

# A bids 4 + 4 and takes 6: set, −80. B bids 3 + 3 and takes 7: +60 and a bag.
A_SET = {"bids": (4, 3, 4, 3), "team_tricks": (6, 7)}
# A bids 4 + 4 and takes 8: +80. B bids 3 + 3 and takes 5: set, −60.
B_SET = {"bids": (4, 3, 4, 3), "team_tricks": (8, 5)}
# A bids 4 + 4 and takes every trick: +80 and 5 bags. B bids 1 + 1 and takes none: set, −20.
A_BOSTON = {"bids": (4, 1, 4, 1), "team_tricks": (13, 0)}
PORTUGUESE = {"Accept-Language": "pt-BR"}


def banner(page: Page) -> str:
    """The scoreboard's banner: who won and why."""
    return page.find(cls="banner").text


def sets_lines(page: Page) -> list[str]:
    """Each team's line of sets so far, where the scoreboard shows one."""
    return page.texts("sets")


def test_a_team_set_twice_loses_at_once_whatever_the_totals(client):
    token = start_game(client, preset="gamelake", sets_to_lose="2")
    page = enter(client, token, **A_SET)
    assert sets_lines(page) == ["Set once: one more set loses"]
    assert page.find(cls="team-0").find(cls="sets").text == "Set once: one more set loses"
    page = enter(client, token, **B_SET, page=page)  # B set once too; A leads 0 to 0
    assert sets_lines(page) == ["Set once: one more set loses"] * 2
    page = enter(client, token, **A_SET, page=page)
    assert banner(page) == "Team B won: Team A were set out."
    assert not page.has_form("hand-form")
    sheet = Page(client.get(f"/g/{token}/sheet"))
    assert sheet.find(cls="sheet-result").text == "Team B won: Team A were set out."


def test_the_set_lines_say_in_a_row_and_a_hand_made_starts_the_run_again(client):
    token = start_game(client, preset="gamelake", sets_to_lose="2", sets_in_a_row="on")
    page = enter(client, token, **A_SET)
    assert sets_lines(page) == ["Set once in a row: one more set loses"]
    page = enter(client, token, **B_SET, page=page)  # A made it: its run starts again
    assert sets_lines(page) == ["Set once in a row: one more set loses"]
    assert page.find(cls="team-1").find(cls="sets").text.startswith("Set once in a row")
    page = enter(client, token, **A_SET, page=page)
    assert page.has_form("hand-form")


def test_the_set_lines_and_the_set_out_are_said_in_portuguese(client):
    token = start_game(client, preset="gamelake", sets_to_lose="2")
    enter(client, token, **A_SET)
    page = game_page(client, token, headers=PORTUGUESE)
    assert sets_lines(page) == ["Furou uma vez: mais um furo perde"]
    enter(client, token, **A_SET, page=page)
    assert banner(game_page(client, token, headers=PORTUGUESE)).endswith("furou vezes demais.")


def test_at_a_table_without_partners_a_set_out_rule_is_refused_in_words_and_writes_nothing(
    app, client
):
    before = snapshot(app)
    answer = start_game(client, expect=422, table="cutthroat", sets_to_lose="2")
    page = Page(answer)
    assert "Only partners can be set out: leave this blank at this table." in page.text
    form = Page(client.get("/", headers=PORTUGUESE)).form(action="/games")
    pt = submit(client, form, {"table": "cutthroat", "sets_to_lose": "2"}, PORTUGUESE)
    assert pt.status_code == 422
    assert "Só duplas podem ser eliminadas por furos: deixe em branco nesta mesa." in Page(pt).text
    assert snapshot(app) == before
    # Blank, or 0, starts the game as the table plays.
    token = start_game(client, table="cutthroat", sets_to_lose="0")
    assert stored_game(app, token).scoring_rules.sets_to_lose == 0


def test_a_boston_wins_the_game_when_the_rule_says_so(client):
    token = start_game(client, preset="gamelake", boston_wins="on")
    page = enter(client, token, **A_BOSTON)
    assert page.totals() == (85, -20)
    assert banner(page) == "Team A won: they took every trick of a hand."
    pt = game_page(client, token, headers=PORTUGUESE)
    assert banner(pt) == "Team A vence: fez todas as vazas de uma mão."


def test_without_the_rule_a_boston_plays_on(client):
    token = start_game(client, preset="gamelake")
    assert enter(client, token, **A_BOSTON).has_form("hand-form")


def test_a_game_of_a_number_of_hands_says_which_hand_and_ends_after_the_last(client):
    token = start_game(client, preset="gamelake", hands_limit="2")
    page = game_page(client, token)
    assert page.find("form", cls="hand-form").find("h2").text == "Hand 1 of 2"
    page = enter(client, token, **A_SET, page=page)
    assert page.find("form", cls="hand-form").find("h2").text == "Hand 2 of 2"
    pt = game_page(client, token, headers=PORTUGUESE)
    assert pt.find("form", cls="hand-form").find("h2").text == "Mão 2 de 2"
    page = enter(client, token, **A_SET, page=page)
    assert banner(page) == "Team B won: highest after 2 hands."


def first_hand_game(app) -> str:
    """A GameLake game whose first hand bids itself, started through the new-game form."""
    return start_game(app.test_client(), first_hand_bids_itself="on")


def test_the_first_hand_that_bids_itself_asks_only_for_the_tricks(app, client):
    page = game_page(client, first_hand_game(app))
    form = page.form("hand-form")
    assert form.find_all("input", name="bid_0") == []
    assert form.find_all("input", name="team_tricks_0") != []
    assert page.find(cls="contracts").text == (
        "First hand: no bids. Each side scores 10 a trick it takes."
    )
    assert page.find(cls="deal").text == "North deals"


def test_bids_sent_on_a_first_hand_that_bids_itself_are_refused_in_both_languages(app, client):
    token = first_hand_game(app)
    sent = {"bid_0": "3", "bid_1": "3", "bid_2": "3", "bid_3": "3", "team_tricks_0": "6"}
    for language, words in (
        ("en", "The first hand has no bids: enter only the tricks."),
        ("pt-BR", "A primeira mão não tem apostas: informe só as vazas."),
    ):
        response = client.post(f"/g/{token}/hand", data=sent, headers={"Accept-Language": language})
        assert response.status_code == 422
        assert words in Page(response).all_errors()


def test_a_first_hand_that_bids_itself_scores_ten_a_trick_and_bidding_starts_on_hand_2(app, client):
    token = first_hand_game(app)
    page = enter(client, token, team_tricks=(6, 7))
    assert page.totals() == (60, 70)
    assert "first hand: 6 tricks at 10: +60" in page.find(cls="last-hand").text
    assert page.find(cls="deal").text == "East deals · South bids first"


def test_both_teams_set_out_level_play_on_in_sudden_death_and_the_page_says_so(client):
    token = start_game(client, preset="gamelake", sets_to_lose="1")
    # Both bid 4 + 4 = 8; A takes 6 and B 7: both set, −80 each, level.
    page = enter(client, token, bids=(4, 4, 4, 4), team_tricks=(6, 7))
    assert page.totals() == (-80, -80)
    assert page.has_form("hand-form")
    assert page.texts("sudden-death") == ["Sudden death: the next team set alone loses the game."]
    assert sets_lines(page) == []  # one line for the game says it all
    pt = game_page(client, token, headers=PORTUGUESE)
    assert pt.texts("sudden-death") == [
        "Morte súbita: a próxima dupla que furar sozinha perde o jogo."
    ]
    page = enter(client, token, **A_SET, page=page)
    assert banner(page) == "Team B won: Team A were set out."


def test_a_first_hand_that_bids_itself_is_corrected_with_its_tricks_alone(app, client):
    """Hand 1 (no bids) entered as 6–7 and corrected to 8–5 from its edit page: the edit page
    chooses no bid button, and the totals follow the correction (80–50)."""
    token = first_hand_game(app)
    enter(client, token, team_tricks=(6, 7))
    edit = Page(client.get(f"/g/{token}/hands/1"))
    assert not edit.find_all("input", checked=True, attrs={"name": "bid_0"})
    form = edit.form(cls="hand-form")
    response = submit(client, form, {"team_tricks_0": "8", "team_tricks_1": "5"})
    assert response.status_code == 303, response.get_data(as_text=True)
    assert game_page(client, token).totals() == (80, 50)
