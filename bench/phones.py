"""The phones of the capacity run (bench/tables.py): what each simulated table sends, on the
schedule every client process shares, and what each request was measured at.

A table is a scorer playing a hand every 60-120 s (its bids saved as the hand begins, its
tricks as it ends: two writes a hand, each the real flow of the hand form with the CSRF token,
the version and the one-time token of the page it last got, sent as htmx sends it) and three
viewers polling the view link every 3 s with the ETag of what they hold. Every request is sent
at its scheduled time whether or not the ones before were answered (open-loop), and its latency
is taken from that time. A client process runs `client_main` on its share of the tables.
"""

from __future__ import annotations

import asyncio
import os
import random
from collections import Counter
from dataclasses import dataclass, field
from urllib.parse import urlencode, urlsplit

from data import BIDS, TEAM_TRICKS
from pyclient import FORM, Line, cookie_header, hidden_fields, keep_cookies

from testsupport.routes import HX
from web.responses import POLL_SECONDS  # as the view page's hx-trigger asks

VIEWERS = 3
HAND_SECONDS = (60.0, 120.0)
# Of a hand's time, how much lies between its bids and its tricks (the play); the rest is
# between one hand's tricks and the next one's bids (the deal and the bidding).
PLAY_SHARE = 0.75
REQUEST_TIMEOUT = 10.0


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


class Refused(Exception):
    """An answer that means the request failed: a status the flow does not expect."""


# --- the schedule and what it measured ----------------------------------------------------


@dataclass(frozen=True)
class Plan:
    """The ramp as every client process runs it, on the shared monotonic clock."""

    steps: tuple[int, ...]
    settle: float
    measure: float
    start: float  # time.monotonic() (asyncio's loop.time()) at which the first step begins
    # How often a viewer polls, and the shortest and longest hand: a table's pace (a smoke run
    # quickens it, so that every kind of request is sent within a step of seconds).
    poll: float = POLL_SECONDS
    hand: tuple[float, float] = HAND_SECONDS

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
        """Poll the view link every 3 s (the plan's pace) from a random phase, with the tag of
        what it holds."""
        held = {"etag": table.etag, "line": Line(self.port)}
        moment = joins + self.rng.uniform(0, self.plan.poll)
        while moment < self.plan.end:
            await self.until(moment)
            self.spawn(self.poll(table, held, moment))
            moment += self.plan.poll

    async def poll(self, table: Table, held: dict, scheduled: float) -> None:
        """One poll, as htmx sends it: the scoreboard part, if changed since the tag held."""
        headers = HX | {"If-None-Match": f'"{held["etag"]}"'}

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
        """Save the bids as each hand begins and the tricks as it ends, one hand every 60-120 s
        (the plan's pace); found at a random moment of its hand when its table joins."""
        phone = Scorer(self, table)
        bids_next = "bid_0" not in table.form
        hand = self.rng.uniform(*self.plan.hand)
        gap = hand * ((1 - PLAY_SHARE) if bids_next else PLAY_SHARE)
        moment = joins + self.rng.uniform(0, gap)
        while moment < self.plan.end:
            await self.until(moment)
            await phone.save(BIDS if bids_next else TEAM_TRICKS, moment)
            hand = self.rng.uniform(*self.plan.hand) if not bids_next else hand
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
        answer = await self.line.request(method, path, headers | cookie_header(self.cookies), body)
        keep_cookies(self.cookies, answer[2])
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
        hx = HX | {"HX-Current-URL": f"http://127.0.0.1:{self.simulation.port}{self.page}"}
        form = self.form | taps
        self.form = None  # a failed save reopens the page: its one-time token may be spent
        body = urlencode(form).encode()
        post_headers = hx | FORM
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
