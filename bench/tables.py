"""Capacity: how many tables this machine holds before a phone waits more than 250 ms.

Each simulated table is what a real one sends: a scorer playing a hand every 60-120 s (its
bids saved as the hand begins, its tricks as it ends: two writes a hand, each the real flow of
the hand form with the CSRF token, the version and the one-time token of the page it last
got, sent as htmx sends it) and three viewers polling the view link every 3 s with the ETag of
what they hold (304 while the game is unchanged, the new scoreboard after each save).

The app is served by gunicorn as `make run` serves it (bench/server.py), on a fresh SQLite
file and then on a fresh PostgreSQL database of its own (created and dropped here), holding
one mid-game game per table. The number of tables is ramped in steps (250, 500, 1000, ...),
each a few seconds to settle and then a measured window, the load continuing from step to
step as tables join; the ramp stops at the first step whose p99 latency passes 250 ms or that
sees any error. "Held" is the last step that passed.

The load is open-loop: every request is sent at its scheduled time whether or not the
server answered the ones before, and its latency is taken from that scheduled time, so a
server that falls behind shows as latency instead of slowing the load down (no coordinated
omission). The clients are asyncio processes speaking HTTP/1.1 over plain sockets (the
connection kept when the server keeps it); each step reports how late the clients themselves
sent (their lag) beside the rate they achieved, so that a client that could not keep up is
flagged instead of counted against the server.

    .venv/bin/python bench/tables.py [--database sqlite|postgresql|both] [--steps 250,500,...]
        [--settle 4] [--measure 12] [--max-seconds 130] [--clients N] [--hands 10]
        [--pg-url postgresql://postgres@127.0.0.1:5432/postgres] [--out FILE]

Prints each step and then the tables held on each database, with the p50 and p99 at that
load; writes it all as JSON to build/tables-<date>.json (or --out).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import queue
import random
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from urllib.parse import urlencode, urlsplit

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
# The repo root for the app and testsupport/, bench/ for its siblings (see run.py).
sys.path[:0] = [str(ROOT), str(BENCH)]

from pyclient import hidden_fields, percentile  # noqa: E402

P99_LIMIT_MS = 250.0
TARGET_TABLES = 2000  # issue #17: tables held on SQLite at p99 <= 250 ms
STEPS = (250, 500, 1000, 1500, 2000, 2500, 3000, 4000, 5000, 6000, 8000, 10000)
VIEWERS = 3
POLL_SECONDS = 3.0  # web/viewing.py POLL_SECONDS, as the view page's hx-trigger asks
HAND_SECONDS = (60.0, 120.0)
# Of a hand's time, how much lies between its bids and its tricks (the play); the rest is
# between one hand's tricks and the next one's bids (the deal and the bidding).
PLAY_SHARE = 0.75
REQUEST_TIMEOUT = 10.0
# A client that sends this late (p99) or this far under its schedule is not keeping up.
CLIENT_LAG_LIMIT_MS = 25.0
CLIENT_RATE_SHARE = 0.97
DEFAULT_PG_URL = "postgresql://postgres@127.0.0.1:5432/postgres"
# The hand every scorer taps: every team bids 6; Team A takes 7 tricks, Team B the rest.
BIDS = {"bid_0": "3", "bid_1": "3", "bid_2": "3", "bid_3": "3"}
TRICKS = {"team_tricks_0": "7", "team_tricks_1": "6"}


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line: databases, the ramp, how long each step runs, the clients."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument(
        "--steps",
        type=lambda text: [int(n) for n in text.split(",")],
        default=list(STEPS),
        help="tables at each step of the ramp, comma-separated",
    )
    parser.add_argument("--settle", type=float, default=4.0, help="unmeasured seconds a step")
    parser.add_argument("--measure", type=float, default=12.0, help="measured seconds a step")
    parser.add_argument(
        "--max-seconds",
        type=float,
        default=130.0,
        help="the longest a ramp may run on one database (the steps that fit are run)",
    )
    parser.add_argument(
        "--clients",
        type=int,
        default=0,
        help="client processes (default: 1 on a machine of up to 2 cores, else 2)",
    )
    parser.add_argument("--hands", type=int, default=10, help="hands each table has played")
    parser.add_argument("--pg-url", default=os.environ.get("BENCH_PG_URL", DEFAULT_PG_URL))
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--out", type=Path, help="the JSON file (build/tables-<date>.json)")
    return parser.parse_args(argv)


# --- the tables: one game per table, stored as the app stores them -------------------------


@dataclass(frozen=True)
class Table:
    """What the phones at one table hold before the run, as if they had had the game open
    for a while: the game's links, the ETag of the scoreboard part the viewers last got, the
    scorer's session cookie and the hidden inputs of the hand form it shows."""

    edit: str
    view: str
    etag: str
    cookie: tuple[str, str]
    form: dict[str, str]


