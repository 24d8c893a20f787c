"""A tournament's results sheet printed by Chromium fits two A4 pages, in both languages, and
passes axe: a 12-team round robin of 11 rounds, every game played, and a playoff of the top 8
to its champion; and issue 28's director's evening (testsupport.director_evening: a 12-team
Swiss with a late team, a withdrawal, a forfeit and a top-4 playoff).

The evening is played through Flask's test client (66 games in seconds, against a browser's
minutes) and its sheet, as that app rendered it, is served to Chromium at the sheet's address
on the live server, which serves the same stylesheets from the same checkout."""

from __future__ import annotations

import re

import pytest

from testsupport.browser import axe_violations
from testsupport.director_evening import ROUNDS, Evening
from testsupport.tournaments import (
    ONE_HAND,
    make_tournament,
    play_stage,
    play_table,
    round_tables,
    start_next_stage,
    start_playoff,
    start_round,
    watch_token,
)

pytestmark = pytest.mark.browser

TEAMS = 12
MOST_PAGES = 2
# A page object of a PDF, not its /Pages tree.
PDF_PAGE = re.compile(rb"/Type\s*/Page(?![a-zA-Z])")
# Team names of a club's evening, longer than "Team 1" so that they take room as real ones do.
LONG_TEAMS = "".join(
    f"Clube de Espadas {n}: Jogadora {n}a & Jogador {n}b\n" for n in range(1, TEAMS + 1)
)


def played_evening(client) -> str:
    """A round robin of 12 teams, every round played (North–South winning each game with a
    hand alternating who wins), then a playoff of the top 8 played to its final; the watch
    token."""
    director = make_tournament(
        client, **ONE_HAND, format="round_robin", rounds="", teams=LONG_TEAMS
    )
    for number in range(TEAMS - 1):
        start_round(client, director)
        for table in round_tables(client, director):
            play_table(client, table.game, north_south_wins=(number + table.number) % 2 == 0)
    assert start_playoff(client, director, 8).status_code == 303
    for winners in ("NENE", "EN"):
        play_stage(client, director, winners)
        assert start_next_stage(client, director).status_code == 303
    play_stage(client, director, "N")
    return watch_token(client, director)


def pages_in(pdf: bytes) -> int:
    """How many pages a PDF holds."""
    return len(PDF_PAGE.findall(pdf))


def print_sheet(phone, client, watch: str, locale: str, language: str, rounds: int) -> None:
    """Serve the watch link's results sheet, as the app rendered it in `locale`, to Chromium
    at its address; check it holds `rounds` rounds' results and a champion, passes axe, and
    prints on one or two A4 pages."""
    path = f"/w/{watch}/results"
    sheet = client.get(path, headers={"Accept-Language": locale})
    assert sheet.status_code == 200
    html = sheet.get_data(as_text=True)
    assert html.count('class="results-round"') == rounds
    assert 'class="champion"' in html

    reader = phone(locale=locale)
    reader.context.route(
        reader.base_url + path,
        lambda route: route.fulfill(status=200, content_type="text/html", body=html),
    )
    reader.go(path)
    assert reader.locate("html").get_attribute("lang") == language
    assert reader.locate("table.results-round").count() == rounds
    assert axe_violations(reader.page) == []

    pdf = reader.page.pdf(format="A4", prefer_css_page_size=True)
    assert pdf.startswith(b"%PDF")
    printed = pages_in(pdf)
    assert 1 <= printed <= MOST_PAGES, printed


@pytest.mark.parametrize(("locale", "language"), [("en-US", "en"), ("pt-BR", "pt-BR")])
def test_a_twelve_team_evenings_results_sheet_prints_on_two_a4_pages_and_passes_axe(
    phone, client, locale, language
):
    watch = played_evening(client)
    html = client.get(f"/w/{watch}/results").get_data(as_text=True)
    assert html.count('class="bracket-table"') == 4 + 2 + 1
    print_sheet(phone, client, watch, locale, language, TEAMS - 1)


@pytest.mark.parametrize(("locale", "language"), [("en-US", "en"), ("pt-BR", "pt-BR")])
def test_the_directors_evening_results_sheet_prints_on_two_a4_pages(
    app, phone, client, locale, language
):
    evening = Evening(app, client, prefix="Clube de Espadas")
    evening.run()
    html = client.get(f"/w/{evening.watch}/results").get_data(as_text=True)
    assert html.count('class="bracket-table"') == 2 + 1
    assert "(withdrawn)" in html
    print_sheet(phone, client, evening.watch, locale, language, ROUNDS)
