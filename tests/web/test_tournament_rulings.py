"""The director's rulings on a table's game, from the ruling page under the director's link
(`/d/<token>/rounds/<n>/tables/<t>`): a game awarded by forfeit (and the forfeit withdrawn), a
hand undone, a hand corrected, points adjusted; each written with its row in the tournament's
log, shown with its time on the director's page and in the game's history; and every refusal
(the watch or a table's link, a forfeited game, bad input) said with a 4xx status and nothing
written.

Five teams of a Swiss of three rounds, one hand a game: round 1 pairs Reds–Blues at table 1
and Greens–Golds at table 2, Whites having the bye (a win, no points).
"""

from __future__ import annotations

from sqlalchemy import func, select

from extensions import db
from records.games import HandRecord
from records.rulings import RulingRecord
from records.tournaments import RoundGameRecord
from testsupport.database import queries_sent
from testsupport.director_tools import award, ruling_page
from testsupport.pages import Page, submit
from testsupport.playing import EVEN, enter, hand_taps, link_on
from testsupport.tournaments import (
    EAST_WEST_WINS,
    ONE_HAND,
    PT,
    make_tournament,
    play_table,
    round_tables,
    standings,
    start_round,
    table_tokens,
    watch_token,
)

TABLE_2 = "rounds/1/tables/2"


def stored(app) -> tuple[list[int | None], int, int]:
    """Each round game's forfeit as stored, the rulings logged and the hands stored."""
    with app.app_context():
        forfeits = list(
            db.session.scalars(select(RoundGameRecord.forfeit_to).order_by(RoundGameRecord.id))
        )
        counted = [
            db.session.scalar(select(func.count()).select_from(record))
            for record in (RulingRecord, HandRecord)
        ]
        db.session.remove()
    return forfeits, counted[0], counted[1]


def by_team(client, path: str, headers=None) -> dict[str, tuple[str, ...]]:
    """The standings a page shows, by team: place, wins, losses, points, difference."""
    return {row[1]: (row[0], *row[2:]) for row in standings(client, path, headers)}


def test_a_forfeit_is_a_win_with_no_points_and_the_table_scores_no_more(app, client):
    """Before: Whites' bye is the only win (1 win, 0 points), the four others 0 wins. Greens–Golds
    awarded to Golds (East–West) before a hand: Golds 1 win, 0 losses, 0 points, 0 difference;
    Greens 0 wins, 1 loss, 0 points. Table 1 played, Reds win 61 to 60: Reds first (1 win, +1),
    Golds and Whites share second (1 win, 0), Greens fourth (0 difference), Blues fifth (-1)."""
    director = make_tournament(client, **ONE_HAND)
    start_round(client, director)
    before = by_team(client, f"/d/{director}")
    assert [before[team][1] for team in ("Reds", "Blues", "Greens", "Golds", "Whites")] == [
        "0",
        "0",
        "0",
        "0",
        "1",
    ]
    tables = round_tables(client, director)
    game = tables[1].game
    shown = [Page(client.get(f"/g/{game}", headers=headers)) for headers in (None, PT)]
    done = award(client, director, 2, 1)
    assert done.headers["Location"] == f"/d/{director}/{TABLE_2}"
    assert stored(app) == ([None, 1], 1, 0)
    # Though no hand is saved, the round with a forfeit (a ruling logged) is cancelled no more.
    assert not Page(client.get(f"/d/{director}")).has_form("cancel-round")
    assert client.post(f"/d/{director}/rounds/1/cancel", data={}).status_code == 409
    assert stored(app) == ([None, 1], 1, 0)

    play_table(client, tables[0].game)
    after = by_team(client, f"/d/{director}")
    assert after == {
        "Reds": ("1", "1", "0", "61", "1"),
        "Golds": ("2", "1", "0", "0", "0"),
        "Whites": ("2", "1", "0", "0", "0"),
        "Greens": ("4", "0", "1", "0", "0"),
        "Blues": ("5", "0", "1", "60", "-1"),
    }
    watch = f"/w/{watch_token(client, director)}"
    # The round's tables say so on the director's page (the wall has moved on to the next).
    assert "forfeit: Golds wins" in Page(client.get(f"/d/{director}")).text
    assert "W.O.: Golds vence" in Page(client.get(f"/d/{director}", headers=PT)).text

    # The table's scorer, whose phone showed the game before the forfeit, is refused in both
    # languages with nothing written; the game's page now says the forfeit and offers no hand.
    for before, headers, words in (
        (shown[0], None, "awarded this game by forfeit"),
        (shown[1], PT, "deu esta partida por W.O."),
    ):
        refused = enter(client, game, EVEN["bids"], expect=409, headers=headers, page=before)
        assert words in refused.text
    page = Page(client.get(f"/g/{game}"))
    assert "the tournament's director awarded the game to Golds" in page.text
    assert not page.has_form("hand-form")
    viewed = Page(client.get(f"/v/{link_on(client, f'/g/{game}', '/v')}", headers=PT))
    assert "W.O.: o diretor do torneio deu a partida a Golds." in viewed.text
    # The results sheet and the summary say it too.
    results = Page(client.get(f"{watch}/results")).find("section", "results-rounds")
    assert "Golds (forfeit)" in results.text
    summary = client.get(f"{watch}/summary.txt").text
    assert (
        "Table 2: \u2068Greens\u2069 0 – 0 \u2068Golds\u2069, won by \u2068Golds\u2069 by forfeit"
        in summary
    )
    assert stored(app) == ([None, 1], 1, 1)
    # The round is over: the next one starts.
    start_round(client, director)


