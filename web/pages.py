"""Rendering a page or, for htmx, only the part of it that changes."""

from __future__ import annotations

from typing import Any

from flask import Response, current_app, make_response, render_template, request, url_for

HISTORY_SHOWN = 6  # the newest hands a page lists; the rest are one tap away


def wants_part() -> bool:
    """Whether htmx asked (HX-Request), so that only the changing part is answered."""
    return request.headers.get("HX-Request") == "true"


def page_or_part(page: str, part: str, status: int = 200, **context: Any) -> Response:
    """The whole page for a browser, or just the part htmx asked for, which the page includes."""
    template = part if wants_part() else page
    response = make_response(render_template(template, **context), status)
    response.vary.add("HX-Request")
    return response


def public_url(endpoint: str, **values: Any) -> str:
    """The whole address of a page as people outside reach it: under PUBLIC_URL when it is
    set, else at the address this request came to (through the proxy's X-Forwarded-Host)."""
    public = current_app.config.get("PUBLIC_URL")
    if public:
        return str(public).rstrip("/") + url_for(endpoint, **values)
    return url_for(endpoint, _external=True, **values)
