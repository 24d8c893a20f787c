"""The app's routes as the tests ask for them: the header htmx adds, every route behind an edit
link, a request sent as a browser sends a form, and the Flask app seen without the shortcut
that answers unchanged polls in front of it.
"""

from __future__ import annotations

from contextlib import contextmanager

from flask import Response, request_started
from werkzeug.test import Client

from testsupport.playing import NEXT_BIDS, hand_form

HX = {"HX-Request": "true"}  # what htmx adds to every request it sends


def write_requests(token: str) -> list[tuple[str, str, dict]]:
    """Every route of the edit link: (method, path, form data), writes and edit-only pages.

    The game behind the real token has one played hand and the bids of hand 2 in, so each of
    these would do something with the edit token.
    """
    return [
        ("GET", f"/g/{token}", {}),
        ("GET", f"/g/{token}/hands/1", {}),
        ("GET", f"/g/{token}/undo", {}),
        ("GET", f"/g/{token}.csv", {}),
        ("GET", f"/g/{token}/hands/1/adjustment", {}),
        ("POST", f"/g/{token}/hand", hand_form(NEXT_BIDS, (4, 3, 2, 4))),
        ("POST", f"/g/{token}/hands/1", hand_form((4, 3, 3, 3), (4, 3, 3, 3))),
        ("POST", f"/g/{token}/time", {}),
        ("POST", f"/g/{token}/resume", {}),
        ("POST", f"/g/{token}/hands/1/adjustment", {"side": "0", "points": "10", "reason": "x"}),
        ("POST", f"/g/{token}/hands/1/adjustments/1/remove", {}),
        ("POST", f"/g/{token}/rematch", {}),
        ("POST", f"/g/{token}/undo", {}),
        ("POST", f"/g/{token}/rotate", {"link": "view"}),
        ("POST", f"/g/{token}/rotate", {"link": "edit"}),
    ]


def send(client, method: str, path: str, data: dict, headers=None):
    """Send one request as a browser form would."""
    if method == "GET":
        return client.get(path, headers=headers)
    return client.post(path, data=data, headers=headers)


@contextmanager
def flask_requests(app):
    """Count the requests that reach Flask's dispatch inside the block."""
    seen = []

    def started(sender, **extra):
        """Note one request entering the app."""
        seen.append(sender)

    with request_started.connected_to(started, app):
        yield seen


def without_shortcut(app):
    """A client for the Flask app alone, without the middleware that answers unchanged polls."""
    return Client(app.wsgi_app.wsgi_app, Response)
