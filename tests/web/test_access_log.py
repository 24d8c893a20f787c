"""Gunicorn's access log keeps game links secret (issue #4): its format has no path, query or
referer, and a line it writes for a request to a secret link does not hold the link.
"""

from __future__ import annotations

import re
import runpy
import secrets
from datetime import timedelta
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parents[2]


def test_gunicorns_access_log_never_has_the_path_query_or_referer():
    from gunicorn import glogging
    from gunicorn.config import Config

    settings = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    fmt = settings["access_log_format"]
    atoms = set(re.findall(r"%\(([^)]+)\)s", fmt))
    assert not atoms & {"r", "U", "q", "f"}, fmt
    for atom in atoms:
        if atom.startswith("{"):
            lowered = atom.lower()
            assert not any(word in lowered for word in ("uri", "path", "referer", "query", "url"))
            assert not lowered.endswith("}o"), f"response header {atom} may hold a Location"
    # Format one line the way gunicorn does, for a request whose link is a secret.
    secret = secrets.token_urlsafe(16)
    cfg = Config()
    cfg.set("access_log_format", fmt)
    logger = glogging.Logger(cfg)
    environ = {
        "REQUEST_METHOD": "POST",
        "RAW_URI": f"/g/{secret}/hand?x={secret}",
        "PATH_INFO": f"/g/{secret}/hand",
        "QUERY_STRING": f"x={secret}",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "HTTP_REFERER": f"http://localhost/g/{secret}",
        "HTTP_USER_AGENT": "phone",
    }
    request = SimpleNamespace(headers=[("REFERER", f"http://localhost/v/{secret}")])
    answer = SimpleNamespace(
        status="303 SEE OTHER", sent=10, headers=[("Location", f"/g/{secret}")]
    )
    atoms_used = logger.atoms(answer, request, environ, timedelta(milliseconds=12))
    line = fmt % glogging.SafeAtoms(atoms_used)
    assert secret not in line
    assert '"POST" 303' in line


def test_every_kind_of_secret_link_is_kept_out_of_the_error_log():
    from web import SECRET_LINKS
    from web.logs import redact

    secret = secrets.token_urlsafe(16)
    for prefix in SECRET_LINKS:
        text = f"GET http://localhost{prefix}/{secret}/cards failed"
        assert redact(text) == f"GET http://localhost{prefix}/…/cards failed", prefix
    assert redact("/tournaments/new and /static/app.css") == "/tournaments/new and /static/app.css"
