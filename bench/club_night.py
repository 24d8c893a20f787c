"""A club night at its largest: a round of 32 tables with every table's phone saving, the
director following the round and 300 spectators following the wall and the team cards.

bench/tournament_bench.py's Swiss of 64 teams (32 tables of 20-hand games) is made through the
service layer on a fresh SQLite file (or on DATABASE_URL, emptied first), round 1 started and
played to hand 10, and served by gunicorn as `make run` serves it (bench/server.py). Then,
open-loop (each request sent at its scheduled time and timed from it: bench/phones.py), each
table's phone saves a hand's bids and then its tricks, a hand every 20-40 s (a club's pace
compressed; the real hand-form flow as htmx sends it, phones.py's Scorer; the game page does
not poll), while the director's page asks for its status part (`/d/<token>/status`), 250
spectators for the wall's part (`/w/<token>`) and 50 for a team's card
(`/w/<token>/teams/<entry>`), each every 3 s from a random moment with the ETag it holds.

After a few seconds to settle, a window is measured: per kind (save, wall poll, team-card poll,
director poll) the count, errors, p50, p99 and slowest in ms, and for a poll the share answered
304; the clients' lag, and the cores the server used.

    .venv/bin/python bench/club_night.py [--phones 32] [--wall 250] [--cards 50] [--settle 5]
        [--measure 30] [--hand 20,40] [--poll 3] [--clients N] [--seed 37] [--out FILE] [--smoke]

Prints a row per kind and writes them as JSON to build/club-night-<date>.json (or --out).
`--smoke` runs two phones and a few spectators for seconds at a quickened pace; it fails if any
request went wrong.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import queue
import random
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from urllib.parse import urlencode

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
# The repo root for the app and testsupport/, bench/ for its siblings (see run.py). The app
# itself is imported where it is used: each client process imports this module again.
sys.path[:0] = [str(ROOT), str(BENCH)]

import smoke  # noqa: E402
from data import BIDS  # noqa: E402
from phones import PLAY_SHARE, REQUEST_TIMEOUT, Plan, Refused, Simulation, StepFigures, Table  # noqa: E402
from pyclient import Client, Line, hidden_fields, percentile  # noqa: E402
from ramp import cpu_shares, merge, sample_windows  # noqa: E402
from report import finish_report, load_average  # noqa: E402

from testsupport.routes import HX  # noqa: E402
from web.responses import POLL_SECONDS  # noqa: E402

KINDS = ("save", "wall poll", "team-card poll", "director poll")  # the rows, in this order
# Round 1 is played to this hand of tournament_bench's HANDS before the run; no game may reach
# its last hand during the run, or its phone would find no hand form to save.
PLAYED = 10
# --smoke: two phones, a few spectators and the director, each poller asking about four times
# in its measured window and each phone saving about twice (on a quiet machine: not judged).
SMOKE: dict[str, object] = {"phones": 2, "wall": 4, "cards": 2, "clients": 1}
SMOKE |= {"settle": 0.5, "measure": 2.0, "hand": [1.0, 2.0], "poll": 0.5}


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line: who follows, for how long, at what pace."""
    from tournament_bench import HANDS

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, default=32, help="tables whose phone saves")
    parser.add_argument("--wall", type=int, default=250, help="spectators following the wall")
    parser.add_argument("--cards", type=int, default=50, help="spectators following a team")
    parser.add_argument("--settle", type=float, default=5.0, help="unmeasured seconds first")
    parser.add_argument("--measure", type=float, default=30.0, help="measured seconds")
    parser.add_argument(
        "--hand", type=lambda t: [float(n) for n in t.split(",")], default=[20.0, 40.0]
    )
    parser.add_argument("--poll", type=float, default=POLL_SECONDS, help="seconds between polls")
    parser.add_argument("--clients", type=int, default=0, help="client processes (1 on 2 cores)")
    parser.add_argument("--seed", type=int, default=37)
    parser.add_argument("--out", type=Path, help="the JSON file (build/club-night-<date>.json)")
    args = smoke.parse_args(parser, SMOKE, argv, __file__)
    if len(args.hand) != 2 or not 0 < args.hand[0] <= args.hand[1]:
        parser.error("--hand: the shortest and the longest hand, e.g. 20,40")
    if (args.settle + args.measure) / args.hand[0] + 1 >= HANDS - PLAYED:
        parser.error(f"--hand: the games of {HANDS} hands, at hand {PLAYED}, would end")
    return args


