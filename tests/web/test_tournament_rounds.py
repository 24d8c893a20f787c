"""A tournament's rounds through HTTP: started from the director's page, paired by the format,
one ordinary game per table seated and ruled as the tournament says, played at each table's
link, and the standings counted from the finished games on the director's and the watch page;
and every refusal (a round in play, no round left, the watch or a table's link) said in the
user's language with a 4xx status and nothing written."""

from __future__ import annotations

from itertools import combinations

from sqlalchemy import select

from extensions import db
from records.games import GameRecord
from testsupport.pages import Page, submit
from testsupport.tournaments import (
    ONE_HAND,
    PT,
    make_tournament,
    pairs,
    play_round,
    play_table,
    round_rows,
    round_tables,
    standings,
    start_round,
    table_tokens,
    team_names,
    teams_text,
    watch_token,
)


def test_a_six_team_round_robin_played_round_by_round_has_every_pair_meet_once(app, client):
    director = make_tournament(
        client, **ONE_HAND, name="Robin", format="round_robin", rounds="", teams=teams_text(6)
    )
    met = []
    for number in range(1, 6):
        start_round(client, director)
        tables = play_round(client, director, "NNN")
        assert f"Round {number} of 5" in Page(client.get(f"/d/{director}")).text
        if number == 1:  # the circle method's first round: 1–6, 2–5, 3–4
            assert pairs(tables) == [
                ("Team 1", "Team 6"),
                ("Team 2", "Team 5"),
                ("Team 3", "Team 4"),
            ]
        met.extend(frozenset(pair) for pair in pairs(tables))
    assert len(met) == 15
    assert set(met) == {frozenset(pair) for pair in combinations(team_names(6), 2)}

    # A sixth round there is not: the page offers none, and a start form sent anyway is refused.
    page = Page(client.get(f"/d/{director}"))
    assert not page.has_form("start-round")
    assert "Every round has been played." in page.text
    before = round_rows(app)
    refused = client.post(f"/d/{director}/rounds", data={})
    assert refused.status_code == 409
    assert "Every round of this tournament has been played" in refused.get_data(as_text=True)
    portuguese = client.post(f"/d/{director}/rounds", data={}, headers=PT)
    assert portuguese.status_code == 409
    assert "Todas as rodadas deste torneio" in portuguese.get_data(as_text=True)
    assert round_rows(app) == before


def test_a_four_team_swiss_of_two_rounds_ranks_its_teams_as_counted_by_hand(client):
    """Round 1 pairs by entry: Team 1–Team 2 at table 1, Team 3–Team 4 at table 2. Team 2
    wins 61 to −70 (Team 1 set), Team 3 wins 61 to 60.

    After round 1: Team 2 one win, difference 61 − (−70) = 131; Team 3 one win, 1; Team 4 a
    loss, −1; Team 1 a loss, −131. The order is 2, 3, 4, 1, so round 2 pairs Team 2–Team 3
    and Team 4–Team 1 (neither pair has met), the higher-placed team North–South.

    Round 2: Team 2 wins 61 to 60; Team 1 wins 61 to −70 (Team 4 set). In all:
    Team 2: 2 wins, points 61 + 61 = 122, against −70 + 60 = −10, difference 132.
    Team 3: 1–1, points 61 + 60 = 121, against 60 + 61 = 121, difference 0.
    Team 1: 1–1, points −70 + 61 = −9, against 61 + (−70) = −9, difference 0.
    Team 4: 0–2, points 60 + (−70) = −10, against 61 + 61 = 122, difference −132.
    Team 3 and Team 1 are level on wins and difference; Team 3 has more points (121 > −9).
    """
    director = make_tournament(client, **ONE_HAND, format="swiss", rounds="2", teams=teams_text(4))
    start_round(client, director)
    first = play_round(client, director, "EN")
    assert pairs(first) == [("Team 1", "Team 2"), ("Team 3", "Team 4")]
    assert [table.totals for table in first] == [(-70, 61), (61, 60)]
    assert [row[1] for row in standings(client, f"/d/{director}")] == [
        "Team 2",
        "Team 3",
        "Team 4",
        "Team 1",
    ]
    start_round(client, director)
    second = play_round(client, director, "NE")
    assert pairs(second) == [("Team 2", "Team 3"), ("Team 4", "Team 1")]
    expected = [
        ("1", "Team 2", "2", "0", "122", "132"),
        ("2", "Team 3", "1", "1", "121", "0"),
        ("3", "Team 1", "1", "1", "-9", "0"),
        ("4", "Team 4", "0", "2", "-10", "-132"),
    ]
    assert standings(client, f"/d/{director}") == expected
    assert standings(client, f"/w/{watch_token(client, director)}") == expected
    assert not Page(client.get(f"/d/{director}")).has_form("start-round")