def test_each_ruling_on_the_hands_is_logged_and_changes_the_standings(app, client):
    """Table 1 played, Reds win 61 to 60 (Reds 1 win, Blues 0). Hand 1 corrected so that Blues
    win 61 to -70: Blues 1 win, +131; Reds 0 wins. 20 points to Reds after hand 1 ("renege"):
    Reds -50, Blues still win, +111. Hand 1 undone: the game is in play again and counts
    nothing, Reds and Blues 0 wins, 0 points. Three rulings logged, newest first."""
    director = make_tournament(client, **ONE_HAND)
    start_round(client, director)
    tables = round_tables(client, director)
    play_table(client, tables[0].game)
    assert by_team(client, f"/d/{director}")["Reds"][1:] == ("1", "0", "61", "1")

    page = ruling_page(client, director)
    edit = Page(client.get(page.find("a", "correct").attrs["href"]))
    taps = hand_taps(EAST_WEST_WINS["bids"], EAST_WEST_WINS["tricks"])
    done = submit(client, edit.form(cls="hand-form"), taps)
    assert done.status_code == 303, done.get_data(as_text=True)
    rows = by_team(client, f"/d/{director}")
    assert rows["Blues"][1:] == ("1", "0", "61", "131")
    assert rows["Reds"][1:] == ("0", "1", "-70", "-131")

    adjustment = Page(client.get(ruling_page(client, director).find("a", "adjust").attrs["href"]))
    changes = {"side": "0", "points": "20", "reason": "renege"}
    assert submit(client, adjustment.form(), changes).status_code == 303
    rows = by_team(client, f"/d/{director}")
    assert rows["Blues"][1:] == ("1", "0", "61", "111")

    assert submit(client, ruling_page(client, director).form(cls="undo")).status_code == 303
    rows = by_team(client, f"/d/{director}")
    assert rows["Reds"][1:] == rows["Blues"][1:] == ("0", "0", "0", "0")
    assert stored(app) == ([None, None], 3, 0)

    log = Page(client.get(f"/d/{director}")).find("section", "tournament-log")
    lines = [node.text for node in log.find_all("li", "ruling")]
    assert [line.split(" · ", 1)[1] for line in lines] == [
        "Round 1, table 1 · Hand 1 undone",
        "Round 1, table 1 · +20 to Reds after hand 1: renege",
        "Round 1, table 1 · Hand 1 corrected",
    ]
    history = Page(client.get(f"/g/{tables[0].game}")).find("section", "game-rulings")
    assert len(history.find_all("li", "ruling")) == 3


