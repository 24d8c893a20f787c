"""Players' career figures over a tournament's finished games, from its watch link (the stats page
a table has, its CSV and JSON twin), and over every tournament a phone directs on that phone's
own stats; a game in play counts nothing, the director's link is no watch link, the words are in
both languages and the queries the same few however many games.

The evening most tests play, "Club night", a Swiss of five teams, one hand a game (Reds: Ana &
Bia, Blues: Caio & Duda, Greens: Eva & Fabio, Golds: Gil & Hugo, Whites: Ivo & Ju):
- Round 1: Reds beat Blues 61 to 60 at table 1 (North–South), Golds beat Greens 61 to −70 at
  table 2 (East–West); Whites have the bye.
- Bea comes in for Bia in Reds.
- Round 2: Golds against Reds (Ana & Bea) at table 1, Reds win 61 to −70 (East–West); Whites
  against Blues at table 2, its bids only: in play. Greens have the bye.
So 3 finished games of 1 hand: Ana 2 games and 2 wins (122 points), Bia 1 and 1, Bea 1 and 1,
Gil and Hugo 2 and 1, Caio, Duda, Eva and Fabio 1 and 0; Ivo and Ju, in play only, none. The
partnerships: Ana & Bia 1–1, Ana & Bea 1–1, Gil & Hugo 2 games 1 win, Caio & Duda and Eva &
Fabio 1 game 0 wins.
"""

from __future__ import annotations

import json

from games import CareerStats
from testsupport.builders import tournament_in_round
from testsupport.database import MAX_QUERIES, queries_sent
from testsupport.pages import Page
from testsupport.playing import EVEN, NAMES, enter, play_floor_game
from testsupport.tables import figures_of
from testsupport.tournaments import (
    ONE_HAND,
    PT,
    make_tournament,
    pairs,
    play_round,
    play_table,
    replace_tournament_link,
    round_tables,
    start_round,
    swap,
    watch_token,
)

REDS = 1
# A second tournament, "Cup": a round robin of two teams, one game, won by Purples (East–West).
CUP = {
    "name": "Cup",
    "format": "round_robin",
    "teams": "Reds: Ana & Bia\nPurples: Caio & Zoe\n",
    **ONE_HAND,
}
STATS = ("stats", "stats.csv", "stats.json")


def club_night(client) -> str:
    """Play "Club night" as the module's docstring says, from this phone; its director's
    token."""
    director = make_tournament(client, **ONE_HAND)
    start_round(client, director)
    assert pairs(play_round(client, director, "NE")) == [("Reds", "Blues"), ("Greens", "Golds")]
    assert swap(client, director, REDS, 1, "Bea").status_code == 303
    start_round(client, director)
    second = round_tables(client, director)
    assert pairs(second) == [("Golds", "Reds"), ("Whites", "Blues")]
    play_table(client, second[0].game, north_south_wins=False)
    enter(client, second[1].game, EVEN["bids"])  # bids only: the game is in play
    return director


def cup(client) -> str:
    """Play "Cup" (see CUP): Purples, East–West, win its one game 61 to −70; its director's
    token."""
    director = make_tournament(client, **CUP)
    start_round(client, director)
    assert pairs(play_round(client, director, "E")) == [("Reds", "Purples")]
    return director


def stats_of(client, path: str) -> dict:
    """The career figures a stats JSON gives, `path` being its address less `.json`."""
    response = client.get(f"{path}.json")
    assert response.status_code == 200, response.get_data(as_text=True)
    return json.loads(response.get_data(as_text=True))


def won(stats: dict, kind: str) -> dict[str, tuple[int, int]]:
    """Each player's (or partnership's) games and wins, by name."""
    return {f["name"]: (f["games"], f["wins"]) for f in stats[kind]}


