"""The director's page as a cockpit: the home page of the phone that made a tournament lists it
beside its games (the director's link is no longer only a saved bookmark), and a withdrawal, which
cannot be undone, is chosen from one list and confirmed on a second screen that says what it will
do; nothing is written until it is confirmed."""

from __future__ import annotations

from flask.testing import FlaskClient

from testsupport.clock import clocked
from testsupport.database import queries_sent
from testsupport.director_tools import BLACKS, late_form, ruling_page, withdraw_form
from testsupport.pages import Page, form_data, submit
from testsupport.playing import EVEN, enter
from testsupport.tournaments import (
    ONE_HAND,
    PT,
    make_tournament,
    play_stage,
    play_table,
    replace_tournament_link,
    round_tables,
    start_playoff,
    start_round,
    teams_text,
    tournament_rows,
    watch_token,
)

POLL = {"HX-Request": "true"}


def tournaments_listed(client) -> list[tuple[str, str]]:
    """The tournaments the home page lists, as (name, address)."""
    page = Page(client.get("/"))
    sections = page.find_all("section", "my-tournaments")
    if not sections:
        return []
    return [(link.find("bdi").text, link.attrs["href"]) for link in sections[0].find_all("a")]


def test_the_home_page_lists_the_tournaments_this_phone_directs(app, client):
    director = make_tournament(client, name="Friday club")
    assert tournaments_listed(client) == [("Friday club", f"/d/{director}")]
    assert Page(client.get("/", headers=PT)).find("section", "my-tournaments").find("h2").text == (
        "Torneios neste aparelho"
    )
    assert tournaments_listed(FlaskClient(app, use_cookies=True)) == []  # another phone

    # Another phone replaces the director's link: it holds the tournament from then on.
    other = FlaskClient(app, use_cookies=True)
    other.get("/")
    moved = replace_tournament_link(other, director, "edit")  # the director's link passed on
    assert tournaments_listed(other) == [("Friday club", f"/d/{moved}")]
    assert tournaments_listed(client) == []


def test_a_withdrawal_is_confirmed_on_a_second_screen_and_nothing_is_written_before(app, client):
    director = make_tournament(client, **ONE_HAND)
    page = Page(client.get(f"/d/{director}"))
    chooser = page.form(cls="withdraw-team")
    assert chooser.attrs["method"] == "get"
    assert not page.root.find_all("form", action=f"/d/{director}/teams/1/withdraw")
    before = tournament_rows(app)
    asked = form_data(chooser) | {"entry": "1"}
    for headers, words in (
        (None, ("Withdraw Reds?", "A withdrawal cannot be undone.")),
        (PT, ("Retirar Reds?", "Uma retirada não pode ser desfeita.")),
    ):
        shown = client.get(chooser.attrs["action"], query_string=asked, headers=headers)
        assert shown.status_code == 200
        confirmation = Page(shown)
        assert confirmation.find("h1").text == words[0]
        assert words[1] in confirmation.text
        assert confirmation.find("a", "cancel").attrs["href"] == f"/d/{director}#withdraw"
    assert tournament_rows(app) == before
    assert submit(client, withdraw_form(client, director, "Reds")).status_code == 303
    assert "Reds" not in [o.text for o in Page(client.get(f"/d/{director}")).find_all("option")]


def test_the_second_screen_of_a_withdrawal_is_refused_in_words_to_others(app, client):
    director = make_tournament(client, **ONE_HAND)
    watch = watch_token(client, director)
    refused = client.get(f"/d/{watch}/teams/withdraw", query_string={"entry": "1"})
    assert refused.status_code == 403
    assert "Only the director's link withdraws a team." in Page(refused).text
    missing = client.get(f"/d/{director}/teams/withdraw", query_string={"entry": "99"}, headers=PT)
    assert missing.status_code == 404
    replaced = replace_tournament_link(client, director, "edit")
    assert replaced != director
    gone = client.get(f"/d/{director}/teams/withdraw", query_string={"entry": "1"})
    assert gone.status_code == 410


def test_a_forfeit_asks_its_reason_which_goes_into_the_rulings_log(app, client):
    director = make_tournament(client, **ONE_HAND)
    start_round(client, director)
    form = ruling_page(client, director).form(cls="award")
    before = tournament_rows(app)
    for headers, words in (
        (None, "Say why the game is awarded by forfeit."),
        (PT, "Diga por que a partida é dada por W.O."),
    ):
        refused = submit(client, form, {"reason": "  "}, button=("side", "0"), headers=headers)
        assert refused.status_code == 422
        assert Page(refused).find("p", "notice").text == words
    assert tournament_rows(app) == before
    sent = submit(client, form, {"reason": "Blues never came"}, button=("side", "0"))
    assert sent.status_code == 303
    logged = Page(client.get(f"/d/{director}")).find("section", "tournament-log").text
    assert "Forfeit: the game awarded to Reds: Blues never came" in logged


