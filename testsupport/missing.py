"""What a test does when this machine lacks something it needs (Chromium, nginx, Redis): it is
skipped with the reason, except under CI=true, where everything must be installed and a
missing piece fails the run instead of passing it by.
"""

from __future__ import annotations

import os
from typing import NoReturn

import pytest


def cannot_run(reason: str) -> NoReturn:
    """Skip the test for `reason`, or fail it under CI=true."""
    if os.environ.get("CI") == "true":
        pytest.fail(reason, pytrace=False)
    pytest.skip(reason)
