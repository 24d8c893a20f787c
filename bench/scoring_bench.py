"""Micro-benchmark: how long replaying a 200-hand game takes.

Every page that shows a game replays it from its hands, so this is the cost of one request's
scoring. Run from the repository root:

    .venv/bin/python bench/scoring_bench.py [--hands 200] [--number 50] [--repeat 7]
"""

from __future__ import annotations

import argparse
import random
import sys
import timeit
from pathlib import Path

# Run as a plain script from anywhere: the package lives one level up.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring import BLIND_NIL, NIL, PRESETS, Hand, replay


def make_hands(count: int, seed: int = 2024) -> list[Hand]:
    """A fixed, realistic mix of hands: mostly numeric bids, some Nil and Blind Nil, some
    teams entered as a team total, random splits of the 13 tricks."""
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        bids = []
        for _seat in range(4):
            roll = rng.random()
            bids.append(NIL if roll < 0.08 else BLIND_NIL if roll < 0.10 else rng.randint(1, 5))
        cuts = sorted(rng.randint(0, 13) for _ in range(3))
        tricks = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2]]
        team_tricks = [None, None]
        for team in (0, 1):
            seats = (team, team + 2)
            # A quarter of the non-Nil teams are typed in as one total, as the form allows.
            if all(isinstance(bids[s], int) for s in seats) and rng.random() < 0.25:
                team_tricks[team] = tricks[team] + tricks[team + 2]
                for s in seats:
                    tricks[s] = None
        hands.append(Hand(tuple(bids), tuple(tricks), tuple(team_tricks)))
    return hands


def main() -> None:
    """Time the replay and print the mean and best time per replay, in milliseconds."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--number", type=int, default=50, help="replays per measurement")
    parser.add_argument("--repeat", type=int, default=7, help="measurements")
    args = parser.parse_args()

    # Spruce allows Blind Nil at any score; the far target and floor keep every hand in play.
    rules = PRESETS["spruce"].rules.but(target=10**9, floor=-(10**9))
    hands = make_hands(args.hands)
    game = replay(rules, hands)
    if len(game.hands) != args.hands:
        raise SystemExit("the benchmark game ended early")

    times = timeit.repeat(lambda: replay(rules, hands), number=args.number, repeat=args.repeat)
    per_replay = [t / args.number * 1000 for t in times]
    mean = sum(per_replay) / len(per_replay)
    print(
        f"replay of {args.hands} hands, {args.repeat} x {args.number} runs: "
        f"mean {mean:.3f} ms, best {min(per_replay):.3f} ms"
    )


if __name__ == "__main__":
    main()