def test_the_top_of_the_directors_page_follows_the_round_and_shows_the_next_pairings(app, client):
    clocked(app)  # the top is tagged by the minute too: this one stands still
    director = make_tournament(client, **ONE_HAND, teams=teams_text(4), rounds="2")
    top = Page(client.get(f"/d/{director}")).find("section", "cockpit")
    assert top.attrs["hx-get"] == f"/d/{director}/status"
    assert top.find("form", "start-round").find("button").text == "Start round 1"
    assert [item.text for item in top.find_all("li")] == [
        "Table 1: Team 1 – Team 2",
        "Table 2: Team 3 – Team 4",
    ]
    start_round(client, director)
    first = client.get(f"/d/{director}/status", headers=POLL)
    assert Page(first).find("p", "status-line").text == (
        "Round 1 · 0 of 2 tables finished · still playing: tables 1, 2"
    )
    with queries_sent(app) as queries:
        again = client.get(
            f"/d/{director}/status", headers=POLL | {"If-None-Match": first.headers["ETag"]}
        )
    assert again.status_code == 304
    assert len(queries) == 1

    play_table(client, round_tables(client, director)[0].game)
    moved = client.get(
        f"/d/{director}/status", headers=POLL | PT | {"If-None-Match": first.headers["ETag"]}
    )
    assert moved.status_code == 200
    assert Page(moved).find("p", "status-line").text == (
        "Rodada 1 · 1 de 2 mesas terminaram · ainda jogando: mesa 2"
    )
    play_table(client, round_tables(client, director)[1].game)
    between = Page(client.get(f"/d/{director}/status", headers=POLL))
    assert between.find("form", "start-round").find("button").text == "Start round 2"
    assert len(between.find("ol", "next-pairings").find_all("li")) == 2
    assert client.get(f"/d/{watch_token(client, director)}/status").status_code == 404


def test_the_cockpit_offers_the_playoff_and_its_stages_then_the_results_sheet(app, client):
    director = make_tournament(client, **ONE_HAND, teams=teams_text(4), rounds="1")
    start_round(client, director)
    for table in round_tables(client, director):
        play_table(client, table.game)
    top = Page(client.get(f"/d/{director}/status", headers=POLL))
    offer = top.form(cls="start-playoff")
    # The top refreshes itself each minute: the choice being made stays as the director left it.
    assert "hx-preserve" in offer.attrs and offer.attrs["id"] == "start-playoff"
    assert not top.root.find_all("a", "results-sheet")
    start_playoff(client, director, 2)
    stage = Page(client.get(f"/d/{director}/status", headers=POLL))
    assert stage.find("p", "status-line").text.startswith("Playoff · 0 of 1 tables finished")
    assert not stage.root.find_all("a", "results-sheet")
    play_stage(client, director, "N")
    over = Page(client.get(f"/d/{director}/status", headers=POLL))
    assert over.find("p", "champion").text.startswith("Champion:")
    assert over.find("a", "results-sheet").attrs["href"].endswith("/results")


def test_a_table_that_saves_nothing_for_ten_minutes_is_named_on_the_status_line(app, client):
    clock = clocked(app)
    director = make_tournament(client, **ONE_HAND, teams=teams_text(6), rounds="2")
    start_round(client, director)
    first = client.get(f"/d/{director}/status", headers=POLL)
    assert not Page(first).find_all("span", "quiet-table")
    clock.advance(9)
    play_table(client, round_tables(client, director)[0].game)  # table 1 plays its one hand
    enter(client, round_tables(client, director)[1].game, EVEN["bids"])  # table 2 bids
    clock.advance(3)  # 12 minutes into the round
    moved = client.get(
        f"/d/{director}/status", headers=POLL | {"If-None-Match": first.headers["ETag"]}
    )
    assert moved.status_code == 200  # the minutes moved it, though nothing was saved
    line = Page(moved).find("p", "status-line")
    assert [quiet.text for quiet in line.find_all("span", "quiet-table")] == [
        "table 3: no hand saved for 12 min"
    ]
    clock.advance(8)  # table 2's hand began 11 minutes ago
    portuguese = Page(client.get(f"/d/{director}", headers=PT)).find("p", "status-line")
    assert [quiet.text for quiet in portuguese.find_all("span", "quiet-table")] == [
        "mesa 2: nenhuma mão salva há 11 min",
        "mesa 3: nenhuma mão salva há 20 min",
    ]


def test_every_change_sits_behind_one_fold_that_opens_for_a_refused_change(app, client):
    director = make_tournament(client, **ONE_HAND)
    page = Page(client.get(f"/d/{director}"))
    fold = page.find("details", "changes")
    assert "open" not in fold.attrs
    for form in ("withdraw-team", "late-team", "swap-player", "rotate-table", "rotate"):
        assert fold.find_all("form", form), form
    assert not page.find("section", "cockpit").find_all("details", "changes")
    refused = submit(client, late_form(client, director), BLACKS | {"name": " reds "})
    assert refused.status_code == 422
    assert "open" in Page(refused).find("details", "changes").attrs
