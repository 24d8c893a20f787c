"""The template share of a game page: CPU spent rendering, with and without kept renders.

A game page at 50 hands (the scorer's and the view link's) is asked for again and again
in-process through the test client, once with rendered pages kept (web/renders.py, as served)
and once with none kept (RENDER_CHARACTERS_KEPT=0, every request rendering its page, as before
pages were kept). CPU time (not wall time) is counted, for the request and for the Jinja
render inside it, so other work on a shared machine moves the figures less.

    .venv/bin/python bench/renders.py [--requests 500]
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
from data import LONG_RULES, store_game  # noqa: E402
from scoring_bench import make_hands  # noqa: E402

from extensions import db  # noqa: E402
from testsupport.apps import drop, fresh_app  # noqa: E402

HANDS = 50


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


def measure(clock: RenderClock, kept: bool, requests: int) -> dict[str, tuple[float, float]]:
    """Per page: (CPU ms per request, CPU ms of it spent rendering)."""
    config = {} if kept else {"RENDER_CHARACTERS_KEPT": 0}
    app = fresh_app(Path(tempfile.mkdtemp()), **config)
    try:
        with app.app_context():
            game = store_game(make_hands(HANDS), LONG_RULES, "spruce")
            db.session.commit()
            paths = {"edit page": f"/g/{game.edit_token}", "view page": f"/v/{game.view_token}"}
        client = app.test_client()
        figures = {}
        for name, path in paths.items():
            for _ in range(20):  # the worker's replay (and page, when kept) in place
                client.get(path)
            clock.spent = 0.0
            started = time.process_time()
            for _ in range(requests):
                client.get(path)
            total = time.process_time() - started
            figures[name] = (total / requests * 1000, clock.spent / requests * 1000)
        return figures
    finally:
        drop(app)


def main() -> None:
    """Print the CPU per page and its template share, kept and not."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=500, help="requests per page and mode")
    args = parser.parse_args()
    clock = RenderClock()
    print(f"game pages at {HANDS} hands, CPU per request (in-process, {args.requests} requests)")
    for kept in (False, True):
        for name, (total, rendering) in measure(clock, kept, args.requests).items():
            mode = "pages kept   " if kept else "nothing kept "
            share = rendering / total if total else 0
            print(f"  {mode} {name}: {total:6.2f} ms, rendering {rendering:5.2f} ms ({share:.0%})")


if __name__ == "__main__":
    main()
