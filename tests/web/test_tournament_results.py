"""A tournament's results from its watch link: the results sheet to print (the tournament as
set up, the standings, each round's table by table with the winner and the bye) and the
plain-text summary for a group chat, in both languages; linked from the director's and the
watch page; a replaced or unknown link refused like the watch page; the same few queries for
few teams, rounds and hands or many."""

from __future__ import annotations

import pytest

from testsupport.builders import CLUB_TEAMS, tournament_in_round
from testsupport.database import MAX_QUERIES, queries_sent
from testsupport.pages import Page
from testsupport.tournaments import (
    ONE_HAND,
    PT,
    make_tournament,
    play_table,
    replace_tournament_link,
    round_tables,
    start_round,
    teams_text,
    watch_token,
)

# The watch link's two results, after `/w/<token>/`.
RESULTS = ("results", "summary.txt")
# FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE, around each name in plain text.
FSI, PDI = "\u2068", "\u2069"


def played_first_round(app) -> str:
    """A Swiss of five teams, round 1 played: Reds beat Blues 61 to 60 at table 1, Golds beat
    Greens 61 to −70 at table 2, Whites with the bye; the watch token. Built through the service
    layer: these tests are about the sheet and the summary, not the director's walk."""
    return tournament_in_round(app, CLUB_TEAMS, 1, winners="NE").watch


def rows_of(table) -> list[list[str]]:
    """A table's body as the text of its cells, row by row."""
    return [
        [cell.text for cell in row.iter() if cell.tag in ("td", "th")]
        for row in table.find("tbody").find_all("tr")
    ]


def isolated(text: str) -> str:
    """Plain text with the names' isolating marks taken out, to compare with what is typed."""
    return text.replace(FSI, "").replace(PDI, "")


def test_the_results_sheet_has_the_tournament_the_standings_and_each_rounds_results(app, client):
    """After round 1 (see `played_first_round`): Golds, Reds and Whites a win each (the bye a
    win with no points in a Swiss), by difference +131, +1 and 0; Blues −1, Greens −131."""
    watch = played_first_round(app)
    response = client.get(f"/w/{watch}/results")
    assert response.status_code == 200
    page = Page(response)
    assert page.find("h1").text == "Club night"
    about = page.find("p", "results-about").text
    assert about.endswith(
        "· Swiss: teams level on results meet, avoiding rematches · 3 rounds · 1 hand a game"
    )
    standings = page.find("section", "results-standings")
    assert standings.find("h2").text == "Standings"
    assert rows_of(standings.find("table")) == [
        ["1", "Golds Gil & Hugo", "1", "0", "61", "+131"],
        ["2", "Reds Ana & Bia", "1", "0", "61", "+1"],
        ["3", "Whites Ivo & Ju", "1", "0", "0", "0"],
        ["4", "Blues Caio & Duda", "0", "1", "60", "−1"],
        ["5", "Greens Eva & Fabio", "0", "1", "−70", "−131"],
    ]
    (first,) = page.find_all("table", "results-round")
    assert first.find("caption").text == "Round 1"
    assert rows_of(first) == [
        ["1", "Reds", "61 – 60", "Blues", "Reds"],
        ["2", "Greens", "−70 – 61", "Golds", "Golds"],
        ["Whites had the bye."],
    ]
    assert page.find("p", "results-back").find("a").attrs["href"] == f"/w/{watch}"


def test_the_results_sheet_says_a_game_in_play_and_final_standings_once_every_round_is_over(
    client,
):
    director = make_tournament(
        client, **ONE_HAND, format="round_robin", rounds="", teams=teams_text(2)
    )
    start_round(client, director)
    watch = watch_token(client, director)
    page = Page(client.get(f"/w/{watch}/results"))
    assert rows_of(page.find("table", "results-round"))[0][-1] == "still playing"
    assert page.find("section", "results-standings").find("h2").text == "Standings"
    play_table(client, round_tables(client, director)[0].game)
    page = Page(client.get(f"/w/{watch}/results", headers=PT))
    assert page.find("section", "results-standings").find("h2").text == "Classificação final"
    assert rows_of(page.find("table", "results-round"))[0][-1] == "Team 1"


def test_the_results_sheet_is_in_portuguese_for_a_portuguese_phone(app, client):
    watch = played_first_round(app)
    page = Page(client.get(f"/w/{watch}/results", headers=PT))
    assert page.find("html").attrs["lang"] == "pt-BR"
    assert page.find("section", "results-rounds").find("h2").text == "Resultados por rodada"
    first = page.find("table", "results-round")
    assert first.find("caption").text == "Rodada 1"
    heads = [cell.text for cell in first.find("thead").find_all("th")]
    assert heads == ["Mesa", "Norte–Sul", "Placar", "Leste–Oeste", "Vencedora"]
    assert rows_of(first)[-1] == ["Whites folgou."]