def test_a_forfeit_withdrawn_leaves_the_hands_to_decide_the_game_again(app, client):
    """Table 1 played, Reds win 61 to 60, then awarded to Blues by forfeit: Blues 1 win, 0
    points; Reds 0 wins. The forfeit withdrawn: the hand decides again, Reds 1 win, 61 points,
    +1; Blues 0 wins, 60, -1. Two rulings logged."""
    director = make_tournament(client, **ONE_HAND)
    start_round(client, director)
    play_table(client, round_tables(client, director)[0].game)
    award(client, director, 1, 1)
    rows = by_team(client, f"/d/{director}")
    assert (rows["Reds"][1:], rows["Blues"][1:]) == (("0", "1", "0", "0"), ("1", "0", "0", "0"))
    assert "Withdraw the forfeit" in ruling_page(client, director).text
    assert not ruling_page(client, director).has_form("undo")

    form = ruling_page(client, director).form(cls="withdraw-forfeit")
    assert submit(client, form).status_code == 303
    rows = by_team(client, f"/d/{director}")
    assert (rows["Reds"][1:], rows["Blues"][1:]) == (("1", "0", "61", "1"), ("0", "1", "60", "-1"))
    assert stored(app) == ([None, None], 2, 1)
    # The same form sent again is answered as done, with nothing more written.
    again = submit(client, form)
    assert again.status_code == 303
    assert stored(app) == ([None, None], 2, 1)


RULINGS = ("forfeit", "forfeit/withdraw", "undo", "hands/1", "hands/1/adjustment")


def test_the_watch_and_table_links_make_no_ruling_and_nothing_is_written(app, client):
    director = make_tournament(client, **ONE_HAND)
    start_round(client, director)
    play_table(client, round_tables(client, director)[0].game)
    kept = stored(app)
    words = (
        "Only the director's link makes a ruling",
        "Só o link do diretor toma uma decisão",
    )
    for token in (watch_token(client, director), table_tokens(client, director)[0]):
        base = f"/d/{token}/rounds/1/tables/1"
        for headers, said in zip((None, PT), words, strict=True):
            assert client.get(base, headers=headers).status_code == 403
            for ruling in RULINGS:
                refused = client.post(f"{base}/{ruling}", data={"side": "0"}, headers=headers)
                assert refused.status_code == 403, (ruling, refused.status_code)
                assert said in Page(refused).text
    assert client.post("/d/no-such-link/rounds/1/tables/1/undo", data={}).status_code == 404
    assert stored(app) == kept


def test_bad_rulings_are_refused_in_words_and_nothing_is_written(app, client):
    """A round or table the tournament does not have (404), a side that is neither (422), a
    forfeit twice or a hand undone in a forfeited game (409), a forfeit withdrawn where there
    is none (409), a form another write overtook (409)."""
    director = make_tournament(client, **ONE_HAND)
    start_round(client, director)
    for missing in ("rounds/2/tables/1", "rounds/1/tables/3"):
        assert client.get(f"/d/{director}/{missing}").status_code == 404
        assert client.post(f"/d/{director}/{missing}/undo", data={}).status_code == 404
    assert client.get(f"/d/{director}/rounds/1/tables/1/hands/1").status_code == 404

    form = ruling_page(client, director).form(cls="award")
    withdraw = f"/d/{director}/rounds/1/tables/1/forfeit/withdraw"
    for headers, words in (
        (None, "This game has no forfeit to withdraw."),
        (PT, "Esta partida não tem W.O. a retirar."),
    ):
        refused = client.post(withdraw, data={}, headers=headers)
        assert refused.status_code == 409
        assert words in Page(refused).text
    bad = submit(client, form, {"reason": "No show"}, button=("side", "2"))
    assert bad.status_code == 422
    assert "Something in that request was not right." in Page(bad).text
    assert stored(app) == ([None, None], 0, 0)

    play_table(client, round_tables(client, director)[0].game)
    # The award form shown before the hand was saved is overtaken by it.
    overtaken = submit(client, form, {"reason": "No show"}, button=("side", "0"))
    assert overtaken.status_code == 409
    assert "Another phone changed this game first" in Page(overtaken).text
    assert stored(app) == ([None, None], 0, 1)

    # An adjustment the rules refuse (no reason) is said beside the form, in both languages.
    adjust = ruling_page(client, director).find("a", "adjust").attrs["href"]
    for headers in (None, PT):
        form = Page(client.get(adjust, headers=headers)).form()
        refused = submit(client, form, {"side": "0", "points": "20", "reason": ""}, headers)
        assert refused.status_code == 422
        assert Page(refused).all_errors()
    assert stored(app) == ([None, None], 0, 1)

    undo = ruling_page(client, director).form(cls="undo")
    award(client, director, 1, 0)
    kept = stored(app)
    assert kept == ([0, None], 1, 1)
    for headers, words in (
        (None, "This game was awarded by forfeit."),
        (PT, "Esta partida foi dada por W.O."),
    ):
        refused = submit(client, undo, headers=headers)
        assert refused.status_code == 409
        assert words in Page(refused).text
    twice = client.post(
        f"/d/{director}/rounds/1/tables/1/forfeit", data={"side": "1", "reason": "Late"}, headers=PT
    )
    assert twice.status_code == 409
    assert stored(app) == kept


