"""The offline shell: the service worker (static/sw.js), served at the root so that it looks
after every page of the app.

The script is filled in once, when the app is made: the static files to keep, the pinned htmx
file, and the release, a hash of all of those and of the script itself. Any change to them is
a new script, which phones install in place of the old one, its caches replacing the old.
In development (debug) it is filled in again on every request, as static files change.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from flask import Blueprint, Response, current_app
from flask.blueprints import BlueprintSetupState
from flask.sansio.app import App

from web import assets
from web.privacy import script_source

bp = Blueprint("offline", __name__)

SCRIPT = "sw.js"
# What static/sw.js holds until it is served: replaced by the shell it keeps.
PLACEHOLDER = '{ release: "unreleased", files: [], htmx: null }'
EXTENSION_KEY = "offline_script"


class MissingPlaceholder(RuntimeError):
    """static/sw.js no longer holds the line the shell is written into."""


@bp.record_once
def prepare(state: BlueprintSetupState) -> None:
    """Write the service worker once, as the app is made."""
    state.app.extensions[EXTENSION_KEY] = service_worker(state.app)


def service_worker(app: App) -> str:
    """static/sw.js with its shell filled in: release, static files, the pinned htmx file."""
    static = Path(app.static_folder or "static")
    template = (static / SCRIPT).read_text(encoding="utf-8")
    if PLACEHOLDER not in template:
        raise MissingPlaceholder(f"{static / SCRIPT} must hold {PLACEHOLDER}")
    files = sorted(
        path
        for path in static.rglob("*")
        if path.is_file() and path.name != SCRIPT and not path.name.startswith(".")
    )
    htmx = {"url": app.config["HTMX_URL"], "integrity": app.config["HTMX_INTEGRITY"]}
    release = hashlib.sha256()
    for part in (template.encode(), json.dumps(htmx).encode()):
        release.update(len(part).to_bytes(8, "big") + part)
    names = []
    hashes = assets.fingerprints(app)
    for path in files:
        name = path.relative_to(static).as_posix()
        content = path.read_bytes()
        release.update(name.encode() + b"\0" + len(content).to_bytes(8, "big") + content)
        # Kept under the address the pages ask for (web/assets.py).
        names.append(f"{app.static_url_path}/{name}?{assets.FINGERPRINT}={hashes[name]}")
    shell = {"release": release.hexdigest()[:16], "files": names, "htmx": htmx}
    return template.replace(PLACEHOLDER, json.dumps(shell), 1)


def script_policy(htmx_url: str) -> str:
    """The CSP of the worker itself, which governs its own fetches: the app, and htmx."""
    return (
        f"default-src 'self'; connect-src 'self'{script_source(htmx_url)}; script-src 'self'; "
        "base-uri 'none'; frame-ancestors 'none'; object-src 'none'"
    )


@bp.get(f"/{SCRIPT}")
def service_worker_script() -> Response:
    """The service worker, at the root: its scope is the whole app. Asked again on every visit
    (no-cache), so a new release reaches the phone on its next page."""
    # In development the static files change under a running server: each visit looks again.
    script = (
        service_worker(current_app) if current_app.debug else current_app.extensions[EXTENSION_KEY]
    )
    response = Response(script, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Content-Security-Policy"] = script_policy(current_app.config["HTMX_URL"])
    return response