def test_a_tournament_with_no_round_yet_has_a_sheet_with_its_teams_and_no_results(client):
    watch = watch_token(client, make_tournament(client))
    page = Page(client.get(f"/w/{watch}/results"))
    assert len(rows_of(page.find("section", "results-standings").find("table"))) == 5
    assert page.find_all("table", "results-round") == []
    assert "No round has started yet." in page.text
    summary = client.get(f"/w/{watch}/summary.txt").get_data(as_text=True)
    assert isolated(summary).splitlines()[0] == "♠ Club night — no round has started yet"


def test_the_summary_is_short_plain_text_of_the_standings_and_the_last_round(app, client):
    watch = played_first_round(app)
    response = client.get(f"/w/{watch}/summary.txt")
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "text/plain; charset=utf-8"
    assert "Content-Disposition" not in response.headers  # shown, to copy, not saved
    text = response.get_data(as_text=True)
    assert f"{FSI}Golds{PDI}" in text  # a name cannot turn the figures around it
    assert isolated(text) == (
        "♠ Club night — after round 1 of 3\n"
        "1. Golds · 1 win · +131\n"
        "2. Reds · 1 win · +1\n"
        "3. Whites · 1 win · 0\n"
        "4. Blues · 0 wins · −1\n"
        "5. Greens · 0 wins · −131\n"
        "\n"
        "Round 1\n"
        "Table 1: Reds 61 – 60 Blues, won by Reds\n"
        "Table 2: Greens −70 – 61 Golds, won by Golds\n"
        "Whites had the bye.\n"
    )
    # Short lines, to read on a phone in a chat.
    assert max(len(line) for line in text.splitlines()) <= 60
    assert watch not in text


def test_the_summary_is_in_portuguese_for_a_portuguese_phone(app, client):
    watch = played_first_round(app)
    text = isolated(client.get(f"/w/{watch}/summary.txt", headers=PT).get_data(as_text=True))
    lines = text.splitlines()
    assert lines[0] == "♠ Club night — após a rodada 1 de 3"
    assert lines[1] == "1. Golds · 1 vitória · +131"
    assert lines[7:] == [
        "Rodada 1",
        "Mesa 1: Reds 61 – 60 Blues, vitória de Reds",
        "Mesa 2: Greens −70 – 61 Golds, vitória de Golds",
        "Whites folgou.",
    ]


@pytest.mark.parametrize(
    ("headers", "words"),
    [
        (None, ["Results sheet to print", "Summary as text", "Players' stats"]),
        (
            PT,
            ["Folha de resultados para imprimir", "Resumo em texto", "Estatísticas dos jogadores"],
        ),
    ],
)
def test_the_directors_and_the_watch_page_link_the_results_in_the_users_language(
    client, headers, words
):
    director = make_tournament(client)
    watch = watch_token(client, director)
    for path in (f"/d/{director}", f"/w/{watch}"):
        links = Page(client.get(path, headers=headers)).find("p", "results-links").find_all("a")
        hrefs = [f"/w/{watch}/{name}" for name in (*RESULTS, "stats")]
        assert [link.attrs["href"] for link in links] == hrefs
        assert [link.text for link in links] == words


@pytest.mark.parametrize("name", RESULTS)
def test_a_replaced_watch_link_is_gone_and_any_other_not_found_in_the_users_language(client, name):
    director = make_tournament(client)
    old = watch_token(client, director)
    replace_tournament_link(client, director, "view")
    gone = client.get(f"/w/{old}/{name}")
    assert gone.status_code == 410
    assert "Ask the tournament's director for the new one." in Page(gone).text
    assert "Peça o novo ao diretor do torneio." in client.get(f"/w/{old}/{name}", headers=PT).text
    # An unknown token, and the director's link, which is no watch link.
    for token in ("nosuchtournament000", director):
        missing = client.get(f"/w/{token}/{name}")
        assert missing.status_code == 404
        assert "There is no tournament at this link." in missing.text
        assert "Não há torneio neste link." in client.get(f"/w/{token}/{name}", headers=PT).text
    assert client.get(f"/w/{watch_token(client, director)}/{name}").status_code == 200


def results_queries(app, client, teams: int, played: int, hands: int) -> dict[str, int]:
    """How many queries the sheet and the summary each run for a round robin of `teams` teams
    whose first `played` rounds were played, `hands` hands a game, and whose next round just
    started (built through the service layer: the queries, not the walk, are the subject)."""
    watch = tournament_in_round(
        app, teams, played, "round_robin", hands=hands, start_next=True
    ).watch
    counted = {}
    for name in RESULTS:
        app.extensions["replays"].clear()  # every game's hands read again: one query for all
        with queries_sent(app) as statements:
            assert client.get(f"/w/{watch}/{name}").status_code == 200
        counted[name] = len(statements)
    return counted


def test_the_sheet_and_the_summary_run_the_same_few_queries_for_few_teams_rounds_and_hands_or_many(
    app, client
):
    few = results_queries(app, client, teams=4, played=1, hands=1)
    many = results_queries(app, client, teams=8, played=3, hands=3)
    assert few == many
    assert max(many.values()) <= MAX_QUERIES
