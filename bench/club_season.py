"""A club's season at its largest (issue 38): 40 nights of 64 players, about 13,000 games, and
what its pages and its ratings cost.

One club holds 16 tables (clubs.services.club.create_club, tables.services.table.create_table,
add_table), made through the service layer on a fresh SQLite file (or on DATABASE_URL, emptied
first: testsupport.apps.fresh_app). On each of 40 evenings a week apart the 64 players are
seated anew, four a table, and each table plays 20 partnership games to 100, each ended by its
one hand (testsupport.tables' NORTH_SOUTH_WIN or EAST_WEST_WIN, the stronger side more often
the winner), the partners changing from game to game: 12,800 finished games, stored as the
new-game and hand forms store them but inserted in bulk, each started at its evening's time
(`GameRecord.created_at`). Then one season spans the 40 nights
(clubs.services.seasons.create_season). Through Flask's test client, in-process:

- the season's page (`/cv/<view token>/seasons/<id>`) cold (every replay and every kept figure
  forgotten), recounted (the figures forgotten, the replays this worker keeps kept, as after a
  save at one of the club's tables), warm (the season kept), and its unchanged poll (htmx's
  part with its ETag), answered 304;
- the members' page (`/cv/<view token>`), with its players' ratings, cold and warm;
- the ratings from scratch, called alone: `club_games` (every game read and replayed, no
  replay kept) and `rated_players` over the games it gave.

Each row gives the median, p95 and slowest wall time in ms, the median CPU time this process
spent, and the queries a request sends (counted on a request of its own, as
bench/tournament_bench.py counts them) and its bytes.

    .venv/bin/python bench/club_season.py [--nights 40] [--tables 16] [--games 20]
        [--requests 100] [--cold 5] [--seed 38] [--out FILE] [--smoke]

Prints a row each and writes them as JSON to build/club-season-<date>.json (or --out).
`--smoke` plays 2 nights of 2 games a table and times one request a row (bench/smoke.py).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from datetime import date, datetime, timedelta
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
# The repo root for the app and testsupport/, bench/ for its siblings (see run.py).
sys.path[:0] = [str(ROOT), str(BENCH)]

import smoke  # noqa: E402
from data import hand_rows  # noqa: E402
from report import finish_report, load_average  # noqa: E402
from sqlalchemy import insert  # noqa: E402
from tournament_bench import Clocks, page_row  # noqa: E402

import scoring  # noqa: E402
from clubs.services.club import add_table, club_games, create_club, find_club  # noqa: E402
from clubs.services.joins import club_joins, joined_keys  # noqa: E402
from clubs.services.ratings import TRACES, rated_players  # noqa: E402
from clubs.services.seasons import SeasonSetup, create_season  # noqa: E402
from extensions import db  # noqa: E402
from games import CareerStats  # noqa: E402
from records.clubs import ClubRecord  # noqa: E402
from records.games import GameRecord, HandRecord, new_token  # noqa: E402
from tables.services.table import create_table  # noqa: E402
from testsupport.apps import drop, fresh_app  # noqa: E402
from testsupport.database import queries_sent  # noqa: E402
from testsupport.routes import HX  # noqa: E402
from testsupport.tables import EAST_WEST_WIN, NORTH_SOUTH_WIN  # noqa: E402
from web import CLUB_VIEW_LINKS  # noqa: E402

PLAYERS = 64
FIRST_NIGHT = date(2026, 1, 2)  # a Friday; the nights are a week apart, the season over
NIGHT_STARTS = 19  # the hour of an evening's first games (UTC)
GAME_MINUTES = 6  # between two games at a table
# Games to 100 that one hand ends (testsupport.tables): its winners bid 10 and take them.
RULES = scoring.PRESETS[scoring.DEFAULT_PRESET].rules.but(target=100)
WINNING_HANDS = tuple(
    scoring.Hand(hand["bids"], (None,) * 4, hand["team_tricks"])
    for hand in (NORTH_SOUTH_WIN, EAST_WEST_WIN)
)
# The three ways four players at a table make two partnerships (seats 0 & 2 against 1 & 3).
PARTNERSHIPS = ((0, 1, 2, 3), (0, 2, 1, 3), (0, 1, 3, 2))
# --smoke: two nights of two games a table, one timed request a row.
SMOKE = {"nights": 2, "games": 2, "requests": 1, "cold": 1}


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line: the season's size, the requests timed, the draw of the results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nights", type=int, default=40, help="evenings, a week apart")
    parser.add_argument("--tables", type=int, default=16, help="the club's tables (4 seats each)")
    parser.add_argument("--games", type=int, default=20, help="games a table plays a night")
    parser.add_argument("--requests", type=int, default=100, help="timed requests, warm rows")
    parser.add_argument("--cold", type=int, default=5, help="timed requests, cold rows")
    parser.add_argument("--seed", type=int, default=38)
    parser.add_argument("--out", type=Path, help="the JSON file (build/club-season-<date>.json)")
    args = smoke.parse_args(parser, SMOKE, argv, __file__)
    if not 1 <= args.tables <= PLAYERS // 4 or min(args.nights, args.games) < 1:
        parser.error(f"--tables: 1 to {PLAYERS // 4}; --nights and --games: 1 or more")
    return args


# --- the club and its season, stored as the app stores them -----------------------------------


def check_hands() -> None:
    """RuntimeError unless each winning hand ends a game to 100 at once, won by its side,
    whoever deals first (as the bulk rows below take for granted)."""
    for winner, hand in enumerate(WINNING_HANDS):
        for dealer in range(4):
            state = scoring.replay(RULES, [hand], dealer)
            if not state.over or state.winner != winner:
                raise RuntimeError(f"hand {hand} does not end a game to 100 for side {winner}")


def game_rows(rng: random.Random, day: date, tables: list[int], games: int, skill: dict) -> list:
    """One evening's games at the club's `tables`: the players seated anew, `games` a table,
    partners changing, each won by the side the draw favours by the players' `skill`; rows for
    one bulk insert, each with its winner's hand under "hand"."""
    seated = rng.sample(sorted(skill), 4 * len(tables))
    rows = []
    for number in range(games):
        started = datetime.combine(day, datetime.min.time()) + timedelta(
            hours=NIGHT_STARTS, minutes=GAME_MINUTES * number
        )
        for index, table_id in enumerate(tables):
            four = seated[4 * index : 4 * index + 4]
            players = [four[seat] for seat in PARTNERSHIPS[number % len(PARTNERSHIPS)]]
            ahead = skill[players[0]] + skill[players[2]] - skill[players[1]] - skill[players[3]]
            winner = 0 if rng.random() < 1 / (1 + 10 ** (-ahead / 400)) else 1
            rows.append(
                {f"player_{seat}": name for seat, name in enumerate(players)}
                | {"team_0": f"{players[0]} & {players[2]}"}
                | {"team_1": f"{players[1]} & {players[3]}"}
                | {"first_dealer": number % 4, "preset": scoring.DEFAULT_PRESET}
                | {"rules": RULES.to_dict(), "device": new_token(), "table_id": table_id}
                | {"version": 1, "created_at": started, "hand": WINNING_HANDS[winner]}
            )
    return rows


