"""Opponents confirm each hand, where a tournament asks it: after the scorer saves a hand,
East–West agree with one tap on the same phone, or dispute it; a disputed hand flags the table
on the director's page, and a game counts in the standings only once every hand is agreed or
ruled on. A word from a page shown before the hand changed is refused in words, nothing
written; a tournament that does not ask shows nothing of it."""

from __future__ import annotations

from testsupport.clock import clocked
from testsupport.director_tools import ruling_page, withdraw_form, withdraw_forms
from testsupport.pages import Page, form_data, submit
from testsupport.playing import correct_hand, game_page
from testsupport.tournaments import (
    EAST_WEST_WINS,
    NORTH_SOUTH_WINS,
    ONE_HAND,
    PT,
    make_tournament,
    play_table,
    round_tables,
    standings,
    start_round,
    watch_token,
)

CONFIRMING = ONE_HAND | {"confirm_hands": "y"}


def agreement(client, game: str, headers=None):
    """The form asking East–West's word on the game's page, or None."""
    forms = game_page(client, game, headers=headers).find_all("form", "agreement")
    return forms[0] if forms else None


def say(client, game: str, verdict: str, expect: int = 303, form=None):
    """Tap East–West's "agree" or "dispute" on the game's page (or on `form`, as shown before);
    the answer, checked against `expect`."""
    shown = form if form is not None else agreement(client, game)
    assert shown is not None
    response = submit(client, shown, button=("verdict", verdict))
    assert response.status_code == expect, response.get_data(as_text=True)
    return response


def status_line(client, director: str, headers=None) -> str:
    """The director's page's status line, as read."""
    page = Page(client.get(f"/d/{director}", headers=headers))
    return page.find("p", "status-line").text


def start_offered(client, director: str) -> bool:
    """Whether the director's page offers to start the next round."""
    return bool(Page(client.get(f"/d/{director}")).find_all("form", "start-round"))


def wins(client, director: str) -> dict[str, str]:
    """Each team's wins as the director's page's standings show them."""
    return {row[1]: row[2] for row in standings(client, f"/d/{director}")}


def round_one(client, **typed) -> tuple[str, list]:
    """A Swiss of five teams made (with `typed`), its first round started: the director's
    token and the round's tables (Reds v Blues at table 1, Greens v Golds at table 2)."""
    director = make_tournament(client, **typed)
    start_round(client, director)
    return director, round_tables(client, director)


def test_a_tournament_that_does_not_ask_shows_no_agreement_and_counts_every_game(client):
    director, tables = round_one(client, **ONE_HAND)
    play_table(client, tables[0].game)
    assert agreement(client, tables[0].game) is None
    assert wins(client, director)["Reds"] == "1"


def test_east_west_agree_with_one_tap_and_only_then_the_game_counts(client):
    director, tables = round_one(client, **CONFIRMING)
    game = tables[0].game
    play_table(client, game)
    form = agreement(client, game)
    assert form.find("h2").text == "Hand 1: Blues, do you agree?"
    # One tap agrees: the form's one button for it, besides the one that disputes.
    buttons = [(b.attrs["value"], b.text) for b in form.find_all("button")]
    assert buttons == [("agree", "Blues agree"), ("dispute", "Dispute hand 1")]
    assert agreement(client, game, PT).find("h2").text == "Mão 1: Blues, vocês concordam?"
    # Played out but not agreed: it counts nothing, and the table is not finished.
    assert wins(client, director)["Reds"] == "0"
    assert "table 1: hand 1 awaits East–West's word" in status_line(client, director)
    assert "0 of 2 tables finished" in status_line(client, director)
    assert "mesa 1: a mão 1 espera a palavra de Leste–Oeste" in status_line(client, director, PT)

    say(client, game, "agree")
    assert agreement(client, game) is None
    assert wins(client, director)["Reds"] == "1"
    assert "1 of 2 tables finished" in status_line(client, director)
    assert "awaits" not in status_line(client, director)


