"""The browser tests' table: Debian's Chromium, driven by Playwright, posing as a phone.

The app is served by gunicorn (testsupport/live_server.py) on a temporary SQLite file. htmx is asked
for at its pinned CDN address and answered from the same release installed from the npm
registry (node_modules/), so the page's integrity hash is really checked; every other address
off this machine is refused and noted, and the test that caused it fails.

Where Chromium or node_modules/ is missing the tests are skipped with the reason, except under
CI=true, where they fail: CI must never pass without having driven a browser.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from app import HTMX_INTEGRITY, HTMX_URL
from testsupport.browser import (
    CHROMIUM,
    COUNT_SWAPS,
    FIGURES,
    HTMX_FILE,
    HTTP_STATUS_NOTE,
    LAUNCH_ARGS,
    PHONE_SIZE,
    SCREENSHOTS,
    Phone,
    what_is_missing,
)
from testsupport.live_server import live_server
from testsupport.missing import cannot_run

WAIT_AT_MOST_MS = 60_000


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium, headless; skipped (failed under CI=true) when it cannot be had."""
    missing = what_is_missing()
    if missing:
        cannot_run(f"browser tests cannot run: {missing}")
    from playwright.sync_api import expect, sync_playwright

    # Assertions that wait (expect) get the same generous bound as every other wait.
    expect.set_options(timeout=WAIT_AT_MOST_MS)

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def base_url(tmp_path_factory):
    """The app served by two gunicorn workers on a temporary SQLite database.

    Without rate limits: every phone of every test comes from 127.0.0.1, and a fast machine
    runs the whole suite's writes in well under the minute a limit counts over. The limits
    have tests of their own (tests/web/test_limits.py).
    """
    database = tmp_path_factory.mktemp("browser") / "spades.sqlite3"
    with live_server(
        f"sqlite:///{database}",
        workers=2,
        HTMX_URL=HTMX_URL,
        HTMX_INTEGRITY=HTMX_INTEGRITY,
        RATELIMIT_ENABLED="false",
    ) as url:
        yield url


@pytest.fixture(scope="session")
def screenshots() -> Path:
    """The folder the screenshots go to (git-ignored); the run prints where it is."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    FIGURES["screenshots"] = str(SCREENSHOTS)
    return SCREENSHOTS


def note_console(phone: Phone, message) -> None:
    """Keep a console error, except Chromium's note of an HTTP error status the test expects."""
    if message.type == "error" and not message.text.startswith(HTTP_STATUS_NOTE):
        where = message.location
        phone.console_errors.append(f"{message.text} ({where['url']}:{where['lineNumber']})")


@pytest.fixture
def phone(browser, base_url):
    """Open phones: `phone(locale=..., color_scheme=..., javascript=..., width=...)`.

    Each phone is a new browser context (its own cookies), emulating a touch phone of
    390 × 844 CSS pixels at 3 device pixels each; `screen=TV_SIZE` makes it a television
    instead (1920 × 1080, one device pixel each, no touch). After the test, no phone may have met a
    script error, a console error (a refused script or style shows there) or tried to reach
    any address but the app and the pinned htmx file, unless it was opened with
    `expect_errors=True`.
    """
    opened: list[tuple[Phone, bool]] = []

    def open_phone(
        *,
        locale: str = "en-US",
        color_scheme: str = "light",
        javascript: bool = True,
        width: int = PHONE_SIZE["width"],
        screen: dict[str, int] | None = None,
        bypass_csp: bool = False,
        htmx_body: bytes | None = None,
        expect_errors: bool = False,
        init_script: str | None = None,
        storage_state=None,
    ) -> Phone:
        """A new phone; `htmx_body` replaces the htmx file served (to test its hash)."""
        a_phone = screen is None
        context = browser.new_context(
            viewport=screen or {"width": width, "height": PHONE_SIZE["height"]},
            device_scale_factor=3 if a_phone else 1,
            is_mobile=a_phone,
            has_touch=a_phone,
            locale=locale,
            color_scheme=color_scheme,
            java_script_enabled=javascript,
            bypass_csp=bypass_csp,
            storage_state=storage_state,
        )
        # Every wait is for the thing itself; this is only how long a broken page may hang
        # before its test fails, generous enough for a slow machine pinned to one core.
        context.set_default_timeout(WAIT_AT_MOST_MS)
        page = context.new_page()
        phone = Phone(context, page, base_url, javascript)

        def refuse(route) -> None:
            """Refuse a request that would leave this machine, and note it."""
            phone.foreign.append(route.request.url)
            route.abort()

        def serve_htmx(route) -> None:
            """Answer the pinned CDN address with the npm copy, as the CDN would (CORS)."""
            headers = {
                "Content-Type": "text/javascript; charset=utf-8",
                "Access-Control-Allow-Origin": "*",
            }
            body = htmx_body if htmx_body is not None else HTMX_FILE.read_bytes()
            route.fulfill(status=200, headers=headers, body=body)

        context.route(lambda url: not url.startswith(base_url), refuse)
        context.route(HTMX_URL, serve_htmx)  # the later route is asked first
        context.add_init_script(COUNT_SWAPS)
        if init_script:
            context.add_init_script(init_script)
        page.on("pageerror", lambda error: phone.page_errors.append(str(error)))
        page.on("console", lambda message: note_console(phone, message))
        opened.append((phone, expect_errors))
        return phone

    yield open_phone
    for phone, _ in opened:
        phone.context.close()
    for phone, expect_errors in opened:
        assert phone.foreign == [], f"requests off the machine: {phone.foreign}"
        if not expect_errors:
            assert phone.page_errors == [], phone.page_errors
            assert phone.console_errors == [], phone.console_errors
