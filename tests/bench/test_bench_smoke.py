"""Every benchmark `make bench` runs still runs: each script once at its smallest (`--smoke`,
bench/smoke.py), in seconds, its figures never judged.

Nothing else runs the benchmarks, so without this a benchmark broken by a change elsewhere (a
helper moved, a page renamed) stays broken until the next `make bench`, which then fails before
it reports anything. The scripts are read from the Makefile's `bench` target, so that one added
there is tested here too. Each runs as `make bench` runs it, in its own process, with a
temporary folder of its own as TMPDIR: its database, its logs and its report go there, never to
build/, and two runs side by side (pytest-xdist) share no file; their servers take free ports.

The tables' capacity run ramps on SQLite (these tests are not the database tier's, so the
PostgreSQL pass leaves them out; `make bench` measures both databases); the tap-to-screen run
drives Chromium, so it needs what the browser tests need and is skipped without it (failed
under CI=true), as they are.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from bench.smoke import DONE
from testsupport.missing import cannot_run

ROOT = Path(__file__).resolve().parents[2]
MAKEFILE = ROOT / "Makefile"
# A smoke run takes seconds; this only bounds how long a hung one holds the suite.
AT_MOST_SECONDS = 300
WRITTEN = re.compile(r"results written to (\S+)$", re.M)


def bench_scripts() -> list[str]:
    """The scripts the Makefile's `bench` target runs, in its order (bench/<name>.py), the
    variables its lines name (`$(NAME)`) read from their definitions in the Makefile."""
    text = MAKEFILE.read_text(encoding="utf-8")
    recipe = re.search(r"^bench:.*\n((?:\t.*\n)+)", text, re.M)
    if recipe is None:
        raise LookupError(f"{MAKEFILE} has no bench target")

    def expand(match: re.Match) -> str:
        """A variable's definition in the Makefile, or the reference as it was."""
        definition = re.search(rf"^{match.group(1)}\s*[:?]?=(.*)$", text, re.M)
        return definition.group(1) if definition else match.group(0)

    lines = re.sub(r"\$\((\w+)\)", expand, recipe.group(1))
    scripts = list(dict.fromkeys(re.findall(r"\bbench/\w+\.py\b", lines)))
    # Raised while the module is collected, so that a Makefile this no longer understands
    # fails the suite instead of leaving nothing to run.
    if not scripts:
        raise LookupError(f"the bench target of {MAKEFILE} runs no bench/*.py")
    return scripts


def browser_missing() -> str | None:
    """Why Chromium cannot be driven here, as the browser tests ask it; None when it can."""
    from testsupport.browser import what_is_missing

    return what_is_missing()


# What a script needs beyond --smoke: flags made when it runs, and why it cannot run here.
FLAGS = {"bench/tables.py": lambda: ["--database", "sqlite"]}
MISSING = {"bench/tap.py": browser_missing}
# Marks beyond `slow`: the tap-to-screen run drives Chromium, so it is a browser test too.
MARKS = {"bench/tap.py": [pytest.mark.browser]}


@pytest.mark.slow
@pytest.mark.parametrize(
    "script",
    [pytest.param(script, marks=MARKS.get(script, [])) for script in bench_scripts()],
)
def test_the_benchmark_runs_at_its_smallest(script: str):
    """Run a benchmark with --smoke: it exits 0, its last line says it got to its end, and
    any report it wrote is JSON in its temporary folder, not build/."""
    if script in MISSING and (why := MISSING[script]()):
        cannot_run(f"{script} cannot run: {why}")
    flags = FLAGS[script]() if script in FLAGS else []
    # Directly under the system's temporary folder, not pytest's deeper one: Chromium's
    # profile puts a socket in it, whose path must stay under 108 characters.
    with tempfile.TemporaryDirectory(prefix="bench-") as folder:
        tmp_path = Path(folder)
        done = subprocess.run(
            [sys.executable, script, "--smoke", *flags],
            cwd=ROOT,
            env=os.environ | {"TMPDIR": folder},
            capture_output=True,
            text=True,
            timeout=AT_MOST_SECONDS,
            check=False,
        )
        check_smoke_run(script, done, tmp_path)


def check_smoke_run(script: str, done: subprocess.CompletedProcess, tmp_path: Path) -> None:
    """A smoke run exited 0, said it got to its end, and wrote any report as JSON into its
    own temporary folder."""
    output = f"{done.stdout}\n--- stderr ---\n{done.stderr}"
    assert done.returncode == 0, f"{script} exited {done.returncode}:\n{output}"
    last = done.stdout.strip().splitlines()[-1:]
    assert last and last[0].startswith(f"{DONE} {script} "), f"{script} stopped short:\n{output}"
    for written in WRITTEN.findall(done.stdout):
        report = Path(written)
        assert report.is_relative_to(tmp_path), f"{script} wrote its report to {report}"
        json.loads(report.read_text(encoding="utf-8"))


def test_the_benchmarks_are_read_from_the_makefile():
    """Guards the test above against a reading of the Makefile that finds the wrong lines: the
    throughput run is among the scripts found, and every one of them exists."""
    scripts = bench_scripts()
    assert "bench/run.py" in scripts
    assert all((ROOT / script).is_file() for script in scripts), scripts