# --- the tournament, and what every phone holds before the run -------------------------------


def make_night(app, seed: int) -> tuple[str, str, list[str]]:
    """Make tournament_bench's Swiss, start round 1 and play it to hand PLAYED; the director's
    and watch tokens, and the edit tokens of the round's games by table."""
    from tournament_bench import TEAMS, make_tournament, play_round

    from extensions import db
    from records.tournaments import Format, most_rounds
    from tournaments.services import directory, rounds, starting

    with app.app_context():
        director, watch = make_tournament(most_rounds(Format.SWISS, TEAMS))
        starting.start_round(director, None)
        play_round(director, PLAYED, seed)
        current = rounds.standing(directory.find_tournament(director)).current
        games = [table.scored.record.edit_token for table in current.tables] if current else []
        db.session.remove()
    return director, watch, games


def open_game(port: int, edit: str, bids_in: bool) -> Table:
    """A table's phone as the run finds it: its game page opened, and with `bids_in` the hand's
    bids saved (as htmx saves them); its session cookie and the hand form it shows."""
    client = Client("127.0.0.1", port)
    status, _, body = client.send("GET", f"/g/{edit}")
    if bids_in and status == 200:
        form = urlencode(hidden_fields(body.decode()) | BIDS)
        status, _, body = client.send("POST", f"/g/{edit}/hand", form, HX)
    if status != 200 or len(client.cookies) != 1:
        raise RuntimeError(f"a game page answered {status} with cookies {sorted(client.cookies)}")
    return Table(edit, "", "", next(iter(client.cookies.items())), hidden_fields(body.decode()))


def followers(port: int, args, director: str, watch: str) -> list[tuple[str, str, str]]:
    """Every poller, as (kind, path, ETag held): the director, the wall's spectators and the
    team cards' (their teams spread over the entries), each holding the part it loaded."""
    from tournament_bench import TEAMS

    from web import TOURNAMENT_LINKS, TOURNAMENT_VIEW_LINKS

    wall = f"{TOURNAMENT_VIEW_LINKS}/{watch}"
    cockpit = f"{TOURNAMENT_LINKS}/{director}/status"
    cards = [f"{wall}/teams/{1 + n % TEAMS}" for n in range(args.cards)]
    tags = {}
    for path in {wall, cockpit, *cards}:
        status, response, _ = Client("127.0.0.1", port).send("GET", path, headers=HX)
        if status != 200:
            raise RuntimeError(f"{path} answered {status}")
        tags[path] = response.getheader("ETag", "").strip('"')
    every = [("director poll", cockpit)] + [("wall poll", wall)] * args.wall
    every += [("team-card poll", path) for path in cards]
    return [(kind, path, tags[path]) for kind, path in every]


# --- the client processes --------------------------------------------------------------------


