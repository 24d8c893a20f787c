"""What every benchmark notes about its run and writes at its end: when it ran, the machine's
load, and the JSON report under build/, named by the benchmark and the time it ran.
"""

from __future__ import annotations

import json
import os
import time
from datetime import datetime
from pathlib import Path
from typing import Any

BUILD = Path(__file__).resolve().parent.parent / "build"


def now() -> str:
    """The moment, to the second and with its time zone, as a report's `date`."""
    return datetime.now().astimezone().isoformat(timespec="seconds")


def load_average() -> str:
    """The machine's load average over 1, 5 and 15 minutes: other work that shares the cores."""
    return " ".join(f"{v:.1f}" for v in os.getloadavg())


def write_report(report: dict, name: str, out: Path | None = None) -> Path:
    """Write a run's report as JSON to `out`, or to build/<name>-<date and time>.json; the path
    written."""
    out = out or BUILD / f"{name}-{datetime.now():%Y-%m-%d-%H%M%S}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=2, default=str) + "\n", encoding="utf-8")
    return out


def finish_report(
    name: str, label: str, began: float, load_before: str, out: Path | None, **parts: Any
) -> dict:
    """A run's report, as every benchmark ends: when it ran, the machine's load before it (read
    at `load_before`) and after, the run's own `parts` (its settings, its rows) and how long it
    took since `began` (`time.monotonic`); written (`write_report`, as `name`) and said where,
    the run called `label`. The report."""
    report = {
        "date": now(),
        "load_average_before": load_before,
        "load_average_after": load_average(),
        **parts,
        "runtime_s": time.monotonic() - began,
    }
    path = write_report(report, name, out)
    print(f"{label} took {report['runtime_s']:.0f} s; results written to {path}")
    return report