def test_the_next_round_waits_for_the_last_word_of_every_table(client):
    director, tables = round_one(client, **CONFIRMING)
    for table in tables:
        play_table(client, table.game)
    assert not start_offered(client, director)
    say(client, tables[0].game, "agree")
    assert not start_offered(client, director)
    say(client, tables[1].game, "agree")
    assert start_offered(client, director)
    start_round(client, director)
    assert len(round_tables(client, director)) == 2


def test_a_disputed_hand_flags_its_table_and_counts_once_the_director_upholds_it(client):
    director, tables = round_one(client, **CONFIRMING)
    game = tables[0].game
    play_table(client, game)
    say(client, game, "dispute")
    page = game_page(client, game)
    assert not page.find_all("form", "agreement")
    assert page.find("p", "disputed").text == (
        "Hand 1 is disputed: the director will rule on it. Play on."
    )
    # The table's phone follows on to its card, which stays (the game does not reopen).
    follow = client.get(page.find("a", "next-here").attrs["href"])
    assert follow.status_code == 200, follow.headers.get("Location")
    assert "This table's game is over." in Page(follow).text
    assert "table 1: hand 1 disputed" in status_line(client, director)
    assert "mesa 1: mão 1 contestada" in status_line(client, director, PT)
    director_page = Page(client.get(f"/d/{director}"))
    assert director_page.find("li", "round-table").find("span", "disputed").text == (
        "hand 1 disputed"
    )
    assert wins(client, director)["Reds"] == "0"

    ruling = ruling_page(client, director).form(cls="uphold")
    assert ruling.find("p", "disputed").text.startswith("Blues disputed hand 1.")
    assert submit(client, ruling).status_code == 303
    assert wins(client, director)["Reds"] == "1"
    assert "disputed" not in status_line(client, director)
    log = [item.text for item in ruling_page(client, director).find_all("li", "ruling")]
    assert any(text.endswith("Hand 1 disputed, and upheld as saved") for text in log), log
    # Upheld once: the form is gone, and the same ruling sent again changes nothing.
    assert not ruling_page(client, director).find_all("form", "uphold")
    assert submit(client, ruling).status_code == 303
    assert wins(client, director)["Reds"] == "1"


def test_a_disputed_hand_the_director_corrects_counts_as_corrected(client):
    director, tables = round_one(client, **CONFIRMING)
    game = tables[0].game
    play_table(client, game)  # North–South (Reds) win it as saved
    say(client, game, "dispute")
    page = ruling_page(client, director)
    link = page.form(cls="uphold").find("a", "correct").attrs["href"]
    form = Page(client.get(link)).form("hand-form")
    taps = {f"bid_{seat}": bid for seat, bid in enumerate(EAST_WEST_WINS["bids"])}
    taps |= {f"tricks_{seat}": won for seat, won in enumerate(EAST_WEST_WINS["tricks"])}
    assert submit(client, form, taps).status_code == 303
    assert (wins(client, director)["Reds"], wins(client, director)["Blues"]) == ("0", "1")
    assert agreement(client, game) is None  # a ruling is not asked about again


def test_a_hand_the_scorer_corrects_is_asked_about_again(client):
    director, tables = round_one(client, **CONFIRMING)
    game = tables[0].game
    play_table(client, game)
    say(client, game, "agree")
    assert wins(client, director)["Reds"] == "1"
    correct_hand(client, game, 1, EAST_WEST_WINS)
    assert agreement(client, game).find("h2").text == "Hand 1: Blues, do you agree?"
    assert (wins(client, director)["Reds"], wins(client, director)["Blues"]) == ("0", "0")
    say(client, game, "agree")
    assert wins(client, director)["Blues"] == "1"


def test_a_word_from_a_page_shown_before_the_hand_changed_is_refused_in_words(client):
    director, tables = round_one(client, **CONFIRMING)
    game = tables[0].game
    play_table(client, game, north_south_wins=False)
    stale = agreement(client, game)
    correct_hand(client, game, 1, NORTH_SOUTH_WINS)  # the hand changed after the page showed it
    for headers, words in (
        (None, "Another phone changed this game first."),
        (PT, "Outro celular alterou esta partida antes."),
    ):
        refused = submit(client, stale, button=("verdict", "agree"), headers=headers)
        assert refused.status_code == 409
        assert words in Page(refused).text
    # Nothing was written: the corrected hand still awaits East–West's word.
    assert agreement(client, game) is not None
    assert wins(client, director)["Reds"] == "0"


