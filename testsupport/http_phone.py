"""A phone's plain HTTP/1.1 client against a live server (testsupport/live_server.py), for the
tests that race or kill gunicorn: its own cookies, forms loaded and sent as rendered, and the
games and hands those tests send.
"""

from __future__ import annotations

import http.client
import re
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from urllib.parse import urlencode, urlsplit

from testsupport.pages import Page, form_data

# How a request fails when the server is not there: refused, reset, or cut off mid-answer.
SERVER_GONE = (OSError, http.client.HTTPException)


@dataclass
class Phone:
    """One phone's browser: its own cookies, plain HTTP/1.1 to the live server."""

    base: str
    cookies: dict[str, str] = field(default_factory=dict)

    def request(self, method: str, path: str, form: dict | None = None):
        """Send one request; returns (status, Location header, body text). Redirects are not
        followed, so a 303 can be counted as the acknowledgement it is."""
        parts = urlsplit(self.base)
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
        headers = {"Connection": "close"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if form is not None:
            body = urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            for header in response.headers.get_all("Set-Cookie") or ():
                for name, morsel in SimpleCookie(header).items():
                    self.cookies[name] = morsel.value
            return (
                response.status,
                response.headers.get("Location"),
                response.read().decode("utf-8", "replace"),
            )
        finally:
            connection.close()

    def form_on(self, path: str, cls: str | None = None, action: str | None = None):
        """Load a page and return (status, the form's action, what the form sends as rendered);
        the form is None when the page did not load."""
        status, _, body = self.request("GET", path)
        if status != 200:
            return status, None, None
        form = Page(body).form(cls, action)
        return status, form.attrs["action"], form_data(form)

    def submit(self, path: str, changes: dict, cls: str | None = None, action: str | None = None):
        """Load a page, fill in its form and send it; returns (status, Location) of the send,
        or the page's own status when it did not load."""
        status, target, data = self.form_on(path, cls, action)
        if data is None:
            return status, None
        status, location, _ = self.request("POST", target, data | changes)
        return status, location


def start_games(base: str, count: int) -> list[str]:
    """Start `count` classic games played to 10 000 (none can end during the test) through
    the new-game form; their edit tokens."""
    tokens = []
    for _ in range(count):
        status, location = Phone(base).submit(
            "/", {"preset": "classic", "target": "10000"}, action="/games"
        )
        assert status == 303, status
        tokens.append(re.fullmatch(r"/g/([A-Za-z0-9_-]+)", location).group(1))
    return tokens


def bids_of(number: int) -> tuple[int, int, int, int]:
    """Bids that name submission `number` (0-2196): no other submission sends the same four."""
    return (1 + number % 13, 1 + number // 13 % 13, 1 + number // 169, 1)


def hand_changes(number: int, tricks: bool = True) -> dict:
    """The taps of submission `number`: its bids and, unless told, both teams' tricks (6 and 7)."""
    changes = {f"bid_{s}": str(b) for s, b in enumerate(bids_of(number))}
    if tricks:
        changes |= {"team_tricks_0": "6", "team_tricks_1": "7"}
    return changes
