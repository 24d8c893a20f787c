"""The wall: a tournament's watch page on a television (1920 × 1080, landscape) and on a phone
(390 × 844), in both languages, with and without JavaScript. On the television the round's
tables make a grid beside the standings, in type read from five metres, eight tables and
sixteen teams on one screen; on a phone everything stacks into one column. A hand saved at a
table shows on the wall when it refreshes itself (htmx's poll, or the page's own refresh
without script), and every wall passes axe. Screenshots go to build/screenshots/."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from testsupport.browser import PHONE_SIZE, TV_SIZE, Phone, axe_violations, page_width
from testsupport.browser_tournaments import make_tournament, play_hand, start_round, table_paths
from testsupport.browser_tournaments import watch_path as watch_path_of
from testsupport.tournaments import teams_text

pytestmark = pytest.mark.browser

# The smallest body type read from five metres on a 1920-wide screen, in CSS pixels.
READABLE_FROM_FIVE_METRES = 28
LOCALES = ["en-US", "pt-BR"]
SCRIPT = pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])


def wall_in_a_round(phone, teams: int, locale: str, javascript: bool, screen=None):
    """A tournament of `teams` teams with its first round started by a director's phone, and
    its watch page open on a wall of the given screen (a phone's, unless told); the wall and
    the links of the round's tables."""
    director = phone()
    at_director = make_tournament(director, teams_text(teams))
    tables = table_paths(director, at_director)
    start_round(director, at_director)
    wall = phone(locale=locale, javascript=javascript, screen=screen, bypass_csp=True)
    wall.go(watch_path_of(director))
    expect(wall.locate("li.round-table")).to_have_count(teams // 2)
    return wall, director, tables


def hand_shows_after_refresh(wall: Phone, director: Phone, tables: list[str], number: int) -> None:
    """Save a hand at table `number` and wait for the wall to show it, refreshed as the wall
    does it: with script, by htmx in the page it shows (never reloaded); without, by loading
    itself again."""
    wall.page.evaluate("() => { window.__notReloaded = true; }")
    totals = wall.locate(f"li.round-table >> nth={number - 1} >> .round-table-total")
    expect(totals).to_have_text(["0", "0"])
    play_hand(director, tables[number - 1])
    expect(totals).to_have_text(["61", "60"])
    still_here = wall.page.evaluate("() => window.__notReloaded === true")
    assert still_here == wall.javascript, "the wall refreshed the wrong way"


def box(wall: Phone, selector: str) -> dict[str, float]:
    """Where an element of the wall lies on the screen, in CSS pixels."""
    found = wall.locate(selector).first.bounding_box()
    assert found is not None, f"{selector} is not shown"
    return found


def font_px(wall: Phone, selector: str) -> float:
    """The size of an element's type, in CSS pixels."""
    size = wall.locate(selector).first.evaluate("e => getComputedStyle(e).fontSize")
    return float(size.removesuffix("px"))


@pytest.mark.parametrize("locale", LOCALES)
@SCRIPT
def test_the_wall_on_a_tv_puts_eight_tables_beside_the_standings_of_sixteen_on_one_screen(
    phone, screenshots, locale, javascript
):
    wall, director, tables = wall_in_a_round(phone, 16, locale, javascript, screen=TV_SIZE)
    hand_shows_after_refresh(wall, director, tables, 1)

    # Read from five metres: the body type, and the tables' totals larger still.
    body = font_px(wall, "body")
    assert body >= READABLE_FROM_FIVE_METRES, body
    assert font_px(wall, ".round-table-total") >= 1.4 * body

    # The round and the standings side by side, both from the top of the wall.
    played, standing = box(wall, ".tournament-round"), box(wall, ".tournament-standings")
    assert standing["x"] >= played["x"] + played["width"], (played, standing)
    assert abs(standing["y"] - played["y"]) < body, (played, standing)
    # The tables in a grid: table 2 beside table 1, table 3 under it.
    one, two, three = (box(wall, f"li.round-table >> nth={n}") for n in range(3))
    assert two["x"] >= one["x"] + one["width"] and abs(two["y"] - one["y"]) < 1, (one, two)
    assert three["y"] >= one["y"] + one["height"] and abs(three["x"] - one["x"]) < 1
    # Eight tables and sixteen teams on one screen, nothing off to the side.
    everything = box(wall, ".wall")
    assert everything["y"] + everything["height"] <= TV_SIZE["height"], everything
    assert page_width(wall.page) <= TV_SIZE["width"]
    expect(wall.locate(".tournament-standings tbody tr")).to_have_count(16)

    if javascript:
        assert axe_violations(wall.page) == []
        wall.screenshot(screenshots, f"tournament-wall-tv-{locale}", full_page=False)


@pytest.mark.parametrize("locale", LOCALES)
@SCRIPT
def test_the_wall_stacks_into_one_column_on_a_phone(phone, screenshots, locale, javascript):
    wall, director, tables = wall_in_a_round(phone, 5, locale, javascript)
    hand_shows_after_refresh(wall, director, tables, 2)

    # The round, then the standings under it, from the same left edge; the tables one under
    # the other; nothing wider than the phone.
    played, standing = box(wall, ".tournament-round"), box(wall, ".tournament-standings")
    assert standing["y"] >= played["y"] + played["height"], (played, standing)
    assert abs(standing["x"] - played["x"]) < 1, (played, standing)
    one, two = box(wall, "li.round-table >> nth=0"), box(wall, "li.round-table >> nth=1")
    assert two["y"] >= one["y"] + one["height"] and abs(two["x"] - one["x"]) < 1, (one, two)
    assert page_width(wall.page) <= PHONE_SIZE["width"]
    expect(wall.locate("p.round-bye")).to_be_visible()

    if javascript:
        assert axe_violations(wall.page) == []
        wall.screenshot(screenshots, f"tournament-wall-phone-{locale}")
