"""A tournament at its largest: the watch page and its unchanged poll during a round of 32
tables, and the director's Start round pairing a Swiss of 64 teams.

A Swiss of 64 teams (records.tournaments.MOST_TEAMS, 32 tables) whose games are 20 hands of The
Spruce at the widest target and floor the form accepts (bench/data.py's LONG_RULES with a hands
limit, so that every game ends at its 20th hand) is made through the service layer on a fresh
SQLite file (or on DATABASE_URL, emptied first: testsupport.apps.fresh_app). Round 1 is
started as the director's Start round starts it, and each table's game is given half its
hands from the engine benchmark's mix (its own draw per table and round), stored as the hand
form stores them. Then, through Flask's test client, in-process:

- the watch page (`/w/<token>`) with every game's replay kept by the worker, as between two
  saves, and with none kept (every game's hands read again: a worker that showed none yet);
- its unchanged poll (the wall's part, as htmx asks for it, with its ETag), answered 304;
- Start round, posted as the director's page posts it, for rounds 2 to `--rounds`, each after
  every game of the round before was played to its end: the standings counted from the
  results, the Swiss paired with the rematches to avoid, and 32 games written. The pairing
  alone, over a whole Swiss, is bench/pairing_bench.py's.

Each row gives the median, p95 and slowest wall time in ms, the median CPU time this process
spent (the app's own work, which other work on a shared machine moves less; on PostgreSQL the
server's is not in it), the queries a request sends and its bytes. A page's queries are
counted on a request of its own, apart from the timed ones; Start round, a write that cannot
be sent twice alike, on the timed requests (tracing a statement costs microseconds). SQLite
reports each row of a many-row insert as a statement of its own; SQLAlchemy sends them as one.

    .venv/bin/python bench/tournament_bench.py [--requests 200] [--rounds 8] [--seed 27]
        [--out FILE] [--smoke]

Prints a row each and writes them as JSON to build/tournament-<date>.json (or --out).
`--smoke` times one request a page and starts round 2 only (bench/smoke.py).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
# The repo root for the app and testsupport/, bench/ for its siblings (see run.py).
sys.path[:0] = [str(ROOT), str(BENCH)]

import smoke  # noqa: E402
from data import LONG_RULES, hand_rows  # noqa: E402
from pyclient import percentile  # noqa: E402
from report import finish_report, load_average  # noqa: E402
from scoring_bench import make_hands  # noqa: E402
from sqlalchemy import insert  # noqa: E402

import scoring  # noqa: E402
from extensions import db  # noqa: E402
from records.games import HandRecord, new_token  # noqa: E402
from records.tournaments import MOST_TEAMS, Format, most_rounds, table_count  # noqa: E402
from testsupport.apps import drop, fresh_app  # noqa: E402
from testsupport.database import queries_sent  # noqa: E402
from testsupport.routes import HX  # noqa: E402
from tournaments.services import directory, rounds, starting  # noqa: E402
from web import TOURNAMENT_LINKS, TOURNAMENT_VIEW_LINKS  # noqa: E402

TEAMS = MOST_TEAMS
HANDS = 20
# Every game ends at its 20th hand, a tie aside: the target and floor are out of reach.
RULES = LONG_RULES.but(hands_limit=HANDS)
PRESET = "spruce"  # LONG_RULES's
# --smoke: one timed request a page, and Start round for round 2 alone.
SMOKE = {"requests": 1, "rounds": 2}


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line: requests per page, the rounds started, the draw of the hands."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=200, help="timed requests per page")
    parser.add_argument(
        "--rounds", type=int, default=8, help="rounds started (round 2 on are timed)"
    )
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--out", type=Path, help="the JSON file (build/tournament-<date>.json)")
    args = smoke.parse_args(parser, SMOKE, argv, __file__)
    if not 2 <= args.rounds <= most_rounds(Format.SWISS, TEAMS):
        parser.error(f"--rounds: 2 to {most_rounds(Format.SWISS, TEAMS)}")
    return args


# --- the tournament: made, started and played as the app stores it ---------------------------


def table_hands(round_number: int, table: int, seed: int) -> list[scoring.Hand]:
    """The hands of the game at `table` in round `round_number`: the engine benchmark's mix,
    drawn again until the game ends at its last hand with a winner (a tie would play on)."""
    draw = seed * 10_000 + round_number * 100 + table
    while True:
        hands = make_hands(HANDS, seed=draw)
        state = scoring.replay(RULES, hands)
        if len(state.hands) == HANDS and state.over and state.winner is not None:
            return hands
        draw += 1_000_000  # clear of every other table's draws


def make_tournament(rounds_set: int) -> tuple[str, str]:
    """A Swiss of TEAMS teams playing `rounds_set` rounds of RULES, as the new-tournament form
    makes it; its director's and watch tokens."""
    setup = directory.Setup(
        name="The bench's club night",
        preset=PRESET,
        rules=RULES,
        round_minutes=None,
        format=Format.SWISS,
        rounds=rounds_set,
        teams=tuple(
            directory.Entrant(f"Team {n}", (f"Player {n}a", f"Player {n}b"))
            for n in range(1, TEAMS + 1)
        ),
    )
    made = directory.create_tournament(setup, device=new_token(), nonce=None)
    return made.edit_token, made.view_token


