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
from models import HandRecord
from ruling_records import RulingRecord
from testsupport.pages import Page, submit
from testsupport.playing import EVEN, enter, hand_taps
from testsupport.tournaments import (
    EAST_WEST_WINS,
    ONE_HAND,
    PT,
    make_tournament,
    play_table,
    round_tables,
    standings,
    start_round,
    watch_token,
)
from tournament_records import RoundGameRecord

TABLE_2 = "rounds/1/tables/2"


def ruling_page(client, director: str, table: int = 1) -> Page:
    """The ruling page of round 1's game at `table`; it must answer 200."""
    response = client.get(f"/d/{director}/rounds/1/tables/{table}")
    assert response.status_code == 200, response.get_data(as_text=True)
    return Page(response)


def award(client, director: str, table: int, side: int, expect: int = 303):
    """Tap "Award the game to ..." for `side` on the ruling page of table `table`."""
    form = ruling_page(client, director, table).form(cls="award")
    response = submit(client, form, button=("side", str(side)))
    assert response.status_code == expect, response.get_data(as_text=True)
    return response


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
    assert "forfeit: Golds wins" in Page(client.get(watch)).text
    assert "W.O.: Golds vence" in Page(client.get(watch, headers=PT)).text

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
