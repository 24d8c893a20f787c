"""Every page of the game flow on a phone: accessible (axe-core, light and dark), no sideways
scroll at 320 px, every tap target at least 44 × 44 px.

The games behind the pages are set up over HTTP (the same form posts a browser sends), so these
tests look at pages without depending on how they were reached.
"""

from __future__ import annotations

import re

import pytest

from testsupport.browser import OPEN_EVERYTHING, axe_violations, page_width, small_targets
from testsupport.browser_forms import hidden_value, post_game, post_hand, view_token

pytestmark = pytest.mark.browser

NAMES = {
    "player_0": "Ana",
    "player_1": "Bruno",
    "player_2": "Carla",
    "player_3": "Davi",
    "team_0": "Reds",
    "team_1": "Blues",
}


# The page background's mean of red, green and blue (0 black to 255 white).
BACKGROUND_LIGHTNESS = """
() => getComputedStyle(document.body).backgroundColor.match(/\\d+/g).slice(0, 3)
  .map(Number).reduce((a, b) => a + b) / 3
"""


def listing(found: dict[str, list[str]]) -> str:
    """What each page got wrong, a line per problem, for the failure message."""
    return "\n".join(
        f"{page}: {problem}" for page, problems in found.items() for problem in problems
    )


@pytest.fixture(scope="module")
def tour(browser, base_url):
    """The pages of a game's life, as paths, and the cookies of the phone that started them.

    A game in its bidding (one hand played, so the history, chart and breakdown show), one with
    the bids in, one over (Jogo Espadas to 100 in two hands), the view links of the last two,
    an edit and an undo page, a page for a link that leads nowhere, the score sheet, and a
    table holding the finished game with its pages and stats.
    """
    context = browser.new_context()
    request = context.request
    bidding = post_game(request, base_url, **NAMES)
    hand = {"bid_0": 4, "bid_1": 3, "bid_2": "nil", "bid_3": 4, "tricks_0": 5, "tricks_2": 0}
    post_hand(request, base_url, bidding, **hand)
    tricks = post_game(request, base_url, **NAMES)
    post_hand(request, base_url, tricks, bid_0=3, bid_1="nil", bid_2=4, bid_3=5)
    over = post_game(request, base_url, preset="espadas", **NAMES)
    post_hand(request, base_url, over, bid_0=1, bid_1=1, bid_2=1, bid_3=1, team_tricks_0=0)
    hand = {"bid_0": 4, "bid_1": "blind_nil", "bid_2": 4, "bid_3": 3, "tricks_1": 0}
    post_hand(request, base_url, over, team_tricks_0=9, **hand)  # Blues win with 162
    # A table holding the finished game (its series, standings and stats show).
    made = request.post(
        base_url + "/tables",
        form={"csrf_token": hidden_value(request.get(base_url + "/").text(), "csrf_token")}
        | {"name": "Friday club"},
    )
    table = re.search(r"/t/([A-Za-z0-9_-]+)$", made.url).group(1)
    table_page = request.get(f"{base_url}/t/{table}").text()
    table_view = re.search(r"/tv/([A-Za-z0-9_-]+)", table_page).group(1)
    join = request.get(f"{base_url}/g/{over}/table").text()
    joined = request.post(
        f"{base_url}/g/{over}/table",
        form={"csrf_token": hidden_value(join, "csrf_token"), "in_table": table},
    )
    assert joined.ok, joined.status
    pages = {
        "home": "/",
        "game, bidding": f"/g/{bidding}",
        "game, tricks": f"/g/{tricks}",
        "edit hand": f"/g/{bidding}/hands/1",
        "undo": f"/g/{bidding}/undo",
        "game over": f"/g/{over}",
        "view link, playing": f"/v/{view_token(request, base_url, tricks)}",
        "view link, over": f"/v/{view_token(request, base_url, over)}",
        "no such game": "/g/no-such-game",
        "score sheet": f"/g/{over}/sheet",
        "new table": "/tables/new",
        "add to a table": f"/g/{bidding}/table",
        "table": f"/t/{table}",
        "table, followed": f"/tv/{table_view}",
        "table's stats": f"/tv/{table_view}/stats",
        "this phone's stats": "/stats",
    }
    state = context.storage_state()
    context.close()
    return pages, state


@pytest.mark.parametrize("locale", ["en-US", "pt-BR"])
def test_every_page_passes_axe_in_light_and_dark_mode(phone, tour, locale):
    pages, state = tour
    found = {}
    backgrounds = {}
    for scheme in ("light", "dark"):
        visitor = phone(locale=locale, color_scheme=scheme, bypass_csp=True, storage_state=state)
        visitor.go("/")
        backgrounds[scheme] = visitor.page.evaluate(BACKGROUND_LIGHTNESS)
        for name, path in pages.items():
            visitor.go(path)
            visitor.page.evaluate(OPEN_EVERYTHING)
            violations = axe_violations(visitor.page)
            if violations:
                found[f"{name} ({scheme})"] = violations
        # A refused hand shows its errors: those must be readable too.
        visitor.go(pages["game, bidding"])
        visitor.tap_to_save(".hand-form button.save")
        assert visitor.locate(".hand-form [role=alert]").count() > 0
        violations = axe_violations(visitor.page)
        if violations:
            found[f"refused hand ({scheme})"] = violations
    assert found == {}, listing(found)
    # Dark mode follows the phone: a light page by day, a dark one when the phone is dark.
    assert backgrounds["light"] > 200 > 50 > backgrounds["dark"]


@pytest.mark.parametrize("locale", ["en-US", "pt-BR"])
def test_no_page_scrolls_sideways_at_320_px(phone, tour, locale):
    pages, state = tour
    narrow = phone(locale=locale, width=320, storage_state=state)
    widths = {}
    for name, path in pages.items():
        narrow.go(path)
        narrow.page.evaluate(OPEN_EVERYTHING)
        widths[name] = page_width(narrow.page)
    assert {name: w for name, w in widths.items() if w > 320} == {}


def test_every_tap_target_is_at_least_44_px_square(phone, tour):
    pages, state = tour
    visitor = phone(storage_state=state)
    found = {}
    for name, path in pages.items():
        visitor.go(path)
        visitor.page.evaluate(OPEN_EVERYTHING)
        small = small_targets(visitor.page)
        if small:
            found[name] = small
    assert found == {}, listing(found)


def test_the_checks_catch_a_small_target_a_wide_page_and_poor_contrast(phone, tour):
    """The three page checks themselves, on a page spoiled on purpose."""
    pages, state = tour
    visitor = phone(width=320, bypass_csp=True, storage_state=state)
    visitor.go(pages["game, bidding"])
    visitor.page.evaluate(
        """() => {
          const link = document.querySelector(".history a.edit");
          link.style.minHeight = "0"; link.style.display = "inline"; link.style.fontSize = "10px";
          document.querySelector(".scoreboard h2").style.color = "#bbb";
          document.querySelector("main").style.minWidth = "400px";
        }"""
    )
    assert any("edit" in target for target in small_targets(visitor.page))
    assert page_width(visitor.page) > 320
    assert any(v.startswith("color-contrast") for v in axe_violations(visitor.page))
