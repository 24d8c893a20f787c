"""The tournament package stays pure: the standard library and networkx only, and its
documented example runs."""

import doctest
import json
import subprocess
import sys
from pathlib import Path

import tournament

ROOT = Path(__file__).resolve().parents[2]

# A fresh, isolated interpreter (-I), so that nothing this test session imported can hide an
# import; the virtual environment's site-packages stay on its path, for networkx.
PROBE = f"""
import json, sys
before = set(sys.modules)
sys.path.insert(0, {str(ROOT)!r})
import tournament
print(json.dumps(sorted(set(sys.modules) - before)))
"""


def modules_imported_by_tournament() -> set[str]:
    """The top-level modules that importing `tournament` adds to a fresh interpreter."""
    # A fixed argument list run without a shell: nothing untrusted reaches it.
    done = subprocess.run(
        [sys.executable, "-I", "-c", PROBE], capture_output=True, text=True, check=True, timeout=60
    )
    return {name.split(".")[0] for name in json.loads(done.stdout)}


def test_tournament_imports_only_the_standard_library_and_networkx():
    added = modules_imported_by_tournament()
    assert {"tournament", "networkx"} <= added  # the probe really imported the package
    # networkx loads parts of the standard library that the engine avoids (sockets among
    # them), so only "nothing outside it" is checked here; the app's own modules stay out.
    assert added - set(sys.stdlib_module_names) == {"tournament", "networkx"}


def test_the_tournament_package_docstring_example_passes():
    results = doctest.testmod(tournament, verbose=False)
    assert results.attempted > 0
    assert results.failed == 0
