"""A tournament's latest round cancelled from the director's page before any table saved a hand,
and paired again; and every refusal (a hand's bids saved, a round not the latest, no round, the
watch or a table's link) said in the user's language with a 4xx status and nothing written.

Five teams of a Swiss, one hand a game: round 1 pairs Reds–Blues and Greens–Golds, Whites
having the bye. With North–South winning both tables, the standings before round 2 are Reds,
Greens (61 to 60 each, Reds first by entry), Whites (the bye), Blues, Golds; round 2 gives the
bye to the lowest-placed team without one, Golds, and pairs Reds–Greens and Whites–Blues.
"""

from __future__ import annotations

from testsupport.clock import clocked
from testsupport.pages import Page, submit
from testsupport.playing import EVEN, enter
from testsupport.tournaments import (
    ONE_HAND,
    PT,
    bye_of,
    make_tournament,
    pairs,
    play_round,
    round_rows,
    round_tables,
    standings,
    start_round,
    table_tokens,
    watch_token,
)
from tournaments.services import cancelling

NOTHING = {"tournament_round": 0, "tournament_game": 0, "game": 0, "hand": 0}


def cancel_form(client, director: str):
    """The "Cancel round N" form of the director's page."""
    return Page(client.get(f"/d/{director}")).form(cls="cancel-round")


def refusals(client, path: str, status: int, english: str, portuguese: str) -> None:
    """Post to `path` in both languages and check each answer is refused with `status` and the
    words of its language."""
    for headers, words in ((None, english), (PT, portuguese)):
        refused = client.post(path, data={}, headers=headers)
        assert refused.status_code == status, refused.get_data(as_text=True)
        assert words in Page(refused).text


def test_a_cancelled_round_is_paired_again_at_the_same_tables_and_earlier_rounds_stay(app, client):
    director = make_tournament(client, **ONE_HAND)
    start_round(client, director)
    play_round(client, director, "NN")
    played = round_rows(app)
    before = standings(client, f"/d/{director}")
    start_round(client, director)
    first = round_tables(client, director)
    assert pairs(first) == [("Reds", "Greens"), ("Whites", "Blues")]
    assert bye_of(client, director) == "Golds"
    page = Page(client.get(f"/d/{director}"))
    assert page.form(cls="cancel-round").find("button").text == "Cancel round 2"
    assert "Cancelling the round removes its games" in page.text

    cancelled = submit(client, cancel_form(client, director))
    assert cancelled.status_code == 303
    assert cancelled.headers["Location"] == f"/d/{director}#round"
    # Round 2 and its games are gone; round 1, its games and hands are as they were.
    assert round_rows(app) == played
    for table in first:
        assert client.get(f"/g/{table.game}").status_code == 404
    page = Page(client.get(f"/d/{director}"))
    assert not page.has_form("cancel-round")
    assert page.form(cls="start-round").find("button").text == "Start round 2"
    assert standings(client, f"/d/{director}") == before
    # Between, a table's link names who plays there next, as before the round started.
    waiting = client.get(f"/s/{table_tokens(client, director)[1]}")
    assert waiting.status_code == 200
    assert "Whites" in Page(waiting).text and "Blues" in Page(waiting).text

    start_round(client, director)
    again = round_tables(client, director)
    assert pairs(again) == pairs(first)
    assert bye_of(client, director) == "Golds"
    assert {table.game for table in again}.isdisjoint(table.game for table in first)


def test_a_round_is_not_cancelled_once_a_table_saved_a_hands_bids_and_nothing_is_written(
    app, client
):
    director = make_tournament(client, **ONE_HAND)
    start_round(client, director)
    form = cancel_form(client, director)
    game = round_tables(client, director)[1].game
    enter(client, game, EVEN["bids"])  # the bids alone: no trick is in yet
    assert not Page(client.get(f"/d/{director}")).has_form("cancel-round")
    kept = round_rows(app)
    assert kept["hand"] == 1
    words = (
        "A table has saved a hand of this round",
        "Uma mesa já salvou uma mão desta rodada",
    )
    refusals(client, f"/d/{director}/rounds/1/cancel", 409, *words)
    # The form shown before the bids were saved is refused the same way.
    refused = submit(client, form)
    assert refused.status_code == 409
    assert words[0] in Page(refused).text
    assert round_rows(app) == kept
    assert client.get(f"/g/{game}").status_code == 200