def store_tables(database_url: str, count: int, hands: int, secret: str, seed: int) -> list:
    """Store `count` games of `hands` played hands (the engine benchmark's realistic mix) under
    The Spruce at its widest target and floor, most with the next hand's bids in, as the app
    would have stored them; the tables that play them."""
    from data import LONG_RULES
    from flask import g, session
    from flask_wtf.csrf import generate_csrf
    from scoring_bench import make_hands
    from sqlalchemy import insert

    import scoring
    from app import create_app
    from extensions import db
    from models import GameRecord, HandRecord, hand_columns, new_token
    from testsupport.playing import NAMES
    from web.language import language_of
    from web.viewing import etag_key, view_etag

    played = make_hands(hands)
    state = scoring.replay(LONG_RULES, played)
    if state.over or len(state.hands) != hands:
        raise RuntimeError(f"a {hands}-hand benchmark game ended early")
    in_play = scoring.Hand(tuple(int(v) for v in BIDS.values()))
    rng = random.Random(seed)
    # A viewer that loaded the page before the run polls with the tag of what it holds: the
    # scoreboard part (htmx asks for it), in the language a phone without preferences gets.
    key, language = etag_key(secret), language_of(None, None)
    app = create_app({"SQLALCHEMY_DATABASE_URI": database_url, "SECRET_KEY": secret})
    sessions = app.session_interface.get_signing_serializer(app)
    tables = []

    def scorer_session() -> tuple[tuple[str, str], str]:
        """A session cookie and the CSRF token of a form rendered in it, as the app makes
        them: the scorer's page was opened before the run."""
        with app.test_request_context("/"):
            # The token is kept on `g`, which this request shares with the app context of
            # the loop around it: dropped, so that each session gets its own.
            g.pop(app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token"), None)
            token = generate_csrf()
            return (app.config["SESSION_COOKIE_NAME"], sessions.dumps(dict(session))), token

    with app.app_context():
        for first in range(0, count, 1000):  # in batches: one flush per thousand games
            batch = []
            for _ in range(min(1000, count - first)):
                # A table is found mid-hand (bids in) for the share of a hand spent playing.
                bids_in = rng.random() < PLAY_SHARE
                game = GameRecord(
                    **NAMES,
                    first_dealer=0,
                    preset="spruce",
                    rules=LONG_RULES.to_dict(),
                    device=new_token(),
                    version=hands + bids_in,
                )
                batch.append((game, bids_in))
            db.session.add_all(game for game, _ in batch)
            db.session.flush()
            rows = []
            for game, bids_in in batch:
                for number, hand in enumerate(played + [in_play] * bids_in, start=1):
                    rows.append({"game_id": game.id, "number": number} | hand_columns(hand))
                etag = view_etag(key, game.id, (game.version, game.series_version), language, True)
                cookie, csrf_token = scorer_session()
                form = {"csrf_token": csrf_token, "version": str(game.version)}
                # The form's one-time token, and the bids in play it carries as hidden inputs.
                form |= {"nonce": new_token()} | (BIDS if bids_in else {})
                tables.append(Table(game.edit_token, game.view_token, etag, cookie, form))
            db.session.execute(insert(HandRecord), rows)
        db.session.commit()
        db.session.remove()
        db.engine.dispose()
    return tables


# --- HTTP over plain sockets ------------------------------------------------------------


class Refused(Exception):
    """An answer that means the request failed: a status the flow does not expect."""


class Connection:
    """One connection to the server: kept open when the server keeps it (HTTP/1.1
    keep-alive), else a new one for each request, as gunicorn's sync workers close theirs.

    A bare asyncio Protocol: at thousands of requests a second the client's own CPU is taken
    from the server on the same machine, so each step reports it. About 0.3 ms a request
    where this was written, most of it opening the connection (streams cost about the same).
    """

    def __init__(self, host: str, port: int):
        """Nothing is opened until the first request."""
        self.host, self.port = host, port
        self.protocol: Answers | None = None

    def close(self) -> None:
        """Drop the connection, if one is open."""
        if self.protocol is not None:
            self.protocol.transport.close()
            self.protocol = None

    async def request(
        self, method: str, path: str, headers: dict[str, str], body: bytes = b""
    ) -> tuple[int, dict[str, str], list[str], bytes]:
        """Send one request and read its answer: status, headers (lower-case names), the
        Set-Cookie values, body. A kept connection the server closed meanwhile is reopened
        once."""
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}"]
        lines += [f"{name}: {value}" for name, value in headers.items()]
        if body or method == "POST":
            lines.append(f"Content-Length: {len(body)}")
        message = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            reused = self.protocol is not None
            if self.protocol is None or self.protocol.ended:
                _, self.protocol = await loop.create_connection(Answers, self.host, self.port)
            protocol = self.protocol
            try:
                answer = await protocol.ask(message, method)
            except (OSError, ValueError):
                self.close()
                if reused and attempt == 1:
                    continue
                raise
            status, fields, cookies, data, keep = answer
            if not keep:
                self.close()
            return status, fields, cookies, data
        raise AssertionError("unreachable")