def test_a_five_team_round_seats_two_tables_and_gives_the_fifth_team_the_bye(app, client):
    director = make_tournament(client, **ONE_HAND)
    start_round(client, director)
    page = Page(client.get(f"/d/{director}"))
    assert page.find("p", "round-bye").text == "Whites has the bye this round."
    tables = round_tables(client, director)
    assert pairs(tables) == [("Reds", "Blues"), ("Greens", "Golds")]
    # Each table is an ordinary game: North–South's players at seats 0 and 2, North deals
    # first, and the tournament's rules, its one hand included.
    with app.app_context():
        game = db.session.scalar(select(GameRecord).where(GameRecord.edit_token == tables[0].game))
        assert game.teams == ("Reds", "Blues")
        assert game.players == ("Ana", "Caio", "Bia", "Duda")
        assert game.first_dealer == 0
        assert game.scoring_rules.hands_limit == 1
        db.session.remove()
    # Each table's link leads to the game at that table; no table is the bye team's.
    for token, table in zip(table_tokens(client, director), tables, strict=True):
        opened = client.get(f"/s/{token}")
        assert opened.status_code == 303
        assert opened.headers["Location"] == f"/g/{table.game}"
    watch = f"/w/{watch_token(client, director)}"
    portuguese = Page(client.get(watch, headers=PT))
    assert portuguese.find("p", "round-bye").text == "Whites folga nesta rodada."
    play_round(client, director, "NE")
    rows = standings(client, f"/d/{director}")
    assert ("1", "Golds", "1", "0", "61", "131") in rows
    # A bye is a win with no points for or against.
    assert ("3", "Whites", "1", "0", "0", "0") in rows
    # Between rounds the wall says where each team plays next, and who sits out.
    coming = Page(client.get(watch)).find("section", "next-round")
    seated = [name.text for name in coming.find("ol", "next-pairings").find_all("bdi")]
    bye = coming.find("p", "round-bye").text
    assert bye.endswith(" has a bye next round."), bye
    sits_out = bye.removesuffix(" has a bye next round.")
    assert sorted([*seated, sits_out]) == sorted(["Reds", "Blues", "Greens", "Golds", "Whites"])
    assert sits_out != "Whites"  # a team has one bye at most


def test_a_round_cannot_start_while_a_table_still_plays_and_a_resend_starts_it_once(app, client):
    director = make_tournament(client, **ONE_HAND, teams=teams_text(4), rounds="2")
    form = Page(client.get(f"/d/{director}")).form(cls="start-round")
    assert submit(client, form).status_code == 303
    started = round_rows(app)
    assert started["tournament_round"] == 1
    assert started["tournament_game"] == 2
    # The same form sent again answers as started, and starts nothing more.
    again = submit(client, form)
    assert again.status_code == 303
    assert again.headers["Location"] == f"/d/{director}#round"
    assert round_rows(app) == started

    # Table 1 finishes; table 2 is still playing.
    play_table(client, round_tables(client, director)[0].game)
    page = Page(client.get(f"/d/{director}"))
    assert not page.has_form("start-round")
    assert "The next round can start when every table has finished this one." in page.text
    played = round_rows(app)
    for headers, words in (
        (None, "A game of the round is still being played."),
        (PT, "Uma partida da rodada ainda está em jogo."),
    ):
        refused = client.post(f"/d/{director}/rounds", data={}, headers=headers)
        assert refused.status_code == 409
        assert words in Page(refused).text
    assert round_rows(app) == played


def test_the_watch_link_and_a_tables_link_never_start_a_round(app, client):
    director = make_tournament(client, **ONE_HAND)
    watch = watch_token(client, director)
    table = table_tokens(client, director)[0]
    for token in (watch, table):
        for headers, words in (
            (None, "Only the director's link starts a round."),
            (PT, "Só o link do diretor começa uma rodada."),
        ):
            refused = client.post(f"/d/{token}/rounds", data={}, headers=headers)
            assert refused.status_code == 403
            assert words in Page(refused).text
    assert round_rows(app)["tournament_round"] == 0
    assert client.post("/d/no-such-link-at-all/rounds", data={}).status_code == 404
