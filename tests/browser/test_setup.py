"""Where the browser cannot be had, the browser tests say why: skipped on a developer's
machine, failed under CI=true, so CI never passes without having driven a browser."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ONE_BROWSER_TEST = "tests/browser/test_table.py::test_the_page_icon_is_the_spade_of_the_app_icon"


def run_without_chromium(ci: bool) -> subprocess.CompletedProcess:
    """Run one browser test as if /usr/bin/chromium were missing, with CI=true or without."""
    env = dict(os.environ, SPADES_TEST_CHROMIUM="/nonexistent/chromium")
    env.pop("CI", None)
    if ci:
        env["CI"] = "true"
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rs", ONE_BROWSER_TEST],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_missing_browser_skips_the_browser_tests_with_the_reason():
    result = run_without_chromium(ci=False)
    assert result.returncode == 0, result.stdout
    assert "1 skipped" in result.stdout
    assert "/nonexistent/chromium is missing" in result.stdout


def test_a_missing_browser_fails_the_run_under_ci():
    result = run_without_chromium(ci=True)
    assert result.returncode == 1, result.stdout
    assert "browser tests cannot run: /nonexistent/chromium is missing" in result.stdout
