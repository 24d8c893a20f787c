"""A game of a round that has ended (a later round, or a playoff stage, has started) stays
counted in the standings (issue #35): the writes that would put it back in play — its last
hand undone by the director or by its scorer, time called taken back, its forfeit withdrawn
when its hands do not end it, an adjustment that ties it — are refused (409) with words that
say why and point to correcting a hand, in English and in Portuguese, with nothing written.
Correcting a hand stays open, and the same writes in the round being played are not refused.

Five teams ("Team 1" … "Team 5"), a Swiss of three rounds, one hand a game unless told,
North–South winning every table 61 to 60 (testsupport.builders.tournament_in_round): round 1
plays 1–2 at table 1 and 3–4 at table 2, Team 5 having the bye.
"""

from __future__ import annotations

from sqlalchemy import func, select

import games
from extensions import db
from records.games import new_token
from records.rulings import RulingRecord
from testsupport.builders import enter_hands, start_and_list, tournament_in_round
from testsupport.database import snapshot
from testsupport.director_tools import award, ruling_page
from testsupport.pages import Page, submit
from testsupport.playing import EVEN, hand_taps
from testsupport.tournaments import (
    EAST_WEST_WINS,
    PT,
    play_table,
    standings,
    start_playoff,
    start_round,
)

UNDO_WORDS = (
    "its last hand cannot be undone. To change its result, correct the hand instead.",
    "sua última mão não pode ser desfeita. Para mudar o resultado, corrija a mão.",
)
IN_PLAY_WORDS = (
    "so it cannot be put back in play. To change its result, correct a hand instead.",
    "não pode voltar a ser jogada. Para mudar o resultado, corrija uma mão.",
)
FORFEIT_WORDS = (
    "withdrawing the forfeit would put it back in play: the forfeit stays.",
    "retirar o W.O. a faria voltar a ser jogada: o W.O. fica.",
)


def written(app) -> tuple:
    """Every stored game and hand row, and the rulings logged: to prove nothing was written."""
    with app.app_context():
        rulings = db.session.scalar(select(func.count()).select_from(RulingRecord))
        db.session.remove()
    return (*snapshot(app), rulings)


def refused_both_ways(client, send, words: tuple[str, str]) -> None:
    """Send a write (`send(headers)`, a fresh form each time) in English and in Portuguese:
    each refused with 409 and the words of its language."""
    for headers, said in zip((None, PT), words, strict=True):
        refused = send(headers)
        assert refused.status_code == 409, refused.get_data(as_text=True)
        assert said in Page(refused).text


def directors_undo(client, director: str, round_number: int = 1, table: int = 1):
    """The director's Undo on the ruling page of `table` in round `round_number`, as sent."""

    def send(headers=None):
        """Load the ruling page and tap Undo."""
        form = ruling_page(client, director, table, round_number).form(cls="undo")
        return submit(client, form, headers=headers)

    return send


def scorers_undo(client, game: str):
    """The scorer's Undo, confirmed on its page under the game's edit link, as sent."""

    def send(headers=None):
        """Load the confirmation page and tap Undo."""
        page = Page(client.get(f"/g/{game}/undo"))
        return submit(client, page.form(action=f"/g/{game}/undo"), headers=headers)

    return send


def test_undoing_the_last_hand_of_a_game_of_an_ended_round_is_refused_and_it_stays_counted(
    app, client
):
    """Round 1 played, round 2 started: the standings count round 1's two games (Team 1 and
    Team 3 have won, Team 5 its bye). Undo of table 1's hand, by the director and by the scorer,
    is refused in both languages; the hand, the game and the standings stay as they were."""
    made = tournament_in_round(app, 5, 1, start_next=True)
    director, game = made.director, made.rounds[0][0]
    counted = standings(client, f"/d/{director}")
    assert [row[1:3] for row in counted[:3]] == [
        ("Team 1", "1"),
        ("Team 3", "1"),
        ("Team 5", "1"),
    ]
    before = written(app)
    refused_both_ways(client, directors_undo(client, director), UNDO_WORDS)
    refused_both_ways(client, scorers_undo(client, game), UNDO_WORDS)
    assert written(app) == before
    assert standings(client, f"/d/{director}") == counted


def test_a_hand_of_a_game_of_an_ended_round_is_still_corrected_and_the_standings_follow(
    app, client
):
    """The words point to correcting the hand: the director corrects table 1's hand of round 1
    so that East–West (Team 2) win it, and the standings count Team 2's win."""
    made = tournament_in_round(app, 5, 1, start_next=True)
    director = made.director
    page = Page(client.get(f"/d/{director}/rounds/1/tables/1/hands/1"))
    taps = hand_taps(EAST_WEST_WINS["bids"], EAST_WEST_WINS["tricks"])
    response = submit(client, page.form(cls="hand-form"), taps)
    assert response.status_code == 303, response.get_data(as_text=True)
    wins = {row[1]: row[2] for row in standings(client, f"/d/{director}")}
    assert (wins["Team 1"], wins["Team 2"]) == ("0", "1")