def test_a_tournaments_stats_count_its_finished_games_with_who_really_played(client):
    watch = watch_token(client, club_night(client))
    stats = stats_of(client, f"/w/{watch}/stats")
    assert (stats["games"], stats["hands"]) == (3, 3)
    assert won(stats, "players") == {
        "Ana": (2, 2),
        "Bia": (1, 1),
        "Bea": (1, 1),
        "Gil": (2, 1),
        "Hugo": (2, 1),
        "Caio": (1, 0),
        "Duda": (1, 0),
        "Eva": (1, 0),
        "Fabio": (1, 0),
    }
    assert won(stats, "partnerships") == {
        "Ana & Bia": (1, 1),
        "Ana & Bea": (1, 1),
        "Gil & Hugo": (2, 1),
        "Caio & Duda": (1, 0),
        "Eva & Fabio": (1, 0),
    }
    ana = figures_of(stats, "players", "Ana")
    assert (ana["hands"], ana["points"], ana["best_hand"]) == (2, 122, 61)
    gil = figures_of(stats, "players", "Gil")
    assert (gil["points"], gil["sets"], gil["worst_hand"]) == (-9, 1, -70)


def test_a_game_in_play_counts_nothing_until_it_ends(client):
    """Club night, then Whites win the game in play (North–South): 4 games, Ivo and Ju 1 win
    each, Caio and Duda 2 games and no win."""
    director = club_night(client)
    watch = watch_token(client, director)
    assert "Ivo" not in won(stats_of(client, f"/w/{watch}/stats"), "players")
    play_table(client, round_tables(client, director)[1].game)
    stats = stats_of(client, f"/w/{watch}/stats")
    assert stats["games"] == 4
    players = won(stats, "players")
    assert (players["Ivo"], players["Ju"], players["Caio"]) == ((1, 1), (1, 1), (2, 0))


def test_the_stats_page_and_its_csv_say_the_same_figures_in_both_languages(client):
    watch = watch_token(client, club_night(client))
    page = Page(client.get(f"/w/{watch}/stats"))
    assert page.find("h1").text == "Stats of Club night"
    assert "3 finished games · 3 hands." in page.text
    assert f'href="/w/{watch}"' in page.response.get_data(as_text=True)  # back to the tournament
    pt = Page(client.get(f"/w/{watch}/stats", headers=PT))
    assert pt.find("h1").text == "Estatísticas de Club night"
    assert "3 partidas terminadas" in pt.text
    csv = client.get(f"/w/{watch}/stats.csv")
    assert csv.status_code == 200
    assert csv.headers["Content-Disposition"] == "attachment; filename=spades-stats-club-night.csv"
    rows = [line.split(",") for line in csv.get_data(as_text=True).splitlines()]
    header = rows[0]
    by_name = {row[header.index("name")]: row for row in rows[1:]}
    assert len(by_name) == 9 + 5  # players, then partnerships
    ana = by_name["Ana"]
    assert (ana[header.index("kind")], ana[header.index("games")]) == ("player", "2")
    assert by_name["Gil & Hugo"][header.index("wins")] == "1"


def test_the_director_the_wall_and_the_results_sheet_link_the_stats_in_both_languages(client):
    director = make_tournament(client, **ONE_HAND)
    watch = watch_token(client, director)
    link = f"/w/{watch}/stats"
    for path in (f"/d/{director}", f"/w/{watch}", f"/w/{watch}/results"):
        english = Page(client.get(path)).find("a", href=link)
        portuguese = Page(client.get(path, headers=PT)).find("a", href=link)
        assert (english.text, portuguese.text) == ("Players' stats", "Estatísticas dos jogadores")


def test_the_directors_link_on_the_stats_routes_is_refused_in_both_languages(client):
    """The director's token is no watch link: 404 with the watch page's words, and a replaced
    watch link 410."""
    director = make_tournament(client, **ONE_HAND)
    old = watch_token(client, director)
    for name in STATS:
        missing = client.get(f"/d/{director}/{name}")
        assert missing.status_code == 404
        refused = client.get(f"/w/{director}/{name}")
        assert refused.status_code == 404
        assert "There is no tournament at this link." in Page(refused).text
        assert "Não há torneio neste link." in client.get(f"/w/{director}/{name}", headers=PT).text
    replace_tournament_link(client, director, "view")
    for name in STATS:
        assert client.get(f"/w/{old}/{name}").status_code == 410
        assert client.get(f"/w/{watch_token(client, director)}/{name}").status_code == 200


