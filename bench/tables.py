"""Capacity: how many tables this machine holds before a phone waits more than 250 ms.

Each simulated table is what a real one sends: a scorer playing a hand every 60-120 s (its
bids saved as the hand begins, its tricks as it ends: two writes a hand, each the real flow of
the hand form with the CSRF token, the version and the one-time token of the page it last
got, sent as htmx sends it) and three viewers polling the view link every 3 s with the ETag of
what they hold (304 while the game is unchanged, the new scoreboard after each save).

The app is served by gunicorn as `make run` serves it (bench/server.py), on a fresh SQLite
file and then on a fresh PostgreSQL database of its own (created and dropped here), holding
one mid-game game per table (bench/data.py's rows). The number of tables is ramped in steps
(250, 500, 1000, ...; bench/ramp.py), each a few seconds to settle and then a measured window,
the load continuing from step to step as tables join; the ramp stops at the first step whose
p99 latency passes 250 ms or that sees any error. "Held" is the last step that passed.

The load is open-loop: every request is sent at its scheduled time whether or not the
server answered the ones before, and its latency is taken from that scheduled time, so a
server that falls behind shows as latency instead of slowing the load down (no coordinated
omission). The clients are asyncio processes (bench/phones.py) speaking HTTP/1.1 over plain
sockets (bench/pyclient.py's `Line`: the connection kept when the server keeps it); each step
reports how late the clients themselves sent (their lag) beside the rate they achieved, so
that a client that could not keep up is flagged instead of counted against the server.

    .venv/bin/python bench/tables.py [--database sqlite|postgresql|both] [--steps 250,500,...]
        [--settle 4] [--measure 12] [--max-seconds 130] [--clients N] [--hands 10]
        [--poll 3] [--hand 60,120]
        [--pg-url postgresql://postgres@127.0.0.1:5432/postgres] [--out FILE] [--smoke]

Prints each step and then the tables held on each database, with the p50 and p99 at that
load; writes it all as JSON to build/tables-<date>.json (or --out). `--smoke` ramps to two
tables for a step of a few seconds, at a pace quickened so that every kind of request is sent
in it, on each database (bench/smoke.py); it fails if any request went wrong.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from contextlib import nullcontext
from pathlib import Path
from urllib.parse import urlsplit

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
# The repo root for the app and testsupport/, bench/ for its siblings (see run.py).
sys.path[:0] = [str(ROOT), str(BENCH)]

import smoke  # noqa: E402
from data import BIDS  # noqa: E402
from phones import HAND_SECONDS, PLAY_SHARE, POLL_SECONDS, VIEWERS, Table  # noqa: E402
from ramp import P99_LIMIT_MS, held, ramp, steps_within  # noqa: E402
from report import load_average, now, write_report  # noqa: E402

TARGET_TABLES = 2000  # issue #17: tables held on SQLite at p99 <= 250 ms
STEPS = (250, 500, 1000, 1500, 2000, 2500, 3000, 4000, 5000, 6000, 8000, 10000)
DEFAULT_PG_URL = "postgresql://postgres@127.0.0.1:5432/postgres"
# --smoke: one step of two tables, each viewer polling about four times in its measured window
# and each scorer saving about once (on a quiet machine: no count is judged).
SMOKE = {
    "steps": [2],
    "settle": 0.5,
    "measure": 2.0,
    "clients": 1,
    "hands": 2,
    "poll": 0.5,
    "hand": [1.0, 2.0],
}


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
    parser.add_argument(
        "--poll", type=float, default=POLL_SECONDS, help="seconds between a viewer's polls"
    )
    parser.add_argument(
        "--hand",
        type=lambda text: [float(n) for n in text.split(",")],
        default=list(HAND_SECONDS),
        help="the shortest and longest hand in seconds, comma-separated",
    )
    parser.add_argument("--pg-url", default=os.environ.get("BENCH_PG_URL", DEFAULT_PG_URL))
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--out", type=Path, help="the JSON file (build/tables-<date>.json)")
    args = smoke.parse_args(parser, SMOKE, argv, __file__)
    if len(args.hand) != 2 or not 0 < args.hand[0] <= args.hand[1]:
        parser.error("--hand: the shortest and the longest hand, e.g. 60,120")
    return args


# --- the tables: one game per table, stored as the app stores them -------------------------


def store_tables(database_url: str, count: int, hands: int, secret: str, seed: int) -> list:
    """Store `count` games of `hands` played hands (the engine benchmark's realistic mix) under
    The Spruce at its widest target and floor, most with the next hand's bids in, as the app
    would have stored them; the tables that play them."""
    from data import LONG_RULES, game_row, hand_rows
    from flask import g, session
    from flask_wtf.csrf import generate_csrf
    from scoring_bench import make_hands
    from sqlalchemy import insert

    import scoring
    from app import create_app
    from extensions import db
    from records.games import HandRecord, new_token
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
                game = game_row(LONG_RULES, "spruce", version=hands + bids_in)
                batch.append((game, bids_in))
            db.session.add_all(game for game, _ in batch)
            db.session.flush()
            rows = []
            for game, bids_in in batch:
                rows += hand_rows(game.id, played + [in_play] * bids_in)
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


# --- the databases ---------------------------------------------------------------------------


def run_database(kind: str, args, log: Path, tmp: Path) -> dict:
    """Make a fresh database of this kind, fill it, serve it, ramp; the figures."""
    import server

    from database import database_url
    from testsupport import live_server
    from testsupport.database import postgresql_database

    steps = steps_within(args)
    if kind == "sqlite":
        own = nullcontext(f"sqlite:///{tmp / 'tables.sqlite3'}")
    else:
        own = postgresql_database(args.pg_url, "spades_bench")
    with own as url:
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
        name = urlsplit(url).path.lstrip("/") if kind == "postgresql" else ""
        with server.serve(server.APP, server.server_env(url), log) as port:
            rows = ramp(port, tables, args, steps, name)
    return {"database": kind, "steps": rows, "held": held(rows)}


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


def check_flows(results: list[dict]) -> None:
    """A smoke run's own check, of the flows and not the figures: RuntimeError if any request
    of any step went wrong (a refused save is a broken flow whatever the machine's speed).
    Which kinds of request landed in the short measured window depends on that speed, so it
    is not judged."""
    for result in results:
        for row in result["steps"]:
            if row["errors"]:
                where = f"{result['database']}, {row['tables']} tables"
                raise RuntimeError(f"{where}: requests went wrong: {row['error_kinds']}")


def main(argv: list[str] | None = None) -> dict:
    """Ramp on each database asked for; print and write the figures; return them."""
    args = parse_args(argv)
    began = time.monotonic()
    load_before = load_average()
    kinds = ["sqlite", "postgresql"] if args.database == "both" else [args.database]
    results, skipped = [], {}
    print(
        f"capacity: tables held at p99 <= {P99_LIMIT_MS:.0f} ms and no error "
        f"({VIEWERS} viewers polling every {args.poll:g} s, a hand every "
        f"{args.hand[0]:g}-{args.hand[1]:g} s per table); load average {load_before}",
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
        "date": now(),
        "cores": os.cpu_count(),
        "load_average_before": load_before,
        "load_average_after": load_average(),
        "settings": {
            "steps": args.steps,
            "settle_s": args.settle,
            "measure_s": args.measure,
            "hands": args.hands,
            "viewers": VIEWERS,
            "poll_s": args.poll,
            "hand_s": args.hand,
        },
        "results": results,
        "skipped": skipped,
        "runtime_s": time.monotonic() - began,
    }
    out = write_report(report, "tables", args.out)
    print(f"capacity run took {report['runtime_s']:.0f} s; results written to {out}")
    if args.smoke:
        check_flows(results)
    smoke.finished(args, __file__)
    return report


if __name__ == "__main__":
    main()