class Answers(asyncio.Protocol):
    """Collects the bytes of a connection until the answer to the request sent is whole."""

    def __init__(self):
        """A connection about to open, with nothing asked yet."""
        self.transport: asyncio.Transport
        self.buffer = bytearray()
        self.waiter: asyncio.Future | None = None
        self.method = "GET"
        self.ended = False

    def connection_made(self, transport) -> None:
        """Keep the transport to write requests to."""
        self.transport = transport

    def ask(self, message: bytes, method: str) -> asyncio.Future:
        """Send a request; a future for its answer (see `parse_answer`)."""
        self.method = method
        self.waiter = asyncio.get_running_loop().create_future()
        self.transport.write(message)
        return self.waiter

    def data_received(self, data: bytes) -> None:
        """More of the answer: settle the future once it is whole."""
        self.buffer += data
        self.settle(ended=False)

    def eof_received(self) -> bool:
        """The server closed its side: an answer read to the end is whole now."""
        self.ended = True
        self.settle(ended=True)
        return False  # close the transport

    def connection_lost(self, error: Exception | None) -> None:
        """The connection is gone: whatever was not answered has failed."""
        self.ended = True
        self.settle(ended=True, error=error)

    def settle(self, ended: bool, error: Exception | None = None) -> None:
        """Give the waiting request its answer once it is whole, or its failure."""
        waiter = self.waiter
        if waiter is None or waiter.done():
            return
        try:
            answer = parse_answer(self.buffer, self.method, ended)
        except ValueError as bad:
            waiter.set_exception(bad)
            return
        if answer is not None:
            used, result = answer
            del self.buffer[:used]
            waiter.set_result(result)
        elif ended:
            waiter.set_exception(error or ConnectionResetError("closed before the answer"))


class Line:
    """A phone's way to the server: its kept connection when that is idle, else a connection
    for this one request (open-loop, a poll may go out while the last is still waiting)."""

    def __init__(self, port: int):
        """No connection is open until the first request."""
        self.kept = Connection("127.0.0.1", port)
        self.busy = False

    async def request(self, method: str, path: str, headers: dict[str, str], body: bytes = b""):
        """Send one request on the kept connection if it is free, else on a spare one."""
        if self.busy:
            spare = Connection(self.kept.host, self.kept.port)
            try:
                return await spare.request(method, path, headers, body)
            finally:
                spare.close()
        self.busy = True
        try:
            return await self.kept.request(method, path, headers, body)
        except BaseException:  # cut off half-way (a timeout too): never reused
            self.kept.close()
            raise
        finally:
            self.busy = False


def parse_answer(buffer: bytearray, method: str, ended: bool):
    """The HTTP/1.1 answer at the start of the buffer, if it is whole: the bytes it took, and
    (status, headers, Set-Cookie values, body, whether the connection stays open)."""
    head_end = buffer.find(b"\r\n\r\n")
    if head_end < 0:
        return None
    head = bytes(buffer[:head_end]).decode("latin-1").split("\r\n")
    version, status_text = head[0].split(" ", 2)[:2]
    status = int(status_text)
    fields: dict[str, str] = {}
    cookies = []
    for line in head[1:]:
        name, _, value = line.partition(":")
        name, value = name.strip().lower(), value.strip()
        if name == "set-cookie":
            cookies.append(value)
        fields[name] = value
    keep = version == "HTTP/1.1" and fields.get("connection", "").lower() != "close"
    start = head_end + 4
    if method == "HEAD" or status in (204, 304) or 100 <= status < 200:
        end, data = start, b""
    elif "content-length" in fields:
        end = start + int(fields["content-length"])
        if len(buffer) < end:
            return None
        data = bytes(buffer[start:end])
    elif fields.get("transfer-encoding", "").lower() == "chunked":
        parts, end = [], start
        while True:
            line_end = buffer.find(b"\r\n", end)
            if line_end < 0:
                return None
            size = int(bytes(buffer[end:line_end]).split(b";")[0], 16)
            if len(buffer) < line_end + 2 + size + 2:
                return None
            parts.append(bytes(buffer[line_end + 2 : line_end + 2 + size]))
            end = line_end + 2 + size + 2  # the chunk and its CRLF; the last has no trailer
            if size == 0:
                break
        data = b"".join(parts)
    elif ended:  # the body runs to the end of the connection
        end, data, keep = len(buffer), bytes(buffer[start:]), False
    else:
        return None
    return end, (status, fields, cookies, data, keep)


# --- the schedule and what it measured ----------------------------------------------------