class Phones(Simulation):
    """One client process's share of the night: phones saving (phones.Simulation's scorers)
    and followers polling their part."""

    def __init__(self, plan: Plan, port: int, tables, polls, seed: int):
        """Keep the plan, this process's tables and its followers."""
        super().__init__(plan, port, tables, seed)
        self.polls = polls

    async def follower(self, kind: str, path: str, etag: str) -> None:
        """Ask for `path`'s part every poll from a random phase, with the tag of what it holds."""
        held = {"etag": etag, "line": Line(self.port)}
        moment = self.plan.start + self.rng.uniform(0, self.plan.poll)
        while moment < self.plan.end:
            await self.until(moment)
            self.spawn(self.poll_part(kind, path, held, moment))
            moment += self.plan.poll

    async def poll_part(self, kind: str, path: str, held: dict, scheduled: float) -> None:
        """One poll as htmx sends it: 304 while unchanged, else the new part and its tag."""
        headers = HX | {"If-None-Match": f'"{held["etag"]}"'}

        async def send():
            """The poll; 304 or 200 expected."""
            answer = await held["line"].request("GET", path, headers)
            if answer[0] == 200:
                held["etag"] = answer[1].get("etag", "").strip('"') or held["etag"]
            elif answer[0] != 304:
                raise Refused(f"status {answer[0]}")
            return answer

        await self.timed(kind, scheduled, send)

    async def run(self, reports, stop) -> None:
        """Start every phone and follower, report the window once it is over, then stop."""
        for _, table in self.tables:
            self.spawn(self.scorer(table, self.plan.start))
        for kind, path, etag in self.polls:
            self.spawn(self.follower(kind, path, etag))
        self.spawn(self.report(0, reports))
        while not stop.is_set() and self.loop.time() < self.plan.end + REQUEST_TIMEOUT + 1:
            await asyncio.sleep(0.2)
        for task in list(self.tasks):
            task.cancel()


def client_main(plan: Plan, port: int, tables, polls, seed: int, reports, stop) -> None:
    """A client process: its share of the night, until it ends or the parent says stop."""

    async def main() -> None:
        """Run the night on this process's event loop."""
        await Phones(plan, port, tables, polls, seed).run(reports, stop)

    asyncio.run(main())


def run_night(port: int, args, tables: list[Table], polls: list):
    """Run the client processes on one shared plan; the plan, what each process saw of its
    window, and the cores used meanwhile (ramp.py's CPU samples)."""
    clients = args.clients or (1 if (os.cpu_count() or 1) <= 2 else 2)
    context = multiprocessing.get_context("spawn")
    reports, stop = context.Queue(), context.Event()
    # Every process must be up before the night begins: a second or so to import and start.
    start = time.monotonic() + 3.0
    plan = Plan((1,), args.settle, args.measure, start, args.poll, tuple(args.hand))
    shares = [(list(enumerate(tables))[n::clients], polls[n::clients]) for n in range(clients)]
    work = [(plan, port, *share, args.seed + n, reports, stop) for n, share in enumerate(shares)]
    processes = [context.Process(target=client_main, args=w, daemon=True) for w in work]
    samples: dict = {}
    sampled = threading.Event()
    threading.Thread(target=sample_windows, args=(plan, samples, sampled, ""), daemon=True).start()
    for process in processes:
        process.start()
    parts: list[StepFigures] = []
    try:
        while len(parts) < clients:
            wait = plan.end + REQUEST_TIMEOUT + 30 - time.monotonic()
            try:
                parts.append(reports.get(timeout=max(1.0, wait))[1])
            except queue.Empty:
                raise RuntimeError("a client process never reported the night") from None
    finally:
        stop.set()
        sampled.set()
        for process in processes:  # each has reported, or is past its time: let it go
            process.join(REQUEST_TIMEOUT)
            if process.is_alive():
                process.terminate()
                process.join()
    return plan, parts, samples


# --- the figures -----------------------------------------------------------------------------


def kind_rows(parts: list[StepFigures]) -> dict[str, dict]:
    """Each kind's row over every client process: count, errors, p50, p99 and slowest in ms,
    and the share of the answers that were 304."""
    errors: Counter = Counter()
    for part in parts:
        for key, count in part.errors.items():
            errors[key.split(": ", 1)[0]] += count
    found = {kind for part in parts for kind in part.latencies} | set(errors)
    rows = {}
    for kind in [*KINDS, *sorted(found - set(KINDS))]:
        values = sorted(v * 1000 for part in parts for v in part.latencies.get(kind, []))
        statuses = sum((part.statuses.get(kind, Counter()) for part in parts), Counter())
        rows[kind] = {
            "count": len(values) + errors[kind],
            "errors": errors[kind],
            "p50_ms": percentile(values, 50),
            "p99_ms": percentile(values, 99),
            "max_ms": values[-1] if values else 0.0,
            "share_304": statuses["304"] / len(values) if values else 0.0,
            "statuses": dict(statuses),
        }
    return rows


