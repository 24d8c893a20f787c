"""Kind to the table: the screen stays on, the app installs, the page is light, htmx is checked.

The Screen Wake Lock API is replaced by a recording stand-in where a test needs to see what
the page asks of it (headless Chromium has the API, but nothing to keep awake), and removed
where a test plays a phone without it.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import urllib.parse

import pytest

from app import HTMX_INTEGRITY
from testsupport.browser import FIGURES, HTMX_FILE, ROOT
from testsupport.browser_forms import post_game, post_hand
from web.assets import SCRIPTS

pytestmark = pytest.mark.browser

# A stand-in for navigator.wakeLock that counts what the page asks for; the test can release
# the lock as the phone does when the page is hidden.
FAKE_WAKE_LOCK = """
window.__wake = { requests: 0, releases: 0, held: null };
const fakeWakeLock = {
  async request(type) {
    window.__wake.requests += 1;
    const sentinel = new EventTarget();
    sentinel.type = type;
    sentinel.released = false;
    sentinel.release = async () => {
      if (sentinel.released) return;
      sentinel.released = true;
      window.__wake.releases += 1;
      window.__wake.held = null;
      sentinel.dispatchEvent(new Event("release"));
    };
    window.__wake.held = sentinel;
    return sentinel;
  },
};
Object.defineProperty(
  Navigator.prototype, "wakeLock", { configurable: true, get: () => fakeWakeLock }
);
"""
NO_WAKE_LOCK = "delete Navigator.prototype.wakeLock;"

# Bytes of our own HTML, CSS and script on the game page, as the app sends them (the shipped
# nginx gzips them to about a third). 30,000 until every refusal came to be said on screen,
# unsent saves kept in an outbox, the offline shell registered and every name isolated: about
# 8 KB more, nearly all of it script. 40,000 until the scripts became one file per behaviour
# with no build step (six more script tags, each file's own heading) and the house rules came
# to the table (blind bid rows, set counts, each side's colour): about 400 bytes more.
PAGE_WEIGHT_LIMIT = 42_000
FIRST_LOAD_REQUESTS = 3 + len(SCRIPTS)  # the page, the stylesheet, htmx, each script


def wake(phone) -> dict:
    """What the page has asked of the stand-in wake lock: requests, releases, held."""
    return phone.page.evaluate(
        "() => ({ requests: __wake.requests, releases: __wake.releases, held: !!__wake.held })"
    )


def wait_for_wake(phone, **expected) -> None:
    """Wait until the stand-in wake lock's counts are as expected."""
    phone.page.wait_for_function(
        "expected => Object.entries(expected).every(([k, v]) => window.__wake[k] === v)",
        arg=expected,
    )


def test_the_game_page_keeps_the_screen_on_with_a_toggle(phone):
    scorer = phone(init_script=FAKE_WAKE_LOCK)
    token = scorer.start_game()
    toggle = scorer.page.get_by_role("button", name="Keep screen on")
    assert toggle.is_visible()
    wait_for_wake(scorer, requests=1)
    assert toggle.get_attribute("aria-pressed") == "true"
    assert wake(scorer)["held"]

    # Tapped off: the lock is let go, and the choice outlasts a reload.
    scorer.tap(toggle)
    wait_for_wake(scorer, releases=1)
    assert toggle.get_attribute("aria-pressed") == "false"
    scorer.page.reload()
    assert toggle.get_attribute("aria-pressed") == "false"
    assert wake(scorer) == {"requests": 0, "releases": 0, "held": False}

    # Tapped on again; the phone drops the lock when the page is hidden and it comes back.
    scorer.tap(toggle)
    wait_for_wake(scorer, requests=1)
    assert toggle.get_attribute("aria-pressed") == "true"
    scorer.page.evaluate("() => window.__wake.held.release()")
    scorer.page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
    wait_for_wake(scorer, requests=2, releases=1)
    assert wake(scorer)["held"]

    # Saving a hand swaps the page's middle, not the toggle.
    scorer.enter_bids(3, 3, 3, 3)
    assert toggle.is_visible() and toggle.get_attribute("aria-pressed") == "true"

    # Only the scorer's game page has it: not the start, the undo page or the view link.
    view_link = scorer.locate("#view-link").input_value()
    for path in ("/", f"/g/{token}/undo", view_link.removeprefix(scorer.base_url)):
        scorer.go(path)
        assert scorer.locate("button.wake").count() == 0, path


def test_a_phone_without_wake_lock_shows_no_toggle_and_plays_on(phone):
    scorer = phone(init_script=NO_WAKE_LOCK)
    scorer.start_game()
    assert scorer.page.evaluate("() => 'wakeLock' in navigator") is False
    assert scorer.locate("button.wake").count() == 1
    assert not scorer.locate("button.wake").is_visible()
    scorer.enter_bids(3, 3, 3, 3)
    scorer.enter_tricks(team_tricks_0=7)
    assert scorer.totals() == (61, 60)  # 6 bid, 7 taken: +61; 6 bid, 6 taken: +60


