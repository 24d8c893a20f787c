"""Static files under addresses that name their content, kept by phones for a year.

Every `url_for("static", ...)` gets `?v=` and a hash of the file's bytes, so a changed file is a
new address: a page asks for exactly the files it was made with, and an answer to such an
address may be kept without ever being checked again (`immutable`). The same file asked for
without its hash, or with an old one, is answered `no-cache`, to be checked on every use.

The hashes are taken once, when the app is made; in development (debug), on every address,
as the files change under a running server.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from flask import Flask, Response, current_app, request
from flask.sansio.app import App

FINGERPRINT = "v"
EXTENSION_KEY = "fingerprints"
KEPT_FOR_A_YEAR = "public, max-age=31536000, immutable"
# The scripts of every page, run in this order (plain scripts, each seeing the names of those
# before it): app.js, what they share and the one listener per event, then one file per
# behaviour, which each event reaches in this order. A page's own script follows: view.js on
# the view links, options.js on the new-game form, placeholders.js on the new-tournament form.
SCRIPTS = (
    "app.js",
    "taps.js",
    "outbox.js",
    "refusals.js",
    "share.js",
    "wake.js",
    "offline.js",
)


def init_app(app: Flask) -> None:
    """Hash the static files and put the hash in every address made for one; give the
    templates the scripts every page runs."""
    app.extensions[EXTENSION_KEY] = fingerprints(app)
    app.jinja_env.globals["page_scripts"] = SCRIPTS
    app.url_defaults(add_fingerprint)
    app.after_request(cache_static)


def fingerprints(app: App) -> dict[str, str]:
    """Each static file's name (relative to the static folder) and a hash of its bytes."""
    static = Path(app.static_folder or "static")
    return {
        path.relative_to(static).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()[:16]
        for path in sorted(static.rglob("*"))
        if path.is_file() and not path.name.startswith(".")
    }


def current_fingerprints() -> dict[str, str]:
    """The hashes of this app's static files: taken at start, or now in development."""
    if current_app.debug:
        return fingerprints(current_app)
    found: dict[str, str] = current_app.extensions[EXTENSION_KEY]
    return found


def add_fingerprint(endpoint: str, values: dict[str, Any]) -> None:
    """Give an address made for a static file the hash of the file's bytes."""
    if endpoint != "static":
        return
    fingerprint = current_fingerprints().get(values.get("filename", ""))
    if fingerprint is not None:
        values.setdefault(FINGERPRINT, fingerprint)


def cache_static(response: Response) -> Response:
    """A static file asked for by its current hash may be kept for good; any other address of
    it is checked again on every use (it may change under that address)."""
    if request.endpoint != "static" or response.status_code not in (200, 304):
        return response
    filename = (request.view_args or {}).get("filename", "")
    current = current_fingerprints().get(filename)
    asked = request.args.get(FINGERPRINT)
    if current is not None and asked == current:
        response.headers["Cache-Control"] = KEPT_FOR_A_YEAR
    else:
        response.headers["Cache-Control"] = "no-cache"
    return response
