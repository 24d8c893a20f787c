"""Debian's nginx in front of gunicorn, set up as docs/hosting.md says.

nginx runs deploy/nginx.conf itself: the site file shipped for /etc/nginx/sites-available/.
Only its lines marked `test:` are changed, by exact replacement (`site_for_test`): it listens
on a free loopback port instead of port 80 (and not on IPv6), passes requests to this test's
gunicorn instead of 127.0.0.1:8000, serves /static/ from this checkout instead of /srv/spades
and writes its access log under the test's temporary folder. A small main configuration around
it stands in for Debian's /etc/nginx/nginx.conf: one worker, Debian's mime.types, and every
file nginx writes (pid, logs, request bodies) in the temporary folder. nginx runs in the
foreground as the test's child; the system's nginx and /etc/nginx are left alone.

gunicorn serves the app with 2 workers on a temporary SQLite file, told to believe one proxy
(PROXY_HOPS=1) and to allow 5 lookups of made-up links a minute per address. Clients connect
from different loopback addresses (Linux routes all of 127.0.0.0/8 to the loopback device), so
nginx sees them as different machines, as it would on the internet.

Where nginx is missing the tests are skipped with the reason (`make nginx` installs it as
root), except under CI=true, where they fail.
"""

from __future__ import annotations

import gzip
import http.client
import os
import re
import secrets
import select
import shlex
import socket
import string
import subprocess
import threading
from dataclasses import dataclass
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode, urlsplit

import pytest

from testsupport.live_server import ROOT, free_port, migrate, serve, stop
from testsupport.missing import cannot_run
from testsupport.pages import Page, form_data
from web.assets import SCRIPTS

pytestmark = pytest.mark.slow

NGINX = Path("/usr/sbin/nginx")
MIME_TYPES = Path("/etc/nginx/mime.types")
SITE = ROOT / "deploy" / "nginx.conf"
WORKERS = 2
GUESSES_ALLOWED = 5
# Every wait is for the thing itself; this is only how long a broken setup may hang before its
# test fails, generous enough for a slow machine pinned to one core.
WAIT_AT_MOST_SECONDS = 60
PORT_TRIES = 5
# More slow clients of each kind than gunicorn has workers: served directly, they would hold
# every worker.
SLOW_CLIENTS = 2 * WORKERS
TRICKLE_EVERY_SECONDS = 0.5  # the pace of the slow clients' bytes, not a wait for anything
TOKEN_CHARACTERS = string.ascii_letters + string.digits + "-_"

# Each test comes from addresses of its own, so no test's requests count against another's
# limits (the counters are per address and live as long as the servers).
GUESSER, NEIGHBOUR = "127.0.0.2", "127.0.0.3"
SCORER = "127.0.0.4"
READER = "127.0.0.5"
SLOW, PATIENT = "127.0.0.6", "127.0.0.7"


def what_is_missing() -> str | None:
    """Why nginx cannot run here, or None when it can."""
    if not os.access(NGINX, os.X_OK):
        return f"{NGINX} is missing (`make nginx` installs Debian's nginx as root)"
    if not MIME_TYPES.is_file():
        return f"{MIME_TYPES} is missing (Debian's nginx-common package)"
    return None


def site_for_test(port: int, gunicorn_port: int, access_log: Path) -> str:
    """deploy/nginx.conf with its `test:` lines, and nothing else, changed for this test.

    Each replaced text must appear exactly once and every marked line must be among them, so a
    change to the shipped file cannot quietly leave the test running something else.
    """
    site = SITE.read_text()
    changes = {
        "server 127.0.0.1:8000;": f"server 127.0.0.1:{gunicorn_port};",
        "listen 80;": f"listen 127.0.0.1:{port};",
        # IPv6 may be switched off where the tests run; the clients come over IPv4 anyway.
        "listen [::]:80;": "",
        "/var/log/nginx/spades.access.log": str(access_log),
        "alias /srv/spades/static/;": f"alias {ROOT / 'static'}/;",
    }
    marked = [line for line in site.splitlines() if "# test:" in line]
    assert len(marked) == len(changes), marked
    for line in marked:
        assert sum(old in line for old in changes) == 1, line
    for old, new in changes.items():
        assert site.count(old) == 1, old
        site = site.replace(old, new)
    return site