def test_only_the_latest_round_is_cancelled_and_never_before_the_first(app, client):
    director = make_tournament(client, **ONE_HAND)
    words = ("There is no such round to cancel", "Não há essa rodada para cancelar")
    refusals(client, f"/d/{director}/rounds/1/cancel", 409, *words)
    assert round_rows(app) == NOTHING
    start_round(client, director)
    play_round(client, director, "NE")
    start_round(client, director)
    kept = round_rows(app)
    for number in (1, 3):
        refusals(client, f"/d/{director}/rounds/{number}/cancel", 409, *words)
    assert round_rows(app) == kept
    # The page offers the latest round's, never round 1's, whose hands are saved.
    assert cancel_form(client, director).attrs["action"] == f"/d/{director}/rounds/2/cancel"


def test_the_cancel_form_sent_again_is_answered_as_done_and_cancels_nothing_more(app, client):
    director = make_tournament(client, **ONE_HAND)
    start_round(client, director)
    form = cancel_form(client, director)
    assert submit(client, form).status_code == 303
    assert round_rows(app) == NOTHING
    again = submit(client, form)
    assert again.status_code == 303
    assert again.headers["Location"] == f"/d/{director}#round"
    assert round_rows(app) == NOTHING
    # Sent once more after the round was started again, it leaves the new round be.
    start_round(client, director)
    started = round_rows(app)
    assert started["tournament_round"] == 1
    assert submit(client, form).status_code == 303
    assert round_rows(app) == started


def test_the_watch_link_and_a_tables_link_never_cancel_a_round(app, client):
    director = make_tournament(client, **ONE_HAND)
    start_round(client, director)
    started = round_rows(app)
    for token in (watch_token(client, director), table_tokens(client, director)[0]):
        refusals(
            client,
            f"/d/{token}/rounds/1/cancel",
            403,
            "Only the director's link cancels a round.",
            "Só o link do diretor cancela uma rodada.",
        )
    assert round_rows(app) == started
    assert client.post("/d/no-such-link-at-all/rounds/1/cancel", data={}).status_code == 404


def test_a_hand_saved_after_the_page_was_read_still_stops_the_cancel(app, client, monkeypatch):
    director = make_tournament(client, **ONE_HAND)
    start_round(client, director)
    enter(client, round_tables(client, director)[0].game, EVEN["bids"])
    kept = round_rows(app)
    # As if the bids arrived between the round's read and its deletion: only the second look,
    # in the deleting transaction, sees them.
    monkeypatch.setattr(cancelling, "cancel_refusal", lambda now, number=None: None)
    refused = client.post(f"/d/{director}/rounds/1/cancel", data={})
    assert refused.status_code == 409
    assert "A table has saved a hand of this round" in Page(refused).text
    assert round_rows(app) == kept


def test_a_timed_round_is_not_cancelled_once_its_clock_called_time(app, client):
    clock = clocked(app)
    director = make_tournament(client, length="minutes", minutes="40")
    start_round(client, director)
    clock.advance(39)
    assert Page(client.get(f"/d/{director}")).has_form("cancel-round")
    clock.advance(2)
    # The page read after the deadline calls time, even at tables with no hand saved.
    assert not Page(client.get(f"/d/{director}")).has_form("cancel-round")
    kept = round_rows(app)
    refused = client.post(f"/d/{director}/rounds/1/cancel", data={})
    assert refused.status_code == 409
    assert "A table has saved a hand of this round" in Page(refused).text
    assert round_rows(app) == kept
