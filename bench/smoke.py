"""A benchmark's smoke run (`--smoke`): every target once, at its smallest size, in seconds.

`make test` runs each script of `make bench` so (tests/bench/test_bench_smoke.py), so that a
benchmark that no longer runs fails the suite instead of waiting to be found by the next
`make bench`. A smoke run goes through the same code as a real one, with small numbers: its
sizes are the defaults of the script's own flags (a flag given still wins), gunicorn serves with
one worker, and the JSON report is written to a temporary folder instead of build/, where it
could be taken for real figures. No figure is judged: a PASS or MISS is printed as in a real
run and never fails it; anything that raises does, and the last line says the run got to its
end.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

HELP = "every target once at the smallest size, in seconds; the figures mean nothing"
DONE = "smoke run finished:"  # the start of the last line a smoke run prints
STARTED = time.monotonic()


def parse_args(
    parser: argparse.ArgumentParser, sizes: dict, argv: list[str] | None, script: str
) -> argparse.Namespace:
    """Parse the command line of `script` (its `__file__`) with `--smoke` added; with it,
    `sizes` are the defaults of the script's flags, gunicorn's workers are one, and the report
    (`out`) goes to a temporary folder unless --out names a file."""
    parser.add_argument("--smoke", action="store_true", help=HELP)
    # A first pass only to see --smoke (as argparse reads it, abbreviations included): the
    # smoke sizes must be defaults before the real pass, so that a flag given still wins.
    if parser.parse_known_args(argv)[0].smoke:
        parser.set_defaults(**sizes)
    args = parser.parse_args(argv)
    if args.smoke:
        # gunicorn.conf.py's worker count: one worker starts and stops in a fraction of the
        # time four take to import the app on a machine as small as two cores.
        os.environ["WEB_CONCURRENCY"] = "1"
        if "out" in vars(args) and args.out is None:  # a script that writes a report
            args.out = Path(tempfile.mkdtemp(prefix="spades-bench-smoke-")) / "report.json"
        print(
            f"smoke run of {name(script)}: the smallest sizes, the figures mean nothing", flush=True
        )
    return args


def finished(args: argparse.Namespace, script: str) -> None:
    """Print a smoke run's last line, which the test looks for: `script` got to its end."""
    if args.smoke:
        print(f"{DONE} {name(script)} in {time.monotonic() - STARTED:.1f} s", flush=True)


def name(script: str) -> str:
    """A benchmark's name as `make bench` runs it (bench/<name>.py), from its `__file__`."""
    return f"bench/{Path(script).name}"
