"""Micro-benchmark: how long pairing one Swiss round of a big field takes.

Plays a Swiss of `--teams` teams over `--rounds` rounds with random results, ranks the
standings after each round and times the pairing of the next; prints the slowest and the mean
round in milliseconds. Late rounds of a long Swiss, where rematches cannot all be avoided, are
the slow ones. Run from the repository root:

    .venv/bin/python bench/pairing_bench.py [--teams 64] [--rounds 12] [--seed 2026]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

# Run as a plain script from anywhere: the package lives one level up.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournament import Format, GameResult, Pairing, order_of, standings, swiss


def play(pairing: Pairing, rng: random.Random) -> list[GameResult]:
    """A random finished game for every table of the round."""
    games = []
    for table in pairing.tables:
        totals = (rng.randint(-200, 600), rng.randint(-200, 600))
        winner = table.north_south if totals[0] >= totals[1] else table.east_west
        games.append(GameResult(table.north_south, table.east_west, totals, winner))
    return games


def main() -> None:
    """Play the tournament, timing each round's pairing, and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=64)
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    rounds: list[Pairing] = []
    games: list[GameResult] = []
    times = []
    for _ in range(args.rounds):
        byes = [r.bye for r in rounds if r.bye is not None]
        order = order_of(standings(args.teams, games, byes, Format.SWISS))
        start = time.perf_counter()
        pairing = swiss(order, rounds)
        times.append(time.perf_counter() - start)
        rounds.append(pairing)
        games += play(pairing, rng)
    print(
        f"Swiss of {args.teams} teams, {args.rounds} rounds: slowest round "
        f"{max(times) * 1000:.0f} ms, mean {sum(times) / len(times) * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
