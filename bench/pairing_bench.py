"""Micro-benchmark: how long pairing one Swiss round of a big field takes.

Plays a Swiss of `--teams` teams (the most a tournament takes) over `--rounds` rounds (the most
the app lets a director set for them) with random results, ranks the standings after each round
and times the pairing of the next, the best of `--repeat` pairings of it; prints round 2's time
and the median, p95 and slowest of rounds 2 on, in milliseconds. Round 1 pairs by entry order
and has nothing to work out, so it is left out. Late rounds of a long Swiss, where rematches
are hard to avoid, are the slow ones. Run from the repository root (`make bench` runs it):

    .venv/bin/python bench/pairing_bench.py [--teams 64] [--rounds 20] [--repeat 3] [--seed 2026]
                                            [--smoke]

`--smoke` pairs the second round of four teams once (bench/smoke.py).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
# The repo root for the pairing package, bench/ for its siblings (see run.py).
sys.path[:0] = [str(BENCH.parent), str(BENCH)]

import smoke  # noqa: E402
from pyclient import percentile  # noqa: E402

from records.tournaments import MOST_TEAMS, most_rounds  # noqa: E402
from tournament import Format, GameResult, Pairing, order_of, standings, swiss  # noqa: E402


def play(pairing: Pairing, rng: random.Random) -> list[GameResult]:
    """A random finished game for every table of the round."""
    games = []
    for table in pairing.tables:
        totals = (rng.randint(-200, 600), rng.randint(-200, 600))
        winner = table.north_south if totals[0] >= totals[1] else table.east_west
        games.append(GameResult(table.north_south, table.east_west, totals, winner))
    return games


def pairing_times(teams: int, rounds: int, seed: int, repeat: int = 1) -> list[float]:
    """Play a Swiss of `teams` teams over `rounds` rounds with random results; the seconds
    each round's pairing took, round 1 first (the best of `repeat` pairings of the same
    standings: the pairing is deterministic, so only the machine's noise differs)."""
    rng = random.Random(seed)
    paired: list[Pairing] = []
    games: list[GameResult] = []
    times = []
    for _ in range(rounds):
        byes = [r.bye for r in paired if r.bye is not None]
        order = order_of(standings(teams, games, byes, Format.SWISS))
        best = float("inf")
        for _ in range(repeat):
            start = time.perf_counter()
            pairing = swiss(order, paired)
            best = min(best, time.perf_counter() - start)
        times.append(best)
        paired.append(pairing)
        games += play(pairing, rng)
    return times


# --smoke: the fewest teams and rounds that still pair a round with standings to work from.
SMOKE = {"teams": 4, "rounds": 2, "repeat": 1}


def main(argv: list[str] | None = None) -> None:
    """Play the tournament, timing each round's pairing, and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=MOST_TEAMS)
    parser.add_argument("--rounds", type=int)
    parser.add_argument("--repeat", type=int, default=3, help="pairings of each round")
    parser.add_argument("--seed", type=int, default=2026)
    args = smoke.parse_args(parser, SMOKE, argv, __file__)
    rounds = args.rounds or most_rounds(Format.SWISS, args.teams)
    if rounds < 2:
        parser.error("--rounds: at least 2 (round 1 is left out)")

    later = [t * 1000 for t in pairing_times(args.teams, rounds, args.seed, args.repeat)[1:]]
    ranked = sorted(later)
    print(
        f"Swiss of {args.teams} teams, {rounds} rounds, pairing (best of {args.repeat}): "
        f"round 2 {later[0]:.1f} ms; rounds 2-{rounds} median {percentile(ranked, 50):.1f} ms, "
        f"p95 {percentile(ranked, 95):.1f} ms, slowest {ranked[-1]:.1f} ms"
    )
    smoke.finished(args, __file__)


if __name__ == "__main__":
    main()