def test_undo_in_the_round_being_played_is_not_refused(app, client):
    """Rounds 1 and 2 played, round 3 not started: round 2 has not ended, so the director's
    undo of its table 1 hand is done, and the scorer's of table 2's, both games in play again."""
    made = tournament_in_round(app, 5, 2)
    director, round_two = made.director, made.rounds[1]
    assert directors_undo(client, director, round_number=2)().status_code == 303
    assert scorers_undo(client, round_two[1])().status_code == 303
    with app.app_context():
        assert [games.load(token).state.over for token in round_two] == [False, False]
        db.session.remove()


def test_undo_in_the_last_round_once_the_playoff_started_is_refused(app, client):
    """All three rounds played, the playoff of the top 4 started: round 3 has ended."""
    made = tournament_in_round(app, 5, 3)
    director, game = made.director, made.rounds[2][0]
    assert start_playoff(client, director, 4).status_code == 303
    before = written(app)
    refused_both_ways(client, directors_undo(client, director, round_number=3), UNDO_WORDS)
    refused_both_ways(client, scorers_undo(client, game), UNDO_WORDS)
    assert written(app) == before


def test_time_called_is_not_taken_back_at_a_game_of_an_ended_round(app, client):
    """Games of three hands: at each table of round 1 one hand is played and time is called
    (the game ends, North–South ahead 61 to 60), then round 2 starts. The director's Play on
    (time taken back) at table 1 is then refused in both languages, with nothing written."""
    made = tournament_in_round(app, 5, 0, hands=3, start_next=True)
    with app.app_context():
        for token in made.rounds[0]:
            enter_hands(token, [EVEN])
            scored = games.load(token)
            games.call_time(scored, games.Write(str(scored.record.version), new_token()))
        start_and_list(made.director)
        db.session.remove()
    game = made.rounds[0][0]

    def resume(headers=None):
        """Tap Play on on the game's ruling page, under the director's link."""
        form = ruling_page(client, made.director, 1, 1).form(cls="play-on")
        return submit(client, form, headers=headers)

    before = written(app)
    refused_both_ways(client, resume, IN_PLAY_WORDS)
    assert written(app) == before
    with app.app_context():
        assert games.load(game).state.over
        db.session.remove()


def test_a_forfeit_of_an_ended_round_whose_hands_do_not_end_the_game_stays(app, client):
    """Round 1: table 1 awarded to Team 2 by forfeit before any hand, table 2 played; round 2
    started. Withdrawing the forfeit would leave the game with no hand, in play: refused in both
    languages, the forfeit still counted (Team 2 has won)."""
    made = tournament_in_round(app, 5, 0, start_next=True)
    director = made.director
    award(client, director, 1, 1)
    play_table(client, made.rounds[0][1])
    start_round(client, director)
    wins = {row[1]: row[2] for row in standings(client, f"/d/{director}")}
    assert wins["Team 2"] == "1"

    def withdraw(headers=None):
        """Tap Withdraw the forfeit on table 1's ruling page of round 1."""
        form = ruling_page(client, director, 1).form(cls="withdraw-forfeit")
        return submit(client, form, headers=headers)

    before = written(app)
    refused_both_ways(client, withdraw, FORFEIT_WORDS)
    assert written(app) == before
    assert {row[1]: row[2] for row in standings(client, f"/d/{director}")} == wins


def test_an_adjustment_that_would_tie_a_game_of_an_ended_round_is_refused(app, client):
    """Table 1 of round 1 ended 61 to 60; round 2 started. One point taken from North–South
    after hand 1 would tie the game, which then plays on: refused for the director and for the
    scorer, in both languages, nothing written."""
    made = tournament_in_round(app, 5, 1, start_next=True)
    director, game = made.director, made.rounds[0][0]
    tie = {"side": "0", "points": "-1", "reason": "Renege"}

    def adjust_as(path: str):
        """The adjustment form after hand 1 at `path`, sent with one point less for
        North–South."""

        def send(headers=None):
            """Load the form and send it."""
            page = Page(client.get(f"{path}/hands/1/adjustment"))
            form = page.form(action=f"{path}/hands/1/adjustment")
            return submit(client, form, tie, headers=headers)

        return send

    before = written(app)
    refused_both_ways(client, adjust_as(f"/d/{director}/rounds/1/tables/1"), IN_PLAY_WORDS)
    refused_both_ways(client, adjust_as(f"/g/{game}"), IN_PLAY_WORDS)
    assert written(app) == before


def test_a_correction_that_would_put_a_game_of_an_ended_round_back_in_play_is_refused(app, client):
    """Round 2 started: table 1's only hand of round 1 corrected so that both teams bid 8 and
    are set (−80 each) would tie the game, which then plays on: refused for the director and
    for the scorer, in both languages, nothing written."""
    made = tournament_in_round(app, 5, 1, start_next=True)
    director, game = made.director, made.rounds[0][0]
    taps = hand_taps((4, 4, 4, 4), (3, 4, 3, 3))

    def correct_at(path: str):
        """The correction form of hand 1 at `path`, sent with the tying hand."""

        def send(headers=None):
            """Load the form and send it."""
            page = Page(client.get(f"{path}/hands/1"))
            return submit(client, page.form(cls="hand-form"), taps, headers=headers)

        return send

    before = written(app)
    refused_both_ways(client, correct_at(f"/d/{director}/rounds/1/tables/1"), IN_PLAY_WORDS)
    refused_both_ways(client, correct_at(f"/g/{game}"), IN_PLAY_WORDS)
    assert written(app) == before