def make_season(args: argparse.Namespace) -> tuple[str, int, int]:
    """The club, its tables, every night's games and the season spanning them; the club's view
    token, the season's id and the games stored. Needs an app context."""
    check_hands()
    rng = random.Random(args.seed)
    skill = {f"Player {n:02d}": rng.gauss(0, 150) for n in range(1, PLAYERS + 1)}
    club = create_club("The bench's season club", new_token(), new_token())
    tables = []
    for number in range(1, args.tables + 1):
        table = create_table(f"Table {number}", club.device, new_token())
        add_table(club, table, new_token())
        tables.append(table.id)
    stored = 0
    for night in range(args.nights):
        rows = game_rows(rng, FIRST_NIGHT + timedelta(weeks=night), tables, args.games, skill)
        hands = [row.pop("hand") for row in rows]
        ids = db.session.scalars(
            insert(GameRecord).returning(GameRecord.id, sort_by_parameter_order=True), rows
        ).all()
        played = [hand_rows(game_id, [hand])[0] for game_id, hand in zip(ids, hands, strict=True)]
        db.session.execute(insert(HandRecord), played)
        db.session.commit()
        stored += len(ids)
    last = FIRST_NIGHT + timedelta(weeks=args.nights - 1)
    setup = SeasonSetup("The bench's season", FIRST_NIGHT, last, (10, 8, 6, 5), 1, 2, None)
    season = create_season(club, setup, new_token())
    return club.view_token, season.id, stored


# --- the measurements ------------------------------------------------------------------------


