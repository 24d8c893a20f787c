"""What a phone asks of the network: every request counted where it arrives, not guessed.

The app runs here behind a small counting front (`Front`): it notes each request as it comes
in, then hands it to gunicorn, so a request is counted before its answer can reach the phone.
The front also serves the pinned htmx file from the npm install at a path of the site, as a
self-hosted copy (HTMX_URL as a path): the page's CSP must then allow it without a console
error. No Playwright routes here, since routing turns Chromium's HTTP cache off, and the cache
is what is being counted.
"""

from __future__ import annotations

import http.client
import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from app import HTMX_INTEGRITY
from testsupport.browser import COUNT_SWAPS, FIGURES, HTMX_FILE, PHONE_SIZE, Phone
from testsupport.browser_forms import post_game
from testsupport.live_server import live_server
from web.assets import SCRIPTS

HTMX_PATH = "/vendor/htmx.min.js"
SKIPPED_HEADERS = {"connection", "keep-alive", "transfer-encoding", "content-length"}


class Front(ThreadingHTTPServer):
    """Counts each request as it arrives, then passes it on to gunicorn (or serves htmx)."""

    daemon_threads = True

    def __init__(self, upstream_port: int):
        """Listen on a free loopback port in front of gunicorn's."""
        super().__init__(("127.0.0.1", 0), Forward)
        self.upstream_port = upstream_port
        self.arrived: list[str] = []
        self.lock = threading.Condition()

    def note(self, method: str, path: str) -> None:
        """Count a request that came in."""
        with self.lock:
            self.arrived.append(f"{method} {path}")
            self.lock.notify_all()

    def wait_for(self, request: str, mark: int, times: int) -> None:
        """Wait until `request` has come in `times` times since `mark` (a cap only for a
        broken page)."""
        with self.lock:
            done = self.lock.wait_for(lambda: self.arrived[mark:].count(request) >= times, 60)
        assert done, (request, times, self.arrived[mark:])

    def since(self, mark: int) -> list[str]:
        """The requests that came in after `mark` had."""
        with self.lock:
            return self.arrived[mark:]


class Forward(BaseHTTPRequestHandler):
    """One request through the front."""

    server: Front

    def do_GET(self) -> None:
        """A GET: htmx from the npm install, anything else from the app."""
        self.server.note("GET", self.path)
        if self.path == HTMX_PATH:
            body = HTMX_FILE.read_bytes()
            self.send_response(200)
            self.send_header("Content-Type", "text/javascript; charset=utf-8")
            self.send_header("Cache-Control", "public, max-age=31536000, immutable")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        self.forward(None)

    def do_POST(self) -> None:
        """A POST, body and all, to the app."""
        self.server.note("POST", self.path)
        self.forward(self.rfile.read(int(self.headers.get("Content-Length", "0"))))

    def forward(self, body: bytes | None) -> None:
        """Pass the request to gunicorn and its answer back, headers and all."""
        upstream = http.client.HTTPConnection("127.0.0.1", self.server.upstream_port, timeout=60)
        headers = {k: v for k, v in self.headers.items() if k.lower() not in SKIPPED_HEADERS}
        upstream.request(self.command, self.path, body=body, headers=headers)
        answer = upstream.getresponse()
        content = answer.read()
        self.send_response(answer.status)
        for name, value in answer.getheaders():
            if name.lower() not in SKIPPED_HEADERS:
                self.send_header(name, value)
        self.send_header("Content-Length", str(len(content)))
        self.end_headers()
        self.wfile.write(content)
        upstream.close()

    def log_message(self, format: str, *args) -> None:
        """Quiet: the counts are the record."""


@pytest.fixture(scope="module")
def front(tmp_path_factory):
    """The app on its own database, with htmx at a path of the site, behind a counting front."""
    database = tmp_path_factory.mktemp("requests") / "spades.sqlite3"
    with live_server(
        f"sqlite:///{database}",
        workers=2,
        HTMX_URL=HTMX_PATH,
        HTMX_INTEGRITY=HTMX_INTEGRITY,
        RATELIMIT_ENABLED="false",
    ) as upstream:
        server = Front(int(upstream.rsplit(":", 1)[1]))
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield server
        finally:
            server.shutdown()
            server.server_close()


