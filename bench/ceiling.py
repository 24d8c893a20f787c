"""The ceiling of the stack: the smallest WSGI app, served by the same gunicorn settings.

Whatever the app does costs time on top of what this page costs: accepting the connection,
parsing the request, writing the access log line and the answer. `bench/run.py` serves it as

    gunicorn --config gunicorn.conf.py --bind 127.0.0.1:PORT bench.ceiling:app

and, as a second reference for the unchanged poll, `bench.ceiling:not_modified`: the same
304 the app gives a poll, with its headers, to a request with the poll's headers, but
without looking anything up.
"""

from __future__ import annotations

from functools import cache

BODY = b"<!doctype html><title>ceiling</title><p>The ceiling of the stack.</p>\n"
HEADERS = [
    ("Content-Type", "text/html; charset=utf-8"),
    ("Content-Length", str(len(BODY))),
]


def app(environ, start_response):
    """Answer every request with the same short page."""
    start_response("200 OK", HEADERS)
    return [BODY]


def not_modified(environ, start_response):
    """Answer a request that names a tag with a fixed 304 and the app's poll headers; any
    other request (gunicorn's readiness check) with the short page."""
    if "HTTP_IF_NONE_MATCH" not in environ:
        return app(environ, start_response)
    start_response("304 Not Modified", not_modified_headers())
    return []


@cache  # built on the first poll, so that serving `app` alone never imports the app
def not_modified_headers() -> list[tuple[str, str]]:
    """The headers of the app's 304 to a poll, with a tag of the same length."""
    from app import HTMX_URL
    from web.privacy import security_header_items
    from web.responses import VIEW_CACHE_CONTROL, VIEW_VARY

    return [
        ("ETag", '"' + "0" * 24 + '"'),
        ("Cache-Control", VIEW_CACHE_CONTROL),
        ("Vary", VIEW_VARY),
        *security_header_items(HTMX_URL, game_link=True, https=False),
    ]
