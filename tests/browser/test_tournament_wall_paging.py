"""The wall of a 64-team Swiss (32 tables) on a television, 1920 × 1080 and 1280 × 720, in both
languages, with and without JavaScript: it never scrolls, it shows its tables and standings a
page at a time with nothing cut, every table and team is on one of its pages, it turns its pages
by itself, and a QR code in its corner, clear of the standings, takes spectators' phones to the
same page. Every page passes axe. Screenshots go to build/screenshots/."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from testsupport.browser import TV_SIZE, passes_axe
from testsupport.browser_tournaments import make_tournament, start_round
from testsupport.browser_tournaments import watch_path as watch_path_of
from testsupport.tournaments import teams_text
from tournaments.services.wall import PAGE_SECONDS

pytestmark = pytest.mark.browser

SMALL_TV = {"width": 1280, "height": 720}
TEAMS = 64
PAGES = 4  # sixteen teams (eight tables) a page
PAGE_WORD = {"en-US": "Page", "pt-BR": "Página"}

# What the wall shows at one moment (read at once, so that no poll's swap falls in between): the
# page it says it is, and the visible tables, standings rows and code with their boxes, and
# the lines the code must leave clear (the status line, the standings' links).
SNAPSHOT = """() => {
  const boxes = selector => [...document.querySelectorAll(selector)]
    .filter(e => e.checkVisibility())
    .map(e => { const r = e.getBoundingClientRect();
                return { text: e.innerText, top: r.top, bottom: r.bottom, left: r.left,
                         right: r.right }; });
  return { page: document.querySelector("p.wall-page").innerText,
           tables: boxes("li.round-table"), rows: boxes(".tournament-standings tbody tr"),
           code: boxes("p.wall-follow"),
           scrolls: document.documentElement.scrollHeight > innerHeight,
           others: boxes("p.poll-status, .tournament-standings p") };
}"""


def page_words(locale: str, number: int) -> str:
    """What the wall says on page `number`."""
    return f"{PAGE_WORD[locale]} {number} {'of' if locale == 'en-US' else 'de'} {PAGES}"


def inside(screen: dict[str, int], box: dict) -> bool:
    """Whether a box lies wholly on the screen."""
    return (
        box["top"] >= 0
        and box["left"] >= 0
        and box["bottom"] <= screen["height"]
        and box["right"] <= screen["width"]
    )


def apart(one: dict, other: dict) -> bool:
    """Whether two boxes do not overlap."""
    return (
        one["right"] <= other["left"]
        or other["right"] <= one["left"]
        or one["bottom"] <= other["top"]
        or other["bottom"] <= one["top"]
    )


@pytest.mark.parametrize(
    "screen, locale, javascript",
    [
        (TV_SIZE, "en-US", True),
        (TV_SIZE, "pt-BR", False),
        (SMALL_TV, "pt-BR", True),
        (SMALL_TV, "en-US", False),
    ],
    ids=["1080-en-US-script", "1080-pt-BR-no-script", "720-pt-BR-script", "720-en-US-no-script"],
)
def test_a_wall_of_64_teams_pages_through_every_table_and_team_with_nothing_cut(
    phone, screenshots, screen, locale, javascript
):
    director = phone()
    at_director = make_tournament(director, teams_text(TEAMS))
    start_round(director, at_director)
    watch = watch_path_of(director)
    wall = phone(locale=locale, javascript=javascript, screen=screen, bypass_csp=True)

    if javascript:
        wall.go(watch)
    # With script the page turns its pages on the phone's clock (static/view.js), here held at
    # the moment of each page in turn; without, each page is asked for by number.
    a_turn_of_every_page = (int(time.time()) // (PAGE_SECONDS * PAGES)) * PAGE_SECONDS * PAGES
    seen: dict[str, dict] = {}
    for number in range(1, PAGES + 1):
        if javascript:
            moment = a_turn_of_every_page + PAGE_SECONDS * (number - 1)
            wall.page.clock.set_fixed_time(moment)
        else:
            wall.go(f"{watch}?page={number}")
        expect(wall.locate("p.wall-page")).to_have_text(page_words(locale, number))
        snapshot = wall.page.evaluate(SNAPSHOT)
        seen[snapshot["page"]] = snapshot
        wall.screenshot(
            screenshots,
            f"tournament-wall-{screen['height']}-{locale}-page-{number}",
            full_page=False,
        )
        on_screen = snapshot["tables"] + snapshot["rows"]
        cut = [box["text"] for box in on_screen if not inside(screen, box)]
        assert cut == [], cut
        assert not snapshot["scrolls"]
        # The code in the corner is whole and clear of everything else.
        (code,) = snapshot["code"]
        assert inside(screen, code), code
        clear = [box["text"] for box in on_screen + snapshot["others"] if not apart(code, box)]
        assert clear == [], clear
        passes_axe(wall)
    tables = [box["text"].splitlines()[0] for page in seen.values() for box in page["tables"]]
    teams = [box["text"].split("\t")[1].strip() for page in seen.values() for box in page["rows"]]
    assert len(tables) == len(set(tables)) == TEAMS // 2, tables
    assert sorted(teams) == sorted(f"Team {n}" for n in range(1, TEAMS + 1)), teams

    # Without script it turns its pages by itself, by the page's number.
    if not javascript:
        wall.page.wait_for_url(f"**{watch}?page=1")
        expect(wall.locate("p.wall-page")).to_have_text(page_words(locale, 1))