@pytest.fixture
def counted_phone(browser, front):
    """A phone (no routes: its HTTP cache works as a real one's) in front of the counted app;
    `counted_phone(service_workers="block")` is one without the offline shell."""
    opened: list[Phone] = []

    def open_phone(service_workers: str = "allow") -> Phone:
        """A new phone with an empty cache."""
        context = browser.new_context(
            viewport=PHONE_SIZE,
            is_mobile=True,
            has_touch=True,
            service_workers=service_workers,
        )
        context.add_init_script(COUNT_SWAPS)
        page = context.new_page()
        phone = Phone(context, page, f"http://127.0.0.1:{front.server_address[1]}", True)
        page.on("pageerror", lambda error: phone.page_errors.append(str(error)))
        page.on(
            "console",
            lambda message: message.type == "error" and phone.console_errors.append(message.text),
        )
        opened.append(phone)
        return phone

    yield open_phone
    for phone in opened:
        phone.context.close()
    for phone in opened:
        assert phone.page_errors == [], phone.page_errors
        assert phone.console_errors == [], phone.console_errors


def shell_files(phone: Phone) -> list[str]:
    """The static files the offline shell keeps, as the served worker lists them."""
    script = phone.context.request.get(phone.base_url + "/sw.js").text()
    return json.loads(re.search(r"^const SHELL = (\{.*\});$", script, re.M).group(1))["files"]


def wait_for_the_copy(phone: Phone, path: str) -> None:
    """Wait until the offline shell is in charge and keeps its copy of the page."""
    phone.page.wait_for_function(
        """async (path) => navigator.serviceWorker.controller
             && (await caches.match(path, { ignoreVary: true })) !== undefined""",
        arg=path,
    )


def sent_by_the_page(requests: list[str]) -> list[str]:
    """The requests the page sent, without the browser's own asking for the offline shell's
    worker (each page registers it as it loads, and on a busy machine the browser may check
    it again whenever it comes to it: that is the browser's, never a Save's)."""
    return [request for request in requests if request != "GET /sw.js"]


def test_a_save_is_one_request(counted_phone, front):
    scorer = counted_phone()
    token = scorer.start_game()
    front.wait_for("GET /sw.js", 0, times=1)
    for seat in range(4):
        scorer.choose(f"bid_{seat}", 3)
    mark = len(front.arrived)
    scorer.save_hand()
    assert sent_by_the_page(front.since(mark)) == [f"POST /g/{token}/hand"]
    scorer.choose("team_tricks_0", 6)
    mark = len(front.arrived)
    scorer.save_hand()
    assert sent_by_the_page(front.since(mark)) == [f"POST /g/{token}/hand"]
    assert scorer.totals() == (60, 61)  # 6 bid, 6 taken: +60; 6 bid, 7 taken: +61


def test_a_first_visit_asks_for_each_file_once_and_the_offline_shell_fetches_only_the_rest(
    counted_phone, front
):
    other = counted_phone()  # a phone opens a game's link with an empty cache
    game = f"/g/{post_game(other.context.request, other.base_url)}"
    mark = len(front.arrived)
    other.page.goto(other.base_url + game, wait_until="load")
    # The offline shell, once active, keeps a copy of the page it found open: its last request.
    front.wait_for(f"GET {game}", mark, times=2)
    wait_for_the_copy(other, game)
    arrived = front.since(mark)
    # The page, its stylesheet, its scripts and htmx: all that comes before it is shown.
    scripts = [f"GET /static/{name}" for name in SCRIPTS]
    page = [f"GET {game}", "GET /static/app.css", *scripts, f"GET {HTMX_PATH}"]
    first = len(page)
    assert arrived[0] == page[0], arrived
    assert sorted(r.split("?")[0] for r in arrived[:first]) == sorted(page), arrived
    # Then, once it is shown, the offline shell: its script, the files the page did not bring
    # already (those come from the HTTP cache, kept for good), and the page's copy; no more.
    brought = {r.removeprefix("GET ") for r in arrived[:first]}
    shell = [f"GET {f}" for f in shell_files(other) if f not in brought]
    assert sorted(arrived[first:]) == sorted(["GET /sw.js", *shell, f"GET {game}"]), arrived
    FIGURES["requests on a first visit to a game page"] = (
        f"{len(arrived)}: {first} before the page is shown, then the offline shell's "
        f"{len(arrived) - first}: "
        + ", ".join(r.removeprefix("GET ").split("?")[0] for r in arrived)
    )


@pytest.mark.parametrize("service_workers", ["allow", "block"])
def test_a_second_visit_to_a_game_page_is_one_request(counted_phone, front, service_workers):
    scorer = counted_phone(service_workers)
    token = scorer.start_game()
    game = f"/g/{token}"
    if service_workers == "allow":
        wait_for_the_copy(scorer, game)
    else:
        scorer.go(game)  # the first visit to the game page itself, as a link opened
    mark = len(front.arrived)
    scorer.go(game)
    scorer.page.wait_for_function("window.htmx !== undefined")
    # The page (never kept: it holds the edit link); the files come from the phone.
    assert front.since(mark) == [f"GET {game}"]
