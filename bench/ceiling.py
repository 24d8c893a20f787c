"""The ceiling of the stack: the smallest WSGI app, served by the same gunicorn settings.

Whatever the app does costs time on top of what this page costs: accepting the connection,
parsing the request, writing the access log line and the answer. `bench/run.py` serves it as

    gunicorn --config gunicorn.conf.py --bind 127.0.0.1:PORT bench.ceiling:app
"""

from __future__ import annotations

BODY = b"<!doctype html><title>ceiling</title><p>The ceiling of the stack.</p>\n"
HEADERS = [
    ("Content-Type", "text/html; charset=utf-8"),
    ("Content-Length", str(len(BODY))),
]


def app(environ, start_response):
    """Answer every request with the same short page."""
    start_response("200 OK", HEADERS)
    return [BODY]