def test_the_app_installs_from_its_manifest_with_the_spade_icons(phone):
    visitor = phone()
    visitor.go("/")
    cdp = visitor.context.new_cdp_session(visitor.page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"].split("?")[0].endswith("/static/manifest.webmanifest")
    assert manifest["errors"] == []
    data = json.loads(manifest["data"])
    assert data["start_url"] == "/" and data["display"] == "standalone"
    assert data["theme_color"] and data["background_color"]
    # Chromium's own verdict: nothing stops the install but the test's private window.
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == []
    for icon in data["icons"]:
        response = visitor.context.request.get(visitor.base_url + icon["src"])
        assert response.ok and response.headers["content-type"].startswith("image/svg+xml")
        assert "<path" in response.text()
    theme = visitor.locate('meta[name="theme-color"]').evaluate_all(
        "metas => metas.map(m => m.content)"
    )
    assert data["theme_color"] in theme


def test_the_page_icon_is_the_spade_of_the_app_icon(phone):
    visitor = phone()
    visitor.go("/")
    href = visitor.locate('link[rel="icon"]').get_attribute("href")
    assert href.startswith("data:image/svg+xml,")
    inline = urllib.parse.unquote(href.removeprefix("data:image/svg+xml,"))
    drawn = (ROOT / "static" / "icon.svg").read_text()

    def shapes(svg: str) -> list[str]:
        """The drawing of an SVG: its rect and path elements, quotes made alike."""
        return re.findall(r"<(?:rect|path)\b[^>]*>", svg.replace('"', "'"))

    assert shapes(inline) == shapes(drawn) != []


def test_the_game_page_at_50_hands_is_light_and_loads_in_one_request_per_file(
    phone, browser, base_url
):
    # 50 Classic hands that end nowhere near 500: a team set one hand (−80) makes its contract
    # exactly the next (+70). Every fifth hand a Nil fails, one team's then the other's
    # (4 made, Nil took 1: +40 + 1 − 100 = −59; the others 7, took 8: +71), so the
    # breakdowns carry their longer lines. Every ten hands: −80×4 + 70×4 − 59 + 71 = −28 each.
    setup = browser.new_context()
    token = post_game(setup.request, base_url, preset="classic")
    for number in range(50):
        if number % 10 == 4:
            hand = {"bid_0": 4, "bid_1": 3, "bid_2": "nil", "bid_3": 4, "tricks_0": 4}
            hand |= {"tricks_2": 1}
        elif number % 10 == 9:
            hand = {"bid_0": 4, "bid_1": 4, "bid_2": 3, "bid_3": "nil", "tricks_1": 4}
            hand |= {"tricks_3": 1}
        elif number % 2 == 0:
            hand = {"bid_0": 4, "bid_1": 3, "bid_2": 4, "bid_3": 4, "team_tricks_0": 6}
        else:
            hand = {"bid_0": 3, "bid_1": 4, "bid_2": 4, "bid_3": 4, "team_tricks_0": 7}
        post_hand(setup.request, base_url, token, **hand)
    pages = {}
    for state in ("bidding", "tricks"):
        if state == "tricks":  # hand 51's bids are in: the trick rows are on the page
            post_hand(setup.request, base_url, token, bid_0=3, bid_1=3, bid_2=3, bid_3=3)
        own, kinds = first_load(phone(), f"{base_url}/g/{token}")
        total = sum(own.values())
        pages[state] = (total, kinds)
        FIGURES[f"game page at 50 hands, {state}"] = (
            f"{total} bytes own HTML+CSS+JS ({', '.join(f'{p} {n}' for p, n in own.items())}); "
            f"{len(kinds)} requests on first load: {', '.join(kinds)}"
        )
    setup.close()
    for state, (total, kinds) in pages.items():
        assert total < PAGE_WEIGHT_LIMIT, FIGURES[f"game page at 50 hands, {state}"]
        assert len(kinds) <= FIRST_LOAD_REQUESTS, kinds


def first_load(visitor, url: str) -> tuple[dict[str, int], list[str]]:
    """Open a page on a phone with an empty cache: the bytes of each of our own files it
    fetched (page, stylesheet, script; htmx is not ours), and every request it made."""
    requests = []
    visitor.page.on("request", lambda request: requests.append(request))
    visitor.page.goto(url, wait_until="networkidle")
    base = visitor.base_url
    own = {
        r.url.removeprefix(base).split("/")[-1] or "/": len(r.response().body())
        for r in requests
        if r.url.startswith(base)
    }
    kinds = [f"{r.resource_type} {r.url.removeprefix(base)}" for r in requests]
    return own, kinds


def test_htmx_runs_only_when_its_file_matches_the_pinned_hash(phone):
    # The npm copy the tests serve is the pinned release: its sha384 is the page's hash.
    digest = base64.b64encode(hashlib.sha384(HTMX_FILE.read_bytes()).digest()).decode()
    assert f"sha384-{digest}" == HTMX_INTEGRITY
    honest = phone()
    honest.go("/")
    assert honest.page.evaluate("() => typeof htmx") == "object"

    # One changed byte, and the browser refuses to run it; the forms still work without it.
    tampered = HTMX_FILE.read_bytes() + b"\n"
    spoiled = phone(htmx_body=tampered, expect_errors=True)
    spoiled.go("/")
    assert spoiled.page.evaluate("() => typeof htmx") == "undefined"
    assert any("integrity" in error for error in spoiled.console_errors)
    spoiled.start_game()
    spoiled.javascript = False  # without htmx a Save is a plain post and redirect
    spoiled.enter_bids(3, 3, 3, 3)
    assert spoiled.texts(".hand-form .contract")[0].endswith("need 6")