def main_config(folder: Path, site: Path) -> str:
    """What stands in for Debian's /etc/nginx/nginx.conf: one worker, every file it writes in
    `folder`, and the site included in the http block as Debian's sites-enabled/ would be."""
    # As root, nginx's workers would become `nobody`, who cannot enter pytest's private
    # temporary folder; as anyone else the directive is ignored with a warning.
    user = "user root root;\n" if os.geteuid() == 0 else ""
    temporary = "\n".join(
        f"    {kind}_temp_path {folder / kind};"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    return f"""{user}worker_processes 1;
error_log {folder / "nginx-error.log"};
error_log stderr notice;

events {{
    worker_connections 256;
}}

http {{
    include {MIME_TYPES};
    default_type application/octet-stream;
{temporary}
    include {site};
}}
"""


def start_nginx(folder: Path, gunicorn_port: int) -> tuple[subprocess.Popen, int]:
    """nginx on a free loopback port in front of gunicorn, answering; the process and port.

    A port found free can be taken before nginx binds it: nginx then exits while starting, and
    the next free port is tried.
    """
    error_log = folder / "nginx-error.log"
    for attempt in range(PORT_TRIES):
        port = free_port()
        site = folder / "spades.conf"
        site.write_text(site_for_test(port, gunicorn_port, folder / "nginx-access.log"))
        config = folder / "nginx.conf"
        config.write_text(main_config(folder, site))
        process = subprocess.Popen(
            [
                str(NGINX),
                "-p",
                f"{folder}/",
                "-c",
                str(config),
                "-e",  # before the configuration is read, errors go here too
                str(error_log),
                "-g",
                f"daemon off; pid {folder / 'nginx.pid'};",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,  # where it says it has started
            start_new_session=True,  # its own process group: master and workers stop together
        )
        try:
            ready = wait_for_nginx(process, folder / "nginx-output.log")
        except RuntimeError:
            stop(process)
            raise
        if ready:
            return process, port
        stop(process)
        if attempt == PORT_TRIES - 1:
            raise RuntimeError(f"nginx did not start:\n{error_log.read_text()}")
    raise AssertionError("unreachable")


def wait_for_nginx(process: subprocess.Popen, output: Path) -> bool:
    """Whether nginx came to serve; False when it exited while starting.

    nginx says "start worker process" on its stderr once its sockets are open: that line is
    waited for, not a time. Everything it says goes on to `output`, read as it comes.
    """
    said = threading.Event()
    started = []

    def relay() -> None:
        """Copy nginx's words to the output file, noting when it has started or stopped."""
        with open(output, "ab") as log:
            for line in process.stderr:
                log.write(line)
                log.flush()
                if b"start worker process" in line and not started:
                    started.append(True)
                    said.set()
        said.set()  # it exited

    threading.Thread(target=relay, daemon=True).start()
    if not said.wait(WAIT_AT_MOST_SECONDS):  # the bound on a hung nginx only
        raise RuntimeError(f"nginx said nothing within {WAIT_AT_MOST_SECONDS} s")
    return bool(started)


@dataclass
class Stack:
    """nginx in front of gunicorn: where nginx listens, and the logs both write."""

    port: int
    gunicorn_log: AccessLog
    nginx_log: Path


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    """gunicorn (PROXY_HOPS=1) on a migrated SQLite file, nginx in front, both stopped after
    the module's tests; skipped (failed under CI=true) when nginx is missing."""
    missing = what_is_missing()
    if missing:
        cannot_run(f"nginx tests cannot run: {missing}")
    folder = tmp_path_factory.mktemp("nginx")
    url = f"sqlite:///{folder / 'spades.sqlite3'}"
    migrate(url)
    gunicorn_log = AccessLog(folder / "gunicorn-access.log")
    gunicorn, base = serve(
        url,
        workers=WORKERS,
        PROXY_HOPS="1",
        GUESS_LIMIT=f"{GUESSES_ALLOWED} per minute",
        # over gunicorn.conf.py's stdout, which the live server discards
        GUNICORN_CMD_ARGS=f"--access-logfile {shlex.quote(str(gunicorn_log.path))}",
    )
    try:
        nginx, port = start_nginx(folder, urlsplit(base).port)
        try:
            yield Stack(port, gunicorn_log, folder / "nginx-access.log")
        finally:
            stop(nginx)
    finally:
        stop(gunicorn)


@dataclass
class Answer:
    """One response as it came over the wire (the body not decompressed)."""

    status: int
    headers: http.client.HTTPMessage
    body: bytes

    def cookies(self) -> str:
        """The cookies it sets, as a Cookie header to send back."""
        jar = SimpleCookie()
        for header in self.headers.get_all("Set-Cookie") or ():
            jar.load(header)
        return "; ".join(f"{name}={morsel.value}" for name, morsel in jar.items())


def ask(
    port: int,
    source: str,
    method: str,
    path: str,
    headers: dict[str, str] | None = None,
    body: str | None = None,
    timeout: float = WAIT_AT_MOST_SECONDS,
) -> Answer:
    """One request to nginx from the loopback address `source`, on a connection of its own."""
    connection = http.client.HTTPConnection(
        "127.0.0.1", port, timeout=timeout, source_address=(source, 0)
    )
    try:
        connection.request(
            method, path, body=body, headers={"Connection": "close", **(headers or {})}
        )
        response = connection.getresponse()
        return Answer(response.status, response.headers, response.read())
    finally:
        connection.close()


def made_up_link() -> str:
    """A view link of the right shape that no game has."""
    return "/v/" + "".join(secrets.choice(TOKEN_CHARACTERS) for _ in range(22))


class AccessLog:
    """gunicorn's access log, read line by line as gunicorn writes it: a named pipe that gunicorn
    opens as its log file, so a test waits for the lines themselves, never for a time."""

    def __init__(self, path: Path):
        """Make the pipe; held open for reading and writing here, so gunicorn's open never
        waits and a read never ends while gunicorn has not yet opened it."""
        os.mkfifo(path)
        self.path = path
        self.lines: list[str] = []
        self.changed = threading.Condition()
        self.pipe = open(os.open(path, os.O_RDWR), "rb", buffering=0)  # noqa: SIM115
        threading.Thread(target=self.read, daemon=True).start()

    def read(self) -> None:
        """Keep every line gunicorn writes, telling whoever waits for one."""
        for line in self.pipe:
            with self.changed:
                self.lines.append(line.decode())
                self.changed.notify_all()

    def addresses(self, wanted: set[str]) -> set[str]:
        """The client addresses the log shows, once it shows all of `wanted`.

        gunicorn writes a line after the response has gone, so a client can read its answer
        before the line is there: wait for the lines themselves.
        """

        def seen() -> set[str]:
            """The first field of every line so far."""
            return {line.split(" ", 1)[0] for line in self.lines if line.strip()}

        with self.changed:
            self.changed.wait_for(lambda: wanted <= seen(), timeout=WAIT_AT_MOST_SECONDS)
            return seen()


def start_game(port: int, source: str, headers: dict[str, str] | None = None) -> tuple[str, Page]:
    """Start a game through nginx as a phone does: the home page's form and cookies, then
    the POST; the game's path and its page."""
    home = ask(port, source, "GET", "/")
    assert home.status == 200, home.status
    cookie = home.cookies()
    assert "session=" in cookie, cookie
    data = form_data(Page(home.body.decode()).form(action="/games"))
    assert data.get("csrf_token"), data
    created = ask(
        port,
        source,
        "POST",
        "/games",
        headers={
            "Cookie": cookie,
            "Content-Type": "application/x-www-form-urlencoded",
            **(headers or {}),
        },
        body=urlencode(data | {"preset": "classic"}),
    )
    assert created.status == 303, (created.status, created.body[:2000])
    path = urlsplit(created.headers["Location"]).path
    assert re.fullmatch(r"/g/[A-Za-z0-9_-]{22}", path), path
    game = ask(port, source, "GET", path, headers={"Cookie": cookie, **(headers or {})})
    assert game.status == 200, game.status
    return path, Page(game.body.decode())


def test_the_limits_and_the_access_log_see_each_client_s_own_address_not_nginx_s(stack):
    """One address guessing links is refused after GUESS_LIMIT; another behind the same nginx
    is not, and gunicorn's access log names both, not 127.0.0.1.

    The counters live in each worker's memory (RATELIMIT_STORAGE_URI's default), so an address
    is refused once one worker has counted GUESSES_ALLOWED of its guesses: by the
    WORKERS × GUESSES_ALLOWED + 1st at the latest, and never within its first GUESSES_ALLOWED.
    """
    # The guesser also claims a new address in each request's X-Forwarded-For: nginx replaces
    # the header with the address the connection really comes from, so that buys nothing.
    statuses = []
    for number in range(WORKERS * GUESSES_ALLOWED + 1):
        forged = {"X-Forwarded-For": f"10.9.8.{number}"}
        statuses.append(ask(stack.port, GUESSER, "GET", made_up_link(), headers=forged).status)
        if statuses[-1] != 404:
            break
    assert statuses[-1] == 429, statuses
    assert set(statuses[:-1]) == {404}, statuses

    # Another address behind the same nginx is its own client: its pages and as many guesses
    # of its own as anyone may make are answered as usual.
    assert ask(stack.port, NEIGHBOUR, "GET", "/").status == 200
    neighbour = [
        ask(stack.port, NEIGHBOUR, "GET", made_up_link()).status for _ in range(GUESSES_ALLOWED)
    ]
    assert set(neighbour) == {404}, neighbour

    seen = stack.gunicorn_log.addresses({GUESSER, NEIGHBOUR})
    assert {GUESSER, NEIGHBOUR} <= seen, seen
    assert not any(address.startswith("10.9.8.") for address in seen), seen
    # nginx's own log keeps addresses, never the links asked for.
    nginx_log = stack.nginx_log.read_text()
    assert GUESSER in nginx_log
    assert "/v/" not in nginx_log


def test_a_game_is_started_through_nginx_with_the_form_s_token_and_cookie(stack):
    """The new-game form's POST (CSRF token, session cookie) gets its 303 and the game page,
    whose share link has the scheme and host nginx forwarded."""
    # The client also sends forwarded headers of its own; nginx's replace them, so the share
    # link has the scheme and host nginx was reached by.
    forged = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "elsewhere.example"}
    _, page = start_game(stack.port, SCORER, headers={"Host": "spades.example.org", **forged})
    view_link = page.find("input", id="view-link").attrs["value"]
    assert re.fullmatch(r"http://spades\.example\.org/v/[A-Za-z0-9_-]{22}", view_link), view_link


def test_pages_styles_scripts_icons_and_json_are_sent_compressed(stack):
    """HTML from the app, CSS, JS and SVG from nginx and a game's JSON come gzipped to a
    client that accepts it, and unzip to what was sent."""
    _, game = start_game(stack.port, READER)
    json_link = next(a.attrs["href"] for a in game.find_all("a") if a.text == "JSON")
    for path, expected in [
        ("/", b"</html>"),
        ("/static/app.css", (ROOT / "static" / "app.css").read_bytes()),
        ("/static/app.js", (ROOT / "static" / "app.js").read_bytes()),
        ("/static/icon.svg", (ROOT / "static" / "icon.svg").read_bytes()),
        (json_link, b'"rules"'),
    ]:
        answer = ask(stack.port, READER, "GET", path, headers={"Accept-Encoding": "gzip"})
        assert answer.status == 200, (path, answer.status)
        assert answer.headers["Content-Encoding"] == "gzip", (path, answer.headers)
        assert "Accept-Encoding" in answer.headers.get("Vary", ""), (path, answer.headers)
        body = gzip.decompress(answer.body)
        assert len(answer.body) < len(body), path
        if path.startswith("/static/"):
            assert body == expected, path
        else:
            assert expected in body, path


def test_static_files_come_from_nginx_kept_for_a_year_under_the_address_of_their_content(stack):
    """/static/ is the checkout's files; at the addresses pages give (with the hash of the
    file's bytes) they are public and immutable for a year, at their bare address checked on
    every use; a manifest is typed as one, and a missing file's 404 is not cached."""
    _, game = start_game(stack.port, READER)
    addresses = [link.attrs["href"] for link in game.find_all("link", rel="stylesheet")]
    addresses += [script.attrs["src"] for script in game.find_all("script")]
    own = [address for address in addresses if address.startswith("/static/")]
    scripts = {f"/static/{script}" for script in SCRIPTS}
    assert {a.split("?")[0] for a in own} == {"/static/app.css", *scripts}, addresses
    for address in own:
        answer = ask(stack.port, READER, "GET", address)
        assert answer.status == 200
        assert answer.body == (ROOT / address.split("?")[0].removeprefix("/")).read_bytes()
        # Not the app's answer: nginx's own, from the checkout.
        cache_control = answer.headers["Cache-Control"]
        assert cache_control == "public, max-age=31536000, immutable", (address, cache_control)
        assert answer.headers["X-Content-Type-Options"] == "nosniff"

    bare = ask(stack.port, READER, "GET", "/static/app.css")
    assert bare.status == 200
    assert bare.headers["Cache-Control"] == "no-cache"

    manifest = ask(stack.port, READER, "GET", "/static/manifest.webmanifest")
    assert manifest.status == 200
    assert manifest.headers["Content-Type"] == "application/manifest+json"

    # A file that is not there is not kept: the next deploy may bring it.
    missing = ask(stack.port, READER, "GET", "/static/not-there.css")
    assert missing.status == 404
    assert "max-age" not in missing.headers.get("Cache-Control", "")


class SlowClient:
    """A connection that starts a request and never finishes it, sending one more byte every
    TRICKLE_EVERY_SECONDS from a thread of its own until told to stop."""

    def __init__(self, port: int, opening: bytes, trickle: bytes, stopping: threading.Event):
        """Connect from the slow clients' address and send the start of the request."""
        self.socket = socket.create_connection(
            ("127.0.0.1", port), timeout=WAIT_AT_MOST_SECONDS, source_address=(SLOW, 0)
        )
        self.socket.sendall(opening)
        self.trickle = trickle
        self.stopping = stopping
        self.trickling = threading.Event()  # set once the first trickled byte has gone
        self.failure: OSError | None = None
        self.thread = threading.Thread(target=self.keep_trickling, daemon=True)
        self.thread.start()

    def keep_trickling(self) -> None:
        """Send a byte, pause, repeat: never the end of the request, and never for longer
        than the test may take."""
        for _ in range(int(WAIT_AT_MOST_SECONDS / TRICKLE_EVERY_SECONDS)):
            try:
                self.socket.sendall(self.trickle)
            except OSError as error:
                self.failure = error
                return
            finally:
                self.trickling.set()
            if self.stopping.wait(TRICKLE_EVERY_SECONDS):
                return

    def still_unanswered(self) -> bool:
        """Whether the connection is open with nothing received: no answer, no close."""
        # Readable means something came: an answer, or the end of the connection.
        readable, _, _ = select.select([self.socket], [], [], 0)
        return not readable and self.failure is None

    def close(self) -> None:
        """Stop trickling and hang up."""
        self.stopping.set()
        self.thread.join(WAIT_AT_MOST_SECONDS)
        self.socket.close()


def slow_clients(port: int, stopping: threading.Event) -> list[SlowClient]:
    """SLOW_CLIENTS trickling their headers and SLOW_CLIENTS trickling a form's body."""
    headers = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Trickle: "
    body = (
        b"POST /games HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 4096\r\n\r\n"
    )
    clients: list[SlowClient] = []
    try:
        for _ in range(SLOW_CLIENTS):
            clients.append(SlowClient(port, headers, b"a", stopping))
            clients.append(SlowClient(port, body, b"a", stopping))
    except BaseException:
        for client in clients:
            client.close()
        raise
    return clients


def test_slow_clients_that_never_finish_their_requests_do_not_delay_anyone_else(stack):
    """While more clients than gunicorn has workers trickle headers, and as many trickle a
    form's body, another client's page and robots.txt are answered, and every slow client is
    still connected and unanswered when they are."""
    # nginx gives up on headers that take over 10 s in all: should this machine be that slow,
    # a header trickler is cut off before the other client's answer comes, and the round
    # proves nothing, so it is played again (at most 3 times).
    for _ in range(3):
        stopping = threading.Event()
        clients = slow_clients(stack.port, stopping)
        try:
            for client in clients:
                assert client.trickling.wait(WAIT_AT_MOST_SECONDS)
            page = ask(stack.port, PATIENT, "GET", "/")
            robots = ask(stack.port, PATIENT, "GET", "/robots.txt")
            held = [client.still_unanswered() for client in clients]
        finally:
            for client in clients:
                client.close()
        assert page.status == 200 and b"</html>" in page.body, page.status
        assert robots.status == 200, robots.status
        if all(held):
            break
    assert all(held), f"nginx answered or closed slow clients before the page came: {held}"