def play_round(director: str, upto: int, seed: int) -> None:
    """Store every hand up to hand `upto` of each game of the latest round, as the hand form
    stores them (its version moved once a hand); RuntimeError if the round is not a full one."""
    current = rounds.standing(directory.find_tournament(director)).current
    if current is None or len(current.tables) != table_count(TEAMS):
        raise RuntimeError(f"the latest round does not seat {TEAMS} teams")
    rows = []
    for table in current.tables:
        game = table.scored.record
        if game.scoring_rules != RULES:
            raise RuntimeError(f"table {table.table} does not play the tournament's rules")
        hands = table_hands(current.record.number, table.table, seed)[game.version : upto]
        rows += hand_rows(game.id, hands, first=game.version + 1)
        game.version = upto
    if rows:
        db.session.execute(insert(HandRecord), rows)
    db.session.commit()


# --- the measurements ------------------------------------------------------------------------


class Clocks:
    """Requests timed one by one: each one's wall time, and this process's CPU time over it
    (the app's own work, which other work on a shared machine moves less)."""

    def __init__(self) -> None:
        """No request timed yet."""
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def __enter__(self) -> Clocks:
        """Start both clocks for one request."""
        self.started = (time.perf_counter(), time.process_time())
        return self

    def __exit__(self, *_exc) -> None:
        """Keep the request's time on each."""
        self.wall.append(time.perf_counter() - self.started[0])
        self.cpu.append(time.process_time() - self.started[1])

    def figures(self) -> dict[str, float]:
        """The median, p95 and slowest wall time and the median CPU time, in ms."""
        wall = sorted(t * 1000 for t in self.wall)
        return {
            "median_ms": percentile(wall, 50),
            "p95_ms": percentile(wall, 95),
            "slowest_ms": wall[-1],
            "cpu_median_ms": percentile(sorted(t * 1000 for t in self.cpu), 50),
        }


def page_row(app, client, path: str, requests: int, forget=None, **sent) -> dict:
    """Time `requests` GETs of `path` (with `sent`'s headers), calling `forget` before each
    when given (what the worker kept, forgotten: a cold request); their times, and the status,
    queries and bytes of one more."""
    forget = forget or (lambda: None)
    client.get(path, **sent)  # what a warm request finds kept, kept
    forget()
    with queries_sent(app) as statements:
        answer = client.get(path, **sent)
    clocks = Clocks()
    for _ in range(requests):
        forget()
        with clocks:
            response = client.get(path, **sent)
        if response.status_code != answer.status_code:
            raise RuntimeError(f"{path} answered {answer.status_code}, then {response.status_code}")
    return clocks.figures() | {
        "status": answer.status_code,
        "queries": len(statements),
        "bytes": len(answer.get_data()),
    }


