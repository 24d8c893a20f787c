"""Driving the app over HTTP from a browser test's own request context (Playwright's
`APIRequestContext`): reading a page's hidden fields and sending its forms, as a phone would,
without taps."""

from __future__ import annotations

import re


def hidden_value(html: str, name: str) -> str:
    """The value of the first hidden input of that name in a page (the CSRF token, the version)."""
    tag = re.search(rf'<input\b[^>]*\bname="?{name}\b"?[^>]*>', html)
    assert tag, f"no input named {name}"
    value = re.search(r'\bvalue="?([^"\s>]*)', tag.group(0))
    assert value, tag.group(0)
    return value.group(1)


def post_game(request, base_url: str, **fields) -> str:
    """Start a game through the new-game form's POST and return its edit token."""
    home = request.get(base_url + "/").text()
    data = {"csrf_token": hidden_value(home, "csrf_token"), "first_dealer": "0", **fields}
    response = request.post(base_url + "/games", form=data)
    assert response.ok, response.status
    match = re.search(r"/g/([A-Za-z0-9_-]+)$", response.url)
    assert match, response.url
    return match.group(1)


def hidden_fields(html: str, form_class: str) -> dict[str, str]:
    """The hidden inputs of a form (by its class) in a page: what a browser sends untouched."""
    form = re.search(rf'<form class="{form_class}".*?</form>', html, re.S)
    assert form, f"no form {form_class}"
    fields = {}
    for tag in re.findall(r"<input\b[^>]*>", form.group(0)):
        if re.search(r'\btype="?hidden\b', tag):
            name = re.search(r'\bname="?([^"\s>]+)', tag).group(1)
            value = re.search(r'\bvalue="?([^"\s>]*)', tag)
            fields[name] = value.group(1) if value else ""
    return fields


def post_hand(request, base_url: str, token: str, **fields) -> None:
    """Send a hand's bids and tricks (bid_0=..., team_tricks_0=...) as the hand form does."""
    page = request.get(f"{base_url}/g/{token}").text()
    data = hidden_fields(page, "hand-form") | {name: str(v) for name, v in fields.items()}
    response = request.post(f"{base_url}/g/{token}/hand", form=data)
    assert response.ok, (response.status, response.text()[:500])


def view_token(request, base_url: str, token: str) -> str:
    """The view-link token shown on a game's page."""
    page = request.get(f"{base_url}/g/{token}").text()
    match = re.search(r"/v/([A-Za-z0-9_-]+)", page)
    assert match
    return match.group(1)