def stats_queries(app, client, teams: int, played: int) -> tuple[int, int]:
    """How many queries the stats page runs for a round robin of `teams` teams whose first
    `played` rounds were played and whose next round just started (built through the service
    layer: the queries, not the walk, are the subject), for a worker that kept no replay and no
    figures, then again with both kept."""
    watch = tournament_in_round(app, teams, played, "round_robin", start_next=True).watch
    app.extensions["replays"].clear()
    app.extensions["career_stats"] = CareerStats(app.config["CAREER_STATS_KEPT"])
    counts = []
    for _ in range(2):
        with queries_sent(app) as statements:
            assert client.get(f"/w/{watch}/stats").status_code == 200
        counts.append(len(statements))
    return counts[0], counts[1]


def test_the_stats_page_runs_the_same_few_queries_however_many_games(app, client):
    """2 finished games (4 teams, 1 round) or 12 (8 teams, 3 rounds): the tournament, its
    teams, its rounds with their games, their hands; kept, the hands are not read again."""
    few = stats_queries(app, client, teams=4, played=1)
    many = stats_queries(app, client, teams=8, played=3)
    assert few == many == (MAX_QUERIES, MAX_QUERIES - 1)


def test_a_phone_counts_the_tournaments_it_directs_besides_the_games_it_started(app):
    """Phone 1 plays Club night and Cup and starts a game of its own (Ana & Carla beat Bruno &
    Davi); phone 2 scores Cup's table and makes a Cup of its own, played the same way, whose
    one game Ana & Bia lose to Caio & Zoe. Phone 1: 3 + 1 + 1 = 5 games, Ana 4 with 3 wins
    (Cup lost), Caio 2 with 1 win (Club night lost, Cup won), Zoe 1 with 1. Phone 2 counts
    its own Cup alone: the game it scored at Cup is not its own."""
    first, second = app.test_client(), app.test_client()
    club_night(first)
    director = make_tournament(first, **CUP)
    start_round(first, director)
    (table,) = round_tables(first, director)
    assert (table.north_south, table.east_west) == ("Reds", "Purples")
    play_table(second, table.game, north_south_wins=False)
    play_floor_game(first, **NAMES)
    cup(second)
    mine = stats_of(first, "/stats")
    assert mine["games"] == 5
    players = won(mine, "players")
    assert (players["Ana"], players["Caio"], players["Zoe"]) == ((4, 3), (2, 1), (1, 1))
    assert players["Carla"] == (1, 1)
    theirs = stats_of(second, "/stats")
    assert theirs["games"] == 1
    assert won(theirs, "players") == {"Ana": (1, 0), "Bia": (1, 0), "Caio": (1, 1), "Zoe": (1, 1)}
    csv = first.get("/stats.csv").get_data(as_text=True).splitlines()
    assert len(csv) == 1 + len(mine["players"]) + len(mine["partnerships"])


def test_the_phone_that_replaces_the_directors_link_counts_the_tournament_from_then_on(app):
    """Club night made on phone 1 (3 games); phone 2, given the director's link, replaces it:
    the tournament now counts on phone 2 (3 games) and no longer on phone 1 (0)."""
    first, second = app.test_client(), app.test_client()
    director = club_night(first)
    assert stats_of(first, "/stats")["games"] == 3
    second.get("/")  # the phone has its own id once it has been here
    replace_tournament_link(second, director, "edit")
    assert (stats_of(first, "/stats")["games"], stats_of(second, "/stats")["games"]) == (0, 3)


def phone_stats_queries(app, client) -> int:
    """How many queries this phone's stats page runs for a worker that kept no replay and no
    figures."""
    app.extensions["replays"].clear()
    app.extensions["career_stats"] = CareerStats(app.config["CAREER_STATS_KEPT"])
    with queries_sent(app) as statements:
        assert client.get("/stats").status_code == 200
    return len(statements)


def test_a_phones_stats_run_three_queries_however_many_tournaments_it_directs(app, client):
    """Club night (4 games, 3 finished), then Cup besides (5, 4 finished): the state of the
    phone's games, the games, their hands."""
    club_night(client)
    counts = [phone_stats_queries(app, client)]
    cup(client)
    counts.append(phone_stats_queries(app, client))
    assert counts == [3, 3]
    assert stats_of(client, "/stats")["games"] == 4
