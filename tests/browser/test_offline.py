"""The offline shell (static/sw.js, served by web/offline.py): a phone that loses the network
keeps the last known score of every game page it opened, with htmx and the app's files, and its
scorer can go on entering hands into the outbox. Online, pages always come from the server; a
new release's worker replaces the old one's caches."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

from testsupport.browser import wait_until
from testsupport.browser_forms import post_game, post_hand, view_token
from web.offline import PLACEHOLDER, service_worker

in_browser = pytest.mark.browser

OFFLINE_GAME = re.compile(
    r"^Offline since \d?\d:\d\d(\s[AP]M)? — new hands will be sent when the phone is back online"
)
OFFLINE_VIEW = re.compile(r"^Offline since \d?\d:\d\d(\s[AP]M)? — showing the last score")
FIRST_HAND = {"bid_0": 3, "bid_1": 3, "bid_2": 4, "bid_3": 3}
CACHE_NAMES = "async () => (await caches.keys()).sort()"
# The addresses a cache keeps, this site's without their origin.
KEPT_URLS = """async (name) => (await (await caches.open(name)).keys())
  .map((r) => r.url.replace(location.origin, ""))"""


def wait_for_copy(phone, totals: tuple[int, int] | None = None) -> None:
    """Wait until the worker keeps a copy of the page (one showing `totals`)."""
    wait_until(
        phone,
        """async (totals) => {
          const kept = await caches.match(location.pathname);
          if (!kept) return false;
          if (!totals) return true;
          const page = new DOMParser().parseFromString(await kept.text(), "text/html");
          const shown = [...page.querySelectorAll(".scoreboard .total")]
            .map((t) => t.textContent.replace(/[^0-9-]/g, ""));
          return shown.join(" ") === totals.join(" ");
        }""",
        list(totals) if totals else None,
    )


def play_first_hand(scorer) -> None:
    """Bids and tricks of the first hand: the team of seats 0 and 2 makes 7, the other 6."""
    scorer.enter_bids(*FIRST_HAND.values())
    scorer.enter_tricks(team_tricks_0=7)


def htmx_runs(phone) -> bool:
    """Whether htmx is loaded on the page (its integrity check passed)."""
    return phone.page.evaluate("() => typeof window.htmx === 'object'")


@in_browser
def test_the_scorer_page_opened_offline_shows_the_last_score_and_takes_the_next_hand(phone):
    scorer = phone(expect_errors=True)  # offline, the browser notes the failed requests
    scorer.start_game()
    wait_for_copy(scorer)
    play_first_hand(scorer)
    totals = scorer.totals()
    wait_for_copy(scorer, totals)  # the saved hand's answer is in the phone's copy
    scorer.context.set_offline(True)
    scorer.page.reload()
    expect(scorer.locate(".offline-since")).to_have_text(OFFLINE_GAME)
    assert scorer.totals() == totals
    assert htmx_runs(scorer)
    # The next hand goes into the outbox, and out when the phone is back online.
    for name, value in FIRST_HAND.items():
        scorer.choose(name, value)
    scorer.tap(".hand-form button.save")
    expect(scorer.locate(".hand-form .outcome")).to_contain_text("Not sent")
    outbox = "() => JSON.parse(localStorage.getItem('spades-outbox') || '[]').length"
    assert scorer.page.evaluate(outbox) == 1
    scorer.context.set_offline(False)
    expect(scorer.locate(".hand-form .contracts")).to_be_visible()
    expect(scorer.locate(".offline-since")).to_have_count(0)
    assert scorer.page.evaluate(outbox) == 0


@in_browser
def test_the_view_link_opened_offline_shows_its_last_score_marked_offline(phone, base_url):
    scorer = phone()
    token = scorer.start_game()
    viewer = phone(expect_errors=True)
    viewer.go(f"/v/{view_token(scorer.context.request, base_url, token)}")
    wait_for_copy(viewer)
    play_first_hand(scorer)
    totals = scorer.totals()
    expect(viewer.locate(".scoreboard .total").first).to_contain_text(str(totals[0]))
    wait_for_copy(viewer, totals)  # the poll's newer scoreboard is in the phone's copy
    viewer.context.set_offline(True)
    viewer.page.reload()
    expect(viewer.locate(".offline-since")).to_have_text(OFFLINE_VIEW)
    assert viewer.totals() == totals
    assert htmx_runs(viewer)
    expect(viewer.locate(".poll-status")).to_have_text("Reconnecting…")
    viewer.context.set_offline(False)  # the next poll answers: the note goes
    expect(viewer.locate(".offline-since")).to_have_count(0)
    expect(viewer.locate(".poll-status")).to_contain_text("Updated at")


@in_browser
def test_online_a_game_page_always_comes_from_the_server(phone, base_url):
    scorer = phone()
    token = scorer.start_game()
    before = scorer.totals()
    wait_for_copy(scorer, before)
    post_hand(scorer.context.request, base_url, token, **FIRST_HAND)  # another phone's hand
    post_hand(scorer.context.request, base_url, token, team_tricks_0=7)
    scorer.page.reload()
    assert scorer.page.evaluate("() => navigator.serviceWorker.controller !== null")
    assert scorer.totals() != before
    assert scorer.locate(".offline-since").count() == 0
    wait_for_copy(scorer, scorer.totals())  # and the copy follows


@in_browser
def test_a_game_page_that_arrives_while_the_shell_comes_into_charge_is_kept_all_the_same(
    phone, base_url
):
    """The first visit's worker is activated while the game page is on its way: the page is
    then in no list the worker could read, and it comes uncontrolled, so it asks for its copy."""
    scorer = phone()
    game = f"/g/{post_game(scorer.context.request, base_url)}"
    held = []
    scorer.page.route(base_url + game, lambda route: held.append(route))  # its answer waits
    scorer.go("/")  # which registers the offline shell
    with scorer.page.expect_request(base_url + game):
        scorer.page.evaluate("(game) => location.assign(game)", game)
    # Another tab of the same phone waits until the shell is fully in charge.
    other = scorer.context.new_page()
    other.goto(base_url + "/robots.txt")
    other.evaluate(
        """async () => {
          const worker = (await navigator.serviceWorker.ready).active;
          while (worker.state !== "activated") {
            await new Promise((on) => worker.addEventListener("statechange", on, { once: true }));
          }
        }"""
    )
    held[0].continue_()
    scorer.page.wait_for_url(base_url + game)
    assert scorer.page.evaluate("() => navigator.serviceWorker.controller") is None
    wait_for_copy(scorer, (0, 0))


@in_browser
def test_a_new_release_replaces_the_old_caches_and_keeps_the_games(phone, base_url):
    scorer = phone()
    scorer.start_game()
    wait_for_copy(scorer)
    game = scorer.page.url.removeprefix(base_url)
    old = scorer.page.evaluate(CACHE_NAMES)
    release = re.fullmatch(r"spades-files-([0-9a-f]{16})", old[0])
    assert release and old == [f"spades-files-{release[1]}", f"spades-pages-{release[1]}"]
    # The next release: the same script with another release id. Playwright cannot answer the
    # browser's own update check of /sw.js, so the phone is given it at another address of the
    # same scope, which replaces the registered worker just as a changed /sw.js would.
    script = scorer.context.request.get(f"{base_url}/sw.js")
    new_script = script.text().replace(f'"release": "{release[1]}"', '"release": "next"', 1)
    assert new_script != script.text()
    headers = {k: v for k, v in script.headers.items() if k.lower() != "content-length"}
    scorer.context.route(
        f"{base_url}/sw.js?next", lambda route: route.fulfill(headers=headers, body=new_script)
    )
    scorer.page.evaluate("() => navigator.serviceWorker.register('/sw.js?next')")
    wait_until(
        scorer,
        "async () => (await caches.keys()).sort().join() === 'spades-files-next,spades-pages-next'",
    )
    files = scorer.page.evaluate(KEPT_URLS, "spades-files-next")
    # The files under the addresses the page asks for: the hash of their bytes in each.
    own = "() => new URL(document.querySelector('script[src*=\"/static/app.js\"]').src).href"
    assert scorer.page.evaluate(own).removeprefix(base_url) in files
    assert scorer.page.evaluate("() => document.querySelector('script[integrity]').src") in files
    assert game in scorer.page.evaluate(KEPT_URLS, "spades-pages-next")  # the games' copies stay
    scorer.page.reload()  # and the new worker answers
    worker = "() => navigator.serviceWorker.controller?.scriptURL"
    assert scorer.page.evaluate(worker).endswith("/sw.js?next")


# --- the worker as the server gives it (no browser) --------------------------------------------


def release_of(script: str) -> str:
    """The release id written into a served worker."""
    match = re.search(r'"release": "([0-9a-f]{16})"', script)
    assert match, script[:500]
    return match.group(1)


def test_the_worker_is_served_at_the_root_fresh_and_allowed_to_fetch_htmx(client, app):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"  # a new release reaches every phone
    policy = response.headers["Content-Security-Policy"]
    assert f"connect-src 'self' {app.config['HTMX_URL']};" in policy
    script = response.get_data(as_text=True)
    assert PLACEHOLDER not in script
    release_of(script)
    for kept in ('"/static/app.js?v=', '"/static/app.css?v=', app.config["HTMX_INTEGRITY"]):
        assert kept in script
    assert '"/static/sw.js' not in script


def test_the_release_changes_with_any_static_file_and_only_then(own_app, tmp_path):
    app = own_app()  # its static folder is a copy changed by the test
    app.static_folder = str(shutil.copytree(Path(app.root_path) / "static", tmp_path / "static"))
    first = release_of(service_worker(app))
    assert release_of(service_worker(app)) == first
    view = tmp_path / "static" / "view.js"
    view.write_text(view.read_text() + "\n// changed\n")
    second = release_of(service_worker(app))
    assert second != first
    app.config["HTMX_INTEGRITY"] = "sha384-another"
    assert release_of(service_worker(app)) not in (first, second)


def test_in_development_the_worker_follows_the_static_files_without_a_restart(own_app, tmp_path):
    app = own_app()  # its static folder is a copy changed by the test, and it runs in debug
    app.static_folder = str(shutil.copytree(Path(app.root_path) / "static", tmp_path / "static"))
    app.debug = True
    client = app.test_client()
    first = release_of(client.get("/sw.js").get_data(as_text=True))
    (tmp_path / "static" / "app.css").write_text("body { color: red; }\n")
    assert release_of(client.get("/sw.js").get_data(as_text=True)) != first