def start_row(app, client, director: str, last: int, seed: int) -> dict:
    """Play each round to its end and time Start round for rounds 2 to `last`; their times,
    and the queries each sent."""
    clocks, queries = Clocks(), []
    for _ in range(2, last + 1):
        with app.app_context():
            play_round(director, HANDS, seed)
        with queries_sent(app) as statements, clocks:
            response = client.post(
                f"{TOURNAMENT_LINKS}/{director}/rounds", data={"nonce": new_token()}
            )
        if response.status_code != 303:
            raise RuntimeError(f"Start round answered {response.status_code}")
        queries.append(len(statements))
    return clocks.figures() | {"queries": queries}


def measure(app, args: argparse.Namespace) -> dict[str, dict]:
    """Make and start the tournament, play round 1 halfway, and take every row."""
    with app.app_context():
        director, watch = make_tournament(most_rounds(Format.SWISS, TEAMS))
        starting.start_round(director, None)
        play_round(director, HANDS // 2, args.seed)
        db.session.remove()
    client = app.test_client()
    path = f"{TOURNAMENT_VIEW_LINKS}/{watch}"
    # The wall's poll asks for its part, as htmx does: the part leaves the turning of the
    # wall's pages to the page, so its tag holds while the clock moves (the whole page's moves
    # with its pages).
    etag = client.get(path, headers=HX).headers["ETag"]
    polled = HX | {"If-None-Match": etag}
    return {
        "watch_kept": page_row(app, client, path, args.requests),
        "watch_cold": page_row(app, client, path, args.requests, app.extensions["replays"].clear),
        "poll": page_row(app, client, path, args.requests, headers=polled),
        "start_round": start_row(app, client, director, args.rounds, args.seed),
    }


def main(argv: list[str] | None = None) -> dict:
    """Take the rows on a fresh database; print them and write the report; return it."""
    args = parse_args(argv)
    began = time.monotonic()
    load_before = load_average()
    with tempfile.TemporaryDirectory(prefix="spades-tournament-") as tmp:
        app = fresh_app(Path(tmp))
        try:
            rows = measure(app, args)
        finally:
            drop(app)
    tables = table_count(TEAMS)
    print(
        f"tournament: a Swiss of {TEAMS} teams ({tables} tables), games of {HANDS} hands, "
        f"in-process, {args.requests} requests a page (wall time, and the median CPU time); "
        f"load average {load_before}"
    )
    labels = {
        "watch_kept": f"watch page, round 1 at hand {HANDS // 2} of {HANDS}, replays kept",
        "watch_cold": "watch page, nothing kept (every game's hands read)",
        "poll": "watch page's unchanged poll (304)",
    }
    for key, label in labels.items():
        row = rows[key]
        print(
            f"  {label}: median {row['median_ms']:.2f} ms, p95 {row['p95_ms']:.2f} ms "
            f"(CPU {row['cpu_median_ms']:.2f} ms), {row['queries']} queries, {row['bytes']:,} bytes"
        )
    start = rows["start_round"]
    counts = sorted(set(start["queries"]))
    print(
        f"  Start round 2-{args.rounds} (standings, Swiss pairing, {tables} games written): "
        f"median {start['median_ms']:.1f} ms, slowest {start['slowest_ms']:.1f} ms "
        f"(CPU {start['cpu_median_ms']:.1f} ms), {'-'.join(map(str, counts))} queries"
    )
    settings = {"teams": TEAMS, "hands": HANDS} | vars(args)
    report = finish_report(
        "tournament", "tournament run", began, load_before, args.out, settings=settings, rows=rows
    )
    smoke.finished(args, __file__)
    return report


if __name__ == "__main__":
    main()
