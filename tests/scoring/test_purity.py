"""The scoring package stays pure: standard library only, and its documented example runs."""

import doctest
import json
import subprocess
import sys
from pathlib import Path

import scoring

ROOT = Path(__file__).resolve().parents[2]

# Run in a fresh, isolated interpreter (-I: no PYTHONPATH, no user site, no current
# directory on the path), so that nothing this test session imported can hide an import.
PROBE = f"""
import json, sys
before = set(sys.modules)
sys.path.insert(0, {str(ROOT)!r})
import scoring
print(json.dumps(sorted(set(sys.modules) - before)))
"""


def modules_imported_by_scoring() -> list[str]:
    """The modules that importing `scoring` adds to a fresh interpreter."""
    # A fixed argument list run without a shell: nothing untrusted reaches it.
    done = subprocess.run(
        [sys.executable, "-I", "-c", PROBE], capture_output=True, text=True, check=True, timeout=60
    )
    return json.loads(done.stdout)


def test_scoring_imports_nothing_outside_the_standard_library():
    added = modules_imported_by_scoring()
    assert "scoring" in added  # the probe really imported the package
    outside = {
        name
        for name in (m.split(".")[0] for m in added)
        if name != "scoring" and name not in sys.stdlib_module_names
    }
    assert outside == set()


def test_scoring_imports_no_web_or_database_module_even_from_the_standard_library():
    # The engine must not touch I/O layers: it is fed values and returns values.
    added = {m.split(".")[0] for m in modules_imported_by_scoring()}
    assert added.isdisjoint({"sqlite3", "http", "urllib", "socket", "wsgiref", "email"})


def test_the_package_docstring_example_passes():
    results = doctest.testmod(scoring, verbose=False)
    assert results.attempted > 0
    assert results.failed == 0
