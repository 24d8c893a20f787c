"""The template share of a game page: CPU spent rendering, with and without kept renders.

A game page at 50 hands (the scorer's and the view link's) is asked for again and again
in-process through the test client, once with rendered pages kept (web/renders.py, as served)
and once with none kept (RENDER_CHARACTERS_KEPT=0, every request rendering its page, as before
pages were kept). CPU time (not wall time) is counted, for the request and for the Jinja
render inside it, so other work on a shared machine moves the figures less.

    .venv/bin/python bench/renders.py [--requests 500] [--warmup 20] [--smoke]

`--smoke` times one request a page and mode after one to warm up (bench/smoke.py).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path[:0] = [str(ROOT), str(BENCH)]

import flask.templating  # noqa: E402
import smoke  # noqa: E402
from data import LONG_RULES, store_game  # noqa: E402
from scoring_bench import make_hands  # noqa: E402

from extensions import db  # noqa: E402
from testsupport.apps import drop, fresh_app  # noqa: E402

HANDS = 50
# --smoke: a request to warm each page up and one timed, in each mode.
SMOKE = {"requests": 1, "warmup": 1}


class RenderClock:
    """CPU seconds spent inside Flask's template rendering since the last reset."""

    def __init__(self):
        """Wrap Flask's render function with a CPU clock."""
        self.spent = 0.0
        self.render = flask.templating._render
        flask.templating._render = self.timed

    def timed(self, app, template, context):
        """Flask's render, timed."""
        started = time.process_time()
        try:
            return self.render(app, template, context)
        finally:
            self.spent += time.process_time() - started


def measure(
    clock: RenderClock, kept: bool, requests: int, warmup: int
) -> dict[str, tuple[float, float]]:
    """Per page: (CPU ms per request, CPU ms of it spent rendering)."""
    config = {} if kept else {"RENDER_CHARACTERS_KEPT": 0}
    with tempfile.TemporaryDirectory(prefix="spades-renders-") as tmp:
        app = fresh_app(Path(tmp), **config)
        try:
            return measure_pages(app, clock, requests, warmup)
        finally:
            drop(app)


def measure_pages(app, clock: RenderClock, requests: int, warmup: int) -> dict:
    """measure()'s figures on an app: a 50-hand game stored, each page warmed up and timed."""
    with app.app_context():
        game = store_game(make_hands(HANDS), LONG_RULES, "spruce")
        db.session.commit()
        paths = {"edit page": f"/g/{game.edit_token}", "view page": f"/v/{game.view_token}"}
    client = app.test_client()
    figures = {}
    for name, path in paths.items():
        for _ in range(warmup):  # the worker's replay (and page, when kept) in place
            get(client, path)
        clock.spent = 0.0
        started = time.process_time()
        for _ in range(requests):
            get(client, path)
        total = time.process_time() - started
        figures[name] = (total / requests * 1000, clock.spent / requests * 1000)
    return figures


def get(client, path: str) -> None:
    """Ask for a page; RuntimeError unless it is answered 200 (a page moved away would
    otherwise be timed as its 404)."""
    status = client.get(path).status_code
    if status != 200:
        raise RuntimeError(f"{path} answered {status}")


def main(argv: list[str] | None = None) -> None:
    """Print the CPU per page and its template share, kept and not."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=500, help="requests per page and mode")
    parser.add_argument("--warmup", type=int, default=20, help="untimed requests first")
    args = smoke.parse_args(parser, SMOKE, argv, __file__)
    clock = RenderClock()
    print(f"game pages at {HANDS} hands, CPU per request (in-process, {args.requests} requests)")
    for kept in (False, True):
        figures = measure(clock, kept, args.requests, args.warmup)
        for name, (total, rendering) in figures.items():
            mode = "pages kept   " if kept else "nothing kept "
            share = rendering / total if total else 0
            print(f"  {mode} {name}: {total:6.2f} ms, rendering {rendering:5.2f} ms ({share:.0%})")
    smoke.finished(args, __file__)


if __name__ == "__main__":
    main()