def director_queries(app, client, director: str) -> int:
    """How many queries the director's page runs, every game's hands read again."""
    app.extensions["replays"].clear()
    with queries_sent(app) as statements:
        assert client.get(f"/d/{director}").status_code == 200
    return len(statements)


def test_the_log_and_the_ruling_page_run_the_same_few_queries_however_many_rulings(app, client):
    """One ruling (a forfeit at table 2) or four (and at table 1 two adjustments and a hand
    undone): the director's page runs the same 7 queries (the tournament, its teams, its rounds
    with their games, the hands, the tables, the log, when each table last saved); the ruling
    page 4 (the tournament, the
    game with its link, its hands, its rulings)."""
    director = make_tournament(client, **ONE_HAND)
    start_round(client, director)
    award(client, director, 2, 0)
    one = director_queries(app, client, director)
    play_table(client, round_tables(client, director)[0].game)
    for points in ("10", "-10"):
        page = Page(client.get(ruling_page(client, director).find("a", "adjust").attrs["href"]))
        changes = {"side": "1", "points": points, "reason": "slow play"}
        assert submit(client, page.form(), changes).status_code == 303
    assert submit(client, ruling_page(client, director).form(cls="undo")).status_code == 303
    assert stored(app)[1] == 4
    assert director_queries(app, client, director) == one == 7
    app.extensions["replays"].clear()
    with queries_sent(app) as statements:
        ruling_page(client, director)
    assert len(statements) == 4, statements


def test_the_directors_page_leads_to_the_rulings_of_every_earlier_rounds_game(app, client):
    """Round 1 played (Reds beat Blues 61 to 60 at table 1, Greens beat Golds at table 2) and
    round 2 started: the director's page folds away round 1's two games, each leading to its
    ruling page. There table 1 is awarded to Blues by forfeit, and the list marks it: Reds'
    win becomes a loss (0 wins, 1 loss while round 2 is played) and Blues have 1 win, 0
    losses, 0 points and 0 difference."""
    director = make_tournament(client, **ONE_HAND)
    start_round(client, director)
    for table in round_tables(client, director):
        play_table(client, table.game)
    assert not Page(client.get(f"/d/{director}")).find_all("a", "earlier-table")
    start_round(client, director)
    links = Page(client.get(f"/d/{director}")).find_all("a", "earlier-table")
    assert [link.attrs["href"] for link in links] == [
        f"/d/{director}/rounds/1/tables/1",
        f"/d/{director}/rounds/1/tables/2",
    ]
    assert links[0].text == "Table 1: Reds 61 – 60 Blues"
    award(client, director, 1, 1, round_number=1)
    listed = Page(client.get(f"/d/{director}")).find("details", "tournament-earlier")
    assert "(forfeit)" in listed.find_all("li")[0].text
    assert "(forfeit)" not in listed.find_all("li")[1].text
    rows = by_team(client, f"/d/{director}")
    assert rows["Reds"][1:3] == ("0", "1")
    assert rows["Blues"][1:] == ("1", "0", "0", "0")