@dataclass(frozen=True)
class Plan:
    """The ramp as every client process runs it, on the shared monotonic clock."""

    steps: tuple[int, ...]
    settle: float
    measure: float
    start: float  # time.monotonic() (asyncio's loop.time()) at which the first step begins

    def step_start(self, step: int) -> float:
        """When a step begins (its tables join)."""
        return self.start + step * (self.settle + self.measure)

    def window(self, step: int) -> tuple[float, float]:
        """A step's measured window: after it settles, until the next step begins."""
        begins = self.step_start(step) + self.settle
        return begins, begins + self.measure

    @property
    def end(self) -> float:
        """When the last step ends: nothing is scheduled from then on."""
        return self.step_start(len(self.steps))

    def step_of(self, moment: float) -> int | None:
        """The step whose measured window holds this moment, if any."""
        step = int((moment - self.start) // (self.settle + self.measure))
        if not 0 <= step < len(self.steps):
            return None
        begins, ends = self.window(step)
        return step if begins <= moment < ends else None


@dataclass
class StepFigures:
    """What one client process saw of the requests scheduled in one step's measured window."""

    latencies: dict[str, list[float]] = field(default_factory=dict)  # by kind, seconds
    statuses: dict[str, Counter] = field(default_factory=dict)  # by kind
    errors: Counter = field(default_factory=Counter)  # by kind and what went wrong
    lags: list[float] = field(default_factory=list)  # how late each request was sent
    scheduled: int = 0
    sent_in_window: int = 0  # by the moment each was really sent
    pending: int = 0
    cpu_seconds: float = 0.0


class Recorder:
    """Notes each request against the step whose window its scheduled time falls in, and
    reports a step once every request scheduled in its window has ended."""

    def __init__(self, plan: Plan):
        """One empty set of figures per step."""
        self.plan = plan
        self.steps = [StepFigures() for _ in plan.steps]

    def begin(self, scheduled: float) -> int | None:
        """Note a request about to be sent; the step it counts for (None: unmeasured)."""
        step = self.plan.step_of(scheduled)
        if step is not None:
            self.steps[step].scheduled += 1
            self.steps[step].pending += 1
        return step

    def sent(self, step: int | None, scheduled: float, at: float) -> None:
        """Note how late the client sent a request, and whether within the window."""
        actual = self.plan.step_of(at)
        if actual is not None:
            self.steps[actual].sent_in_window += 1
        if step is not None:
            self.steps[step].lags.append(at - scheduled)

    def end(self, step: int | None, kind: str, latency: float, status: int | str) -> None:
        """Note a request's end: its latency from its scheduled time and its status, or the
        error (a string) it ended with."""
        if step is None:
            return
        figures = self.steps[step]
        figures.pending -= 1
        if isinstance(status, str):
            figures.errors[f"{kind}: {status}"] += 1
            return
        figures.latencies.setdefault(kind, []).append(latency)
        figures.statuses.setdefault(kind, Counter())[str(status)] += 1


# --- the phones -----------------------------------------------------------------------------


class Simulation:
    """The phones of this process's tables, joining step by step, each sending its requests
    at their scheduled times."""

    def __init__(self, plan: Plan, port: int, tables: list[tuple[int, Table]], seed: int):
        """Keep the plan and this process's tables (with their place in the ramp's order)."""
        self.plan, self.port, self.tables = plan, port, tables
        self.rng = random.Random(seed)
        self.recorder = Recorder(plan)
        self.tasks: set[asyncio.Task] = set()
        self.loop = asyncio.get_running_loop()

    def spawn(self, coroutine) -> None:
        """Run a coroutine on its own, keeping a reference until it ends."""
        task = self.loop.create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def until(self, moment: float) -> None:
        """Sleep until a moment of the shared clock."""
        await asyncio.sleep(max(0.0, moment - self.loop.time()))

    async def timed(self, kind: str, scheduled: float, send):
        """Send one request at (or as soon after as this process can) its scheduled time,
        noted against the scheduled time; its answer, or None when it failed."""
        step = self.recorder.begin(scheduled)
        started = self.loop.time()
        self.recorder.sent(step, scheduled, started)
        try:
            async with asyncio.timeout(REQUEST_TIMEOUT):
                answer = await send()
        except TimeoutError:
            self.recorder.end(step, kind, 0.0, "timeout")
            return None
        except (OSError, ValueError) as error:
            self.recorder.end(step, kind, 0.0, type(error).__name__)
            return None
        except Refused as refusal:
            self.recorder.end(step, kind, 0.0, str(refusal))
            return None
        self.recorder.end(step, kind, self.loop.time() - scheduled, answer[0])
        return answer

    # -- the viewers

    async def viewer(self, table: Table, joins: float) -> None:
        """Poll the view link every 3 s from a random phase, with the tag of what it holds."""
        held = {"etag": table.etag, "line": Line(self.port)}
        moment = joins + self.rng.uniform(0, POLL_SECONDS)
        while moment < self.plan.end:
            await self.until(moment)
            self.spawn(self.poll(table, held, moment))
            moment += POLL_SECONDS

    async def poll(self, table: Table, held: dict, scheduled: float) -> None:
        """One poll, as htmx sends it: the scoreboard part, if changed since the tag held."""
        headers = {"HX-Request": "true", "If-None-Match": f'"{held["etag"]}"'}

        async def send():
            """The poll; 304 (unchanged) or 200 (a new scoreboard, and its tag) expected."""
            answer = await held["line"].request("GET", f"/v/{table.view}", headers)
            if answer[0] == 200:
                held["etag"] = answer[1].get("etag", "").strip('"') or held["etag"]
            elif answer[0] != 304:
                raise Refused(f"status {answer[0]}")
            return answer

        await self.timed("poll", scheduled, send)

    # -- the scorer

    async def scorer(self, table: Table, joins: float) -> None:
        """Save the bids as each hand begins and the tricks as it ends, one hand every 60-120 s;
        found at a random moment of its hand when its table joins."""
        phone = Scorer(self, table)
        bids_next = "bid_0" not in table.form
        hand = self.rng.uniform(*HAND_SECONDS)
        gap = hand * ((1 - PLAY_SHARE) if bids_next else PLAY_SHARE)
        moment = joins + self.rng.uniform(0, gap)
        while moment < self.plan.end:
            await self.until(moment)
            await phone.save(BIDS if bids_next else TRICKS, moment)
            hand = self.rng.uniform(*HAND_SECONDS) if not bids_next else hand
            gap = hand * (PLAY_SHARE if bids_next else 1 - PLAY_SHARE)
            bids_next = not bids_next
            moment += gap

    async def run(self, reports, stop) -> None:
        """Let each table join at its step, and report each step once it is over."""
        joined = 0
        for step, count in enumerate(self.plan.steps):
            joins = self.plan.step_start(step)
            while joined < len(self.tables) and self.tables[joined][0] < count:
                _, table = self.tables[joined]
                for _ in range(VIEWERS):
                    self.spawn(self.viewer(table, joins))
                self.spawn(self.scorer(table, joins))
                joined += 1
            self.spawn(self.report(step, reports))
        while not stop.is_set() and self.loop.time() < self.plan.end + REQUEST_TIMEOUT + 1:
            await asyncio.sleep(0.2)
        for task in list(self.tasks):
            task.cancel()

    async def report(self, step: int, reports) -> None:
        """Send a step's figures to the parent once every request of its window has ended."""
        begins, ends = self.plan.window(step)
        await self.until(begins)
        cpu = sum(os.times()[:2])
        await self.until(ends)
        cpu = sum(os.times()[:2]) - cpu
        figures = self.recorder.steps[step]
        deadline = ends + REQUEST_TIMEOUT + 1
        while figures.pending > 0 and self.loop.time() < deadline:
            await asyncio.sleep(0.05)
        figures.cpu_seconds = cpu
        reports.put((step, figures))


class Scorer:
    """The scorer's phone: its session cookie and the hand form of the page it last got."""

    def __init__(self, simulation: Simulation, table: Table):
        """A phone that has not opened the game page yet."""
        self.simulation, self.table = simulation, table
        self.cookies: dict[str, str] = dict([table.cookie])
        self.form: dict[str, str] | None = dict(table.form)
        self.page = f"/g/{table.edit}"
        self.line = Line(simulation.port)

    async def send(self, method: str, path: str, headers: dict, body: bytes = b""):
        """One request with this phone's cookies; keeps the cookies the answer sets."""
        headers = dict(headers)
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        answer = await self.line.request(method, path, headers, body)
        for cookie in answer[2]:
            name, _, rest = cookie.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        return answer

    def read_form(self, answer, kind: str) -> None:
        """Keep the hand form's hidden inputs from a 200 page or part; else it failed."""
        if answer[0] != 200:
            raise Refused(f"status {answer[0]}")
        try:
            self.form = hidden_fields(answer[3].decode())
        except ValueError as error:
            raise Refused(f"{kind} without the hand form") from error

    async def save(self, taps: dict[str, str], scheduled: float) -> None:
        """Save taps as the page does: open the game page first if this phone has no form
        yet, then POST the form as htmx sends it, following a 303 as htmx's request does."""
        timed = self.simulation.timed
        if self.form is None:

            async def open_page():
                """The whole game page, as the phone first opens it."""
                answer = await self.send("GET", self.page, {})
                self.read_form(answer, "page")
                return answer

            if await timed("page", scheduled, open_page) is None:
                return
            scheduled = self.simulation.loop.time()
        hx = {
            "HX-Request": "true",
            "HX-Current-URL": f"http://127.0.0.1:{self.simulation.port}{self.page}",
        }
        form = self.form | taps
        self.form = None  # a failed save reopens the page: its one-time token may be spent
        body = urlencode(form).encode()
        post_headers = hx | {"Content-Type": "application/x-www-form-urlencoded"}
        follow: list[str] = []

        async def post():
            """The save; 200 with the game's new part, or 303 to be followed."""
            answer = await self.send("POST", f"{self.page}/hand", post_headers, body)
            if answer[0] == 303:
                follow.append(urlsplit(answer[1].get("location", self.page)).path)
            else:
                self.read_form(answer, "save")
            return answer

        if await timed("save", scheduled, post) is None or not follow:
            return

        async def follow_redirect():
            """The GET htmx's request makes after a 303: the game's part, with the next form."""
            answer = await self.send("GET", follow[0], hx)
            self.read_form(answer, "follow")
            return answer

        await timed("follow", self.simulation.loop.time(), follow_redirect)


def client_main(plan: Plan, port: int, tables, seed: int, reports, stop) -> None:
    """A client process: its tables' phones, until the ramp ends or the parent says stop."""

    async def main() -> None:
        """Run the simulation on this process's event loop."""
        await Simulation(plan, port, tables, seed).run(reports, stop)

    asyncio.run(main())


# --- where the machine's CPU went ------------------------------------------------------------


def cpu_sample(database: str = "") -> dict[str, float]:
    """CPU seconds so far: the whole machine's busy time, this run's server (gunicorn, this
    process's descendants), the rest of this run (this process, its clients) and the
    PostgreSQL backends serving this run's database (named in their command line)."""
    from server import CLOCK_TICKS, process_figures

    with open("/proc/stat", encoding="ascii") as stat:
        values = [int(v) for v in stat.readline().split()[1:]]
    idle = values[3] + values[4]  # idle and iowait
    parents, used, server, backends = {}, {}, set(), set()
    for entry in os.listdir("/proc"):
        figures = process_figures(entry) if entry.isdigit() else None
        if figures is None:
            continue  # not a process, or ended meanwhile
        line, parent, seconds = figures
        if b"gunicorn" in line:
            server.add(int(entry))
        elif database and line.startswith(b"postgres:") and database.encode() in line:
            backends.add(int(entry))
        parents[int(entry)] = parent
        used[int(entry)] = seconds
    mine = {os.getpid()}
    for pid in sorted(parents):  # parents are older, and mostly numbered lower: repeat
        for _ in range(3):
            if pid not in mine and parents[pid] in mine:
                mine.add(pid)
    for _ in range(3):  # children numbered below their parent (pid wrap)
        mine |= {pid for pid, parent in parents.items() if parent in mine}
    return {
        "busy": (sum(values) - idle) / CLOCK_TICKS,
        "server": sum(used[p] for p in mine & server),
        "run": sum(used[p] for p in mine - server),
        "database": sum(used[p] for p in backends),
        "wall": time.monotonic(),
    }


def sample_windows(plan: Plan, samples: dict, stop: threading.Event, database: str) -> None:
    """Take a CPU sample as each step's measured window begins and as it ends."""
    for step in range(len(plan.steps)):
        for edge, moment in zip(("begin", "end"), plan.window(step), strict=True):
            if stop.wait(max(0.0, moment - time.monotonic())):
                return
            samples[(step, edge)] = cpu_sample(database)


def cpu_shares(samples: dict, step: int, requests: int) -> dict:
    """Cores used during a step's window: by the server, by this run's clients, by others on
    the machine; and the server's CPU milliseconds per request."""
    begin, end = samples.get((step, "begin")), samples.get((step, "end"))
    if begin is None or end is None:
        return {}
    wall = end["wall"] - begin["wall"]
    used = {key: (end[key] - begin[key]) / wall for key in ("busy", "server", "run", "database")}
    return {
        "server_cores": used["server"],
        "database_cores": used["database"],
        "client_cores": used["run"],
        "other_cores": max(0.0, used["busy"] - used["server"] - used["run"] - used["database"]),
        "idle_cores": max(0.0, (os.cpu_count() or 1) - used["busy"]),
        "server_cpu_ms_per_request": used["server"] * wall * 1000 / requests if requests else 0,
    }


# --- the ramp -----------------------------------------------------------------------------


def merge(step: int, tables: int, parts: list[StepFigures], plan: Plan) -> dict:
    """One step's figures over every client process: latency overall and by kind, errors,
    and how well the clients kept to their schedule."""
    latencies: dict[str, list[float]] = {}
    statuses: dict[str, Counter] = {}
    errors: Counter = Counter()
    lags: list[float] = []
    for part in parts:
        for kind, values in part.latencies.items():
            latencies.setdefault(kind, []).extend(values)
        for kind, counts in part.statuses.items():
            statuses.setdefault(kind, Counter()).update(counts)
        errors.update(part.errors)
        lags.extend(part.lags)
    every = sorted(v for values in latencies.values() for v in values)
    lags.sort()
    scheduled = sum(p.scheduled for p in parts)
    sent = sum(p.sent_in_window for p in parts)
    seconds = plan.measure
    kinds = {}
    for kind, values in sorted(latencies.items()):
        values.sort()
        kinds[kind] = {
            "requests": len(values),
            "p50_ms": percentile(values, 50) * 1000,
            "p99_ms": percentile(values, 99) * 1000,
            "statuses": dict(statuses[kind]),
        }
    lag_p99 = percentile(lags, 99) * 1000
    p99 = percentile(every, 99) * 1000
    # Lag matters where it could be what made the step's p99: a server seconds behind makes
    # the whole machine late, the clients too, without their lag being the cause.
    client_ok = (
        lag_p99 <= max(CLIENT_LAG_LIMIT_MS, 0.2 * p99) and sent >= CLIENT_RATE_SHARE * scheduled
    )
    result = {
        "step": step,
        "tables": tables,
        "requests": len(every),
        "scheduled_rps": scheduled / seconds,
        "sent_rps": sent / seconds,
        "p50_ms": percentile(every, 50) * 1000,
        "p99_ms": p99,
        "max_ms": (every[-1] * 1000) if every else 0.0,
        "errors": sum(errors.values()),
        "error_kinds": dict(errors.most_common(5)),
        "kinds": kinds,
        "client_lag_p50_ms": percentile(lags, 50) * 1000,
        "client_lag_p99_ms": lag_p99,
        "client_cpu": [round(p.cpu_seconds / seconds, 2) for p in parts],
        "client_kept_up": client_ok,
    }
    result["passed"] = result["p99_ms"] <= P99_LIMIT_MS and not result["errors"] and every != []
    return result


def print_step(row: dict) -> None:
    """One line for a step as it is measured."""
    kinds = "  ".join(
        f"{kind} {k['requests']}: {k['p50_ms']:.0f}/{k['p99_ms']:.0f}"
        for kind, k in row["kinds"].items()
    )
    client = "" if row["client_kept_up"] else "  CLIENT LAGGED"
    errors = f"  errors {row['error_kinds']}" if row["errors"] else ""
    print(
        f"  {row['tables']:>6} tables  {row['sent_rps']:>6.0f}/{row['scheduled_rps']:<6.0f} req/s  "
        f"p50 {row['p50_ms']:>6.1f}  p99 {row['p99_ms']:>7.1f}  max {row['max_ms']:>6.0f} ms  "
        f"{'pass' if row['passed'] else 'FAIL'}  (client lag p99 "
        f"{row['client_lag_p99_ms']:.1f} ms, cpu {row['client_cpu']}){client}{errors}",
        flush=True,
    )
    print(f"         by kind (requests: p50/p99 ms): {kinds}", flush=True)
    if cpu := row.get("cpu"):
        print(
            f"         cores: server {cpu['server_cores']:.2f}, "
            + (f"PostgreSQL {cpu['database_cores']:.2f}, " if cpu["database_cores"] else "")
            + f"clients {cpu['client_cores']:.2f}, "
            f"other work {cpu['other_cores']:.2f}, idle {cpu['idle_cores']:.2f}; server "
            f"{cpu['server_cpu_ms_per_request']:.2f} ms CPU a request",
            flush=True,
        )


def ramp(port: int, tables: list[Table], args, steps: list[int], database: str) -> list[dict]:
    """Run the ramp against a served app; each step's merged figures, up to the first that
    failed."""
    clients = args.clients or (1 if (os.cpu_count() or 1) <= 2 else 2)
    context = multiprocessing.get_context("spawn")
    reports = context.Queue()
    stop = context.Event()
    # Every process must be up before the first step: a second or so to import and start.
    plan = Plan(tuple(steps), args.settle, args.measure, time.monotonic() + 3.0)
    shares: list[list[tuple[int, Table]]] = [[] for _ in range(clients)]
    for index, table in enumerate(tables[: steps[-1]]):
        shares[index % clients].append((index, table))
    processes = [
        context.Process(
            target=client_main,
            args=(plan, port, share, args.seed + number, reports, stop),
            daemon=True,
        )
        for number, share in enumerate(shares)
    ]
    for process in processes:
        process.start()
    rows = []
    parts: dict[int, list[StepFigures]] = {}
    samples: dict = {}
    sampled = threading.Event()
    sampler = threading.Thread(
        target=sample_windows, args=(plan, samples, sampled, database), daemon=True
    )
    sampler.start()
    try:
        for step, count in enumerate(steps):
            while len(parts.get(step, [])) < clients:
                wait = plan.window(step)[1] + REQUEST_TIMEOUT + 30 - time.monotonic()
                try:
                    reported, figures = reports.get(timeout=max(1.0, wait))
                except queue.Empty:
                    raise RuntimeError(f"a client process never reported step {step}") from None
                parts.setdefault(reported, []).append(figures)
            row = merge(step, count, parts.pop(step), plan)
            # The sampler notes the window's end at the moment a prompt client reports it.
            deadline = time.monotonic() + 2
            while (step, "end") not in samples and time.monotonic() < deadline:
                time.sleep(0.05)
            row["cpu"] = cpu_shares(samples, step, row["requests"])
            print_step(row)
            rows.append(row)
            if not row["passed"]:
                break
    finally:
        stop.set()
        sampled.set()
        # Read what the processes still send, so that none waits on a full pipe to exit.
        deadline = time.monotonic() + REQUEST_TIMEOUT + 5
        while any(p.is_alive() for p in processes) and time.monotonic() < deadline:
            with contextlib.suppress(queue.Empty):
                reports.get(timeout=0.2)
        for process in processes:
            if process.is_alive():
                process.terminate()
            process.join()
    return rows


def held(rows: list[dict]) -> dict:
    """What a ramp comes to: the last step that passed, and the step that failed."""
    passed = [r for r in rows if r["passed"]]
    failed = next((r for r in rows if not r["passed"]), None)
    best = passed[-1] if passed else None
    return {
        "tables": best["tables"] if best else 0,
        "p50_ms": best["p50_ms"] if best else None,
        "p99_ms": best["p99_ms"] if best else None,
        "failed_at": failed["tables"] if failed else None,
        "failed_p99_ms": failed["p99_ms"] if failed else None,
        "failed_errors": failed["errors"] if failed else None,
        "ramp_ended": failed is None,
        "client_kept_up": all(r["client_kept_up"] for r in rows),
    }


def steps_within(args) -> list[int]:
    """The steps of the ramp that fit in its time budget (at least one)."""
    per_step = args.settle + args.measure
    return args.steps[: max(1, int(args.max_seconds // per_step))]


# --- the databases ---------------------------------------------------------------------------


def run_database(kind: str, args, log: Path, tmp: Path) -> dict:
    """Make a fresh database of this kind, fill it, serve it, ramp; the figures."""
    import server

    from database import database_url
    from testsupport import live_server

    steps = steps_within(args)
    url, drop = (
        (f"sqlite:///{tmp / 'tables.sqlite3'}", None)
        if kind == "sqlite"
        else postgres_database(args.pg_url)
    )
    try:
        began = time.monotonic()
        live_server.migrate(url)
        tables = store_tables(
            database_url(url, None), steps[-1], args.hands, server.SECRET, args.seed
        )
        print(
            f"{kind}: {len(tables)} games of {args.hands} hands stored in "
            f"{time.monotonic() - began:.0f} s; ramp {', '.join(map(str, steps))} tables, "
            f"{args.settle:g} s to settle + {args.measure:g} s measured each",
            flush=True,
        )
        # PostgreSQL's backends for this database are counted apart from other work.
        name = urlsplit(url).path.lstrip("/") if drop is not None else ""
        with server.serve(server.APP, server.server_env(url), log) as port:
            rows = ramp(port, tables, args, steps, name)
    finally:
        if drop is not None:
            drop()
    return {"database": kind, "steps": rows, "held": held(rows)}


def postgres_database(admin_url: str):
    """A fresh PostgreSQL database of this run's own; its URL, and how to drop it."""
    import psycopg

    name = f"spades_bench_{os.getpid()}"
    parts = urlsplit(admin_url)
    conninfo = admin_url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(conninfo, autocommit=True, connect_timeout=5) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
        admin.execute(f'CREATE DATABASE "{name}"')
    url = parts._replace(scheme="postgresql", path=f"/{name}").geturl()

    def drop() -> None:
        """Drop the run's database, closing whatever is still connected to it."""
        with psycopg.connect(conninfo, autocommit=True, connect_timeout=5) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    return url, drop


def postgres_missing(admin_url: str) -> str | None:
    """Why PostgreSQL cannot be used here, or None when it can."""
    try:
        import psycopg
    except ImportError:
        return "psycopg is not installed"
    try:
        conninfo = admin_url.replace("postgresql+psycopg://", "postgresql://")
        with psycopg.connect(conninfo, connect_timeout=3):
            return None
    except psycopg.Error as error:
        return f"cannot connect to {urlsplit(admin_url).hostname}: {str(error).strip()[:120]}"


def summary_line(result: dict) -> str:
    """One database's result in a line."""
    h = result["held"]
    name = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}[result["database"]]
    if h["tables"]:
        reached = f"{h['tables']} tables held: p50 {h['p50_ms']:.1f} ms, p99 {h['p99_ms']:.1f} ms"
    else:
        reached = f"not even the first step held ({result['steps'][0]['tables']} tables)"
    if h["ramp_ended"]:
        beyond = "; the ramp ended before any step failed (lengthen it: --max-seconds)"
    else:
        cause = f"{h['failed_errors']} errors" if h["failed_errors"] else "p99"
        beyond = f"; failed at {h['failed_at']}: p99 {h['failed_p99_ms']:.0f} ms ({cause})"
    lag = "" if h["client_kept_up"] else " [the client lagged: see the steps]"
    return f"{name}: {reached}{beyond}{lag}"


def main(argv: list[str] | None = None) -> dict:
    """Ramp on each database asked for; print and write the figures; return them."""
    args = parse_args(argv)
    began = time.monotonic()
    load_average = " ".join(f"{v:.1f}" for v in os.getloadavg())
    kinds = ["sqlite", "postgresql"] if args.database == "both" else [args.database]
    results, skipped = [], {}
    print(
        f"capacity: tables held at p99 <= {P99_LIMIT_MS:.0f} ms and no error "
        f"({VIEWERS} viewers polling every {POLL_SECONDS:g} s, a hand every "
        f"{HAND_SECONDS[0]:g}-{HAND_SECONDS[1]:g} s per table); load average {load_average}",
        flush=True,
    )
    with tempfile.TemporaryDirectory(prefix="spades-tables-") as tmp:
        log = Path(tmp) / "gunicorn.log"
        for kind in kinds:
            if kind == "postgresql" and (missing := postgres_missing(args.pg_url)):
                print(f"postgresql: skipped, {missing}", flush=True)
                skipped[kind] = missing
                continue
            results.append(run_database(kind, args, log, Path(tmp)))
    print()
    for result in results:
        print(summary_line(result))
    sqlite = next((r for r in results if r["database"] == "sqlite"), None)
    if sqlite is not None:
        met = sqlite["held"]["tables"] >= TARGET_TABLES
        print(
            f"{'PASS' if met else 'MISS'}  tables held, SQLite, p99 <= {P99_LIMIT_MS:.0f} ms: "
            f">= {TARGET_TABLES}: {sqlite['held']['tables']}"
        )
    report = {
        "date": datetime.now().astimezone().isoformat(timespec="seconds"),
        "cores": os.cpu_count(),
        "load_average_before": load_average,
        "load_average_after": " ".join(f"{v:.1f}" for v in os.getloadavg()),
        "settings": {
            "steps": args.steps,
            "settle_s": args.settle,
            "measure_s": args.measure,
            "hands": args.hands,
            "viewers": VIEWERS,
            "poll_s": POLL_SECONDS,
            "hand_s": HAND_SECONDS,
        },
        "results": results,
        "skipped": skipped,
        "runtime_s": time.monotonic() - began,
    }
    out = args.out or ROOT / "build" / f"tables-{datetime.now():%Y-%m-%d-%H%M%S}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=2, default=str) + "\n", encoding="utf-8")
    print(f"capacity run took {report['runtime_s']:.0f} s; results written to {out}")
    return report


if __name__ == "__main__":
    main()
