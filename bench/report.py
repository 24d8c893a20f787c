"""What every benchmark notes about its run and writes at its end: when it ran, the machine's
load, and the JSON report under build/, named by the benchmark and the time it ran.
"""

from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path

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