def test_a_word_sent_twice_is_stored_once_and_a_made_up_one_is_refused(client):
    director, tables = round_one(client, **CONFIRMING)
    game = tables[0].game
    play_table(client, game)
    form = agreement(client, game)
    refused = submit(client, form, button=("verdict", "maybe"))
    assert refused.status_code == 400
    assert "Something in that request was not right." in Page(refused).text
    # A word on a hand that awaits none: there is no hand 2, and hand 1 is the one asked.
    for headers, words in (
        (None, "That hand is not waiting for a word from the other side now."),
        (PT, "Essa mão não está esperando a palavra dos adversários agora."),
    ):
        data = form_data(form) | {"verdict": "agree"}
        other = client.post(f"/g/{game}/hands/2/verdict", data=data, headers=headers)
        assert other.status_code == 409, other.status_code
        assert words in Page(other).text
    assert agreement(client, game) is not None
    assert wins(client, director)["Reds"] == "0"
    say(client, game, "agree", form=form)
    say(client, game, "agree", form=form)  # the same tap resent: answered as done
    assert agreement(client, game) is None
    assert wins(client, director)["Reds"] == "1"


def test_a_played_out_table_waiting_for_a_ruling_is_not_named_as_quiet(app, client):
    clock = clocked(app)
    director, tables = round_one(client, **CONFIRMING)
    play_table(client, tables[0].game)
    say(client, tables[0].game, "dispute")
    clock.advance(15)
    quiet = (
        Page(client.get(f"/d/{director}")).find("p", "status-line").find_all("span", "quiet-table")
    )
    assert [span.text for span in quiet] == ["table 2: no hand saved for 15 min"]


def test_the_players_figures_count_a_game_only_once_its_hands_count(client):
    director, tables = round_one(client, **CONFIRMING)
    play_table(client, tables[0].game)
    watch = watch_token(client, director)
    games_of = lambda: {  # noqa: E731
        f["name"]: (f["games"], f["wins"])
        for f in client.get(f"/w/{watch}/stats.json").get_json()["players"]
    }
    assert games_of().get("Ana", (0, 0)) == (0, 0)
    say(client, tables[0].game, "agree")
    assert games_of()["Ana"] == (1, 1)


def test_once_the_next_round_starts_a_rounds_corrected_hand_counts_as_it_stands(client):
    director, tables = round_one(client, **CONFIRMING)
    for table in tables:
        play_table(client, table.game)
        say(client, table.game, "agree")
    start_round(client, director)
    assert wins(client, director)["Reds"] == "1"
    correct_hand(client, tables[0].game, 1, EAST_WEST_WINS)
    # The round has ended: its results count as they stand, and nobody is asked again.
    assert agreement(client, tables[0].game) is None
    assert (wins(client, director)["Reds"], wins(client, director)["Blues"]) == ("0", "1")


def test_a_withdrawal_refused_for_a_hand_written_again_says_so(client):
    director, tables = round_one(client, **CONFIRMING)
    for table in tables:
        play_table(client, table.game)
        say(client, table.game, "agree")
    form = withdraw_form(client, director, "Whites")
    correct_hand(client, tables[0].game, 1, NORTH_SOUTH_WINS)  # written again: asked again
    for headers, words in (
        (None, "Since this page was shown, a hand of this round was written again"),
        (PT, "Depois que esta página foi aberta, uma mão desta rodada foi escrita de novo"),
    ):
        refused = submit(client, form, headers=headers)
        assert refused.status_code == 409
        assert words in Page(refused).text
        assert "A round started" not in Page(refused).text
    say(client, tables[0].game, "agree")
    assert "Whites" in withdraw_forms(client, director)  # nothing was written