def print_rows(rows: dict[str, dict], overall: dict) -> None:
    """A line per kind, then the clients' lag and the cores used."""
    for kind, row in rows.items():
        share = f"  304 {row['share_304']:4.0%}" if "poll" in kind else ""
        print(
            f"  {kind:<15} {row['count']:>6}  errors {row['errors']:<3} p50 {row['p50_ms']:6.1f}"
            f"  p99 {row['p99_ms']:7.1f}  max {row['max_ms']:7.1f} ms{share}"
        )
    lagged = "" if overall["client_kept_up"] else "  CLIENT LAGGED"
    print(
        f"  clients: {overall['sent_rps']:.0f}/{overall['scheduled_rps']:.0f} req/s sent/"
        f"scheduled, lag p50 {overall['client_lag_p50_ms']:.1f} ms, p99 "
        f"{overall['client_lag_p99_ms']:.1f} ms, cpu {overall['client_cpu']}{lagged}"
    )
    if cpu := overall.get("cpu"):
        print(
            f"  cores: server {cpu['server_cores']:.2f}, clients {cpu['client_cores']:.2f}, "
            f"other work {cpu['other_cores']:.2f}, idle {cpu['idle_cores']:.2f}; server "
            f"{cpu['server_cpu_ms_per_request']:.2f} ms CPU a request"
        )


def main(argv: list[str] | None = None) -> dict:
    """Make the night, serve it, follow it; print and write the figures; return them."""
    import server

    from testsupport.apps import drop, fresh_app

    args = parse_args(argv)
    began = time.monotonic()
    load_before = load_average()
    with tempfile.TemporaryDirectory(prefix="spades-club-night-") as tmp:
        app = fresh_app(Path(tmp))
        try:
            director, watch, games = make_night(app, args.seed)
            url = app.config["SQLALCHEMY_DATABASE_URI"]
            log = Path(tmp) / "gunicorn.log"
            with server.serve(server.APP, server.server_env(url), log) as port:
                # Found mid-hand as often as phones.py's tables, not all bidding at once.
                rng = random.Random(args.seed)
                tables = [
                    open_game(port, g, rng.random() < PLAY_SHARE) for g in games[: args.phones]
                ]
                polls = followers(port, args, director, watch)
                print(
                    f"club night: {len(tables)} of {len(games)} tables' phones saving a hand "
                    f"every {args.hand[0]:g}-{args.hand[1]:g} s, the director, {args.wall} on "
                    f"the wall and {args.cards} on team cards polling every {args.poll:g} s; "
                    f"{args.settle:g} s to settle, {args.measure:g} s measured; load average "
                    f"{load_before}",
                    flush=True,
                )
                plan, parts, samples = run_night(port, args, tables, polls)
        finally:
            drop(app)
    overall = merge(0, len(tables), parts, plan)
    overall["cpu"] = cpu_shares(samples, 0, overall["requests"])
    rows = kind_rows(parts)
    print_rows(rows, overall)
    report = finish_report(
        "club-night",
        "club night",
        began,
        load_before,
        args.out,
        cores=os.cpu_count(),
        settings={"tables": len(games), "played": PLAYED} | vars(args),
        kinds=rows,
        overall=overall,
    )
    if args.smoke and overall["errors"]:
        raise RuntimeError(f"requests went wrong: {overall['error_kinds']}")
    smoke.finished(args, __file__)
    return report


if __name__ == "__main__":
    main()