def forgetting(app, replays: bool):
    """What makes a request cold: a fresh `CareerStats` (every kept club figure forgotten) and,
    with `replays`, every kept replay forgotten too (tests/web/test_table_updates.py)."""

    def forget() -> None:
        """Forget what this worker kept, as said."""
        if replays:
            app.extensions["replays"].clear()
            app.extensions.pop(TRACES, None)  # every club's last rating pass too
        app.extensions["career_stats"] = CareerStats(app.config["CAREER_STATS_KEPT"])

    return forget


def rating_rows(app, view: str, times: int) -> dict[str, dict]:
    """The ratings from scratch, in-process: `club_games` with no replay kept and
    `rated_players` over what it gave, each timed `times` times; with the queries of each."""
    with app.app_context():
        club = find_club(view, ClubRecord.view_token)
        joins = joined_keys(club_joins(club))
        # Kept as read, out of the session: each call below takes a connection of its own,
        # whose statements SQLite then reports (testsupport.database.queries_sent).
        db.session.expunge(club)
        read, rated, again = Clocks(), Clocks(), Clocks()
        for _ in range(times):
            db.session.rollback()
            app.extensions["replays"].clear()
            with queries_sent(app) as statements, read:
                games = club_games(club)
            with rated:
                found, trace = rated_players(games, joins)
            with again:  # the same games rated on from that pass, as after a save at the last
                rated_players(games, joins, trace)
        db.session.remove()
    return {
        "club_games": read.figures() | {"queries": len(statements), "games": len(games)},
        "rated_players": rated.figures() | {"queries": 0, "players": len(found.players)},
        "rated_on": again.figures() | {"queries": 0, "players": len(found.players)},
    }


def measure(app, args: argparse.Namespace) -> tuple[dict[str, dict], int]:
    """Store the club and its season, and take every row; with the games stored."""
    with app.app_context():
        view, season_id, stored = make_season(args)
        db.session.remove()
    client = app.test_client()
    members = f"{CLUB_VIEW_LINKS}/{view}"
    season = f"{members}/seasons/{season_id}"
    # The page's poll asks for its part, as htmx does, with the tag of the part it holds.
    polled = HX | {"If-None-Match": client.get(season, headers=HX).headers["ETag"]}
    cold, recount = forgetting(app, replays=True), forgetting(app, replays=False)
    rows = {
        "season_cold": page_row(app, client, season, args.cold, cold),
        "season_recount": page_row(app, client, season, args.cold, recount),
        "season_warm": page_row(app, client, season, args.requests),
        "season_poll": page_row(app, client, season, args.requests, headers=polled),
        "members_cold": page_row(app, client, members, args.cold, cold),
        "members_warm": page_row(app, client, members, args.requests),
    }
    return rows | rating_rows(app, view, args.cold), stored


LABELS = {
    "season_cold": "season page, nothing kept",
    "season_recount": "season page, recounted (replays kept, as after a save)",
    "season_warm": "season page, the season kept",
    "season_poll": "season page's unchanged poll (304)",
    "members_cold": "members' page, nothing kept",
    "members_warm": "members' page, its ratings kept",
    "club_games": "club_games alone (every game read and replayed)",
    "rated_players": "rated_players alone (every game rated, its chances too)",
    "rated_on": "rated_players on from its last pass (the games since its last checkpoint)",
}


def main(argv: list[str] | None = None) -> dict:
    """Take the rows on a fresh database; print them and write the report; return it."""
    args = parse_args(argv)
    began = time.monotonic()
    load_before = load_average()
    with tempfile.TemporaryDirectory(prefix="spades-club-season-") as tmp:
        app = fresh_app(Path(tmp))
        try:
            rows, stored = measure(app, args)
        finally:
            drop(app)
    print(
        f"club season: {args.nights} nights, {PLAYERS} players at {args.tables} tables, "
        f"{stored:,} games of one hand, in-process, {args.cold} requests a cold row and "
        f"{args.requests} a warm one (wall time, and the median CPU time); "
        f"load average {load_before}"
    )
    for key, label in LABELS.items():
        row = rows[key]
        print(
            f"  {label}: median {row['median_ms']:.1f} ms, p95 {row['p95_ms']:.1f} ms, "
            f"slowest {row['slowest_ms']:.1f} ms (CPU {row['cpu_median_ms']:.1f} ms), "
            f"{row['queries']} queries" + (f", {row['bytes']:,} bytes" if "bytes" in row else "")
        )
    settings = {"players": PLAYERS, "games_stored": stored} | vars(args)
    report = finish_report(
        "club-season", "club season run", began, load_before, args.out, settings=settings, rows=rows
    )
    smoke.finished(args, __file__)
    return report


if __name__ == "__main__":
    main()
