"""Answers shared by the routes: a followed page asked for again (ETag, 304), and downloads as
CSV or JSON."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable

from flask import current_app, request
from werkzeug.wrappers import Response

# A followed page (a game's scoreboard, a table's page) asks for itself again this often.
POLL_SECONDS = 3
# Any cache must ask again before reusing a followed page; the ETag makes asking cheap.
VIEW_CACHE_CONTROL = "no-cache"
VIEW_VARY = "HX-Request, Accept-Language, Cookie"


def etag_key(secret: str | bytes) -> bytes:
    """The key a followed page's ETag is signed with, made from the app's secret (keyed BLAKE2
    takes at most 64 bytes of key, and a secret may be longer)."""
    return hashlib.blake2b(secret.encode() if isinstance(secret, str) else secret).digest()


def signed_tag(key: bytes, facts: str) -> str:
    """An ETag for what a page depends on (`facts`), signed with `key` (from `etag_key`).

    Signed so that only a phone that was given the page can ask whether it changed: an
    unchanged poll is answered before the limit on guessed links is counted, and a tag anyone
    could write would let a guesser test links there. Keyed BLAKE2 is a MAC by design, at a
    third of HMAC's cost.
    """
    return hashlib.blake2b(facts.encode(), key=key, digest_size=12).hexdigest()


def app_etag(facts: str) -> str:
    """`signed_tag` with the key of this app's secret."""
    return signed_tag(etag_key(current_app.secret_key or ""), facts)


def unless_unchanged(etag: str, render: Callable[[], Response]) -> Response:
    """A followed page's answer: 304 when the phone already holds the page tagged `etag` (its
    If-None-Match), else the page `render` makes; tagged, and to be asked for again by caches."""
    response = Response(status=304) if request.if_none_match.contains_weak(etag) else render()
    response.set_etag(etag)
    response.headers["Cache-Control"] = VIEW_CACHE_CONTROL
    response.headers["Vary"] = VIEW_VARY
    return response


def attachment(response: Response, filename: str) -> Response:
    """The answer as a file to download under `filename`."""
    response.headers.set("Content-Disposition", "attachment", filename=filename)
    return response


def csv_attachment(body: str, filename: str) -> Response:
    """CSV text as a file to download under `filename`."""
    return attachment(Response(body, mimetype="text/csv"), filename)


def json_answer(data: object) -> Response:
    """Data as JSON, its text left unescaped (names in any script stay readable)."""
    return Response(json.dumps(data, ensure_ascii=False), mimetype="application/json")
